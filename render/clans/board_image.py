"""Compose a board image from a PublicView: copy the static layer, paste the sprites, paste the panel."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from engine.clans.clan import Clan
from engine.clans.state import Phase
from engine.clans.view import PublicView
from render.clans import hut_markers as sprites
from render.clans.layout import (
    CHART_AT,
    EPOCH_AT,
    PLAYERS_AT,
    ROW_B,
    SCORES_AT,
    TURN_AT,
    Layout,
    layout_for,
    marker_slots,
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
from render.clans.static import static_layer
from render.indexed import Sprite
from texts import DEFAULT, Texts, texts

EN = texts(DEFAULT)

COMPRESS_LEVEL = 1
"""zlib level of the PNG: measured fastest for a few KB more than the default (see bench/render.py)."""


def render_board(
    view: PublicView,
    names: Sequence[str] | None = None,
    *,
    viewer_clan: Clan | None = None,
    movable: frozenset[int] = frozenset(),
    t: Texts = EN,
) -> bytes:
    """The board as players see it after a move, as PNG bytes. Same arguments, same bytes.

    ``viewer_clan`` and ``movable`` make the private variant for one player's eyes only (``/clans
    board``): that clan's pips and score are ringed, and the territories in ``movable`` outlined.
    Left out, the image is the public one, which never marks a clan.
    """
    return encode(board_picture(view, names, viewer_clan=viewer_clan, movable=movable, t=t))


def board_picture(
    view: PublicView,
    names: Sequence[str] | None = None,
    *,
    viewer_clan: Clan | None = None,
    movable: frozenset[int] = frozenset(),
    t: Texts = EN,
) -> Image.Image:
    """``render_board``'s image before it is encoded (the replay takes its frames from here, unencoded)."""
    image = _draw_map(view, viewer_clan, movable, t)
    seats = seat_names(view.players, names, t)
    if view.over:
        image.paste(turn_block(t._("Game over"), "", _ending(view, t)), TURN_AT)
    elif view.phase is Phase.ORDER:
        title = t._("Move {number}", number=view.turn)
        image.paste(turn_block(title, seats[view.to_move], t._("picks the village order")), TURN_AT)
    else:
        title = t._("Move {number}", number=view.turn + 1)
        image.paste(turn_block(title, seats[view.to_move], t._("to move")), TURN_AT)
    _paste_panel(image, view, viewer_clan, t)
    to_move = None if view.over else view.to_move
    image.paste(players_block(seats, view.chips, to_move, view.resigned, t), PLAYERS_AT)
    return image


def render_final(view: PublicView, names: Sequence[str], t: Texts = EN) -> bytes:
    """The end of the game: the final board with every clan revealed, the totals and the winner(s)."""
    return encode(final_picture(view, names, t))


def final_picture(view: PublicView, names: Sequence[str], t: Texts = EN) -> Image.Image:
    """``render_final``'s image before it is encoded."""
    if view.result is None:
        raise ValueError("The game is not over: there is no final result to show")
    result = view.result
    image = _draw_map(view, None, frozenset(), t)
    seats = seat_names(view.players, names, t)
    if result.winners:
        winners = " & ".join(seats[w] for w in result.winners)
        title = t.n_("{players} wins!", "{players} win!", len(result.winners), players=winners)
    else:
        title = t._("Nobody wins!")
    image.paste(turn_block(title, "", _ending(view, t)), TURN_AT)
    _paste_panel(image, view, None, t)
    image.paste(results_block(seats, result, t), PLAYERS_AT)
    return image


def _paste_panel(image: Image.Image, view: PublicView, own: Clan | None, t: Texts) -> None:
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
    return _draw_map(view, None, frozenset())


def _draw_map(view: PublicView, own: Clan | None, movable: frozenset[int], t: Texts = EN) -> Image.Image:
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
    new = {v.territory for v in view.last_villages}
    pending = set(view.pending) if view.phase is Phase.ORDER else set()
    for tid in villages:
        _paste_centered(image, sprites.ring(layout.scale, "new" if tid in new else "village"), layout.center(tid))
    for tid in pending:
        _paste_centered(image, sprites.ring(layout.scale, "pending"), layout.center(tid))
    for tid in sorted(movable):
        _paste_centered(image, sprites.ring(layout.scale, "movable"), layout.center(tid))

    for tid in range(1, size + 1):
        row = huts[tid]
        if any(row):
            group, (dx, dy) = hut_group(layout.scale, row, own if own is not None and row[own] else None)
            cx, cy = layout.center(tid)
            image.paste(group.image, (cx + dx, cy + dy), group.mask)

    for tid, village in villages.items():
        occupied = any(huts[tid])
        badge = sprites.village_badge(village.value, village.destroyed, large=not occupied)
        _paste_centered(image, badge, layout.badge_position(tid, occupied))
    for tid in pending:
        _paste_centered(image, sprites.pending_badge(), layout.badge_position(tid, True))

    move = view.last_move
    if move is not None and move.src != move.dst:
        _paste_arrow(image, layout, move.src, move.dst)
    return image


@lru_cache(maxsize=4096)
def hut_group(scale: int, huts: tuple[int, ...], own: Clan | None) -> tuple[Sprite, tuple[int, int]]:
    """The hut total and the clan pips of a territory holding ``huts``, as one sprite, and where its
    top-left corner lies from the territory centre: one paste per territory instead of up to six."""
    total = sum(huts)
    ox, oy = 0, round(ROW_B * scale)
    parts = [(sprites.total_pill(total), (ox, oy))]
    for clan, (dx, dy) in zip(
        [Clan(c) for c, n in enumerate(huts) if n], marker_slots(scale, sum(1 for n in huts if n), total), strict=True
    ):
        parts.append((sprites.marker(clan, huts[clan], clan is own), (dx, dy)))
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


def _paste_arrow(image: Image.Image, layout: Layout, src: int, dst: int) -> None:
    (x0, y0), (x1, y1) = layout.arrow(src, dst)
    sprite, (ax, ay) = sprites.arrow(x1 - x0, y1 - y0)
    image.paste(sprite.image, (x0 - ax, y0 - ay), sprite.mask)
