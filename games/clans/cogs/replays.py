"""Clans' animated replay: `/clans replay game:N` and the Replay button under a result. The desk that keeps,
draws and rations replays is the frame's (frame/cogs/replays.py); this module tells it what a Clans replay is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from frame.cogs.components import ID, GameItem
from frame.cogs.replays import ReplayKind
from frame.service.replays import Finished
from frame.texts import Texts
from games.clans.cogs.shared import EN, clans_of
from games.clans.render.replay import RENDERER_VERSION, render_replay
from games.clans.service.games import KIND, GameService
from games.clans.service.replays import Replay, finished_game, replay_of


def clans_replays(games: GameService) -> ReplayKind[Replay]:
    """What the desk needs to replay a Clans game: one frame per action, drawn from the public views."""

    def draw(replay: Replay, names: Sequence[str], t: Texts) -> bytes:
        return render_replay(replay.views, names, t)

    def caption(t: Texts, finished: Finished) -> str:
        return t.n_(
            "Replay of game #{game}: {count} move, one frame per action.",
            "Replay of game #{game}: {count} moves, one frame per action.",
            finished.moves,
            game=finished.game_id,
            count=finished.moves,
        )

    return ReplayKind(
        game="clans",
        version=RENDERER_VERSION,
        finished=lambda game_id, guild_id: finished_game(games, game_id, guild_id),
        rebuild=lambda game_id: replay_of(games, game_id),
        draw=draw,
        caption=caption,
    )


class ReplayButton(GameItem[ui.Button[Any]], template=rf"clans:replay:(?P<game>{ID})"):
    """Under a finished game's result: the animated replay, shown to whoever asks."""

    game_kind = KIND

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

    async def act(self, interaction: discord.Interaction) -> None:
        await clans_of(interaction).send_replay(interaction, self.game_id, True)


def replay_view(t: Texts, game_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(ReplayButton(game_id, t))
    return view
