"""An animated replay of a whole game: one frame per action of the move log, each with its arrow.

Frames come from ``render_board`` (public views only), scaled down and reduced to one shared palette;
the animation is a GIF, which Discord plays inline everywhere.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.clans.view import PublicView
from render.clans.board_image import board_picture, final_picture
from texts import DEFAULT, Texts, texts

EN = texts(DEFAULT)

SCALE = 0.6
"""Each frame's size relative to the board image: small enough for a long game to stay well under 8 MB."""
FRAME_MS = 700
LAST_FRAME_MS = 4000
"""The final position stays up longer before the animation starts over."""
COLOURS = 96
RENDERER_VERSION = 2
"""Bump whenever a replay's pixels change, a word drawn on it in any catalog included: cached replays of an older
version are drawn again. (A replay is kept per game, not per language: a game's language is fixed once it starts.)"""
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


def replay_palette(views: Sequence[PublicView], names: Sequence[str] = (), t: Texts = EN) -> Image.Image:
    """One palette for every frame, so unchanged pixels stay identical and the GIF stores only what changed.
    It is taken from the setup and the last position before the end, never from the reveal: the colours of
    every frame before the end must not depend on the secret clans."""
    last_public = len(views) - 2 if views[-1].over and len(views) > 1 else len(views) - 1
    first, last = _frame(views, names, t, 0), _frame(views, names, t, last_public)
    sample = Image.new("RGB", (first.width, first.height + last.height))
    sample.paste(first, (0, 0))
    sample.paste(last, (0, first.height))
    return sample.quantize(COLOURS, method=Image.Quantize.MEDIANCUT)


def render_replay(views: Sequence[PublicView], names: Sequence[str] = (), t: Texts = EN) -> bytes:
    """The views as an animated GIF: FRAME_MS per frame, LAST_FRAME_MS on the last, looping.

    Frames are drawn one at a time and reduced to the palette at once, so the RGB image of only one frame is
    alive at a time (a third of the memory of keeping them all in RGB); the encoder takes them as they come."""
    if not views:
        raise ValueError("A replay needs at least one position")
    palette = replay_palette(views, names, t)
    indexed = (
        _frame(views, names, t, index).quantize(palette=palette, dither=Image.Dither.NONE)
        for index in range(len(views))
    )
    out = io.BytesIO()
    next(indexed).save(
        out,
        format="GIF",
        save_all=True,
        append_images=indexed,
        duration=[FRAME_MS] * (len(views) - 1) + [LAST_FRAME_MS],
        loop=0,
        optimize=False,
        disposal=1,
    )
    return out.getvalue()
