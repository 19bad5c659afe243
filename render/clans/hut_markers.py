"""Sprites pasted onto the map per render: hut markers, village badges, rings and the move arrow.

Each sprite is drawn once per process (supersampled, so its edges are antialiased) and kept as an
RGBA image; a render only pastes them.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from engine.clans.clan import Clan
from render.clans import palette as pal
from render.clans.indexed import Sprite, to_sprite
from render.clans.layout import COMPACT_PIP, COMPACT_SIZE, COUNT_SIZE, PIP, TOTAL_H, total_width
from render.fonts import bold

SS = 4


def _reduce(big: Image.Image) -> Image.Image:
    return big.reduce(SS)


def _canvas(w: int, h: int, edge: pal.RGB) -> Image.Image:
    """A transparent supersampled canvas whose hidden colour is the sprite's outermost colour, so that
    reducing it does not darken the antialiased rim."""
    return Image.new("RGBA", (w * SS, h * SS), (*edge, 0))


@cache
def marker(clan: Clan, count: int, own: bool = False, small: bool = False) -> Sprite:
    return to_sprite(marker_rgba(clan, count, own, small))


@cache
def strife_pill(lost: int, small: bool = False) -> Sprite:
    return to_sprite(strife_rgba(lost, small))


@cache
def total_pill(total: int, small: bool = False) -> Sprite:
    return to_sprite(total_rgba(total, small))


@cache
def village_badge(value: int, destroyed: bool, large: bool = False, small: bool = False) -> Sprite:
    return to_sprite(village_badge_rgba(value, destroyed, large, small))


@cache
def pending_badge(small: bool = False) -> Sprite:
    return to_sprite(pending_badge_rgba(small))


@cache
def move_number(number: int) -> Sprite:
    return to_sprite(move_number_rgba(number))


def text_rgba(
    text: str, size: int, fill: pal.RGB, max_width: int, stroke: int = 0, stroke_fill: pal.RGB = pal.INK
) -> Image.Image:
    """``text`` on a transparent canvas just large enough, its glyphs squeezed sideways (never lowered) when
    wider than ``max_width``: two-digit numbers keep the full height inside a pip."""
    font = bold(size)
    left, top, right, bottom = (round(v) for v in font.getbbox(text, anchor="ls", stroke_width=stroke))
    w, h = right - left + 2, bottom - top + 2
    image = Image.new("RGBA", (w, h), (*(stroke_fill if stroke else fill), 0))
    ImageDraw.Draw(image).text(
        (1 - left, 1 - top), text, font=font, fill=fill, anchor="ls", stroke_width=stroke, stroke_fill=stroke_fill
    )
    if w > max_width:
        image = image.resize((max_width, h), Image.Resampling.LANCZOS)
    return image


def _put_text(image: Image.Image, text: Image.Image, cx: float, cy: float) -> None:
    """Composite ``text`` with its ink box centred on (cx, cy)."""
    image.alpha_composite(text, (round(cx - text.width / 2), round(cy - text.height / 2)))


@cache
def ring(radius: int, style: str) -> Sprite:
    return to_sprite(ring_rgba(radius, style))


@cache
def arrow(dx: int, dy: int) -> tuple[Sprite, tuple[int, int]]:
    image, origin = arrow_rgba(dx, dy)
    return to_sprite(image), origin


def shape_points(shape: str, size: float, cx: float, cy: float) -> list[tuple[float, float]]:
    """The outline of a clan shape ``size`` across centred on (cx, cy) (a circle is a 40-gon)."""
    h = size / 2
    corners = {"circle": 40, "square": 4, "triangle": 3, "diamond": 4, "hexagon": 6}[shape]
    turn = {"circle": 0.0, "square": 45.0, "triangle": -90.0, "diamond": -90.0, "hexagon": 0.0}[shape]
    reach = {"circle": h * 0.96, "square": h * 1.32, "triangle": h * 1.3, "diamond": h * 1.1, "hexagon": h * 1.1}[shape]
    centre_y = cy + (h * 0.2 if shape == "triangle" else 0.0)
    return [
        (
            cx + reach * math.cos(math.radians(turn + 360 * k / corners)),
            centre_y + reach * math.sin(math.radians(turn + 360 * k / corners)),
        )
        for k in range(corners)
    ]


def clan_shape_rgba(clan: Clan, size: int, ring: pal.RGB | None = None) -> Image.Image:
    """The clan's shape in its colour with a dark outline; ``ring`` draws a thick halo around it."""
    pad = 2
    w = size + 2 * pad
    big = _canvas(w, w, pal.INK if ring else pal.WHITE)
    draw = ImageDraw.Draw(big)
    c = w * SS / 2
    shape = pal.CLAN_SHAPE[clan]
    if ring:  # inside the pip's own outline, so a ringed pip takes no more room than another
        draw.polygon(shape_points(shape, (size + 3) * SS, c, c), fill=pal.INK)
        draw.polygon(shape_points(shape, (size + 1) * SS, c, c), fill=ring)
        size -= 8
    else:
        draw.polygon(shape_points(shape, (size + 3) * SS, c, c), fill=pal.WHITE)
    draw.polygon(shape_points(shape, size * SS, c, c), fill=pal.CLAN[clan], outline=pal.INK, width=2 * SS)
    return _reduce(big)


