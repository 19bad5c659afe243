"""On a phone Discord shows the Alexandros board about 400 px wide: measure what it shows there, on rendered
boards (the full-size image's pixels, scaled to the phone's width).

The minimums: the phone client's own smallest text, its timestamps, is a 12 px font whose digits are 8.7 px
tall, so every number and name a menu refers to must be at least 8 px tall (space numbers, region names);
keys one looks for (destination letters, tax values) 9.5 px; a symbol icon at least 14 px tall, where its
silhouette still reads; a guard 20 px across, larger than the icon it carries.
"""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image, ImageDraw

from engine.alexandros import SYMBOLS, GameState, MoveAlexander, PublicView, legal_actions, new_game, public_view
from render.alexandros import overlays, render_board
from render.alexandros import palette as pal
from render.alexandros.board_image import board_picture, frame_of, name_size, name_width
from render.alexandros.gallery import Game, candidate_paths, destinations
from render.alexandros.icons import SHAPES, shape_sprite, symbol_sprite
from render.alexandros.labels import region_names
from render.alexandros.layout import (
    GUARD,
    ICON,
    NAME_MIN_SIZE,
    PHONE_WIDTH,
    STAR,
    WIDTH,
    all_slots,
    header_height,
    number_box,
    phone_px,
)
from render.alexandros.static import map_layers, space_label
from render.fonts import bold, fit
from texts.usertext import NAME_LIMIT

NAMES = ["Ada", "Bo", "AI (normal) 4", "Dee"]
MIN_TEXT = 8.0
MIN_KEY = 9.5
MIN_ICON = 14.0
MIN_GUARD = 20.0


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _midgame() -> Game:
    game = Game(4, 5)
    game.play(lambda s: s.black_left <= 22 and sum(g >= 0 for g in s.guards) >= 7 and s.phase.value == "move")
    return game


START = new_game(4, 2)
MID = _midgame()
BOARDS: dict[str, tuple[PublicView, GameState]] = {
    "start": (public_view(START), START),
    "midgame": (MID.view, MID.state),
}


def _extent(image: Image.Image, box: tuple[float, float, float, float], ink: tuple[int, int, int]) -> int:
    """Height in full-size px of the pixels of ``ink`` inside ``box``, its smoothed rims that are at least half
    ink included (0 if none)."""
    crop = image.crop(tuple(round(v) for v in box))  # type: ignore[arg-type]
    rows = [y for y in range(crop.height) for x in range(crop.width) if _inked(crop.getpixel((x, y)), ink)]
    return max(rows) - min(rows) + 1 if rows else 0


def _inked(pixel: object, ink: tuple[int, int, int]) -> bool:
    assert isinstance(pixel, tuple)
    return sum(abs(p - q) for p, q in zip(pixel, ink, strict=True)) <= 150


def _walled(view: PublicView, space: int) -> bool:
    return any(view.walls >> side & 1 for side in view.board.space_sides[space])


@pytest.mark.parametrize("name", list(BOARDS))
def test_every_unguarded_space_number_is_8px_tall_on_a_phone(name: str) -> None:
    view, _ = BOARDS[name]
    image = _image(render_board(view, NAMES))
    frame = frame_of(view)
    slots = all_slots(frame)
    heights = []
    for space, symbol in enumerate(view.board.symbol):
        if symbol is None or view.guards[space] >= 0 or _walled(view, space):
            continue  # a guard or a wall may touch the number's corner: measured where nothing does
        box = number_box(slots[space].number, space_label(space))
        heights.append(phone_px(_extent(image, box, pal.NUMBER_INK)))
    assert len(heights) >= 15
    assert min(heights) >= MIN_TEXT, (name, min(heights))


def test_every_region_is_named_8px_tall_on_a_phone() -> None:
    view, _ = BOARDS["start"]
    image = _image(render_board(view, NAMES))
    names = region_names(view.board, "en")
    top = header_height(view.players)  # the map is pasted below the header
    assert len(names) == len(set(view.board.region)) == 10
    for x0, y0, x1, y1 in (name.box for name in names):
        height = phone_px(_extent(image, (x0, y0 + top, x1, y1 + top), pal.REGION_INK))
        assert height >= MIN_TEXT, ((x0, y0), height)


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_every_region_is_named_in_every_language(lang: str) -> None:
    board = BOARDS["start"][0].board
    names = region_names(board, lang)
    assert len(names) == len(set(board.region))
    for a, b in itertools.combinations([name.box for name in names], 2):
        assert not overlaps(a, b)
    for name in names:
        _, top, _, bottom = name.sprite.getchannel("A").getbbox() or (0, 0, 0, 0)
        assert phone_px(bottom - top) >= MIN_TEXT, (lang, name.at)


def test_symbols_and_guards_are_large_distinct_icons_on_a_phone() -> None:
    unit = frame_of(BOARDS["start"][0]).unit
    icon = round(phone_px(ICON * unit))
    assert icon >= MIN_ICON and phone_px(GUARD * unit) >= MIN_GUARD
    shapes = {}
    for symbol in SYMBOLS:
        alpha = symbol_sprite(symbol, icon, pal.INK).getchannel("A")
        ys = [y for y in range(icon) for x in range(icon) if alpha.getpixel((x, y)) >= 128]
        assert max(ys) - min(ys) + 1 >= MIN_ICON - 1, symbol
        shapes[symbol] = {(x, y) for y in range(icon) for x in range(icon) if alpha.getpixel((x, y)) >= 128}
    for a, b in itertools.combinations(shapes, 2):
        assert len(shapes[a] ^ shapes[b]) / len(shapes[a] | shapes[b]) >= 0.3, (a, b)


