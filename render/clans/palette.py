"""Every colour of the images in one place. Clan colours are used nowhere else, so tests can look for them."""

from __future__ import annotations

from engine.clans.clan import Clan, Terrain

RGB = tuple[int, int, int]

BACKGROUND: RGB = (238, 233, 220)
PANEL: RGB = (250, 247, 240)
PANEL_EDGE: RGB = (182, 170, 146)
INK: RGB = (24, 22, 20)
MUTED_INK: RGB = (110, 104, 96)
WHITE: RGB = (255, 255, 255)

TERRAIN: dict[Terrain, RGB] = {
    Terrain.FOREST: (47, 112, 62),
    Terrain.MOUNTAIN: (196, 198, 200),
    Terrain.STEPPE: (219, 190, 138),
    Terrain.GRASSLAND: (160, 208, 118),
}
TERRAIN_MARK: dict[Terrain, RGB] = {
    Terrain.FOREST: (28, 74, 38),
    Terrain.MOUNTAIN: (128, 131, 138),
    Terrain.STEPPE: (160, 128, 78),
    Terrain.GRASSLAND: (98, 150, 68),
}
EMPTY_TINT: RGB = (236, 232, 224)
"""Empty territories are their terrain colour washed towards this."""
EMPTY_STRENGTH = 0.68
EMPTY_NUMBER: RGB = (110, 106, 100)
"""The number of an empty territory: greyed, but dark enough to read on a phone."""

HEX_EDGE: RGB = (70, 66, 58)
RIVER: RGB = (58, 128, 206)
RIVER_BANK: RGB = (230, 242, 252)
LAKE: RGB = (96, 160, 226)
LAKE_EDGE: RGB = (40, 96, 170)
MAP_EDGE: RGB = (92, 70, 44)

CLAN: dict[Clan, RGB] = {
    Clan.RED: (178, 12, 8),
    Clan.BLUE: (42, 72, 246),
    Clan.GREEN: (22, 178, 124),
    Clan.YELLOW: (255, 246, 64),
    Clan.BLACK: (34, 32, 38),
}
"""Chosen so that every pair stays far apart (CIEDE2000) under protanopia, deuteranopia and tritanopia
(tests/render/clans/test_render_colour_vision.py); the shapes below tell the clans apart without colour."""
CLAN_SHAPE: dict[Clan, str] = {
    Clan.RED: "circle",
    Clan.BLUE: "square",
    Clan.GREEN: "triangle",
    Clan.YELLOW: "diamond",
    Clan.BLACK: "hexagon",
}
CLAN_TEXT: dict[Clan, RGB] = {
    Clan.RED: WHITE,
    Clan.BLUE: WHITE,
    Clan.GREEN: WHITE,
    Clan.YELLOW: INK,
    Clan.BLACK: WHITE,
}
CLAN_LETTER: dict[Clan, str] = {
    Clan.RED: "R",
    Clan.BLUE: "B",
    Clan.GREEN: "G",
    Clan.YELLOW: "Y",
    Clan.BLACK: "K",
}

VILLAGE: RGB = (250, 236, 196)
VILLAGE_ROOF: RGB = (178, 72, 40)
RUIN: RGB = (150, 146, 140)
ARROW: RGB = (255, 0, 170)
ARROW_EDGE: RGB = (255, 255, 255)
HIGHLIGHT: RGB = (255, 140, 0)
PENDING: RGB = (150, 40, 200)
CHIP: RGB = (214, 164, 40)
MOVABLE: RGB = (0, 200, 255)
"""Private board only: the outline of a territory the viewer can move from."""
OWN: RGB = (255, 80, 220)
"""Private board only: the ring around the viewer's own clan pips."""
TOTAL: RGB = (36, 34, 32)
CURRENT: RGB = (52, 48, 44)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` of the way towards ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def faded(terrain: Terrain) -> RGB:
    return mix(TERRAIN[terrain], EMPTY_TINT, EMPTY_STRENGTH)


MOVER_BAND: RGB = mix(CHIP, PANEL, 0.55)
WINNER_BAND: RGB = mix(CHIP, PANEL, 0.45)
