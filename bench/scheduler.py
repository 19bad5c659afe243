"""The turn clock's cost: finding due turns among many running games, and handling many timeouts at once.

    python -m bench.scheduler [--games 10000] [--due 100] [--level easy]

1. ``due_query``: 10,000 running games with a clock on a file database, 100 of them due; the scheduler's one
   query (``Store.due_turns``, the partial index on ``next_event_at``), median of 50 runs; and the
   ``next_event_time`` query the loop sleeps on.
2. ``timeouts``: 100 two-player games whose deadline passed at the same moment, handled by one scheduler tick
   through the real bot (fake Discord of tests/discord): claim, autopilot move (AI level ``--level``, easy by
   default so the figure measures the scheduler rather than the AI's thinking), commit, and the public
   announcement with its board image. Also the same 100 timeouts through the service alone (no Discord, no
   image), from a fresh set of games.

Prints ``FIGURE <name> <value> <unit>`` lines.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "discord"))

from botkit import answered, cog, start_bot, users  # the harness lives with the tests
from fakediscord import FakeDiscord

from cogs.clock import PARALLEL
from service.ai_pool import AiPool
from service.clans.deadlines import Deadlines
from service.clans.games import ClansService
from service.pace import ManualClock, Pace, new_turn
from store import DueTurn, Store
from store.records import iso


async def due_query(games: int, due: int) -> None:
    clock = ManualClock()
    now = clock()
    with tempfile.TemporaryDirectory() as tmp:
        async with await Store.open(Path(tmp) / "bench.db") as store:
            rows = []
            for n in range(games):
                # `due` games fell due a minute ago; the others at spread times over the next day.
                start = now - timedelta(hours=12, minutes=1) if n < due else now - timedelta(seconds=n % 43_000)
                turn = new_turn(Pace.DAILY, n % 2, start)
                assert turn.deadline_at is not None and turn.next_event_at is not None and turn.stage is not None
                rows.append(
                    (
                        1,
                        10_000 + n,
                        1,
                        n,
                        iso(now),
                        '{"ply": 0}',
                        iso(start),
                        iso(turn.deadline_at),
                        turn.stage.value,
                        iso(turn.next_event_at),
                    )
                )
            async with store._write() as conn:
                await conn.executemany(
                    "INSERT INTO games (guild_id, channel_id, host_id, status, seed, created_at, snapshot,"
                    " clock_seat, turn_started_at, deadline_at, clock_stage, next_event_at)"
                    " VALUES (?, ?, ?, 'running', ?, ?, ?, 0, ?, ?, ?, ?)",
                    rows,
                )
            samples = []
            for _ in range(50):
                began = time.perf_counter()
                found = await store.due_turns(now, 100, game="clans")
                samples.append(time.perf_counter() - began)
            assert len(found) == due, (len(found), due)
            nexts = []
            for _ in range(50):
                began = time.perf_counter()
                await store.next_event_time(game="clans")
                nexts.append(time.perf_counter() - began)
    print(f"FIGURE scheduler_due_query_{games}_games {statistics.median(samples) * 1000:.2f} ms")
    print(f"FIGURE scheduler_next_event_query_{games}_games {statistics.median(nexts) * 1000:.2f} ms")


async def timeouts_through_the_bot(count: int, level: str) -> None:
    clock = ManualClock()
    fake = FakeDiscord(settle_timeout=60)
    fake.install()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            bot = await start_bot(fake, Path(tmp), seeds=range(500, 500 + count), now=clock)
            cog(bot).clock.stop()  # this benchmark runs the tick itself
            cog(bot).deadlines.level = level
            alice, bob = users(fake, 2)
            for n in range(count):
                channel = fake.text_channel(5_000 + n)
                answered(await fake.slash(alice, "clans new", {"pace": "fast"}, channel=channel))
                answered(await fake.slash(bob, "clans join", channel=channel))
                answered(await fake.slash(alice, "clans start", channel=channel))
            clock.advance(timedelta(hours=1))
            began = time.perf_counter()
            handled = await cog(bot).clock.tick()
            seconds = time.perf_counter() - began
            moved = sum([len(await bot.store.moves(g)) for g in range(1, count + 1)])
            assert handled == count and moved == count, (handled, moved)
    finally:
        await fake.close()
        fake.uninstall()
    # One scheduler tick: claims, autopilot moves, commits, public messages with board images (fake Discord).
    print(f"FIGURE scheduler_tick_{count}_timeouts_{level}_ai {seconds:.2f} s")


async def timeouts_through_the_service(count: int, level: str) -> None:
    clock = ManualClock()
    with tempfile.TemporaryDirectory() as tmp:
        async with await Store.open(Path(tmp) / "bench.db") as store:
            seeds = iter(range(700, 700 + count))
            pool = AiPool()
            await pool.start()
            try:
                games = ClansService(store, seed_source=lambda: next(seeds), ai_pool=pool, now=clock)
                deadlines = Deadlines(games, level=level)
                for n in range(count):
                    lobby = await games.open_lobby(1, 6_000 + n, 1, "alice", "fast")
                    await games.join(lobby.id, 2, "bob")
                    await games.start(lobby.id, 1)
                clock.advance(timedelta(hours=1))
                began = time.perf_counter()
                due = await deadlines.due(count)
                limit = asyncio.Semaphore(PARALLEL)  # as the scheduler's tick does

                async def handle(due_turn: DueTurn) -> object:
                    async with limit:
                        return await deadlines.handle(due_turn)

                events = await asyncio.gather(*(handle(d) for d in due))
                seconds = time.perf_counter() - began
            finally:
                await pool.close()
            assert len(due) == count and all(e is not None for e in events)
    # The same work without Discord or images: claims, autopilot moves, commits.
    print(f"FIGURE scheduler_{count}_timeouts_{level}_ai_service_only {seconds:.2f} s")


async def main(games: int, due: int, level: str) -> None:
    await due_query(games, due)
    await timeouts_through_the_service(due, level)
    await timeouts_through_the_bot(due, level)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--due", type=int, default=100)
    parser.add_argument("--level", default="easy", choices=("easy", "normal", "hard"))
    options = parser.parse_args()
    asyncio.run(main(options.games, options.due, options.level))
