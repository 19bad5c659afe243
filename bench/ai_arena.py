"""AI arena: seeded games between AI levels, printing ``FIGURE <name> <value> <unit>`` lines.

    python -m bench.ai_arena [--games N] [--hard-budget S | --hard-iterations N] [--quick] [--workers W]
    python -m bench.ai_arena --curve [--games N] [--budget-games M] [--points 200,800,3200,2s]

Hard plays DEFAULT_HARD_ITERATIONS rollouts per move (the bot's default too: CLANS_AI_ROLLOUTS) unless
--hard-budget gives it seconds instead (2 s, the old default, would take hours over 400 games).

- hard_vs_3normal_win_rate: 4 players, hard in a rotating seat, three normal AIs. A tie counts as a
  shared win: each of the k tied winners gets 1/k of the game. Hard is told the seats' levels, as the
  bot tells it, and reads the normals by their level's own strategy (``ai.clans.reading``).
- hard_general_vs_3normal_win_rate: the same deals, hard told no levels: it reads the normals with the
  general belief model only, as it reads people.
- hard_cpu_per_move_median (and _p90): hard's process CPU time per decision in those games.
- normal_vs_easy_win_rate: 2 players, seats alternating, ties shared the same way.
- easy_vs_random_win_rate (2 players) and easy_vs_3random_win_rate (4 players): easy against uniform
  random moves; novice_vs_easy_win_rate: 2 players, a first-time player's stand-in
  (``bench.stand_ins``: the move best for its own clan now, played openly) against easy.
- belief_accuracy_moveN: in the 4-player games, from each normal AI's view after N hut moves, the share
  of its opponents whose true clan has the highest probability.
- seconds_per_move_<level>: mean thinking time per decision.
- With --curve, the strength-per-CPU curve instead: for each point (a rollout count, or seconds
  with an ``s`` suffix) hard against three normal AIs over the same seeded deals,
  curve_<point>_win_rate (with its 95% interval and games) and curve_<point>_seconds_per_move.
  Seconds points are expensive: --budget-games plays fewer games there.
Confidence intervals are 95% Wilson intervals over games.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from ai.clans import choose_action, clan_beliefs
from bench import ai_ratings, deals, old_ai
from bench.stand_ins import STAND_INS, stand_in_move
from engine.clans import (
    MAP_FILES,
    PROJECT_MAP,
    Action,
    Clan,
    Move,
    Phase,
    PublicView,
    load_board,
    new_game,
    play,
    public_view,
)

LevelChooser = Callable[[PublicView, Sequence[Action], int, Clan, int], Move]
"""A bench's own way to play a level: (start, history, seat, clan, seed) -> move."""
_overrides: dict[str, LevelChooser] = {}

BELIEF_MOVES = (10, 20, 30)
DEFAULT_HARD_ITERATIONS = 800
"""Rollouts per hard move unless --hard-budget is given: reproducible, and 400 games take ~15 min on 2 cores."""


@dataclass
class GameRecord:
    share: float
    """The tracked seat's share of the win (0, 1, or 1/k for a k-way tie)."""
    seats: tuple[tuple[str, ...], tuple[int, ...]] = ((), ())
    """Each seat's level and finishing rank, for ``bench.ai_ratings --games-file``."""
    hard_cpu: list[float] = field(default_factory=list)
    """Process CPU seconds of each hard decision."""
    seconds: dict[str, float] = field(default_factory=dict)
    decisions: dict[str, int] = field(default_factory=dict)
    belief_hits: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Hut move -> (opponents whose true clan was the top guess, opponents judged)."""


@dataclass(frozen=True)
class Task:
    levels: tuple[str, ...]
    seed: int
    tracked: int
    hard_budget: float | None
    hard_iterations: int | None
    belief_observers: tuple[int, ...] = ()
    old_ai: str | None = None
    """A checkout whose AI plays the levels named ``old-<level>`` (bench/old_ai.py)."""
    levels_known: bool = True
    """Whether the AIs are told the seats' levels (hard reads AI seats by them), as in the bot."""
    map_id: str = PROJECT_MAP
    """The map the game is played on (engine/clans/board.py MAP_FILES)."""


