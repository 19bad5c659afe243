"""Small drawn symbols: terrain glyphs (so terrain never relies on colour alone) and the terrain swatches of the
key and the epoch chart."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engine.clans.clan import Terrain
from render.clans import palette as pal
from render.clans.palette import RGB


def terrain_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float, w: float, terrain: Terrain, ink: RGB) -> None:
    """A glyph about ``w`` wide and ``w / 2`` tall centred on (cx, cy): trees, peaks, dunes or tufts."""
    h = w / 2
    top, bottom = cy - h / 2, cy + h / 2
    line = max(1, round(w / 14))
    if terrain is Terrain.FOREST:
        for i in (-1, 0, 1):
            x = cx + i * w / 3
            tree_top = top - (h * 0.12 if i == 0 else 0)
            draw.polygon([(x, tree_top), (x + w / 7, bottom - h * 0.22), (x - w / 7, bottom - h * 0.22)], fill=ink)
            draw.rectangle([x - w / 40, bottom - h * 0.25, x + w / 40, bottom], fill=ink)
    elif terrain is Terrain.MOUNTAIN:
        draw.line(
            [
                (cx - w / 2, bottom),
                (cx - w / 6, top + h * 0.25),
                (cx + w / 20, bottom - h * 0.35),
                (cx + w / 4, top),
                (cx + w / 2, bottom),
            ],
            fill=ink,
            width=line,
            joint="curve",
        )
    elif terrain is Terrain.STEPPE:
        for row, dx in ((0.25, -w / 8), (0.75, w / 8)):
            y = top + h * row
            pts = [
                (cx + dx + (t / 12 - 0.5) * w * 0.75, y + math.sin(t / 12 * 2 * math.pi) * h * 0.16) for t in range(13)
            ]
            draw.line(pts, fill=ink, width=line, joint="curve")
    else:
        for i in (-1, 0, 1):
            x = cx + i * w / 3
            for dx in (-w / 10, 0.0, w / 10):
                draw.line([(x + dx * 0.4, bottom), (x + dx, top + h * (0.3 if dx else 0.1))], fill=ink, width=line)


def icon_ink(terrain: Terrain, empty: bool) -> pal.RGB:
    ink = pal.TERRAIN_MARK[terrain]
    if terrain is Terrain.FOREST:
        ink = pal.mix(pal.TERRAIN[terrain], pal.WHITE, 0.3)
    return pal.mix(ink, pal.faded(terrain), 0.55) if empty else ink


SWATCH_SUPERSAMPLE = 3


def terrain_swatch(terrain: Terrain, w: int, h: int, faded: bool = False) -> Image.Image:
    """A rounded terrain-coloured tile with its glyph, as used in the legend and the epoch chart."""
    s = SWATCH_SUPERSAMPLE
    big = Image.new("RGB", (w * s, h * s), pal.PANEL)
    draw = ImageDraw.Draw(big)
    fill = pal.faded(terrain) if faded else pal.TERRAIN[terrain]
    draw.rounded_rectangle([0, 0, w * s - 1, h * s - 1], radius=5 * s, fill=fill, outline=pal.HEX_EDGE, width=s)
    ink = icon_ink(terrain, faded)
    terrain_icon(draw, w * s / 2, h * s / 2, min(w * 0.72, h * 1.5) * s, terrain, ink)
    return big.reduce(s)
