"""Boards drawn as text: rows of triangles on a triangular grid, turned into the board's data form.

Row ``r`` of the text is a band of triangles between point rows ``r`` and ``r + 1``; its ``c``-th character
is triangle ``(r, c)``, pointing down when ``r + c`` is even and up otherwise, so neighbours in a row share
a slanted side and a down triangle shares its top side with the up triangle above it. Characters: ``~`` no
space (sea, or off the board), ``.`` an open space, ``T A H L S`` a space with that symbol (temple,
amphora, horse, lyre, soldier). The script that designs the shipped board and the tests' small boards use it.
"""

from __future__ import annotations

import math
from typing import Any

from engine.alexandros.board import BLACK_WALLS, RED_WALLS, Symbol

LETTERS = {"T": Symbol.TEMPLE, "A": Symbol.AMPHORA, "H": Symbol.HORSE, "L": Symbol.LYRE, "S": Symbol.SOLDIER}
HEIGHT = math.sqrt(3) / 2


def triangle_corners(r: int, c: int) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """The three lattice points ``(u, y)`` of triangle ``(r, c)`` (``u`` in half sides)."""
    if (r + c) % 2 == 0:
        return (c, r), (c + 2, r), (c + 1, r + 1)
    return (c + 1, r), (c, r + 1), (c + 2, r + 1)


def grid_board(
    rows: list[str],
    regions: list[str] | None = None,
    names: dict[str, str] | None = None,
    start: tuple[int, int] | None = None,
    black: int = BLACK_WALLS,
    red: int = RED_WALLS,
    name: str = "test",
) -> dict[str, Any]:
    """The data form (as in data/alexandros/board.json) of the board ``rows`` draws.

    ``regions`` has the same shape with a letter per space, named by ``names``; ``start`` is the (row, column)
    of the starting space (default: the first space in reading order), Alexander on its upper-left point.
    """
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "~"]
    if not cells:
        raise ValueError("a board needs spaces")
    lattice = sorted({p for r, c in cells for p in triangle_corners(r, c)}, key=lambda p: (p[1], p[0]))
    point_id = {p: i for i, p in enumerate(lattice)}
    edges: set[tuple[int, int]] = set()
    corners: list[tuple[int, int, int]] = []
    for r, c in cells:
        a, b, d = (point_id[p] for p in triangle_corners(r, c))
        corners.append((a, b, d))
        edges.update({(min(a, b), max(a, b)), (min(a, d), max(a, d)), (min(b, d), max(b, d))})
    side_list = sorted(edges)
    side_id = {e: i for i, e in enumerate(side_list)}
    spaces: list[dict[str, Any]] = []
    for (r, c), (a, b, d) in zip(cells, corners, strict=True):
        ch = rows[r][c]
        region = ""
        if regions is not None:
            letter = regions[r][c]
            region = (names or {}).get(letter, letter)
        trio = sorted((a, b, d))
        spaces.append(
            {
                "points": trio,
                "sides": sorted(side_id[(min(x, y), max(x, y))] for x, y in ((a, b), (a, d), (b, d))),
                "symbol": LETTERS[ch].label if ch in LETTERS else None,
                "region": region,
                "cell": [r, c],
            }
        )
    start_cell = start if start is not None else cells[0]
    start_space = cells.index(start_cell)
    return {
        "format": "alexandros-board",
        "version": 1,
        "name": name,
        "start": {"space": start_space, "point": min(spaces[start_space]["points"])},
        "walls": {"black": black, "red": red},
        "points": [{"x": round(u / 2, 4), "y": round(y * HEIGHT, 4)} for u, y in lattice],
        "sides": [{"points": list(e)} for e in side_list],
        "spaces": spaces,
    }


def point_at(data: dict[str, Any], u: int, y: int) -> int:
    """The id of lattice point ``(u, y)`` in a board ``grid_board`` made (for tests and descriptions)."""
    for i, p in enumerate(data["points"]):
        if math.isclose(p["x"], u / 2) and math.isclose(p["y"], round(y * HEIGHT, 4)):
            return i
    raise KeyError((u, y))


def space_at(data: dict[str, Any], r: int, c: int) -> int:
    """The id of triangle ``(r, c)`` in a board ``grid_board`` made."""
    for i, s in enumerate(data["spaces"]):
        if s["cell"] == [r, c]:
            return i
    raise KeyError((r, c))
