"""Validate the project's own board (data/clans/map.json) and epoch chart (data/clans/epochs.json).

Every test cites the rule of docs/RULES.md it checks (R2: the board, R4: the epoch chart).
"""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from importlib import resources

import pytest

DATA = resources.files("data.clans")
TERRAINS = {"forest", "mountain", "steppe", "grassland"}
SQRT3 = math.sqrt(3)
TOL = 1e-3


@pytest.fixture(scope="module")
def board() -> dict:
    return json.loads((DATA / "map.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def terr(board: dict) -> dict[int, dict]:
    return {t["id"]: t for t in board["territories"]}


@pytest.fixture(scope="module")
def adj(terr: dict[int, dict]) -> dict[int, set[int]]:
    return {i: set(t["neighbours"]) for i, t in terr.items()}


@pytest.fixture(scope="module")
def epochs() -> list[dict]:
    return json.loads((DATA / "epochs.json").read_text(encoding="utf-8"))["epochs"]


def _dist(p: list[float], q: list[float]) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


def _touching(a: dict, b: dict) -> bool:
    """Two hexes of radius 1 share an edge iff their centres are sqrt(3) apart."""
    return abs(_dist(a["center"], b["center"]) - SQRT3) < TOL


def _component(start: int, nodes: set[int], adj: dict[int, set[int]]) -> set[int]:
    seen = {start}
    todo = [start]
    while todo:
        x = todo.pop()
        for y in adj[x]:
            if y in nodes and y not in seen:
                seen.add(y)
                todo.append(y)
    return seen


# --- The board -----------------------------------------------------------------------------------


def test_sixty_territories_with_ids_1_to_60(board: dict) -> None:
    """docs/RULES.md R1.1, R2.1: 60 territories, numbered 1..60."""
    ids = [t["id"] for t in board["territories"]]
    assert len(ids) == 60
    assert sorted(ids) == list(range(1, 61))


def test_numbered_in_reading_order(board: dict) -> None:
    """docs/RULES.md R2.1: territories numbered 1..60 in reading order (top-left to bottom-right)."""
    by_id = sorted(board["territories"], key=lambda t: t["id"])
    # by grid cell: row, then column
    assert [t["id"] for t in sorted(by_id, key=lambda t: (t["cell"][1], t["cell"][0]))] == list(range(1, 61))
    # and by drawn position: rows top to bottom, left to right within a row
    for a, b in itertools.pairwise(by_id):
        ya, yb = a["center"][1], b["center"][1]
        assert ya < yb - TOL or (abs(ya - yb) < TOL and a["center"][0] < b["center"][0]), (a["id"], b["id"])


def test_cells_are_distinct(board: dict) -> None:
    """docs/RULES.md R2.5: each territory has its own hex cell (no two territories overlap)."""
    cells = [tuple(t["cell"]) for t in board["territories"]]
    assert len(set(cells)) == len(cells)
    centers = [t["center"] for t in board["territories"]]
    for i, p in enumerate(centers):
        for q in centers[i + 1 :]:
            assert _dist(p, q) > SQRT3 - TOL


def test_terrains_are_the_four_types(board: dict) -> None:
    """docs/RULES.md R1.2: 4 terrain types: forest, mountain, steppe, grassland."""
    assert {t["terrain"] for t in board["territories"]} <= TERRAINS


def test_fifteen_of_each_terrain(board: dict) -> None:
    """docs/RULES.md R2.2: the map has 15 of each terrain."""
    assert Counter(t["terrain"] for t in board["territories"]) == {k: 15 for k in TERRAINS}


def test_twelve_regions_of_five(board: dict) -> None:
    """docs/RULES.md R1.1, R2.2: 12 regions of 5 territories."""
    counts = Counter(t["region"] for t in board["territories"])
    assert sorted(counts) == list(range(1, 13))
    assert set(counts.values()) == {5}


def test_each_region_has_every_terrain_plus_one_repeat(board: dict) -> None:
    """docs/RULES.md R2.2: each region has one territory of each terrain plus one repeated terrain."""
    repeats: Counter[str] = Counter()
    for r in range(1, 13):
        kinds = Counter(t["terrain"] for t in board["territories"] if t["region"] == r)
        assert set(kinds) == TERRAINS, r
        assert sorted(kinds.values()) == [1, 1, 1, 2], r
        repeats.update(k for k, n in kinds.items() if n == 2)
    # 15 of each terrain over 12 regions => each terrain is the repeat in exactly 3 regions
    assert repeats == {k: 3 for k in TERRAINS}


def test_regions_are_contiguous(board: dict, adj: dict[int, set[int]]) -> None:
    """docs/RULES.md R2.2, R2.3: 12 regions of 5 CONTIGUOUS territories (rivers do not cut adjacency, lakes do)."""
    for r in range(1, 13):
        members = {t["id"] for t in board["territories"] if t["region"] == r}
        assert _component(min(members), members, adj) == members, r


def test_adjacency_symmetric_no_loops_no_duplicates(terr: dict[int, dict]) -> None:
    """docs/RULES.md R2.4: the adjacency graph is symmetric."""
    for i, t in terr.items():
        nbs = t["neighbours"]
        assert i not in nbs, i
        assert len(nbs) == len(set(nbs)), i
        for j in nbs:
            assert j in terr, (i, j)
            assert i in terr[j]["neighbours"], (i, j)


def test_neighbours_share_an_edge(terr: dict[int, dict]) -> None:
    """docs/RULES.md R2.3: neighbours are territories that actually touch (hexes sharing an edge)."""
    for i, t in terr.items():
        for j in t["neighbours"]:
            assert _touching(t, terr[j]), (i, j)


def test_touching_hexes_are_neighbours_unless_a_lake(board: dict, terr: dict[int, dict]) -> None:
    """docs/RULES.md R2.3: region borders (rivers) do NOT block adjacency; only lakes do."""
    lake_pairs = {frozenset(lake["between"]) for lake in board["lakes"]}
    for i, a in terr.items():
        for j, b in terr.items():
            if i < j and _touching(a, b):
                expected = frozenset((i, j)) not in lake_pairs
                assert (j in a["neighbours"]) == expected, (i, j)


def test_lakes_separate_touching_territories(board: dict, terr: dict[int, dict]) -> None:
    """docs/RULES.md R2.3: a few small lakes sit between territories; two territories that meet only
    across a lake are NOT adjacent."""
    lakes = board["lakes"]
    assert 3 <= len(lakes) <= 5
    assert len({frozenset(lake["between"]) for lake in lakes}) == len(lakes)
    for lake in lakes:
        a, b = (terr[i] for i in lake["between"])
        assert _touching(a, b), lake
        assert b["id"] not in a["neighbours"] and a["id"] not in b["neighbours"], lake
        mid = [(a["center"][0] + b["center"][0]) / 2, (a["center"][1] + b["center"][1]) / 2]
        assert _dist(lake["center"], mid) < TOL, lake
        assert 0 < lake["radius"] < 0.5, lake


def test_graph_connected(adj: dict[int, set[int]]) -> None:
    """docs/RULES.md R2.4: the adjacency graph is connected."""
    assert _component(1, set(adj), adj) == set(adj)


def test_every_territory_has_two_neighbours(adj: dict[int, set[int]]) -> None:
    """docs/RULES.md R2.4: every territory has at least 2 neighbours."""
    assert all(len(n) >= 2 for n in adj.values()), {i: n for i, n in adj.items() if len(n) < 2}


def test_neighbour_counts_are_playable(adj: dict[int, set[int]]) -> None:
    """Design for play (docs/RULES.md R2.4: at least 2 neighbours): at most 2 dead corners with only
    2 neighbours, no more than 6 (hex), and a mix of edge and interior territories."""
    degrees = Counter(len(n) for n in adj.values())
    assert degrees[2] <= 2
    assert max(degrees) <= 6
    assert sum(degrees[d] for d in (2, 3, 4)) >= 10
    assert sum(degrees[d] for d in (5, 6)) >= 20


def test_terrain_not_clumped(terr: dict[int, dict], adj: dict[int, set[int]]) -> None:
    """Design for play (docs/RULES.md R2.2: terrains spread over the map): no territory has more than
    2 neighbours of its own terrain, and a region's repeated terrain is not on two adjacent territories."""
    for i, nbs in adj.items():
        same = [j for j in nbs if terr[j]["terrain"] == terr[i]["terrain"]]
        assert len(same) <= 2, (i, same)
        assert all(terr[j]["region"] != terr[i]["region"] for j in same), (i, same)


def test_geometry(board: dict) -> None:
    """docs/RULES.md R2.5: each territory has drawing geometry (polygon, label anchor) for the renderer."""
    geo = board["geometry"]
    assert geo["kind"] == "hex" and geo["orientation"] == "pointy" and geo["radius"] == 1.0
    xs, ys = [], []
    for t in board["territories"]:
        poly = t["polygon"]
        assert len(poly) == 6, t["id"]
        for p in poly:
            assert abs(_dist(p, t["center"]) - 1.0) < TOL, t["id"]
            xs.append(p[0])
            ys.append(p[1])
        # label inside the hex, above the centre (huts are drawn below it)
        assert _dist(t["label"], t["center"]) < SQRT3 / 2, t["id"]
        assert t["label"][1] < t["center"][1], t["id"]
    assert min(xs) >= 0 and min(ys) >= 0
    assert abs(min(xs)) < TOL and abs(min(ys)) < TOL
    assert abs(max(xs) - geo["width"]) < TOL and abs(max(ys) - geo["height"]) < TOL
    # shown on phones: landscape between 4:3 and 16:9
    assert 4 / 3 - 0.01 <= geo["width"] / geo["height"] <= 16 / 9 + 0.01


# --- Epoch chart ---------------------------------------------------------------------------------


def test_epoch_chips_and_bonus(epochs: list[dict]) -> None:
    """docs/RULES.md R1.4, R4.1: 12 village chips, 4/3/2/2/1 over epochs 1-5, bonus +1..+5."""
    assert [e["epoch"] for e in epochs] == [1, 2, 3, 4, 5]
    assert [e["chips"] for e in epochs] == [4, 3, 2, 2, 1]
    assert sum(e["chips"] for e in epochs) == 12
    assert [e["bonus"] for e in epochs] == [1, 2, 3, 4, 5]


def test_epoch_terrains(epochs: list[dict]) -> None:
    """docs/RULES.md R4.1, R4.2: each terrain favoured once and doomed once in epochs 1-4; epoch 5 favours
    every terrain and dooms none; epoch 1 forest/mountain, 2 ?/grassland, 3 steppe/? as on the sheet."""
    first4 = epochs[:4]
    assert all(len(e["favourable"]) == 1 and len(e["unfavourable"]) == 1 for e in first4)
    assert sorted(e["favourable"][0] for e in first4) == sorted(TERRAINS)
    assert sorted(e["unfavourable"][0] for e in first4) == sorted(TERRAINS)
    assert all(e["favourable"] != e["unfavourable"] for e in first4)
    assert set(epochs[4]["favourable"]) == TERRAINS and epochs[4]["unfavourable"] == []
    assert (epochs[0]["favourable"], epochs[0]["unfavourable"]) == (["forest"], ["mountain"])
    assert epochs[1]["unfavourable"] == ["grassland"]
    assert epochs[2]["favourable"] == ["steppe"]
    assert [(e["favourable"], e["unfavourable"]) for e in first4] == [
        (["forest"], ["mountain"]),
        (["mountain"], ["grassland"]),
        (["steppe"], ["forest"]),
        (["grassland"], ["steppe"]),
    ]
