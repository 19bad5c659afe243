"""The fixed facts of a game: the map and the epoch chart, loaded once from the top-level data package."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from engine.clans.clan import Terrain

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Territory:
    id: int
    terrain: Terrain
    region: int
    neighbours: tuple[int, ...]
    center: Point
    polygon: tuple[Point, ...]
    label: Point


@dataclass(frozen=True, slots=True)
class Lake:
    between: tuple[int, int]
    center: Point
    radius: float


@dataclass(frozen=True, slots=True)
class Board:
    """The map. Lookup tables are indexed by territory id (index 0 is unused)."""

    territories: tuple[Territory, ...]
    lakes: tuple[Lake, ...]
    width: float
    height: float
    neighbours: tuple[tuple[int, ...], ...]
    neighbour_mask: tuple[int, ...]
    terrain: tuple[Terrain, ...]
    map_id: str = "project"
    """Which shipped map this is (a key of MAP_FILES); saved games and lobbies name it."""

    @property
    def size(self) -> int:
        return len(self.territories)

    def territory(self, tid: int) -> Territory:
        return self.territories[tid - 1]

    def has(self, tid: int) -> bool:
        return 1 <= tid <= len(self.territories)

    def adjacent(self, a: int, b: int) -> bool:
        return bool(self.neighbour_mask[a] >> b & 1)


@dataclass(frozen=True, slots=True)
class Epoch:
    number: int
    chips: int
    bonus: int
    favourable: frozenset[Terrain]
    unfavourable: frozenset[Terrain]


@dataclass(frozen=True, slots=True)
class Chart:
    epochs: tuple[Epoch, ...]
    chip_epoch: tuple[int, ...]
    """Epoch number of each village chip, in the order the chips are taken."""

    @property
    def chips(self) -> int:
        return len(self.chip_epoch)

    def epoch(self, number: int) -> Epoch:
        return self.epochs[number - 1]


PRINTED_MAP = "printed"
"""The board of the printed game (data/clans/printed_map.json)."""
PROJECT_MAP = "project"
"""The project's own map (data/clans/map.json): every game saved before maps could be chosen was played on it."""
MAP_FILES: dict[str, str] = {PRINTED_MAP: "printed_map.json", PROJECT_MAP: "map.json"}
"""The maps a game may be played on, in the order they are offered (the printed one first)."""
DEFAULT_MAP = PROJECT_MAP
"""The map of a new game when its host does not choose: the one place to change it (README.md says why). Meant
to become PRINTED_MAP once the printed board passes the phone and colour-vision checks and the bot tests that
play fixed moves on a new game open theirs with ``map: project``."""


def board_from_dict(raw: dict[str, object], map_id: str = PROJECT_MAP) -> Board:
    entries = raw["territories"]
    assert isinstance(entries, list)
    territories = tuple(
        Territory(
            id=int(t["id"]),
            terrain=Terrain.parse(t["terrain"]),
            region=int(t["region"]),
            neighbours=tuple(sorted(int(n) for n in t["neighbours"])),
            center=(float(t["center"][0]), float(t["center"][1])),
            polygon=tuple((float(x), float(y)) for x, y in t["polygon"]),
            label=(float(t["label"][0]), float(t["label"][1])),
        )
        for t in sorted(entries, key=lambda t: int(t["id"]))
    )
    if [t.id for t in territories] != list(range(1, len(territories) + 1)):
        raise ValueError("Territories must be numbered 1..N without gaps")
    lakes_raw = raw.get("lakes", [])
    assert isinstance(lakes_raw, list)
    lakes = tuple(
        Lake(
            between=(int(lk["between"][0]), int(lk["between"][1])),
            center=(float(lk["center"][0]), float(lk["center"][1])),
            radius=float(lk["radius"]),
        )
        for lk in lakes_raw
    )
    geometry = raw["geometry"]
    assert isinstance(geometry, dict)
    neighbours = ((), *(t.neighbours for t in territories))
    return Board(
        territories=territories,
        lakes=lakes,
        width=float(geometry["width"]),
        height=float(geometry["height"]),
        neighbours=neighbours,
        neighbour_mask=tuple(sum(1 << n for n in ns) for ns in neighbours),
        terrain=(Terrain.FOREST, *(t.terrain for t in territories)),
        map_id=map_id,
    )


def chart_from_dict(raw: dict[str, object]) -> Chart:
    entries = raw["epochs"]
    assert isinstance(entries, list)
    epochs = tuple(
        Epoch(
            number=int(e["epoch"]),
            chips=int(e["chips"]),
            bonus=int(e["bonus"]),
            favourable=frozenset(Terrain.parse(n) for n in e["favourable"]),
            unfavourable=frozenset(Terrain.parse(n) for n in e["unfavourable"]),
        )
        for e in entries
    )
    chip_epoch = tuple(e.number for e in epochs for _ in range(e.chips))
    return Chart(epochs=epochs, chip_epoch=chip_epoch)


def data_text(name: str) -> str:
    """The text of ``data/clans/<name>``, found through the installed package (not a path beside it)."""
    return (resources.files("data.clans") / name).read_text(encoding="utf-8")


def board_named(stored: str) -> Board:
    """The board a stored game names ("" for the games of before maps could be chosen: the project's map)."""
    return load_board(stored or PROJECT_MAP)


@cache
def load_board(map_id: str = PROJECT_MAP) -> Board:
    """A shipped map by its id (a key of MAP_FILES), read once. Raises ValueError for an unknown id."""
    if map_id not in MAP_FILES:
        raise ValueError(f"No such map {map_id!r} (maps: {', '.join(MAP_FILES)})")
    return board_from_dict(json.loads(data_text(MAP_FILES[map_id])), map_id)


@cache
def load_chart() -> Chart:
    """The shipped epoch chart (data/clans/epochs.json)."""
    return chart_from_dict(json.loads(data_text("epochs.json")))
