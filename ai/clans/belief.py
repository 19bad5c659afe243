"""Who holds which clan: a Bayesian reading of the moves made so far.

Each seat is modelled as a noisy maximiser: holding clan c, it picks a legal action with
probability proportional to ``exp(beta * Q_c)``, where ``Q_c`` is the action's gain for c minus a
share of its gain for the other clans (``ai.clans.evaluate``), mixed with a little uniform noise so that
one surprising move cannot rule a clan out. The likelihoods of all moves are multiplied per seat,
each tempered (raised to the power tau < 1: the moves of a player who hides are correlated
evidence), then combined over the assignments of distinct clans to seats (exact: at most 24 of
them). ``MODEL`` holds the settings, chosen for calibration against the AIs who hide (docs/AI.md).

The per-move likelihoods do not depend on who is watching, so they are computed once per game
history and cached; each observer only adds what it knows (its own clan).
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import permutations

from ai.clans.evaluate import MoveGains, Vector, move_gains
from engine.clans import (
    CLAN_COUNT,
    Action,
    Clan,
    GameState,
    Move,
    Phase,
    PublicView,
    Resign,
    apply,
    state_from_view,
)

OTHERS = 0.5
"""How much a player is modelled to mind the other clans' gains."""
CACHE_GAMES = 64


@dataclass(frozen=True, slots=True)
class Model:
    """How sharp the modelled players are, and how much each of their moves is worth as evidence."""

    beta: float = 2.5
    """Inverse temperature of the modelled players."""
    noise: float = 0.15
    """Share of the modelled choice that is uniform over legal moves."""
    tau: float = 0.35
    """Each move's log-likelihood counts tau times: posterior ∝ prior · L^tau. A hiding player's
    moves are correlated evidence (drawn from the same shared menu, move after move), so
    multiplying them as if independent made the model sure too soon: at tau 1 (and BETA 0.9) its
    readings >= 90% were right 82-87% of the time against normal AIs. Measured with
    bench.calibration on the same games (docs/AI.md, "Belief calibration")."""


MODEL = Model()


def clan_value(gains: Vector, clan: int) -> float:
    """Q: the gain for ``clan`` minus OTHERS times the other clans' mean gain."""
    total = gains[0] + gains[1] + gains[2] + gains[3] + gains[4]
    own = gains[clan]
    return own - OTHERS * (total - own) / (CLAN_COUNT - 1)


def action_values(entries: Sequence[MoveGains]) -> list[list[float]]:
    """Q per clan (inner) for each action (outer): its best option for that clan."""
    return [
        [max(clan_value(o.gains, c) + o.chips for o in entry.options) for c in range(CLAN_COUNT)] for entry in entries
    ]


def log_normalisers(values: Sequence[Sequence[float]], beta: float) -> list[float]:
    """log sum_m exp(beta * Q_c(m)) per clan."""
    result = []
    for c in range(CLAN_COUNT):
        top = max(v[c] for v in values)
        result.append(beta * top + math.log(sum(math.exp(beta * (v[c] - top)) for v in values)))
    return result


def move_log_likelihood(values: Sequence[Sequence[float]], index: int, model: Model | None = None) -> list[float]:
    """log P(action ``index`` | clan c) for each clan c, times the model's tau."""
    model = MODEL if model is None else model
    beta = model.beta
    norms = log_normalisers(values, beta)
    noise = model.noise
    uniform = noise / len(values)
    return [
        model.tau * math.log((1 - noise) * math.exp(beta * values[index][c] - norms[c]) + uniform)
        for c in range(CLAN_COUNT)
    ]


def placeholder_clans(players: int) -> tuple[Clan, ...]:
    """Distinct clans to build a playable state; the AI never treats them as anyone's real clan."""
    return tuple(Clan(c) for c in range(players))


@dataclass(frozen=True, slots=True)
class Evidence:
    """One judged move: its mover, and the tempered log-likelihood of the move for each clan."""

    seat: int
    loglik: tuple[float, ...]


