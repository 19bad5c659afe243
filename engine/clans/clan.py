"""The five clans and the four terrains: fixed names shared by the whole project."""

from __future__ import annotations

from enum import IntEnum

CLAN_COUNT = 5
HUTS_PER_CLAN = 12


class Clan(IntEnum):
    RED = 0
    BLUE = 1
    GREEN = 2
    YELLOW = 3
    BLACK = 4

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, name: str) -> Clan:
        try:
            return cls[name.strip().upper()]
        except KeyError:
            raise ValueError(f"Unknown clan {name!r}") from None


class Terrain(IntEnum):
    FOREST = 0
    MOUNTAIN = 1
    STEPPE = 2
    GRASSLAND = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, name: str) -> Terrain:
        try:
            return cls[name.strip().upper()]
        except KeyError:
            raise ValueError(f"Unknown terrain {name!r}") from None
