"""AI thinking in worker processes, so a hard AI never slows down anyone else's command.

The bot's process only waits: a small pool of worker processes (at most one fewer than the cores,
at least one, at a lower priority than the bot) answers every AI request. The pool knows no game: a request
is any picklable object with a ``solve()`` (``ai_worker.AiRequest``); each game wraps its own requests in a
small client (``service/<name>/ai_client.py``). A request waits in line while every worker is busy.
A worker that dies, or overruns its deadline (the request's budget plus a margin), is replaced and the
request asked once more; should that fail too, the request's fallback answers (a game's legal move), so a
game never stalls. Urgent requests (a game's end waits on them: they take milliseconds, a decision a second
or more) go ahead of the decisions in line. Unix only (the answer is awaited with ``loop.add_reader`` on the
worker's pipe).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import multiprocessing
import os
import pickle
import secrets
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from typing import Generic, TypeVar, cast

from registry import GAME_NAMES, package_of
from service.ai_line import FairLine
from service.ai_worker import WORKER_NICENESS, AiRequest, Solver, serve, solve

log = logging.getLogger("clans.ai_pool")

T = TypeVar("T")

DEFAULT_MARGIN_S = 10.0
"""How long past its budget a worker may take before it is judged hung (a busy machine is slow)."""
STARTUP_S = 60.0
"""How long a new worker may take to start (importing a game's AI on a busy machine)."""


DEFAULT_MAX_WAITING = 200
"""Decisions waiting in line at most (see AiPool.max_waiting)."""
QUIET_LINE = 4
"""Lines shorter than this are not logged."""

Place = tuple[int | None, int]
"""Where a decision waits its turn in the fair line: its game's server (None: none known) and the game."""


class AiPoolError(RuntimeError):
    """The workers could not answer (twice), or the AI raised; a request with a fallback gets it instead."""


class AiQueueFull(RuntimeError):
    """Too many decisions wait in line: this one is not taken (its game waits for the AI sweep)."""


class _WorkerLost(Exception):
    """The worker died or hung while answering."""


@dataclass(frozen=True, slots=True)
class Answer(Generic[T]):
    """A request's answer, and the process that worked it out (None when its fallback answered)."""

    value: T
    pid: int | None


def decision_seed(secret: bytes, game_id: int, ply: int, seat: int) -> int:
    """The AI's own randomness for one decision: a keyed hash that cannot rebuild the game's deal."""
    digest = hashlib.blake2b(f"{game_id}:{ply}:{seat}".encode(), key=secret, digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 2


def default_workers() -> int:
    return max(1, (os.cpu_count() or 2) - 1)


class _Worker:
    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.busy = False

    async def ask(self, payload: bytes, timeout_s: float) -> tuple[int, bool, object]:
        """``payload``: the request, pickled."""
        loop = asyncio.get_running_loop()
        readable: asyncio.Future[None] = loop.create_future()
        fd = self.conn.fileno()
        self.busy = True
        try:
            self.conn.send_bytes(payload)
        except OSError as error:
            raise _WorkerLost(f"could not send: {error}") from None
        loop.add_reader(fd, _settle, readable)
        try:
            async with asyncio.timeout(timeout_s):  # not wait_for: it can swallow a cancellation in 3.11
                await readable
        except TimeoutError:
            raise _WorkerLost(f"no answer within {timeout_s:g} s") from None
        finally:
            loop.remove_reader(fd)
        try:
            answer: tuple[int, bool, object] = self.conn.recv()
        except (EOFError, OSError):
            raise _WorkerLost(f"died (exit code {self.process.exitcode})") from None
        self.busy = False
        return answer

    def stop(self, grace_s: float) -> None:
        """Blocking: ask an idle worker to leave, then kill it if it is still there after ``grace_s``."""
        if not self.busy:
            with contextlib.suppress(OSError):
                self.conn.send_bytes(b"")  # goodbye
            self.process.join(grace_s)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(grace_s)
        with contextlib.suppress(OSError):  # already closed (seen as EBADF when a bot closes mid-decision)
            self.conn.close()


class AiPool:
    """Worker processes answering AI requests of any game; ``await start()`` then ``await close()``, and
    ``await run(request, ...)`` in between.

    ``secret`` keys every decision's seed (random per pool unless given, for reproducible tests);
    ``solver`` is what a worker runs on a request (tests pass faulty ones); ``preload``: modules the workers
    import before their first request (by default each game's ``ai.<game>.requests``, named by the registry).
    """

    def __init__(
        self,
        workers: int | None = None,
        *,
        margin_s: float = DEFAULT_MARGIN_S,
        secret: bytes | None = None,
        solver: Solver = solve,
        niceness: int = WORKER_NICENESS,
        max_waiting: int = DEFAULT_MAX_WAITING,
        preload: Sequence[str] | None = None,
    ) -> None:
        self.size = max(1, min(workers or default_workers(), default_workers()))
        self.margin_s = margin_s
        self.replaced = 0
        """Workers replaced after dying or hanging (for logs and tests)."""
        self.fallbacks = 0
        """Requests answered by their fallback."""
        self._secret = secret if secret is not None else secrets.token_bytes(16)
        self._solver = solver
        self._niceness = niceness
        self._context = _context(
            [package_of(name, "ai.requests") for name in GAME_NAMES] if preload is None else preload
        )
        self._workers: set[_Worker] = set()
        self._idle: list[_Worker] = []
        """Workers free to take a request (only while no request waits in line)."""
        self._line: FairLine[asyncio.Future[_Worker | None]] = FairLine()
        """Requests waiting for a worker, served fairly (``ai_line``); None wakes them when there is none."""
        self.max_waiting = max_waiting
        """Decisions that may wait in line; one more is refused (AiQueueFull) and its game left to the sweep."""
        self._logged_size = 0
        self._starting: asyncio.Lock = asyncio.Lock()
        self._started = False
        self._closed = False
        self._background: set[asyncio.Task[None]] = set()
        self.on_decision: Callable[[str, str, float], None] | None = None
        """Told each AI decision's game, level and seconds, its wait for a worker included (the bot's metrics)."""

    async def start(self) -> None:
        """Start the workers (off the event loop). Every request calls it: it also replaces a worker
        whose replacement failed to start before."""
        if self._started and len(self._workers) >= self.size:
            return
        async with self._starting:
            if self._closed:
                raise AiPoolError("The AI pool is shut down.")
            while len(self._workers) < self.size:
                self._add(await asyncio.to_thread(self._spawn))
            self._started = True

    async def close(self) -> None:
        """Stop every worker; requests still waiting get AiPoolError (or their fallback)."""
        self._closed = True
        for task in list(self._background):
            task.cancel()
        workers, self._workers = list(self._workers), set()
        self._idle.clear()
        self._wake_all()
        await asyncio.to_thread(_stop_all, workers)

    def seed(self, game_id: int, ply: int, seat: int) -> int:
        """The seed of one decision's own sampling, keyed by this pool's secret (never the game's setup seed,
        which rebuilds the deal): see ``decision_seed``."""
        return decision_seed(self._secret, game_id, ply, seat)

    @property
    def pids(self) -> set[int]:
        """The process ids of the live workers."""
        return {worker.process.pid for worker in self._workers if worker.process.pid is not None}

    async def run(
        self,
        request: AiRequest[T],
        *,
        budget_s: float,
        place: Place | None = None,
        fallback: Callable[[], T] | None = None,
        bounded: bool = True,
    ) -> Answer[T]:
        """``request.solve()``, worked out in a worker process, which is judged hung after ``budget_s`` plus
        the pool's margin.

        ``place``: a decision's server and game; it waits its turn in line with the decisions of other games
        (round-robin across servers, then their games), and is refused at once (AiQueueFull) when
        ``max_waiting`` decisions already wait, unless not ``bounded`` (a caller that cannot step aside
        for the AI sweep). None: an urgent request, ahead of every decision.
        ``fallback``: what answers (counted in ``fallbacks``, with ``pid`` None) when the workers fail twice or
        the AI raises, so a game goes on; without one, AiPoolError.
        """
        if place is not None and bounded and not self._idle and self._line.decisions >= self.max_waiting:
            log.warning(
                "AI queue full (%d decisions waiting): game %s of server %s waits for the sweep",
                self._line.decisions,
                place[1],
                place[0],
            )
            raise AiQueueFull(f"{self._line.decisions} AI decisions are already waiting")
        began = time.perf_counter()
        try:
            pid, result = await self._run(_pickled(request), budget_s + self.margin_s, place)
        except AiPoolError as error:
            if fallback is None:
                raise
            # The request's type only: its fields may hold a secret (an AI's clan, a hand), never logged.
            log.error(
                "AI request %s in game %s: %s; playing its fallback instead",
                type(request).__name__,
                "?" if place is None else place[1],
                error,
            )
            self.fallbacks += 1
            return Answer(fallback(), None)
        self._decided(request, time.perf_counter() - began)
        return Answer(cast(T, result), pid)

    def _decided(self, request: AiRequest[T], seconds: float) -> None:
        """Tell ``on_decision`` a decision's game (its request's package), level and time, waiting included."""
        kind = type(request)
        level = getattr(request, "level", None)
        if self.on_decision is None or not kind.__name__.endswith("Decision") or not isinstance(level, str):
            return
        parts = kind.__module__.split(".")
        self.on_decision(parts[1] if len(parts) > 2 else kind.__module__, level, seconds)

    @property
    def waiting(self) -> int:
        """Decisions waiting in line for a worker now."""
        return self._line.decisions

    async def _run(self, payload: bytes, timeout_s: float, place: Place | None) -> tuple[int, object]:
        for attempt in (1, 2):
            await self.start()
            worker = await self._take(place)
            if worker is None or worker not in self._workers:  # the pool was shut, or lost its workers
                raise AiPoolError("no AI worker is available")
            try:
                pid, ok, result = await worker.ask(payload, timeout_s)
            except _WorkerLost as lost:
                log.warning("AI worker %s %s (attempt %d); replacing it", worker.process.pid, lost, attempt)
                await self._replace(worker)
                continue
            except BaseException:  # cancelled mid-thought: its late answer must never reach another request
                self._in_background(self._replace(worker))
                raise
            self._give(worker)
            if not ok:
                raise AiPoolError(f"the AI failed: {result}")
            return pid, result
        raise AiPoolError("two workers in a row died or hung")

    async def _take(self, place: Place | None) -> _Worker | None:
        """A free worker, at once or after waiting in line (urgent requests first, then decisions round-robin
        across servers and their games)."""
        if self._idle and not self._line:
            return self._idle.pop()
        turn: asyncio.Future[_Worker | None] = asyncio.get_running_loop().create_future()
        if place is None:
            self._line.push_urgent(turn)
        else:
            self._line.push(*place, turn)
        self._log_line()
        try:
            return await turn
        except asyncio.CancelledError:  # given a worker just as it was cancelled: the worker goes on
            if turn.done() and not turn.cancelled() and (worker := turn.result()) is not None:
                self._give(worker)
            raise

    def _give(self, worker: _Worker) -> None:
        """A worker is free: to the first request in line, else to the idle ones."""
        while (turn := self._line.pop()) is not None:
            if not turn.done():  # a request cancelled while in line has left it
                turn.set_result(worker)
                self._log_line()
                return
        self._log_line()
        self._idle.append(worker)

    def _wake_all(self) -> None:
        """Every request in line gets None: the pool is shut, or has no worker to give."""
        for turn in self._line.drain():
            if not turn.done():
                turn.set_result(None)
        self._log_line()

    def _log_line(self) -> None:
        """The line's length per server, at INFO when it changes meaningfully: each time the number of decisions
        waiting reaches another power of two from QUIET_LINE up (4, 8, 16...), up or down, and when it drops
        below QUIET_LINE again (a line of a few decisions is the normal state of a busy pool: not logged)."""
        size = self._line.decisions
        if _loudness(size) == _loudness(self._logged_size):
            return
        self._logged_size = size
        servers = ", ".join(f"server {guild}: {count}" for guild, count in self._line.by_server().items())
        log.info("AI queue: %d decisions waiting%s", size, f" ({servers})" if servers else "")

    def _spawn(self) -> _Worker:
        """Blocking: start one worker process."""
        parent, child = self._context.Pipe()
        process = self._context.Process(
            target=serve, args=(child, self._solver, self._niceness), name="clans-ai-worker", daemon=True
        )
        process.start()
        child.close()
        worker = _Worker(process, parent)
        try:
            if not parent.poll(STARTUP_S):
                raise EOFError
            parent.recv()
        except (EOFError, OSError):
            worker.busy = True  # no goodbye to a worker that never said hello: it is killed
            worker.stop(0.0)
            raise AiPoolError(f"an AI worker did not start within {STARTUP_S:g} s") from None
        return worker

    def _add(self, worker: _Worker) -> None:
        if self._closed:
            worker.stop(0.0)
            return
        self._workers.add(worker)
        self._give(worker)

    async def _replace(self, worker: _Worker) -> None:
        self._workers.discard(worker)
        await asyncio.to_thread(worker.stop, 0.0)
        if self._closed:
            return
        self.replaced += 1
        try:
            await self.start()
        except AiPoolError as error:  # those in line play a legal move; the next request tries again
            log.error("Could not replace an AI worker: %s", error)
            self._wake_all()

    def _in_background(self, work: Coroutine[object, object, None]) -> None:
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)


def _loudness(size: int) -> int:
    return 0 if size < QUIET_LINE else size.bit_length()


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


def _stop_all(workers: Sequence[_Worker]) -> None:
    for worker in workers:
        worker.stop(1.0)


def _pickled(request: AiRequest[object]) -> bytes:
    """The request as it crosses to a worker, pickled once for both attempts. One that cannot be pickled is
    a bug of its game: AiPoolError (its fallback answers), never a worker lost."""
    try:
        return pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as error:
        raise AiPoolError(f"the request cannot reach a worker: {type(error).__name__}: {error}") from None


def _context(preload: Sequence[str]) -> SpawnContext | ForkServerContext:
    """Fork server where there is one: workers start quickly, without a copy of the bot's threads, with
    ``preload`` (the games' AI) already imported (a module that cannot be imported is skipped)."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["service.ai_worker", *preload])
        return context
    return multiprocessing.get_context("spawn")
