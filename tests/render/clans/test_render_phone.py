"""On a phone the image is about 400 px wide: measure the type there, on rendered boards.

Map text is measured on the pixels: the rows and columns of the exact ink colour inside each element's
box on the full-size render, scaled to the phone's width (antialiased rims are not counted, so the
measure is a little short of the true glyph). Panel text is measured from the layout's type sizes and
the shipped font, and on the pixels of the turn line and the scores.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterable

import pytest
from PIL import Image

import engine.clans as engine
from engine.clans import Phase, PublicView
from engine.clans.board import board_from_dict, data_text
from render.clans import palette as pal
from render.clans import render_board, render_final
from render.clans.board_image import pip_centres
from render.clans.gallery import crowded, final, order_phase, play_random
from render.clans.layout import (
    BLOCK_W,
    KEY_SIZE,
    NUMBER_SIZE,
    PHONE_WIDTH,
    PIP,
    SCORES_AT,
    SCORES_H,
    TOTAL_SIZE,
    TURN_AT,
    WIDTH,
    layout_for,
    phone_px,
    pip_count_size,
    shows_total,
    total_width,
)
from render.clans.panel import END_TEXT, TITLE_SIZE
from render.fonts import bold, fit

NAMES = ["Alice", "Bob", "Chandrasekhar the Bold", "Dee"]
MIN_NUMBER = 12
MIN_PIP = 9
MIN_COUNT = 13
"""Every count inside a territory: as tall as the territory numbers (the old board drew pip counts 6-7 px)."""
MIN_KEY = 9
PRINTED = board_from_dict(json.loads(data_text("printed_map.json")))
STILL_LOW: dict[str, dict[int, float]] = {"printed-midgame": {52: 7.6}}
"""Printed-map numbers still measured under MIN_NUMBER (px on a phone), each in a territory whose outline does not
hold its contents or beside one (tests/render/clans/test_render_outlines.py STILL_SPILLING; docs/RULES.md R2.7):
kept exactly, so a change either way shows."""


def _printed_midgame() -> PublicView:
    """The printed map (data/clans/printed_map.json) after 32 random moves."""
    state = engine.new_game(3, 3, PRINTED)
    play_random(state, 32, random.Random(3))
    return engine.public_view(state)


def _boards() -> dict[str, tuple[PublicView, Image.Image]]:
    views = {
        "start": engine.public_view(engine.new_game(4, 2)),
        "printed-start": engine.public_view(engine.new_game(4, 2, PRINTED)),
        "printed-midgame": _printed_midgame(),
        "crowded": engine.public_view(crowded()),
        "order": engine.public_view(order_phase()),
        "final": engine.public_view(final()),
    }
    images = {}
    for name, view in views.items():
        draw = render_final if view.over else render_board
        images[name] = (view, Image.open(io.BytesIO(draw(view, NAMES[: view.players]))).convert("RGB"))
    return images


BOARDS = _boards()


def _ink_extent(image: Image.Image, box: tuple[int, int, int, int], colours: Iterable[pal.RGB]) -> tuple[int, int]:
    """Height and width (full-size px) of the pixels of ``colours`` inside ``box``; (0, 0) if none."""
    wanted = set(colours)
    crop = image.crop(box)
    w = crop.width
    hits = [(i % w, i // w) for i, pixel in enumerate(crop.getdata()) if pixel in wanted]
    if not hits:
        return 0, 0
    xs, ys = [x for x, _ in hits], [y for _, y in hits]
    return max(ys) - min(ys) + 1, max(xs) - min(xs) + 1


def test_the_board_is_measured_at_phone_width() -> None:
    assert PHONE_WIDTH == 400 and phone_px(WIDTH) == 400
    assert crowded().phase is Phase.MOVE and order_phase().phase is Phase.ORDER and final().over
    view = engine.public_view(crowded())
    assert max(sum(1 for n in view.huts[t] if n) for t in range(1, view.board.size + 1)) == 5


@pytest.mark.parametrize("name", list(BOARDS))
def test_every_territory_number_is_12px_tall_on_a_phone(name: str) -> None:
    view, image = BOARDS[name]
    layout = layout_for(view.board)
    touched = {view.last_move.src, view.last_move.dst} if view.last_move else set()
    heights = []
    measured = []
    for tid in range(1, view.board.size + 1):
        if tid in touched:
            continue  # the last-move arrow is drawn over these
        x, y = layout.label(tid)
        ink = pal.EMPTY_NUMBER if not any(view.huts[tid]) else pal.INK
        height, width = _ink_extent(image, (x - 30, y - 16, x + 31, y + 16), [ink])
        assert width >= 10 or tid in STILL_LOW.get(name, {}), (name, tid)
        heights.append(phone_px(height))
        measured.append(tid)
    assert len(heights) >= view.board.size - 2
    low = {tid: round(h, 1) for tid, h in zip(measured, heights, strict=True) if h < MIN_NUMBER}
    assert low == STILL_LOW.get(name, {}), (name, low)


@pytest.mark.parametrize("name", ["crowded", "order", "printed-midgame"])  # at the start and end: no totals
def test_every_hut_total_is_13px_tall_on_a_phone(name: str) -> None:
    view, image = BOARDS[name]
    layout = layout_for(view.board)
    touched = {view.last_move.src, view.last_move.dst} if view.last_move else set()
    measured = 0
    villages = {v.territory for v in view.villages} | set(view.pending)
    for tid in range(1, view.board.size + 1):
        total = sum(view.huts[tid])
        if not shows_total(sum(1 for n in view.huts[tid] if n)) or tid in touched or tid in villages:
            continue
        x, y = layout.total_position(tid, view.huts[tid])
        half = total_width(total) // 2 - 5
        height, _ = _ink_extent(image, (x - half, y - 17, x + half + 1, y + 18), [pal.INK])
        assert phone_px(height) >= MIN_COUNT, (name, tid, total, phone_px(height))
        measured += 1
    assert measured >= 3


@pytest.mark.parametrize("name", list(BOARDS))
def test_every_clan_pip_is_9px_with_a_13px_count_on_a_phone(name: str) -> None:
    view, image = BOARDS[name]
    touched = {view.last_move.src, view.last_move.dst} if view.last_move else set()
    measured = 0
    for tid in range(1, view.board.size + 1):
        if not any(view.huts[tid]) or tid in touched:
            continue
        for clan, (x, y) in pip_centres(view, tid):
            half = PIP // 2 + 1
            box = (x - half, y - half, x + half + 1, y + half + 1)
            height, width = _ink_extent(image, box, [pal.CLAN[clan], pal.INK])  # the shape and its outline
            assert phone_px(height) >= MIN_PIP and phone_px(width) >= MIN_PIP, (name, tid, clan, height, width)
            count = str(view.huts[tid][clan])
            _, top, _, bottom = bold(pip_count_size(int(count))).getbbox(count, anchor="ls")
            assert phone_px(bottom - top) >= MIN_COUNT, (tid, count)
            if pal.CLAN_TEXT[clan] == pal.WHITE:  # the digits' own pixels, inside the shape's outline
                digits, _ = _ink_extent(image, (x - 14, y - 17, x + 15, y + 18), [pal.WHITE])
                assert phone_px(digits) >= MIN_COUNT, (name, tid, clan, count, phone_px(digits))
            measured += 1
    assert measured >= 8


def test_type_sizes_of_the_map_and_panel_meet_the_phone_minimums() -> None:
    """From the font itself: a digit or capital at each size, scaled to the phone."""

    def tall(text: str, size: int) -> float:
        _, top, _, bottom = bold(size).getbbox(text, anchor="ls")
        return phone_px(bottom - top)

    assert tall("60", NUMBER_SIZE) >= MIN_NUMBER
    assert tall("12", TOTAL_SIZE) >= MIN_NUMBER
    assert tall("Move 12", TITLE_SIZE) >= MIN_KEY
    assert tall("EM", KEY_SIZE) >= MIN_KEY


@pytest.mark.parametrize("name", ["start", "crowded", "order"])
def test_the_turn_line_and_scores_are_9px_on_a_phone(name: str) -> None:
    _, image = BOARDS[name]
    x, y = TURN_AT
    title, _ = _ink_extent(image, (x, y, x + 140, y + 44), [pal.INK])
    whose, _ = _ink_extent(image, (x + 36, y + 46, x + 200, y + 80), [pal.INK])
    assert phone_px(title) >= MIN_KEY and phone_px(whose) >= MIN_KEY, (title, whose)
    sx, sy = SCORES_AT
    cell = BLOCK_W // 5
    for clan in range(5):
        left = sx + clan * cell + 48
        score, _ = _ink_extent(image, (left, sy, left + 50, sy + SCORES_H), [pal.INK])
        assert phone_px(score) >= MIN_KEY, (name, clan, score)


def test_the_ending_is_never_cut_off() -> None:
    for reason in END_TEXT.values():
        line = f"{reason[0].upper()}{reason[1:]} after move 999"
        assert fit(line, KEY_SIZE, BLOCK_W) == line
