"""The three AI levels. Each sees the public game and its own clan, nothing else."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ai.belief import (
    BETA,
    Observation,
    action_values,
    assignment_weights,
    log_normalisers,
    marginals,
)
from ai.evaluate import MoveGains, Option, move_gains, worth
from ai.rollout import informed_playout
from engine import CLAN_COUNT, Clan, GameState, Move, Phase, apply, legal_moves, villages_founded

HIDE = 0.6
"""Normal/hard: points a move may cost to give away one nat about the mover's clan, early on."""
HIDE_UNTIL = 30
"""Hut moves after which hiding no longer matters."""
TOP_K = 10
"""Hard: candidate moves searched, the best of the one-ply ranking."""
PRIOR_VISITS = 10
"""Hard: the one-ply score counts as this many rollouts of each candidate."""
DEFAULT_ITERATIONS = 400


def choose_easy(obs: Observation, seat: int, clan: Clan, rng: random.Random) -> Move:
    state = obs.state
    moves = legal_moves(state)
    best_gain = 0
    scoring: list[Move] = []
    chips_before = state.scores[clan]
    for move in moves:
        if state.phase is Phase.MOVE and not villages_founded(state, move.src):
            continue
        after = state.copy()
        apply(after, move)
        gain = after.scores[clan] - chips_before
        if gain > best_gain:
            best_gain, scoring = gain, [move]
        elif gain == best_gain and gain > 0:
            scoring.append(move)
    if scoring and rng.random() < 0.85:
        return rng.choice(scoring)
    return rng.choice(moves)


def one_ply_scores(obs: Observation, seat: int, clan: Clan) -> list[tuple[float, Option]]:
    """Normal's judgement of every option: own gain minus the likeliest-best opponent's, minus the leak."""
    state = obs.state
    entries: Sequence[MoveGains] = obs.gains
    beliefs = marginals(assignment_weights(obs.loglik, seat, clan), state.players)
    opponents = [
        [beliefs[s][Clan(c)] for c in range(CLAN_COUNT)]
        for s in range(state.players)
        if s != seat and not state.resigned[s]
    ]
    values = action_values(entries)
    norms = log_normalisers(values)
    hide = HIDE * max(0.0, 1 - state.turn / HIDE_UNTIL) if state.phase is Phase.MOVE else 0.0
    own = int(clan)
    scored: list[tuple[float, Option]] = []
    for entry, value in zip(entries, values, strict=True):
        leak = 0.0
        if hide:
            logs = [BETA * value[c] - norms[c] for c in range(CLAN_COUNT)]
            top = max(logs)
            mean = top + math.log(sum(math.exp(x - top) for x in logs) / CLAN_COUNT)
            leak = max(0.0, logs[own] - mean)
        for option in entry.options:
            gains = option.gains
            threat = max((sum(b[c] * gains[c] for c in range(CLAN_COUNT)) for b in opponents), default=0.0)
            scored.append((gains[own] + option.chips - threat - hide * leak, option))
    return scored


def choose_normal(obs: Observation, seat: int, clan: Clan, rng: random.Random) -> Move:
    scored = one_ply_scores(obs, seat, clan)
    top = max(s for s, _ in scored)
    best = [o for s, o in scored if s >= top - 1e-9]
    return rng.choice(best).actions[0]


def choose_hard(
    obs: Observation,
    seat: int,
    clan: Clan,
    rng: random.Random,
    budget_s: float | None,
    iterations: int | None,
) -> Move:
    """Opponent-model lookahead, then determinized flat Monte Carlo, over the one-ply ranking's best.

    Each of the TOP_K candidates is followed by a full round of replies, every opponent modelled as
    a normal AI holding its likeliest clan; the resulting positions are judged by the estimated
    final margin (the prior). Then each iteration samples the hidden clans from the belief (the
    exact posterior over assignments) and plays every surviving candidate's position out to the end
    with the informed playout policy; the value is the margin over the best opponent's total.
    Sequential halving keeps the better half of the candidates after each round; the prior counts as
    PRIOR_VISITS rollouts. ``iterations`` fixes the number of rollouts (reproducible when alone);
    ``budget_s`` seconds, lookahead included, bound the thinking time (alone, or as a cap on the
    rollouts); at least one of the two is given.
    """
    began = time.perf_counter()
    scored = one_ply_scores(obs, seat, clan)
    scored.sort(key=lambda so: -so[0])
    candidates = scored[:TOP_K]
    if len(candidates) == 1:
        return candidates[0][1].actions[0]
    assignments = assignment_weights(obs.loglik, seat, clan)
    clans_pool = [a for a, _ in assignments]
    weights = [w for _, w in assignments]
    likeliest = max(assignments, key=lambda aw: aw[1])[0]
    n = len(candidates)
    roots = [_after_replies(obs, option, likeliest) for _, option in candidates]
    judged = [_worth_margin(root, seat, likeliest) for root in roots]
    top_judged = max(judged)
    prior = [j - top_judged for j in judged]
    if iterations == 0:
        return candidates[min(range(n), key=lambda i: (-prior[i], i))][1].actions[0]
    # Sequential halving with common random numbers: every surviving candidate is played out with
    # the same sampled clans and the same rollout seed, so differences come from the moves.
    totals = [PRIOR_VISITS * p for p in prior]
    visits = [PRIOR_VISITS] * n
    alive = list(range(n))
    rounds = max(1, math.ceil(math.log2(n)))
    total = iterations if iterations is not None else DEFAULT_ITERATIONS
    spent = time.perf_counter() - began
    began += spent
    budget_s = None if budget_s is None else max(0.0, budget_s - spent)
    for round_no in range(rounds):
        round_end = None if budget_s is None else began + budget_s * (round_no + 1) / rounds
        per = max(1, total // (rounds * len(alive)))
        done = 0
        while True:
            if iterations is not None and done >= per:
                break
            if round_end is not None and done and time.perf_counter() > round_end:
                break
            clans = rng.choices(clans_pool, weights)[0]
            rollout_seed = rng.getrandbits(32)
            for i in alive:
                sim = roots[i].copy()
                informed_playout(sim, clans, random.Random(rollout_seed))
                totals[i] += _margin(sim, seat, clans)
                visits[i] += 1
            done += 1
        if len(alive) == 1:
            break
        alive.sort(key=lambda i: (-totals[i] / visits[i], i))
        alive = alive[: max(1, (len(alive) + 1) // 2)]
    best = min(alive, key=lambda i: (-totals[i] / visits[i], i))
    return candidates[best][1].actions[0]


def _after_replies(obs: Observation, option: Option, clans: Sequence[int]) -> GameState:
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


def _worth_margin(state: GameState, seat: int, clans: Sequence[int]) -> float:
    """Estimated final margin: each seat's clan worth (banked + prospects) plus its chips."""
    if state.phase is Phase.OVER:
        return _margin(state, seat, clans)
    values = worth(state)
    totals = [values[c] + chips for c, chips in zip(clans, state.chips, strict=True)]
    best_other = max(t for s, t in enumerate(totals) if s != seat and not state.resigned[s])
    return totals[seat] - best_other


def _margin(state: GameState, seat: int, clans: Sequence[int]) -> float:
    """The seat's total minus the best other total."""
    totals = [state.scores[c] + chips for c, chips in zip(clans, state.chips, strict=True)]
    best_other = max(t for s, t in enumerate(totals) if s != seat and not state.resigned[s])
    return float(totals[seat] - best_other)
