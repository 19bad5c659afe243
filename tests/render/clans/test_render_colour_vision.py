"""Colour-blind safe: the clan colours stay far apart under simulated colour-vision deficiencies, every
clan has its own shape, and the terrains differ by glyph where their colours merge."""

from __future__ import annotations

import itertools
import json

import pytest
from colour_science import MACHADO_2009, ciede2000, lab, seen_distance, simulate
from PIL import Image

import engine.clans as engine
from engine.clans import Clan, Terrain
from engine.clans.board import Board, board_from_dict, data_text
from render.clans import palette as pal
from render.clans.hut_markers import marker_rgba
from render.clans.layout import PHONE_WIDTH, WIDTH, layout_for
from render.clans.static import ICON_WIDTH, static_layer

MIN_CLAN_DISTANCE = 20.0
"""CIEDE2000: about 2 is a just-noticeable difference; 20 is two clearly different colours."""
DEFICIENCIES = [None, *MACHADO_2009]


@pytest.mark.parametrize(
    ("lab1", "lab2", "expected"),
    [  # Sharma, Wu & Dalal (2005), supplementary test data, pairs 1, 7, 17 and 25
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ],
)
def test_ciede2000_matches_the_published_test_data(
    lab1: tuple[float, float, float], lab2: tuple[float, float, float], expected: float
) -> None:
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_the_simulation_keeps_grey_and_merges_red_and_green_for_deuteranopes() -> None:
    for deficiency in MACHADO_2009:
        assert [round(c) for c in simulate((128, 128, 128), deficiency)] == pytest.approx([128] * 3, abs=2)
    # the old red and green markers: far apart for normal vision, close for a deuteranope
    old_red, old_green = (222, 45, 38), (0, 168, 92)
    assert seen_distance(old_red, old_green, None) > 2 * seen_distance(old_red, old_green, "deuteranopia")
    assert lab((255, 255, 255)) == pytest.approx((100.0, 0.0, 0.0), abs=0.05)


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_every_pair_of_clan_colours_stays_apart(deficiency: str | None) -> None:
    for (a, ca), (b, cb) in itertools.combinations(pal.CLAN.items(), 2):
        distance = seen_distance(ca, cb, deficiency)
        assert distance >= MIN_CLAN_DISTANCE, (deficiency, a.label, b.label, round(distance, 1))


def test_each_clan_has_its_own_shape() -> None:
    """The same pip in grey for every clan: the silhouettes differ, so colour is not needed."""
    assert len(set(pal.CLAN_SHAPE.values())) == len(Clan)
    silhouettes = {}
    for clan in Clan:
        alpha = marker_rgba(clan, 1).getchannel("A").point(lambda a: 255 if a >= 128 else 0)
        silhouettes[clan] = {(x, y) for y in range(alpha.height) for x in range(alpha.width) if alpha.getpixel((x, y))}
    for a, b in itertools.combinations(Clan, 2):
        union = silhouettes[a] | silhouettes[b]
        differ = len(silhouettes[a] ^ silhouettes[b]) / len(union)
        assert differ >= 0.08, (a.label, b.label, differ)


def _icon_on_phone(tid: int, deficiency: str | None, board: Board) -> Image.Image:
    """The terrain glyph of ``tid`` as a phone shows it (scaled to PHONE_WIDTH), in greys as seen with
    ``deficiency``."""
    layout = layout_for(board)
    base = static_layer(board).base.convert("RGB")
    x, y = layout.icon_position(tid)
    half_w, half_h = round(ICON_WIDTH * layout.unit * 0.6), round(ICON_WIDTH * layout.unit * 0.4)
    crop = base.crop((x - half_w, y - half_h, x + half_w, y + half_h))
    size = (round(crop.width * PHONE_WIDTH / WIDTH), round(crop.height * PHONE_WIDTH / WIDTH))
    small = crop.resize(size, Image.Resampling.LANCZOS)
    if deficiency is not None:
        small.putdata([tuple(round(c) for c in simulate(p, deficiency)) for p in small.getdata()])
    return small.convert("L")


@pytest.mark.parametrize("map_file", ["map.json", "printed_map.json"])
@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_terrains_differ_by_glyph_on_a_phone(deficiency: str | None, map_file: str) -> None:
    """Where terrain colours merge (steppe and grassland for a deuteranope), the glyphs tell them apart, on
    both maps."""
    board = board_from_dict(json.loads(data_text(map_file)))
    occupied = engine.public_view(engine.new_game(4, 2, board))
    first = {t: next(x.id for x in board.territories if x.terrain is t and any(occupied.huts[x.id])) for t in Terrain}
    glyphs = {}
    for terrain, tid in first.items():
        grey = _icon_on_phone(tid, deficiency, board)
        ground = sorted(grey.getcolors(1 << 16) or [], reverse=True)[0][1]
        glyphs[terrain] = {
            (x, y) for y in range(grey.height) for x in range(grey.width) if abs(grey.getpixel((x, y)) - ground) >= 24
        }
        assert len(glyphs[terrain]) >= 12, (terrain.label, len(glyphs[terrain]))  # visible on a phone
    for a, b in itertools.combinations(Terrain, 2):
        union = glyphs[a] | glyphs[b]
        assert len(glyphs[a] ^ glyphs[b]) / len(union) >= 0.4, (deficiency, a.label, b.label)


def test_the_texts_name_each_clan_by_the_shape_its_markers_have() -> None:
    """Players who cannot tell the colours apart find their clan in a message by the board's shape."""
    from render.clans.palette import CLAN_SHAPE
    from texts import texts
    from texts.clans.game import clan_label
    from texts.clans.symbols import CLAN_MARK

    symbol = {"circle": "●", "square": "■", "triangle": "▲", "diamond": "◆", "hexagon": "⬢"}
    for clan, shape in CLAN_SHAPE.items():
        assert CLAN_MARK[clan] == symbol[shape]
        assert clan_label(texts("en"), clan).endswith(symbol[shape])
