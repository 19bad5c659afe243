"""An animated replay of a whole game: one frame per action of the move log, each with its arrow.

Frames come from ``render_board`` (public views only), scaled down and reduced to one shared palette;
the animation is a GIF, which Discord plays inline everywhere.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.view import PublicView
from render.board_image import render_board, render_final
from texts import DEFAULT, Texts, texts

EN = texts(DEFAULT)

SCALE = 0.6
"""Each frame's size relative to the board image: small enough for a long game to stay well under 8 MB."""
FRAME_MS = 700
LAST_FRAME_MS = 4000
"""The final position stays up longer before the animation starts over."""
COLOURS = 96
PROGRESS_PX = 4
PROGRESS_INK = (139, 90, 43)


def replay_frames(views: Sequence[PublicView], names: Sequence[str] = (), t: Texts = EN) -> list[Image.Image]:
    """The scaled RGB frames, one per view; the last view of a finished game shows the results."""
    frames = []
    for index, view in enumerate(views):
        final = view.over and index == len(views) - 1
        png = render_final(view, names, t) if final else render_board(view, names, t=t)
        image = Image.open(io.BytesIO(png)).convert("RGB")
        size = (round(image.width * SCALE), round(image.height * SCALE))
        frame = image.resize(size, Image.Resampling.BILINEAR)
        _progress(frame, index, len(views))
        frames.append(frame)
    return frames


def _progress(frame: Image.Image, index: int, total: int) -> None:
    """A thin bar along the bottom edge showing how far into the game this frame is. It also makes every
    frame differ from the last, so the GIF keeps one frame per action (Pillow merges identical frames)."""
    width = round(frame.width * index / max(total - 1, 1))
    ImageDraw.Draw(frame).rectangle((0, frame.height - PROGRESS_PX, width, frame.height - 1), fill=PROGRESS_INK)


def render_replay(views: Sequence[PublicView], names: Sequence[str] = (), t: Texts = EN) -> bytes:
    """The views as an animated GIF: FRAME_MS per frame, LAST_FRAME_MS on the last, looping."""
    if not views:
        raise ValueError("A replay needs at least one position")
    frames = replay_frames(views, names, t)
    # One palette for every frame, so unchanged pixels stay identical and the GIF stores only what changed.
    # It is taken from the setup and the last position before the end, never from the reveal: the colours
    # of every frame before the end must not depend on the secret clans.
    public = frames[:-1] if views[-1].over and len(frames) > 1 else frames
    first, last = public[0], public[-1]
    sample = Image.new("RGB", (first.width, first.height + last.height))
    sample.paste(first, (0, 0))
    sample.paste(last, (0, first.height))
    palette = sample.quantize(COLOURS, method=Image.Quantize.MEDIANCUT)
    indexed = [frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames]
    out = io.BytesIO()
    indexed[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=indexed[1:],
        duration=[FRAME_MS] * (len(indexed) - 1) + [LAST_FRAME_MS],
        loop=0,
        optimize=False,
        disposal=1,
    )
    return out.getvalue()
