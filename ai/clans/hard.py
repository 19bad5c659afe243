"""Hard: a search blind to its own clan for its first hut moves, told it after its TOLD_AFTER-th one.

Blind (its first TOLD_AFTER hut moves, while fewer than TOLD_FROM villages stand): the candidates,
replies and rollouts are the same whatever the clan held; each rollout plays hard's seat for one of the
five clans in turn, which gives every candidate a value for each clan and a PUBLIC value, their mean. The
draw is normal's strategy for the clan held, kept to the candidates and tilted by exp(PUBLIC_WEIGHT ·
public value) for every clan alike: between two clans a move's odds are normal's, so a blind move tells
a white-box reader what normal's would. Told (after its TOLD_AFTER-th hut move, or from TOLD_FROM
villages on): the moves normal values most for the clan held (TOLD_CANDIDATES) searched for it, drawn
almost openly (TOLD_SCALE). What a white-box reader can tell after hard's fifth hut move is the blind draw's;
the rule sheet reveals every clan at the end.

Both searches sample the opponents' clans from a reading of the seats passed in (``loglik``): hard
reads AI seats by the exact likelihood of their level's own strategy and people by the general belief
model (``ai.clans.reading``). Measured (docs/AI.md, "Hard: reading the seats, then its clan", and
"Issue 41: told after its fifth hut move"): against three hiding normals on the same 120 deals, blind
all game won 0.365, told from 3 / 6 / 10 villages 0.396 / 0.371 / 0.428; told after its fifth hut move
as well, on development deals the told search won more than the blind draw it replaced.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ai.clans.belief import Observation, assignment_weights, placeholder_clans
from ai.clans.evaluate import MoveGains, Option, move_gains, worth
from ai.clans.hiding import tilted
from ai.clans.players import CHIP_TILT, NORMAL_HIDING, NORMAL_PROSPECTS, normal_policy, one_ply_scores
from ai.clans.rollout import informed_playout
from engine.clans import CLAN_COUNT, Action, Clan, GameState, Move, Phase, PublicView, apply, state_from_view

PER_CLAN = 4
"""Candidates: the union of the moves normal values most for each of the five clans (at most 20)."""
PRIOR_VISITS = 10
"""The lookahead's judgement counts as this many rollouts of each candidate, for each clan."""
DEFAULT_ITERATIONS = 400
PUBLIC_WEIGHT = 1.0
"""Nats per point of public value. Measured against three normal AIs on the same 80 deals: 0.5 won
0.26, 1.0 won 0.37, 1.5 won 0.34, 3.0 won 0.14 (past 1.5 the five clans' mean drowns the clan's own
preference); valuing only the chips and keeping the opponents down, not the clans' mean, won 0.21
(docs/AI.md)."""

TOLD_FROM = 10
"""Hard is told its clan once this many villages are founded (of 12), or once it has made TOLD_AFTER hut
moves of its own, whichever comes first. Of the village counts tried (3, 6, 10) it won the most
(docs/AI.md)."""
TOLD_AFTER = 5
"""Hard is blind for its first TOLD_AFTER hut moves (the village choices among them too), and plays its
told search from its next one on: what is read of its clan after its fifth hut move is the blind draw's."""
TOLD_CANDIDATES = 8
"""Once told, hard searches the moves normal values most for the clan it holds, this many, not the blind
search's union for all five clans (up to 20): each gets more of the same rollouts, and the lookahead costs
less. Measured on 480 development deals: +0.115 ± 0.051 paired over the union (docs/AI.md)."""
TOLD_SCALE = 0.5
"""How openly hard plays its own clan once told, in multiples of normal's λ at that point: a small scale
plays its searched best, a large one hides behind normal's menu. At 0.5 it plays almost openly."""

Assignment = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HardChoice:
    """The searched candidates, their value for every clan, and each clan's draw over them."""

    moves: tuple[Move, ...]
    values: tuple[tuple[float, ...], ...]
    """Each candidate's (outer) mean final margin for each clan hard might hold (inner)."""
    by_clan: tuple[tuple[float, ...], ...]
    """Each clan's (outer) probability of drawing each candidate (inner)."""


def candidates(values: Sequence[Sequence[float]]) -> list[int]:
    """The union, in first-seen order, of the PER_CLAN actions valued most by each clan: it depends on
    the public position only, never on the clan held."""
    picked: dict[int, None] = {}
    for c in range(CLAN_COUNT):
        ranked = sorted(range(len(values)), key=lambda i: (-values[i][c], i))
        for i in ranked[:PER_CLAN]:
            picked[i] = None
    return list(picked)


def told_candidates(values: Sequence[Sequence[float]], own: int) -> list[int]:
    """The told search's candidates: the TOLD_CANDIDATES actions normal values most for the clan held."""
    return sorted(range(len(values)), key=lambda i: (-values[i][own], i))[:TOLD_CANDIDATES]


def blind(state: GameState, own_hut_moves: int) -> bool:
    """Whether hard is blind to its own clan here, having made ``own_hut_moves`` hut moves: until TOLD_FROM
    villages are founded and until it has made TOLD_AFTER hut moves (both public)."""
    return len(state.villages) < TOLD_FROM and own_hut_moves < TOLD_AFTER


