"""The animated replay of a finished game: `/clans replay game:N` and the Replay button under a result.

A replay costs a second or more of CPU and tens of megabytes while it is drawn, so its price has a ceiling:
- a finished game never changes: its animation is drawn once and kept in the database (shared by every
  process), keyed by the renderer's version, and every later request sends the kept one;
- one replay is drawn at a time, on an executor of its own (one thread): board images for moves have their
  own slots (cogs/clans/boards.py) and never wait behind a replay; other requests wait their turn, already answered
  ("thinking…"), and the second one for the same game finds it kept;
- each member may ask once per ``cooldown_s`` (the service's clock, which tests inject); sooner is refused
  ephemerally.
"""

from __future__ import annotations

import asyncio
import io
import re
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import Any

import discord
from discord import ui

from cogs.clans.shared import EN, clans_of, guarded
from cogs.components import ID
from cogs.errors import reader
from render.clans.replay import RENDERER_VERSION, render_replay
from service import GameError, GameService, Why
from service.clans.replays import cached_gif, finished_game, keep_gif, replay_of
from texts import Texts, of_game
from usertext import clean_name

MAX_BYTES = 8 * 1024 * 1024
"""Discord's upload limit for a server without boosts."""
DEFAULT_COOLDOWN_S = 30.0


def replay_file_name(game_id: int) -> str:
    return f"clans-game-{game_id}-replay.gif"


class ReplayDesk:
    """Where replays are asked for: the cache, the one drawing at a time, and the per-member cooldown."""

    def __init__(self, games: GameService, cooldown_s: float = DEFAULT_COOLDOWN_S) -> None:
        self.games = games
        self.cooldown = timedelta(seconds=cooldown_s)
        self.draw = render_replay
        """What draws a replay (tests wrap it to watch or hold the drawing)."""
        self.drawn = 0
        """Replays this desk has drawn (not taken from the cache), for tests and benchmarks."""
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="clans-replay")
        self._drawing = asyncio.Lock()
        self._asked: dict[int, datetime] = {}
        """When each member last got a replay, while their cooldown runs."""

    async def send(self, interaction: discord.Interaction, game_id: int, ephemeral: bool) -> None:
        """Refuse (through the one error path) before answering; then answer at once ("thinking…") and post
        the animation once it is there."""
        finished = await finished_game(self.games, game_id, interaction.guild_id)
        self._check_cooldown(interaction.user.id)
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)
        gif = await self.gif(game_id)
        if len(gif) > MAX_BYTES:
            refusal = reader(interaction)._("The replay of game #{game} is too large to post.", game=game_id)
            await interaction.followup.send(refusal, ephemeral=True)
            return
        # The animation speaks the game's language, whoever asked for it; the line above it speaks the reader's
        # when only they see it.
        t = reader(interaction) if ephemeral else of_game(finished)
        moves = finished.moves
        await interaction.followup.send(
            content=t.n_(
                "Replay of game #{game}: {count} move, one frame per action.",
                "Replay of game #{game}: {count} moves, one frame per action.",
                moves,
                game=game_id,
                count=moves,
            ),
            file=discord.File(io.BytesIO(gif), filename=replay_file_name(game_id)),
            ephemeral=ephemeral,
        )

    def _check_cooldown(self, user_id: int) -> None:
        now = self.games.now()
        for user, when in list(self._asked.items()):
            if now - when >= self.cooldown:
                del self._asked[user]
        last = self._asked.get(user_id)
        if last is not None:
            wait = max(1, round((self.cooldown - (now - last)).total_seconds()))
            raise GameError(Why.REPLAY_COOLDOWN, seconds=wait)
        self._asked[user_id] = now

    async def gif(self, game_id: int) -> bytes:
        """The finished game's animation: the kept one, else drawn (one at a time) and kept."""
        kept = await cached_gif(self.games, game_id, RENDERER_VERSION)
        if kept is not None:
            return kept
        async with self._drawing:
            kept = await cached_gif(self.games, game_id, RENDERER_VERSION)  # drawn while this one waited
            if kept is not None:
                return kept
            replay = await replay_of(self.games, game_id)
            loop = asyncio.get_running_loop()
            names = [clean_name(name) for name in replay.names]
            gif = await loop.run_in_executor(self._executor, self.draw, replay.views, names, of_game(replay))
            self.drawn += 1
            await keep_gif(self.games, game_id, RENDERER_VERSION, gif)
            return gif

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)


class ReplayButton(ui.DynamicItem[ui.Button[Any]], template=rf"clans:replay:(?P<game>{ID})"):
    """Under a finished game's result: the animated replay, shown to whoever asks."""

    def __init__(self, game_id: int, t: Texts = EN) -> None:
        super().__init__(
            ui.Button(
                label=t._("Replay"), emoji="🎞️", style=discord.ButtonStyle.secondary, custom_id=f"clans:replay:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction, self.game_id, lambda: clans_of(interaction).send_replay(interaction, self.game_id, True)
        )


def replay_view(t: Texts, game_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(ReplayButton(game_id, t))
    return view
