"""The Alexandros turn panel through the real interaction path when a hand holds every symbol: Alexander has
more than 26 destinations, every one is reachable over the destination menu's pages (the page turns through
the panel's own interactions, each select within Discord's limits), a destination past the first 25 is
played and the turn completes; the table's post then tells the whole turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    PNG_MAGIC,
    answered,
    components_of,
    custom_ids,
    every_interaction_answered,  # noqa: F401
    make_bot,
    message_with,
    raw_component,
    refused,
    users,
)
from fakediscord import FakeDiscord, FakeUser

import engine.alexandros as alex
from bot import GameBot
from service.alexandros import AlexandrosService

pytestmark = pytest.mark.backend_blind(
    "the destination menu's pages and Discord's limits on them; an Alexandros turn's storing on "
    "PostgreSQL: test_bot_alexandros.py's database_target tests"
)


Json = dict[str, Any]


def full_hand_prefix(limit: int = 60) -> tuple[int, list[alex.Action]]:
    """A 2-player seed and the actions (cards taken whenever possible) after which the mover holds every
    symbol and Alexander has more than 26 destination points."""
    for seed in range(limit):
        state = alex.new_game(2, seed)
        log: list[alex.Action] = []
        while not state.over and len(log) < 200:
            legal = alex.legal_actions(state)
            points = {a.point for a in legal if isinstance(a, alex.MoveAlexander)}
            if state.phase is alex.Phase.MOVE and all(state.hands[state.to_move]) and len(points) > 26:
                return seed, log
            takes = [a for a in legal if isinstance(a, alex.TakeCard)]
            action = takes[-1] if takes else legal[0]
            log.append(action)
            alex.apply(state, action)
    raise AssertionError("no deal gives a full hand and more than 26 destinations")


SEED, ID_PREFIX = full_hand_prefix()


async def bot_on(fake: FakeDiscord, where: Path) -> GameBot:
    bot = await make_bot(fake, where)
    bot.services["alexandros"] = AlexandrosService(bot.store, seed_source=lambda: SEED)
    await fake.start(bot)
    return bot


def selects(message: Json) -> dict[str, list[Json]]:
    """Each select of a panel and its options (as Discord got them)."""
    return {
        c["custom_id"]: c["options"]
        for c in components_of(message)
        if c.get("type") == 3 and c["custom_id"].startswith("alex:do:")
    }


def within_limits(message: Json) -> None:
    assert len(message.get("content") or "") <= 2000
    assert len(message.get("components") or []) <= 5
    for options in selects(message).values():
        assert 0 < len(options) <= 25
        for option in options:
            assert len(option["label"]) <= 100 and len(option.get("description") or "") <= 100


async def open_panel(fake: FakeDiscord, user: FakeUser) -> int:
    post = message_with(fake, "alex:panel:")
    [button] = [cid for cid in custom_ids(post) if cid.startswith("alex:panel:")]  # the start's post still works
    panel = answered(await fake.click(user, post, button)).response
    assert panel is not None and panel.ephemeral and panel.message is not None
    assert panel.files and panel.files[0][1].startswith(PNG_MAGIC)
    return int(panel.message["id"])


async def test_every_destination_of_a_full_hand_is_reachable_and_the_turn_completes(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await bot_on(fake, tmp_path)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new"))
    answered(await fake.slash(bob, "alexandros join"))
    answered(await fake.slash(alice, "alexandros start"))
    game = bot.services["alexandros"]
    by_seat = {0: alice, 1: bob}
    for action in ID_PREFIX:  # the deal up to the full hand, played through the service
        table = await game.table(1)
        await game.act(1, by_seat[table.view.to_move].id, action.text)
    table = await game.table(1)
    mover = by_seat[table.view.to_move]
    mine = await game.hand(1, mover.id)
    assert all(mine.hand) and table.view.phase is alex.Phase.MOVE
    moves = [a for a in mine.legal if a.startswith("move ")]
    assert len({alex.parse_action(a).point for a in moves}) > 26  # type: ignore[union-attr]

    panel_id = await open_panel(fake, mover)
    seen: list[str] = []
    pages = 0
    while True:
        message = fake.message(panel_id)
        within_limits(message)
        [(menu, options)] = selects(message).items()
        assert menu.startswith("alex:do:1:")
        values = [o["value"] for o in options]
        seen += [v for v in values if not v.startswith("page:")]
        pages += 1
        forward = [v for v in values if v.startswith("page:") and int(v[5:]) >= pages]
        if not forward:
            break
        result = answered(await fake.select(mover, panel_id, menu, forward))  # the next page, in place
        assert result.response is not None and result.response.ephemeral
        assert "Your hand:" in result.response.content
    assert pages >= 3 and sorted(seen) == sorted(moves)  # every destination, each once, over the pages
    # An action the rules refuse now is answered with its own reason, to the mover alone, changing nothing.
    refused(await raw_component(fake, mover, fake.message(panel_id), menu, ["tax 5"]), "not possible at this step")
    refused(await raw_component(fake, mover, fake.message(panel_id), menu, ["page:x"]), "not one of the menu")
    assert (await game.table(1)).record.snapshot_ply == table.record.snapshot_ply

    last = moves[-1]  # beyond the first 25: the old panel dropped it
    assert moves.index(last) >= 25
    result = answered(await fake.select(mover, panel_id, menu, [last]))
    assert result.response is not None
    for _ in range(6):  # the wall path if any, two actions: the first option each time, until the turn ends
        if "Your turn is over." in fake.message(panel_id)["content"]:
            break
        message = fake.message(panel_id)
        within_limits(message)
        menu, options = next(iter(selects(message).items()))
        choice = next(o["value"] for o in options if not o["value"].startswith("page:"))
        answered(await fake.select(mover, panel_id, menu, [choice]))
    assert "Your turn is over." in fake.message(panel_id)["content"]
    after = await game.table(1)
    assert after.view.to_move != table.view.to_move and after.view.alexander_point == alex.parse_action(last).point  # type: ignore[union-attr]
    post = message_with(fake, "alex:panel:")
    space = alex.parse_action(last).space  # type: ignore[union-attr]
    assert f"moves Alexander to space {space}" in post["content"]
    assert f"<@{by_seat[after.view.to_move].id}>" in post["content"]
