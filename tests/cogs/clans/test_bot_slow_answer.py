"""Nothing waits on Discord while holding a game: a move whose answer Discord is slow to take holds no other
action of the same game, and a double submission still applies once, its duplicate refused only to its sender.
And a game action taken with a component reads its game once."""

from __future__ import annotations

from typing import Any

from botkit import (  # every_interaction_answered: autouse, checks each test
    ORDER_SEED,
    answered,
    by_id,
    every_interaction_answered,  # noqa: F401
    message_with,
    open_game,
    peek,
    public_messages,
    reach_order,
    refused_meanwhile,
    start_bot,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord

from engine.clans import legal_moves


async def test_a_slow_answer_holds_no_other_action_of_the_game(fake: FakeDiscord, database_target: str) -> None:
    bot = await start_bot(fake, database_target)
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    table = await peek(bot, 1)
    mover = by_id(alice, bob)[table.mover.user_id]  # type: ignore[index]
    move = legal_moves(table.state)[0]
    options = {"from": move.src, "to": move.dst}
    messages_before = len(public_messages(fake))
    first = await fake.slash(mover, "clans move", options, settle=False)
    slow = fake.hold_next("POST", rf"/interactions/{first.id}/")  # Discord takes the first answer late
    second = await fake.slash(mover, "clans move", options, settle=False)
    # The second goes through while the first's answer is still held: it waits for no lock the first holds.
    await fake.wait_until(lambda: len(public_messages(fake)) == messages_before + 1)
    assert first.response is None
    slow.set()
    await fake.settle()
    answered(second)
    assert second.posts and not second.posts[0].ephemeral
    refused_meanwhile(first, f"Your move {move.src} → {move.dst} was already played.")
    assert [m.action for m in await stored_moves(bot, 1)] == [move.text]
    assert len(public_messages(fake)) == messages_before + 1


async def test_a_village_order_chosen_from_the_menu_reads_its_game_once(
    fake: FakeDiscord, database_target: str
) -> None:
    bot = await start_bot(fake, database_target, seeds=[ORDER_SEED])
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    mover = await reach_order(fake, bot, by_id(alice, bob))
    view = (await peek(bot, 1)).state
    menu = message_with(fake, "clans:order:")
    reads: list[str] = []
    for name in ("get_game", "game_log", "moves", "active_game", "latest_game"):
        method = getattr(bot.store, name)

        def counted(*args: Any, _name: str = name, _method: Any = method) -> Any:
            reads.append(_name)
            return _method(*args)

        setattr(bot.store, name, counted)
    answered(await fake.select(mover, menu, f"clans:order:1:{view.ply}", [str(view.pending[0])]))
    assert reads == ["get_game"]  # where the menu was used is checked with the game's one read
    assert (await stored_moves(bot, 1))[-1].action == f"v{view.pending[0]}"
