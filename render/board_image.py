"""Compose a board image from a PublicView: copy the static layer, paste the sprites, write the panel."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from engine.state import Phase
from engine.view import PublicView
from render import hut_markers as sprites
from render.indexed import Sprite
from render.layout import EPOCH_BOX, SIDE_BOX, Layout, layout_for
from render.panel import (
    END_TEXT,
    epoch_chart,
    players_block,
    results_block,
    scores_block,
    seat_names,
    turn_block,
)
from render.static import static_layer

COMPRESS_LEVEL = 1
"""zlib level of the PNG: measured fastest for a few KB more than the default (see bench/render.py)."""
TURN_AT = (SIDE_BOX[0] + 5, SIDE_BOX[1] + 5)
SCORES_AT = (SIDE_BOX[0] + 5, SIDE_BOX[1] + 64)
PLAYERS_AT = (SIDE_BOX[0] + 5, SIDE_BOX[1] + 130)


def render_board(view: PublicView, names: Sequence[str] | None = None) -> bytes:
    """The board as players see it after a move, as PNG bytes. Same view and names, same bytes."""
    image = _draw_map(view)
    seats = seat_names(view.players, names)
    if view.over:
        title, line = "Game over", _ending(view)
    elif view.phase is Phase.ORDER:
        title, line = f"Move {view.turn}", f"{seats[view.to_move]}: pick the village order"
    else:
        title, line = f"Move {view.turn + 1}", f"{seats[view.to_move]} to move"
    image.paste(turn_block(title, line), TURN_AT)
    image.paste(scores_block(view.scores), SCORES_AT)
    to_move = None if view.over else view.to_move
    image.paste(players_block(seats, view.chips, to_move, view.resigned), PLAYERS_AT)
    return encode(image)


def render_final(view: PublicView, names: Sequence[str]) -> bytes:
    """The end of the game: the final board with every clan revealed, the totals and the winner(s)."""
    if view.result is None:
        raise ValueError("The game is not over: there is no final result to show")
    result = view.result
    image = _draw_map(view)
    seats = seat_names(view.players, names)
    winners = " & ".join(seats[w] for w in result.winners) or "Nobody"
    title = f"{winners} win{'s' if len(result.winners) == 1 else ''}!"
    image.paste(turn_block(title, _ending(view)), TURN_AT)
    image.paste(scores_block(view.scores), SCORES_AT)
    image.paste(results_block(seats, result), PLAYERS_AT)
    return encode(image)


def _ending(view: PublicView) -> str:
    reason = END_TEXT[view.result.reason] if view.result else "game over"
    return f"{reason[0].upper()}{reason[1:]} after move {view.turn}"


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def draw_board_image(view: PublicView) -> Image.Image:
    """The map and epoch chart for ``view`` without the side panel text (for benchmarks and tests)."""
    return _draw_map(view)


def _draw_map(view: PublicView) -> Image.Image:
    layer = static_layer(view.board)
    layout = layout_for(view.board)
    image = layer.base.copy()
    huts = view.huts
    size = view.board.size
    for tid in range(1, size + 1):
        if not any(huts[tid]):
            tile = layer.empty_tiles[tid]
            image.paste(tile.tile, tile.box[:2], tile.mask)
    image.paste(epoch_chart(view.chart, view.chips_left), (EPOCH_BOX[0] + 2, EPOCH_BOX[1] + 2))

    villages = {v.territory: v for v in view.villages}
    new = {v.territory for v in view.last_villages}
    pending = set(view.pending) if view.phase is Phase.ORDER else set()
    for tid in villages:
        _paste_centered(image, sprites.ring(layout.scale, "new" if tid in new else "village"), layout.center(tid))
    for tid in pending:
        _paste_centered(image, sprites.ring(layout.scale, "pending"), layout.center(tid))

    for tid in range(1, size + 1):
        row = huts[tid]
        if any(row):
            for clan, pos in layout.hut_marker_positions(row, tid):
                _paste_centered(image, sprites.marker(clan, row[clan]), pos)

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


def _paste_centered(image: Image.Image, sprite: Sprite, pos: tuple[int, int]) -> None:
    w, h = sprite.size
    image.paste(sprite.image, (pos[0] - w // 2, pos[1] - h // 2), sprite.mask)


def _paste_arrow(image: Image.Image, layout: Layout, src: int, dst: int) -> None:
    (x0, y0), (x1, y1) = layout.arrow(src, dst)
    sprite, (ax, ay) = sprites.arrow(x1 - x0, y1 - y0)
    image.paste(sprite.image, (x0 - ax, y0 - ay), sprite.mask)
