"""The private board (``/clans board``) marks the viewer's own clan and where they can move from; the public
board never marks a clan."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import engine.clans as engine
from engine.clans import Clan, Move
from render.clans import palette as pal
from render.clans import render_board
from render.clans.board_image import pip_centres
from render.clans.gallery import crowded
from render.clans.layout import PIP, SCORES_AT, SCORES_H, TURN_AT, WIDTH, layout_for
from service.clans.private_board import private_board

NAMES = ["Ann", "Bo", "Cy", "Di"]
STATE = crowded()
VIEW = engine.public_view(STATE)
PUBLIC = render_board(VIEW, NAMES)


def _rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _changed(a: Image.Image, b: Image.Image) -> set[tuple[int, int]]:
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
    box = diff.getbbox()
    if box is None:
        return set()
    crop = diff.crop(box)
    w = crop.width
    return {(box[0] + i % w, box[1] + i // w) for i, v in enumerate(crop.getdata()) if v}


def _inside(p: tuple[int, int], box: tuple[int, int, int, int]) -> bool:
    return box[0] <= p[0] < box[2] and box[1] <= p[1] < box[3]


def _pip_boxes(clan: Clan) -> list[tuple[int, int, int, int]]:
    half = PIP // 2 + 11  # a triangle is drawn a little larger than PIP, and the ring adds 5 px
    return [
        (x - half, y - half, x + half + 1, y + half + 1)
        for tid in range(1, VIEW.board.size + 1)
        for c, (x, y) in pip_centres(VIEW, tid)
        if c is clan
    ]


def test_defaults_give_the_public_image() -> None:
    assert render_board(VIEW, NAMES, viewer_clan=None, movable=frozenset()) == PUBLIC


def test_the_public_image_never_shows_the_viewer_marks() -> None:
    colours = {colour for _, colour in _rgb(PUBLIC).getcolors(1 << 16) or []}
    assert pal.OWN not in colours and pal.MOVABLE not in colours


@pytest.mark.parametrize("clan", list(Clan))
def test_the_private_board_marks_only_the_viewers_clan(clan: Clan) -> None:
    private = _rgb(render_board(VIEW, NAMES, viewer_clan=clan))
    own_boxes = _pip_boxes(clan)
    assert own_boxes
    score_row = (SCORES_AT[0], SCORES_AT[1], WIDTH, SCORES_AT[1] + SCORES_H)
    changed = _changed(_rgb(PUBLIC), private)
    assert changed
    stray = [p for p in changed if not any(_inside(p, b) for b in [*own_boxes, score_row])]
    assert stray == []
    for box in own_boxes:  # every pip of the viewer's clan is ringed
        ring = sum(1 for pixel in private.crop(box).getdata() if pixel == pal.OWN)
        assert ring >= 40, box
    for other in Clan:
        if other is not clan:
            for box in _pip_boxes(other):
                assert not any(_inside(p, box) for p in changed if not any(_inside(p, b) for b in own_boxes))


def test_the_private_board_outlines_the_territories_the_viewer_can_move_from() -> None:
    seat = STATE.to_move
    mine = private_board(STATE, seat)
    assert mine.clan is STATE.clans[seat]
    sources = {m.src for m in engine.legal_moves(STATE) if isinstance(m, Move)}
    assert mine.movable == frozenset(sources) and len(sources) >= 5
    private = _rgb(render_board(VIEW, NAMES, viewer_clan=mine.clan, movable=mine.movable))
    layout = layout_for(VIEW.board)
    for tid in range(1, VIEW.board.size + 1):
        left, top, right, bottom = layout.hex_box(tid)
        outline = sum(
            1 for pixel in private.crop((left - 4, top - 4, right + 4, bottom + 4)).getdata() if pixel == pal.MOVABLE
        )
        if tid in mine.movable:
            assert outline >= 200, tid
    # the outline of a territory that cannot move appears only where a movable neighbour's edge is shared
    changed = _changed(_rgb(PUBLIC), private)
    near = [layout.hex_box(t) for t in mine.movable] + _pip_boxes(mine.clan)
    score_row = (SCORES_AT[0], SCORES_AT[1], WIDTH, SCORES_AT[1] + SCORES_H)
    assert all(any(_inside(p, (b[0] - 6, b[1] - 6, b[2] + 6, b[3] + 6)) for b in [*near, score_row]) for p in changed)
    assert not any(p[1] >= TURN_AT[1] and p[1] < SCORES_AT[1] for p in changed)


def test_only_the_player_to_move_gets_outlines_and_a_spectator_gets_nothing() -> None:
    others = [s for s in range(STATE.players) if s != STATE.to_move]
    for seat in others:
        mine = private_board(STATE, seat)
        assert mine.clan is STATE.clans[seat] and mine.movable == frozenset()
    nobody = private_board(STATE, None)
    assert nobody.clan is None and nobody.movable == frozenset()
    assert render_board(VIEW, NAMES, viewer_clan=nobody.clan, movable=nobody.movable) == PUBLIC
