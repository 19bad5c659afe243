"""The Alexandros turn panel hides nothing and stays within Discord's limits: over random 3-player games, in
every language, each menu's pages together offer exactly the engine's legal actions, no select carries more
than 25 options, every label and description fits, and a panel has at most five menus."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import discord
import pytest

import engine.alexandros as alex
from cogs.alexandros.menus import (
    MAX_OPTIONS,
    PAGE,
    PATH_KIND,
    TURN_PAGE,
    ZONE,
    menu_page,
    page_of,
    panel_choices,
    point_tags,
    zone_value,
)
from cogs.alexandros.panel import ActSelect, panel_message
from engine.alexandros import legal_actions
from render.alexandros.gallery import Game
from service.alexandros import AlexandrosService
from store import Store
from texts import LANGUAGES, texts

pytestmark = pytest.mark.backend_blind("the menu's pages and Discord's limits on them")

GUILD, CHANNEL = 1, 100
USERS = (11, 12, 13)


def offered_over_pages(
    view: alex.PublicView, kind: str, entries: list[tuple[str, tuple[str, str]]], lang: str
) -> tuple[list[str], int]:
    """Every action a menu offers, over every page and province a player can reach from its first page by its
    page-turning and province options; and how many selects that took. Checks each against Discord's limits."""
    t = texts(lang)
    seen: list[str] = []
    todo: list[tuple[int, int | None]] = [(0, None)]
    visited: set[tuple[int, int | None]] = set()
    while todo:
        at = todo.pop()
        if at in visited:
            continue
        visited.add(at)
        options, page, pages, zone = menu_page(t, view, kind, entries, at)
        assert (page, zone) == at and 0 < len(options) <= MAX_OPTIONS
        values = [o.value for o in options]
        assert len(values) == len(set(values))
        for option in options:
            assert 0 < len(option.label) <= 100 and len(option.description or "") <= 100
            assert len(option.value) <= 100
        for value in values:
            if value.startswith(TURN_PAGE):
                turned = int(value.removeprefix(TURN_PAGE))
                assert abs(turned - page) == 1 and 0 <= turned < pages
                todo.append((turned, zone))
            elif value.startswith(ZONE):
                todo.append((0, zone_value(value)))
            else:
                seen.append(value)
    return seen, len(visited)


async def test_every_legal_action_is_on_some_page_of_its_menu_and_no_menu_breaks_a_limit(tmp_path: Path) -> None:
    long_menus: dict[str, int] = {}
    async with await Store.open(str(tmp_path / "pages.db")) as store:
        for seed in (6, 11, 17):
            service = AlexandrosService(store, seed_source=functools.partial(int, seed))
            game = await service.open_lobby(GUILD, CHANNEL + seed, USERS[0], "Ann")
            for member, name in zip(USERS[1:], ("Bob", "Cy"), strict=True):
                await service.join(game.id, member, name)
            table = await service.start(game.id, USERS[0])
            rng = random.Random(seed)
            for step in range(400):
                if table.over:
                    break
                user = table.mover.user_id
                assert user is not None
                panel = await service.panel(game.id, user)
                lang = LANGUAGES[step % len(LANGUAGES)]
                menus = panel_choices(texts(lang), panel)
                assert 0 < len(menus) <= 5
                offered: list[str] = []
                for kind, entries in menus.items():
                    if kind in ("c", "t") and len(entries) > MAX_OPTIONS:  # the province first, then the guards
                        first, *_ = menu_page(texts(lang), panel.table.view, kind, entries)
                        assert all(o.value.startswith((ZONE, TURN_PAGE)) for o in first)
                    seen, pages = offered_over_pages(panel.table.view, kind, entries, lang)
                    offered += seen
                    if pages > 1:
                        long_menus[kind] = long_menus.get(kind, 0) + 1
                legal = [a for a in panel.mine.legal if not a.startswith("resign")]
                assert sorted(offered) == sorted(legal)  # each once, none hidden, none made up
                tags = point_tags(panel.mine.legal)
                assert len(set(tags.values())) == len(tags)
                # A hand rich in cards makes the long menus: take cards more often than anything else.
                takes = [a for a in legal if a.startswith("take ")]
                action = rng.choice(takes) if takes and rng.random() < 0.6 else rng.choice(legal)
                table = (await service.act(game.id, user, action)).table
    assert long_menus.get("m", 0) > 0 and sum(long_menus.values()) > 3, long_menus  # paging was exercised


def test_a_page_option_is_a_discord_select_option() -> None:
    entries = [(f"tax {n}", (f"label {n}", "")) for n in range(60)]
    options, page, pages = page_of(texts("en"), entries, 99)  # a page past the end shows the last one
    assert (page, pages) == (2, 3) and options[0].value == f"{TURN_PAGE}1"
    assert all(isinstance(o, discord.SelectOption) for o in options) and len(options) == 15


def test_a_menu_page_and_province_survive_in_the_custom_id() -> None:
    """The page and province a select shows are in its custom id (read back after a restart); page 0 of a
    menu without provinces keeps the custom id menus had before pages."""
    pattern = ActSelect.__discord_ui_compiled_template__  # type: ignore[attr-defined]
    option = [discord.SelectOption(label="x", value="x")]
    for page, zone, custom_id in (
        (0, None, "alex:do:1:5:c"),
        (2, None, "alex:do:1:5:c:2"),
        (1, 40, "alex:do:1:5:c:1:z40"),
    ):
        select = ActSelect(1, 5, "c", option, page=page, zone=zone)
        assert select.item.custom_id == custom_id
        match = pattern.fullmatch(custom_id)
        assert match and int(match["page"] or 0) == page and (int(match["zone"]) if match["zone"] else None) == zone


class RecordingDrawing:
    """Stands in for the bot's drawing slots: keeps the wall paths each board was asked to draw."""

    def __init__(self) -> None:
        self.paths: list[list[str]] = []

    async def draw(self, function: object, *args: object, **kwargs: object) -> bytes:
        self.paths.append([label for label, _ in kwargs["paths"]])  # type: ignore[attr-defined]
        return b"png"


async def test_a_long_path_menu_draws_the_paths_of_the_page_shown(tmp_path: Path) -> None:
    """More wall paths than one select holds: the board draws the numbered paths of the menu's page, and the
    next page's board the next ones (never every path at once)."""
    players, seed = 3, 1  # reaches a choice among 35 wall paths
    game = Game(players, seed)
    async with await Store.open(str(tmp_path / "paths.db")) as store:
        service = AlexandrosService(store, seed_source=lambda: seed)
        record = await service.open_lobby(GUILD, CHANNEL, USERS[0], "Ann")
        for member, name in zip(USERS[1:], ("Bob", "Cy"), strict=True):
            await service.join(record.id, member, name)
        await service.start(record.id, USERS[0])
        while not (game.state.phase.value == "path" and len(legal_actions(game.state)) > MAX_OPTIONS):
            action = game.rng.choice([a for a in legal_actions(game.state) if not isinstance(a, alex.Resign)])
            await service.act(record.id, USERS[game.state.to_move], action.text)
            game.step(action)
        panel = await service.panel(record.id, USERS[game.state.to_move])
        count = len(legal_actions(game.state))
        drawing = RecordingDrawing()
        for page in (0, 1):
            await panel_message(drawing, texts("en"), panel, {PATH_KIND: (page, None)})  # type: ignore[arg-type]
        assert drawing.paths == [[str(n) for n in range(1, PAGE + 1)], [str(n) for n in range(PAGE + 1, count + 1)]]
