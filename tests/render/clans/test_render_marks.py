"""Marks that cannot be confused, none over another's number: the move tag (a pink rectangle), the hut total (a
white disc), the village (a house) and the territory number (bare digits) each have a shape of their own; no item,
move tag or arrow covers a territory number, an item or another move's tag, on the gallery's boards and on 200
random positions (the last move, or the last three as after AI turns); every territory number's pixels are intact
on the rendered image. The old board drew the move number in a white disc over its arrow's start, and its arrow
over the source's number on a move straight up."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator

import pytest
from PIL import Image

import engine.clans as engine
from engine.clans import Move, Phase, PublicView
from engine.clans.board import Board, board_from_dict, data_text
from render.clans import palette as pal
from render.clans import render_board
from render.clans.board_image import Marks, marks_of, move_plan, numbers_and_items, territory_sprites
from render.clans.footprint import overfull
from render.clans.gallery import after_three_moves, crowded, final, midgame, multivillage, order_phase
from render.clans.hut_markers import marker_rgba, total_rgba, village_badge_rgba
from render.clans.layout import label_box, layout_for
from render.clans.move_marks import move_tag_rgba
from render.clans.placing import Placed, arrow_placed, overlaps
from render.clans.static import static_layer

Recent = list[tuple[int, Move]] | None


PRINTED = board_from_dict(json.loads(data_text("printed_map.json")))


def random_positions(count: int = 200, board: Board | None = None) -> Iterator[tuple[PublicView, Recent]]:
    """Seeded random games (on today's map unless told) stopped after 1 to 90 actions; every other one marks its
    last three hut moves."""
    rng = random.Random(35)
    for n in range(count):
        state = engine.new_game(rng.randint(2, 4), rng.randrange(10**6), board)
        recent: list[tuple[int, Move]] = []
        for _ in range(rng.randint(1, 90)):
            if state.over:
                break
            move = rng.choice(engine.legal_moves(state))
            engine.play(state, move)
            if not move.is_village_choice:
                recent = [*recent[-2:], (state.turn, move)]
        yield engine.public_view(state), (recent if n % 2 else None)


def gallery_positions() -> list[tuple[PublicView, Recent]]:
    three_view, three_moves = after_three_moves()
    return [
        (engine.public_view(midgame()), None),
        (engine.public_view(crowded()), None),
        (engine.public_view(multivillage()), None),
        (engine.public_view(order_phase()), None),
        (engine.public_view(final()), None),
        (three_view, list(three_moves)),
    ]


def spared(board: Board) -> frozenset[int]:
    """The territories whose outline does not hold their contents (none on today's map; the printed map's are
    listed in test_render_outlines.STILL_SPILLING) and their neighbours: their items may reach a neighbour's number
    or items, which these checks then leave out."""
    tight = overfull(layout_for(board))
    return frozenset(tight | {n for t in tight for n in board.neighbours[t]})


def collisions(view: PublicView, recent: Recent) -> list[str]:
    """Every mark that covers another's number: an item over a territory number, a tag over a number, an item or
    another tag, an arrow over any of these but its own tag. The items, move tag and arrow of a territory whose
    outline does not hold its contents, and marks over its number, are left out (``spared``)."""
    tight = overfull(layout_for(view.board))
    marks: Marks = marks_of(view, recent)
    fixed = numbers_and_items(view, marks)
    plan = move_plan(view, marks)
    tags = [Placed("tag", m.move.src, m.tag) for m in plan]
    arrows = [(m, arrow_placed(m.move.src, m.route)) for m in plan if m.route is not None]
    found = []
    numbers = {p.territory: p for p in fixed if p.kind == "number"}
    for tid, (sprite, (x, y)) in territory_sprites(view, None, marks).items():
        # a territory's items as pasted, pixel by pixel (their boxes' corners are clear), against its number's
        for n in numbers.values():
            left, top, right, bottom = n.box
            inside = sprite.mask.crop((left - x, top - y, right - x, bottom - y))
            if tid in tight or n.territory in tight:
                continue
            if overlaps((x, y, x + sprite.size[0], y + sprite.size[1]), n.box) and inside.getbbox() is not None:
                found.append(f"items of {tid} on number {n.territory}")
    for i, tag in enumerate(tags):
        if tag.territory in tight:
            continue
        for other in [*fixed, *tags[:i], *tags[i + 1 :]]:
            if other.territory in tight and other.kind != "tag":
                continue
            if overlaps(tag.box, other.box):
                found.append(f"tag of move from {tag.territory} on {other.kind} of {other.territory}")
    for mark, arrow in arrows:
        if mark.move.src in tight:
            continue
        for other in [*fixed, *(t for t in tags if t.box != mark.tag)]:
            if other.territory in tight and other.kind != "tag":
                continue
            if arrow.covers(other.box):
                found.append(f"arrow {mark.move.text} on {other.kind} of {other.territory}")
    return found


@pytest.mark.parametrize("index", range(6))
def test_no_mark_covers_a_number_on_the_gallerys_boards(index: int) -> None:
    view, recent = gallery_positions()[index]
    assert collisions(view, recent) == []


@pytest.mark.parametrize(("board", "count"), [(None, 200), (PRINTED, 120)], ids=["map", "printed_map"])
def test_no_mark_covers_a_number_on_random_positions(board: Board | None, count: int) -> None:
    checked = arrows = 0
    for view, recent in random_positions(count, board):
        assert collisions(view, recent) == [], (view.ply, recent)
        plan = move_plan(view, marks_of(view, recent))
        checked += len(plan)
        arrows += sum(m.route is not None for m in plan)
    assert checked > count and arrows == checked, (checked, arrows)


def test_every_territory_numbers_pixels_are_intact() -> None:
    """The digits of every territory number come out of the static map untouched: nothing is drawn over them.
    (The old board's arrow ran over 7 in the gallery's midgame and over 44 in its three AI moves.)"""
    positions = gallery_positions() + [p for k, p in enumerate(random_positions(60)) if k % 3 == 0]
    positions += [p for k, p in enumerate(random_positions(45, PRINTED)) if k % 3 == 0]
    for view, recent in positions:
        image = Image.open(io.BytesIO(render_board(view, recent=recent))).convert("RGB")
        layer = static_layer(view.board)
        static = layer.base.copy()
        for tid in range(1, view.board.size + 1):
            if not any(view.huts[tid]):
                tile = layer.empty_tiles[tid]
                static.paste(tile.tile, tile.box[:2], tile.mask)
        static = static.convert("RGB")
        layout = layout_for(view.board)
        left_out = spared(view.board)
        for tid in range(1, view.board.size + 1):
            if tid in left_out:
                continue
            box = label_box(layout.label(tid), tid)
            ink = pal.EMPTY_NUMBER if not any(view.huts[tid]) else pal.INK
            want, got = static.crop(box), image.crop(box)
            width = want.width  # pixel by pixel in rows, as getdata gives them (getpixel's calls cost 10 times more)
            for i, (expected, drawn) in enumerate(zip(want.getdata(), got.getdata(), strict=True)):
                if expected == ink:
                    assert drawn == ink, (view.ply, tid, (i % width, i // width))


def test_every_territorys_items_are_intact() -> None:
    """Clan pips, hut totals, village badges and strife's counts come out whole, pixel for pixel as their sprites
    hold them: no lake, river, ring, arrow or tag is drawn over them (the rivers and lakes are part of the map
    under them, the rings go down before them, the arrows and tags keep off them)."""
    positions = gallery_positions() + [p for k, p in enumerate(random_positions(60)) if k % 3 == 0]
    positions += [p for k, p in enumerate(random_positions(45, PRINTED)) if k % 3 == 0]
    groups = 0
    for view, recent in positions:
        image = Image.open(io.BytesIO(render_board(view, recent=recent))).convert("RGB")
        left_out = spared(view.board)
        for tid, (sprite, (x, y)) in territory_sprites(view, None, marks_of(view, recent)).items():
            if tid in left_out:
                continue
            got = image.crop((x, y, x + sprite.size[0], y + sprite.size[1]))
            whole = got.copy()  # what the crop would be with the items pasted whole over it
            whole.paste(sprite.image.convert("RGB"), (0, 0), sprite.mask.point(lambda a: 255 if a == 255 else 0))
            assert got.tobytes() == whole.tobytes(), (view.ply, tid)
            groups += 1
    assert groups >= 400, groups


def _silhouette(image: Image.Image) -> Image.Image:
    """The shape's opaque pixels, scaled to 40 x 40."""
    alpha = image.convert("RGBA").getchannel("A").point(lambda a: 255 if a >= 128 else 0)
    return alpha.resize((40, 40), Image.Resampling.NEAREST)


def _alike(a: Image.Image, b: Image.Image) -> float:
    """Intersection over union of two silhouettes of the same size."""
    pa, pb = list(a.getdata()), list(b.getdata())
    both = sum(1 for x, y in zip(pa, pb, strict=True) if x and y)
    either = sum(1 for x, y in zip(pa, pb, strict=True) if x or y)
    return both / either


def test_the_move_tag_the_total_and_the_village_have_shapes_and_colours_of_their_own() -> None:
    tag, total, village = move_tag_rgba(12), total_rgba(12), village_badge_rgba(12, False)
    assert tag.width >= 1.4 * tag.height, "a rectangle, wider than tall"
    assert 0.9 <= total.width / total.height <= 1.2 and 0.9 <= village.width / village.height <= 1.2
    shapes = {"tag": _silhouette(tag), "total": _silhouette(total), "village": _silhouette(village)}
    shapes.update({f"pip {c.label}": _silhouette(marker_rgba(c, 12)) for c in engine.Clan})
    pairs = [("tag", "total"), ("tag", "village"), ("total", "village")]
    pairs += [(mark, f"pip {c.label}") for mark in ("tag", "village") for c in engine.Clan]
    for a, b in pairs:
        assert _alike(shapes[a], shapes[b]) < 0.85, (a, b, round(_alike(shapes[a], shapes[b]), 2))
    # The total is a disc like the red pip, but white: no clan is (CLAN_TEXT aside).
    assert pal.WHITE not in pal.CLAN.values()
    # The fills: the tag in the arrow's pink, the total white, the village's walls and roof.
    assert tag.convert("RGB").getpixel((8, tag.height // 2)) == pal.ARROW
    assert total.convert("RGB").getpixel((6, total.height // 2)) == pal.WHITE
    colours = {c for _, c in village.convert("RGB").getcolors(1 << 16) or []}
    assert pal.VILLAGE_ROOF in colours and pal.VILLAGE in colours


def test_a_move_straight_up_goes_past_its_sources_number() -> None:
    """Found among random games: a move to the territory right above; its arrow runs beside the number."""
    for view, _ in random_positions(400):
        move = view.last_move
        if move is None or move.is_village_choice or view.phase is not Phase.MOVE:
            continue
        layout = layout_for(view.board)
        (sx, sy), (dx, dy) = layout.center(move.src), layout.center(move.dst)
        if sx == dx and dy < sy:
            (mark,) = move_plan(view, marks_of(view, None))
            assert mark.route is not None
            arrow = arrow_placed(move.src, mark.route)
            assert not arrow.covers(label_box(layout.label(move.src), move.src))
            assert mark.route.tip[1] < sy - layout.scale * 0.8, "it reaches the shared edge"
            return
    pytest.fail("no move straight up found")