def hut_moves(start: PublicView, history: Sequence[Action]) -> list[int]:
    """The hut moves each seat has made in ``history`` (village choices and resignations are not hut moves)."""
    state = state_from_view(start, placeholder_clans(start.players))
    made = [0] * start.players
    for action in history:
        if isinstance(action, Move) and state.phase is Phase.MOVE:
            made[state.to_move] += 1
        apply(state, action)
    return made


def hard_choice(
    obs: Observation,
    seat: int,
    rng: random.Random,
    budget_s: float | None,
    iterations: int | None,
    loglik: Sequence[Sequence[float]] | None = None,
) -> HardChoice:
    """The blind search: opponent-model lookahead, then determinized flat Monte Carlo, over the shared
    candidates; it is not told the clan held, and gives every clan's draw.

    Each candidate is followed by a full round of replies, every opponent modelled as a normal AI
    holding its likeliest clan (read from the public moves alone); the resulting positions are
    judged for each clan hard might hold by the estimated final margin (the prior, worth
    PRIOR_VISITS rollouts). Then iteration k plays for clan k mod 5: it samples the opponents' clans
    from the belief given that clan and plays every surviving candidate out to the end with the
    informed playout policy, scoring the margin over the best opponent's total. After each round the
    candidates of lower public value are dropped (sequential halving). ``iterations`` fixes the
    number of rollouts; ``budget_s`` seconds, lookahead included, bound the thinking time.
    ``loglik`` is the reading of the seats the beliefs come from (``ai.clans.reading``; the
    general model's by default). The draw is normal's strategy for each clan, kept to the candidates
    and tilted by exp(PUBLIC_WEIGHT · public value), the same factor for every clan.
    """
    began = time.perf_counter()
    normal = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT, NORMAL_PROSPECTS)
    picked = candidates(normal.values)
    moves = tuple(normal.moves[i] for i in picked)
    base = [[q[i] for i in picked] for q in normal.by_clan]
    n = len(picked)
    if n == 1:
        return HardChoice(moves, ((0.0,) * CLAN_COUNT,), tuple((1.0,) for _ in range(CLAN_COUNT)))
    reading = obs.loglik if loglik is None else loglik
    beliefs = [assignment_weights(reading, seat, Clan(c)) for c in range(CLAN_COUNT)]
    replies = _public_likeliest(beliefs)
    likeliest = [max(b, key=lambda aw: aw[1])[0] for b in beliefs]
    roots = [after_replies(obs, _shared_option(obs.gains[i]), replies) for i in picked]
    totals = [[PRIOR_VISITS * m for m in worth_margins(root, seat, likeliest)] for root in roots]
    visits = [[PRIOR_VISITS] * CLAN_COUNT for _ in range(n)]
    if iterations != 0:
        _search(roots, totals, visits, seat, beliefs, rng, budget_s, iterations, began)
    values = tuple(tuple(t / v for t, v in zip(totals[i], visits[i], strict=True)) for i in range(n))
    by_clan = tilted(base, [PUBLIC_WEIGHT * public for public in map(_mean, values)])
    return HardChoice(moves, values, tuple(tuple(q) for q in by_clan))


@dataclass(frozen=True, slots=True)
class ToldChoice:
    """The told search: the candidates, their value for the clan held, and the draw over them."""

    moves: tuple[Move, ...]
    values: tuple[float, ...]
    probabilities: tuple[float, ...]


