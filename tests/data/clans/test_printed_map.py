"""The rule sheet's constraints on both maps (data/clans/map.json and data/clans/printed_map.json), and the
printed map against the published facts kept in tests/data/clans/published_map.json.

Every difference between our printed map and the published list is named here and justified in docs/RULES.md
(R2.6, R2.7).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from engine.clans.board import board_from_dict
from tools.clans_printed_shapes import MIN_BORDER, REACH, build

DATA = resources.files("data.clans")
PUBLISHED = Path(__file__).with_name("published_map.json")
TERRAINS = {"forest", "mountain", "steppe", "grassland"}
MAPS = ("map.json", "printed_map.json")

REGION_CORRECTIONS = {9: (1, 2), 15: (1, 3)}
"""Territory: (published region, ours). docs/RULES.md R2.6"""
NEIGHBOUR_DIFFERENCES: dict[frozenset[int], str] = {}
"""Pairs linked in one list only, with the side that has them. docs/RULES.md R2.7"""


def _load(name: str) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return raw


def _published() -> dict[int, list[Any]]:
    return {int(k): v for k, v in json.loads(PUBLISHED.read_text(encoding="utf-8"))["territories"].items()}


def _adj(raw: dict[str, Any]) -> dict[int, set[int]]:
    return {t["id"]: set(t["neighbours"]) for t in raw["territories"]}


def _reach(start: int, nodes: set[int], adj: dict[int, set[int]]) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for y in adj[todo.pop()] & nodes - seen:
            seen.add(y)
            todo.append(y)
    return seen


@pytest.mark.parametrize("name", MAPS)
def test_loads_sixty_territories(name: str) -> None:
    """docs/RULES.md R1.1: 60 territories, numbered 1 to 60, loaded by the engine's own reader."""
    board = board_from_dict(_load(name))
    assert board.size == 60


@pytest.mark.parametrize("name", MAPS)
def test_twelve_regions_of_five_each_as_the_setup_needs(name: str) -> None:
    """docs/RULES.md R1.1, R2.2, R3.1: 12 regions of 5 (the setup puts one hut of each of the five colours in
    each), every terrain in every region, 15 of each terrain."""
    raw = _load(name)
    assert sorted(Counter(t["region"] for t in raw["territories"]).items()) == [(r, 5) for r in range(1, 13)]
    for r in range(1, 13):
        assert {t["terrain"] for t in raw["territories"] if t["region"] == r} == TERRAINS, r
    assert Counter(t["terrain"] for t in raw["territories"]) == {k: 15 for k in TERRAINS}


@pytest.mark.parametrize("name", MAPS)
def test_neighbours_symmetric_and_map_connected(name: str) -> None:
    """docs/RULES.md R2.4: adjacency is symmetric, the map connected, every territory with two neighbours."""
    adj = _adj(_load(name))
    for a, ns in adj.items():
        assert a not in ns
        assert all(a in adj[b] for b in ns), a
        assert len(ns) >= 2, a
    assert _reach(1, set(adj), adj) == set(adj)


@pytest.mark.parametrize("name", MAPS)
def test_regions_contiguous(name: str) -> None:
    """docs/RULES.md R2.2, R2.3: a region's five territories hang together (rivers do not cut them apart)."""
    raw, adj = _load(name), _adj(_load(name))
    for r in range(1, 13):
        members = {t["id"] for t in raw["territories"] if t["region"] == r}
        assert _reach(min(members), members, adj) == members, r


@pytest.mark.parametrize("name", MAPS)
def test_lakes_separate_rivers_do_not(name: str) -> None:
    """docs/RULES.md R2.3: a lake lies between two territories that touch and are not neighbours; a river
    (a region border) lies between neighbours: many neighbour pairs cross one."""
    raw = _load(name)
    terr = {t["id"]: t for t in raw["territories"]}
    adj = _adj(raw)
    contacts = _contacts(raw)
    for lake in raw["lakes"]:
        a, b = lake["between"]
        assert b not in adj[a], lake
        assert frozenset((a, b)) in contacts, lake
    crossing = [(a, b) for a, ns in adj.items() for b in ns if a < b and terr[a]["region"] != terr[b]["region"]]
    assert len(crossing) >= 20


def _edges(polygon: list[list[float]]) -> dict[frozenset[tuple[float, float]], float]:
    corners = [(float(x), float(y)) for x, y in polygon]
    return {
        frozenset((p, corners[(k + 1) % len(corners)])): math.dist(p, corners[(k + 1) % len(corners)])
        for k, p in enumerate(corners)
    }


