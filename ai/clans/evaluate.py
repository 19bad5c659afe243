"""A clan-by-clan reading of a position: points banked plus the villages each clan is close to.

Every AI level and the belief model read moves through ``move_gains``: for each legal action, what
it is worth to each of the five clans. The numbers are heuristic estimates, not probabilities.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.clans import CLAN_COUNT, Chart, GameState, Move, Phase, apply, legal_moves, villages_founded

Vector = tuple[float, float, float, float, float]
ZERO: Vector = (0.0, 0.0, 0.0, 0.0, 0.0)

REACH = (0.0, 0.62, 0.36, 0.2, 0.12, 0.08, 0.06, 0.05, 0.05)
"""How likely a territory with k occupied neighbours is to become a village (indexed by k)."""
NEAR_NOW = (0.0, 1.0, 0.6, 0.4, 0.3, 0.3, 0.3, 0.3, 0.3)
"""How much the current epoch (against a later one) decides its terrain value, by k."""
SPREAD = 0.25
"""Worth of each live territory a clan sits in: dispersed huts take part in more villages."""


@dataclass(frozen=True, slots=True)
class Option:
    """One way to play a legal action: for a move founding several villages, one founding order."""

    actions: tuple[Move, ...]
    gains: Vector
    """Change of each clan's estimated worth."""
    chips: int
    """Village chips the mover takes."""
    banked: Vector = ZERO
    """The part of ``gains`` that is points scored now (the villages founded), the rest being prospects."""


@dataclass(frozen=True, slots=True)
class MoveGains:
    move: Move
    options: tuple[Option, ...]


class _Context:
    """Terrain values for one position: value = a * huts + b, per terrain, by occupied neighbours."""

    __slots__ = ("a", "b", "scale")

    def __init__(self, state: GameState) -> None:
        chart = state.chart
        taken = len(state.villages)
        last = chart.chips - 1
        now = self._coefficients(state, min(taken, last))
        later = self._coefficients(state, min(taken + 2, last))
        self.a: list[list[float]] = []
        self.b: list[list[float]] = []
        for k in range(len(NEAR_NOW)):
            w = NEAR_NOW[k]
            self.a.append([w * now[0][t] + (1 - w) * later[0][t] for t in range(4)])
            self.b.append([w * now[1][t] + (1 - w) * later[1][t] for t in range(4)])
        # Few chips left: most near-villages will never be founded.
        self.scale = min(1.0, (chart.chips - taken) / 4)

    @staticmethod
    def _coefficients(state: GameState, chip: int) -> tuple[list[float], list[float]]:
        chart = state.chart
        if chip == chart.chips - 1:
            return [1.0] * 4, [5.0] * 4
        epoch = chart.epochs[chart.chip_epoch[chip] - 1]
        a = [1.0] * 4
        b = [0.0] * 4
        for terrain in range(4):
            if terrain in epoch.unfavourable:
                a[terrain] = 0.0
            elif terrain in epoch.favourable:
                b[terrain] = float(epoch.bonus)
        return a, b


def territory_worth(huts: list[int], k: int, terrain: int, ctx: _Context) -> Vector:
    """What an unfounded territory with ``k`` occupied neighbours promises each clan present."""
    if k <= 0:
        return ZERO
    kk = k if k < len(REACH) else len(REACH) - 1
    size = 0
    present = 0
    singles = 0
    for n in huts:
        if n:
            present += 1
            size += n
            if n == 1:
                singles += 1
    strife = present == CLAN_COUNT
    if strife:
        size -= singles
    value = (ctx.a[kk][terrain] * size + ctx.b[kk][terrain]) * REACH[kk] * ctx.scale + SPREAD
    h0, h1, h2, h3, h4 = huts
    cut = 2 if strife else 1
    return (
        value if h0 >= cut else 0.0,
        value if h1 >= cut else 0.0,
        value if h2 >= cut else 0.0,
        value if h3 >= cut else 0.0,
        value if h4 >= cut else 0.0,
    )


def worth_table(state: GameState, ctx: _Context) -> list[Vector]:
    """``territory_worth`` of every territory (zero for empty ones and villages)."""
    table: list[Vector] = [ZERO] * (state.board.size + 1)
    occupied = state.occupied
    masks = state.board.neighbour_mask
    terrain = state.board.terrain
    huts = state.huts
    counts = state.counts
    for t in range(1, state.board.size + 1):
        if counts[t]:
            k = (occupied & masks[t]).bit_count()
            if k:
                table[t] = territory_worth(huts[t], k, terrain[t], ctx)
    return table


_CONTEXTS: dict[tuple[int, int], tuple[Chart, _Context]] = {}
"""Each chart's contexts by the number of villages founded (all a context depends on), the chart kept alive
beside them: ``id`` keys are cheap to hash. Emptied when full, so a worker that serves game after game keeps
the charts it is playing now, not its first games'."""


def _context(state: GameState) -> _Context:
    chart = state.chart
    key = (id(chart), len(state.villages))
    known = _CONTEXTS.get(key)
    if known is not None and known[0] is chart:
        return known[1]
    ctx = _Context(state)
    if len(_CONTEXTS) >= 256:
        _CONTEXTS.clear()
    _CONTEXTS[key] = (chart, ctx)
    return ctx


