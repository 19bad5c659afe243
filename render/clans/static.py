"""The parts of the image that never change during a game, drawn once per process and copied per render.

Two full layers are drawn: the map as it looks with huts everywhere and the same map washed out and
hatched for empty territories. Each render copies the first and pastes hex-shaped tiles of the second
over the territories that are empty. Both are drawn in RGB (supersampled) and then indexed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.clans.board import Board
from render.clans import palette as pal
from render.clans.icons import icon_ink, terrain_icon
from render.clans.indexed import to_indexed
from render.clans.key import draw_key
from render.clans.layout import (
    DIGIT_HEIGHT,
    HEIGHT,
    HEX,
    NUMBER_SIZE,
    PANEL_BOX,
    WIDTH,
    Box,
    Layout,
    layout_for,
)
from render.fonts import bold
from texts import DEFAULT, Texts, texts

SUPERSAMPLE = 3
"""Shapes are drawn this many times larger and reduced, which antialiases every edge."""
ICON_WIDTH = 0.5
LAKE_OVERHANG = 0
"""How far (px) a lake on a map of any shapes reaches past both ends of the border it covers."""
"""The terrain glyph's width as a fraction of the hex radius."""


@dataclass(frozen=True)
class EmptyTile:
    box: Box
    tile: Image.Image
    mask: Image.Image


@dataclass(frozen=True)
class StaticLayer:
    base: Image.Image
    empty_tiles: dict[int, EmptyTile]


_CACHE: dict[tuple[int, str], tuple[Board, StaticLayer]] = {}
_RGB_CACHE: dict[tuple[int, str], tuple[Board, tuple[Image.Image, Image.Image]]] = {}
EN = texts(DEFAULT)


def static_layer(board: Board, t: Texts = EN) -> StaticLayer:
    """The static layer of ``board`` with its legend in ``t``'s language, drawn on first use and kept for the
    life of the process (one per language)."""
    key = (id(board), t.lang)
    entry = _CACHE.get(key)
    if entry is None or entry[0] is not board:
        entry = (board, _index_static(layout_for(board), t))
        _CACHE[key] = entry
    return entry[1]


def rgb_layers(board: Board, t: Texts = EN) -> tuple[Image.Image, Image.Image]:
    """The full and the washed-out map in RGB, with the panel frames on the full one."""
    key = (id(board), t.lang)
    entry = _RGB_CACHE.get(key)
    if entry is None or entry[0] is not board:
        map_full, washed = _maps(board)
        full = map_full.copy()  # the map is drawn once; each language only adds its own legend
        _draw_panel_frames(full, t)
        entry = (board, (full, washed))
        _RGB_CACHE[key] = entry
    return entry[1]


_MAP_CACHE: dict[int, tuple[Board, tuple[Image.Image, Image.Image]]] = {}


def _maps(board: Board) -> tuple[Image.Image, Image.Image]:
    """The full and the washed-out map of ``board``, without words: shared by every language."""
    entry = _MAP_CACHE.get(id(board))
    if entry is None or entry[0] is not board:
        layout = layout_for(board)
        entry = (board, (_draw_map(layout, empty=False), _draw_map(layout, empty=True)))
        _MAP_CACHE[id(board)] = entry
    return entry[1]


def _index_static(layout: Layout, t: Texts) -> StaticLayer:
    full_rgb, washed_rgb = rgb_layers(layout.board, t)
    full, washed = to_indexed(full_rgb), to_indexed(washed_rgb)
    tiles: dict[int, EmptyTile] = {}
    for territory in layout.board.territories:
        box = layout.hex_box(territory.id)
        mask = Image.new("L", (box[2] - box[0], box[3] - box[1]), 0)
        ImageDraw.Draw(mask).polygon([(x - box[0], y - box[1]) for x, y in layout.polygon(territory.id)], fill=255)
        tiles[territory.id] = EmptyTile(box, washed.crop(box), mask)
    return StaticLayer(full, tiles)


