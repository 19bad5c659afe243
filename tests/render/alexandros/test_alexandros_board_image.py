"""The Alexandros board image: 800 px wide (400 on a phone), deterministic, drawn from the public view only, and showing
what it must (guards in their player's colour, walls, Alexander, labelled target points, tax tags)."""

from __future__ import annotations

import io
import random

from PIL import Image

from engine.alexandros import MoveAlexander, Occupy, apply, legal_actions, new_game, public_view
from render.alexandros import PLAYER_COLOURS, render_board
from render.alexandros.board_image import GOLD, WALL, frame_of
from render.alexandros.layout import WIDTH, all_slots


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def _pixel(view, point: tuple[float, float]) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    return frame_of(view).xy(point)


def test_a_game_in_progress_renders_with_its_guards_walls_and_alexander() -> None:
    state = new_game(3, 4)
    rng = random.Random(4)
    while not any(g >= 0 for g in state.guards) or state.phase.value != "move":
        actions = legal_actions(state)
        occupy = [a for a in actions if isinstance(a, Occupy)]
        apply(state, occupy[0] if occupy else rng.choice(actions))
    view = public_view(state)
    moves = [a for a in legal_actions(state) if isinstance(a, MoveAlexander)]
    targets = [(str(i + 1), p) for i, p in enumerate(sorted({m.point for m in moves}))]
    png = render_board(view, ["Ada", "Bo", "Cy"], targets=targets)
    assert png == render_board(view, ["Ada", "Bo", "Cy"], targets=targets)
    image = _image(png)
    assert image.width == WIDTH and 1300 < image.height < 1700
    space = next(s for s, g in enumerate(state.guards) if g >= 0)
    x, y = all_slots(frame_of(view))[space].icon
    # The guard's shape in its player's colour, around the white symbol.
    seat = state.guards[space]
    crop = image.crop((round(x - 23), round(y - 23), round(x + 23), round(y + 23)))
    assert sum(1 for pixel in crop.getdata() if _near(pixel, PLAYER_COLOURS[seat], 12)) > 200
    ax, ay = _pixel(view, view.board.points[view.alexander_point])
    assert _near(image.getpixel((round(ax), round(ay + 4))), GOLD, 60)
    side = next(s for s in range(len(view.board.sides)) if view.walls >> s & 1 and not view.red >> s & 1)
    a, b = view.board.sides[side]
    mid = tuple((p + q) / 2 for p, q in zip(view.board.points[a], view.board.points[b], strict=True))
    mx, my = _pixel(view, mid)  # type: ignore[arg-type]
    assert _near(image.getpixel((round(mx), round(my))), WALL, 60)
    assert render_board(view, ["Ada", "Bo", "Cy"]) != png, "the target labels are drawn"


def test_hostile_names_render() -> None:
    view = public_view(new_game(4, 1))
    names = ["字" * 40, "\u202e" + "x" * 300, "", "🙂🙂🙂"]
    assert _image(render_board(view, names)).width == WIDTH


def test_every_key_colour_comes_out_of_the_png_exactly() -> None:
    """Flat fills, washes, player, wall, path and ink colours keep their exact value through the PNG's palette
    (the old palette's median cut held near neighbours that took the place of the sea, the coast, the sand and a
    few washes: Pillow maps a pixel to the entry nearest its cache cell's corner, not to the pixel)."""
    from engine.alexandros import load_board
    from render.alexandros.board_image import key_colours, png_palette

    keys = key_colours()
    swatch = Image.new("RGB", (len(keys), 1))
    swatch.putdata(keys)
    indexed = swatch.quantize(palette=png_palette(load_board()), dither=Image.Dither.NONE).convert("RGB")
    assert [indexed.getpixel((x, 0)) for x in range(len(keys))] == keys
