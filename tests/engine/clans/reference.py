"""A slow, independent reading of docs/RULES.md (R4 to R7), to check the engine against.

It shares no code with ``engine/``: each map comes straight from its file in data/clans/ (the project's
map.json unless a game names another), the epoch chart is copied from the table in docs/RULES.md R4.1,
legality is tested pair by pair and villages are found by scanning the whole board after every move.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

MAP_FILES = {"project": "map.json", "printed": "printed_map.json"}
"""The maps a game may be played on, by the id a saved game names them with."""


def _read(name: str) -> list[dict[str, Any]]:
    raw = json.loads((resources.files("data.clans") / name).read_text(encoding="utf-8"))
    territories: list[dict[str, Any]] = raw["territories"]
    return territories


_MAPS = {map_id: _read(name) for map_id, name in MAP_FILES.items()}
ADJACENCY: dict[str, dict[int, frozenset[int]]] = {
    map_id: {int(t["id"]): frozenset(t["neighbours"]) for t in ts} for map_id, ts in _MAPS.items()
}
TERRAINS: dict[str, dict[int, str]] = {
    map_id: {int(t["id"]): str(t["terrain"]) for t in ts} for map_id, ts in _MAPS.items()
}
ADJ = ADJACENCY["project"]
TERRAIN = TERRAINS["project"]
TERRITORIES = range(1, 61)

# docs/RULES.md R4.1: (epoch, chips, bonus, favourable, unfavourable)
CHART = [
    (1, 4, 1, {"forest"}, {"mountain"}),
    (2, 3, 2, {"mountain"}, {"grassland"}),
    (3, 2, 3, {"steppe"}, {"forest"}),
    (4, 2, 4, {"grassland"}, {"steppe"}),
    (5, 1, 5, {"forest", "mountain", "steppe", "grassland"}, set()),
]
CHIP_EPOCH = [epoch for epoch, chips, *_ in CHART for _ in range(chips)]


def legal_pairs(sizes: dict[int, int] | list[int], map_id: str = "project") -> set[tuple[int, int]]:
    """docs/RULES.md R5.1, R5.2: every (A, B) the rules allow on ``map_id``, by brute force over all pairs."""
    adj = ADJACENCY[map_id]
    pairs = set()
    for a in TERRITORIES:
        for b in TERRITORIES:
            if b not in adj[a] or not sizes[a] or not sizes[b]:
                continue
            n, m = sizes[a], sizes[b]
            if n < 7 or (m >= 7 and n <= m):
                pairs.add((a, b))
    return pairs


@dataclass
class RefGame:
    huts: dict[int, list[int]]
    players: int
    mover: int
    scores: list[int] = field(default_factory=lambda: [0] * 5)
    removed: list[int] = field(default_factory=lambda: [0] * 5)
    chips: list[int] = field(default_factory=list)
    villages: list[tuple[int, int]] = field(default_factory=list)
    """(territory, value) in founding order."""
    over: bool = False
    map_id: str = "project"

    def __post_init__(self) -> None:
        self.chips = self.chips or [0] * self.players

    def size(self, t: int) -> int:
        return sum(self.huts[t])

    def sizes(self) -> dict[int, int]:
        return {t: self.size(t) for t in TERRITORIES}

    def legal(self) -> set[tuple[int, int]]:
        return set() if self.over else self.legal_now()

    def legal_now(self) -> set[tuple[int, int]]:
        return legal_pairs(self.sizes(), self.map_id)

    def move(self, a: int, b: int) -> set[int]:
        """Move all huts of a onto b; return the territories that just became villages."""
        assert (a, b) in self.legal()
        founded = {v for v, _ in self.villages}
        for c in range(5):
            self.huts[b][c] += self.huts[a][c]
            self.huts[a][c] = 0
        return {
            t
            for t in TERRITORIES
            if self.size(t) and t not in founded and not any(self.size(n) for n in ADJACENCY[self.map_id][t])
        }

    def found(self, order: list[int]) -> None:
        """Found the villages of one move in the mover's order, then pass the turn or end."""
        for t in order:
            if len(self.villages) == 12:
                break
            number = len(self.villages) + 1
            _, _, bonus, good, bad = CHART[CHIP_EPOCH[number - 1] - 1]
            row = self.huts[t]
            if all(row):
                for c in range(5):
                    if row[c] == 1:
                        row[c] = 0
                        self.removed[c] += 1
            size = sum(row)
            if number == 12:
                value = size + 5
            elif TERRAINS[self.map_id][t] in bad:
                value = 0
            else:
                value = size + (bonus if TERRAINS[self.map_id][t] in good else 0)
            if size == 0:
                value = 0
            if value == 0:
                for c in range(5):
                    self.removed[c] += row[c]
                    row[c] = 0
            for c in range(5):
                if row[c]:
                    self.scores[c] += value
            self.chips[self.mover] += 1
            self.villages.append((t, value))
        if len(self.villages) == 12 or not self.legal_now():
            self.over = True
        else:
            self.mover = (self.mover + 1) % self.players
