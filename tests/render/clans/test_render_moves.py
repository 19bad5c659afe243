"""Every move since the viewer's last turn has a numbered arrow, the caption numbers the move as the texts do,
and the move panel's preview marks the moved huts, the village the move would found and strife's losses."""

from __future__ import annotations

import io

from PIL import Image

import engine.clans as engine
from render.clans import palette as pal
from render.clans import render_board, render_preview
from render.clans.board_image import move_caption
from render.clans.gallery import after_three_moves, preview_case
from render.clans.layout import layout_for


def _rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _count(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> int:
    return sum(1 for pixel in image.crop(box).getdata() if pixel == colour)


def _disc(image: Image.Image, centre: tuple[int, int]) -> int:
    x, y = centre
    return _count(image, (x - 24, y - 24, x + 25, y + 25), pal.ARROW)


def test_each_recent_move_gets_a_numbered_arrow_and_its_villages_are_highlighted() -> None:
    view, recent = after_three_moves()
    layout = layout_for(view.board)
    assert len(recent) == 3 and [n for n, _ in recent] == [view.turn - 2, view.turn - 1, view.turn]
    marked = _rgb(render_board(view, recent=recent))
    last_only = _rgb(render_board(view))
    for _, move in recent:
        assert _disc(marked, layout.center(move.src)) >= 80, move
    earlier = [m for _, m in recent[:-1]]
    assert all(_disc(last_only, layout.center(m.src)) < 20 for m in earlier)
    founded = [v for v in view.villages if v.turn in {n for n, _ in recent}]
    assert founded
    for village in founded:
        assert _count(marked, layout.hex_box(village.territory), pal.HIGHLIGHT) >= 200, village.territory


def test_the_caption_numbers_the_move_shown_as_the_texts_do() -> None:
    view, _ = after_three_moves()
    move = view.last_move
    assert move is not None
    assert move_caption(view) == f"Move {view.turn}: {move.src} → {move.dst}"
    assert move_caption(engine.public_view(engine.new_game(3, 1))) == "Move 1"


def test_the_preview_marks_the_moved_huts_and_the_village_they_would_found() -> None:
    after, outcome = preview_case()
    layout = layout_for(after.board)
    move = outcome.move
    assert isinstance(move, engine.Move) and outcome.villages
    preview = _rgb(render_preview(after, outcome, ["Ann", "Bo", "Cy", "Di"]))
    assert _disc(preview, layout.center(move.src)) >= 80
    for village in outcome.villages:
        assert _count(preview, layout.hex_box(village.territory), pal.HIGHLIGHT) >= 150, village.territory
    # strife's losses: "−n" drawn in the new village, the huts before minus after
    lost = [sum(v.huts_before) - sum(v.huts) for v in outcome.villages if v.huts_before != v.huts]
    assert lost and lost[0] >= 1
    plain = _rgb(render_board(after, ["Ann", "Bo", "Cy", "Di"]))
    assert preview != plain


def test_a_preview_without_a_village_rings_the_destination() -> None:
    state = engine.new_game(3, 4)
    move = engine.legal_moves(state)[0]
    outcome = engine.play(state, move)
    after = engine.public_view(state)
    layout = layout_for(after.board)
    assert not outcome.villages
    preview = _rgb(render_preview(after, outcome))
    plain = _rgb(render_board(after))
    box = layout.hex_box(move.dst)
    assert _count(preview, box, pal.ARROW) >= _count(plain, box, pal.ARROW) + 200
