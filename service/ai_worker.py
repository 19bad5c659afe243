"""What runs inside an AI worker process: one request in, one answer out, over a pipe.

Nothing here touches Discord or the database, nor knows any game: a request is any picklable object whose
``solve()`` does the thinking (each game defines its own, in ``ai/<name>/requests.py``). A request
carries only what an AI seat may know, with a seed for its own sampling that is never the game's setup seed
(see ``ai_pool.decision_seed``).
"""

from __future__ import annotations

import contextlib
import os
import pickle
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Protocol, TypeVar

WORKER_NICENESS = 10
"""How much lower than the bot a worker runs: the bot's answers come first on a busy machine."""

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class AiRequest(Protocol[T_co]):
    """One piece of AI work: picklable (it crosses to a worker process: a module-level class whose fields
    pickle), and answered by ``solve()`` in the worker, with a picklable answer."""

    def solve(self) -> T_co: ...


Solver = Callable[[AiRequest[object]], object]
"""What a worker runs on a request: ``solve`` below, or a faulty stand-in in tests (a module-level function)."""


def solve(request: AiRequest[T]) -> T:
    """The default solver of a worker: the request's own work."""
    return request.solve()


def serve(conn: Connection, solver: Solver, niceness: int) -> None:
    """A worker's life: lower its priority, say it is ready, then answer requests until the pipe closes.

    Each request arrives pickled (``AiPool`` pickles it once); each answer is ``(pid, True, result)`` or, when
    the request could not be read or the solver raised, ``(pid, False, message)``.
    """
    if niceness and hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed here: run at the bot's priority rather than not at all
            os.nice(niceness)
    pid = os.getpid()
    conn.send(pid)  # ready: the pool starts counting a request's deadline from here
    while True:
        try:
            payload = conn.recv_bytes()
        except (EOFError, OSError):  # the bot closed the pipe or died
            return
        if not payload:  # the pool's goodbye
            return
        try:
            answer: tuple[int, bool, object] = (pid, True, solver(pickle.loads(payload)))
        except Exception as error:
            answer = (pid, False, f"{type(error).__name__}: {error}")
        try:
            conn.send(answer)
        except (BrokenPipeError, OSError):
            return
