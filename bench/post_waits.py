"""Where a measured move's public post waited (``bench.bot --why``): probes on the bot's drawing slots, its AI
pool, its store's transactions and the event loop, each charged to the measured move whose task asked (a context
variable the move's interaction task inherits), or to "the rest" (AI games, other games) when none did.

Measured per move: the time waiting for a drawing slot, the time drawing (wall, and the drawing thread's CPU: what
it held the GIL for at most), the time waiting on the AI pool (requests a human's post waits on: the end of a game's
readings), the time in store transactions, and the event loop's longest lag while the move was under way (a
ticker every 2 ms: how late it woke, the loop being held by a callback or the GIL by a thread). What the move's
task does after its post counts too (a game's end: its reading, edited into the result after it is posted).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from bot import GameBot

measured_move: ContextVar[int | None] = ContextVar("measured_move", default=None)
"""The measured move whose task runs (None: an AI game's or another task)."""

TICK_S = 0.002


@dataclass
class Waits:
    """One move's (or the rest's) time in each place."""

    slot_wait: float = 0.0
    draw_wall: float = 0.0
    draw_cpu: float = 0.0
    draws: list[str] = field(default_factory=list)
    pool: float = 0.0
    pool_requests: list[str] = field(default_factory=list)
    store: float = 0.0
    transactions: int = 0
    loop_lag_max: float = 0.0

    def line(self) -> str:
        return (
            f"slot wait {self.slot_wait * 1000:.0f} ms, drawing {self.draw_wall * 1000:.0f} ms "
            f"({self.draw_cpu * 1000:.0f} ms CPU: {','.join(self.draws) or '-'}), "
            f"AI pool {self.pool * 1000:.0f} ms ({','.join(self.pool_requests) or '-'}), "
            f"store {self.store * 1000:.0f} ms in {self.transactions}, loop lag max {self.loop_lag_max * 1000:.0f} ms"
        )


class PostProbes:
    """The probes, installed on a bot for the whole run; ``moves[i]`` holds move ``i``'s waits."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.moves: dict[int, Waits] = {}
        self.rest = Waits()
        self._current: int | None = None
        self._ticker: asyncio.Task[None] | None = None

    def waits(self) -> Waits:
        move = measured_move.get()
        if move is None:
            return self.rest
        return self.moves.setdefault(move, Waits())

    @contextlib.contextmanager
    def move(self, index: int) -> Iterator[None]:
        """Tasks started inside (the move's interaction task) are charged to move ``index``; the loop's lag is
        charged to it from now until ``replied``."""
        token = measured_move.set(index)
        self._current = index
        self.moves.setdefault(index, Waits())
        try:
            yield
        finally:
            measured_move.reset(token)

    def replied(self) -> None:
        self._current = None

    def install(self) -> None:
        self._probe_drawing()
        self._probe_pool()
        self._probe_store()
        self._ticker = asyncio.create_task(self._tick(), name="post-waits-ticker")

    def close(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()

    def _probe_drawing(self) -> None:
        drawing = self.bot.drawing
        original = drawing.draw
        probes = self

        async def draw(render: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
            waits = probes.waits()
            asked = time.perf_counter()
            cpu = [0.0]

            def timed() -> bytes:
                began = time.thread_time()
                try:
                    return render(*args, **kwargs)
                finally:
                    cpu[0] = time.thread_time() - began

            # Slot wait: the original waits for a slot and then draws; the drawing's own time starts in the thread.
            started = [0.0]

            def marked() -> bytes:
                started[0] = time.perf_counter()
                return timed()

            try:
                return await original(marked)
            finally:
                done = time.perf_counter()
                waits.slot_wait += (started[0] or done) - asked
                waits.draw_wall += done - (started[0] or done)
                waits.draw_cpu += cpu[0]
                waits.draws.append(getattr(render, "__name__", "?"))

        drawing.draw = draw  # type: ignore[method-assign]

    def _probe_pool(self) -> None:
        pool = self.bot.ai_pool
        original = pool.run
        probes = self

        async def run(request: Any, **kwargs: Any) -> Any:
            waits = probes.waits()
            began = time.perf_counter()
            try:
                return await original(request, **kwargs)
            finally:
                if waits is not probes.rest:
                    waits.pool += time.perf_counter() - began
                    waits.pool_requests.append(type(request).__name__)

        pool.run = run  # type: ignore[method-assign]

    def _probe_store(self) -> None:
        store = self.bot.store
        chained = store.on_transaction
        probes = self

        def told(kind: str, seconds: float) -> None:
            waits = probes.waits()
            waits.store += seconds
            waits.transactions += 1
            if chained is not None:
                chained(kind, seconds)

        store.on_transaction = told

    async def _tick(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(TICK_S)
            late = time.perf_counter() - before - TICK_S
            if self._current is not None:
                waits = self.moves[self._current]
                waits.loop_lag_max = max(waits.loop_lag_max, late)
            self.rest.loop_lag_max = max(self.rest.loop_lag_max, late)


def report(probes: PostProbes, posts: list[float], indices: list[int], label: str, slowest: int = 3) -> None:
    """Where the load's posts waited: in all, and for its slowest moves one by one."""
    moves = [probes.moves.get(i, Waits()) for i in indices]
    total = len(moves) or 1
    print(
        f"# {label} where the posts waited, mean per move: "
        f"slot wait {sum(w.slot_wait for w in moves) / total * 1000:.1f} ms, "
        f"drawing {sum(w.draw_wall for w in moves) / total * 1000:.1f} ms "
        f"({sum(w.draw_cpu for w in moves) / total * 1000:.1f} ms CPU), "
        f"AI pool {sum(w.pool for w in moves) / total * 1000:.1f} ms, "
        f"store {sum(w.store for w in moves) / total * 1000:.1f} ms"
    )
    for post, index, waits in sorted(zip(posts, indices, moves, strict=True), reverse=True)[:slowest]:
        print(f"#   move {index}: post {post * 1000:.0f} ms: {waits.line()}")
    rest = probes.rest
    print(f"#   the rest (AI games) so far: {len(rest.draws)} drawings, {rest.draw_cpu:.2f} s of their CPU")
