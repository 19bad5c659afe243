"""The fixed facts of an Alexandros game: the board of triangles, loaded once from data/alexandros.

Spaces are triangles, points their corners, sides their edges; ids are 0-based indexes into the tuples.
A side of only one space lies on the coast (or the edge of the playing area): docs/RULES.md A2.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from importlib import resources
from typing import Any

BLACK_WALLS = 65
RED_WALLS = 10
GUARDS = 4
CARDS_PER_SYMBOL = 11


class Symbol(IntEnum):
    """docs/RULES.md A1.2: the five symbols of spaces and cards."""

    TEMPLE = 0
    AMPHORA = 1
    HORSE = 2
    LYRE = 3
    SOLDIER = 4

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Symbol:
        return cls[text.strip().upper()]


SYMBOLS = tuple(Symbol)


@dataclass(frozen=True, slots=True)
class Board:
    """The board. ``symbol[s]`` is None for an open space."""

    name: str
    points: tuple[tuple[float, float], ...]
    """Drawing coordinates of every point (a triangle side is 1 unit long)."""
    sides: tuple[tuple[int, int], ...]
    """The two points of every side, lower id first."""
    side_spaces: tuple[tuple[int, ...], ...]
    """The one or two spaces each side bounds."""
    space_points: tuple[tuple[int, int, int], ...]
    space_sides: tuple[tuple[int, int, int], ...]
    symbol: tuple[Symbol | None, ...]
    region: tuple[str, ...]
    """The named region (Egypt, Persia...) of every space, for descriptions only."""
    point_links: tuple[tuple[tuple[int, int], ...], ...]
    """For every point, its (side, other point) pairs, sorted."""
    point_spaces: tuple[tuple[int, ...], ...]
    coast: tuple[bool, ...]
    start_space: int
    start_point: int
    black_walls: int
    red_walls: int
    width: float
    height: float
    distances: tuple[tuple[int, ...], ...]
    """Triangle sides between every two points, along any sides: walls never change it (A4.3)."""
    open_spaces: tuple[int, ...]
    """The spaces without a symbol, in id order (what taxes count)."""
    space_links: tuple[tuple[tuple[int, int], ...], ...]
    """For every space, its (side, neighbouring space) pairs: the sides it shares with another space."""

    @property
    def space_count(self) -> int:
        return len(self.space_points)

    def symbol_spaces(self) -> list[int]:
        return [s for s, sym in enumerate(self.symbol) if sym is not None]


def board_from_dict(raw: dict[str, Any]) -> Board:
    points = tuple((float(p["x"]), float(p["y"])) for p in raw["points"])
    sides = tuple((min(int(a), int(b)), max(int(a), int(b))) for a, b in (s["points"] for s in raw["sides"]))
    spaces = raw["spaces"]
    space_points = tuple(_triple(s["points"]) for s in spaces)
    space_sides = tuple(_triple(s["sides"]) for s in spaces)
    symbol = tuple(None if s["symbol"] is None else Symbol.parse(s["symbol"]) for s in spaces)
    side_spaces_l: list[list[int]] = [[] for _ in sides]
    for sid, ss in enumerate(space_sides):
        for side in ss:
            side_spaces_l[side].append(sid)
    links: list[list[tuple[int, int]]] = [[] for _ in points]
    for side, (a, b) in enumerate(sides):
        links[a].append((side, b))
        links[b].append((side, a))
    point_spaces_l: list[list[int]] = [[] for _ in points]
    for sid, ps in enumerate(space_points):
        for p in ps:
            point_spaces_l[p].append(sid)
    start = raw["start"]
    walls = raw["walls"]
    link_points = [[q for _, q in sorted(x, key=lambda t: t[1])] for x in links]
    return Board(
        name=str(raw["name"]),
        points=points,
        sides=sides,
        side_spaces=tuple(tuple(sorted(x)) for x in side_spaces_l),
        space_points=space_points,
        space_sides=space_sides,
        symbol=symbol,
        region=tuple(str(s.get("region", "")) for s in spaces),
        point_links=tuple(tuple(sorted(x, key=lambda t: t[1])) for x in links),
        point_spaces=tuple(tuple(sorted(x)) for x in point_spaces_l),
        coast=tuple(len(x) == 1 for x in side_spaces_l),
        start_space=int(start["space"]),
        start_point=int(start["point"]),
        black_walls=int(walls["black"]),
        red_walls=int(walls["red"]),
        width=max(x for x, _ in points),
        height=max(y for _, y in points),
        distances=tuple(_distances_from(link_points, p) for p in range(len(points))),
        open_spaces=tuple(s for s, sym in enumerate(symbol) if sym is None),
        space_links=tuple(
            tuple((side, t) for side in space_sides[s] for t in side_spaces_l[side] if t != s)
            for s in range(len(space_sides))
        ),
    )


def _distances_from(links: list[list[int]], start: int) -> tuple[int, ...]:
    dist = [-1] * len(links)
    dist[start] = 0
    frontier = [start]
    while frontier:
        step: list[int] = []
        for p in frontier:
            d = dist[p] + 1
            for q in links[p]:
                if dist[q] < 0:
                    dist[q] = d
                    step.append(q)
        frontier = step
    return tuple(dist)


def _triple(values: list[int]) -> tuple[int, int, int]:
    a, b, c = (int(v) for v in values)
    return (a, b, c)


def data_text(name: str) -> str:
    """The text of ``data/alexandros/<name>``, found through the installed package."""
    return (resources.files("data.alexandros") / name).read_text(encoding="utf-8")


@cache
def load_board() -> Board:
    """The project's own board (data/alexandros/board.json)."""
    return board_from_dict(json.loads(data_text("board.json")))
