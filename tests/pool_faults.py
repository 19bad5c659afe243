"""Faulty AI solvers for the pool's tests. They run inside worker processes, which import this small
module by name (as they import the real solver), so it imports nothing heavy."""

from __future__ import annotations

import os
import time
from pathlib import Path

from frame.service.ai_worker import Request, Result, solve


def crash_once(marker: str, request: Request) -> Result:
    """The first worker to get a request dies on it, as on a segfault or an out-of-memory kill."""
    if not os.path.exists(marker):
        Path(marker).touch()
        os._exit(3)
    return solve(request)


def hang(request: Request) -> Result:
    time.sleep(3600)
    raise AssertionError("unreachable")


def fail(request: Request) -> Result:
    raise RuntimeError("the AI has a bug")


def gated(gate: str, request: Request) -> Result:
    """Thinks only once the file ``gate`` exists: a worker held busy for as long as a test needs."""
    while not os.path.exists(gate):
        time.sleep(0.01)
    return solve(request)
