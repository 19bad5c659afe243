"""Colour-blind safe Alexandros boards: the players' colours stay far apart under simulated colour-vision
deficiencies, as the clans' do, and none repeats a symbol's tint, the sand, the coast, the walls or the star; walls
never look like the coast, red walls differ from black ones by their hollow look as well as their hue, this turn's
walls are marked, and the provinces of any two players differ on a phone under every simulated colour-vision
deficiency (each wash has its own texture)."""

from __future__ import annotations

import io
import itertools

import pytest
from colour_science import MACHADO_2009, ciede2000, lab, seen_distance, simulate
from PIL import Image

from engine.alexandros import load_board
from render.alexandros import overlays, render_board
from render.alexandros import palette as pal
from render.alexandros.board_image import frame_of
from render.alexandros.gallery import Game
from render.alexandros.layout import PHONE_WIDTH, WALL, WIDTH, all_slots, offset_towards, side_ends
from render.alexandros.static import map_frame, map_layers

DEFICIENCIES = [None, *MACHADO_2009]
MIN_APART = 20.0
"""CIEDE2000: about 2 is a just-noticeable difference; 20 is two clearly different colours."""
MIN_WASH_APART = 10.0
"""The mean CIEDE2000 between two players' washed spaces, pixel by pixel, as a phone shows them."""


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_walls_black_and_red_are_far_from_the_coast_and_from_each_other(deficiency: str | None) -> None:
    assert seen_distance(pal.WALL, pal.SHORE, deficiency) >= MIN_APART
    assert seen_distance(pal.RED_WALL, pal.SHORE, deficiency) >= MIN_APART
    assert seen_distance(pal.RED_WALL, pal.WALL, deficiency) >= MIN_APART
    assert seen_distance(pal.SHORE, pal.SEA, deficiency) >= 10


MIN_PLAYERS_APART = 20.0
"""As the clans' colours (tests/render/clans/test_render_colour_vision.py); the Okabe-Ito set came within 10.9."""


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_every_pair_of_player_colours_stays_apart(deficiency: str | None) -> None:
    for a, b in itertools.combinations(range(len(pal.PLAYER_COLOURS)), 2):
        distance = seen_distance(pal.PLAYER_COLOURS[a], pal.PLAYER_COLOURS[b], deficiency)
        assert distance >= MIN_PLAYERS_APART, (deficiency, a, b, round(distance, 1))


BACKGROUND = {
    **{f"{symbol.name.lower()} tint": colour for symbol, colour in pal.SYMBOL_COLOURS.items()},
    "sand": pal.SAND,
    "wall": pal.WALL,
    "white": pal.WHITE,
}
"""What a guard, a wash or an outline is seen against: never a player's colour again."""
NEAR_BACKGROUND = {"coast": pal.SHORE, "sea": pal.SEA, "red wall": pal.RED_WALL, "star": pal.GOLD}


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_no_symbol_tint_or_other_colour_of_the_board_repeats_a_players(deficiency: str | None) -> None:
    """20 apart with normal vision, 12 under a deficiency (the old orange was 8.8 from the star for a tritanope
    and the old blue 0.9 from the coast); the coast, sea, red walls and star 15 and 10."""
    for seat, colour in enumerate(pal.PLAYER_COLOURS):
        for name, other in BACKGROUND.items():
            least = 20.0 if deficiency is None else 12.0
            assert seen_distance(colour, other, deficiency) >= least, (deficiency, seat, name)
        for name, other in NEAR_BACKGROUND.items():
            least = 15.0 if deficiency is None else 10.0
            assert seen_distance(colour, other, deficiency) >= least, (deficiency, seat, name)


