"""The marks of moves and of territories' states, pasted over the map per render: the move tag and its arrow,
and the hex rings (a new village, a village, one awaiting its order, the preview's destination, a territory
the viewer can move from).

The move tag is the one pink rectangle on the board: the move's number in white on the arrow's colour, wider
than tall, so that it reads neither as a clan pip (a shape in a clan's colour), nor as the hut total (a white
disc), a village (a house) or a territory number (bare digits). Each sprite is drawn once per process,
supersampled, and kept as an indexed sprite.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from render.clans import palette as pal
from render.clans.hut_markers import SS, canvas, put_text, shrink, text_rgba
from render.clans.indexed import Sprite, to_sprite
from render.clans.layout import ARROW_HALF, ARROW_HEAD, COUNT_SIZE, HEX, TAG_H, Outline, tag_width


@cache
def move_tag(number: int) -> Sprite:
    return to_sprite(move_tag_rgba(number))


def move_tag_rgba(number: int, size: int = COUNT_SIZE, height: int = TAG_H) -> Image.Image:
    """The number of a move in white on a pink rectangle with a dark rim and a white casing."""
    w, h = tag_width(number, height), height
    big = canvas(w, h, pal.WHITE)
    draw = ImageDraw.Draw(big)
    for inset, colour in ((0, pal.WHITE), (2, pal.INK), (4, pal.ARROW)):
        box = [inset * SS, inset * SS, (w - inset) * SS - 1, (h - inset) * SS - 1]
        draw.rounded_rectangle(box, radius=max(1, 7 - inset) * SS, fill=colour)
    image = shrink(big)
    put_text(image, text_rgba(str(number), size, pal.WHITE, w - 14, 3, pal.INK), w / 2, h / 2)
    return image


@cache
def arrow(dx: int, dy: int, head: float = ARROW_HEAD) -> tuple[Sprite, tuple[int, int]]:
    image, origin = arrow_rgba(dx, dy, head)
    return to_sprite(image), origin


def arrow_rgba(dx: int, dy: int, head: float = ARROW_HEAD) -> tuple[Image.Image, tuple[int, int]]:
    """A move arrow from (0, 0) to (dx, dy) with a head ``head`` px long; returns the sprite and where (0, 0)
    lies in it. Pink on a dark line on a white casing, as wide as ``layout.arrow_outline`` says."""
    pad = 16
    left, top = min(0, dx) - pad, min(0, dy) - pad
    w, h = abs(dx) + 2 * pad, abs(dy) + 2 * pad
    big = canvas(w, h, pal.ARROW_EDGE)
    draw = ImageDraw.Draw(big)
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    half = ARROW_HALF * head / ARROW_HEAD

    def p(x: float, y: float) -> tuple[float, float]:
        return ((x - left) * SS, (y - top) * SS)

    base = (dx - ux * head, dy - uy * head)
    tip_poly = [p(dx, dy), p(base[0] + nx * half, base[1] + ny * half), p(base[0] - nx * half, base[1] - ny * half)]
    tail = p(0, 0)
    start = p(base[0] + ux * 2, base[1] + uy * 2)
    r0 = 7 * SS
    draw.ellipse([tail[0] - r0, tail[1] - r0, tail[0] + r0, tail[1] + r0], fill=pal.ARROW_EDGE)
    draw.line([tail, start], fill=pal.ARROW_EDGE, width=14 * SS)
    draw.polygon(tip_poly, fill=pal.ARROW_EDGE, outline=pal.ARROW_EDGE, width=6 * SS)
    draw.line([tail, start], fill=pal.INK, width=10 * SS)
    draw.polygon(tip_poly, fill=pal.INK, outline=pal.INK, width=3 * SS)
    r1 = 3 * SS
    draw.ellipse([tail[0] - r1, tail[1] - r1, tail[0] + r1, tail[1] + r1], fill=pal.ARROW)
    draw.line([tail, start], fill=pal.ARROW, width=6 * SS)
    draw.polygon(tip_poly, fill=pal.ARROW)
    return big.reduce(SS), (-left, -top)


def _hex_points(radius: float, cx: float, cy: float, shape: Outline = HEX) -> list[tuple[float, float]]:
    return [(cx + radius * x, cy + radius * y) for x, y in shape]


@cache
def ring(radius: int, style: str, shape: Outline = HEX) -> Sprite:
    return to_sprite(ring_rgba(radius, style, shape))


def ring_rgba(radius: int, style: str, shape: Outline = HEX) -> Image.Image:
    """A territory outline sprite (``shape``, a hex unless told) centred in its image: ``new`` (thick, for
    villages the last move founded), ``pending`` (dashed, for villages whose order is being chosen) or
    ``village`` (thin)."""
    size = 2 * math.ceil(radius * max(max(abs(x), abs(y)) for x, y in shape)) + 16
    edge = {"new": pal.INK, "pending": pal.WHITE, "movable": pal.INK, "moved": pal.INK}.get(style, pal.VILLAGE_ROOF)
    big = canvas(size, size, edge)
    draw = ImageDraw.Draw(big)
    c = size * SS / 2
    if style == "new":
        outer = _hex_points(radius * SS, c, c, shape)  # on the edge, clear of the territory number
        draw.line([*outer, outer[0]], fill=pal.INK, width=10 * SS, joint="curve")
        draw.line([*outer, outer[0]], fill=pal.HIGHLIGHT, width=6 * SS, joint="curve")
    elif style == "moved":
        outer = _hex_points(radius * SS, c, c, shape)
        draw.line([*outer, outer[0]], fill=pal.INK, width=9 * SS, joint="curve")
        draw.line([*outer, outer[0]], fill=pal.ARROW, width=5 * SS, joint="curve")
    elif style == "movable":
        outer = _hex_points(radius * SS, c, c, shape)
        draw.line([*outer, outer[0]], fill=pal.INK, width=9 * SS, joint="curve")
        draw.line([*outer, outer[0]], fill=pal.MOVABLE, width=5 * SS, joint="curve")
    elif style == "pending":
        pts = _hex_points((radius - 1) * SS, c, c, shape)
        for i in range(len(pts)):
            (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % len(pts)]
            dashes = 5
            for k in range(dashes):
                t0, t1 = k / dashes, (k + 0.6) / dashes
                seg = [(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0), (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)]
                draw.line(seg, fill=pal.WHITE, width=7 * SS)
                draw.line(seg, fill=pal.PENDING, width=4 * SS)
    else:
        pts = _hex_points((radius - 2) * SS, c, c, shape)
        draw.line([*pts, pts[0]], fill=pal.VILLAGE_ROOF, width=3 * SS, joint="curve")
    return shrink(big)
