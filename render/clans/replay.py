"""An animated replay of a whole game: one frame per action of the move log, each with its arrow.

Frames come from ``board_picture`` (public views only), scaled down and reduced to the board's own fixed palette,
so every clan, arrow and terrain colour comes out exactly as on the board (and no frame's colours depend on
anything but what it shows); each frame stores only the pixels that changed (render/animation.py). The animation
is a GIF, which Discord plays inline everywhere.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

from PIL import Image, ImageDraw

from engine.clans.view import PublicView
from render.animation import palette_image, save_gif, unique
from render.clans.board_image import board_picture, final_picture
from render.clans.indexed import fixed_palette, key_colours
from texts import DEFAULT, Texts, texts

EN = texts(DEFAULT)

SCALE = 0.6
"""Each frame's size relative to the board image."""
FRAME_MS = 700
LAST_FRAME_MS = 4000
"""The final position stays up longer before the animation starts over."""
RENDERER_VERSION = 3
"""Bump whenever a replay's pixels change, a word drawn on it in any catalog included: cached replays of an older
version are drawn again. (A replay is kept per game, not per language: a game's language is fixed once it starts.)
3: the board's own colours, the new marks and key, only the changes stored."""
PROGRESS_PX = 4
PROGRESS_INK = (139, 90, 43)


def _frame(views: Sequence[PublicView], names: Sequence[str], t: Texts, index: int) -> Image.Image:
    """Frame ``index``, scaled, in RGB (which resizing needs); drawn from the unencoded board image."""
    view = views[index]
    final = view.over and index == len(views) - 1
    picture = final_picture(view, names, t) if final else board_picture(view, names, t=t)
    image = picture.convert("RGB")
    size = (round(image.width * SCALE), round(image.height * SCALE))
    frame = image.resize(size, Image.Resampling.BILINEAR)
    _progress(frame, index, len(views))
    return frame


def _progress(frame: Image.Image, index: int, total: int) -> None:
    """A thin bar along the bottom edge showing how far into the game this frame is. It also makes every
    frame differ from the last, so the GIF keeps one frame per action (Pillow merges identical frames)."""
    width = round(frame.width * index / max(total - 1, 1))
    ImageDraw.Draw(frame).rectangle((0, frame.height - PROGRESS_PX, width, frame.height - 1), fill=PROGRESS_INK)


@cache
def replay_palette() -> Image.Image:
    """The board's fixed palette (its key colours first: every clan, the arrow, the terrains) and the progress
    bar's ink, 255 colours at most: the last index marks the pixels a frame leaves unchanged. The same for every
    game, so no frame's colours can tell anything about the secret clans."""
    board = fixed_palette().getpalette() or []
    drawn = [(board[i], board[i + 1], board[i + 2]) for i in range(0, len(board), 3)]
    return palette_image(unique([*key_colours(), PROGRESS_INK, *drawn])[:255])


def render_replay(views: Sequence[PublicView], names: Sequence[str] = (), t: Texts = EN) -> bytes:
    """The views as an animated GIF: FRAME_MS per frame, LAST_FRAME_MS on the last, looping.

    Frames are drawn one at a time and reduced to the palette at once, so the RGB image of only one frame is
    alive at a time; the encoder takes them as they come."""
    if not views:
        raise ValueError("A replay needs at least one position")

    def frames() -> Iterator[Image.Image]:
        for index in range(len(views)):
            yield _frame(views, names, t, index)

    return save_gif(frames(), replay_palette(), [FRAME_MS] * (len(views) - 1) + [LAST_FRAME_MS])
