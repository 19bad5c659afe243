"""How long `/clans profile`'s queries take for a player with a short and with a long history.

    python -m bench.profile [--results 100,7000]

For each history length, a fresh database gets that many finished, rated two-player games for one user
(written in bulk, as the store would have stored them), then ``Store.profile`` is timed. With the best total
kept on the rating and the last five results read from an index, the time should not grow with the history.
Prints `FIGURE <name> <value> <unit>` lines.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from store import Store

GUILD, USER, RIVAL = 900, 11, 12
CALLS = 50


async def filled(path: Path, results: int) -> Store:
    store = await Store.open(path)
    async with store._write() as conn:  # bulk, in one transaction: the bench measures reads, not this
        await conn.executemany(
            "INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, created_at, finished_at, rated)"
            " VALUES (?, ?, ?, ?, 'finished', 1, ?, ?, 1)",
            [
                (n, GUILD, 10_000 + n, USER, f"2026-01-01T00:00:{n % 60:02d}", f"2026-02-{n % 28 + 1:02d}")
                for n in range(1, results + 1)
            ],
        )
        await conn.executemany(
            "INSERT INTO results (game_id, seat, user_id, name, clan, clan_score, chips, total, winner, resigned,"
            " guild_id, finished_at) VALUES (?, ?, ?, ?, 'red', 30, 2, ?, ?, 0, ?, ?)",
            [
                row
                for n in range(1, results + 1)
                for row in (
                    (n, 0, USER, "Ann", 30 + n % 17, n % 2, GUILD, f"2026-02-{n % 28 + 1:02d}"),
                    (n, 1, RIVAL, "Bob", 31, 1 - n % 2, GUILD, f"2026-02-{n % 28 + 1:02d}"),
                )
            ],
        )
        await conn.executemany(
            "INSERT INTO ratings (guild_id, user_id, name, mu, sigma, games, wins, points, best_total, updated_at)"
            " VALUES (?, ?, ?, 25, 3, ?, ?, ?, ?, '2026-03-01')",
            [(GUILD, USER, "Ann", results, results // 2, 35 * results, 46), (GUILD, RIVAL, "Bob", results, 0, 0, 31)],
        )
    return store


async def time_profile(results: int) -> float:
    """Median milliseconds of one ``profile`` call for a user with ``results`` finished games."""
    with tempfile.TemporaryDirectory() as tmp:
        async with await filled(Path(tmp) / "clans.db", results) as store:
            profile = await store.profile(GUILD, USER, game="clans")
            assert profile is not None and len(profile.recent) == 5 and profile.games == results
            times = []
            for _ in range(CALLS):
                started = time.perf_counter()
                await store.profile(GUILD, USER, game="clans")
                times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", default="100,7000", help="history lengths to time, comma-separated")
    args = parser.parse_args()
    for results in (int(n) for n in args.results.split(",")):
        print(f"FIGURE profile_ms_{results}_results {asyncio.run(time_profile(results)):.2f} ms", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
