"""Drawn symbols of the Alexandros board, so that nothing relies on a letter or a colour alone: the five space
symbols (a temple, an amphora, a horse's head, a lyre, a crested helmet) and the four players' shapes.

Each is drawn once, four times too large, and shrunk (smooth edges without Pillow's antialiasing options);
the results are cached RGBA sprites.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from engine.alexandros import Symbol

RGB = tuple[int, int, int]
Pts = list[tuple[float, float]]
OVERSAMPLE = 4
CLEAR = (0, 0, 0, 0)

SHAPES = ("circle", "square", "diamond", "triangle")
"""Seat 0..3's shape: a guard, a province's tag and a player's row in the header all carry it."""


def _symbol(draw: ImageDraw.ImageDraw, symbol: Symbol, size: float, ink: tuple[int, ...]) -> None:
    """``symbol`` filling a ``size`` square whose corner is at the origin."""

    def p(points: list[tuple[float, float]]) -> Pts:
        return [(size * (0.5 + x), size * (0.5 + y)) for x, y in points]

    def box(x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        return (size * (0.5 + x0), size * (0.5 + y0), size * (0.5 + x1), size * (0.5 + y1))

    if symbol is Symbol.TEMPLE:
        draw.polygon(p([(-0.5, -0.2), (0, -0.5), (0.5, -0.2)]), fill=ink)
        draw.rectangle(box(-0.44, -0.16, 0.44, -0.06), fill=ink)
        for x in (-0.34, -0.07, 0.2):
            draw.rectangle(box(x, -0.02, x + 0.14, 0.34), fill=ink)
        draw.rectangle(box(-0.5, 0.38, 0.5, 0.5), fill=ink)
    elif symbol is Symbol.AMPHORA:
        draw.rectangle(box(-0.2, -0.5, 0.2, -0.42), fill=ink)
        draw.rectangle(box(-0.1, -0.44, 0.1, -0.2), fill=ink)
        body = [(0.3 * math.sin(a / 20 * math.pi), 0.06 - 0.3 * math.cos(a / 20 * math.pi)) for a in range(21)]
        body = [(x * (1.15 if y < 0.06 else 1.0), y) for x, y in body]
        foot = [(0.08, 0.42), (0.16, 0.5), (-0.16, 0.5), (-0.08, 0.42)]
        draw.polygon(
            p([(0.1, -0.24), *body[1:-3], *foot, *[(-x, y) for x, y in reversed(body[1:-3])], (-0.1, -0.24)]), fill=ink
        )
        w = size * 0.07
        for sign in (-1, 1):
            handle = [(sign * 0.1, -0.36), (sign * 0.36, -0.36), (sign * 0.38, -0.12)]
            draw.line(p(handle), fill=ink, width=round(w), joint="curve")
    elif symbol is Symbol.HORSE:
        head = [
            (-0.3, 0.5),
            (0.38, 0.5),
            (0.36, 0.26),
            (0.3, -0.06),
            (0.22, -0.3),
            (0.08, -0.44),
            (0.04, -0.5),
            (-0.04, -0.36),
            (-0.2, -0.28),
            (-0.42, -0.06),
            (-0.46, 0.06),
            (-0.38, 0.14),
            (-0.18, 0.08),
            (-0.06, 0.08),
            (-0.2, 0.3),
            (-0.3, 0.38),
        ]
        draw.polygon(p(head), fill=ink)
        eye = box(-0.12, -0.2, -0.02, -0.1)
        draw.ellipse(eye, fill=CLEAR)
    elif symbol is Symbol.LYRE:
        w = round(size * 0.1)
        for sign in (-1, 1):
            arm = [(sign * 0.16, 0.36), (sign * 0.32, 0.12), (sign * 0.28, -0.18), (sign * 0.4, -0.46)]
            draw.line(p(arm), fill=ink, width=w, joint="curve")
        draw.line(p([(-0.32, -0.28), (0.32, -0.28)]), fill=ink, width=round(size * 0.08))
        for x in (-0.1, 0.0, 0.1):
            draw.line(p([(x, -0.28), (x, 0.34)]), fill=ink, width=max(1, round(size * 0.035)))
        draw.rounded_rectangle(box(-0.26, 0.3, 0.26, 0.5), radius=size * 0.06, fill=ink)
    else:  # the soldier: a crested helmet
        draw.pieslice(box(-0.42, -0.5, 0.42, -0.04), 180, 360, fill=ink)
        shell = [(-0.32, -0.26), (0.32, -0.26), (0.36, 0.2), (0.24, 0.5), (-0.24, 0.5), (-0.36, 0.2)]
        draw.polygon(p(shell), fill=ink)
        draw.rectangle(box(-0.34, -0.26, 0.34, -0.22), fill=ink)
        draw.rectangle(box(-0.26, 0.0, 0.26, 0.1), fill=CLEAR)
        draw.rectangle(box(-0.07, 0.0, 0.07, 0.5), fill=CLEAR)


def _shrink(big: Image.Image, size: tuple[int, int]) -> Image.Image:
    return big.resize(size, Image.Resampling.LANCZOS)


@cache
def symbol_sprite(symbol: Symbol, size: int, ink: RGB) -> Image.Image:
    """``symbol`` in ``ink``, ``size`` px square, on a clear ground."""
    big = Image.new("RGBA", (size * OVERSAMPLE, size * OVERSAMPLE), CLEAR)
    _symbol(ImageDraw.Draw(big), symbol, size * OVERSAMPLE, (*ink, 255))
    return _shrink(big, (size, size))


def shape_points(shape: str, radius: float, cx: float, cy: float) -> Pts:
    """The outline of a player's shape (not the circle) around (cx, cy), about ``radius`` from the centre."""
    if shape == "square":
        r = radius * 0.86
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if shape == "diamond":
        r = radius * 1.1
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    r = radius * 1.22  # triangle, pointing up, its centroid on the centre
    return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]


