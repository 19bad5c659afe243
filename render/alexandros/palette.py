"""The Alexandros board's colours. Meaning never rests on a colour alone: symbols are drawn icons, players
have a shape as well as a colour, red walls a pattern as well as a hue, and the coast is a thin blue line
where walls are thick and black."""

from __future__ import annotations

from engine.alexandros import Symbol

RGB = tuple[int, int, int]

SEA: RGB = (168, 202, 226)
SHORE: RGB = (58, 118, 168)
"""The coast: a thin line of deep sea blue, never black or red like a wall."""
SAND: RGB = (242, 231, 200)
GRID: RGB = (196, 176, 136)
INK: RGB = (32, 28, 24)
NUMBER_INK: RGB = (58, 48, 36)
REGION_INK: RGB = (120, 86, 50)
PAPER: RGB = (250, 247, 240)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (250, 204, 30)
WALL: RGB = (18, 18, 18)
RED_WALL: RGB = (213, 94, 0)
NEW_WALL: RGB = (255, 255, 255)
"""The dots along the walls built this turn."""
MARKER: RGB = (24, 22, 20)
PLAYER_COLOURS: tuple[RGB, ...] = ((34, 51, 136), (102, 51, 0), (136, 187, 85), (238, 136, 255))
"""Navy, brown, leaf green and lilac: any two at least 40 apart (CIEDE2000) with normal vision and under
protanopia, deuteranopia and tritanopia, and none a repeat of a symbol's tint, the sand, the sea, the coast, the
walls or the star (tests/render/alexandros/test_alexandros_colour_vision.py). Found by a search over the sRGB cube
against those colours; the Okabe-Ito set before came within 11 of one another for a deuteranope, and its blue was
the coast's."""
WASH = 0.5
"""How much of the owner's colour tints a province's spaces."""
SYMBOL_COLOURS: dict[Symbol, RGB] = {
    Symbol.TEMPLE: (222, 222, 230),
    Symbol.AMPHORA: (238, 210, 160),
    Symbol.HORSE: (214, 196, 172),
    Symbol.LYRE: (222, 206, 232),
    Symbol.SOLDIER: (236, 196, 186),
}
"""Soft tints under the symbol icons (the icon, not the tint, says which symbol)."""
PATH_COLOURS: tuple[RGB, ...] = (
    (204, 0, 136),
    (0, 92, 230),
    (0, 140, 70),
    (150, 60, 200),
    (170, 90, 0),
    (0, 130, 150),
)
"""Candidate wall paths, each with its own colour and label; they cycle beyond six."""


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


WINNER_BAND: RGB = mix(GOLD, PAPER, 0.55)
"""The band under a winner's row on the last image."""


def washed(fill: RGB, seat: int) -> RGB:
    """A space's fill under its owner's colour."""
    return mix(fill, PLAYER_COLOURS[seat], WASH)
