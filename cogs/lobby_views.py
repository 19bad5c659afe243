"""Every game's lobby message: its embed (who sits, the pace, the language) and its buttons and menus (join,
leave, start, pace, language), in the game's language and words.

A lobby component's custom id names its game's prefix (``clans:join:12``, ``alex:pace:12``): the ids of the
lobbies already posted keep working, and each game's lobby reaches its own game's lobby actions
(cogs/lobby.py, through the bot's ``lobbies``).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from cogs.bot_base import bot_of
from cogs.components import EN, GAME, GAME_ID, CustomId, Field, GameItem, selected
from cogs.pace_texts import pace_label, pace_options
from registry import rules_of
from service.pace import DEFAULT_PACE
from service.records import GameRecord
from texts import DEFAULT, LANGUAGES, N_, Texts, seat_mention, texts

LOBBY_BUTTONS = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "start": (N_("Start"), discord.ButtonStyle.primary),
}

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "it": "Italiano"}
"""Each language in its own words: the same in every catalog, so a reader finds theirs."""


def language_name(language: str) -> str:
    return LANGUAGE_NAMES.get(language, language)


def game_name(game: str) -> str:
    """The game's name as its box prints it, the same in every language: Clans, Alexandros."""
    return game.capitalize()


class LobbyButton(
    GameItem[ui.Button[Any]], custom_id=CustomId(GAME, Field("action", "join|leave|start", read=str), GAME_ID)
):
    def __init__(self, game: str, action: str, game_id: int, disabled: bool = False, t: Texts = EN) -> None:
        label, style = LOBBY_BUTTONS[action]
        custom_id = self.ids.format(game=game, action=action, game_id=game_id)
        super().__init__(ui.Button(label=t._(label), style=style, custom_id=custom_id, disabled=disabled))
        self.game = game
        self.action = action
        self.game_id = game_id

    async def act(self, interaction: discord.Interaction) -> None:
        lobby = bot_of(interaction.client).lobbies[self.game]
        handlers = {"join": lobby.join, "leave": lobby.leave, "start": lobby.start}
        await handlers[self.action](interaction, self.game_id, True)


class PaceSelect(GameItem[ui.Select[Any]], custom_id=CustomId(GAME, "pace", GAME_ID)):
    """The host picks the game's pace in the lobby."""

    def __init__(
        self, game: str, game_id: int, pace: str = DEFAULT_PACE, disabled: bool = False, t: Texts = EN
    ) -> None:
        super().__init__(
            ui.Select(
                custom_id=self.ids.format(game=game, game_id=game_id),
                placeholder=t._("Pace"),
                options=pace_options(t, pace),
                disabled=disabled,
            )
        )
        self.game = game
        self.game_id = game_id

    async def act(self, interaction: discord.Interaction) -> None:
        pace = (selected(interaction) or [""])[0][:20]
        await bot_of(interaction.client).lobbies[self.game].change_pace(interaction, self.game_id, pace)


class LanguageSelect(GameItem[ui.Select[Any]], custom_id=CustomId(GAME, "language", GAME_ID)):
    """The host picks the language of the game's public messages, boards and replays in the lobby."""

    def __init__(self, game: str, game_id: int, language: str = DEFAULT, disabled: bool = False, t: Texts = EN) -> None:
        options = [
            discord.SelectOption(
                label=t._("Language: {language}", language=language_name(code)),
                value=code,
                default=code == language,
            )
            for code in LANGUAGES
        ]
        super().__init__(
            ui.Select(
                custom_id=self.ids.format(game=game, game_id=game_id),
                placeholder=t._("Language"),
                options=options,
                disabled=disabled,
            )
        )
        self.game = game
        self.game_id = game_id

    async def act(self, interaction: discord.Interaction) -> None:
        language = (selected(interaction) or [""])[0][:8]
        await bot_of(interaction.client).lobbies[self.game].change_language(interaction, self.game_id, language)


LOBBY_ITEMS = (LobbyButton, PaceSelect, LanguageSelect)
"""The lobby's components, of every game (registered once, by the shared lobby: cogs/lobby.py)."""


def lobby_view(game: GameRecord) -> ui.View:
    """The lobby's buttons and menus, in the game's language (the lobby message is public); disabled once the
    game has left its lobby."""
    t = texts(game.language)
    closed = game.status != "lobby"
    view = ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(game.game, action, game.id, disabled=closed, t=t))
    view.add_item(PaceSelect(game.game, game.id, game.pace, disabled=closed, t=t))
    view.add_item(LanguageSelect(game.game, game.id, game.language, disabled=closed, t=t))
    return view


def lobby_embed(t: Texts, game: GameRecord, colour: discord.Colour) -> discord.Embed:
    """Who sits, the pace and the language; while seats are open, how to join and start, in the game's words."""
    rules = rules_of(game.game)
    name = game_name(game.game)
    embed = discord.Embed(title=t._("{name} — game #{game}", name=name, game=game.id), colour=colour)
    if game.status == "lobby":
        embed.description = t._(
            "A new game is gathering players. Press **Join** (or {join}); the host presses **Start** when {low} to "
            "{high} players are in. {addbot} adds an AI player.",
            join=t.command(game.game, "join"),
            addbot=t.command(game.game, "addbot"),
            low=rules.min_players,
            high=rules.max_players,
        )
    else:
        embed.description = {
            "running": t._("This game has started."),
            "finished": t._("This game is over."),
            "cancelled": t._("This game was cancelled."),
        }[game.status]
    host = t._(" (host)")
    seats = "\n".join(
        f"{seat.seat + 1}. {seat_mention(seat)}{host if seat.user_id == game.host_id else ''}" for seat in game.seats
    )
    embed.add_field(
        name=t._("Players ({seated}/{most})", seated=len(game.seats), most=rules.max_players),
        value=seats or t._("nobody yet"),
        inline=False,
    )
    embed.add_field(name=t._("Pace"), value=pace_label(t, game.pace), inline=False)
    embed.add_field(name=t._("Language"), value=language_name(game.language), inline=False)
    if game.board in rules.boards:
        embed.add_field(name=t._("Map"), value=t.p_("choice name", rules.boards[game.board]), inline=False)
    return embed
