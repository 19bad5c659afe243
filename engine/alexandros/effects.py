"""What a choice of walls would do, as facts (no sentences): which provinces it divides, into which parts,
who holds each part, and how everyone's tax income changes. For the turn panel's descriptions of wall
paths ("divides Egypt: 4 open spaces become free") and for the AI."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.alexandros.geometry import provinces
from engine.alexandros.legal import tax_income
from engine.alexandros.state import GameState


@dataclass(frozen=True, slots=True)
class Part:
    spaces: int
    open_spaces: int
    symbol_spaces: int
    owner: int
    """The seat whose guards stand in this part, or -1 when it is free."""
    guards: int
    region: str
    """The region most of its spaces lie in (ties: the first in space order)."""


@dataclass(frozen=True, slots=True)
class Division:
    region: str
    owner: int
    """Who held the province before it was divided (-1: nobody)."""
    parts: tuple[Part, ...]
    """Largest part first."""


@dataclass(frozen=True, slots=True)
class WallEffect:
    walls: tuple[int, ...]
    divisions: tuple[Division, ...]
    income_before: tuple[int, ...]
    income_after: tuple[int, ...]


def wall_effect(state: GameState, walls: Sequence[int]) -> WallEffect:
    """The effect of standing walls on ``walls`` (the sides of a ``ChoosePath``), the state unchanged."""
    board = state.board
    after = state.copy()
    for side in walls:
        after.walls |= 1 << side
    after.province = provinces(board, after.walls) if walls else list(state.province)
    old: dict[int, list[int]] = {}
    for space, pid in enumerate(state.province):
        old.setdefault(pid, []).append(space)
    divisions = []
    for _pid, members in sorted(old.items()):
        new_ids = {after.province[s] for s in members}
        if len(new_ids) < 2:
            continue
        parts = [_part(after, [s for s in members if after.province[s] == n]) for n in sorted(new_ids)]
        parts.sort(key=lambda p: -p.spaces)
        whole = _part(state, members)
        divisions.append(Division(region=whole.region, owner=whole.owner, parts=tuple(parts)))
    return WallEffect(
        walls=tuple(walls),
        divisions=tuple(divisions),
        income_before=tuple(tax_income(state)),
        income_after=tuple(tax_income(after)),
    )


def _part(state: GameState, spaces: list[int]) -> Part:
    board = state.board
    seats = [state.guards[s] for s in spaces if state.guards[s] >= 0]
    regions = Counter(board.region[s] for s in spaces)
    top = max(regions.values())
    return Part(
        spaces=len(spaces),
        open_spaces=sum(1 for s in spaces if board.symbol[s] is None),
        symbol_spaces=sum(1 for s in spaces if board.symbol[s] is not None),
        owner=seats[0] if seats else -1,
        guards=len(seats),
        region=next(board.region[s] for s in spaces if regions[board.region[s]] == top),
    )
