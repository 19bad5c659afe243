"""Alexandros AI arena: each level against the one below it, printing ``FIGURE <name> <value> <unit>`` lines.

    python -m bench.alexandros_arena [--deals N] [--quick] [--workers W] [--only hard,normal,...] [--one-seat]
                                     [--games-file PATH] [--records-file PATH] [--figures-from PATH]
                                     [--players 2,3,4] [--resume] [--seed S | --eval]

For 2, 3 and 4 players (``--players``: some of them, on the same deals), every deal (a game seed) is played
once with the tested player in each seat and the other player in the others (``--one-seat``: once, the tested
seat turning with the deal), so seats and deals are the same for both. The match-ups (``MATCHUPS``): hard
against normals, normal against easys, easy against random players, and a first-time player's stand-in
(``greedy``) against easys. Each AI gets its own seed, never the game's.

- alexandros_<tested>_vs_<other>_<n>p_win_rate (hard_vs_normal, normal_vs_easy, easy_vs_random,
  greedy_vs_easy): the tested player's share of the wins (a k-way tie gives each winner 1/k), with its 95%
  Wilson interval (``_ci95_low``, ``_ci95_high``), an even share (``_even``, 1/n) and the number of games.
- alexandros_zero_score_share_<n>p: the share of the games between AI levels (hard against normals, normal
  against easys) that ended with every score 0; ``alexandros_zero_score_<n>p_games`` counts them,
  ``alexandros_zero_score_<n>p_<ending>_games`` by why they ended (red_walls, stuck, ...), and a ``ZERO`` line
  (standard error) names each one's deal, seats and ending.
- alexandros_winning_score_<n>p_mean: the winner's score in those games, on average.
- alexandros_levies_taken_<player>: of the turns in which a levy was open and would have paid the mover more
  than any rival (its income above each rival's, a card to pay with), the share in which it levied;
  ``_turns`` counts those turns.
- alexandros_ai_cpu_per_move_<level>_median / _p95 / _max: CPU time (process time) per decision, every phase.
- alexandros_arena_<n>p_rounds_median, _actions_median: how long the games between AI levels were.

With ``--games-file`` each finished game between rated players (bench.alexandros_ratings' random, easy, normal
and hard) is appended to that file as that bench writes its own, so its fit can take these games too. With
``--records-file`` each game's record is appended as it ends; ``--figures-from`` prints the figures of the
records in such a file (of a run cut short, or of several runs) without playing; ``--resume`` continues a run
cut short with the same arguments: it plays only the games its records file lacks, then prints the figures of
them all.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ai.alexandros import AI_LEVELS, choose_action
from bench import deals
from bench.ai_arena import wilson
from bench.alexandros_ratings import PLAYERS as RATED
from bench.alexandros_ratings import finishing_order
from bench.alexandros_sim import greedy_policy
from engine.alexandros import (
    Action,
    Phase,
    PrivateView,
    Tax,
    new_game,
    parse_action,
    play,
    private_view,
    result,
    sample_state,
    tax_income,
)

MATCHUPS = {"hard": "normal", "normal": "easy", "easy": "random", "greedy": "easy"}
"""Each tested player and the player in the other seats. Besides the levels: ``random`` (uniform legal
actions, the floor) and ``greedy``, bench.alexandros_sim's one-step player that follows the rule sheet's
advice (levy when it gains more than anyone, occupy or take over when that raises its balance, else draw):
a stand-in for a first-time player, whom easy should lose to."""
PLAYERS = (*AI_LEVELS, "random", "greedy")
FIRST_SEED = 5000
"""The first deal by default: a development deal (bench.deals)."""


@dataclass(frozen=True)
class Task:
    levels: tuple[str, ...]
    seed: int
    tracked: int
    """The seat of the tested AI."""

    @property
    def tested(self) -> str:
        return self.levels[self.tracked]


@dataclass
class Record:
    players: int
    tested: str
    levels: tuple[str, ...] = ()
    share: float = 0.0
    scores: tuple[int, ...] = ()
    rounds: int = 0
    actions: int = 0
    cpu: dict[str, list[float]] = field(default_factory=dict)
    levy_turns: dict[str, int] = field(default_factory=dict)
    """Per level: turns in which a levy was open and would have paid the mover more than any rival."""
    levies_taken: dict[str, int] = field(default_factory=dict)
    """Per level: those of the turns above in which it levied."""
    seed: int = 0
    ending: str = ""
    """Why the game ended (engine.alexandros.EndReason's value)."""


def profitable_levy(state_income: list[int], seat: int, legal: Sequence[str]) -> bool:
    """A levy is open to ``seat`` (a legal action now) and pays it more than any rival."""
    rivals = [income for s, income in enumerate(state_income) if s != seat]
    return any(text.startswith("tax ") for text in legal) and state_income[seat] > max(rivals)


def play_game(task: Task) -> Record:
    state = new_game(len(task.levels), task.seed)
    record = Record(players=len(task.levels), tested=task.tested, levels=task.levels, seed=task.seed)
    chance_turn = levied_turn = -1
    while not state.over:
        seat = state.to_move
        level = task.levels[seat]
        mine = private_view(state, seat)
        opening = state.phase is Phase.ACTIONS and chance_turn != state.turn
        if opening and profitable_levy(tax_income(state), seat, mine.legal):
            chance_turn = state.turn
            record.levy_turns[level] = record.levy_turns.get(level, 0) + 1
        began = time.process_time()
        # Each seat's own AI seed, never the game's seed.
        action = decide(level, mine, task.seed * 10 + seat + 1)
        record.cpu.setdefault(level, []).append(time.process_time() - began)
        if isinstance(action, Tax) and chance_turn == state.turn and levied_turn != state.turn:
            levied_turn = state.turn
            record.levies_taken[level] = record.levies_taken.get(level, 0) + 1
        play(state, action, seat)
        record.actions += 1
    outcome = result(state)
    assert outcome is not None
    if task.tracked in outcome.winners:
        record.share = 1 / len(outcome.winners)
    record.scores = outcome.scores
    record.rounds = outcome.rounds
    record.ending = str(outcome.reason)
    return record


def decide(player: str, mine: PrivateView, seed: int) -> Action:
    """The action of ``player`` (a level, ``random`` or ``greedy``) from its private view and its own seed."""
    if player in AI_LEVELS:
        return choose_action(player, mine, seed)
    rng = random.Random(f"{player}:{seed}:{mine.public.ply}")
    if player == "random":
        return rng.choice([parse_action(text) for text in mine.legal])
    return greedy_policy(sample_state(mine, rng), rng)


def tasks(
    deals: int,
    only: Sequence[str] = tuple(MATCHUPS),
    one_seat: bool = False,
    first_seed: int = FIRST_SEED,
    counts: Sequence[int] = (2, 3, 4),
) -> list[Task]:
    """The games to play: for each deal and player count (of ``counts``), the tested AI in every seat (or in one,
    turning); deal by deal, so a run cut short has played every player count alike. A deal's seed does not depend
    on the counts played."""
    found = []
    for tested in only:
        other = MATCHUPS[tested]
        for deal in range(deals):
            for players in counts:
                seats = [deal % players] if one_seat else range(players)
                for seat in seats:
                    levels = tuple(tested if s == seat else other for s in range(players))
                    found.append(Task(levels, first_seed + 100 * players + deal, seat))
    return found


def run(
    todo: Sequence[Task], workers: int, games_file: str | None = None, records_file: str | None = None
) -> list[Record]:
    """Every game of ``todo``, in order; each one between rated players is appended to ``games_file`` as it ends,
    and every record to ``records_file``."""
    if workers <= 1:
        played: Iterator[Record] = map(play_game, todo)
        return [keep(record, games_file, records_file) for record in played]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return [keep(record, games_file, records_file) for record in pool.imap(play_game, todo, chunksize=1)]


def keep(record: Record, games_file: str | None, records_file: str | None) -> Record:
    if games_file and set(record.levels) <= set(RATED):
        with open(games_file, "a", encoding="utf-8") as out:
            out.write(json.dumps([record.levels, finishing_order(record.scores)]) + "\n")
    if records_file:
        with open(records_file, "a", encoding="utf-8") as out:
            out.write(json.dumps(dataclasses.asdict(record)) + "\n")
    return record


def saved_records(path: str) -> list[Record]:
    """The records ``run`` appended to ``path``."""
    with open(path, encoding="utf-8") as saved:
        raw = [json.loads(line) for line in saved if line.strip()]
    return [
        Record(**{**r, "levels": tuple(r["levels"]), "scores": tuple(r["scores"])})  # JSON keeps them as lists
        for r in raw
    ]


def unplayed(todo: Sequence[Task], records_file: str) -> tuple[list[Record], list[Task]]:
    """The records already in ``records_file`` (none if it is not there yet) that are games of ``todo``, and the
    games of ``todo`` still to play (a game is its deal's seed and its seats' levels)."""
    wanted = {(t.seed, t.levels) for t in todo}
    saved = saved_records(records_file) if os.path.exists(records_file) else []
    done = [r for r in saved if (r.seed, r.levels) in wanted]
    played = {(r.seed, r.levels) for r in done}
    return done, [t for t in todo if (t.seed, t.levels) not in played]


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def figures(records: Sequence[Record]) -> list[str]:
    lines = []
    for tested, other in MATCHUPS.items():
        for players in (2, 3, 4):
            games = [r for r in records if r.players == players and r.tested == tested]
            if not games:
                continue
            wins = sum(r.share for r in games)
            low, high = wilson(wins, len(games))
            name = f"alexandros_{tested}_vs_{other}_{players}p_win_rate"
            lines += [
                f"FIGURE {name} {wins / len(games):.3f} share",
                f"FIGURE {name}_ci95_low {low:.3f} share",
                f"FIGURE {name}_ci95_high {high:.3f} share",
                f"FIGURE {name}_even {1 / players:.3f} share",
                f"FIGURE {name}_games {len(games)} games",
            ]
    for players in (2, 3, 4):
        games = [r for r in records if r.players == players and set(r.levels) <= set(AI_LEVELS)]
        if not games:
            continue
        zeros = [r for r in games if max(r.scores) == 0]
        zero = len(zeros)
        lines += [
            f"FIGURE alexandros_zero_score_share_{players}p {zero / len(games):.3f} share",
            f"FIGURE alexandros_zero_score_{players}p_games {zero} games",
            *(
                f"FIGURE alexandros_zero_score_{players}p_{ending}_games {sum(r.ending == ending for r in zeros)} games"
                for ending in sorted({r.ending for r in zeros})
            ),
            f"FIGURE alexandros_winning_score_{players}p_mean {statistics.fmean(max(r.scores) for r in games):.1f} "
            "points",
            f"FIGURE alexandros_arena_{players}p_rounds_median {statistics.median(r.rounds for r in games):.1f} rounds",
            f"FIGURE alexandros_arena_{players}p_actions_median {statistics.median(r.actions for r in games):.1f} "
            "actions",
        ]
    for level in PLAYERS:
        chances = sum(r.levy_turns.get(level, 0) for r in records)
        if chances:
            taken = sum(r.levies_taken.get(level, 0) for r in records)
            lines += [
                f"FIGURE alexandros_levies_taken_{level} {taken / chances:.3f} share",
                f"FIGURE alexandros_levies_taken_{level}_turns {chances} turns",
            ]
    for level in AI_LEVELS:
        cpu = [t for r in records for t in r.cpu.get(level, [])]
        if cpu:
            lines += [
                f"FIGURE alexandros_ai_cpu_per_move_{level}_median {1000 * statistics.median(cpu):.2f} ms",
                f"FIGURE alexandros_ai_cpu_per_move_{level}_p95 {1000 * percentile(cpu, 0.95):.2f} ms",
                f"FIGURE alexandros_ai_cpu_per_move_{level}_max {1000 * max(cpu):.2f} ms",
            ]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=20, help="deals per player count")
    parser.add_argument("--quick", action="store_true", help="2 deals per player count, one seat each (make bench)")
    parser.add_argument("--one-seat", action="store_true", help="each deal once, the tested seat turning")
    parser.add_argument("--players", default="2,3,4", help="the player counts played, among 2, 3 and 4")
    parser.add_argument("--only", default=",".join(MATCHUPS), help=f"the tested players among {', '.join(MATCHUPS)}")
    parser.add_argument("--workers", type=int, default=2, help="processes playing games side by side")
    parser.add_argument("--games-file", default=None, help="append the games for bench.alexandros_ratings here")
    parser.add_argument("--records-file", default=None, help="append each game's record here as it ends")
    parser.add_argument("--figures-from", default=None, help="play nothing: the figures of the records in this file")
    parser.add_argument(
        "--resume", action="store_true", help="continue a run cut short: play the games its --records-file lacks"
    )
    deals.add_arguments(parser, default=FIRST_SEED)
    args = parser.parse_args(argv)
    first_seed = deals.first_seed(parser, args)
    only = [level for level in args.only.split(",") if level]
    if unknown := set(only) - set(MATCHUPS):
        parser.error(f"no match-up for {', '.join(sorted(unknown))}: choose among {', '.join(MATCHUPS)}")
    counts = sorted({int(n) for n in args.players.split(",") if n.strip()})
    if not counts or not set(counts) <= {2, 3, 4}:
        parser.error("--players takes player counts among 2, 3 and 4, such as 3,4")
    count = 2 if args.quick else args.deals
    began = time.perf_counter()
    if args.figures_from:
        records = saved_records(args.figures_from)
    else:
        todo = tasks(count, only, one_seat=args.one_seat or args.quick, first_seed=first_seed, counts=counts)
        done: list[Record] = []
        if args.resume:
            if not args.records_file:
                parser.error("--resume continues the run kept in --records-file: name it")
            done, todo = unplayed(todo, args.records_file)
        deals.announce(t.seed for t in todo)
        records = done + run(todo, args.workers, args.games_file, args.records_file)
    for line in figures(records):
        print(line, flush=True)
    for r in records:
        if r.scores and max(r.scores) == 0:
            print(
                f"ZERO deal {r.seed} levels {','.join(r.levels)} ending {r.ending} rounds {r.rounds}",
                file=sys.stderr,
                flush=True,
            )
    if not args.figures_from:
        print(f"FIGURE alexandros_arena_wall_time {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
