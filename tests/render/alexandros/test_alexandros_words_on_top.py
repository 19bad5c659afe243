"""Every region name and every space number reads whole, whatever the board draws over the map: the pixels that
a label's glyphs fill, drawn alone, come out in the label's own ink on the board as a player receives it (the
PNG), over walls (black, red, built this turn), province washes and outlines, guards, tax tags and candidate
wall paths; on the gallery's positions and on 200 random positions at every stage of a game, in the three
languages. Only Alexander's star and the destination markers, drawn last on the points so that nothing ever
covers them, may hide a label's corner. The old board drew walls, outlines and paths over the labels
("BABY|LONIA", "PERSIA" without its P, 108, 123 and 125 crossed by the walls at the map's left)."""

from __future__ import annotations

import io
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import pytest
from PIL import Image, ImageDraw

import engine.alexandros as alex
from render.alexandros import palette as pal
from render.alexandros import render_board
from render.alexandros.board_image import placement
from render.alexandros.gallery import NAMES, NAMES_IN_SCRIPTS, Game, candidate_paths, destinations
from render.alexandros.labels import region_names
from render.alexandros.layout import NUMBER_SIZE, WIDTH, all_slots, board_frame, header_height, image_height
from render.fonts import bold
from texts import texts

Box = tuple[float, float, float, float]
Point = tuple[int, int]


@dataclass(frozen=True)
class Position:
    name: str
    view: alex.PublicView
    names: Sequence[str]
    targets: Sequence[tuple[str, int]] = ()
    paths: Sequence[tuple[str, Sequence[int]]] = ()
    new_walls: int = 0
    lang: str = "en"

    def png(self) -> Image.Image:
        png = render_board(
            self.view,
            self.names,
            targets=self.targets,
            t=texts(self.lang),
            paths=self.paths,
            new_walls=self.new_walls,
        )
        return Image.open(io.BytesIO(png)).convert("RGB")


def _at(name: str, game: Game, names: Sequence[str] = NAMES, lang: str = "en") -> Position:
    """The position ``game`` stands at as the bot draws it: Alexander's destinations lettered at a move, the
    candidate paths numbered at a path choice, this turn's walls dotted."""
    state = game.state
    targets = destinations(state) if state.phase is alex.Phase.MOVE else []
    paths = candidate_paths(state)[:6] if state.phase is alex.Phase.PATH else []
    return Position(name, game.view, names[: state.players], targets, paths, game.new_walls, lang)


@cache
def gallery_positions() -> list[Position]:
    """The gallery's boards (render/alexandros/gallery.py), at the same positions."""
    start = Game(4, 2)
    midgame = Game(4, 5)
    midgame.play(lambda s: s.black_left <= 22 and s.phase is alex.Phase.ACTIONS and sum(g >= 0 for g in s.guards) >= 7)
    named = Game(4, 7)
    named.play(lambda s: s.turn >= 10 and s.phase is alex.Phase.MOVE)
    final = Game(3, 3)
    final.play(lambda s: False, limit=5000)
    replayed = Game(3, 6)
    replayed.play(lambda s: s.ply >= 45)
    positions = [
        _at("start", start),
        _at("midgame", midgame),
        _at("names", named, NAMES_IN_SCRIPTS),
        _at("final", final),
        _at("replay frame", replayed),
    ]
    for seed in range(1, 200):
        game = Game(3, seed)
        if game.play(lambda s: any(isinstance(a, alex.TakeOver) for a in alex.legal_actions(s))):
            game.step(next(a for a in alex.legal_actions(game.state) if isinstance(a, alex.TakeOver)))
            positions.append(_at("takeover", game))
            break
    for seed in range(1, 200):
        game = Game(4, seed)
        if game.play(lambda s: s.phase is alex.Phase.PATH and s.turn > 8 and 3 <= len(alex.legal_actions(s)) <= 6):
            positions.append(_at("paths", game))
            break
    assert len(positions) == 7
    return positions