def play_game(task: Task) -> GameRecord:
    state = new_game(len(task.levels), task.seed, load_board(task.map_id))
    start = public_view(state)
    history: list[Action] = []
    record = GameRecord(share=0.0)
    while not state.over:
        seat = state.to_move
        level = task.levels[seat]
        began = time.perf_counter()
        cpu = time.process_time()
        if level in STAND_INS:
            move = stand_in_move(level, state, task.seed, len(history))
        else:
            move = decide(task, level, start, history, seat, state.clans[seat])
        if level == "hard":
            record.hard_cpu.append(time.process_time() - cpu)
        record.seconds[level] = record.seconds.get(level, 0.0) + time.perf_counter() - began
        record.decisions[level] = record.decisions.get(level, 0) + 1
        outcome = play(state, move, seat)
        history.append(move)
        recorded = state.turn in record.belief_hits
        if task.belief_observers and state.phase is Phase.MOVE and state.turn in BELIEF_MOVES and not recorded:
            record.belief_hits[state.turn] = _belief_hits(start, history, state.clans, task.belief_observers)
    result = outcome.result
    assert result is not None
    if task.tracked in result.winners:
        record.share = 1 / len(result.winners)
    record.seats = (task.levels, tuple(ai_ratings.finishing_order(result.totals)))
    return record


def override(level: str, chooser: LevelChooser) -> None:
    """Play ``level`` with ``chooser`` in this process's games (a bench trying a variant of the AI)."""
    _overrides[level] = chooser


def decide(task: Task, level: str, start: PublicView, history: Sequence[Action], seat: int, clan: Clan) -> Move:
    """The move of the seat playing ``level``: a bench's override, an old checkout's AI, or today's."""
    if level in _overrides:
        return _overrides[level](start, history, seat, clan, task.seed)
    if level.startswith("old-"):
        assert task.old_ai is not None
        move: Move = old_ai.choose_action(task.old_ai, level[4:], start, history, seat, clan, task.seed)
        return move
    return choose_action(
        level,
        start,
        history,
        seat,
        clan,
        seed=task.seed,
        budget_s=task.hard_budget if level == "hard" else None,
        iterations=task.hard_iterations if level == "hard" else None,
        levels=task.levels if task.levels_known else None,
    )


def _belief_hits(
    start: PublicView, history: Sequence[Action], clans: Sequence[Clan], observers: Iterable[int]
) -> tuple[int, int]:
    hits = judged = 0
    for observer in observers:
        beliefs = clan_beliefs(start, history, observer, clans[observer])
        for seat, belief in enumerate(beliefs):
            if seat == observer:
                continue
            judged += 1
            if max(belief, key=lambda c: belief[c]) == clans[seat]:
                hits += 1
    return hits, judged


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def hard_tasks(
    games: int,
    budget: float | None,
    iterations: int | None,
    seed: int,
    rivals: str = "normal",
    old: str | None = None,
    levels_known: bool = True,
) -> list[Task]:
    """4 players: hard in a rotating seat against three ``rivals`` (the same deals whatever the rivals)."""
    tasks = []
    for i in range(games):
        hard = i % 4
        levels = tuple("hard" if s == hard else rivals for s in range(4))
        observers = tuple(s for s in range(4) if s != hard) if rivals == "normal" else ()
        tasks.append(Task(levels, seed + i, hard, budget, iterations, observers, old, levels_known))
    return tasks


def normal_tasks(games: int, seed: int) -> list[Task]:
    """4 players: normal in a rotating seat against three easy AIs."""
    tasks = []
    for i in range(games):
        normal = i % 4
        levels = tuple("normal" if s == normal else "easy" for s in range(4))
        tasks.append(Task(levels, seed + 200_000 + i, normal, None, None))
    return tasks


def easy_tasks(games: int, seed: int) -> list[Task]:
    tasks = []
    for i in range(games):
        normal = i % 2
        levels = tuple("normal" if s == normal else "easy" for s in range(2))
        tasks.append(Task(levels, seed + 100_000 + i, normal, None, None))
    return tasks


def pair_tasks(tracked: str, other: str, games: int, seed: int, players: int = 2) -> list[Task]:
    """``tracked`` in a rotating seat against ``players - 1`` of ``other``."""
    tasks = []
    for i in range(games):
        seat = i % players
        levels = tuple(tracked if s == seat else other for s in range(players))
        tasks.append(Task(levels, seed + 300_000 + 1000 * players + i, seat, None, None))
    return tasks


