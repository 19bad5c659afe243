"""Sprites pasted onto the map per render: clan pips, hut totals, village badges, strife's count.

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
from render.clans.layout import COMPACT_PIP, COMPACT_SIZE, COUNT_SIZE, LEGEND_SIZE, PIP, TOTAL_H, total_width
from render.fonts import bold

SS = 4


def shrink(big: Image.Image) -> Image.Image:
    return big.reduce(SS)


def canvas(w: int, h: int, edge: pal.RGB) -> Image.Image:
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


def put_text(image: Image.Image, text: Image.Image, cx: float, cy: float) -> None:
    """Composite ``text`` with its ink box centred on (cx, cy)."""
    image.alpha_composite(text, (round(cx - text.width / 2), round(cy - text.height / 2)))


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
    big = canvas(w, w, pal.INK if ring else pal.WHITE)
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
    return shrink(big)


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
    put_text(image, digits, w / 2, h / 2 + dy)
    return image


def strife_rgba(lost: int, small: bool = False) -> Image.Image:
    """Huts lost to strife: how many, after a minus sign, in a white pill struck through with a dark rim."""
    h = (COMPACT_PIP if small else PIP) + 2
    w = h + 2
    big = canvas(w, h, pal.WHITE)
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle([0, 0, w * SS - 1, h * SS - 1], radius=8 * SS, fill=pal.INK)
    draw.rounded_rectangle([3 * SS, 3 * SS, (w - 3) * SS - 1, (h - 3) * SS - 1], radius=6 * SS, fill=pal.WHITE)
    draw.line([(4 * SS, (h - 6) * SS), ((w - 4) * SS, 6 * SS)], fill=pal.RUIN, width=4 * SS)
    image = shrink(big)
    digits = text_rgba(f"−{lost}", COMPACT_SIZE if small else COUNT_SIZE, pal.INK, w - 8, 3, pal.WHITE)
    put_text(image, digits, w / 2, h / 2)
    return image


def total_rgba(total: int, small: bool = False, height: int | None = None, type_size: int | None = None) -> Image.Image:
    """The territory's hut total: dark digits in a white disc (a pill for two digits) with a dark rim (a clan pip
    is coloured and shaped, the territory number has no rim). ``height`` and ``type_size``: the key's sample."""
    h = height or (COMPACT_PIP if small else TOTAL_H) + 2
    w = total_width(total) + 2 if not small and height is None else h + (4 if total >= 10 else 0)
    big = canvas(w, h, pal.WHITE)
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle([0, 0, w * SS - 1, h * SS - 1], radius=h * SS // 2, fill=pal.WHITE)
    draw.rounded_rectangle(
        [SS, SS, (w - 1) * SS - 1, (h - 1) * SS - 1],
        radius=(h - 2) * SS // 2,
        fill=pal.WHITE,
        outline=pal.TOTAL,
        width=3 * SS,
    )
    image = shrink(big)
    digits = text_rgba(str(total), type_size or (COMPACT_SIZE if small else COUNT_SIZE), pal.INK, w - 10)
    put_text(image, digits, w / 2, h / 2)
    return image


def _house(draw: ImageDraw.ImageDraw, w: int, h: int, body: pal.RGB, roof: pal.RGB) -> tuple[int, int]:
    """A house outline filling w x h (supersampled units); returns the body's top and bottom."""
    edge = 2 * SS
    eave = int(h * 0.42)
    roof_points = [(w // 2, edge // 2), (w - edge // 2, eave), (edge // 2, eave)]
    draw.polygon(roof_points, fill=roof, outline=pal.INK, width=edge)
    draw.rectangle([int(w * 0.12), eave, int(w * 0.88), h - edge // 2], fill=body, outline=pal.INK, width=edge)
    return eave, h


def village_badge_rgba(
    value: int, destroyed: bool, large: bool = False, small: bool = False, height: int | None = None
) -> Image.Image:
    """A house: a solid roof over its eaves on pale walls, with the value the village scored as tall as the
    territory numbers (a grey crossed-out ruin reading 0 when doomed). The value, set on a halo of the walls'
    colour, runs up into the roof: the house is no taller than a pip.

    The large version stands alone in the middle of a village left without huts; ``height``: the key's sample, its
    value set at the key's type size.
    """
    w, h = (62, 58) if large else ((COMPACT_PIP, COMPACT_PIP + 2) if small else (PIP + 2, PIP + 2))
    if height is not None:
        w, h = round(height * 1.15), height
    big = canvas(w, h, pal.INK)
    draw = ImageDraw.Draw(big)
    body, roof = (pal.RUIN, pal.mix(pal.RUIN, pal.INK, 0.3)) if destroyed else (pal.VILLAGE, pal.VILLAGE_ROOF)
    W, H, e = w * SS, h * SS, SS
    eave = int(H * 0.42)
    inset = round(W * 0.1)
    draw.rectangle([inset, eave - 2 * SS, W - inset, H - e], fill=body, outline=pal.INK, width=2 * SS)
    draw.polygon([(W / 2, e), (W - e, eave), (e, eave)], fill=roof, outline=pal.INK, width=2 * SS)
    if destroyed:
        for a, b in (((0.16, 0.44), (0.84, 0.94)), ((0.84, 0.44), (0.16, 0.94))):
            pa, pb = (a[0] * W, a[1] * H), (b[0] * W, b[1] * H)
            draw.line([pa, pb], fill=pal.INK, width=(5 if large else 4) * SS)
    image = shrink(big)
    size = (COUNT_SIZE + 4 if large else COUNT_SIZE) if not small else COMPACT_SIZE
    if height is not None:
        size = LEGEND_SIZE
    digits = text_rgba(str(value), size, pal.INK, w - 8, 3, pal.WHITE if destroyed else body)
    put_text(image, digits, w / 2, h * 0.62)
    return image


def pending_badge_rgba(small: bool = False) -> Image.Image:
    """A question-mark house: a village about to be founded whose order the mover is choosing."""
    w, h = (COMPACT_PIP, COMPACT_PIP + 2) if small else (PIP + 2, PIP + 2)
    big = canvas(w, h, pal.INK)
    draw = ImageDraw.Draw(big)
    _house(draw, w * SS, h * SS, pal.WHITE, pal.PENDING)
    image = shrink(big)
    mark = text_rgba("?", COMPACT_SIZE if small else COUNT_SIZE, pal.PENDING, w, 2, pal.WHITE)
    put_text(image, mark, w / 2, h * 0.6)
    return image
