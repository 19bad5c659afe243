"""Setting a game up (docs/RULES.md R3): the seeded deal of the huts, the clans and the first mover.

Every game ever stored is replayed from its seed, so the deal draws exactly the bits it always drew: each
region's colours as ``random.shuffle`` orders ``range(CLAN_COUNT)``, the clans as
``random.sample(range(CLAN_COUNT), players)``, the first mover as ``random.randrange(players)``
(tests/engine/clans/test_engine_shuffle.py compares them draw for draw). They are drawn here with
``getrandbits`` as CPython draws them, without the Python calls around each draw: a random game spends a
large part of its time being set up.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import product

from engine.clans.board import Board, Chart, load_board, load_chart
from engine.clans.clan import CLAN_COUNT, HUTS_PER_CLAN, Clan
from engine.clans.state import GameState

MIN_PLAYERS = 2
"""docs/RULES.md R1.5: the fewest players; the one source of this bound for the service and the store."""
MAX_PLAYERS = 4
"""docs/RULES.md R1.5: the most players; the one source of this bound for the service and the store."""


def new_game(players: int, seed: int, board: Board | None = None, chart: Chart | None = None) -> GameState:
    """Set up a game as docs/RULES.md R3 says: all randomness comes from ``seed`` (R3.4)."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Clans is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"The seed must be a whole number, not {seed!r}")
    board = board or load_board()
    chart = chart or load_chart()
    layout = _layout(board)
    getrandbits = random.Random(seed).getrandbits
    # Each region deals one hut of each colour, so every territory holds one hut: only its colour is drawn.
    colours = dealt_colours(getrandbits, len(layout.regions))
    return GameState(
        board=board,
        chart=chart,
        players=players,
        seed=seed,
        clans=sampled_clans(getrandbits, players),
        huts=[[*_ROWS[colours[i]]] for i in layout.deal_order],
        counts=layout.counts.copy(),
        removed=layout.removed.copy(),
        occupied=layout.occupied,
        villages=[],
        scores=[0] * CLAN_COUNT,
        chips=[0] * players,
        to_move=below(getrandbits, players),
        resigned=[False] * players,
    )


Draw = Callable[[int], int]
"""A ``random.Random``'s ``getrandbits``."""


def below(getrandbits: Draw, n: int) -> int:
    """``random.Random._randbelow(n)``, drawn as CPython draws it: the bits of ``n``, again while too large."""
    bits = n.bit_length()
    drawn = getrandbits(bits)
    while drawn >= n:
        drawn = getrandbits(bits)
    return drawn


_SWAPS = tuple((n, n.bit_length()) for n in range(CLAN_COUNT, 1, -1))
"""``random.shuffle`` swaps item i with a random one of the first i + 1, the last item first."""


def _shuffled(swaps: tuple[int, ...]) -> tuple[int, ...]:
    colours = list(range(CLAN_COUNT))
    for i, j in zip(range(CLAN_COUNT - 1, 0, -1), swaps, strict=True):
        colours[i], colours[j] = colours[j], colours[i]
    return tuple(colours)


_ORDERS = tuple(_shuffled(swaps) for swaps in product(*(range(n) for n, _ in _SWAPS)))
"""Each order of the colours by its shuffle's draws, read as one number (the first draw the highest digit)."""


def dealt_colours(getrandbits: Draw, regions: int) -> list[int]:
    """Each region's colours in turn, each region as ``rng.shuffle(list(range(CLAN_COUNT)))`` orders them;
    the list starts with CLAN_COUNT (no colour) for the territory ids' unused index 0."""
    colours = [CLAN_COUNT]
    for _ in range(regions):
        order = 0
        for n, bits in _SWAPS:
            drawn = getrandbits(bits)
            while drawn >= n:
                drawn = getrandbits(bits)
            order = order * n + drawn
        colours += _ORDERS[order]
    return colours


_CLANS = tuple(Clan)


def sampled_clans(getrandbits: Draw, players: int) -> tuple[Clan, ...]:
    """The seats' clans as ``rng.sample(range(CLAN_COUNT), players)`` draws them (its pool of five)."""
    pool = list(_CLANS)
    clans = []
    for left in range(CLAN_COUNT, CLAN_COUNT - players, -1):
        i = below(getrandbits, left)
        clans.append(pool[i])
        pool[i] = pool[left - 1]
    return tuple(clans)


_ROWS = tuple([int(c == colour) for c in range(CLAN_COUNT)] for colour in range(CLAN_COUNT + 1))
"""A territory's huts holding one hut of each colour, then none (copied, never handed out)."""


@dataclass(frozen=True, slots=True)
class _Layout:
    """What setting up a game on one board needs, worked out once per board."""

    board: Board
    """Kept alive beside the rest, so that the ``id`` it is found by stays its own."""
    regions: tuple[tuple[int, ...], ...]
    """The territory ids of each region, regions in order: setup deals colours region by region (R3)."""
    deal_order: tuple[int, ...]
    """Where each territory id's colour is in ``dealt_colours``' list."""
    counts: list[int]
    """Huts per territory after any deal: one on each (copied, never handed out)."""
    removed: list[int]
    """Huts of each colour left off the board after any deal (copied, never handed out)."""
    occupied: int


_LAYOUTS: dict[int, _Layout] = {}
"""Each board's layout by ``id``: hashing a whole board per new game would cost more than the deal."""


def _layout(board: Board) -> _Layout:
    known = _LAYOUTS.get(id(board))
    if known is not None and known.board is board:
        return known
    regions: dict[int, list[int]] = {}
    for territory in board.territories:
        regions.setdefault(territory.region, []).append(territory.id)
    grouped = tuple(tuple(regions[region]) for region in sorted(regions))
    if any(len(region) != CLAN_COUNT for region in grouped):
        raise ValueError(f"Every region of a Clans board holds {CLAN_COUNT} territories")
    dealt = [0, *(t for region in grouped for t in region)]
    position = {t: i for i, t in enumerate(dealt)}
    layout = _Layout(
        board=board,
        regions=grouped,
        deal_order=tuple(position[t] for t in range(board.size + 1)),
        counts=[0] + [1] * board.size,
        removed=[HUTS_PER_CLAN - len(grouped)] * CLAN_COUNT,
        occupied=sum(1 << t for t in range(1, board.size + 1)),
    )
    if len(_LAYOUTS) < 64:
        _LAYOUTS[id(board)] = layout
    return layout
