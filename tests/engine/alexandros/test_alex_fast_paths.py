"""The engine's quick answers for the AI's search give what the plain rules give: provinces relabelled only where
new walls touch them, walls that close no loop leave the provinces alone, the tax outlook is the tax income and
each seat's levy symbols, a take-over paid in one symbol gives back its half without a choice."""

from __future__ import annotations

import random

from engine.alexandros import (
    ChoosePath,
    GameState,
    Phase,
    TakeOver,
    apply,
    closes_loop,
    give_choices,
    legal_actions,
    levy_symbols,
    new_game,
    occupation_cost,
    province_spaces,
    provinces,
    tax_income,
    tax_outlook,
    wall_groups,
)
from engine.alexandros.geometry import provinces_after


def test_paths_relabel_provinces_as_the_whole_board_would_and_only_loops_divide() -> None:
    checked = loops = open_paths = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(2 + seed % 3, seed)
        while not state.over:
            if state.phase is Phase.PATH:
                groups = wall_groups(state.board, state.walls)
                for path in legal_actions(state):
                    assert isinstance(path, ChoosePath)
                    walls = state.walls
                    for side in path.walls:
                        walls |= 1 << side
                    whole = provinces(state.board, walls)
                    assert provinces_after(state.board, state.province, walls, path.walls) == whole
                    if closes_loop(state.board, groups, path.walls):
                        loops += 1
                    else:
                        open_paths += 1
                        assert whole == state.province  # no loop closed: no province divided
                    checked += 1
            apply(state, rng.choice(legal_actions(state)))
            assert state.province == provinces(state.board, state.walls)
    assert checked > 100 and loops > 10 and open_paths > 10


def slow_income(state: GameState) -> list[int]:
    """docs/RULES.md A5.8 read plainly: each province with exactly one guard pays its owner its open spaces."""
    income = [0] * state.players
    for pid in set(state.province):
        spaces = [s for s, p in enumerate(state.province) if p == pid]
        owners = [state.guards[s] for s in spaces if state.guards[s] >= 0]
        if len(owners) == 1:
            income[owners[0]] += sum(state.board.symbol[s] is None for s in spaces)
    return income


def test_the_tax_outlook_is_the_income_and_the_levy_symbols() -> None:
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = new_game(4, seed)
        while not state.over:
            income, symbols = tax_outlook(state)
            assert income == tax_income(state) == slow_income(state)
            for seat in range(state.players):
                under = {state.board.symbol[s] for s, g in enumerate(state.guards) if g == seat}
                assert symbols[seat] == levy_symbols(state, seat) == under - {None}
            checked += sum(income) > 0
            apply(state, rng.choice(legal_actions(state)))
    assert checked > 20


def test_a_take_over_paid_in_one_symbol_gives_back_without_asking_and_otherwise_asks() -> None:
    asked = given = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = new_game(3, seed)
        while not state.over:
            actions = legal_actions(state)
            takeovers = [a for a in actions if isinstance(a, TakeOver)]
            action = rng.choice(takeovers) if takeovers and rng.random() < 0.5 else rng.choice(actions)
            if isinstance(action, TakeOver):
                loser = next(state.guards[s] for s in province_spaces(state, action.guards[0]) if state.guards[s] >= 0)
                cost = occupation_cost(state, action.guards)
                before = list(state.hands[loser])
                apply(state, action)
                if len(set(cost)) == 1:
                    assert state.phase is not Phase.GIVE
                    assert state.hands[loser][cost[0]] - before[cost[0]] == (len(cost) + 1) // 2
                    given += 1
                else:
                    assert state.phase is Phase.GIVE and len(give_choices(cost)) > 1
                    asked += 1
            else:
                apply(state, action)
    assert asked and given
