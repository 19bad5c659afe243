"""The animated replay of a finished game, for every game: `/clans replay game:N` and its button, `/alexandros
replay game:N` and theirs. One desk serves them all (the bot's ``replays``), so the price ceiling is shared, and
one button (cogs/replay_button.py) asks it under every game's result.

A replay costs seconds of CPU and tens of megabytes while it is drawn, so its price has a ceiling:
- a finished game never changes: its animation is drawn once and kept in the database (shared by every
  process), keyed by the game and its renderer's version, and every later request sends the kept one;
- one replay is drawn at a time, whatever the game, on an executor of its own (one thread): board images for
  moves have their own slots and never wait behind a replay; other requests wait their turn, already answered
  ("thinking…"), and the second one for the same game finds it kept;
- each member may ask once per ``cooldown_s`` (the service's clock, which tests inject), whichever the game;
  sooner is refused ephemerally.

Each game brings what only it knows as a ``GameReplays``: which of its games may be replayed, how to rebuild
one, how to draw it, and the line posted above it.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Generic, Protocol, TypeVar

import discord

from cogs.errors import reader
from errors import GameError, Why
from service.replays import Finished, KeptReplays
from texts import Texts, texts
from texts.usertext import clean_name

MAX_BYTES = 8 * 1024 * 1024
"""Discord's upload limit for a server without boosts."""
DEFAULT_COOLDOWN_S = 30.0


class Rebuilt(Protocol):
    """A finished game rebuilt for drawing: at least its players' names and its language."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def language(self) -> str: ...


R = TypeVar("R", bound=Rebuilt)


@dataclass(frozen=True, slots=True)
class GameReplays(Generic[R]):
    """One game's replays, as the desk needs them."""

    game: str
    """The game (a name in registry.GAME_NAMES)."""
    version: int
    """The game's renderer version: a kept replay of another version is drawn again."""
    finished: Callable[[int, int | None], Awaitable[Finished]]
    """(game id, asker's server) → the finished game of that server and game, else a refusal. Cheap: it runs
    before the interaction is answered."""
    rebuild: Callable[[int], Awaitable[R]]
    """Every public position of the finished game, to draw."""
    draw: Callable[[R, Sequence[str], Texts], bytes]
    """The animation (in the executor): the rebuilt game, its names cleaned for drawing, the game's words."""
    caption: Callable[[Texts, Finished], str]
    """The line posted above the animation."""
    beside: Callable[[int, Texts], Awaitable[tuple[str, bytes] | None]] | None = None
    """A picture posted beside the animation (Clans: what each move told): its file name and PNG, in the game's
    words; None: none (it failed, logged, or the game has none)."""

    def file_name(self, game_id: int) -> str:
        return f"{self.game}-game-{game_id}-replay.gif"


class ReplayDesk:
    """Where replays are asked for: the cache, the one drawing at a time, and the per-member cooldown."""

    def __init__(self, kept: KeptReplays, now: Callable[[], datetime], cooldown_s: float = DEFAULT_COOLDOWN_S) -> None:
        self.kept = kept
        self.now = now
        self.cooldown = timedelta(seconds=cooldown_s)
        self.games: dict[str, GameReplays[Any]] = {}
        """Each game's replays, by the game's name (tests replace one to watch or hold its drawing)."""
        self.drawn = 0
        """Replays this desk has drawn (not taken from the cache), for tests and benchmarks."""
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="replay")
        self._drawing = asyncio.Lock()
        self._asked: dict[int, datetime] = {}
        """When each member last got a replay, while their cooldown runs."""

    def serve(self, replays: GameReplays[Any]) -> None:
        """Take requests for this game's replays (the bot serves every registered game's)."""
        self.games[replays.game] = replays

    async def send(self, interaction: discord.Interaction, game: str, game_id: int, ephemeral: bool) -> None:
        """Refuse (through the one error path) before answering; then answer at once ("thinking…") and post
        the animation once it is there."""
        replays = self.games[game]
        finished = await replays.finished(game_id, interaction.guild_id)
        self._check_cooldown(interaction.user.id)
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)
        gif = await self.gif(game, game_id)
        if len(gif) > MAX_BYTES:
            refusal = reader(interaction)._("The replay of game #{game} is too large to post.", game=game_id)
            await interaction.followup.send(refusal, ephemeral=True)
            return
        # The animation speaks the game's language, whoever asked for it; the line above it speaks the reader's
        # when only they see it.
        t = reader(interaction) if ephemeral else texts(finished.language, game)
        files = [discord.File(io.BytesIO(gif), filename=replays.file_name(game_id))]
        picture = None if replays.beside is None else await replays.beside(game_id, texts(finished.language, game))
        if picture is not None:
            files.append(discord.File(io.BytesIO(picture[1]), filename=picture[0]))
        await interaction.followup.send(content=replays.caption(t, finished), files=files, ephemeral=ephemeral)

    def _check_cooldown(self, user_id: int) -> None:
        now = self.now()
        for user, when in list(self._asked.items()):
            if now - when >= self.cooldown:
                del self._asked[user]
        last = self._asked.get(user_id)
        if last is not None:
            wait = max(1, round((self.cooldown - (now - last)).total_seconds()))
            raise GameError(Why.REPLAY_COOLDOWN, seconds=wait)
        self._asked[user_id] = now

    async def gif(self, game: str, game_id: int) -> bytes:
        """The finished game's animation: the kept one, else drawn (one at a time) and kept."""
        replays = self.games[game]
        kept = await self.kept.kept(game_id, replays.version)
        if kept is not None:
            return kept
        async with self._drawing:
            kept = await self.kept.kept(game_id, replays.version)  # drawn while this one waited
            if kept is not None:
                return kept
            rebuilt = await replays.rebuild(game_id)
            names = [clean_name(name) for name in rebuilt.names]
            loop = asyncio.get_running_loop()
            gif = await loop.run_in_executor(
                self._executor, replays.draw, rebuilt, names, texts(rebuilt.language, game)
            )
            self.drawn += 1
            await self.kept.keep(game_id, replays.version, gif)
            return gif

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
