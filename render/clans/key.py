"""The key at the foot of the board, in the game's language: the four terrains (colour and glyph); the four marks
that carry a number, each drawn as the map draws it (the territory number, the hut total, the village with its
value, the move tag); what lakes and rivers mean for moves.

Four rows, each set at LEGEND_SIZE, whose digits and capitals stand 9 px tall on a phone; the items of a row
are spread over its width. ``key_rows`` is what is drawn, so tests can check that every catalog's words fit.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.clans.clan import Terrain
from render.clans import palette as pal
from render.clans.hut_markers import total_rgba, village_badge_rgba
from render.clans.icons import terrain_swatch
from render.clans.layout import BLOCK_W, LEGEND_AT, LEGEND_H, LEGEND_ROWS, LEGEND_SIZE
from render.clans.move_marks import move_tag_rgba
from render.fonts import bold
from texts import Texts
from texts.clans.terms import terrain_name

SAMPLE_H = LEGEND_H // LEGEND_ROWS - 2
"""The height of a sample in the key: the digits on it are set at the key's type size too."""
SAMPLE_GAP = 8
"""Between a sample and its words."""
MIN_ITEM_GAP = 14
"""The least room between two items of a row."""


@dataclass(frozen=True)
class KeyItem:
    sample: Image.Image
    """RGBA."""
    words: str

    @property
    def width(self) -> float:
        return self.sample.width + SAMPLE_GAP + bold(LEGEND_SIZE).getlength(self.words)


def number_sample(height: int) -> Image.Image:
    """A territory number as the map writes it, bare digits with a white halo, on a patch of grassland."""
    image = Image.new("RGBA", (round(height * 1.5), height), (*pal.TERRAIN[Terrain.GRASSLAND], 255))
    draw = ImageDraw.Draw(image)
    draw.text(
        (image.width / 2, height / 2),
        "23",
        font=bold(LEGEND_SIZE),
        fill=pal.INK,
        anchor="mm",
        stroke_width=2,
        stroke_fill=pal.WHITE,
    )
    return image


def key_rows(t: Texts) -> list[list[KeyItem]]:
    h = SAMPLE_H
    terrains = [KeyItem(terrain_swatch(x, 40, h).convert("RGBA"), terrain_name(t, x)) for x in Terrain]
    numbers = [
        KeyItem(number_sample(h), t._("territory number")),
        KeyItem(total_rgba(5, height=h, type_size=LEGEND_SIZE), t._("huts in all")),
    ]
    places = [
        KeyItem(village_badge_rgba(4, False, height=h), t._("village and its value")),
        KeyItem(move_tag_rgba(12, size=LEGEND_SIZE, height=h), t._("move and its number")),
    ]
    waters = [KeyItem(lake_sample(h), t._("lake: no move across")), KeyItem(river_sample(h), t._("river: no barrier"))]
    return [terrains, numbers, places, waters]


def lake_sample(height: int) -> Image.Image:
    image = Image.new("RGBA", (24, height), (0, 0, 0, 0))
    ImageDraw.Draw(image).ellipse([2, 1, 21, height - 2], fill=pal.LAKE, outline=pal.LAKE_EDGE, width=2)
    return image


def river_sample(height: int) -> Image.Image:
    image = Image.new("RGBA", (22, height), (0, 0, 0, 0))
    ImageDraw.Draw(image).line([(3, height - 4), (18, 4)], fill=pal.RIVER, width=7)
    return image


def row_fits(row: list[KeyItem]) -> bool:
    return sum(item.width for item in row) + MIN_ITEM_GAP * (len(row) - 1) <= BLOCK_W


def draw_key(image: Image.Image, t: Texts) -> None:
    """The key in its rows; a row of four spread evenly over the panel's width, a row of two in its halves."""
    left, top = LEGEND_AT
    draw = ImageDraw.Draw(image)
    font = bold(LEGEND_SIZE)
    pitch = LEGEND_H // LEGEND_ROWS
    for r, row in enumerate(key_rows(t)):
        cy = top + r * pitch + pitch // 2
        for item, x in zip(row, starts(row), strict=True):
            image.paste(item.sample, (round(left + x), cy - item.sample.height // 2), item.sample)
            draw.text((left + x + item.sample.width + SAMPLE_GAP, cy), item.words, font=font, fill=pal.INK, anchor="lm")


def starts(row: list[KeyItem]) -> list[float]:
    """Where each item of a row begins: two items in the halves of the row (so that the rows' second items line
    up) when the first fits its half, else the items spread evenly."""
    if len(row) == 2 and row[0].width + MIN_ITEM_GAP <= BLOCK_W / 2:
        return [0.0, BLOCK_W / 2]
    spare = BLOCK_W - sum(item.width for item in row)
    gap = max(MIN_ITEM_GAP, spare / max(len(row) - 1, 1))
    starts, x = [], 0.0
    for item in row:
        starts.append(x)
        x += item.width + gap
    return starts