@dataclass(slots=True)
class Track:
    """One game history replayed on a public state, with each seat's summed log-likelihoods."""

    key: tuple[object, ...]
    actions: list[Action]
    state: GameState
    loglik: list[list[float]]
    snapshots: list[list[list[float]]] = field(default_factory=list)
    """``loglik`` after each action (index i: after ``actions[:i+1]``)."""
    evidence: list[Evidence | None] = field(default_factory=list)
    """What each action said (index i: ``actions[i]``): its mover and the tempered log-likelihoods it
    added, or None for an action that was not judged (a resignation, or the only legal move)."""
    gains: list[MoveGains] | None = None
    """move_gains of ``state``, when already computed."""

    def extend(self, action: Action) -> None:
        state = self.state
        said: Evidence | None = None
        if isinstance(action, Move) and state.phase is not Phase.OVER:
            entries = self.current_gains()
            index = next((i for i, e in enumerate(entries) if e.move == action), -1)
            if index >= 0 and len(entries) > 1:
                ll = move_log_likelihood(action_values(entries), index)
                seat = state.to_move
                self.loglik[seat] = [a + b for a, b in zip(self.loglik[seat], ll, strict=True)]
                said = Evidence(seat, tuple(ll))
        elif not isinstance(action, Resign):  # pragma: no cover - Action is Move | Resign
            raise TypeError(action)
        apply(state, action)
        self.gains = None
        self.actions.append(action)
        self.snapshots.append([row[:] for row in self.loglik])
        self.evidence.append(said)

    def current_gains(self) -> list[MoveGains]:
        if self.gains is None:
            self.gains = move_gains(self.state)
        return self.gains


_tracks: OrderedDict[tuple[object, ...], list[Track]] = OrderedDict()
_lock = threading.Lock()


def _start_key(start: PublicView) -> tuple[object, ...]:
    return (start.players, start.huts, start.to_move, start.ply, start.villages, start.scores, start.chips)


@dataclass(frozen=True, slots=True)
class Observation:
    """A private copy of what a history shows: the public state, and the log-likelihoods per seat."""

    state: GameState
    loglik: list[list[float]]
    gains: list[MoveGains]
    """move_gains of ``state`` (empty when not asked for)."""


def observe(start: PublicView, history: Sequence[Action], with_gains: bool = True) -> Observation:
    """Replay ``history`` from ``start``, reusing the longest cached prefix."""
    with _lock:
        track = _track(start, list(history))
        gains = track.current_gains() if with_gains else []
        return Observation(track.state.copy(), [row[:] for row in track.loglik], gains)


def forget_tracks() -> None:
    """Drop every cached replay (for a benchmark that times a reading from nothing)."""
    with _lock:
        _tracks.clear()


def track_snapshots(start: PublicView, history: Sequence[Action]) -> list[list[list[float]]]:
    """Each seat's summed log-likelihoods per clan after each action of ``history`` (index i: after
    ``history[:i+1]``), by the general model."""
    with _lock:
        track = _track(start, list(history))
        return [[row[:] for row in snapshot] for snapshot in track.snapshots[: len(history)]]


def general_evidence(start: PublicView, history: Sequence[Action]) -> list[Evidence | None]:
    """What each action of ``history`` said to the belief model (``Track.evidence``)."""
    history = list(history)
    with _lock:
        for cand in _tracks.get(_start_key(start), []):
            n = len(history)
            if n <= len(cand.actions) and cand.actions[:n] == history:
                return cand.evidence[:n]
        return _track(start, history).evidence[:]


def _track(start: PublicView, history: list[Action]) -> Track:
    """The cached track of ``history``, extended from the longest cached prefix (under ``_lock``)."""
    key = _start_key(start)
    candidates = _tracks.get(key, [])
    if key in _tracks:
        _tracks.move_to_end(key)
    best: Track | None = None
    for cand in candidates:
        n = len(cand.actions)
        if n <= len(history) and (best is None or n > len(best.actions)) and cand.actions == history[:n]:
            best = cand
    if best is None:
        best = Track(
            key=key,
            actions=[],
            state=state_from_view(start, placeholder_clans(start.players)),
            loglik=[[0.0] * CLAN_COUNT for _ in range(start.players)],
        )
        candidates.append(best)
        if len(candidates) > 4:
            candidates.pop(0)
        _tracks[key] = candidates
        while len(_tracks) > CACHE_GAMES:
            _tracks.popitem(last=False)
    for action in history[len(best.actions) :]:
        best.extend(action)
    return best


