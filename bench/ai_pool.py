"""How long the bot's event loop takes to answer while hard AIs think: in threads vs the AI pool.

    python -m bench.ai_pool [--thinking N] [--rollouts R]

A probe stands for a command: every 20 ms it wakes up and does a few milliseconds of engine work
(replaying a game), and its latency is the time from the planned wake-up to the end of that work.
N hard decisions run at once, first in threads of this process (the old way), then in the AI pool's
worker processes. Prints ``FIGURE probe_latency_{p50,p99}_{idle,threads,pool} <s> s``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable

from ai.clans import choose_action
from engine.clans import Action, apply, legal_moves, new_game, public_view, replay
from service.ai_pool import AiPool
from service.clans.ai_client import ClansAi

PERIOD_S = 0.02


def position(seed: int = 5, plies: int = 12) -> tuple[int, list[Action]]:
    state = new_game(4, seed)
    history: list[Action] = []
    for i in range(plies):
        options = legal_moves(state)
        move = options[(i * 17) % len(options)]
        apply(state, move)
        history.append(move)
    return seed, history


async def probe(until: Callable[[], bool], history: list[Action]) -> list[float]:
    latencies = []
    texts = [a.text for a in history]
    while not until():
        planned = time.perf_counter() + PERIOD_S
        await asyncio.sleep(PERIOD_S)
        replay(5, 4, texts)  # the engine work of a command
        latencies.append(time.perf_counter() - planned)
    return latencies


async def measure(thinking: Callable[[], Awaitable[object]], history: list[Action], n: int) -> list[float]:
    jobs = asyncio.gather(*(thinking() for _ in range(n)))
    latencies = await probe(jobs.done, history)
    await jobs
    return latencies


async def run(n: int, rollouts: int) -> list[str]:
    seed, history = position()
    state = new_game(4, seed)
    for action in history:
        apply(state, action)
    start, seat, clan = public_view(new_game(4, seed)), state.to_move, state.clans[state.to_move]

    async def idle() -> None:
        await asyncio.sleep(2.0)

    async def in_thread() -> object:
        return await asyncio.to_thread(choose_action, "hard", start, history, seat, clan, 1, 60.0, iterations=rollouts)

    pool = AiPool()
    ai = ClansAi(pool, rollouts=rollouts, budget_s=60.0)
    await pool.start()

    async def in_pool() -> object:
        return await ai.choose("hard", start, history, seat, clan, game_id=1)

    lines = []
    try:
        for name, thinking, count in (("idle", idle, 1), ("threads", in_thread, n), ("pool", in_pool, n)):
            latencies = sorted(await measure(thinking, history, count))
            p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
            lines.append(f"FIGURE probe_latency_p50_{name} {statistics.median(latencies):.4f} s")
            lines.append(f"FIGURE probe_latency_p99_{name} {p99:.4f} s")
    finally:
        await pool.close()
    lines.append(f"FIGURE ai_pool_workers {pool.size} processes")
    lines.append(f"FIGURE ai_thinking_at_once {n} decisions")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--thinking", type=int, default=4, help="hard decisions at once")
    parser.add_argument("--rollouts", type=int, default=800)
    args = parser.parse_args(argv)
    for line in asyncio.run(run(args.thinking, args.rollouts)):
        print(line)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
