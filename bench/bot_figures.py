"""The figures `bench.bot` prints for each load (`FIGURE <name> <value> <unit>` lines) and what one load measured."""

from __future__ import annotations

import statistics
import sys
from dataclasses import dataclass, field


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


@dataclass
class Run:
    durations: list[float] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    posts: list[float] = field(default_factory=list)
    """Interaction to the bot asking discord.py for the public message (before any rate-limit wait)."""
    game_ends: list[float] = field(default_factory=list)
    """The posts of the moves that ended a game (``posts`` holds them too)."""
    indices: list[int] = field(default_factory=list)
    """Each post's move number (for ``--why``: PostProbes.moves)."""
    failed: int = 0
    """Interactions whose public message never came (or whose calls failed)."""
    transactions: list[int] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)
    ai_moves: int = 0
    """AI moves announced in other games while this load was measured (the AI really was thinking)."""


def report_rounds(ai: int, runs: list[Run]) -> None:
    """Every round's moves together, and the median of the rounds' own p99s."""
    posts = [p * 1000 for run in runs for p in run.posts]
    first = [latency * 1000 for run in runs for latency in run.latencies]
    round_p99 = statistics.median(percentile([p * 1000 for p in run.posts], 0.99) for run in runs)
    print(f"# {ai} AI games of each game, {len(runs)} rounds together: {len(posts)} moves")
    print(f"FIGURE bot_all_post_p50_ms_ai{ai} {percentile(posts, 0.50):.1f} ms")
    print(f"FIGURE bot_all_post_p99_ms_ai{ai} {percentile(posts, 0.99):.1f} ms")
    ends = [p * 1000 for run in runs for p in run.game_ends]
    print(f"FIGURE bot_all_game_ends_ai{ai} {len(ends)} moves")
    if ends:
        print(f"FIGURE bot_all_game_end_post_max_ms_ai{ai} {max(ends):.1f} ms")
    print(f"FIGURE bot_rounds_median_post_p99_ms_ai{ai} {round_p99:.1f} ms")
    print(f"FIGURE bot_all_first_answer_p99_ms_ai{ai} {percentile(first, 0.99):.1f} ms")
    print(f"FIGURE bot_all_failed_ai{ai} {sum(run.failed for run in runs)} interactions")


def report_load(ai: int, measured: Run, elapsed: float) -> None:
    ms = [d * 1000 for d in measured.durations]
    posts = [p * 1000 for p in measured.posts]
    first = [latency * 1000 for latency in measured.latencies]
    print(
        f"# {ai} AI games thinking: {len(ms)} moves in {elapsed:.1f} s, mean {statistics.fmean(ms):.1f} ms; "
        f"{measured.ai_moves} AI moves announced meanwhile"
    )
    print(f"FIGURE bot_move_p50_ms_ai{ai} {percentile(ms, 0.50):.1f} ms")
    print(f"FIGURE bot_move_p99_ms_ai{ai} {percentile(ms, 0.99):.1f} ms")
    print(f"FIGURE bot_post_p50_ms_ai{ai} {percentile(posts, 0.50):.1f} ms")
    print(f"FIGURE bot_post_p99_ms_ai{ai} {percentile(posts, 0.99):.1f} ms")
    print(f"FIGURE bot_post_max_ms_ai{ai} {max(posts):.1f} ms")
    ends = [p * 1000 for p in measured.game_ends]
    print(f"# {len(ends)} of these moves ended a game; their posts: {', '.join(f'{e:.0f}' for e in ends) or '-'} ms")
    print(f"FIGURE bot_first_answer_p99_ms_ai{ai} {percentile(first, 0.99):.1f} ms")
    print(f"FIGURE bot_failed_ai{ai} {measured.failed} interactions")
    if ai == 0:
        trips = measured.transactions
        print(f"FIGURE bot_db_round_trips_per_move {statistics.fmean(trips):.2f} transactions")
        print(f"FIGURE bot_db_round_trips_per_move_max {max(trips)} transactions")
        marks = measured.marks
        print(f"FIGURE bot_db_announced_marks_per_move {statistics.fmean(marks):.2f} transactions")
    sys.stdout.flush()