def _contacts(raw: dict[str, Any]) -> dict[frozenset[int], float]:
    """Every pair of territories whose outlines meet, with the length of the border they share (0: a corner)."""
    edges = {t["id"]: _edges(t["polygon"]) for t in raw["territories"]}
    corners = {t["id"]: {(float(x), float(y)) for x, y in t["polygon"]} for t in raw["territories"]}
    found = {}
    for a in edges:
        for b in edges:
            if a < b and corners[a] & corners[b]:
                found[frozenset((a, b))] = sum(length for e, length in edges[a].items() if e in edges[b])
    return found


def test_printed_shapes_share_a_border_exactly_for_neighbours() -> None:
    """docs/RULES.md R2.5, R2.7: on the committed printed polygons every printed neighbour pair shares a border at
    least MIN_BORDER long (31 px on the full image), and two territories that meet without being neighbours (along
    a border or at a corner) have their lake; no lake lies between neighbours."""
    raw = _load("printed_map.json")
    adj = _adj(raw)
    lakes = {frozenset(lk["between"]) for lk in raw["lakes"]}
    contacts = _contacts(raw)
    short = {
        (min(pair), max(pair)): round(contacts.get(pair, 0.0), 2)
        for pair in {frozenset((a, b)) for a, ns in adj.items() for b in ns}
        if contacts.get(pair, 0.0) < MIN_BORDER
    }
    assert short == {}
    assert {pair for pair in contacts if min(pair) not in adj[max(pair)]} == lakes
    assert len(contacts) == sum(len(ns) for ns in adj.values()) // 2 + len(lakes)


def test_the_contact_check_sees_a_gap_and_a_lakeless_meeting() -> None:
    """The measure itself: a neighbour's polygon moved off its border is caught, and so is a lake taken away."""
    raw = _load("printed_map.json")
    moved = json.loads(json.dumps(raw))
    moved["territories"][39]["polygon"] = [[x + 0.05, y] for x, y in moved["territories"][39]["polygon"]]
    assert any(_contacts(moved).get(frozenset((40, n)), 0.0) < MIN_BORDER for n in _adj(raw)[40])
    lake = raw["lakes"][0]["between"]
    assert frozenset(lake) in _contacts(raw) and lake[1] not in _adj(raw)[lake[0]]


def test_printed_shapes_are_what_the_tool_draws() -> None:
    """docs/RULES.md R2.5: tools/clans_printed_shapes.py redraws the committed shapes from the facts (sites and
    weights) unchanged and without a problem."""
    raw = _load("printed_map.json")
    again = json.loads(json.dumps(raw))
    assert build(again) == []
    assert again == raw


def test_printed_centres_and_terrains_are_the_published_ones() -> None:
    """docs/RULES.md R2.6: terrain and published centre (``printed``: divided by 80, moved in by the margin, the
    map's long side drawn ``printed_stretch`` times longer) of every territory as published; the drawn centre
    within REACH of it."""
    raw = _load("printed_map.json")
    geometry = raw["geometry"]
    scale, offset, stretch = geometry["printed_scale"], geometry["printed_offset"], geometry["printed_stretch"]
    published = _published()
    for t in raw["territories"]:
        terrain, _, _, x, y = published[t["id"]]
        assert t["terrain"] == terrain, t["id"]
        assert math.dist(t["printed"], ((x / scale + offset) * stretch, y / scale + offset)) < 1e-3, t["id"]
        assert math.dist(t["center"], t["printed"]) <= REACH, t["id"]


def test_printed_regions_differ_from_the_published_only_where_corrected() -> None:
    """docs/RULES.md R2.6: regions as published but for the listed corrections."""
    published = _published()
    for t in _load("printed_map.json")["territories"]:
        region = published[t["id"]][1]
        if t["id"] in REGION_CORRECTIONS:
            assert REGION_CORRECTIONS[t["id"]] == (region, t["region"]), t["id"]
        else:
            assert t["region"] == region, t["id"]


def test_printed_neighbours_differ_from_the_published_only_where_listed() -> None:
    """docs/RULES.md R2.7: the published one-way lists, made two-way, are our neighbours but for the listed
    differences."""
    ours = {frozenset((a, b)) for a, ns in _adj(_load("printed_map.json")).items() for b in ns}
    theirs = {frozenset((a, b)) for a, row in _published().items() for b in row[2]}
    assert {p: ("ours" if p in ours else "published") for p in ours ^ theirs} == NEIGHBOUR_DIFFERENCES
