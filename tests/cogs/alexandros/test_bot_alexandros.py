"""A whole Alexandros game through the real interaction path: lobby, AI seats, turns played in the mover's
own panel (destination, wall path, two actions, the give-back), occupying, a take-over and taxes, the end and
ratings per game; forged panel clicks refused; a restart mid-turn loses nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    PNG_MAGIC,
    answered,
    custom_ids,
    every_interaction_answered,  # noqa: F401
    make_bot,
    message_with,
    raw_component,
    refused,
    select_options,
    users,
)
from fakediscord import FakeChannel, FakeDiscord, FakeUser

import engine.alexandros as alex
from bot import GameBot
from service.ai_pool import AiPool
from service.alexandros import AlexandrosService

SEED = 4
"""With these priorities (take over, tax, occupy, draw) against two easy AIs, seat 0 occupies, takes over
(and gives cards back) and levies taxes before the game ends (found by simulating the same game)."""
Json = dict[str, Any]


def pick(values: list[str]) -> str:
    """The human's choice among the panel's options: a take-over first, then taxes, occupying, a card."""
    actions = [alex.parse_action(v) for v in values]
    for kind in (alex.TakeOver, alex.Tax, alex.Occupy):
        found = [a for a in actions if isinstance(a, kind)]
        if found:
            return found[0].text
    supply = [a for a in actions if isinstance(a, alex.TakeCard) and a.slot == alex.SUPPLY]
    return (supply or actions)[0].text


async def bot_on(fake: FakeDiscord, where: Path | str, *, restart: bool = False) -> GameBot:
    bot = await make_bot(fake, where, ai_pool=AiPool(1, niceness=0, secret=b"alexandros-test"))
    bot.services["alexandros"] = AlexandrosService(
        bot.store, ai=bot.services["clans"].ai_pool, seed_source=lambda: SEED
    )
    await (fake.restart(bot) if restart else fake.start(bot))
    return bot


def menus(message: Json) -> dict[str, list[str]]:
    """Each select of a panel and the action texts it offers (not the options turning a page or choosing a province)."""
    return {
        cid: [value for value in select_options(message, cid) if not value.startswith(("page:", "zone:"))]
        for cid in custom_ids(message)
        if cid.startswith("alex:do:")
    }


async def open_panel(fake: FakeDiscord, user: FakeUser) -> int:
    post = message_with(fake, "alex:panel:")
    assert f"<@{user.id}>" in post["content"]
    [button] = [cid for cid in custom_ids(post) if cid.startswith("alex:panel:")]
    result = answered(await fake.click(user, post, button))
    panel = result.response
    assert panel is not None and panel.ephemeral and panel.message is not None
    assert "Your hand:" in panel.content and panel.files and panel.files[0][1].startswith(PNG_MAGIC)
    return int(panel.message["id"])


async def choose(fake: FakeDiscord, user: FakeUser, panel_id: int) -> tuple[str, bool]:
    """One choice in the panel; (the action, whether the turn goes on in the panel). A take-over or an occupation
    in a long menu is chosen in two steps: its province first (the panel edits itself in place)."""
    offered = menus(fake.message(panel_id))
    action = pick([value for values in offered.values() for value in values])
    if not action.startswith(("takeover", "tax")):
        for letter in ("t", "c"):
            message = fake.message(panel_id)
            for cid in custom_ids(message):
                zones = [v for v in select_options(message, cid) if v.startswith("zone:") and v != "zone:-"]
                if cid.split(":")[4] == letter and zones:
                    answered(await fake.select(user, panel_id, cid, zones[:1]))
                    offered = menus(fake.message(panel_id))
                    action = pick([value for values in offered.values() for value in values])
                    break
            if action.startswith(("takeover", "occupy")):
                break
    [menu] = [cid for cid, values in offered.items() if action in values]
    result = answered(await fake.select(user, panel_id, menu, [action]))
    [edit] = [result.response] if result.response else []
    return action, "Your turn is over." not in edit.content


@pytest.mark.backend_blind(
    "the panel's menus and who the posts ping; "
    "an Alexandros game's results and ratings on PostgreSQL: "
    "tests/service/alexandros/test_alexandros_service.py's whole game[postgres], "
    "test_bot_alexandros_standings.py"
)
async def test_a_whole_game_by_the_panel_with_ai_seats(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await bot_on(fake, tmp_path)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new"))
    refused(await fake.slash(bob, "clans join"), "game of Alexandros", "/alexandros")
    refused(await fake.slash(alice, "clans new"), "already has a game")
    for _ in range(2):
        answered(await fake.slash(alice, "alexandros addbot", {"level": "easy"}))
    answered(await fake.slash(alice, "alexandros start"))
    game_id = 1
    done: list[str] = []
    for _ in range(200):
        table = await bot.services["alexandros"].table(game_id)
        if table.over:
            break
        panel = await open_panel(fake, alice)
        hand = answered(await fake.slash(alice, "alexandros hand")).response
        assert hand is not None and hand.ephemeral and "Your hand:" in hand.content
        going_on = True
        while going_on:
            action, going_on = await choose(fake, alice, panel)
            done.append(action.split()[0])
    table = await bot.services["alexandros"].table(game_id)
    assert table.over and table.record.status == "finished"
    assert {"move", "path", "occupy", "takeover", "give", "tax"} <= set(done)
    assert "is over" in fake.channel_messages(fake.channel.id)[-1]["content"]
    guild = fake.channel.guild_id
    board = await bot.store.leaderboard(guild, game="alexandros")
    assert [row.user_id for row in board] == [alice.id] and board[0].games == 1
    assert await bot.store.leaderboard(guild, game="clans") == []  # the Clans leaderboard is untouched
    results = await bot.store.results(game_id)
    assert [r.total for r in results] == list(table.view.scores)
    [replay] = answered(await fake.slash(bob, "alexandros replay", {"game": game_id})).followups
    assert not replay.ephemeral and replay.files[0][1].startswith(b"GIF89a")  # animated, in the game's channel
    # Clans' commands leave the Alexandros game alone.
    refused(await fake.slash(alice, "clans replay", {"game": game_id}), "game of Alexandros")
    refused(await fake.slash(alice, "clans history"), "game of Alexandros")
    listed = answered(await fake.slash(alice, "clans games")).response
    assert listed is not None and f"#{game_id}" not in listed.text
    # Each post may ping only the player it names, never by parsing; the turn posts ping alice.
    pinged: set[int] = set()
    for call in fake.calls:
        body = call.json if isinstance(call.json, dict) else {}
        body = (body.get("data") or {}) if call.path.endswith("/callback") else body
        allowed = body.get("allowed_mentions") or {}
        assert allowed.get("parse", []) == [], allowed
        pinged |= {int(user) for user in allowed.get("users", [])}
    assert pinged == {alice.id}
    # ... and every one of them, a new message, notified her (the last one is the end's).
    turn_posts = [m for m in fake.channel_messages(fake.channel.id) if f"<@{alice.id}>, your turn" in m["content"]]
    assert turn_posts and all(post in fake.notified(alice.id) for post in turn_posts)
    [end] = [m for m in fake.channel_messages(fake.channel.id) if "is over" in m["content"]]
    assert end in fake.notified(alice.id)


async def test_forged_panel_clicks_are_refused_and_a_restart_mid_turn_loses_nothing(
    fake: FakeDiscord, database_target: str
) -> None:
    bot = await bot_on(fake, database_target)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new"))
    answered(await fake.slash(bob, "alexandros join"))
    answered(await fake.slash(alice, "alexandros start"))
    table = await bot.services["alexandros"].table(1)
    mover, other = (alice, bob) if table.mover.user_id == alice.id else (bob, alice)
    post = message_with(fake, "alex:panel:")
    [button] = [cid for cid in custom_ids(post) if cid.startswith("alex:panel:")]
    refused(await fake.click(other, post, button), "turn")  # the panel is the mover's alone
    panel = await open_panel(fake, mover)
    [(menu, values)] = menus(fake.message(panel)).items()
    assert menu.startswith("alex:do:1:0:m")
    refused(await raw_component(fake, other, fake.message(panel), menu, [values[0]]), "turn")
    elsewhere = FakeChannel(952, 0, fake.channel.guild_id, "elsewhere")
    fake.channels[elsewhere.id] = elsewhere
    planted = {**fake.message(panel), "channel_id": str(elsewhere.id), "id": str(fake._ids.next())}
    refused(await raw_component(fake, mover, planted, menu, [values[0]]), "another channel")
    refused(await raw_component(fake, mover, fake.message(panel), menu, ["drop table"]), "not an Alexandros action")
    assert (await bot.services["alexandros"].table(1)).record.snapshot_ply == 0

    action, going_on = await choose(fake, mover, panel)  # Alexander moves; the wall path is next
    assert action.startswith("move") and going_on
    before = await bot.services["alexandros"].table(1)
    bot = await bot_on(fake, database_target, restart=True)
    assert await bot.services["alexandros"].table(1) == before
    [(menu, values)] = menus(fake.message(panel)).items()
    assert ":p" in menu or ":o" in menu  # the same ephemeral panel still works after the restart
    action, _ = await choose(fake, mover, panel)
    assert (await bot.services["alexandros"].table(1)).record.snapshot_ply == 2
    stale = await raw_component(fake, mover, fake.message(panel), menu, [action])  # a menu of an older position
    refused(stale, "moved on")
    assert (await bot.services["alexandros"].table(1)).record.snapshot_ply == 2


async def test_ai_turns_left_unplayed_by_a_stopped_process_are_played_after_a_restart(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await bot_on(fake, tmp_path)
    alice = fake.user(101, "alice")
    service = bot.services[
        "alexandros"
    ]  # committed by the service alone: as if the process stopped before the AI played
    game = await service.open_lobby(fake.channel.guild_id, fake.channel.id, alice.id, "alice")
    await service.add_ai(game.id, alice.id, "easy")
    table = await service.start(game.id, alice.id)
    while not table.ai_to_act:
        legal = (await service.hand(game.id, alice.id)).legal
        table = (await service.act(game.id, alice.id, next(a for a in legal if not a.startswith("resign")))).table
    bot = await bot_on(fake, tmp_path, restart=True)

    def posted() -> bool:
        return any(
            cid.startswith("alex:panel:") for m in fake.channel_messages(fake.channel.id) for cid in custom_ids(m)
        )

    await fake.wait_until(posted)
    after = await bot.services["alexandros"].table(game.id)
    assert after.mover.user_id == alice.id and after.record.snapshot_ply > table.record.snapshot_ply
    assert f"<@{alice.id}>" in message_with(fake, "alex:panel:")["content"]


async def test_a_hard_ai_seat_plays_its_turns_through_the_worker_pool(fake: FakeDiscord, tmp_path: Path) -> None:
    """`/alexandros addbot level:hard` seats the new level, and it plays its own turns in the bot's worker pool
    (its search there, given only its private view): the table is told each of them, and the turn comes back."""
    bot = await bot_on(fake, tmp_path)
    fake.settle_timeout = 120  # a whole turn of hard's search, a few decisions of up to a second on a busy machine
    [alice] = users(fake, 1)
    answered(await fake.slash(alice, "alexandros new"))
    added = answered(await fake.slash(alice, "alexandros addbot", {"level": "hard"})).response
    assert added is not None and added.ephemeral and added.content.startswith("AI (hard, rating ")
    answered(await fake.slash(alice, "alexandros start"))
    service = bot.services["alexandros"]
    [ai] = [seat for seat in (await service.table(1)).record.seats if seat.user_id is None]
    assert ai.ai_level == "hard"
    for _ in range(20):
        table = await service.table(1)
        if table.over or table.view.turn >= 5:
            break
        panel = await open_panel(fake, alice)
        going_on = True
        while going_on:
            _, going_on = await choose(fake, alice, panel)
    table = await service.table(1)
    assert table.view.turn >= 5 or table.over  # the AI played at least two whole turns
    told = [m["content"] for m in fake.channel_messages(fake.channel.id)]
    assert sum("AI (hard)" in text for text in told) >= 2
    if not table.over:
        assert table.mover.user_id == alice.id  # and handed the turn back each time