def _draw_map(layout: Layout, empty: bool) -> Image.Image:
    s = SUPERSAMPLE
    big = Image.new("RGB", (WIDTH * s, HEIGHT * s), pal.BACKGROUND)
    draw = ImageDraw.Draw(big)
    r = layout.scale

    def sp(p: tuple[float, float]) -> tuple[float, float]:
        return (p[0] * s, p[1] * s)

    for t in layout.board.territories:
        fill = pal.faded(t.terrain) if empty else pal.TERRAIN[t.terrain]
        draw.polygon([sp(p) for p in layout.polygon(t.id)], fill=fill)
        mark = icon_ink(t.terrain, empty)
        cx, cy = layout.icon_position(t.id)
        terrain_icon(draw, cx * s, cy * s, ICON_WIDTH * layout.unit * s, t.terrain, mark)
        if empty:
            _hatch(draw, layout, t.id, pal.mix(fill, pal.MUTED_INK, 0.16))

    inner, rivers, coast = _edges(layout)
    for a, b in inner:
        draw.line([sp(a), sp(b)], fill=pal.mix(pal.HEX_EDGE, pal.BACKGROUND, 0.45), width=s)
    for a, b in coast:
        draw.line([sp(a), sp(b)], fill=pal.MAP_EDGE, width=4 * s)
    for a, b in rivers:
        draw.line([sp(a), sp(b)], fill=pal.RIVER, width=7 * s)
    river_ends = {p for edge in rivers for p in edge}
    for x, y in river_ends:
        rad = 3.5 * s
        draw.ellipse([x * s - rad, y * s - rad, x * s + rad, y * s + rad], fill=pal.RIVER)
    for x, y in {p for edge in coast for p in edge}:
        rad = 2 * s
        draw.ellipse([x * s - rad, y * s - rad, x * s + rad, y * s + rad], fill=pal.MAP_EDGE)
    for lake in layout.board.lakes:
        x, y = sp(layout.point(lake.center))
        shore = _shore(layout, lake.between)
        if shore is not None:
            _lake_along(draw, shore, lake.radius * r)
            continue
        rx, ry = lake.radius * r * s, lake.radius * r * s * 1.35
        draw.ellipse([x - rx, y - ry, x + rx, y + ry], fill=pal.LAKE, outline=pal.LAKE_EDGE, width=2 * s)
        glint = [x - rx * 0.5, y - ry * 0.6, x + rx * 0.3, y + ry * 0.3]
        draw.arc(glint, 200, 290, fill=pal.RIVER_BANK, width=s * 2)

    image = big.reduce(s)
    text = ImageDraw.Draw(image)
    number_ink = pal.EMPTY_NUMBER if empty else pal.INK
    halo = pal.EMPTY_TINT if empty else pal.WHITE
    for t in layout.board.territories:
        x, y = layout.label(t.id)
        text.text(
            (x, y + round(NUMBER_SIZE * DIGIT_HEIGHT / 2)),
            str(t.id),
            font=bold(NUMBER_SIZE),
            fill=number_ink,
            anchor="ms",
            stroke_width=3,
            stroke_fill=halo,
        )
    return image


def _shore(layout: Layout, between: tuple[int, int]) -> Edge | None:
    """The border two territories of a map of any shapes share (in pixels), which their lake covers whole; None on
    today's map of hexes, whose lakes keep their drawing."""
    a, b = between
    if layout.outline(a) is HEX:
        return None
    theirs = {(round(x, 1), round(y, 1)) for x, y in layout.polygon(b)}
    shared = [p for p in layout.polygon(a) if (round(p[0], 1), round(p[1], 1)) in theirs]
    if len(shared) < 2:
        return None
    return max(((p, q) for p in shared for q in shared), key=lambda e: math.dist(*e))