_states: OrderedDict[tuple[object, ...], tuple[list[Action], GameState]] = OrderedDict()


def public_state(start: PublicView, history: Sequence[Action]) -> GameState:
    """The public state after ``history`` (a private copy), replayed from the last one asked for in the
    same game when that is a prefix. No move is judged on the way: for a level that reads no beliefs."""
    key = _start_key(start)
    history = list(history)
    with _lock:
        cached = _states.get(key)
        if cached is not None and len(cached[0]) <= len(history) and cached[0] == history[: len(cached[0])]:
            actions, state = cached
            _states.move_to_end(key)
        else:
            actions, state = [], state_from_view(start, placeholder_clans(start.players))
        for action in history[len(actions) :]:
            apply(state, action)
        _states[key] = (history, state)
        while len(_states) > CACHE_GAMES:
            _states.popitem(last=False)
        return state.copy()


def history_loglik(start: PublicView, history: Sequence[Action]) -> list[list[float]]:
    """Summed log-likelihoods per seat after ``history`` (also for a prefix of a cached history)."""
    key = _start_key(start)
    history = list(history)
    with _lock:
        for cand in _tracks.get(key, []):
            n = len(history)
            if 0 < n <= len(cand.actions) and cand.actions[:n] == history:
                return [row[:] for row in cand.snapshots[n - 1]]
    return observe(start, history, with_gains=False).loglik


def assignment_weights(
    loglik: Sequence[Sequence[float]], observer_seat: int, observer_clan: Clan
) -> list[tuple[tuple[int, ...], float]]:
    """Each assignment of distinct clans to the seats, with its posterior probability."""
    players = len(loglik)
    rest = [c for c in range(CLAN_COUNT) if c != int(observer_clan)]
    others = [s for s in range(players) if s != observer_seat]
    scored: list[tuple[tuple[int, ...], float]] = []
    for perm in permutations(rest, len(others)):
        clans = [0] * players
        clans[observer_seat] = int(observer_clan)
        total = 0.0
        for seat, c in zip(others, perm, strict=True):
            clans[seat] = c
            total += loglik[seat][c]
        scored.append((tuple(clans), total))
    top = max(w for _, w in scored)
    weights = [(a, math.exp(w - top)) for a, w in scored]
    norm = sum(w for _, w in weights)
    return [(a, w / norm) for a, w in weights]


def marginals(assignments: Sequence[tuple[tuple[int, ...], float]], players: int) -> list[dict[Clan, float]]:
    result: list[dict[Clan, float]] = [dict.fromkeys(Clan, 0.0) for _ in range(players)]
    for clans, w in assignments:
        for seat, c in enumerate(clans):
            result[seat][Clan(c)] += w
    return result


def clan_beliefs(
    start: PublicView, history: Sequence[Action], observer_seat: int, observer_clan: Clan
) -> list[dict[Clan, float]]:
    """Per seat, the probability of each clan, as ``observer_seat`` (holding ``observer_clan``) sees it."""
    if not 0 <= observer_seat < start.players:
        raise ValueError(f"No seat {observer_seat} in a {start.players}-player game")
    return beliefs_from(history_loglik(start, history), observer_seat, observer_clan)


def beliefs_from(loglik: Sequence[Sequence[float]], observer_seat: int, observer_clan: Clan) -> list[dict[Clan, float]]:
    """Per seat, the probability of each clan given the seats' log-likelihoods, for the observer."""
    own = Clan(observer_clan)
    beliefs = marginals(assignment_weights(loglik, observer_seat, own), len(loglik))
    beliefs[observer_seat] = {c: 1.0 if c == own else 0.0 for c in Clan}
    return beliefs
