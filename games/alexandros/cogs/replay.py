"""Alexandros' animated replay (`/alexandros replay game:N`): what the frame's replay desk (frame/cogs/replays.py)
needs to know of an Alexandros game. The desk keeps, draws one at a time and rations it like Clans'."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from frame.cogs.components import ID, GameItem
from frame.cogs.frame import frame_of
from frame.cogs.replays import ReplayKind
from frame.service.replays import Finished
from frame.texts import DEFAULT, Texts, texts
from games.alexandros.render.replay import RENDERER_VERSION, render_replay
from games.alexandros.service import KIND, AlexandrosService
from games.alexandros.service.replays import AlexReplay, finished_game, replay_of


def alexandros_replays(games: AlexandrosService) -> ReplayKind[AlexReplay]:
    """One frame per action of the log, then the result; drawn from the public views only."""

    def draw(replay: AlexReplay, names: Sequence[str], t: Texts) -> bytes:
        return render_replay(replay.views, replay.plays, replay.result, names, t)

    def caption(t: Texts, finished: Finished) -> str:
        return t.n_(
            "Replay of Alexandros #{game}: {count} action, one frame per action.",
            "Replay of Alexandros #{game}: {count} actions, one frame per action.",
            finished.moves,
            game=finished.game_id,
            count=finished.moves,
        )

    return ReplayKind(
        game=KIND,
        version=RENDERER_VERSION,
        finished=lambda game_id, guild_id: finished_game(games, game_id, guild_id),
        rebuild=lambda game_id: replay_of(games, game_id),
        draw=draw,
        caption=caption,
    )


EN = texts(DEFAULT)
"""A button rebuilt from its custom_id only routes the click: its label is never shown again."""


class ReplayButton(GameItem[ui.Button[Any]], template=rf"alex:replay:(?P<game>{ID})"):
    """Under a finished game's result: the animated replay, shown to whoever asks (only to them)."""

    game_kind = KIND

    def __init__(self, game_id: int, t: Texts = EN) -> None:
        super().__init__(
            ui.Button(
                label=t._("Replay"), emoji="🎞️", style=discord.ButtonStyle.secondary, custom_id=f"alex:replay:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(int(match["game"]))

    async def act(self, interaction: discord.Interaction) -> None:
        await frame_of(interaction.client).replays.send(interaction, KIND, self.game_id, True)


def replay_view(t: Texts, game_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(ReplayButton(game_id, t))
    return view