def run(tasks: Sequence[Task], workers: int, games_file: str | None = None) -> list[GameRecord]:
    """Play ``tasks``; with ``games_file``, append each game's levels and ranks there as it ends."""
    deals.announce(t.seed for t in tasks)
    if workers <= 1:
        return _kept(map(play_game, tasks), games_file)
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return _kept(pool.imap(play_game, tasks, chunksize=1), games_file)


def _kept(played: Iterable[GameRecord], games_file: str | None) -> list[GameRecord]:
    """The records, in order, each appended to ``games_file`` as soon as it is played: a run cut short keeps
    the games it finished."""
    records = []
    for record in played:
        records.append(record)
        if games_file:
            with open(games_file, "a", encoding="utf-8") as out:
                out.write(json.dumps(record.seats) + "\n")
    return records


def figures(
    hard: Sequence[GameRecord],
    easy: Sequence[GameRecord],
    budget_label: tuple[str, float, str],
    normal4: Sequence[GameRecord] = (),
    old: Sequence[GameRecord] = (),
    general: Sequence[GameRecord] = (),
    easy_checks: dict[str, Sequence[GameRecord]] | None = None,
) -> list[str]:
    lines = []

    def rate(name: str, records: Sequence[GameRecord]) -> None:
        wins = sum(r.share for r in records)
        low, high = wilson(wins, len(records))
        p = wins / len(records) if records else 0.0
        lines.append(f"FIGURE {name} {p:.3f} share")
        lines.append(f"FIGURE {name}_ci95_low {low:.3f} share")
        lines.append(f"FIGURE {name}_ci95_high {high:.3f} share")
        lines.append(f"FIGURE {name}_games {len(records)} games")

    rate("hard_vs_3normal_win_rate", hard)
    if general:
        rate("hard_general_vs_3normal_win_rate", general)
    rate("normal_vs_easy_win_rate", easy)
    if normal4:
        rate("normal_vs_3easy_win_rate", normal4)
    for name, records in (easy_checks or {}).items():
        if records:
            rate(name, records)
    if old:
        rate("hard_vs_3oldnormal_win_rate", old)
    for move in BELIEF_MOVES:
        hits = sum(r.belief_hits[move][0] for r in hard if move in r.belief_hits)
        judged = sum(r.belief_hits[move][1] for r in hard if move in r.belief_hits)
        lines.append(f"FIGURE belief_accuracy_move{move} {hits / judged if judged else 0.0:.3f} share")
    for level in ("easy", "normal", "hard"):
        secs = sum(r.seconds.get(level, 0.0) for r in (*hard, *easy))
        n = sum(r.decisions.get(level, 0) for r in (*hard, *easy))
        lines.append(f"FIGURE seconds_per_move_{level} {secs / n if n else 0.0:.4f} s")
    cpu = sorted(t for r in (*hard, *general) for t in r.hard_cpu)
    if cpu:
        lines.append(f"FIGURE hard_cpu_per_move_median {1000 * statistics.median(cpu):.1f} ms")
        lines.append(f"FIGURE hard_cpu_per_move_p90 {1000 * cpu[int(0.9 * (len(cpu) - 1))]:.1f} ms")
    name, value, unit = budget_label
    lines.append(f"FIGURE {name} {value:g} {unit}")
    return lines


def parse_point(text: str) -> tuple[str, float | None, int | None]:
    """``"800"`` -> 800 rollouts a move; ``"2s"`` -> 2 seconds a move. Returns (label, budget, iterations)."""
    text = text.strip()
    if text.endswith("s"):
        seconds = float(text[:-1])
        return f"{seconds:g}s".replace(".", "p"), seconds, None
    rollouts = int(text)
    return f"r{rollouts}", None, rollouts


def curve_figures(label: str, records: Sequence[GameRecord]) -> list[str]:
    wins = sum(r.share for r in records)
    low, high = wilson(wins, len(records))
    secs = sum(r.seconds.get("hard", 0.0) for r in records)
    moves = sum(r.decisions.get("hard", 0) for r in records)
    name = f"curve_{label}"
    return [
        f"FIGURE {name}_win_rate {wins / len(records) if records else 0.0:.3f} share",
        f"FIGURE {name}_win_rate_ci95_low {low:.3f} share",
        f"FIGURE {name}_win_rate_ci95_high {high:.3f} share",
        f"FIGURE {name}_games {len(records)} games",
        f"FIGURE {name}_seconds_per_move {secs / moves if moves else 0.0:.4f} s",
    ]