def draw_shape(
    draw: ImageDraw.ImageDraw, shape: str, radius: float, cx: float, cy: float, fill: RGB, outline: RGB, width: int
) -> None:
    if shape == "circle":
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=fill, outline=outline, width=width)
    else:
        draw.polygon(shape_points(shape, radius, cx, cy), fill=fill, outline=outline, width=width)


@cache
def shape_sprite(seat: int, size: int, fill: RGB, outline: RGB, symbol: Symbol | None = None) -> Image.Image:
    """Seat ``seat``'s shape, ``size`` px square, with a white ``symbol`` on it (a guard) or without (a tag)."""
    big_size = size * OVERSAMPLE
    big = Image.new("RGBA", (big_size, big_size), CLEAR)
    draw = ImageDraw.Draw(big)
    shape = SHAPES[seat % len(SHAPES)]
    edge = max(OVERSAMPLE, round(big_size * 0.05))
    radius = big_size / 2 - edge if shape != "triangle" else big_size * 0.38
    cy = big_size / 2 + (big_size * 0.11 if shape == "triangle" else 0)
    # A dark rim, then a white ring: the shape stands out on a wash of its own colour.
    draw_shape(draw, shape, radius, big_size / 2, cy, outline, outline, edge)
    ring = edge * (1.2 if shape == "triangle" else 1.0)
    draw_shape(draw, shape, radius - ring, big_size / 2, cy, (255, 255, 255), (255, 255, 255), 1)
    draw_shape(draw, shape, radius - 2 * ring, big_size / 2, cy, fill, fill, 1)
    image = _shrink(big, (size, size))
    if symbol is not None:
        inner = round(size * (0.44 if shape == "triangle" else 0.54))
        glyph = symbol_sprite(symbol, inner, (255, 255, 255))
        image.alpha_composite(
            glyph, ((size - inner) // 2, round(size / 2 - inner / 2 + (size * 0.12 if shape == "triangle" else 0)))
        )
    return image