def marker_rgba(clan: Clan, count: int, own: bool = False, small: bool = False) -> Image.Image:
    """A clan pip: the clan's shape in its colour with the clan's hut count on it, white with a dark rim and as
    tall as the territory numbers. The shape tells the clans apart without colour; ``own`` (private board only)
    rings it in the viewer's colour."""
    size = COMPACT_PIP if small else PIP
    shape = pal.CLAN_SHAPE[clan]
    grow = {"triangle": 4, "diamond": 2}.get(shape, 0)  # the pointed shapes hold less around the digits
    image = clan_shape_rgba(clan, size + grow, pal.OWN if own else None)
    w, h = image.size
    dy = round(size * 0.14) if shape == "triangle" else 0
    ink = pal.CLAN_TEXT[clan]
    rim = pal.WHITE if ink == pal.INK else pal.INK
    digits = text_rgba(str(count), COMPACT_SIZE if small else COUNT_SIZE, ink, size - 4, 3, rim)
    _put_text(image, digits, w / 2, h / 2 + dy)
    return image


def strife_rgba(lost: int, small: bool = False) -> Image.Image:
    """Huts lost to strife: how many, after a minus sign, in a white pill struck through with a dark rim."""
    h = (COMPACT_PIP if small else PIP) + 2
    w = h + 2
    big = _canvas(w, h, pal.WHITE)
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle([0, 0, w * SS - 1, h * SS - 1], radius=8 * SS, fill=pal.INK)
    draw.rounded_rectangle([3 * SS, 3 * SS, (w - 3) * SS - 1, (h - 3) * SS - 1], radius=6 * SS, fill=pal.WHITE)
    draw.line([(4 * SS, (h - 6) * SS), ((w - 4) * SS, 6 * SS)], fill=pal.RUIN, width=4 * SS)
    image = _reduce(big)
    digits = text_rgba(f"−{lost}", COMPACT_SIZE if small else COUNT_SIZE, pal.INK, w - 8, 3, pal.WHITE)
    _put_text(image, digits, w / 2, h / 2)
    return image


