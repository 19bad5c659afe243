"""An animated replay of a finished Alexandros game: one frame per action of the move log, then the result.

Each frame is the board image (render/alexandros/board_image.py, public views only) halved to 400 px wide, as a
phone shows the board in the chat, with
a strip below it saying what was just done ("Ada builds 3 walls.", in the acting player's colour) and a bar
showing how far into the game it is. A frame per action rather than per turn: a turn is Alexander's move, his
walls and two actions, and seeing them one by one is what lets a reader follow a take-over or a tax. The last
frame holds the result (the end's reason, the ranking, the winners) over the dimmed final board.

Frames are drawn one at a time and reduced at once to one shared palette, so only one RGB frame is alive at a
time; the GIF encoder stores only the part of each frame that changed, unchanged pixels made transparent.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from PIL import Image, ImageDraw

from engine.alexandros import Action, PublicView, Result
from render.alexandros import board_image
from render.alexandros.palette import INK, PAPER, PLAYER_COLOURS, RGB, WHITE
from render.animation import palette_image, save_gif, unique
from render.fonts import draw_name, fit
from texts import DEFAULT, Texts, texts
from texts.alexandros.names import end_reason_text, played_text

EN = texts(DEFAULT)

RENDERER_VERSION = 4
"""Bump whenever a replay's pixels change, a word drawn on it in any catalog included: kept replays of an older
version are drawn again. (A replay is kept per game, not per language: a game's language is fixed once it starts.)
3: the players' new colours, the key and the result on the board. 4: the region names and space numbers over
the walls, washes and paths."""
FRAME_MS = 700
LAST_FRAME_MS = 5000
"""The result stays up longer before the animation starts over."""
COLOURS = 192
"""Enough for the board's tints under the players' washes, the icons and the smoothed edges."""
STRIP = 26
"""The caption strip under the board, in px."""
PROGRESS_PX = 3
PROGRESS_INK = (139, 90, 43)
CAPTION_PX = 13
DIM = 0.55
"""How much of the final board shows through the result panel's backdrop."""


def board_picture(view: PublicView, names: Sequence[str], t: Texts, new_walls: int = 0) -> Image.Image:
    """The board image at a phone's size (a box filter halves it: the same look, fast)."""
    return board_image.board_picture(view, names, t=t, new_walls=new_walls).reduce(2)


def _with_strip(board: Image.Image) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    frame = Image.new("RGB", (board.width, board.height + STRIP), PAPER)
    frame.paste(board, (0, 0))
    return frame, ImageDraw.Draw(frame)


def _progress(draw: ImageDraw.ImageDraw, size: tuple[int, int], index: int, total: int) -> None:
    """How far into the game this frame is. It also makes every frame differ from the last, so the GIF keeps
    one frame per action (Pillow merges identical frames)."""
    width, height = size
    filled = round(width * index / max(total - 1, 1))
    draw.rectangle((0, height - PROGRESS_PX, filled, height - 1), fill=PROGRESS_INK)


def action_frame(
    view: PublicView,
    play: tuple[int, Action] | None,
    names: Sequence[str],
    t: Texts,
    index: int,
    total: int,
    new_walls: int = 0,
) -> Image.Image:
    """The board after an action, captioned with what the acting player did (nothing on the setup); the walls
    in ``new_walls`` (built this turn) dotted as on the board image."""
    frame, draw = _with_strip(board_picture(view, names, t, new_walls))
    y = frame.height - STRIP + (STRIP - PROGRESS_PX) // 2
    if play is None:
        caption, colour = t._("The game begins."), INK
    else:
        seat, action = play
        caption, colour = played_text(t, _name(names, seat), action), PLAYER_COLOURS[seat]
    draw.ellipse((8, y - 6, 20, y + 6), fill=colour, outline=INK)
    draw_name(draw, (26, y), fit(caption, CAPTION_PX, frame.width - 34), CAPTION_PX, INK)
    _progress(draw, frame.size, index, total)
    return frame


def result_frame(view: PublicView, result: Result, names: Sequence[str], t: Texts) -> Image.Image:
    """The final board, dimmed, under a panel with why the game ended, every player's points and the winners."""
    board = board_picture(view, names, t)
    board = Image.blend(board, Image.new("RGB", board.size, WHITE), 1 - DIM)
    frame, draw = _with_strip(board)
    ranking = sorted(range(view.players), key=lambda seat: (-result.scores[seat], seat))
    lines = 2 + len(ranking)
    row = 24
    height = row * lines + 16
    top = (frame.height - height) // 2
    left, right = 40, frame.width - 40
    draw.rounded_rectangle((left, top, right, top + height), radius=10, fill=PAPER, outline=INK, width=2)
    title = t._("Game over: {reason}.", reason=end_reason_text(t, result.reason))
    width = right - left - 24
    y = top + 8 + row // 2
    draw_name(draw, (left + 12, y), fit(title, 14, width), 14, INK)
    for seat in ranking:
        y += row
        draw.ellipse((left + 12, y - 7, left + 26, y + 7), fill=PLAYER_COLOURS[seat], outline=INK)
        line = f"{_name(names, seat)}  {result.scores[seat]}"
        draw_name(draw, (left + 34, y), fit(line, 14, width - 22), 14, INK)
    y += row
    winners = t.listing(_name(names, seat) for seat in result.winners)
    won = t.n_("Winner: {winners}", "Winners: {winners}", len(result.winners), winners=winners)
    draw_name(draw, (left + 12, y), fit(won, 14, width), 14, INK)
    _progress(draw, frame.size, 1, 1)
    return frame


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"P{seat + 1}"


def key_colours() -> list[RGB]:
    """Colours that must come out exactly: the board's flat fills, washes, players, walls (a median cut of
    mostly sand and sea would merge the players' colours into greys), and the progress bar."""
    return [*board_image.key_colours(), PROGRESS_INK]


def replay_palette(first: Image.Image, last: Image.Image) -> Image.Image:
    """One palette for every frame, so unchanged pixels stay identical and the GIF stores only what changed:
    the key colours, then the smoothed edges and the dimmed end as a median cut of the first and last frames."""
    keys = key_colours()
    sample = Image.new("RGB", (first.width, first.height + last.height))
    sample.paste(first, (0, 0))
    sample.paste(last, (0, first.height))
    cut = sample.quantize(COLOURS - len(keys), method=Image.Quantize.MEDIANCUT).getpalette() or []
    drawn = [(cut[i], cut[i + 1], cut[i + 2]) for i in range(0, len(cut), 3)]
    return palette_image(unique([*keys, *drawn])[:COLOURS])


def _frames(
    views: Sequence[PublicView],
    plays: Sequence[tuple[int, Action]],
    result: Result | None,
    names: Sequence[str],
    t: Texts,
) -> Iterator[Image.Image]:
    total = len(views) + (result is not None)
    for index, view in enumerate(views):
        play = plays[index - 1] if index else None
        yield action_frame(view, play, names, t, index, total, new_walls(views, index))
    if result is not None:
        yield result_frame(views[-1], result, names, t)


def new_walls(views: Sequence[PublicView], index: int) -> int:
    """The walls of ``views[index]`` built during its turn: standing now and not when the turn began."""
    start = index
    while start > 0 and views[start - 1].turn == views[index].turn:
        start -= 1
    return views[index].walls & ~views[start].walls


def frame_count(views: Sequence[PublicView], result: Result | None) -> int:
    return len(views) + (result is not None)


def render_replay(
    views: Sequence[PublicView],
    plays: Sequence[tuple[int, Action]],
    result: Result | None,
    names: Sequence[str] = (),
    t: Texts = EN,
) -> bytes:
    """The game as an animated GIF, looping: the setup, the position after each action (``plays[i]`` is the
    (seat, action) that led from ``views[i]`` to ``views[i + 1]``), then, for a finished game, the result.

    The palette is taken from the first and the last frames: the setup shows every symbol's tint, the end most
    of the players' washes, walls and the result panel."""
    if not views or len(plays) != len(views) - 1:
        raise ValueError("A replay needs the setup and one position per action")
    total = frame_count(views, result)
    frames = _frames(views, plays, result, names, t)
    first = next(frames)
    if result is not None:
        last = result_frame(views[-1], result, names, t)
    else:
        last = action_frame(
            views[-1], plays[-1] if plays else None, names, t, total - 1, total, new_walls(views, len(views) - 1)
        )
    palette = replay_palette(first, last)
    del last
    durations = [FRAME_MS] * (total - 1) + [LAST_FRAME_MS if result else FRAME_MS]
    every = itertools.chain([first], frames)
    del first  # only one RGB frame alive at a time
    return save_gif(every, palette, durations)
