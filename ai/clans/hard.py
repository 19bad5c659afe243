"""Hard: a search shared by every clan, drawn from with its own clan's verdict at a told scale.

Hard used to search the ten moves best for its own clan, and that set alone gave the clan away. Then
it searched a set shared by every clan but valued it for its own clan, and drew from normal's menu
tilted by those values: still an open book (a white-box observer read 0.71 of its seats after five
moves, docs/AI.md). Then it drew blind, by normal's odds, and won 0.26 against three hiding normals,
where an equal player wins 0.25: normal at 70 times the CPU.

So the search itself is still blind: its candidates, replies and rollouts are the same whatever the
clan; each rollout plays hard's seat for one of the five clans in turn, which gives every candidate a
value for each clan, and a PUBLIC value, their mean. What the clan held changes is the draw, at a
told scale s (TOLD_SCALE): q_c(m) ∝ μ(m) · exp(V_c(m) / (s · normal's λ)), the information-regularised
solution over the search's values (``ai.clans.hiding.policies``), tilted by exp(PUBLIC_WEIGHT · public
value) for every clan alike. With s None (the setting shipped) it draws blind instead, from normal's
strategy for the clan held, and gives away what normal does. Measured (docs/AI.md, ``bench.hard_mix``):
at s = 4 a white-box reader read it within hard's bars (0.30 after five moves, 0.40 at the end, on 10
seats) but won 3 of 19 games against three normals, no better than drawing blind; at s = 2 an earlier
session read it at the bars' edge (0.58 / 0.75, 24 seats) winning 0.25 (24 games).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ai.clans.belief import Observation, assignment_weights
from ai.clans.evaluate import MoveGains, Option, move_gains, worth
from ai.clans.hiding import policies, tilted
from ai.clans.players import CHIP_TILT, NORMAL_HIDING, NORMAL_PROSPECTS, normal_policy, one_ply_scores
from ai.clans.rollout import informed_playout
from engine.clans import CLAN_COUNT, Clan, GameState, Move, Phase, apply

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

TOLD_SCALE: float | None = None
"""How openly hard plays its own clan, in multiples of normal's λ: a small s plays each clan's
searched best, a large one the same for every clan; None draws blind, by normal's odds (see above)."""

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


def hard_choice(
    obs: Observation,
    seat: int,
    rng: random.Random,
    budget_s: float | None,
    iterations: int | None,
    told_scale: float | None = TOLD_SCALE,
) -> HardChoice:
    """Opponent-model lookahead, then determinized flat Monte Carlo, over the shared candidates; it is
    not told the clan held, and gives every clan's draw.

    Each candidate is followed by a full round of replies, every opponent modelled as a normal AI
    holding its likeliest clan (read from the public moves alone); the resulting positions are
    judged for each clan hard might hold by the estimated final margin (the prior, worth
    PRIOR_VISITS rollouts). Then iteration k plays for clan k mod 5: it samples the opponents' clans
    from the belief given that clan and plays every surviving candidate out to the end with the
    informed playout policy, scoring the margin over the best opponent's total. After each round the
    candidates of lower public value are dropped (sequential halving). ``iterations`` fixes the
    number of rollouts; ``budget_s`` seconds, lookahead included, bound the thinking time.
    """
    began = time.perf_counter()
    normal = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT, NORMAL_PROSPECTS)
    picked = candidates(normal.values)
    moves = tuple(normal.moves[i] for i in picked)
    base = [[q[i] for i in picked] for q in normal.by_clan]
    n = len(picked)
    if n == 1:
        return HardChoice(moves, ((0.0,) * CLAN_COUNT,), tuple((1.0,) for _ in range(CLAN_COUNT)))
    beliefs = [assignment_weights(obs.loglik, seat, Clan(c)) for c in range(CLAN_COUNT)]
    replies = _public_likeliest(beliefs)
    likeliest = [max(b, key=lambda aw: aw[1])[0] for b in beliefs]
    roots = [after_replies(obs, _shared_option(obs.gains[i]), replies) for i in picked]
    totals = [[PRIOR_VISITS * m for m in worth_margins(root, seat, likeliest)] for root in roots]
    visits = [[PRIOR_VISITS] * CLAN_COUNT for _ in range(n)]
    if iterations != 0:
        _search(roots, totals, visits, seat, beliefs, rng, budget_s, iterations, began)
    values = tuple(tuple(t / v for t, v in zip(totals[i], visits[i], strict=True)) for i in range(n))
    if told_scale is not None:
        lam = told_scale * NORMAL_HIDING.weight(len(obs.state.villages), obs.state.chart.chips)
        base = policies(values, lam)
    by_clan = tilted(base, [PUBLIC_WEIGHT * public for public in map(_public_value, values)])
    return HardChoice(moves, values, tuple(tuple(q) for q in by_clan))


def _public_value(values: Sequence[float]) -> float:
    """A candidate's value whatever the clan held: its mean over the five clans."""
    return sum(values) / CLAN_COUNT


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
    go to the five clans in turn; ``visits[i][c]`` counts clan c's (prior included)."""
    n = len(roots)
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
            mine = k % CLAN_COUNT
            pool = beliefs[mine]
            clans = rng.choices([a for a, _ in pool], [w for _, w in pool])[0]
            rollout_seed = rng.getrandbits(32)
            for i in alive:
                sim = roots[i].copy()
                informed_playout(sim, clans, random.Random(rollout_seed))
                totals[i][mine] += margin(sim, seat, clans)
                visits[i][mine] += 1
            k += 1
            done += 1
        if len(alive) == 1:
            break
        public = {i: _public_value([t / v for t, v in zip(totals[i], visits[i], strict=True)]) for i in alive}
        alive = sorted(sorted(alive, key=lambda i: (-public[i], i))[: max(1, (len(alive) + 1) // 2)])


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
