"""Does the project's Alexandros board play like the real game? ``python -m bench.alexandros_sim [--quick]``

Simulates games on data/alexandros/board.json with two policies, for 2, 3 and 4 players:

- ``random``: every legal action equally likely;
- ``greedy``: one step of look-ahead on the tax balance (own income at the next levy minus the best
  opponent's): it moves Alexander and walls where that balance is best, levies taxes when it gains more
  than anyone else, occupies or takes over when that raises the balance, and otherwise takes a card.

Prints ``FIGURE <name> <value> <unit>`` lines: rounds until the end (median and quartiles), how often each
ending happens, and how many occupations, take-overs and levies a game has.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable

from engine.alexandros import (
    SUPPLY,
    Action,
    ChoosePath,
    EndReason,
    GameState,
    Give,
    MoveAlexander,
    Occupy,
    TakeCard,
    TakeOver,
    Tax,
    apply,
    legal_actions,
    new_game,
    tax_income,
)

Policy = Callable[[GameState, random.Random], Action]


def random_policy(state: GameState, rng: random.Random) -> Action:
    return rng.choice(legal_actions(state))


def balance(state: GameState, seat: int) -> float:
    income = tax_income(state)
    others = [income[s] for s in range(state.players) if s != seat]
    return income[seat] - max(others) + 0.01 * sum(state.hands[seat]) + state.scores[seat] * 0.5


def after(state: GameState, action: Action) -> GameState:
    copy = state.copy()
    apply(copy, action)
    return copy


def greedy_policy(state: GameState, rng: random.Random) -> Action:
    seat = state.to_move
    actions = legal_actions(state)
    first = actions[0]
    if isinstance(first, MoveAlexander | ChoosePath):
        # Moves are many but cheap; a small random tie-break keeps games apart.
        return max(actions, key=lambda a: balance(after(state, a), seat) + rng.random() * 0.1)
    if isinstance(first, Give):
        return min(actions, key=lambda a: len(a.cards))  # any: all are the same size
    income = tax_income(state)
    taxes = [a for a in actions if isinstance(a, Tax)]
    if taxes and income[seat] > max(income[s] for s in range(state.players) if s != seat) and income[seat] >= 3:
        return taxes[0]
    now = balance(state, seat)
    grabs = [a for a in actions if isinstance(a, Occupy | TakeOver)]
    if grabs:
        best = max(grabs, key=lambda a: balance(after(state, a), seat) - 0.3 * len(a.guards))
        if balance(after(state, best), seat) - 0.3 * len(best.guards) > now + 0.5:
            return best
    cards = [a for a in actions if isinstance(a, TakeCard)]
    if cards:
        face = [a for a in cards if a.slot != SUPPLY]
        return rng.choice(face) if face and rng.random() < 0.6 else cards[-1]
    return actions[-1]


def simulate(players: int, seed: int, policy: Policy) -> tuple[GameState, Counter[str]]:
    state = new_game(players, seed)
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    while not state.over:
        action = policy(state, rng)
        kinds[type(action).__name__] += 1
        apply(state, action)
    return state, kinds


def figures(policy_name: str, policy: Policy, players: int, games: int) -> list[str]:
    rounds: list[int] = []
    endings: Counter[EndReason] = Counter()
    kinds: Counter[str] = Counter()
    top: list[int] = []
    start = time.perf_counter()
    for seed in range(games):
        state, counted = simulate(players, 1000 * players + seed, policy)
        assert state.end_reason is not None
        rounds.append(state.turn // players)
        endings[state.end_reason] += 1
        kinds.update(counted)
        top.append(max(state.scores))
    seconds = (time.perf_counter() - start) / games
    q1, median, q3 = statistics.quantiles(rounds, n=4, method="inclusive")
    name = f"alexandros_{policy_name}_{players}p"
    other = games - endings[EndReason.RED_WALLS] - endings[EndReason.HUNDRED]
    lines = [
        f"FIGURE {name}_rounds_median {median:.1f} rounds",
        f"FIGURE {name}_rounds_q1 {q1:.1f} rounds",
        f"FIGURE {name}_rounds_q3 {q3:.1f} rounds",
        f"FIGURE {name}_end_walls {100 * endings[EndReason.RED_WALLS] / games:.1f} %games",
        f"FIGURE {name}_end_100 {100 * endings[EndReason.HUNDRED] / games:.1f} %games",
        f"FIGURE {name}_end_other {100 * other / games:.1f} %games",
        f"FIGURE {name}_occupy {kinds['Occupy'] / games:.2f} per_game",
        f"FIGURE {name}_takeover {kinds['TakeOver'] / games:.2f} per_game",
        f"FIGURE {name}_tax {kinds['Tax'] / games:.2f} per_game",
        f"FIGURE {name}_winner_points_median {statistics.median(top):.1f} points",
        f"FIGURE {name}_game_time {1000 * seconds:.0f} ms",
    ]
    return lines


def speed(games: int) -> list[str]:
    """Microseconds per legal_actions call and per apply, over random games (the AI's inner loop)."""
    legal = applying = 0.0
    calls = 0
    for seed in range(games):
        state = new_game(2 + seed % 3, seed)
        rng = random.Random(seed)
        while not state.over:
            start = time.perf_counter()
            actions = legal_actions(state)
            middle = time.perf_counter()
            apply(state, rng.choice(actions))
            applying += time.perf_counter() - middle
            legal += middle - start
            calls += 1
    return [
        f"FIGURE alexandros_legal_actions_us {1e6 * legal / calls:.1f} us",
        f"FIGURE alexandros_apply_us {1e6 * applying / calls:.1f} us",
        f"FIGURE alexandros_actions_per_random_game {calls / games:.1f} actions",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (for make bench)")
    args = parser.parse_args()
    counts = {"random": 40 if args.quick else 200, "greedy": 12 if args.quick else 60}
    for line in speed(20 if args.quick else 100):
        print(line, flush=True)
    for policy_name, policy in (("random", random_policy), ("greedy", greedy_policy)):
        for players in (2, 3, 4):
            for line in figures(policy_name, policy, players, counts[policy_name]):
                print(line, flush=True)


if __name__ == "__main__":
    main()
