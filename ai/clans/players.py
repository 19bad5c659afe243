"""The AI levels. Each sees the public game and its own clan, nothing else, and plays a mixed
strategy that hides that clan (``ai.clans.hiding``)."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ai.clans.belief import Observation, assignment_weights, marginals
from ai.clans.evaluate import Option, move_gains, worth
from ai.clans.hiding import Hiding, draw, policies, tilted
from ai.clans.rollout import informed_playout
from engine.clans import CLAN_COUNT, Clan, GameState, Move, Phase, apply, legal_moves, villages_founded

TOP_K = 10
"""Hard: candidate moves searched, the best for its clan at one ply."""
PRIOR_VISITS = 10
"""Hard: the one-ply score counts as this many rollouts of each candidate."""
DEFAULT_ITERATIONS = 400

EASY_HIDING = Hiding(start=40.0, end=40.0)
NORMAL_HIDING = Hiding(start=1.0, middle=1.2, end=2.5)
"""Normal hides harder as the game goes on: its moves give most away while the later villages are
founded, and there a high λ cost fewer won games than it saved in leakage (docs/AI.md, the curve).
Lower than before the chip tilt (CHIP_TILT), which leaked less and so bought a sharper choice."""
CHIP_TILT = 2.0
"""Normal: every clan's strategy is weighted by exp(CHIP_TILT · village chips the action takes). The
chips are public, so the weight is the same whatever the clan and leaks nothing by itself; it makes
normal found the villages it can found (the value counts a chip as one point, which a λ of 1-3 points
per nat barely follows), and the move among them is still drawn by the clans' values. Measured against
three easy AIs on the same deals it won more games and leaked less at the end (docs/AI.md)."""
HARD_HIDING = Hiding(start=0.8, end=0.5)
AUTOPILOT_HIDING = Hiding(start=4.0, end=3.0)
"""The strongest hiding: a timed-out player's stand-in gives up points rather than their clan."""


@dataclass(frozen=True, slots=True)
class Policy:
    """Each clan's mixed strategy (outer) over the legal actions (inner), in ``moves`` order."""

    moves: tuple[Move, ...]
    by_clan: list[list[float]]
    values: list[list[float]]
    """Each action's value (outer) for each clan (inner), in the level's own terms."""


def easy_policy(state: GameState) -> Policy:
    """Easy values an action by the points it banks now for each clan, and mixes with EASY_HIDING. It
    reads no beliefs: the public position is all it needs."""
    moves = legal_moves(state)
    values: list[list[float]] = []
    for move in moves:
        if state.phase is Phase.MOVE and not villages_founded(state, move.src):
            values.append([0.0] * CLAN_COUNT)
            continue
        after = state.copy()
        apply(after, move)
        values.append([float(after.scores[c] - state.scores[c]) for c in range(CLAN_COUNT)])
    lam = EASY_HIDING.weight(len(state.villages), state.chart.chips)
    return Policy(tuple(moves), policies(values, lam), values)


def clan_scores(obs: Observation, seat: int) -> list[list[float]]:
    """Normal's judgement of every action (outer) for each clan the mover might hold (inner): its best
    option's own gain plus chips, minus the gain of the opponent likeliest to profit.

    An opponent's clan is guessed from the moves so far: the mean of the guesses given each clan the
    mover might hold, then, for the mover holding c, that guess with c ruled out.
    """
    state = obs.state
    live = [s for s in range(state.players) if s != seat and not state.resigned[s]]
    guesses = [[0.0] * CLAN_COUNT for _ in live]
    for c in range(CLAN_COUNT):
        beliefs = marginals(assignment_weights(obs.loglik, seat, Clan(c)), state.players)
        for row, s in zip(guesses, live, strict=True):
            for k in range(CLAN_COUNT):
                row[k] += beliefs[s][Clan(k)] / CLAN_COUNT
    rest = [[1.0 / max(1e-9, 1.0 - row[c]) for c in range(CLAN_COUNT)] for row in guesses]
    opponents = list(zip(guesses, rest, strict=True))
    result: list[list[float]] = []
    for entry in obs.gains:
        best = [-math.inf] * CLAN_COUNT
        for option in entry.options:
            g = option.gains
            g0, g1, g2, g3, g4 = g
            chips = option.chips
            threats = [[-math.inf] * CLAN_COUNT, [0.0] * CLAN_COUNT][not opponents]
            for b, r in opponents:
                d = b[0] * g0 + b[1] * g1 + b[2] * g2 + b[3] * g3 + b[4] * g4
                for c in range(CLAN_COUNT):
                    t = (d - b[c] * g[c]) * r[c]
                    if t > threats[c]:
                        threats[c] = t
            for c in range(CLAN_COUNT):
                score = g[c] + chips - threats[c]
                if score > best[c]:
                    best[c] = score
        result.append(best)
    return result


