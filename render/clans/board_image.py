"""Compose a board image from a PublicView: copy the static layer, paste the sprites, paste the panel."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from engine.clans.clan import Clan
from engine.clans.moves import Move
from engine.clans.state import Phase, Village
from engine.clans.view import PublicView
from render.clans import hut_markers as sprites
from render.clans import move_marks
from render.clans.indexed import Sprite
from render.clans.layout import (
    CHART_AT,
    EPOCH_AT,
    PLAYERS_AT,
    SCORES_AT,
    TURN_AT,
    Box,
    compact,
    item_slots,
    label_box,
    layout_for,
    shows_total,
)
from render.clans.panel import (
    END_TEXT,
    epoch_block,
    epoch_chart,
    players_block,
    results_block,
    scores_block,
    seat_names,
    turn_block,
)
from render.clans.placing import MoveMark, Placed, place_moves
from render.clans.static import static_layer
from texts import DEFAULT, Texts, texts

EN = texts(DEFAULT)

COMPRESS_LEVEL = 1
"""zlib level of the PNG: measured fastest for a few KB more than the default (see bench/render.py)."""


RecentMoves = Sequence[tuple[int, Move]]
"""Hut moves to mark with numbered arrows, each with its move number (1-based count of hut moves)."""


def render_board(
    view: PublicView,
    names: Sequence[str] | None = None,
    *,
    viewer_clan: Clan | None = None,
    movable: frozenset[int] = frozenset(),
    t: Texts = EN,
    recent: RecentMoves | None = None,
) -> bytes:
    """The board as players see it after a move, as PNG bytes. Same arguments, same bytes.

    ``recent``: the hut moves since the viewer's last turn, each with its move number; each gets a numbered
    arrow and the villages they founded are highlighted. Left out, the view's last move alone, numbered
    ``view.turn`` (the number the texts give it). ``viewer_clan`` and ``movable`` make the private variant
    for one player's eyes only (``/clans board``): that clan's pips and score are ringed, and the territories
    in ``movable`` outlined. Left out, the image is the public one, which never marks a clan.
    """
    return encode(board_picture(view, names, viewer_clan=viewer_clan, movable=movable, t=t, recent=recent))


def board_picture(
    view: PublicView,
    names: Sequence[str] | None = None,
    *,
    viewer_clan: Clan | None = None,
    movable: frozenset[int] = frozenset(),
    t: Texts = EN,
    recent: RecentMoves | None = None,
) -> Image.Image:
    """``render_board``'s image before it is encoded (the replay takes its frames from here, unencoded)."""
    marks = marks_of(view, recent)
    image = draw_map(view, viewer_clan, movable, t, marks)
    seats = seat_names(view.players, names, t)
    if view.over:
        image.paste(turn_block(t._("Game over"), "", _ending(view, t)), TURN_AT)
    elif view.phase is Phase.ORDER:
        image.paste(turn_block(move_caption(view, t), seats[view.to_move], t._("picks the village order")), TURN_AT)
    else:
        image.paste(turn_block(move_caption(view, t), seats[view.to_move], t._("to move")), TURN_AT)
    paste_panel(image, view, viewer_clan, t)
    to_move = None if view.over else view.to_move
    image.paste(players_block(seats, view.chips, to_move, view.resigned, t), PLAYERS_AT)
    return image


def move_caption(view: PublicView, t: Texts = EN) -> str:
    """The title over the seats: the move the image shows, numbered as the texts number it (the hut move's
    1-based count, ``view.turn`` once it is played): "Move 10: 23 → 24" in the post announcing move 10.
    Before the first move: "Move 1", the move to come."""
    move = view.last_move
    if move is None or view.turn == 0:
        return t._("Move {number}", number=view.turn + 1)
    return t._("Move {turn}: {action}", turn=view.turn, action=f"{move.src} → {move.dst}")


@dataclass(frozen=True)
class Marks:
    """What the map marks beyond the position: numbered move arrows, villages to highlight, the huts strife
    took from them (shown struck through), and in a preview the territory the huts moved onto."""

    moves: tuple[tuple[int, Move], ...] = ()
    new: frozenset[int] = frozenset()
    lost: tuple[tuple[int, tuple[int, ...]], ...] = ()
    moved_to: frozenset[int] = frozenset()


