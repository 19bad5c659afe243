"""The panels around the map: the epoch chart, the scoring track, whose turn it is, and the final result.

Each panel is drawn in RGB as one block, indexed, and cached by its content: a render pastes blocks, and
only a block whose content changed since an earlier render is drawn again.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.board import Chart
from engine.clans import Clan, Terrain
from engine.state import EndReason, FinalResult
from render import palette as pal
from render.fonts import bold, fit
from render.indexed import to_indexed
from render.layout import EPOCH_BOX, SIDE_BOX
from render.static import terrain_swatch

COLUMN_GAP = 6


@lru_cache(maxsize=32)
def epoch_chart(chart: Chart, chips_left: int) -> Image.Image:
    """The chart for a given number of chips left: past epochs faded, the current one framed and marked NOW."""
    return to_indexed(epoch_chart_rgb(chart, chips_left))


def epoch_chart_rgb(chart: Chart, chips_left: int) -> Image.Image:
    left, top, right, bottom = EPOCH_BOX
    w, h = right - left - 4, bottom - top - 4
    image = Image.new("RGB", (w, h), pal.PANEL)
    taken = chart.chips - chips_left
    current = chart.chip_epoch[min(taken, chart.chips - 1)] if chips_left else None
    col_w = (w - COLUMN_GAP * (len(chart.epochs) + 1)) // len(chart.epochs)
    first_chip = 1
    for i, epoch in enumerate(chart.epochs):
        x = COLUMN_GAP + i * (col_w + COLUMN_GAP)
        chips = range(first_chip, first_chip + epoch.chips)
        first_chip += epoch.chips
        past = chips.stop - 1 <= taken
        column = _epoch_column(
            epoch.number,
            epoch.bonus,
            epoch.favourable,
            epoch.unfavourable,
            tuple(chips),
            taken,
            epoch.number == current,
            past,
            col_w,
            h - 2 * COLUMN_GAP + 2,
        )
        image.paste(column, (x, COLUMN_GAP - 1))
    return image


def _epoch_column(
    number: int,
    bonus: int,
    favourable: frozenset[Terrain],
    unfavourable: frozenset[Terrain],
    chips: tuple[int, ...],
    taken: int,
    current: bool,
    past: bool,
    w: int,
    h: int,
) -> Image.Image:
    image = Image.new("RGB", (w, h), pal.PANEL)
    draw = ImageDraw.Draw(image)
    ink = pal.mix(pal.INK, pal.PANEL, 0.55) if past else pal.INK
    frame = pal.CURRENT if current else pal.mix(pal.PANEL_EDGE, pal.PANEL, 0.3)
    draw.rounded_rectangle(
        [0, 0, w - 1, h - 1],
        radius=8,
        fill=pal.WHITE if current else pal.PANEL,
        outline=frame,
        width=4 if current else 1,
    )
    band = 26
    if current:
        draw.rounded_rectangle([0, 0, w - 1, band], radius=8, fill=pal.CURRENT)
        draw.rectangle([0, band - 8, w - 1, band], fill=pal.CURRENT)
        draw.text((9, band / 2 + 1), f"EPOCH {number}", font=bold(15), fill=pal.WHITE, anchor="lm")
        draw.text((w - 9, band / 2 + 1), "▶ NOW", font=bold(13), fill=pal.CHIP, anchor="rm")
    else:
        draw.text((9, band / 2 + 2), f"EPOCH {number}", font=bold(15), fill=ink, anchor="lm")
        if past:
            draw.text((w - 9, band / 2 + 2), "done", font=bold(12), fill=ink, anchor="rm")

    row_h = 30
    y = band + 6
    draw.text((9, y + row_h / 2), f"+{bonus}", font=bold(20), fill=ink, anchor="lm")
    _terrain_row(image, sorted(favourable), 44, y, w - 52, row_h, past, "bonus")
    y += row_h + 5
    draw.text((13, y + row_h / 2), "0", font=bold(20), fill=ink, anchor="lm")
    if unfavourable:
        _terrain_row(image, sorted(unfavourable), 44, y, w - 52, row_h, past, "razed")
    else:
        draw.text((44, y + row_h / 2), "none", font=bold(14), fill=ink, anchor="lm")
    y += row_h + 8
    chip_r = 10
    for k, chip in enumerate(chips):
        cx, cy = 9 + chip_r + k * (2 * chip_r + 5), y + chip_r + 1
        box = [cx - chip_r, cy - chip_r, cx + chip_r, cy + chip_r]
        if chip <= taken:
            draw.ellipse(box, outline=pal.mix(pal.MUTED_INK, pal.PANEL, 0.4), width=2)
            draw.line([cx - 5, cy + 5, cx + 5, cy - 5], fill=pal.mix(pal.MUTED_INK, pal.PANEL, 0.4), width=2)
        else:
            draw.ellipse(box, fill=pal.CHIP, outline=pal.INK, width=1)
            draw.text((cx, cy + 1), str(chip), font=bold(11), fill=pal.INK, anchor="mm")
    left_now = sum(1 for c in chips if c > taken)
    draw.text((w - 9, y + chip_r + 1), f"{left_now} left", font=bold(13), fill=ink, anchor="rm")
    return image


def _terrain_row(
    image: Image.Image, terrains: list[Terrain], x: int, y: int, w: int, h: int, faded: bool, label: str
) -> None:
    """Terrain swatches; crossed out when ``label`` is "razed" (villages there are destroyed)."""
    crossed = label == "razed"
    each = 50 if len(terrains) == 1 else (w - 3 * (len(terrains) - 1)) // len(terrains)
    draw = ImageDraw.Draw(image)
    for i, terrain in enumerate(terrains):
        sx = x + i * (each + 3)
        image.paste(terrain_swatch(terrain, each, h, faded), (sx, y))
        if crossed:
            for a, b in (((sx + 5, y + 4), (sx + each - 5, y + h - 4)), ((sx + each - 5, y + 4), (sx + 5, y + h - 4))):
                draw.line([a, b], fill=pal.WHITE, width=6)
                draw.line([a, b], fill=pal.INK, width=3)
    if len(terrains) == 1:
        draw.text(
            (x + each + 6, y + h / 2),
            label,
            font=bold(13),
            fill=pal.mix(pal.INK, pal.PANEL, 0.55) if faded else pal.MUTED_INK,
            anchor="lm",
        )


SIDE_W = SIDE_BOX[2] - SIDE_BOX[0] - 10
"""Width of the blocks in the side panel (inside its frame)."""
PAD = 8


def clan_tag(clan: Clan, size: int) -> Image.Image:
    """A square swatch of the clan colour with its letter, for the scoring track and the results."""
    ss = 4
    big = Image.new("RGBA", (size * ss, size * ss), (*pal.INK, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        [0, 0, size * ss - 1, size * ss - 1], radius=6 * ss, fill=pal.CLAN[clan], outline=pal.INK, width=2 * ss
    )
    image = big.reduce(ss)
    ImageDraw.Draw(image).text(
        (size / 2, size / 2 + 1),
        pal.CLAN_LETTER[clan],
        font=bold(round(size * 0.6)),
        fill=pal.CLAN_TEXT[clan],
        anchor="mm",
    )
    return image


def seat_names(players: int, names: Sequence[str] | None) -> tuple[str, ...]:
    given = list(names or [])
    return tuple(given[i] if i < len(given) and given[i].strip() else f"Player {i + 1}" for i in range(players))


@lru_cache(maxsize=256)
def turn_block(title: str, line: str) -> Image.Image:
    """Move number (or the game's end) in large type, and who must act."""
    image = Image.new("RGB", (SIDE_W, 58), pal.PANEL)
    draw = ImageDraw.Draw(image)
    draw.text((PAD, 4), fit(title, 24, SIDE_W - 2 * PAD), font=bold(24), fill=pal.INK, anchor="lt")
    draw.text((PAD, 35), fit(line, 17, SIDE_W - 2 * PAD), font=bold(17), fill=pal.INK, anchor="lt")
    return to_indexed(image)


@lru_cache(maxsize=256)
def scores_block(scores: tuple[int, ...]) -> Image.Image:
    """The scoring track: the five clans with colour, letter and points."""
    image = Image.new("RGB", (SIDE_W, 62), pal.PANEL)
    draw = ImageDraw.Draw(image)
    draw.text((PAD, 4), "SCORES", font=bold(12), fill=pal.MUTED_INK, anchor="lt")
    tile_w = (SIDE_W - 2 * PAD) // 5
    for clan in Clan:
        x = PAD + clan * tile_w
        tag = clan_tag(clan, 26)
        image.paste(tag, (x, 23), tag)
        draw.text((x + 30, 37), str(scores[clan]), font=bold(20), fill=pal.INK, anchor="lm")
    return to_indexed(image)


@lru_cache(maxsize=256)
def players_block(
    names: tuple[str, ...], chips: tuple[int, ...], to_move: int | None, resigned: tuple[bool, ...]
) -> Image.Image:
    """One line per seat: the player to move marked with a triangle and a band, then village chips taken."""
    image = Image.new("RGB", (SIDE_W, 112), pal.PANEL)
    draw = ImageDraw.Draw(image)
    left, right = PAD, SIDE_W - PAD
    draw.text((left, 2), "PLAYERS", font=bold(12), fill=pal.MUTED_INK, anchor="lt")
    draw.text((right, 2), "VILLAGE CHIPS", font=bold(12), fill=pal.MUTED_INK, anchor="rt")
    row = 24 if len(names) <= 3 else 22
    for seat, name in enumerate(names):
        cy = 28 + seat * row
        if seat == to_move:
            draw.rounded_rectangle(
                [left - 5, cy - row // 2 + 1, right + 5, cy + row // 2 - 1], radius=5, fill=pal.MOVER_BAND
            )
            draw.text((left, cy), "▶", font=bold(14), fill=pal.INK, anchor="lm")
        label = name + (" (left)" if resigned[seat] else "")
        ink = pal.MUTED_INK if resigned[seat] else pal.INK
        draw.text((left + 20, cy), fit(label, 16, right - left - 90), font=bold(16), fill=ink, anchor="lm")
        draw.text((right, cy), str(chips[seat]), font=bold(16), fill=ink, anchor="rm")
        r = 7
        draw.ellipse([right - 34 - r, cy - r, right - 34 + r, cy + r], fill=pal.CHIP, outline=pal.INK, width=1)
    return to_indexed(image)


END_TEXT = {
    EndReason.TWELFTH_VILLAGE: "12th village founded",
    EndReason.NO_MOVES: "no moves left",
    EndReason.RESIGNATIONS: "players resigned",
}


@lru_cache(maxsize=64)
def results_block(names: tuple[str, ...], result: FinalResult) -> Image.Image:
    """Clans revealed: per seat the clan tag, clan score + chips = total; winners starred on a band."""
    image = Image.new("RGB", (SIDE_W, 112), pal.PANEL)
    draw = ImageDraw.Draw(image)
    left, right = PAD, SIDE_W - PAD
    draw.text((left, 2), "PLAYER · CLAN", font=bold(12), fill=pal.MUTED_INK, anchor="lt")
    draw.text((right, 2), "CLAN + CHIPS = TOTAL", font=bold(12), fill=pal.MUTED_INK, anchor="rt")
    row = 24 if len(names) <= 3 else 22
    for seat, name in enumerate(names):
        cy = 29 + seat * row
        if seat in result.winners:
            draw.rounded_rectangle(
                [left - 5, cy - row // 2 + 1, right + 5, cy + row // 2 - 1], radius=5, fill=pal.WINNER_BAND
            )
            draw.text((left - 1, cy), "★", font=bold(17), fill=pal.INK, anchor="lm")
        tag = clan_tag(result.clans[seat], 20)
        image.paste(tag, (left + 20, cy - 10), tag)
        clan_score = result.clan_scores[result.clans[seat]]
        total = f"{clan_score} + {result.chips[seat]} = {result.totals[seat]}"
        total_w = bold(16).getlength(total)
        label = name + (" (left)" if seat in result.resigned else "")
        ink = pal.MUTED_INK if seat in result.resigned else pal.INK
        draw.text((left + 46, cy), fit(label, 16, right - left - 56 - total_w), font=bold(16), fill=ink, anchor="lm")
        draw.text((right, cy), total, font=bold(16), fill=pal.INK, anchor="rm")
    return to_indexed(image)
