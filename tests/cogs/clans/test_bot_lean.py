"""The cost of a move through the real command tree, typed or confirmed in the move panel: one read of the game
and one write, the answer first; then, once the public message is posted, one small write recording that the
move was announced."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    every_interaction_answered,  # noqa: F401
    open_game,
    peek,
    start_bot,
    users,
)
from fakediscord import FakeDiscord, FakeUser
from panelkit import PanelTurn, choose_move, ids_with, open_panel

from bot import GameBot
from engine.clans import Move, legal_moves


async def game_with_a_move(fake: FakeDiscord, tmp_path: Path) -> tuple[GameBot, int, FakeUser, Move]:
    """A started two-player game: its mover and a legal move of theirs."""
    bot = await start_bot(fake, tmp_path, seeds=[11])
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    table = await peek(bot, game_id)
    mover = alice if table.mover.user_id == alice.id else bob
    return bot, game_id, mover, legal_moves(table.state)[0]


async def test_a_move_costs_two_transactions_and_is_answered_before_the_write(  # + the announced mark
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot, game_id, mover, move = await game_with_a_move(fake, tmp_path)
    seen_at_answer: list[int] = []
    store = bot.store
    original = type(store)._write

    def write_watch(self: object, game_id: int | None = None) -> object:
        seen_at_answer.append(len([c for c in fake.calls if c.path.endswith("/callback")]))
        return original(store, game_id)

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


GAME_READS = ("get_game", "active_game", "game_log", "latest_game")
"""The store's queries that read a game's row (with its seats and snapshot)."""


def count_game_reads(store: object, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every read of a game's row from now on, by query name."""
    reads: list[str] = []
    for name in GAME_READS:
        query = getattr(store, name)

        async def counted(*args: object, _query: Any = query, _name: str = name, **kwargs: object) -> object:
            reads.append(_name)
            return await _query(*args, **kwargs)

        monkeypatch.setattr(store, name, counted)
    return reads


async def test_a_typed_move_reads_its_game_once(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, _, mover, move = await game_with_a_move(fake, tmp_path)
    reads = count_game_reads(bot.store, monkeypatch)
    before = bot.store.transactions
    answered(await fake.slash(mover, "clans move", {"from": move.src, "to": move.dst}))
    assert reads == ["active_game"]  # the channel's game, with its snapshot: nothing read again
    assert bot.store.transactions - before == 3  # that read, the move's write, the announced mark


async def test_the_panels_confirm_reads_its_game_once(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Confirm of the move panel plays the previewed move reading the game once (the panel's checks and the
    move's own share that read), then writes it, then marks it announced."""
    bot, game_id, mover, move = await game_with_a_move(fake, tmp_path)
    turn = PanelTurn(mover)
    panel = await open_panel(fake, mover, game_id, turn)
    panel = await choose_move(fake, mover, panel, move, turn)
    [confirm] = ids_with(panel, "clans:pgo:")
    reads = count_game_reads(bot.store, monkeypatch)
    before = bot.store.transactions
    answered(await fake.click(mover, panel, confirm))
    assert reads == ["get_game"]
    assert bot.store.transactions - before == 3  # that read, the move's write, the announced mark
    assert (await peek(bot, game_id)).state.ply == 1
