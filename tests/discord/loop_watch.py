"""How long the bot's own AI path holds the event loop: every step of the tasks whose name says they play an AI
turn (``clans-ai-<id>``, ``alexandros-ai-<id>``: GameTasks (cogs/ai_tasks.py)) is timed as asyncio's debug mode times a
slow callback, but on the main thread's CPU clock as well as the wall clock.

The CPU clock counts only what the step itself computed: on a loaded machine another process taking the core
stretches the wall clock of a step, never its CPU time, so a budget on CPU time cannot go flaky there, and a step
that computes (replays a game, draws a board, reads clans) on the event loop shows at its full cost.

A garbage collection that happens to start inside a step is timed apart (``gc_s``) and left out of ``own_s``: its
length is the whole process's heap, not the step's work (in a test process that has run two thousand tests before,
one full collection takes a fifth of a second; the bot's own process holds far less).

    with LoopWatch() as watch:
        ...  # AI games play
    assert watch.worst().cpu_s < BUDGET_S
"""

from __future__ import annotations

import asyncio
import gc
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

AI_TASK_PREFIXES = ("clans-ai-", "alexandros-ai-")
"""The names GameTasks gives the tasks that play a game's AI turns."""


@dataclass(frozen=True, slots=True)
class Span:
    """One step of a watched task: the event loop ran nothing else meanwhile."""

    task: str
    cpu_s: float
    wall_s: float
    where: str
    """The coroutine's frame the step stopped in (or ended): where to look."""
    gc_s: float = 0.0
    """CPU time of the garbage collections that ran during the step (part of ``cpu_s``)."""

    @property
    def own_s(self) -> float:
        """CPU time the step computed itself: ``cpu_s`` without the collections."""
        return self.cpu_s - self.gc_s


class LoopWatch:
    """Times every step of the tasks ``watched`` names (by default the AI turns' tasks) while installed."""

    def __init__(self, watched: Callable[[str], bool] | None = None) -> None:
        self.watched = watched or (lambda name: name.startswith(AI_TASK_PREFIXES))
        self.spans: list[Span] = []
        self._original: Callable[..., Any] | None = None
        self._collecting = _Collections()

    def worst(self) -> Span:
        """The step that computed most itself (a zero span when none was seen)."""
        return max(self.spans, key=lambda s: s.own_s, default=Span("", 0.0, 0.0, ""))

    def over(self, cpu_s: float) -> list[Span]:
        """The steps that computed more than ``cpu_s`` themselves (collections left out)."""
        return [span for span in self.spans if span.own_s > cpu_s]

    def __enter__(self) -> LoopWatch:
        original = asyncio.events.Handle._run
        self._original = original
        spans, watched, collecting = self.spans, self.watched, self._collecting

        def timed_run(handle: asyncio.events.Handle) -> None:
            task = getattr(getattr(handle, "_callback", None), "__self__", None)  # a Task's step: its bound method
            if not isinstance(task, asyncio.Task) or not watched(task.get_name()):
                original(handle)
                return
            collecting.total = 0.0
            cpu, wall = time.thread_time(), time.perf_counter()
            original(handle)
            cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
            spans.append(Span(task.get_name(), cpu, wall, _where(task), collecting.total))

        asyncio.events.Handle._run = timed_run  # type: ignore[method-assign,assignment]
        gc.callbacks.append(collecting)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._collecting in gc.callbacks:
            gc.callbacks.remove(self._collecting)
        if self._original is not None:
            asyncio.events.Handle._run = self._original  # type: ignore[method-assign]
            self._original = None


class _Collections:
    """A gc callback adding up the event loop's thread's CPU time in collections (``total``, reset by each step;
    a collection in a worker thread is that thread's)."""

    def __init__(self) -> None:
        self.total = 0.0
        self._started: float | None = None
        self._thread = threading.get_ident()

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if threading.get_ident() != self._thread:
            return
        if phase == "start":
            self._started = time.thread_time()
        elif self._started is not None:
            self.total += time.thread_time() - self._started
            self._started = None


def _where(task: asyncio.Task[Any]) -> str:
    awaiting: Any = task.get_coro()
    frame = None
    while awaiting is not None and getattr(awaiting, "cr_frame", None) is not None:  # down to the innermost await
        frame = awaiting.cr_frame
        awaiting = awaiting.cr_await
    if frame is None:
        return "(finished)"
    return f"{frame.f_code.co_filename.rsplit('/', 1)[-1]}:{frame.f_lineno} {frame.f_code.co_name}"


@contextmanager
def watching(watched: Callable[[str], bool] | None = None) -> Iterator[LoopWatch]:
    with LoopWatch(watched) as watch:
        yield watch
