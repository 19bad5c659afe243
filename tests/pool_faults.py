"""Faulty AI solvers, and a request no game defines, for the pool's tests. They run inside worker processes,
which import this small module by name (as they import the real solver), so it imports nothing heavy."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from service.ai_worker import AiRequest, solve

Request = AiRequest[object]


@dataclass(frozen=True, slots=True)
class Shout:
    """A request of no game at all: its answer is the worker's pid and ``words`` in capitals; ``fail`` makes
    it raise instead."""

    words: str
    fail: bool = False

    def solve(self) -> tuple[int, str]:
        if self.fail:
            raise ValueError("no voice left")
        return os.getpid(), self.words.upper()


def crash_once(marker: str, request: Request) -> object:
    """The first worker to get a request dies on it, as on a segfault or an out-of-memory kill."""
    if not os.path.exists(marker):
        Path(marker).touch()
        os._exit(3)
    return solve(request)


def hang(request: Request) -> object:
    time.sleep(3600)
    raise AssertionError("unreachable")


def fail(request: Request) -> object:
    raise RuntimeError("the AI has a bug")


def gated(gate: str, request: Request) -> object:
    """Thinks only once the file ``gate`` exists: a worker held busy for as long as a test needs."""
    while not os.path.exists(gate):
        time.sleep(0.01)
    return solve(request)