def worth(state: GameState) -> Vector:
    """Each clan's banked score plus its estimated prospects."""
    t0, t1, t2, t3, t4 = (float(s) for s in state.scores)
    for v0, v1, v2, v3, v4 in worth_table(state, _context(state)):  # clan by clan: the same sums as a loop
        t0 += v0
        t1 += v1
        t2 += v2
        t3 += v3
        t4 += v4
    return (t0, t1, t2, t3, t4)


def _vec(values: list[float]) -> Vector:
    return (values[0], values[1], values[2], values[3], values[4])


def _banked(after: GameState, scores_before: list[int]) -> Vector:
    s = after.scores
    return (
        float(s[0] - scores_before[0]),
        float(s[1] - scores_before[1]),
        float(s[2] - scores_before[2]),
        float(s[3] - scores_before[3]),
        float(s[4] - scores_before[4]),
    )


def _diff(after: Vector, before: Vector) -> Vector:
    return (
        after[0] - before[0],
        after[1] - before[1],
        after[2] - before[2],
        after[3] - before[3],
        after[4] - before[4],
    )


def order_options(
    state: GameState, base: Vector, prefix: tuple[Move, ...] = (), base_scores: list[int] | None = None
) -> list[Option]:
    """Every founding order from a state waiting for the mover's choice, with its gains from ``base``
    (and the points banked since ``base_scores``, by default the state's)."""
    if base_scores is None:
        base_scores = state.scores
    options: list[Option] = []
    chips_before = state.chips[state.to_move]
    for choice in legal_moves(state):
        after = state.copy()
        apply(after, choice)
        if after.phase is Phase.ORDER:
            deeper = order_options(after, base, (*prefix, choice), base_scores)
            extra = after.chips[state.to_move] - chips_before
            options.extend(Option(o.actions, o.gains, o.chips + extra, o.banked) for o in deeper)
            continue
        chips = after.chips[state.to_move] - chips_before
        options.append(Option((*prefix, choice), _diff(worth(after), base), chips, _banked(after, base_scores)))
    return options


def move_gains(state: GameState) -> list[MoveGains]:
    """Every legal action with its gains per clan; in Phase.ORDER each choice is one action."""
    if state.phase is Phase.OVER:
        return []
    base = worth(state)
    if state.phase is Phase.ORDER:
        return [MoveGains(o.actions[0], (o,)) for o in _first_choices(state, base)]
    ctx = _context(state)
    table = worth_table(state, ctx)
    board = state.board
    masks = board.neighbour_mask
    neighbours = board.neighbours
    terrain = board.terrain
    counts = state.counts
    huts = state.huts
    occupied = state.occupied
    result: list[MoveGains] = []
    last_src = 0
    founds = False
    lost: Vector = ZERO
    changes: list[tuple[int, int, Vector, Vector]] = []
    for move in legal_moves(state):  # sorted by source: what depends on the source alone is worked out once
        src, dst = move.src, move.dst
        if src != last_src:
            last_src = src
            founds = bool(villages_founded(state, src))
            if not founds:
                # Only the source, the destination and the source's neighbours change.
                lost = table[src]
                left = occupied & ~(1 << src)
                changes = []
                for t in neighbours[src]:
                    if counts[t]:
                        old = table[t]
                        k = (left & masks[t]).bit_count()
                        changes.append((t, k, old, _diff(territory_worth(huts[t], k, terrain[t], ctx), old)))
        if founds:
            result.append(MoveGains(move, tuple(_founding_options(state, move, base))))
            continue
        g0, g1, g2, g3, g4 = -lost[0], -lost[1], -lost[2], -lost[3], -lost[4]
        for t, k, old, change in changes:
            if t == dst:
                merged = [a + b for a, b in zip(huts[src], huts[dst], strict=True)]
                change = _diff(territory_worth(merged, k, terrain[t], ctx), old)
            g0 += change[0]
            g1 += change[1]
            g2 += change[2]
            g3 += change[3]
            g4 += change[4]
        result.append(MoveGains(move, (Option((move,), (g0, g1, g2, g3, g4), 0),)))
    return result


def _founding_options(state: GameState, move: Move, base: Vector) -> list[Option]:
    after = state.copy()
    apply(after, move)
    if after.phase is Phase.ORDER:
        return order_options(after, base, (move,))
    chips = after.chips[state.to_move] - state.chips[state.to_move]
    return [Option((move,), _diff(worth(after), base), chips, _banked(after, state.scores))]


def _first_choices(state: GameState, base: Vector) -> list[Option]:
    """In Phase.ORDER (three or more villages pending): one option per first choice.

    A choice's gains are the mean over the orders that can follow it, which is enough to rank choices.
    """
    by_first: dict[Move, list[Option]] = {}
    for option in order_options(state, base):
        by_first.setdefault(option.actions[0], []).append(option)
    result: list[Option] = []
    for first, options in by_first.items():
        n = len(options)
        gains = [sum(o.gains[c] for o in options) / n for c in range(CLAN_COUNT)]
        banked = [sum(o.banked[c] for o in options) / n for c in range(CLAN_COUNT)]
        result.append(Option((first,), _vec(gains), max(o.chips for o in options), _vec(banked)))
    return result
