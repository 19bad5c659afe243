"""The panel below the map: whose turn, the epoch in force, the scores, the seats, a compact epoch chart.

Each block is drawn in RGB, indexed, and cached by its content: a render pastes blocks, and only a block
whose content changed since an earlier render is drawn again. The key facts (move, whose turn, the
epoch and what it favours and dooms, the scores) are set at ``KEY_SIZE`` or larger so that they stay
at least 9 px tall on a phone.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.clans.board import Chart
from engine.clans.clan import Clan, Terrain
from engine.clans.state import EndReason, FinalResult
from render.clans import palette as pal
from render.clans.hut_markers import clan_shape_rgba
from render.clans.icons import terrain_swatch
from render.clans.indexed import to_indexed
from render.clans.layout import BLOCK_W, CHART_H, EPOCH_H, KEY_SIZE, PLAYERS_H, SCORES_H, TURN_H
from render.fonts import bold, draw_name, fit, text_width
from texts import DEFAULT, N_, Texts, texts
from texts.clans.terms import terrain_name

TITLE_SIZE = 36
NAME_SIZE = 26
SMALL = 20
EN = texts(DEFAULT)


def seat_names(players: int, names: Sequence[str] | None, t: Texts = EN) -> tuple[str, ...]:
    given = list(names or [])
    return tuple(
        given[i] if i < len(given) and given[i].strip() else t._("Player {number}", number=i + 1)
        for i in range(players)
    )


def clan_tag(clan: Clan, size: int) -> Image.Image:
    """The clan's shape in its colour (RGBA), as on the map's pips."""
    return clan_shape_rgba(clan, size)


@lru_cache(maxsize=256)
def turn_block(title: str, name: str, line: str) -> Image.Image:
    """The move number (or the game's end) in large type, then who must act: ``name`` (drawn in any
    script the fonts cover, shortened cleanly) followed by ``line``."""
    image = Image.new("RGB", (BLOCK_W, TURN_H), pal.PANEL)
    draw = ImageDraw.Draw(image)
    draw.text((0, 2), fit(title, TITLE_SIZE, BLOCK_W), font=bold(TITLE_SIZE), fill=pal.INK, anchor="lt")
    y = 62
    x = 0.0
    if name:
        draw.text((0, y), "▶", font=bold(KEY_SIZE), fill=pal.INK, anchor="lm")
        x = 36
        room = BLOCK_W - x - bold(KEY_SIZE).getlength(" " + line)
        shown = fit(name, KEY_SIZE, max(room, 120))
        draw_name(draw, (x, y), shown, KEY_SIZE, pal.INK)
        x += text_width(shown, KEY_SIZE)
        line = " " + line
    draw.text((x, y), fit(line, KEY_SIZE, BLOCK_W - x), font=bold(KEY_SIZE), fill=pal.INK, anchor="lm")
    return to_indexed(image)


def _swatch(image: Image.Image, terrain: Terrain, x: int, y: int, w: int, h: int, doomed: bool, faded: bool) -> None:
    image.paste(terrain_swatch(terrain, w, h, faded), (x, y))
    if doomed:
        draw = ImageDraw.Draw(image)
        for a, b in (((x + 4, y + 3), (x + w - 4, y + h - 3)), ((x + w - 4, y + 3), (x + 4, y + h - 3))):
            draw.line([a, b], fill=pal.WHITE, width=6)
            draw.line([a, b], fill=pal.INK, width=3)


@lru_cache(maxsize=32)
def epoch_block(chart: Chart, chips_left: int, t: Texts = EN) -> Image.Image:
    """The epoch in force in words: its bonus, the terrain it favours, the terrain it dooms."""
    image = Image.new("RGB", (BLOCK_W, EPOCH_H), pal.PANEL)
    draw = ImageDraw.Draw(image)
    font = bold(KEY_SIZE)
    cy = EPOCH_H // 2
    if not chips_left:
        draw.text((0, cy), t._("No epoch left: the game is over"), font=font, fill=pal.INK, anchor="lm")
        return to_indexed(image)
    epoch = chart.epoch(chart.chip_epoch[chart.chips - chips_left])
    x = 0.0

    def word(text: str, ink: pal.RGB = pal.INK) -> None:
        nonlocal x
        draw.text((x, cy), text, font=font, fill=ink, anchor="lm")
        x += font.getlength(text)

    word(t._("Epoch {epoch}: ", epoch=epoch.number))
    word(f"+{epoch.bonus} ", pal.INK)
    favourable = sorted(epoch.favourable)
    if len(favourable) == len(Terrain):
        word(t._("every terrain"))
    else:
        for terrain in favourable:
            _swatch(image, terrain, round(x), cy - 15, 40, 30, False, False)
            x += 46
            word(terrain_name(t, terrain))
    word("  " + t._("doomed: "))
    doomed = sorted(epoch.unfavourable)
    if not doomed:
        word(t._("none"))
    for terrain in doomed:
        _swatch(image, terrain, round(x), cy - 15, 40, 30, True, False)
        x += 46
        word(terrain_name(t, terrain))
    return to_indexed(image)


@lru_cache(maxsize=256)
def scores_block(scores: tuple[int, ...], own: Clan | None = None, t: Texts = EN) -> Image.Image:
    """The scoring track: each clan's shape in its colour and its points (``own`` ringed, private only)."""
    image = Image.new("RGB", (BLOCK_W, SCORES_H), pal.PANEL)
    draw = ImageDraw.Draw(image)
    cell = BLOCK_W // 5
    for clan in Clan:
        x = clan * cell
        tag = clan_shape_rgba(clan, 34, pal.OWN if clan is own else None)
        image.paste(tag, (x + 4 + (38 - tag.width) // 2, SCORES_H // 2 - tag.height // 2), tag)
        draw.text((x + 48, SCORES_H // 2 + 1), str(scores[clan]), font=bold(TITLE_SIZE), fill=pal.INK, anchor="lm")
        if clan is own:
            score_w = bold(TITLE_SIZE).getlength(str(scores[clan]))
            you = t._("(you)")
            draw.text((x + 52 + score_w, SCORES_H // 2 + 4), you, font=bold(SMALL), fill=pal.INK, anchor="lm")
    return to_indexed(image)


@lru_cache(maxsize=256)
def players_block(
    names: tuple[str, ...], chips: tuple[int, ...], to_move: int | None, resigned: tuple[bool, ...], t: Texts = EN
) -> Image.Image:
    """The seats in two columns: the player to move on a band with a triangle, then village chips taken."""
    image = Image.new("RGB", (BLOCK_W, PLAYERS_H), pal.PANEL)
    draw = ImageDraw.Draw(image)
    col_w = BLOCK_W // 2
    row_h = PLAYERS_H // 2
    for seat, name in enumerate(names):
        x, cy = (seat % 2) * col_w, (seat // 2) * row_h + row_h // 2
        right = x + col_w - 12
        if seat == to_move:
            draw.rounded_rectangle(
                [x, cy - row_h // 2 + 2, right + 6, cy + row_h // 2 - 2], radius=6, fill=pal.MOVER_BAND
            )
            draw.text((x + 6, cy), "▶", font=bold(NAME_SIZE - 4), fill=pal.INK, anchor="lm")
        ink = pal.MUTED_INK if resigned[seat] else pal.INK
        label = name + (" " + t._("(left)") if resigned[seat] else "")
        draw_name(draw, (x + 32, cy), fit(label, NAME_SIZE, col_w - 120), NAME_SIZE, ink)
        draw.text((right, cy), str(chips[seat]), font=bold(NAME_SIZE), fill=ink, anchor="rm")
        r = 10
        cx = right - 36
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=pal.CHIP, outline=pal.INK, width=2)
    return to_indexed(image)


@lru_cache(maxsize=32)
def epoch_chart(chart: Chart, chips_left: int, t: Texts = EN) -> Image.Image:
    """The five epochs in a row: bonus, favoured and doomed terrain, chips left; the current one framed."""
    return to_indexed(epoch_chart_rgb(chart, chips_left, t))


def epoch_chart_rgb(chart: Chart, chips_left: int, t: Texts = EN) -> Image.Image:
    image = Image.new("RGB", (BLOCK_W, CHART_H), pal.PANEL)
    draw = ImageDraw.Draw(image)
    taken = chart.chips - chips_left
    current = chart.chip_epoch[min(taken, chart.chips - 1)] if chips_left else None
    gap = 6
    col_w = (BLOCK_W - gap * (len(chart.epochs) - 1)) // len(chart.epochs)
    first_chip = 1
    for i, epoch in enumerate(chart.epochs):
        x = i * (col_w + gap)
        chips = range(first_chip, first_chip + epoch.chips)
        first_chip += epoch.chips
        past = chips.stop - 1 <= taken
        now = epoch.number == current
        ink = pal.mix(pal.INK, pal.PANEL, 0.55) if past else pal.INK
        draw.rounded_rectangle(
            [x, 0, x + col_w - 1, CHART_H - 1],
            radius=8,
            fill=pal.WHITE if now else pal.PANEL,
            outline=pal.CURRENT if now else pal.mix(pal.PANEL_EDGE, pal.PANEL, 0.3),
            width=4 if now else 1,
        )
        draw.text((x + 10, 18), f"{epoch.number}", font=bold(24), fill=ink, anchor="lm")
        draw.text((x + 34, 18), f"+{epoch.bonus}", font=bold(20), fill=ink, anchor="lm")
        sx = x + 72
        favourable = sorted(epoch.favourable)
        if len(favourable) == len(Terrain):
            draw.text((sx, 18), t.p_("every terrain, short", "all"), font=bold(18), fill=ink, anchor="lm")
        for terrain in favourable if len(favourable) < len(Terrain) else ():
            _swatch(image, terrain, sx, 6, 30, 24, False, past)
            sx += 34
        for terrain in sorted(epoch.unfavourable):
            _swatch(image, terrain, sx, 6, 30, 24, True, past)
            sx += 34
        r = 7
        for k, chip in enumerate(chips):
            cx, cy = x + 10 + r + k * (2 * r + 5), 46
            if chip <= taken:
                draw.ellipse([cx - r, cy - r, cx + r, cy + r], outline=pal.mix(pal.MUTED_INK, pal.PANEL, 0.4), width=2)
            else:
                draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=pal.CHIP, outline=pal.INK, width=1)
        if now:
            now_text = t.p_("the current epoch, short", "NOW")
            draw.text((x + col_w - 10, 46), now_text, font=bold(16), fill=pal.INK, anchor="rm")
    return image


END_TEXT = {
    EndReason.TWELFTH_VILLAGE: N_("12th village founded"),
    EndReason.NO_MOVES: N_("no moves left"),
    EndReason.RESIGNATIONS: N_("players resigned"),
}


@lru_cache(maxsize=64)
def results_block(names: tuple[str, ...], result: FinalResult, t: Texts = EN) -> Image.Image:
    """Clans revealed, two seats a row: star for a winner, the clan's shape, the name, clan + chips = total."""
    image = Image.new("RGB", (BLOCK_W, PLAYERS_H), pal.PANEL)
    draw = ImageDraw.Draw(image)
    col_w = BLOCK_W // 2
    row_h = PLAYERS_H // 2
    for seat, name in enumerate(names):
        x, cy = (seat % 2) * col_w, (seat // 2) * row_h + row_h // 2
        right = x + col_w - 12
        if seat in result.winners:
            draw.rounded_rectangle(
                [x, cy - row_h // 2 + 2, right + 6, cy + row_h // 2 - 2], radius=6, fill=pal.WINNER_BAND
            )
            draw.text((x + 2, cy), "★", font=bold(NAME_SIZE), fill=pal.INK, anchor="lm")
        tag = clan_shape_rgba(result.clans[seat], 26)
        image.paste(tag, (x + 28, cy - tag.height // 2), tag)
        clan_score = result.clan_scores[result.clans[seat]]
        total = f"{clan_score}+{result.chips[seat]}={result.totals[seat]}"
        total_w = bold(NAME_SIZE - 2).getlength(total)
        ink = pal.MUTED_INK if seat in result.resigned else pal.INK
        label = name + (" " + t._("(left)") if seat in result.resigned else "")
        draw_name(draw, (x + 62, cy), fit(label, NAME_SIZE - 2, col_w - 84 - total_w), NAME_SIZE - 2, ink)
        draw.text((right, cy), total, font=bold(NAME_SIZE - 2), fill=pal.INK, anchor="rm")
    return to_indexed(image)
