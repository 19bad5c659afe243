"""A game keeps the board it was opened on through a restart, on both backends; older games name none."""

from store_helpers import ANN, BOB, CHANNEL, NAMES

from engine.clans import PRINTED_MAP, PROJECT_MAP, board_named, new_game
from engine.clans.serial import state_from_json
from store import Store


async def test_a_game_keeps_its_board_through_a_restart(database_target: str) -> None:
    async with await Store.open(database_target) as store:
        lobby = await store.create_lobby(None, CHANNEL, ANN, NAMES[ANN], seed=7, game="clans", board=PRINTED_MAP)
        await store.add_seat(lobby.id, BOB, NAMES[BOB])
        state = new_game(2, 7, board_named(lobby.board))
        await store.start_game(lobby.id, state.to_json())
        older = await store.create_lobby(None, CHANNEL + 1, BOB, NAMES[BOB], seed=8, game="clans")
    async with await Store.open(database_target) as store:  # a restart: a new process opens the same database
        game = await store.get_game(lobby.id)
        before = await store.get_game(older.id)
    assert game is not None and before is not None
    assert game.board == PRINTED_MAP
    assert game.snapshot is not None and state_from_json(game.snapshot).board.map_id == PRINTED_MAP
    assert before.board == ""  # as every game of before the choice: rebuilt on the project's map
    assert board_named(before.board).map_id == PROJECT_MAP
