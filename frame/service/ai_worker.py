"""What runs inside an AI worker process: one request in, one answer out, over a pipe.

Nothing here touches Discord or the database. A request carries only what an AI seat may know:
the public view of the game's start, the actions since, its own seat and clan, and a seed for its
own sampling that is not the game's setup seed (see ``ai_pool.decision_seed``).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection

from games.alexandros.ai import choose_action as choose_alexandros
from games.alexandros.engine import PrivateView
from games.clans.ai import choose_action, clan_beliefs, exposure
from games.clans.engine import Action, Clan, Move, PublicView

WORKER_NICENESS = 10
"""How much lower than the bot a worker runs: the bot's answers come first on a busy machine."""


@dataclass(frozen=True, slots=True)
class Decision:
    """Choose the move of the AI at ``seat``; hard plays ``rollouts`` rollouts, at most ``budget_s`` seconds."""

    level: str
    start: PublicView
    history: tuple[Action, ...]
    seat: int
    clan: Clan
    seed: int
    rollouts: int
    budget_s: float


@dataclass(frozen=True, slots=True)
class Beliefs:
    """The AI at ``seat``'s probability of each clan for every seat."""

    start: PublicView
    history: tuple[Action, ...]
    seat: int
    clan: Clan


@dataclass(frozen=True, slots=True)
class Exposure:
    """After the game only: how sure a table running the AI's code could have been of each clan of
    the AI at ``seat`` (``ai.exposure``). It needs no clan: it reads the seat's moves."""

    start: PublicView
    history: tuple[Action, ...]
    seat: int
    level: str


@dataclass(frozen=True, slots=True)
class AlexandrosDecision:
    """Choose the Alexandros action of the AI whose private view is ``mine`` (the public view and its own
    hand only: no other hand, no supply order, no setup seed)."""

    level: str
    mine: PrivateView
    seed: int


Request = Decision | Beliefs | Exposure | AlexandrosDecision
Result = Move | list[dict[Clan, float]] | dict[Clan, float] | str
Solver = Callable[[Request], Result]


def solve(request: Request) -> Result:
    """The AI's work for one request (the default solver of a worker)."""
    if isinstance(request, Beliefs):
        return clan_beliefs(request.start, request.history, request.seat, request.clan)
    if isinstance(request, Exposure):
        return exposure(request.start, request.history, request.seat, request.level)
    if isinstance(request, AlexandrosDecision):
        return choose_alexandros(request.level, request.mine, request.seed).text
    return choose_action(
        request.level,
        request.start,
        request.history,
        request.seat,
        request.clan,
        request.seed,
        budget_s=request.budget_s,
        iterations=request.rollouts,
    )


def serve(conn: Connection, solver: Solver, niceness: int) -> None:
    """A worker's life: lower its priority, say it is ready, then answer requests until the pipe closes.

    Each answer is ``(pid, True, result)`` or, when the solver raised, ``(pid, False, message)``.
    """
    if niceness and hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed here: run at the bot's priority rather than not at all
            os.nice(niceness)
    pid = os.getpid()
    conn.send(pid)  # ready: the pool starts counting a request's deadline from here
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):  # the bot closed the pipe or died
            return
        if request is None:
            return
        try:
            answer: tuple[int, bool, object] = (pid, True, solver(request))
        except Exception as error:
            answer = (pid, False, f"{type(error).__name__}: {error}")
        try:
            conn.send(answer)
        except (BrokenPipeError, OSError):
            return