def _lake_along(draw: ImageDraw.ImageDraw, shore: Edge, half_width: float) -> None:
    """A lake lying along ``shore`` and a little past both its ends, so the two territories never touch."""
    s = SUPERSAMPLE
    (x0, y0), (x1, y1) = shore
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    length = math.dist(shore[0], shore[1])
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    along, across = length / 2 + LAKE_OVERHANG, half_width
    outline = []
    for k in range(48):
        t = 2 * math.pi * k / 48
        u, v = along * math.cos(t), across * math.sin(t)
        outline.append(((cx + u * ux - v * uy) * s, (cy + u * uy + v * ux) * s))
    draw.polygon(outline, fill=pal.LAKE, outline=pal.LAKE_EDGE, width=2 * s)
    glint = []
    for k in range(9):
        t = math.radians(200 + 10 * k)
        u, v = 0.6 * along * math.cos(t), 0.5 * across * math.sin(t)
        glint.append(((cx + u * ux - v * uy) * s, (cy + u * uy + v * ux) * s))
    draw.line(glint, fill=pal.RIVER_BANK, width=2 * s)


def _hatch(draw: ImageDraw.ImageDraw, layout: Layout, tid: int, ink: pal.RGB) -> None:
    """Diagonal hatching clipped to the hex, so "empty" is a texture and not only a paler colour."""
    s = SUPERSAMPLE
    poly = layout.polygon(tid)
    left, top, right, bottom = layout.hex_box(tid)
    step = 14
    for k in range(-(bottom - top), right - left, step):
        a = (left + k, bottom)
        b = (left + k + (bottom - top), top)
        seg = _clip_segment(a, b, poly)
        if seg:
            draw.line([(seg[0][0] * s, seg[0][1] * s), (seg[1][0] * s, seg[1][1] * s)], fill=ink, width=2 * s)


def _clip_segment(
    a: tuple[float, float], b: tuple[float, float], poly: list[tuple[float, float]]
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """Cyrus-Beck clipping of segment a-b to a convex polygon."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = len(poly)
    cx = sum(p[0] for p in poly) / n
    cy = sum(p[1] for p in poly) / n
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        nx, ny = q[1] - p[1], p[0] - q[0]
        if nx * (cx - p[0]) + ny * (cy - p[1]) > 0:
            nx, ny = -nx, -ny
        denom = nx * dx + ny * dy
        num = nx * (a[0] - p[0]) + ny * (a[1] - p[1])
        if denom == 0:
            if num > 0:
                return None
            continue
        t = -num / denom
        if denom > 0:
            t1 = min(t1, t)
        else:
            t0 = max(t0, t)
        if t0 > t1:
            return None
    return (a[0] + dx * t0, a[1] + dy * t0), (a[0] + dx * t1, a[1] + dy * t1)


Edge = tuple[tuple[float, float], tuple[float, float]]


def _edges(layout: Layout) -> tuple[list[Edge], list[Edge], list[Edge]]:
    """Hex edges split into: inside a region, between regions (rivers), and the map's outline."""
    owners: dict[tuple[tuple[float, float], tuple[float, float]], list[int]] = {}
    points: dict[tuple[float, float], tuple[float, float]] = {}
    for t in layout.board.territories:
        poly = layout.polygon(t.id)
        for i, p in enumerate(poly):
            q = poly[(i + 1) % len(poly)]
            kp, kq = (round(p[0], 1), round(p[1], 1)), (round(q[0], 1), round(q[1], 1))
            points[kp], points[kq] = p, q
            key = (min(kp, kq), max(kp, kq))
            owners.setdefault(key, []).append(t.id)
    inner: list[Edge] = []
    rivers: list[Edge] = []
    coast: list[Edge] = []
    region = {t.id: t.region for t in layout.board.territories}
    for (kp, kq), ids in sorted(owners.items()):
        edge = (points[kp], points[kq])
        if len(ids) == 1:
            coast.append(edge)
        elif region[ids[0]] != region[ids[1]]:
            rivers.append(edge)
        else:
            inner.append(edge)
    return inner, rivers, coast


def _draw_panel_frames(image: Image.Image, t: Texts) -> None:
    draw = ImageDraw.Draw(image)
    box = PANEL_BOX
    draw.rounded_rectangle(
        [box[0], box[1], box[2] - 1, box[3] - 1], radius=12, fill=pal.PANEL, outline=pal.PANEL_EDGE, width=2
    )
    draw_key(image, t)