def random_positions(count: int = 200) -> Iterator[Position]:
    """Seeded random games (two to four players) stopped anywhere from the first action to the end, a quarter
    of them at a path choice, in turn in English, German and Italian."""
    rng = random.Random(3535)
    for k in range(count):
        game = Game(rng.randint(2, 4), rng.randrange(10**6))
        stop = rng.randint(1, 140)
        at_path = k % 4 == 0
        game.play(lambda s, stop=stop, path=at_path: s.ply >= stop and (not path or s.phase is alex.Phase.PATH))
        yield _at(f"random {k} (ply {game.state.ply})", game, lang=("en", "de", "it")[k % 3])


@dataclass(frozen=True)
class Label:
    what: str
    ink: pal.RGB
    pixels: tuple[Point, ...]
    """The pixels its glyphs fill wholly, on the full image."""


@cache
def labels(board: alex.Board, lang: str, players: int) -> tuple[Label, ...]:
    """Every region name (its sprite's pixels of full ink) and every space number (drawn alone where the board
    draws it), placed on the full image."""
    top = header_height(players)
    found = []
    for region in region_names(board, lang):
        sprite = region.sprite
        pixels = sprite.load()
        inked = tuple(
            (x + region.at[0], y + region.at[1] + top)
            for y in range(sprite.height)
            for x in range(sprite.width)
            if pixels[x, y] == (*pal.REGION_INK, 255)
        )
        found.append(Label(f"region name at {region.at}", pal.REGION_INK, inked))
    slots = all_slots(board_frame(board, players))
    font = bold(NUMBER_SIZE)
    for space, symbol in enumerate(board.symbol):
        if symbol is None:
            continue
        x, y = slots[space].number
        left, upper = round(x) - 40, round(y) - 20
        alone = Image.new("L", (80, 40), 0)
        ImageDraw.Draw(alone).text((x - left, y - upper), str(space), font=font, fill=255, anchor="mm")
        filled = alone.load()
        inked = tuple((i + left, j + upper) for j in range(40) for i in range(80) if filled[i, j] == 255)
        found.append(Label(f"space number {space}", pal.NUMBER_INK, inked))
    assert all(len(label.pixels) >= 20 for label in found)
    return tuple(found)


@cache
def ink_layer(board: alex.Board, lang: str, players: int) -> tuple[Image.Image, Image.Image]:
    """All the labels' ink as one image and its mask, the size of the board image."""
    size = (WIDTH, image_height(board, players))
    colours, mask = Image.new("RGB", size), Image.new("L", size, 0)
    for label in labels(board, lang, players):
        for p in label.pixels:
            colours.putpixel(p, label.ink)
            mask.putpixel(p, 255)
    return colours, mask


def hidden(position: Position) -> list[str]:
    """Each label some of whose ink is missing from the board, but under Alexander's star or a marker."""
    view = position.view
    image = position.png()
    placed = placement(view, position.targets, texts(position.lang), position.paths)
    last = [_grown(box, 2) for box in (placed.star, *placed.markers)]  # their smoothed rims reach a px past
    whole = image.copy()  # the board with every label's ink pasted over it, but where the star and markers go
    whole.paste(*ink_layer(view.board, position.lang, view.players))
    for box in last:
        corner = (math.floor(box[0]), math.floor(box[1]))
        whole.paste(image.crop((*corner, math.ceil(box[2]) + 1, math.ceil(box[3]) + 1)), corner)
    if whole.tobytes() == image.tobytes():
        return []
    pixels = image.load()
    found = []
    for label in labels(view.board, position.lang, view.players):
        missing = [p for p in label.pixels if pixels[p] != label.ink and not any(_inside(p, box) for box in last)]
        if missing:
            under = pixels[missing[0]]
            found.append(f"{position.name}: {label.what}, {len(missing)} of {len(label.pixels)} px under {under}")
    return found


def _grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _inside(p: Point, box: Box) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


@pytest.mark.parametrize("index", range(7))
def test_every_name_and_number_reads_whole_on_the_gallerys_boards(index: int) -> None:
    assert hidden(gallery_positions()[index]) == []


def test_every_name_and_number_reads_whole_on_200_random_positions() -> None:
    walled = pathed = over = 0
    problems: list[str] = []
    for position in random_positions():
        problems += hidden(position)
        walled += bin(position.view.walls).count("1") >= 20
        pathed += bool(position.paths)
        over += position.view.end_reason is not None
    assert problems == [], (len(problems), problems[:10])
    assert walled >= 100 and pathed >= 40 and over >= 10, (walled, pathed, over)
