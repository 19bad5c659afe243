"""More than one map: each board knows its id, a saved game names its map, and games saved before maps could be
chosen load on the project's map."""

import json

import pytest

from engine.clans import MAP_FILES, PRINTED_MAP, PROJECT_MAP, board_named, legal_moves, load_board, new_game, play
from engine.clans.serial import BadState, state_from_json


@pytest.mark.parametrize("map_id", tuple(MAP_FILES))
def test_each_map_loads_once_under_its_id(map_id: str) -> None:
    board = load_board(map_id)
    assert board.map_id == map_id and board is load_board(map_id)
    assert board.size == 60


@pytest.mark.parametrize("map_id", tuple(MAP_FILES))
def test_a_saved_game_comes_back_on_its_own_map(map_id: str) -> None:
    state = new_game(3, 11, load_board(map_id))
    for _ in range(5):
        play(state, legal_moves(state)[0])
    back = state_from_json(state.to_json())
    assert json.loads(state.to_json())["map"] == map_id
    assert back.board is load_board(map_id)
    assert back.to_json() == state.to_json()


def test_a_game_saved_before_maps_could_be_chosen_loads_on_the_project_map() -> None:
    raw = json.loads(new_game(2, 5, load_board(PROJECT_MAP)).to_json())
    del raw["map"]
    assert state_from_json(json.dumps(raw)).board is load_board(PROJECT_MAP)
    assert board_named("") is load_board(PROJECT_MAP)
    assert board_named(PRINTED_MAP) is load_board(PRINTED_MAP)


def test_an_unknown_map_is_refused() -> None:
    raw = json.loads(new_game(2, 5).to_json())
    raw["map"] = "moon"
    with pytest.raises(BadState, match="unknown map"):
        state_from_json(json.dumps(raw))
    with pytest.raises(ValueError, match="No such map"):
        load_board("moon")