def told_choice(
    obs: Observation,
    seat: int,
    clan: Clan,
    rng: random.Random,
    budget_s: float | None,
    iterations: int | None,
    loglik: Sequence[Sequence[float]] | None = None,
    scale: float | None = None,
) -> ToldChoice:
    """The search told the clan held: the moves normal values most for ``clan`` (``told_candidates``), replies
    and rollouts as in the blind search, all for ``clan`` (the opponents' clans sampled from the belief given
    it), halving by its value.
    It draws q(m) ∝ menu(m) · exp(value(m) / (scale · normal's λ)), the menu being normal's strategy
    averaged over the five clans: a small scale plays the searched best almost openly."""
    began = time.perf_counter()
    normal = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT, NORMAL_PROSPECTS)
    own = int(clan)
    picked = told_candidates(normal.values, own)
    moves = tuple(normal.moves[i] for i in picked)
    if len(picked) == 1:
        return ToldChoice(moves, (0.0,), (1.0,))
    menu = [sum(q[i] for q in normal.by_clan) / CLAN_COUNT for i in picked]
    belief = assignment_weights(obs.loglik if loglik is None else loglik, seat, clan)
    likeliest = max(belief, key=lambda aw: aw[1])[0]
    roots = [
        after_replies(obs, max(obs.gains[i].options, key=lambda o: o.gains[own] + o.chips), likeliest) for i in picked
    ]
    totals = [[PRIOR_VISITS * worth_margins(root, seat, [likeliest])[0]] for root in roots]
    visits = [[PRIOR_VISITS] for _ in roots]
    if iterations != 0:
        _search(roots, totals, visits, seat, [belief], rng, budget_s, iterations, began)
    values = tuple(t[0] / v[0] for t, v in zip(totals, visits, strict=True))
    lam = (TOLD_SCALE if scale is None else scale) * NORMAL_HIDING.weight(
        len(obs.state.villages), obs.state.chart.chips
    )
    top = max(values)
    weights = [m * math.exp((v - top) / lam) for m, v in zip(menu, values, strict=True)]
    total = sum(weights)
    return ToldChoice(moves, values, tuple(w / total for w in weights))


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def _search(
    roots: Sequence[GameState],
    totals: list[list[float]],
    visits: list[list[int]],
    seat: int,
    beliefs: Sequence[Sequence[tuple[Assignment, float]]],
    rng: random.Random,
    budget_s: float | None,
    iterations: int | None,
    began: float,
) -> None:
    """Sequential halving with common random numbers: every surviving candidate is played out with
    the same sampled clans and the same rollout seed, so differences come from the moves. Rollouts
    go to the columns (the five clans hard might hold, or the one it holds) in turn, column k's
    opponents sampled from ``beliefs[k]``; ``visits[i][k]`` counts column k's (prior included)."""
    n = len(roots)
    columns = len(beliefs)
    alive = list(range(n))
    rounds = max(1, math.ceil(math.log2(n)))
    total = iterations if iterations is not None else DEFAULT_ITERATIONS
    spent = time.perf_counter() - began
    began += spent
    budget_s = None if budget_s is None else max(0.0, budget_s - spent)
    k = 0
    for round_no in range(rounds):
        round_end = None if budget_s is None else began + budget_s * (round_no + 1) / rounds
        per = max(1, total // (rounds * len(alive)))
        done = 0
        while True:
            if iterations is not None and done >= per:
                break
            if round_end is not None and done and time.perf_counter() > round_end:
                break
            column = k % columns
            pool = beliefs[column]
            clans = rng.choices([a for a, _ in pool], [w for _, w in pool])[0]
            rollout_seed = rng.getrandbits(32)
            for i in alive:
                sim = roots[i].copy()
                informed_playout(sim, clans, random.Random(rollout_seed))
                totals[i][column] += margin(sim, seat, clans)
                visits[i][column] += 1
            k += 1
            done += 1
        if len(alive) == 1:
            break
        mean = {i: _mean([t / v for t, v in zip(totals[i], visits[i], strict=True)]) for i in alive}
        alive = sorted(sorted(alive, key=lambda i: (-mean[i], i))[: max(1, (len(alive) + 1) // 2)])


def _public_likeliest(beliefs: Sequence[Sequence[tuple[Assignment, float]]]) -> Assignment:
    """The likeliest assignment of clans to seats with hard's own clan unknown (each clan a fifth)."""
    best: tuple[Assignment, float] = ((), -1.0)
    for pool in beliefs:
        for assignment, weight in pool:
            if weight > best[1]:
                best = (assignment, weight)
    return best[0]


def _shared_option(entry: MoveGains) -> Option:
    """The founding order searched for an action: the best for the five clans together (the order is
    chosen again, for the clan held, when it is played)."""
    return max(entry.options, key=lambda o: sum(o.gains) + CLAN_COUNT * o.chips)


def after_replies(obs: Observation, option: Option, clans: Sequence[int]) -> GameState:
    """The state after ``option`` and a full round of answers, each opponent modelled as a normal AI
    holding its likeliest clan (one-ply: own gain minus its most dangerous opponent's)."""
    after = obs.state.copy()
    for action in option.actions:
        apply(after, action)
    for _ in range(after.players - 1):
        if after.phase is not Phase.MOVE:
            break
        view = Observation(after, obs.loglik, move_gains(after))
        seat = after.to_move
        scored = one_ply_scores(view, seat, Clan(clans[seat]))
        top = max(scored, key=lambda so: so[0])[1]
        for action in top.actions:
            apply(after, action)
    return after


def worth_margins(state: GameState, seat: int, likeliest: Sequence[Assignment]) -> list[float]:
    """Estimated final margin for each clan the seat might hold: each seat's clan worth (banked plus
    prospects) plus its chips, the opponents holding their likeliest clans given that one."""
    if state.phase is Phase.OVER:
        return [margin(state, seat, clans) for clans in likeliest]
    values = worth(state)
    result = []
    for clans in likeliest:
        totals = [values[c] + chips for c, chips in zip(clans, state.chips, strict=True)]
        others = [t for s, t in enumerate(totals) if s != seat and not state.resigned[s]]
        result.append(totals[seat] - max(others, default=0.0))
    return result


def margin(state: GameState, seat: int, clans: Sequence[int]) -> float:
    """The seat's total minus the best other total."""
    totals = [state.scores[c] + chips for c, chips in zip(clans, state.chips, strict=True)]
    others = [t for s, t in enumerate(totals) if s != seat and not state.resigned[s]]
    return float(totals[seat] - max(others, default=0))
