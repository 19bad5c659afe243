"""The picture of what each move told the table, for a finished Clans game: for each player, how sure a reader of
the public game could be of their true clan after each of their moves, a line in their clan's colour with its
shape at every move (told apart without colour too), chance marked; under it, each player's line in words ("given
away at move 23", or how hidden it stayed) and the moves that told the most.

Drawn 800 px wide, its words 22 px or larger: a phone shows it at half size, still readable. It takes the figures
(service/clans/told.py's, through the small protocols below) and words them through the text layer.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Protocol

from PIL import Image, ImageDraw

from engine.clans.clan import CLAN_COUNT, Clan
from render.clans import palette as pal
from render.clans.hut_markers import clan_shape_rgba, shape_points
from render.fonts import bold, draw_name, fit
from texts import N_, Texts
from texts.clans.terms import clan_name
from texts.usertext import clean_name

WIDTH = 800
PLOT_LEFT, PLOT_RIGHT = 78, WIDTH - 28
PLOT_TOP, PLOT_H = 70, 300
TITLE_SIZE, TEXT_SIZE, SMALL_SIZE = 30, 23, 20
LINE_H = 34
MARK = 13
"""A move's mark (the clan's shape) across, in px."""
OUTLINE = 3
"""The dark edge under every line, so that a pale clan (yellow) shows on the pale ground."""

TITLE = N_("What each move told")
CHANCE_LABEL = N_("chance")


class SeatLine(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def clan(self) -> Clan: ...
    @property
    def points(self) -> tuple[tuple[int, float], ...]: ...
    @property
    def given_away(self) -> int | None: ...
    @property
    def final(self) -> float: ...


class TellingMove(Protocol):
    @property
    def number(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def action(self) -> str: ...
    @property
    def before(self) -> float: ...
    @property
    def after(self) -> float: ...


def told_lines(
    t: Texts, seats: Sequence[SeatLine], telling: Sequence[TellingMove], name: Callable[[str], str] = clean_name
) -> list[str]:
    """The picture's words (also the post's, for screen readers): each player's verdict, then the telling moves;
    ``name`` shows a player's name (cleaned for the picture, escaped for a message)."""
    lines = []
    for seat in seats:
        clan = clan_name(t, seat.clan)
        if seat.given_away is not None:
            verdict = t._("{clan}, given away at move {move}", clan=clan, move=seat.given_away)
        else:
            verdict = t._("{clan}, kept hidden ({share} at the end)", clan=clan, share=t.percent(seat.final))
        lines.append(f"{name(seat.name)}: {verdict}")
    for move in telling:
        lines.append(
            t._(
                "Move {move}: {player} {action}, {clan} {before} → {after}",
                move=move.number,
                player=name(seats[move.seat].name),
                action=move.action,
                clan=clan_name(t, seats[move.seat].clan),
                before=t.percent(move.before),
                after=t.percent(move.after),
            )
        )
    return lines


def told_chart(t: Texts, seats: Sequence[SeatLine], telling: Sequence[TellingMove], moves: int) -> bytes:
    """The picture as PNG bytes."""
    words = told_lines(t, seats, telling)
    height = PLOT_TOP + PLOT_H + 86 + LINE_H * len(words) + 12
    image = Image.new("RGB", (WIDTH, height), pal.PANEL)
    draw = ImageDraw.Draw(image)
    draw.text((PLOT_LEFT - 50, 22), t._(TITLE), font=bold(TITLE_SIZE), fill=pal.INK, anchor="lm")
    _axes(draw, t, moves)
    for seat in seats:
        _line(image, draw, seat, moves)
    y = PLOT_TOP + PLOT_H + 86
    for index, text in enumerate(words):
        x = PLOT_LEFT - 50
        if index < len(seats):
            shape = clan_shape_rgba(seats[index].clan, 22)
            image.paste(shape, (x, y - shape.height // 2), shape)
            x += 32
        size = TEXT_SIZE if index < len(seats) else SMALL_SIZE
        draw_name(draw, (x, y), fit(text, size, WIDTH - x - 16), size, pal.INK)
        y += LINE_H
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def _x(number: int, moves: int) -> float:
    return PLOT_LEFT + (PLOT_RIGHT - PLOT_LEFT) * number / max(1, moves)


def _y(probability: float) -> float:
    return PLOT_TOP + PLOT_H * (1.0 - probability)


def _axes(draw: ImageDraw.ImageDraw, t: Texts, moves: int) -> None:
    draw.rectangle([PLOT_LEFT, PLOT_TOP, PLOT_RIGHT, PLOT_TOP + PLOT_H], outline=pal.PANEL_EDGE, width=2)
    for share in (0.0, 0.5, 1.0):
        y = _y(share)
        draw.line([PLOT_LEFT, y, PLOT_RIGHT, y], fill=pal.PANEL_EDGE, width=1)
        draw.text((PLOT_LEFT - 8, y), t.percent(share), font=bold(SMALL_SIZE), fill=pal.MUTED_INK, anchor="rm")
    chance = _y(1.0 / CLAN_COUNT)
    for dash in range(PLOT_LEFT, PLOT_RIGHT, 16):  # dashed: chance, what a guess with nothing to go on gets
        draw.line([dash, chance, min(dash + 8, PLOT_RIGHT), chance], fill=pal.MUTED_INK, width=2)
    draw.text(
        (PLOT_LEFT - 8, chance), t.percent(1.0 / CLAN_COUNT), font=bold(SMALL_SIZE), fill=pal.MUTED_INK, anchor="rm"
    )
    draw.text((PLOT_LEFT - 8, chance + 12), t._(CHANCE_LABEL), font=bold(15), fill=pal.MUTED_INK, anchor="rt")
    bottom = PLOT_TOP + PLOT_H
    for number in _ticks(moves):
        x = _x(number, moves)
        draw.line([x, bottom, x, bottom + 6], fill=pal.PANEL_EDGE, width=2)
        draw.text((x, bottom + 10), str(number), font=bold(SMALL_SIZE), fill=pal.MUTED_INK, anchor="mt")
    draw.text(
        ((PLOT_LEFT + PLOT_RIGHT) / 2, bottom + 36),
        t._("move"),
        font=bold(SMALL_SIZE),
        fill=pal.MUTED_INK,
        anchor="mt",
    )


def _ticks(moves: int) -> list[int]:
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100) if moves / s <= 8)
    return list(range(0, moves + 1, step))


def _line(image: Image.Image, draw: ImageDraw.ImageDraw, seat: SeatLine, moves: int) -> None:
    colour = pal.CLAN[seat.clan]
    path = [(_x(n, moves), _y(p)) for n, p in seat.points]
    if len(path) > 1:
        draw.line(path, fill=pal.INK, width=4 + 2 * OUTLINE, joint="curve")
        draw.line(path, fill=colour, width=4, joint="curve")
    shape = pal.CLAN_SHAPE[seat.clan]
    for x, y in path[1:]:
        draw.polygon(shape_points(shape, MARK + 2 * OUTLINE, x, y), fill=pal.INK)
        draw.polygon(shape_points(shape, MARK, x, y), fill=colour)


def chart_name(game_id: int) -> str:
    return f"told-{game_id}.png"
