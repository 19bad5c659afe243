"""The Alexandros lobby message: who sits, the pace (the same paces and menu as Clans'), and the host's pace
select, which survives restarts like every component (its game id lives in the custom id)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from frame.cogs.components import ID, selected
from frame.cogs.errors import report_error
from frame.cogs.pace_texts import pace_label, pace_options
from frame.service.pace import DEFAULT_PACE
from frame.store import GameRecord
from frame.texts import DEFAULT, Texts, of_game, resolve, texts
from frame.usertext import shown_name
from games.alexandros.cogs.posts import check_here, service_of

EN = texts(DEFAULT)


def lobby_text(t: Texts, game: GameRecord) -> str:
    seats = t.listing(shown_name(seat.name) for seat in game.seats)
    joined = t._(
        "Alexandros #{game}: {seats}. Join with `/alexandros join`; the host starts with `/alexandros start`.",
        game=game.id,
        seats=seats,
    )
    return joined + "\n" + t._("Pace: {pace}", pace=pace_label(t, game.pace))


class PaceSelect(ui.DynamicItem[ui.Select[Any]], template=rf"alex:pace:(?P<game>{ID})"):
    """The host picks the game's pace in the lobby."""

    def __init__(self, game_id: int, pace: str = DEFAULT_PACE, disabled: bool = False, t: Texts = EN) -> None:
        super().__init__(
            ui.Select(
                custom_id=f"alex:pace:{game_id}",
                placeholder=t._("Pace"),
                options=pace_options(t, pace),
                disabled=disabled,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> PaceSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction.client)
        try:
            await check_here(interaction, self.game_id)
            await service.remember_language(interaction.user.id, resolve(interaction.locale))
            pace = (selected(interaction) or [""])[0][:20]
            game = await service.set_pace(self.game_id, interaction.user.id, pace)
            t = of_game(game)
            await interaction.response.edit_message(content=lobby_text(t, game), view=lobby_view(t, game))
        except Exception as error:  # the one error path
            await report_error(interaction, error, self.game_id)


def lobby_view(t: Texts, game: GameRecord) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(PaceSelect(game.id, game.pace, disabled=game.status != "lobby", t=t))
    return view