def marks_of(view: PublicView, recent: RecentMoves | None) -> Marks:
    if recent is None:
        move = view.last_move
        recent = [(view.turn, move)] if move is not None and view.turn else []
    moves = tuple(sorted((n, m) for n, m in recent if not m.is_village_choice))
    numbers = {n for n, _ in moves}
    founded = [v for v in view.villages if v.turn in numbers]
    return Marks(moves, frozenset(v.territory for v in founded), losses(founded))


def losses(villages: Sequence[Village]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    return tuple(
        (v.territory, tuple(b - a for b, a in zip(v.huts_before, v.huts, strict=True)))
        for v in villages
        if v.huts_before != v.huts and not v.destroyed
    )


def render_final(view: PublicView, names: Sequence[str], t: Texts = EN) -> bytes:
    """The end of the game: the final board with every clan revealed, the totals and the winner(s)."""
    return encode(final_picture(view, names, t))


def final_picture(view: PublicView, names: Sequence[str], t: Texts = EN) -> Image.Image:
    """``render_final``'s image before it is encoded."""
    if view.result is None:
        raise ValueError("The game is not over: there is no final result to show")
    result = view.result
    image = draw_map(view, None, frozenset(), t, marks_of(view, None))
    seats = seat_names(view.players, names, t)
    if result.winners:
        winners = " & ".join(seats[w] for w in result.winners)
        title = t.n_("{players} wins!", "{players} win!", len(result.winners), players=winners)
    else:
        title = t._("Nobody wins!")
    image.paste(turn_block(title, "", _ending(view, t)), TURN_AT)
    paste_panel(image, view, None, t)
    image.paste(results_block(seats, result, t), PLAYERS_AT)
    return image


def paste_panel(image: Image.Image, view: PublicView, own: Clan | None, t: Texts) -> None:
    image.paste(epoch_block(view.chart, view.chips_left, t), EPOCH_AT)
    image.paste(scores_block(view.scores, own, t), SCORES_AT)
    image.paste(epoch_chart(view.chart, view.chips_left, t), CHART_AT)


def _ending(view: PublicView, t: Texts) -> str:
    reason = t._(END_TEXT[view.result.reason]) if view.result else t._("game over")
    ending = t._("{reason} after move {number}", reason=reason, number=view.turn)
    return f"{ending[0].upper()}{ending[1:]}"


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def draw_board_image(view: PublicView) -> Image.Image:
    """The map and panel frames for ``view`` without the panel blocks (for benchmarks and tests)."""
    return draw_map(view, None, frozenset(), EN, marks_of(view, None))


def draw_map(view: PublicView, own: Clan | None, movable: frozenset[int], t: Texts, marks: Marks) -> Image.Image:
    layer = static_layer(view.board, t)
    layout = layout_for(view.board)
    image = layer.base.copy()
    huts = view.huts
    size = view.board.size
    for tid in range(1, size + 1):
        if not any(huts[tid]):
            tile = layer.empty_tiles[tid]
            image.paste(tile.tile, tile.box[:2], tile.mask)

    villages = {v.territory: v for v in view.villages}
    pending = set(view.pending) if view.phase is Phase.ORDER else set()
    for tid in villages:
        ring = move_marks.ring(layout.scale, "new" if tid in marks.new else "village", layout.outline(tid))
        _paste_centered(image, ring, layout.center(tid))
    for tid in pending:
        _paste_centered(image, move_marks.ring(layout.scale, "pending", layout.outline(tid)), layout.center(tid))
    for tid in sorted(marks.moved_to):
        _paste_centered(image, move_marks.ring(layout.scale, "moved", layout.outline(tid)), layout.center(tid))
    for tid in sorted(movable):
        _paste_centered(image, move_marks.ring(layout.scale, "movable", layout.outline(tid)), layout.center(tid))

    for sprite, at in territory_sprites(view, own, marks).values():
        image.paste(sprite.image, at, sprite.mask)
    plan = move_plan(view, marks, own)
    for mark in plan:
        if mark.route is not None:
            (x0, y0), (x1, y1) = mark.route.start, mark.route.tip
            arrow, (ax, ay) = move_marks.arrow(x1 - x0, y1 - y0, mark.route.head)
            image.paste(arrow.image, (x0 - ax, y0 - ay), arrow.mask)
    for mark in plan:
        tag = move_marks.move_tag(mark.number)
        image.paste(tag.image, mark.tag[:2], tag.mask)
    return image


def territory_sprites(view: PublicView, own: Clan | None, marks: Marks) -> dict[int, tuple[Sprite, tuple[int, int]]]:
    """Each territory's items as one sprite and where its corner goes: the clan pips with the hut total, the
    village badge or the "?" among them, strife's count after them; a village left empty, its badge alone."""
    layout = layout_for(view.board)
    villages = {v.territory: v for v in view.villages}
    pending = set(view.pending) if view.phase is Phase.ORDER else set()
    lost = dict(marks.lost)
    drawn: dict[int, tuple[Sprite, tuple[int, int]]] = {}
    for tid in range(1, view.board.size + 1):
        row = view.huts[tid]
        cx, cy = layout.center(tid)
        if any(row):
            extra = _extra(row, villages.get(tid), tid in pending)
            mine = own if own is not None and row[own] else None
            group, (dx, dy) = hut_group(layout.unit, row, mine, extra, lost.get(tid, ()))
            drawn[tid] = (group, (cx + dx, cy + dy))
        elif tid in villages:
            badge = sprites.village_badge(villages[tid].value, villages[tid].destroyed, large=True)
            x, y = layout.badge_position(tid, False)
            drawn[tid] = (badge, (x - badge.size[0] // 2, y - badge.size[1] // 2))
    return drawn


def numbers_and_items(view: PublicView, marks: Marks | None = None, own: Clan | None = None) -> list[Placed]:
    """The box of every territory number (its digits) and of every item drawn in a territory: what no move
    mark may cover."""
    marks = marks or marks_of(view, None)
    layout = layout_for(view.board)
    placed = [Placed("number", tid, label_box(layout.label(tid), tid)) for tid in range(1, view.board.size + 1)]
    villages = {v.territory: v for v in view.villages}
    pending = set(view.pending) if view.phase is Phase.ORDER else set()
    lost = dict(marks.lost)
    for tid in range(1, view.board.size + 1):
        row = view.huts[tid]
        cx, cy = layout.center(tid)
        if any(row):
            extra = _extra(row, villages.get(tid), tid in pending)
            mine = own if own is not None and row[own] else None
            for kind, box in item_boxes(layout.unit, row, mine, extra, lost.get(tid, ())):
                placed.append(Placed(kind, tid, (box[0] + cx, box[1] + cy, box[2] + cx, box[3] + cy)))
        elif tid in villages:
            w, h = sprites.village_badge(villages[tid].value, villages[tid].destroyed, large=True).size
            x, y = layout.badge_position(tid, False)
            placed.append(Placed("village", tid, (x - w // 2, y - h // 2, x - w // 2 + w, y - h // 2 + h)))
    return placed


def move_plan(view: PublicView, marks: Marks, own: Clan | None = None) -> list[MoveMark]:
    """Where each marked move's tag and arrow go (clear of every number and item)."""
    if not marks.moves:
        return []
    return place_moves(layout_for(view.board), marks.moves, numbers_and_items(view, marks, own))


def pip_centres(view: PublicView, tid: int, marks: Marks | None = None) -> list[tuple[Clan, tuple[int, int]]]:
    """The centre of each clan pip of ``tid`` as the board draws it (for tests and the panel's hit boxes)."""
    row = view.huts[tid]
    village = next((v for v in view.villages if v.territory == tid), None)
    pending = view.phase is Phase.ORDER and tid in view.pending
    lost = dict((marks or marks_of(view, None)).lost).get(tid, ())
    present = [Clan(c) for c, n in enumerate(row) if n]
    extra = bool(_extra(row, village, pending)[0])
    slots = item_slots(layout_for(view.board).unit, len(present) + int(extra) + (1 if sum(lost) else 0))
    if extra:
        slots = [slots[0], *slots[2:]]
    cx, cy = layout_for(view.board).center(tid)
    return [(clan, (cx + dx, cy + dy)) for clan, (dx, dy) in zip(present, slots, strict=False)]


Extra = tuple[str, int, bool]
"""The item drawn among a territory's pips: ("total", huts, _), ("village", value, destroyed), ("pending", 0, _)
or ("", 0, False) for none."""


def _extra(row: tuple[int, ...], village: Village | None, pending: bool) -> Extra:
    if village is not None:
        return ("village", village.value, village.destroyed)
    if pending and sum(1 for n in row if n) < 5:  # with five clans the dashed ring alone says "pending"
        return ("pending", 0, False)
    if shows_total(sum(1 for n in row if n)):
        return ("total", sum(row), False)
    return ("", 0, False)


def _extra_sprite(extra: Extra, small: bool) -> Sprite:
    kind, number, destroyed = extra
    if kind == "village":
        return sprites.village_badge(number, destroyed, small=small)
    if kind == "pending":
        return sprites.pending_badge(small)
    return sprites.total_pill(number, small)


@lru_cache(maxsize=4096)
def _items(
    scale: int, huts: tuple[int, ...], own: Clan | None, extra: Extra = ("", 0, False), lost: tuple[int, ...] = ()
) -> tuple[tuple[str, Sprite, tuple[int, int]], ...]:
    """The items of a territory holding ``huts``: each with its kind, its sprite and its centre's offset from
    the territory centre. The clan pips in clan order, the total or village badge as the second item, the number
    of huts strife took ("−3", struck through) after them."""
    present = [Clan(c) for c, n in enumerate(huts) if n]
    k = len(present) + (1 if extra[0] else 0) + (1 if sum(lost) else 0)
    small = compact(k)
    items = [("pip", sprites.marker(clan, huts[clan], clan is own, small)) for clan in present]
    if extra[0]:
        items.insert(1, (extra[0], _extra_sprite(extra, small)))
    if sum(lost):
        items.append(("strife", sprites.strife_pill(sum(lost), small)))
    return tuple((kind, sprite, slot) for (kind, sprite), slot in zip(items, item_slots(scale, k), strict=True))


def item_boxes(
    scale: int, huts: tuple[int, ...], own: Clan | None, extra: Extra, lost: tuple[int, ...]
) -> list[tuple[str, Box]]:
    """Each item's box, relative to the territory centre, as ``hut_group`` pastes it."""
    boxes = []
    for kind, sprite, (x, y) in _items(scale, huts, own, extra, lost):
        w, h = sprite.size
        boxes.append((kind, (x - w // 2, y - h // 2, x - w // 2 + w, y - h // 2 + h)))
    return boxes


@lru_cache(maxsize=4096)
def hut_group(
    scale: int, huts: tuple[int, ...], own: Clan | None, extra: Extra = ("", 0, False), lost: tuple[int, ...] = ()
) -> tuple[Sprite, tuple[int, int]]:
    """The items of a territory as one sprite, and where its top-left corner lies from the territory centre:
    one paste per territory instead of up to six."""
    parts = [(sprite, slot) for _, sprite, slot in _items(scale, huts, own, extra, lost)]
    left = min(x - s.size[0] // 2 for s, (x, _) in parts)
    top = min(y - s.size[1] // 2 for s, (_, y) in parts)
    right = max(x - s.size[0] // 2 + s.size[0] for s, (x, _) in parts)
    bottom = max(y - s.size[1] // 2 + s.size[1] for s, (_, y) in parts)
    canvas = parts[0][0].image.resize((right - left, bottom - top))
    mask = Image.new("L", canvas.size, 0)
    for sprite, (x, y) in parts:
        at = (x - sprite.size[0] // 2 - left, y - sprite.size[1] // 2 - top)
        canvas.paste(sprite.image, at, sprite.mask)
        mask.paste(sprite.mask, at, sprite.mask)
    return Sprite(canvas, mask), (left, top)


def _paste_centered(image: Image.Image, sprite: Sprite, pos: tuple[int, int]) -> None:
    w, h = sprite.size
    image.paste(sprite.image, (pos[0] - w // 2, pos[1] - h // 2), sprite.mask)