def normal_policy(obs: Observation, seat: int, hiding: Hiding, chip_tilt: float = 0.0) -> Policy:
    """Every clan's strategy from ``clan_scores`` at ``hiding``'s λ, weighted by exp(``chip_tilt`` ·
    the chips each action takes) for every clan alike (``ai.clans.hiding.tilted``)."""
    state = obs.state
    values = clan_scores(obs, seat)
    lam = hiding.weight(len(state.villages), state.chart.chips)
    by_clan = policies(values, lam)
    if chip_tilt:
        by_clan = tilted(by_clan, [chip_tilt * max(o.chips for o in e.options) for e in obs.gains])
    return Policy(tuple(e.move for e in obs.gains), by_clan, values)


def one_ply_scores(obs: Observation, seat: int, clan: Clan) -> list[tuple[float, Option]]:
    """Normal's judgement of every option for one clan: own gain minus the likeliest-best opponent's."""
    state = obs.state
    beliefs = marginals(assignment_weights(obs.loglik, seat, clan), state.players)
    opponents = [
        [beliefs[s][Clan(c)] for c in range(CLAN_COUNT)]
        for s in range(state.players)
        if s != seat and not state.resigned[s]
    ]
    own = int(clan)
    scored: list[tuple[float, Option]] = []
    for entry in obs.gains:
        for option in entry.options:
            gains = option.gains
            threat = max((sum(b[c] * gains[c] for c in range(CLAN_COUNT)) for b in opponents), default=0.0)
            scored.append((gains[own] + option.chips - threat, option))
    return scored


def choose_hard(
    obs: Observation,
    seat: int,
    clan: Clan,
    rng: random.Random,
    budget_s: float | None,
    iterations: int | None,
) -> Move:
    """Opponent-model lookahead, then determinized flat Monte Carlo, over its clan's best moves.

    The candidates are the TOP_K actions normal values most for ``clan``. Each is followed by a full
    round of replies, every opponent modelled as a normal AI holding its likeliest clan; the
    resulting positions are judged by the estimated final margin (the prior). Then each iteration
    samples the hidden clans from the belief and plays every surviving candidate's position out to
    the end with the informed playout policy; the value is the margin over the best opponent's
    total. Sequential halving keeps the better half after each round; the prior counts as
    PRIOR_VISITS rollouts. The move is then drawn, not taken: with probability proportional to the
    shared menu (``ai.clans.hiding``, with HARD_HIDING) times exp(value / λ), so the search sharpens the
    choice without making it a give-away. ``iterations`` fixes the number of rollouts;
    ``budget_s`` seconds, lookahead included, bound the thinking time; at least one is given.
    """
    began = time.perf_counter()
    state = obs.state
    policy = normal_policy(obs, seat, HARD_HIDING)
    lam = HARD_HIDING.weight(len(state.villages), state.chart.chips)
    mine = policy.by_clan[int(clan)]
    menu = [sum(q[i] for q in policy.by_clan) / CLAN_COUNT for i in range(len(mine))]
    own = int(clan)
    # Searched: the moves best for the clan (ranking by the hiding policy instead lost 10 points of win
    # rate); the final draw still weighs each by the shared menu, which is what keeps the clan hidden.
    picked = sorted(range(len(mine)), key=lambda i: -policy.values[i][own])[:TOP_K]
    if len(picked) == 1:
        return policy.moves[picked[0]]
    options = _best_options(obs, seat, clan)
    candidates = [options[policy.moves[i]] for i in picked]
    assignments = assignment_weights(obs.loglik, seat, clan)
    clans_pool = [a for a, _ in assignments]
    weights = [w for _, w in assignments]
    likeliest = max(assignments, key=lambda aw: aw[1])[0]
    n = len(candidates)
    roots = [_after_replies(obs, option, likeliest) for option in candidates]
    judged = [_worth_margin(root, seat, likeliest) for root in roots]
    top_judged = max(judged)
    prior = [j - top_judged for j in judged]
    totals = [PRIOR_VISITS * p for p in prior]
    visits = [PRIOR_VISITS] * n
    if iterations != 0:
        _search(roots, totals, visits, seat, clans_pool, weights, rng, budget_s, iterations, began)
    means = [totals[i] / visits[i] for i in range(n)]
    top = max(means)
    tilt = [menu[picked[i]] * math.exp((means[i] - top) / lam) for i in range(n)]
    total = sum(tilt)
    return candidates[draw([t / total for t in tilt], rng)].actions[0]


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
    best_other = max(t for s, t in enumerate(totals) if s != seat and not state.resigned[s])
    return totals[seat] - best_other


def _margin(state: GameState, seat: int, clans: Sequence[int]) -> float:
    """The seat's total minus the best other total."""
    totals = [state.scores[c] + chips for c, chips in zip(clans, state.chips, strict=True)]
    best_other = max(t for s, t in enumerate(totals) if s != seat and not state.resigned[s])
    return float(totals[seat] - best_other)
