"""Latency of `/clans move` through the real bot, in-process, with Discord's HTTP captured by the test fake.

    python -m bench.bot [--moves 500] [--profile out.prof]

Four humans play games (random legal moves, new games as they end) through real interaction payloads dispatched
into the command tree; the bot answers over the fake Discord of tests/cogs. For each `/clans move` it measures
from the interaction arriving to the last HTTP call of the reply (the public announcement with the board image),
and to the first answer (what must come within Discord's 3 s). Prints `FIGURE <name> <value> <unit>` lines.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "cogs"))

from botkit import (  # the harness lives with the tests
    answered,
    custom_ids,
    message_with,
    open_game,
    peek,
    start_bot,
    users,
)
from fakediscord import FakeDiscord

from engine import Phase, legal_moves

PLAYERS = 4


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def run(moves_wanted: int, seed: int) -> tuple[list[float], list[float], int, float, int]:
    """(durations, first-answer latencies, moves committed, seconds, games) for ``moves_wanted`` moves."""
    rng = random.Random(seed)
    fake = FakeDiscord(settle_timeout=30)
    fake.install()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            bot = await start_bot(fake, Path(tmp), seeds=range(seed, seed + 10_000))
            people = users(fake, PLAYERS)
            by_id = {p.id: p for p in people}
            durations: list[float] = []
            latencies: list[float] = []
            games = 0
            game_id = 0
            started = time.perf_counter()
            while len(durations) < moves_wanted:
                table = await peek(bot, game_id) if game_id else None
                if table is None or table.state.over:
                    game_id = await open_game(fake, people)
                    games += 1
                    continue
                mover = by_id[table.mover.user_id]  # type: ignore[index]
                if table.state.phase is Phase.ORDER:
                    menu = message_with(fake, f"clans:order:{game_id}:")
                    [custom_id] = custom_ids(menu)
                    choice = rng.choice(legal_moves(table.state))
                    answered(await fake.select(mover, menu, custom_id, [str(choice.src)]))
                    continue
                move = rng.choice(legal_moves(table.state))
                result = answered(await fake.slash(mover, "clans move", {"from": move.src, "to": move.dst}))
                assert result.followups and not result.followups[-1].ephemeral, "the move was not announced"
                durations.append(result.duration)
                latencies.append(result.latency)
            elapsed = time.perf_counter() - started
            committed = 0
            for number in range(1, game_id + 1):
                committed += sum(1 for m in await bot.store.moves(number) if "-" in m.action)
            await fake.close()
    finally:
        fake.uninstall()
    fake.assert_clean()
    return durations, latencies, committed, elapsed, games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", type=Path, help="write cProfile stats here and print the top entries")
    args = parser.parse_args()
    profiler = cProfile.Profile() if args.profile else None
    if profiler:
        profiler.enable()
    durations, latencies, committed, elapsed, games = asyncio.run(run(args.moves, args.seed))
    if profiler:
        profiler.disable()
        profiler.dump_stats(args.profile)
        pstats.Stats(str(args.profile)).sort_stats("cumulative").print_stats(30)
    ms = [d * 1000 for d in durations]
    first = [latency * 1000 for latency in latencies]
    print(f"# {len(ms)} /clans move interactions over {games} games of {PLAYERS} humans, {elapsed:.1f} s")
    print(f"# duration mean {statistics.fmean(ms):.1f} ms, max {max(ms):.1f} ms; first answer max {max(first):.1f} ms")
    print(f"FIGURE bot_move_p50_ms {percentile(ms, 0.50):.1f} ms")
    print(f"FIGURE bot_move_p99_ms {percentile(ms, 0.99):.1f} ms")
    print(f"FIGURE bot_first_response_p99_ms {percentile(first, 0.99):.1f} ms")
    print(f"FIGURE bot_moves_committed_per_s {committed / elapsed:.1f} moves/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
