"""A sample of everything the renderer draws, from which the fixed palette is chosen once per process."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.clans.board import load_board, load_chart
from engine.clans.clan import Clan, Terrain
from render.clans import hut_markers as sprites
from render.clans import move_marks
from render.clans import palette as pal
from render.clans.layout import WIDTH, layout_for
from render.clans.panel import clan_tag, epoch_chart_rgb
from render.clans.static import rgb_layers
from render.fonts import bold


def palette_sample() -> Image.Image:
    board = load_board()
    full, washed = rgb_layers(board)
    sheet = Image.new("RGB", (WIDTH, 1100), pal.PANEL)
    x, y, row_h = 0, 0, 0

    def put(image: Image.Image, background: pal.RGB | None = None) -> None:
        nonlocal x, y, row_h
        if x + image.width > WIDTH:
            x, y, row_h = 0, y + row_h, 0
        if background is not None:
            sheet.paste(background, (x, y, x + image.width, y + image.height))
        sheet.paste(image, (x, y), image if image.mode == "RGBA" else None)
        x += image.width
        row_h = max(row_h, image.height)

    grounds = [pal.TERRAIN[t] for t in Terrain]
    for ground in grounds:
        for clan in Clan:
            for count in (1, 2, 5, 12):
                put(sprites.marker_rgba(clan, count), ground)
            put(sprites.marker_rgba(clan, 3, own=True), ground)
        for total in (3, 14):
            put(sprites.total_rgba(total), ground)
        for value in (0, 3, 8, 14):
            put(sprites.village_badge_rgba(value, value == 0, large=False), ground)
            put(sprites.village_badge_rgba(value, value == 0, large=True), pal.faded(Terrain(grounds.index(ground))))
        put(sprites.pending_badge_rgba(), ground)
        put(sprites.strife_rgba(3), ground)
        put(move_marks.move_tag_rgba(7), ground)
        put(move_marks.move_tag_rgba(42), ground)
    radius = layout_for(board).scale
    styles = (
        ("new", grounds[0]),
        ("pending", grounds[3]),
        ("village", grounds[2]),
        ("movable", grounds[1]),
        ("moved", grounds[2]),
    )
    for style, ground in styles:
        put(move_marks.ring_rgba(radius, style), ground)
    for dx, dy in ((59, 0), (-59, 0), (30, 51), (-30, 51), (30, -51), (-30, -51)):
        put(move_marks.arrow_rgba(dx, dy)[0], grounds[1])
    for clan in Clan:
        put(clan_tag(clan, 34), pal.PANEL)
        put(clan_tag(clan, 26), pal.WINNER_BAND)
    for background in (pal.PANEL, pal.MOVER_BAND, pal.WINNER_BAND):
        text = Image.new("RGB", (600, 30), background)
        ImageDraw.Draw(text).text(
            (4, 4), "Move 0123456789 ▶★ Players abcdefghijklmnopqrstuvwxyz", font=bold(17), fill=pal.INK
        )
        put(text)
    chart = load_chart()
    charts = [epoch_chart_rgb(chart, left) for left in (chart.chips, 6, 1)]
    height = full.height * 2 + sheet.height + sum(c.height for c in charts)
    sample = Image.new("RGB", (WIDTH, height), pal.BACKGROUND)
    sample.paste(full, (0, 0))
    sample.paste(washed, (0, full.height))
    sample.paste(sheet, (0, full.height * 2))
    top = full.height * 2 + sheet.height
    for image in charts:
        sample.paste(image, (0, top))
        top += image.height
    return sample
