"""Validate the project's own Alexandros board (data/alexandros/board.json), and cross-check the engine's
geometry against a brute-force reading of the same file that shares no code with engine/alexandros."""

from __future__ import annotations

import json
import random
from collections import Counter
from importlib import resources
from itertools import product
from typing import Any

import pytest

from engine.alexandros import load_board, path_wall_sets, point_distances, provinces
from engine.alexandros.grid import grid_board

RAW: dict[str, Any] = json.loads((resources.files("data.alexandros") / "board.json").read_text(encoding="utf-8"))
SIDES = [tuple(s["points"]) for s in RAW["sides"]]
SPACES = RAW["spaces"]


def test_the_board_is_what_the_script_designs() -> None:
    """docs/RULES.md A2.2: the file is the output of scripts/make_alexandros_board.py's rows."""
    names = {chr(65 + i): name for i, name in enumerate(sorted({s["region"] for s in SPACES}))}
    again = grid_board(RAW["rows"], _regions(names), names, start=(0, 0), name=RAW["name"])
    again["rows"] = RAW["rows"]
    assert json.loads(json.dumps(again)) == RAW


def _regions(names: dict[str, str]) -> list[str]:
    letter = {name: key for key, name in names.items()}
    width = max(s["cell"][1] for s in SPACES) + 1
    grid = [["~"] * width for _ in RAW["rows"]]
    for s in SPACES:
        r, c = s["cell"]
        grid[r][c] = letter[s["region"]]
    return ["".join(row) for row in grid]


def test_symbols_a_little_under_half_in_equal_numbers() -> None:
    """docs/RULES.md A2.2, A1.2: under half the spaces carry a symbol, 12 of each of the five; no two
    spaces sharing a side carry the same symbol; the start is an open space in the upper left."""
    symbols = Counter(s["symbol"] for s in SPACES if s["symbol"])
    assert sorted(symbols) == ["amphora", "horse", "lyre", "soldier", "temple"]
    assert set(symbols.values()) == {12}
    assert len(SPACES) == 133 and 0.4 < sum(symbols.values()) / len(SPACES) < 0.5
    for side in range(len(SIDES)):
        pair = [s for s in SPACES if side in s["sides"]]
        assert len(pair) in (1, 2)
        if len(pair) == 2 and pair[0]["symbol"]:
            assert pair[0]["symbol"] != pair[1]["symbol"]
    start = SPACES[RAW["start"]["space"]]
    assert start["symbol"] is None and start["cell"] == [0, 0]
    point = RAW["points"][RAW["start"]["point"]]
    assert (point["x"], point["y"]) == (0, 0)
    assert RAW["walls"] == {"black": 65, "red": 10}


def test_regions_from_the_mediterranean_to_the_indus() -> None:
    """docs/RULES.md A2.2: named regions for descriptions, west to east; every space in one."""
    names = {s["region"] for s in SPACES}
    assert {"Macedonia", "Egypt", "Syria", "Babylonia", "Persia", "Bactria", "India"} <= names

    def west(name: str) -> float:
        cells = [s["cell"][1] for s in SPACES if s["region"] == name]
        return sum(cells) / len(cells)

    assert west("Macedonia") < west("Babylonia") < west("Persia") < west("India")


def test_geometry_every_space_is_a_unit_triangle_and_the_land_is_connected() -> None:
    """docs/RULES.md A2.1, A2.3: three points, three sides of length 1 joining them; coast sides belong to
    one space; the spaces are connected through their shared sides; the coastline is long."""
    xy = [(p["x"], p["y"]) for p in RAW["points"]]
    for s in SPACES:
        pts = set(s["points"])
        assert len(pts) == 3
        for side in s["sides"]:
            a, b = SIDES[side]
            assert {a, b} <= pts
            assert abs(((xy[a][0] - xy[b][0]) ** 2 + (xy[a][1] - xy[b][1]) ** 2) ** 0.5 - 1) < 1e-3
    assert len(set(_ref_provinces(set()))) == 1
    coast = [side for side in range(len(SIDES)) if sum(side in s["sides"] for s in SPACES) == 1]
    assert len(coast) > 40


def _ref_distances(start: int) -> list[int]:
    """Floyd-Warshall over the sides (brute force, independent of the engine's search)."""
    n = len(RAW["points"])
    inf = 10**6
    d = [[0 if i == j else inf for j in range(n)] for i in range(n)]
    for a, b in SIDES:
        d[a][b] = d[b][a] = 1
    for k, i in product(range(n), repeat=2):
        if d[i][k] < inf:
            row, dk = d[i], d[k]
            for j in range(n):
                if row[k] + dk[j] < row[j]:
                    row[j] = row[k] + dk[j]
    return d[start]


def _ref_provinces(walls: set[int]) -> list[int]:
    parent = list(range(len(SPACES)))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for side in range(len(SIDES)):
        pair = [i for i, s in enumerate(SPACES) if side in s["sides"]]
        if len(pair) == 2 and side not in walls:
            parent[find(pair[0])] = find(pair[1])
    groups: dict[int, int] = {}
    return [groups.setdefault(find(i), i) for i in range(len(SPACES))]


def _ref_wall_sets(walls: set[int], start: int, end: int, length: int) -> list[tuple[int, ...]]:
    """Every simple path of ``length`` sides from start to end, by depth-first search."""
    links: dict[int, list[tuple[int, int]]] = {}
    for side, (a, b) in enumerate(SIDES):
        links.setdefault(a, []).append((side, b))
        links.setdefault(b, []).append((side, a))
    found: set[tuple[int, ...]] = set()

    def walk(p: int, used: list[int], seen: set[int]) -> None:
        if len(used) == length:
            if p == end:
                found.add(tuple(sorted(s for s in used if s not in walls)))
            return
        for side, q in links[p]:
            if q not in seen:
                walk(q, [*used, side], seen | {q})

    walk(start, [], {start})
    return sorted(found)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_engine_geometry_matches_brute_force(seed: int) -> None:
    """docs/RULES.md A4.2, A4.3, A4.5, A2.4: distances, shortest wall paths and provinces agree with
    brute force on random walls of the shipped board."""
    board = load_board()
    rng = random.Random(seed)
    walls = set(rng.sample(range(len(SIDES)), 40))
    mask = sum(1 << s for s in walls)
    assert provinces(board, mask) == _ref_provinces(walls)
    start = rng.randrange(len(RAW["points"]))
    ref = _ref_distances(start)
    assert list(point_distances(board, start)) == ref
    for end in rng.sample([p for p in range(len(ref)) if ref[p] <= 5], 8):
        assert path_wall_sets(board, mask, start, end) == _ref_wall_sets(walls, start, end, ref[end])
