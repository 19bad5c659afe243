"""What both games' animated replays share: frames reduced to one fixed palette, stored as only what changed.

A GIF frame drawn over the one before (disposal 1) needs only the pixels that changed; the others are set to a
palette index no drawn colour uses, which the GIF declares transparent, and runs of it compress to almost
nothing. Done here with whole-image operations (Pillow's own way walks the pixels in Python).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Sequence

from PIL import Image, ImageChops

RGB = tuple[int, int, int]
GIF_COLOURS = 256


def palette_image(colours: Sequence[RGB]) -> Image.Image:
    """A palette image of ``colours`` in order (at most 255: the last GIF index stays free for "unchanged")."""
    if len(colours) >= GIF_COLOURS:
        raise ValueError("a replay palette keeps one index free for the unchanged pixels")
    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in colours for channel in colour])
    return image


def unique(colours: Iterable[RGB]) -> list[RGB]:
    seen: list[RGB] = []
    for colour in colours:
        if colour not in seen:
            seen.append(colour)
    return seen


def _raw(frame: Image.Image) -> Image.Image:
    """A palette image's indexes as a grey image (no palette lookup)."""
    return Image.frombytes("L", frame.size, frame.tobytes())


def only_changes(first: Image.Image, frames: Iterable[Image.Image], clear: int) -> Iterator[Image.Image]:
    """Each of ``frames`` (palette images) with the pixels that did not change since the one before set to
    ``clear``: drawn over one another, the frames show the same."""
    previous = first
    for frame in frames:
        changed = ImageChops.difference(_raw(previous), _raw(frame)).point(lambda v: 255 if v else 0)
        sparse = Image.new("P", frame.size, clear)
        sparse.putpalette(frame.getpalette() or [])
        sparse.paste(frame, (0, 0), changed)
        yield sparse
        previous = frame


def save_gif(frames: Iterable[Image.Image], palette: Image.Image, durations: Sequence[int]) -> bytes:
    """RGB ``frames`` reduced to ``palette`` (nearest colour, no dithering) one at a time, so that only one RGB
    frame is alive at once, and saved as a looping GIF storing only what changed from frame to frame."""
    clear = len(palette.getpalette() or []) // 3

    def indexed(frame: Image.Image) -> Image.Image:
        return frame.quantize(palette=palette, dither=Image.Dither.NONE)

    stream = iter(frames)
    start = indexed(next(stream))
    later = only_changes(start, (indexed(frame) for frame in stream), clear)
    out = io.BytesIO()
    start.save(
        out,
        format="GIF",
        save_all=True,
        append_images=later,
        duration=list(durations),
        loop=0,
        transparency=clear,
        disposal=1,
        optimize=False,
    )
    return out.getvalue()
