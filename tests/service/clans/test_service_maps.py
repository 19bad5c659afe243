"""A game on the printed map is rebuilt on it from its move log when its snapshot cannot serve (service/turns.py),
on both backends: the log is replayed on the board the game names, not on the project's map."""

from __future__ import annotations

import dataclasses
import random

from service_helpers import ANN, BOB, CHANNEL, GUILD, NAMES, secret_state

from engine.clans import PRINTED_MAP, legal_moves
from service.clans.games import ClansService
from store import Store


async def test_a_printed_game_without_its_snapshot_replays_on_the_printed_map(
    games: ClansService, store: Store
) -> None:
    lobby = await games.open_lobby(GUILD, CHANNEL, ANN, NAMES[ANN], board=PRINTED_MAP)
    await games.join(lobby.id, BOB, NAMES[BOB])
    await games.start(lobby.id, ANN)
    rng = random.Random(3)
    for _ in range(12):
        table = await games.table(lobby.id)
        state = await secret_state(store, lobby.id)
        await games.play_in(CHANNEL, table.mover.user_id or 0, rng.choice(legal_moves(state)))
    whole = await secret_state(store, lobby.id)
    record = await store.get_game(lobby.id)
    assert record is not None and record.board == PRINTED_MAP
    for snapshot in (None, "not a saved game"):
        rebuilt = await games.turns.loaded(dataclasses.replace(record, snapshot=snapshot))
        assert rebuilt.state.board.map_id == PRINTED_MAP and rebuilt.state.to_json() == whole.to_json()
        moves = await store.moves(lobby.id)
        again = games.turns.loaded_from(dataclasses.replace(record, snapshot=snapshot), [m.action for m in moves])
        assert again.state.to_json() == whole.to_json()