def test_each_player_has_a_shape_of_their_own() -> None:
    """The same guard in grey for every seat: the silhouettes differ, so colour is not needed."""
    assert len(set(SHAPES)) == 4
    silhouettes = []
    for seat in range(4):
        alpha = shape_sprite(seat, 24, (128, 128, 128), pal.INK).getchannel("A")
        silhouettes.append({(x, y) for y in range(24) for x in range(24) if alpha.getpixel((x, y)) >= 128})
    for a, b in itertools.combinations(range(4), 2):
        assert len(silhouettes[a] ^ silhouettes[b]) / len(silhouettes[a] | silhouettes[b]) >= 0.1, (a, b)


def test_destination_markers_cover_neither_alexander_nor_one_another() -> None:
    view, state = BOARDS["midgame"]
    targets = destinations(state)
    assert len(targets) >= 3
    frame = frame_of(view)
    assert any(point == view.alexander_point for _, point in targets)  # A4.8: his own point is a destination
    alone = _image(render_board(view, NAMES))
    marked = _image(render_board(view, NAMES, targets=targets))
    ax, ay = frame.point(view.alexander_point)
    reach = STAR * frame.unit + 3
    star = Image.new("L", alone.size, 0)
    ImageDraw.Draw(star).ellipse((ax - reach, ay - reach, ax + reach, ay + reach), fill=255)
    blank = Image.new("RGB", alone.size)
    only_star = [Image.composite(picture.convert("RGB"), blank, star).tobytes() for picture in (alone, marked)]
    assert only_star[0] == only_star[1], "Alexander is drawn whole over markers"
    radius = round(0.21 * frame.unit)
    centres = overlays.marker_centres(frame, targets, view.alexander_point)
    for (label, point), (x, y) in zip(targets, centres, strict=True):
        own = _image(render_board(view, NAMES, targets=[(label, point)]))
        disc = (round(x - radius), round(y - radius), round(x + radius), round(y + radius))
        assert own.crop(disc).tobytes() == marked.crop(disc).tobytes(), label
        letter = phone_px(_extent(marked, _inner(disc, 6), pal.WHITE))  # inside the disc's white rim
        assert letter >= MIN_KEY - 1, (label, letter)


def test_wall_path_labels_cover_nothing_they_must_not() -> None:
    game = None
    for seed in range(1, 60):
        game = Game(4, seed)
        if game.play(lambda s: s.phase.value == "path" and 4 <= len(legal_actions(s)) <= 8):
            break
    assert game is not None and game.state.phase.value == "path"
    view, paths = game.view, candidate_paths(game.state)
    frame = frame_of(view)
    picture = board_picture(view, NAMES)
    star = overlays.alexander_box(frame, view.alexander_point)
    boxes = overlays.wall_paths(ImageDraw.Draw(picture), frame, paths, [star], map_layers(view.board).content)
    assert len(boxes) == len(paths)
    for a, b in itertools.combinations([star, *boxes], 2):
        assert not overlaps(a, b), (a, b)
    plain = _image(render_board(view, NAMES))
    drawn = _image(render_board(view, NAMES, paths=paths))
    crop = tuple(round(v) for v in star)
    assert _gold(plain.crop(crop)) == _gold(drawn.crop(crop)), "Alexander is drawn whole over the paths"
    assert plain.tobytes() != drawn.tobytes()


def _gold(image: Image.Image) -> set[tuple[int, int]]:
    return {(x, y) for y in range(image.height) for x in range(image.width) if image.getpixel((x, y)) == pal.GOLD}


def _inner(box: tuple[int, int, int, int], by: int) -> tuple[int, int, int, int]:
    return (box[0] + by, box[1] + by, box[2] - by, box[3] - by)


def overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize(
    "name",
    [
        "AI (normal) 4",
        "Chandrasekhar Venkataraman Iyer ",
        "Zoë Ångström-Łukasiewicz the Sec",
        "李" * NAME_LIMIT,
        "محمد علي " * 3 + "محمد ",
    ],
)
def test_names_of_the_longest_allowed_length_are_never_cut(name: str) -> None:
    assert len(name) <= NAME_LIMIT
    size = name_size(name, name_width())
    assert fit(name, size, name_width()) == name
    _, top, _, bottom = bold(size).getbbox("M", anchor="ls")
    assert phone_px(bottom - top) >= phone_px(NAME_MIN_SIZE * 0.72)


def test_the_image_is_phone_sized() -> None:
    assert PHONE_WIDTH == 400 and phone_px(WIDTH) == 400
    assert _image(render_board(BOARDS["start"][0], NAMES)).width == WIDTH


def test_a_move_to_any_destination_keeps_alexander_visible() -> None:
    """Alexander's star is gold on every board, whatever was drawn before it."""
    state = new_game(3, 9)
    moves = [a for a in legal_actions(state) if isinstance(a, MoveAlexander)]
    view = public_view(state)
    image = _image(render_board(view, NAMES[:3], targets=destinations(state)))
    x, y = frame_of(view).point(view.alexander_point)
    crop = image.crop((round(x - 30), round(y - 30), round(x + 30), round(y + 30)))
    assert moves and sum(1 for p in crop.getdata() if p == pal.GOLD) >= 300