def total_rgba(total: int, small: bool = False) -> Image.Image:
    """The territory's hut total: dark digits in a white pill with a dark rim (a clan pip is coloured and
    shaped, the territory number has no rim)."""
    h = (COMPACT_PIP if small else TOTAL_H) + 2
    w = total_width(total) + 2 if not small else h + (4 if total >= 10 else 0)
    big = _canvas(w, h, pal.WHITE)
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle([0, 0, w * SS - 1, h * SS - 1], radius=h * SS // 2, fill=pal.WHITE)
    draw.rounded_rectangle(
        [SS, SS, (w - 1) * SS - 1, (h - 1) * SS - 1],
        radius=(h - 2) * SS // 2,
        fill=pal.WHITE,
        outline=pal.TOTAL,
        width=3 * SS,
    )
    image = _reduce(big)
    digits = text_rgba(str(total), COMPACT_SIZE if small else COUNT_SIZE, pal.INK, w - 10)
    _put_text(image, digits, w / 2, h / 2)
    return image


def _house(draw: ImageDraw.ImageDraw, w: int, h: int, body: pal.RGB, roof: pal.RGB) -> tuple[int, int]:
    """A house outline filling w x h (supersampled units); returns the body's top and bottom."""
    edge = 2 * SS
    eave = int(h * 0.42)
    roof_points = [(w // 2, edge // 2), (w - edge // 2, eave), (edge // 2, eave)]
    draw.polygon(roof_points, fill=roof, outline=pal.INK, width=edge)
    draw.rectangle([int(w * 0.12), eave, int(w * 0.88), h - edge // 2], fill=body, outline=pal.INK, width=edge)
    return eave, h


def village_badge_rgba(value: int, destroyed: bool, large: bool = False, small: bool = False) -> Image.Image:
    """A house with the value the village scored, as tall as the territory numbers; a grey crossed-out ruin
    reading 0 when destroyed. The house is drawn as a thick roof-coloured outline so that the value stands
    on a pale ground from the roof to the floor.

    The large version stands alone in the middle of a village left without huts.
    """
    w, h = (62, 58) if large else ((COMPACT_PIP, COMPACT_PIP + 2) if small else (PIP + 2, PIP + 2))
    big = _canvas(w, h, pal.INK)
    draw = ImageDraw.Draw(big)
    body, roof = (pal.RUIN, pal.mix(pal.RUIN, pal.INK, 0.3)) if destroyed else (pal.VILLAGE, pal.VILLAGE_ROOF)
    W, H, e = w * SS, h * SS, SS
    eave = int(H * 0.36)
    house = [(W / 2, e), (W - e, eave), (W - e, H - e), (e, H - e), (e, eave)]
    draw.polygon(house, fill=body, outline=pal.INK, width=2 * SS)
    band = 6 * SS  # the roof: a thick chevron along the two top edges, above the value
    draw.line([(e * 2, eave + band // 3), (W / 2, e + band // 2), (W - e * 2, eave + band // 3)], fill=roof, width=band)
    draw.polygon(house, outline=pal.INK, width=2 * SS)
    if destroyed:
        for a, b in (((0.12, 0.38), (0.88, 0.94)), ((0.88, 0.38), (0.12, 0.94))):
            pa, pb = (a[0] * W, a[1] * H), (b[0] * W, b[1] * H)
            draw.line([pa, pb], fill=pal.INK, width=(5 if large else 4) * SS)
    image = _reduce(big)
    size = (COUNT_SIZE + 4 if large else COUNT_SIZE) if not small else COMPACT_SIZE
    digits = text_rgba(str(value), size, pal.INK, w - 8, 3, pal.WHITE if destroyed else body)
    _put_text(image, digits, w / 2, h * 0.6)
    return image


def pending_badge_rgba(small: bool = False) -> Image.Image:
    """A question-mark house: a village about to be founded whose order the mover is choosing."""
    w, h = (COMPACT_PIP, COMPACT_PIP + 2) if small else (PIP + 2, PIP + 2)
    big = _canvas(w, h, pal.INK)
    draw = ImageDraw.Draw(big)
    _house(draw, w * SS, h * SS, pal.WHITE, pal.PENDING)
    image = _reduce(big)
    mark = text_rgba("?", COMPACT_SIZE if small else COUNT_SIZE, pal.PENDING, w, 2, pal.WHITE)
    _put_text(image, mark, w / 2, h * 0.6)
    return image


def move_number_rgba(number: int) -> Image.Image:
    """The number of a move, on a white disc ringed in the arrow's colour, at the start of its arrow."""
    d = PIP + 4
    w = d if number < 10 else d + 16
    big = _canvas(w, d, pal.ARROW_EDGE)
    draw = ImageDraw.Draw(big)
    for inset, colour in ((0, pal.INK), (2, pal.ARROW), (6, pal.WHITE)):
        box = [inset * SS, inset * SS, (w - inset) * SS - 1, (d - inset) * SS - 1]
        draw.rounded_rectangle(box, radius=(d - 2 * inset) * SS // 2, fill=colour)
    image = _reduce(big)
    _put_text(image, text_rgba(str(number), COUNT_SIZE, pal.INK, w - 14), w / 2, d / 2)
    return image


def _hex_points(radius: float, cx: float, cy: float) -> list[tuple[float, float]]:
    return [
        (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
        for a in (0, 60, 120, 180, 240, 300)
    ]


def ring_rgba(radius: int, style: str) -> Image.Image:
    """A hex outline sprite centred in its image: ``new`` (thick, for villages the last move founded),
    ``pending`` (dashed, for villages whose order is being chosen) or ``village`` (thin)."""
    size = 2 * radius + 16
    edge = {"new": pal.INK, "pending": pal.WHITE, "movable": pal.INK, "moved": pal.INK}.get(style, pal.VILLAGE_ROOF)
    big = _canvas(size, size, edge)
    draw = ImageDraw.Draw(big)
    c = size * SS / 2
    if style == "new":
        outer = _hex_points(radius * SS, c, c)  # on the edge, clear of the territory number
        draw.line([*outer, outer[0]], fill=pal.INK, width=10 * SS, joint="curve")
        draw.line([*outer, outer[0]], fill=pal.HIGHLIGHT, width=6 * SS, joint="curve")
    elif style == "moved":
        outer = _hex_points(radius * SS, c, c)
        draw.line([*outer, outer[0]], fill=pal.INK, width=9 * SS, joint="curve")
        draw.line([*outer, outer[0]], fill=pal.ARROW, width=5 * SS, joint="curve")
    elif style == "movable":
        outer = _hex_points(radius * SS, c, c)
        draw.line([*outer, outer[0]], fill=pal.INK, width=9 * SS, joint="curve")
        draw.line([*outer, outer[0]], fill=pal.MOVABLE, width=5 * SS, joint="curve")
    elif style == "pending":
        pts = _hex_points((radius - 1) * SS, c, c)
        for i in range(6):
            (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % 6]
            dashes = 5
            for k in range(dashes):
                t0, t1 = k / dashes, (k + 0.6) / dashes
                seg = [(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0), (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)]
                draw.line(seg, fill=pal.WHITE, width=7 * SS)
                draw.line(seg, fill=pal.PENDING, width=4 * SS)
    else:
        pts = _hex_points((radius - 2) * SS, c, c)
        draw.line([*pts, pts[0]], fill=pal.VILLAGE_ROOF, width=3 * SS, joint="curve")
    return _reduce(big)


def arrow_rgba(dx: int, dy: int) -> tuple[Image.Image, tuple[int, int]]:
    """The last-move arrow from (0, 0) to (dx, dy); returns the sprite and where (0, 0) lies in it."""
    pad = 14
    left, top = min(0, dx) - pad, min(0, dy) - pad
    w, h = abs(dx) + 2 * pad, abs(dy) + 2 * pad
    big = _canvas(w, h, pal.ARROW_EDGE)
    draw = ImageDraw.Draw(big)
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    head, half = 22.0, 13.0

    def p(x: float, y: float) -> tuple[float, float]:
        return ((x - left) * SS, (y - top) * SS)

    base = (dx - ux * head, dy - uy * head)
    tip_poly = [p(dx, dy), p(base[0] + nx * half, base[1] + ny * half), p(base[0] - nx * half, base[1] - ny * half)]
    tail = p(ux * 4, uy * 4)
    start = p(base[0] + ux * 2, base[1] + uy * 2)
    r0 = 9 * SS
    draw.ellipse([tail[0] - r0, tail[1] - r0, tail[0] + r0, tail[1] + r0], fill=pal.ARROW_EDGE)
    draw.line([tail, start], fill=pal.ARROW_EDGE, width=14 * SS)
    draw.polygon(tip_poly, fill=pal.ARROW_EDGE, outline=pal.ARROW_EDGE, width=6 * SS)
    draw.line([tail, start], fill=pal.INK, width=10 * SS)
    draw.polygon(tip_poly, fill=pal.INK, outline=pal.INK, width=3 * SS)
    r1 = 6 * SS
    draw.ellipse([tail[0] - r1, tail[1] - r1, tail[0] + r1, tail[1] + r1], fill=pal.ARROW)
    draw.line([tail, start], fill=pal.ARROW, width=6 * SS)
    draw.polygon(tip_poly, fill=pal.ARROW)
    return big.reduce(SS), (-left, -top)
