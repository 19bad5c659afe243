"""An independent reading of two rules, checked against the engine over many seeded random games: which
levies are legal and what they score (docs/RULES.md A5.8), and which walls are red when the black ones run
out on the way (A7.1). The reading is written here from the rule sheet's words, on the board's raw sides
and spaces, without the engine's helpers (no legal.taxable_spaces, tax_income, along_path or distances)."""

from __future__ import annotations

import random
from collections import deque

from engine.alexandros import (
    Action,
    Board,
    ChoosePath,
    GameState,
    MoveAlexander,
    Phase,
    Tax,
    legal_actions,
    new_game,
    play,
)

GAMES = 48


def read_levies(state: GameState) -> set[Tax]:
    """ "Play 1 card matching the symbol on the space on which his guard stands in one of the provinces he
    occupies", once a turn: any of the mover's guards, alone in its province or not."""
    if state.phase is not Phase.ACTIONS or state.taxed:
        return set()
    seat = state.to_move
    hand = state.hands[seat]
    found: set[Tax] = set()
    for space, symbol in enumerate(state.board.symbol):
        if state.guards[space] == seat and symbol is not None and hand[symbol] > 0:
            found.add(Tax(space))
    return found


def read_provinces(board: Board, walls: int) -> list[int]:
    """Each space's province: spaces joined through sides without a wall (a flood fill over shared sides)."""
    by_side: dict[int, list[int]] = {}
    for space, sides in enumerate(board.space_sides):
        for side in sides:
            by_side.setdefault(side, []).append(space)
    label = [-1] * board.space_count
    for first in range(board.space_count):
        if label[first] >= 0:
            continue
        label[first] = first
        todo = [first]
        while todo:
            space = todo.pop()
            for side in board.space_sides[space]:
                if walls >> side & 1:
                    continue
                for other in by_side[side]:
                    if label[other] < 0:
                        label[other] = first
                        todo.append(other)
    return label


def read_levy_scores(state: GameState) -> list[int]:
    """ "He counts the open spaces in all his provinces with only 1 guard", and so does everyone."""
    board = state.board
    label = read_provinces(board, state.walls)
    guards: dict[int, list[int]] = {}
    for space, seat in enumerate(state.guards):
        if seat >= 0:
            guards.setdefault(label[space], []).append(seat)
    scores = [0] * state.players
    for province, seats in guards.items():
        if len(seats) == 1 and not state.resigned[seats[0]]:
            scores[seats[0]] += sum(
                1 for s in range(board.space_count) if label[s] == province and board.symbol[s] is None
            )
    return scores


def steps_from(board: Board, point: int) -> list[int]:
    """Sides from ``point`` to every point, along any side (a breadth-first walk over the raw sides)."""
    steps = [-1] * len(board.points)
    steps[point] = 0
    queue = deque([point])
    while queue:
        p = queue.popleft()
        for a, b in board.sides:
            if p in (a, b):
                q = b if p == a else a
                if steps[q] < 0:
                    steps[q] = steps[p] + 1
                    queue.append(q)
    return steps


def read_red(board: Board, new_walls: tuple[int, ...], black_left: int, end: int) -> set[int]:
    """ "He uses red boundary walls to complete the move": the black ones go first, so the red ones are
    the new walls nearest the end of the path, Alexander's new point."""
    red = len(new_walls) - black_left
    if red <= 0:
        return set()
    to_end = steps_from(board, end)
    nearest_end = sorted(new_walls, key=lambda side: max(to_end[board.sides[side][0]], to_end[board.sides[side][1]]))
    return set(nearest_end[:red])


def test_the_engine_agrees_with_an_independent_reading_of_levies_and_red_walls() -> None:
    """docs/RULES.md A5.8, A7.1: over many seeded random games, 0 differences in the legal levies, in what
    a levy scores, and in which new walls are red; levies from a province of two guards and paths that
    run out of black walls both happen (the check is not empty)."""
    differences: list[tuple[int, int, str]] = []
    crowded_levies = red_paths = levies = 0
    for game in range(GAMES):
        state = new_game(2 + game % 3, 1000 + game)
        rng = random.Random(game)
        while not state.over:
            actions = legal_actions(state)
            engine_levies = {a for a in actions if isinstance(a, Tax)}
            if engine_levies != read_levies(state):
                differences.append((game, state.ply, f"levies {sorted(engine_levies)} != {sorted(read_levies(state))}"))
            # Levy more often than uniformly, so that every game has a few.
            action: Action = rng.choice(sorted(engine_levies) if engine_levies and rng.random() < 0.3 else actions)
            builds = isinstance(action, ChoosePath) or (isinstance(action, MoveAlexander) and state.phase is Phase.MOVE)
            black_left = state.black_left
            before = state.copy()
            outcome = play(state, action)
            if isinstance(action, Tax):
                levies += 1
                label = read_provinces(before.board, before.walls)
                in_province = [s for s in range(before.board.space_count) if label[s] == label[action.space]]
                crowded_levies += sum(1 for s in in_province if before.guards[s] >= 0) > 1
                expected = read_levy_scores(before)
                if list(outcome.scored) != expected:
                    differences.append((game, before.ply, f"levy scored {outcome.scored} != {expected}"))
            if builds and outcome.walls:
                red_paths += len(outcome.walls) > black_left
                expected_red = read_red(state.board, outcome.walls, black_left, state.alexander_point)
                if set(outcome.red) != expected_red:
                    differences.append((game, before.ply, f"red {outcome.red} != {sorted(expected_red)}"))
    print(
        f"{len(differences)} differences over {GAMES} games: {levies} levies ({crowded_levies} from a province"
        f" of two guards or more), {red_paths} paths finished with red walls"
    )
    assert differences == []
    assert levies > GAMES and crowded_levies > 0 and red_paths > 0, (levies, crowded_levies, red_paths)
