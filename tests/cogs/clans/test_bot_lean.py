"""The cost of a move through the real command tree: two database transactions, the answer first; then, once the
public message is posted, one small write recording that the move was announced."""

from __future__ import annotations

from pathlib import Path

from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    every_interaction_answered,  # noqa: F401
    open_game,
    peek,
    start_bot,
    users,
)
from fakediscord import FakeDiscord

from engine.clans import legal_moves


async def test_a_move_costs_two_transactions_and_is_answered_before_the_write(  # + the announced mark
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[11])
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    table = await peek(bot, game_id)
    mover = alice if table.mover.user_id == alice.id else bob
    move = legal_moves(table.state)[0]
    seen_at_answer: list[int] = []
    store = bot.store
    original = type(store)._write

    def write_watch(self: object) -> object:
        seen_at_answer.append(len([c for c in fake.calls if c.path.endswith("/callback")]))
        return original(store)

    before = store.transactions
    callbacks_before = len([c for c in fake.calls if c.path.endswith("/callback")])
    store._write = write_watch.__get__(store)  # type: ignore[method-assign]
    try:
        result = answered(await fake.slash(mover, "clans move", {"from": move.src, "to": move.dst}))
    finally:
        del store._write
    assert result.posts and not result.posts[-1].ephemeral  # announced with the board, in a new message
    # One read, one write (nothing read back); then, after the public message, the announced_ply mark.
    assert store.transactions - before == 3
    # The interaction was answered before the move's write began (and so before the mark).
    assert seen_at_answer == [callbacks_before + 1, callbacks_before + 1]
    assert (await bot.store.get_game(game_id)).announced_ply == 1  # type: ignore[union-attr]
    assert (await peek(bot, game_id)).state.ply == 1