def run_curve(points: Sequence[str], games: int, budget_games: int, workers: int, seed: int) -> None:
    for point in points:
        label, budget, iterations = parse_point(point)
        n = budget_games if budget is not None else games
        tasks = [replace(t, belief_observers=()) for t in hard_tasks(n, budget, iterations, seed)]
        for line in curve_figures(label, run(tasks, workers)):
            print(line)
        sys.stdout.flush()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=400, help="games per match-up")
    parser.add_argument("--hard-budget", type=float, default=None, help="hard's seconds per move")
    parser.add_argument("--hard-iterations", type=int, default=None, help="hard's rollouts per move (reproducible)")
    parser.add_argument("--quick", action="store_true", help="40 games each, for a smoke run")
    parser.add_argument("--workers", type=int, default=2)
    deals.add_arguments(parser)
    parser.add_argument("--map", choices=tuple(MAP_FILES), default=PROJECT_MAP, help="the map the games are played on")
    parser.add_argument("--curve", action="store_true", help="print the strength-per-CPU curve instead")
    parser.add_argument("--points", default="200,800,3200,2s", help="curve points: rollouts, or seconds with s")
    parser.add_argument("--budget-games", type=int, default=None, help="curve games at seconds points")
    parser.add_argument("--old-ai", default=None, help="a checkout whose normal AI hard also meets (before hiding)")
    parser.add_argument(
        "--only", default=None, help="comma list of match-ups: hard,general,easy,normal4,old,easyrandom,novice"
    )
    parser.add_argument("--games-file", default=None, help="append hard's games against normals (bench.ai_ratings)")
    args = parser.parse_args(argv)
    args.seed = deals.first_seed(parser, args)
    games = 40 if args.quick else args.games
    if args.curve:
        began = time.perf_counter()
        budget_games = args.budget_games if args.budget_games is not None else games
        run_curve(args.points.split(","), games, budget_games, args.workers, args.seed)
        print(f"FIGURE arena_wall_time {time.perf_counter() - began:.0f} s")
        return 0
    budget = args.hard_budget
    iterations = args.hard_iterations
    if budget is None and iterations is None:
        iterations = DEFAULT_HARD_ITERATIONS
    began = time.perf_counter()

    def on_map(tasks: list[Task]) -> list[Task]:
        return [replace(task, map_id=args.map) for task in tasks]

    only = (
        set(args.only.split(","))
        if args.only
        else {"hard", "general", "easy", "normal4", "old", "easyrandom", "novice"}
    )
    hard = (
        run(on_map(hard_tasks(games, budget, iterations, args.seed)), args.workers, args.games_file)
        if "hard" in only
        else []
    )
    general = []
    if "general" in only:
        general = run(on_map(hard_tasks(games, budget, iterations, args.seed, levels_known=False)), args.workers)
    easy = run(on_map(easy_tasks(games, args.seed)), args.workers) if "easy" in only else []
    normal4 = run(on_map(normal_tasks(games, args.seed)), args.workers) if "normal4" in only else []
    old: list[GameRecord] = []
    if args.old_ai and "old" in only:
        old = run(on_map(hard_tasks(games, budget, iterations, args.seed, "old-normal", args.old_ai)), args.workers)
    easy_checks: dict[str, Sequence[GameRecord]] = {}
    if "easyrandom" in only:
        easy_checks["easy_vs_random_win_rate"] = run(
            on_map(pair_tasks("easy", "random", games, args.seed)), args.workers
        )
        easy_checks["easy_vs_3random_win_rate"] = run(
            on_map(pair_tasks("easy", "random", games, args.seed, 4)), args.workers
        )
    if "novice" in only:
        easy_checks["novice_vs_easy_win_rate"] = run(
            on_map(pair_tasks("novice", "easy", games, args.seed)), args.workers
        )
    label = (
        ("hard_iterations_per_move", float(iterations), "rollouts")
        if iterations is not None
        else ("hard_budget_per_move", float(budget or 0.0), "s")
    )
    for line in figures(hard, easy, label, normal4, old, general, easy_checks):
        print(line)
    print(f"FIGURE arena_wall_time {time.perf_counter() - began:.0f} s")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
