"""Hard: a search over moves shared by every clan, then a hiding draw among them.

Hard used to search the ten moves best for its own clan, and that set alone gave the clan away: an
observer running the code for each clan found the played move outside the other clans' sets. Here
the candidates are the union of the moves best for EACH clan (by normal's one-ply judgement), the
same whatever clan hard holds; the search only changes how much each candidate is worth.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ai.clans.belief import Observation, assignment_weights
from ai.clans.evaluate import Option, move_gains, worth
from ai.clans.hiding import Hiding, draw
from ai.clans.players import CHIP_TILT, normal_policy, one_ply_scores
from ai.clans.rollout import informed_playout
from engine.clans import CLAN_COUNT, Clan, GameState, Move, Phase, apply

PER_CLAN = 4
"""Candidates: the union of the moves normal values most for each of the five clans (at most 20)."""
PRIOR_VISITS = 10
"""The lookahead's judgement counts as this many rollouts of each candidate."""
DEFAULT_ITERATIONS = 400
HARD_HIDING = Hiding(start=0.8, end=0.5)
"""λ of the final draw, in points of rollout margin per nat."""


@dataclass(frozen=True, slots=True)
class HardChoice:
    """The searched candidates (the same for every clan), their values and the draw's probabilities."""

    moves: tuple[Move, ...]
    values: tuple[float, ...]
    """Each candidate's value for the clan held: its mean margin (lookahead prior and rollouts)."""
    probabilities: tuple[float, ...]
    options: tuple[Option, ...]


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
    clan: Clan,
    rng: random.Random,
    budget_s: float | None,
    iterations: int | None,
) -> HardChoice:
    """Opponent-model lookahead, then determinized flat Monte Carlo, over the shared candidates.

    Each candidate is followed by a full round of replies, every opponent modelled as a normal AI
    holding its likeliest clan; the resulting positions are judged by the estimated final margin
    (the prior, worth PRIOR_VISITS rollouts). Then each iteration samples the hidden clans from the
    belief and plays every surviving candidate's position out to the end with the informed playout
    policy; the value is the margin over the best opponent's total. Sequential halving keeps the
    better half after each round. The draw weighs each candidate by the shared menu (normal's
    hiding strategy averaged over the clans, ``ai.clans.hiding``) times exp(value / λ).
    """
    began = time.perf_counter()
    state = obs.state
    policy = normal_policy(obs, seat, HARD_HIDING, CHIP_TILT)
    lam = HARD_HIDING.weight(len(state.villages), state.chart.chips)
    menu = [sum(q[i] for q in policy.by_clan) / CLAN_COUNT for i in range(len(policy.moves))]
    picked = candidates(policy.values)
    options_by_move = _best_options(obs, seat, clan)
    moves = tuple(policy.moves[i] for i in picked)
    options = tuple(options_by_move[m] for m in moves)
    n = len(picked)
    if n == 1:
        return HardChoice(moves, (0.0,), (1.0,), options)
    assignments = assignment_weights(obs.loglik, seat, clan)
    clans_pool = [a for a, _ in assignments]
    weights = [w for _, w in assignments]
    likeliest = max(assignments, key=lambda aw: aw[1])[0]
    roots = [_after_replies(obs, option, likeliest) for option in options]
    judged = [_worth_margin(root, seat, likeliest) for root in roots]
    top_judged = max(judged)
    totals = [PRIOR_VISITS * (j - top_judged) for j in judged]
    visits = [PRIOR_VISITS] * n
    if iterations != 0:
        _search(roots, totals, visits, seat, clans_pool, weights, rng, budget_s, iterations, began)
    means = [totals[i] / visits[i] for i in range(n)]
    top = max(means)
    tilt = [menu[picked[i]] * math.exp((means[i] - top) / lam) for i in range(n)]
    total = sum(tilt)
    return HardChoice(moves, tuple(means), tuple(t / total for t in tilt), options)


def choose_hard(
    obs: Observation,
    seat: int,
    clan: Clan,
    rng: random.Random,
    budget_s: float | None,
    iterations: int | None,
) -> Move:
    """Hard's move (``hard_choice``'s draw). ``iterations`` fixes the number of rollouts; ``budget_s``
    seconds, lookahead included, bound the thinking time; at least one is given."""
    choice = hard_choice(obs, seat, clan, rng, budget_s, iterations)
    return choice.options[draw(choice.probabilities, rng)].actions[0]


def _search(
    roots: Sequence[GameState],
    totals: list[float],
    visits: list[int],
    seat: int,
    clans_pool: Sequence[tuple[int, ...]],
    weights: Sequence[float],
    rng: random.Random,
    budget_s: float | None,
    iterations: int | None,
    began: float,
) -> None:
    """Sequential halving with common random numbers: every surviving candidate is played out with
    the same sampled clans and the same rollout seed, so differences come from the moves."""
    n = len(roots)
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


def _best_options(obs: Observation, seat: int, clan: Clan) -> dict[Move, Option]:
    """Each action's best option (founding order) for ``clan``."""
    best: dict[Move, tuple[float, Option]] = {}
    for score, option in one_ply_scores(obs, seat, clan):
        first = option.actions[0]
        if first not in best or score > best[first][0]:
            best[first] = (score, option)
    return {move: option for move, (_, option) in best.items()}


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
    others = [t for s, t in enumerate(totals) if s != seat and not state.resigned[s]]
    return totals[seat] - max(others, default=0.0)


def _margin(state: GameState, seat: int, clans: Sequence[int]) -> float:
    """The seat's total minus the best other total."""
    totals = [state.scores[c] + chips for c, chips in zip(clans, state.chips, strict=True)]
    others = [t for s, t in enumerate(totals) if s != seat and not state.resigned[s]]
    return float(totals[seat] - max(others, default=0))