def _run_across(image: Image.Image, a: tuple[float, float], b: tuple[float, float], colour: pal.RGB) -> int:
    """How many px of ``colour`` a line across the middle of side a-b meets (its thickness there)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5
    nx, ny = -dy / length, dx / length
    hits = 0
    for k in range(-40, 41):
        x, y = round(mx + nx * k / 2), round(my + ny * k / 2)
        hits += image.getpixel((x, y)) == colour
    return (hits + 1) // 2


def test_a_wall_is_three_times_as_thick_as_the_coast_and_a_red_one_hollow() -> None:
    game = Game(4, 5)
    game.play(lambda s: s.red != 0 and bin(s.walls).count("1") > 30)
    view = game.view
    image = _image(render_board(view))
    frame = frame_of(view)
    board = view.board
    coast = next(s for s in range(len(board.sides)) if board.coast[s] and not view.walls >> s & 1)
    black = next(s for s in range(len(board.sides)) if view.walls >> s & 1 and not view.red >> s & 1)
    red = next(s for s in range(len(board.sides)) if view.red >> s & 1)
    shore = _run_across(image, *side_ends(frame, coast), pal.SHORE)
    wall = _run_across(image, *side_ends(frame, black), pal.WALL)
    assert shore >= 2 and wall >= 3 * shore, (shore, wall)
    assert _run_across(image, *side_ends(frame, red), pal.RED_WALL) >= 4
    assert _run_across(image, *side_ends(frame, red), pal.WALL) >= 2, "a black rim on each side"


def test_the_walls_built_this_turn_are_dotted() -> None:
    game = Game(3, 4)
    game.play(lambda s: game.new_walls != 0 and s.phase.value == "actions")
    view, new = game.view, game.new_walls
    frame = frame_of(view)
    side = next(s for s in range(len(view.board.sides)) if new >> s & 1)
    a, b = side_ends(frame, side)
    dot = (round(a[0] + (b[0] - a[0]) / 5), round(a[1] + (b[1] - a[1]) / 5))
    assert _image(render_board(view, new_walls=new)).getpixel(dot) == pal.NEW_WALL
    assert _image(render_board(view)).getpixel(dot) == pal.WALL


def _washed_space(seat: int, deficiency: str | None) -> list[tuple[float, float, float]]:
    """An open space washed in ``seat``'s colour, as a phone shows it (halved), seen with ``deficiency``."""
    board = load_board()
    layers = map_layers(board)
    space = next(s for s, symbol in enumerate(board.symbol) if symbol is None)
    x, y = all_slots(map_frame(board))[space].centre
    half = 40
    crop = layers.washed[seat].crop((round(x - half), round(y - half), round(x + half), round(y + half)))
    small = crop.resize((crop.width * PHONE_WIDTH // WIDTH, crop.height * PHONE_WIDTH // WIDTH), Image.Resampling.BOX)
    pixels = list(small.getdata())
    if deficiency is None:
        return [(float(r), float(g), float(b)) for r, g, b in pixels]
    return [simulate(p, deficiency) for p in pixels]


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_any_two_players_provinces_differ_on_a_phone(deficiency: str | None) -> None:
    seen = {seat: _washed_space(seat, deficiency) for seat in range(len(pal.PLAYER_COLOURS))}
    for a, b in itertools.combinations(seen, 2):
        mean = sum(ciede2000(lab(p), lab(q)) for p, q in zip(seen[a], seen[b], strict=True)) / len(seen[a])
        assert mean >= MIN_WASH_APART, (deficiency, a, b, round(mean, 1))


def test_owned_provinces_are_outlined_in_their_owners_colour() -> None:
    game = Game(4, 5)
    game.play(lambda s: sum(g >= 0 for g in s.guards) >= 5)
    view = game.view
    image = _image(render_board(view))
    frame = frame_of(view)
    slots = all_slots(frame)
    board = view.board
    owner = overlays.owners(view)
    checked = hits = 0
    for space, pid in enumerate(view.province):
        seat = owner.get(pid, -1)
        if seat < 0:
            continue
        for side in board.space_sides[space]:
            if all(view.province[s] == pid for s in board.side_spaces[side]) and not board.coast[side]:
                continue  # inside the province
            a, b = offset_towards(*side_ends(frame, side), slots[space].centre, WALL * frame.unit / 2 + 2.5)
            middle = (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))
            hits += image.getpixel(middle) == pal.PLAYER_COLOURS[seat]
            checked += 1
    # A guard or a tax tag may stand over a few of them.
    assert checked >= 10 and hits >= 0.8 * checked, (hits, checked)
