"""The turn panel's menus: every legal choice of the mover, worded, in selects Discord accepts (25 options,
five menus). A longer menu shows a page at a time, its first and last options turning the page; a long occupy
or take-over menu first lists the provinces, then the guards' places in the chosen one. A value that turns a
page or picks a province is user input like an action's text, checked before use.
"""

from __future__ import annotations

import string
from collections import Counter
from collections.abc import Sequence

import discord

import engine.alexandros as alex
from errors import GameError, Why
from service.alexandros import Panel
from texts import Texts
from texts.alexandros.options import (
    Option,
    action_option,
    move_option,
    page_option,
    path_option,
    province_back_option,
    province_option,
)
from texts.usertext import clean_name

MAX_OPTIONS = 25
"""Discord's limit of options in a select."""
PAGE = MAX_OPTIONS - 2
"""Actions on each page of a longer menu: the rest of the 25 turn the page back and forth."""
MAX_ROWS = 5
"""Discord's limit of action rows in a message: one menu each."""

PATH_KIND = "p"
GAMES_BY_PREFIX = {
    "m": (alex.MoveAlexander,),
    PATH_KIND: (alex.ChoosePath,),
    "o": (alex.TakeCard, alex.TakeBack, alex.EndTurn),
    "c": (alex.Occupy,),
    "t": (alex.TakeOver,),
    "x": (alex.Tax,),
    "g": (alex.Give,),
}
"""Each menu of the panel and the actions it offers (one letter in the custom id)."""
TURN_PAGE = "page:"
"""The value of an option that shows another page of its menu ("page:2")."""
ZONE = "zone:"
"""The value of an option that shows one province's placements ("zone:40"), or all provinces again ("zone:-")."""
BY_PROVINCE = ("c", "t")
"""Menus that, when longer than one select, first ask for the province, then for the guards' places in it."""
At = tuple[int, int | None]
"""Where a menu is: its page, and the province it shows (None: all, or the menu is not by province)."""


def action_value(values: list[str]) -> str:
    """A menu's chosen action text, or a refusal (a client can send any value; the engine checks the rest)."""
    if len(values) != 1 or not 0 < len(values[0]) <= 100 or not values[0].isascii():
        raise GameError(Why.NOT_A_CHOICE)
    return values[0]


def page_value(value: str) -> int:
    """The page a page-turning option asks for (any number: the menu shows the nearest one it has)."""
    number = value.removeprefix(TURN_PAGE)
    if not number.isdigit() or len(number) > 4:
        raise GameError(Why.NOT_A_CHOICE)
    return int(number)


def zone_value(value: str) -> int | None:
    """The province a province option asks for (None: back to all of them)."""
    zone = value.removeprefix(ZONE)
    if zone == "-":
        return None
    if not zone.isdigit() or len(zone) > 4:
        raise GameError(Why.NOT_A_CHOICE)
    return int(zone)


def point_tags(legal: Sequence[str]) -> dict[int, str]:
    """A tag for every point Alexander may move to, in the engine's order: A to Z, then AA, AB…; the panel's
    options and the board image share them."""
    tags: dict[int, str] = {}
    for text in legal:
        action = alex.parse_action(text)
        if isinstance(action, alex.MoveAlexander) and action.point not in tags:
            tags[action.point] = _tag(len(tags))
    return tags


def _tag(index: int) -> str:
    letters = string.ascii_uppercase
    tag = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, len(letters))
        tag = letters[rest] + tag
    return tag


def _kind(action: alex.Action) -> str:
    return next(kind for kind, types in GAMES_BY_PREFIX.items() if isinstance(action, types))


def panel_choices(t: Texts, panel: Panel) -> dict[str, list[tuple[str, Option]]]:
    """Every legal choice of the panel, by menu: its action text and its option's words."""
    mine, table = panel.mine, panel.table
    names = [clean_name(seat.name) for seat in table.record.seats]
    tags = point_tags(mine.legal)
    menus: dict[str, list[tuple[str, Option]]] = {}
    for text in mine.legal:
        action = alex.parse_action(text)
        if isinstance(action, alex.Resign):
            continue
        told = panel.facts[text]
        entries = menus.setdefault(_kind(action), [])
        if isinstance(action, alex.MoveAlexander):
            words = move_option(t, tags[action.point], action, told, panel.destinations[action.point])
        elif isinstance(action, alex.ChoosePath):
            words = path_option(t, len(entries) + 1, panel.effects[text], names, mine.seat, told.beside)
        else:
            words = action_option(t, told, names, mine.seat)
        entries.append((text, words))
    return menus


def page_of(t: Texts, entries: list[tuple[str, Option]], page: int) -> tuple[list[discord.SelectOption], int, int]:
    """One page of a menu's choices as select options (with the page-turning ones), the page shown and the
    number of pages: all of them when they fit in one select."""
    if len(entries) <= MAX_OPTIONS:
        return [_select_option(value, words) for value, words in entries], 0, 1
    pages = -(-len(entries) // PAGE)
    page = min(max(page, 0), pages - 1)
    options = [_select_option(value, words) for value, words in entries[page * PAGE : (page + 1) * PAGE]]
    if page > 0:
        options.insert(0, _select_option(f"{TURN_PAGE}{page - 1}", page_option(t, page - 1, pages, False)))
    if page < pages - 1:
        options.append(_select_option(f"{TURN_PAGE}{page + 1}", page_option(t, page + 1, pages, True)))
    return options, page, pages


def menu_page(
    t: Texts, view: alex.PublicView, kind: str, entries: list[tuple[str, Option]], at: At = (0, None)
) -> tuple[list[discord.SelectOption], int, int, int | None]:
    """What a menu shows at ``at``: the select options, the page and number of pages, and the province. A long
    occupy or take-over menu lists the provinces first, then the placements in the chosen one."""
    page, zone = at
    if kind not in BY_PROVINCE or len(entries) <= MAX_OPTIONS:
        return (*page_of(t, entries, page), None)
    if zone is None:
        return (*page_of(t, _provinces(t, view, kind, entries), page), None)
    inside = [entry for entry in entries if view.province[_first_guard(entry[0])] == zone]
    back = (f"{ZONE}-", province_back_option(t))
    return (*page_of(t, [back, *inside], page), zone)


def _first_guard(value: str) -> int:
    return _guards(value)[0]


def _guards(value: str) -> tuple[int, ...]:
    """The guards' places of an occupy or take-over menu's action."""
    action = alex.parse_action(value)
    assert isinstance(action, alex.Occupy | alex.TakeOver)
    return action.guards


def _provinces(
    t: Texts, view: alex.PublicView, kind: str, entries: list[tuple[str, Option]]
) -> list[tuple[str, Option]]:
    """One option per province of a long occupy or take-over menu, in the menu's order."""
    groups: dict[int, list[int]] = {}
    ways: Counter[int] = Counter()
    for value, _ in entries:
        guards = _guards(value)
        zone = view.province[guards[0]]
        groups.setdefault(zone, []).extend(guards)
        ways[zone] += 1
    board = view.board
    return [
        (
            f"{ZONE}{zone}",
            province_option(t, kind == "t", board.region[spaces[0]], sorted(set(spaces)), ways[zone]),
        )
        for zone, spaces in groups.items()
    ]


def _select_option(value: str, words: Option) -> discord.SelectOption:
    label, description = words
    return discord.SelectOption(label=label, value=value, description=description or None)
