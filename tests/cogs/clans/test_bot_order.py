"""A move that founds 2+ villages: the mover picks their order from a select menu, once."""

from __future__ import annotations

import asyncio
from pathlib import Path

from botkit import (
    ORDER_SEED as SEED,
)
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    by_id,
    custom_ids,
    due,
    embed_text,
    every_interaction_answered,  # noqa: F401
    message_with,
    open_game,
    peek,
    public_messages,
    raw_component,
    reach_order,
    refused,
    refused_meanwhile,
    select_options,
    start_bot,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord

from cogs.clans.order_menus import order_option_label
from engine.clans import Phase, order_choices, order_consequences
from texts import texts


async def test_the_mover_chooses_the_village_order(fake: FakeDiscord, database_target: str) -> None:
    bot = await start_bot(fake, database_target, seeds=[SEED])
    alice, bob, eve = users(fake, 3)
    await open_game(fake, [alice, bob])
    players = by_id(alice, bob)
    mover = await reach_order(fake, bot, players)
    other = bob if mover is alice else alice
    table = await peek(bot, 1)
    view = table.view
    menu = message_with(fake, "clans:order:")
    custom_id = f"clans:order:1:{view.ply}"
    assert custom_ids(menu) == [custom_id, "clans:turn:1", "clans:myclan:1"]  # and the turn post's buttons
    assert menu["content"] == f"<@{mover.id}>, choose which village is founded next · {due(table.record.deadline_at)}:"
    assert menu in fake.notified(mover.id)  # a village order owed is the mover's turn again: they are told
    assert f"This move founds {len(view.pending)} villages: the mover chooses their order." in embed_text(
        menu["embeds"]
    )
    # Each option shows, for that order, the epoch and value of every pending village.
    choices = order_choices(view)
    options = order_consequences(view)
    assert select_options(menu, custom_id) == [str(v.territory) for v in choices]
    [select] = [c for c in menu["components"][0]["components"]]
    assert [o["label"] for o in select["options"]] == [order_option_label(texts("en"), o) for o in options]
    for shown, option in zip(select["options"], options, strict=True):
        assert len(shown["label"]) <= 100 and len(shown.get("description", "")) <= 100
        assert shown["label"].startswith(f"{option.territory} first")
        assert {v.territory for v in option.villages} == set(view.pending)
        for village in option.villages:
            worth = "doomed, 0" if village.destroyed else f"worth {village.value}"
            assert f"{village.territory}: epoch {village.epoch}, {worth}" in shown["label"]
    log_before = await stored_moves(bot, 1)
    pick = str(choices[-1].territory)

    refused(await fake.select(other, menu, custom_id, [pick]), f"It is <@{mover.id}>'s turn")
    refused(await fake.select(eve, menu, custom_id, [pick]), "You are not playing in this game")
    # The mover trying a hut move first is shown the menu again, only to them.
    again = answered(await fake.slash(mover, "clans move", {"from": 1, "to": 2}))
    assert again.response is not None and again.response.ephemeral
    assert again.response.message is not None and custom_ids(again.response.message) == [custom_id]
    assert await stored_moves(bot, 1) == log_before

    chosen = answered(await fake.select(mover, menu, custom_id, [pick]))
    assert chosen.response is not None and chosen.response.callback_type == 7
    edited = fake.message(int(menu["id"]))
    assert edited["components"] == []  # the menu is gone from the public message
    # ... and its "choose…" text now says what was chosen, with every village's outcome in order.
    assert "choose" not in edited["content"]
    assert edited["content"].startswith(f"<@{mover.id}> founded {pick} (")
    assert all(f"{t} (" in edited["content"] for t in view.pending) and "in that order" in edited["content"]
    [announcement] = chosen.posts
    assert not announcement.ephemeral
    title = announcement.embeds[0]["title"]
    assert title == f"Game #1 — move {view.turn}: {mover.name} founded the village at {pick} next"
    lines = announcement.embeds[0]["description"]
    assert all(f"at **{t}**" in lines for t in view.pending)
    assert lines.index(f"at **{pick}**") < min(lines.index(f"at **{t}**") for t in view.pending if str(t) != pick)
    log = await stored_moves(bot, 1)
    assert [m.action for m in log[len(log_before) :]] == [f"v{pick}"]
    table = await peek(bot, 1)
    assert table.state.phase is Phase.MOVE and table.mover.user_id == other.id
    assert announcement.content == f"<@{other.id}>, your move · {due(table.record.deadline_at)}."
    assert chosen.notified == [other.id]
    # The menu shown again to the mover is stale now: the choice applied once.
    assert again.response.message is not None
    refused(
        await fake.select(mover, again.response.message, custom_id, [pick]),
        f"Your move village {pick} was already played.",
    )
    assert len(await stored_moves(bot, 1)) == len(log)


async def test_a_double_choice_applies_once(fake: FakeDiscord, database_target: str) -> None:
    bot = await start_bot(fake, database_target, seeds=[SEED])
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    mover = await reach_order(fake, bot, by_id(alice, bob))
    menu = message_with(fake, "clans:order:")
    custom_id, *_ = custom_ids(menu)  # then the turn post's buttons
    options = select_options(menu, custom_id)
    before = len(await stored_moves(bot, 1))
    first, second = await asyncio.gather(
        fake.select(mover, menu, custom_id, [options[0]]), fake.select(mover, menu, custom_id, [options[1]])
    )
    answered(first)
    answered(second)
    log = await stored_moves(bot, 1)
    assert len(log) == before + 1 and log[-1].action in (f"v{options[0]}", f"v{options[1]}")
    applied, late = (first, second) if log[-1].action == f"v{options[0]}" else (second, first)
    table_after = await bot.services["clans"].table(1)
    assert applied.posts and not applied.posts[0].ephemeral
    refused_meanwhile(late, f"It is <@{table_after.mover.user_id}>'s turn.")
    announcements = [m for m in public_messages(fake) if "founded the village at" in embed_text(m["embeds"])]
    assert len(announcements) == 1


async def test_the_menu_shown_again_to_the_mover_works_too(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[SEED])
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    mover = await reach_order(fake, bot, by_id(alice, bob))
    public_menu = message_with(fake, "clans:order:")
    custom_id, *_ = custom_ids(public_menu)  # then the turn post's buttons
    again = answered(await fake.slash(mover, "clans move", {"from": 1, "to": 2})).response
    assert again is not None and again.ephemeral and again.message is not None
    pick = select_options(again.message, custom_id)[0]
    chosen = answered(await fake.select(mover, again.message, custom_id, [pick]))
    [announcement] = chosen.posts
    assert not announcement.ephemeral and f"founded the village at {pick} next" in announcement.embeds[0]["title"]
    assert (await stored_moves(bot, 1))[-1].action == f"v{pick}"
    # The public menu was edited into the outcome too; a click arriving on an old copy of it is refused.
    edited = fake.message(int(public_menu["id"]))
    assert edited["components"] == [] and edited["content"].startswith(f"<@{mover.id}> founded {pick} (")
    refused(
        await raw_component(fake, mover, public_menu, custom_id, [pick]),
        f"Your move village {pick} was already played.",
    )
