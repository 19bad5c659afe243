"""The preview of a hut move, for the move panel: the board as it would be after the move.

Drawn from engine data only: the public view after the move (the caller plays it on a copy of the
position, with stand-in clans, which changes nothing public) and the engine's ``Outcome`` of it. The huts'
way is a numbered arrow onto a ringed destination; the villages the move would found are highlighted with
their value, and the huts strife would take are shown struck through. The panel names the move as the texts
will ("Move 11: 23 → 24") and lists each village with its epoch and value.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.clans.clan import Clan
from engine.clans.moves import Move
from engine.clans.state import Outcome, Phase
from engine.clans.view import PublicView
from render.clans.board_image import Marks, draw_map, encode, losses, move_caption, paste_panel
from render.clans.layout import PLAYERS_AT, TURN_AT
from render.clans.panel import players_block, seat_names, turn_block
from texts import DEFAULT, Texts, texts

EN = texts(DEFAULT)


def render_preview(
    after: PublicView,
    outcome: Outcome,
    names: Sequence[str] | None = None,
    *,
    viewer_clan: Clan | None = None,
    t: Texts = EN,
) -> bytes:
    """PNG bytes of the board after ``outcome.move`` (a hut move) as ``after`` shows it.

    ``after``: ``public_view`` of the position once the move is played; ``outcome``: what ``engine.clans.play``
    reported for it (villages founded with epoch, value and strife, or the villages awaiting their order).
    ``viewer_clan`` rings the mover's own pips, as on the private board (the preview is the mover's alone).
    """
    return encode(preview_picture(after, outcome, names, viewer_clan=viewer_clan, t=t))


def preview_picture(
    after: PublicView,
    outcome: Outcome,
    names: Sequence[str] | None = None,
    *,
    viewer_clan: Clan | None = None,
    t: Texts = EN,
) -> Image.Image:
    move = outcome.move
    if not isinstance(move, Move) or move.is_village_choice:
        raise ValueError("A preview shows a hut move")
    founded = frozenset(v.territory for v in outcome.villages)
    marks = Marks(
        moves=((after.turn, move),),
        new=founded,
        lost=losses(outcome.villages),
        moved_to=frozenset({move.dst}) - founded,  # a new village's own ring marks it already
    )
    image = draw_map(after, viewer_clan, frozenset(), t, marks)
    seats = seat_names(after.players, names, t)
    image.paste(turn_block(move_caption(after, t), seats[outcome.seat], founding_line(after, outcome, t)), TURN_AT)
    paste_panel(image, after, viewer_clan, t)
    image.paste(players_block(seats, after.chips, outcome.seat, after.resigned, t), PLAYERS_AT)
    return image


def founding_line(after: PublicView, outcome: Outcome, t: Texts = EN) -> str:
    """What the move would found: "⌂ 17: 6 (epoch 2) · ⌂ 18: 0 (epoch 2)", the villages awaiting their order
    as "⌂ 17 ? · ⌂ 18 ?"; without a village, the usual "to move"."""
    parts = [f"⌂ {v.territory}: {v.value} (" + t._("epoch {epoch}", epoch=v.epoch) + ")" for v in outcome.villages]
    if after.phase is Phase.ORDER:
        parts += [f"⌂ {territory} ?" for territory in after.pending]
    return " · ".join(parts) if parts else t._("to move")
