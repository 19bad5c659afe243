"""The one font the images use, shipped in render/data/ with its licence; nothing from the system."""

from __future__ import annotations

import io
from functools import cache
from importlib import resources

from PIL import ImageFont

FONT_FILE = "DejaVuSans-Bold.ttf"


@cache
def _font_bytes() -> bytes:
    """The font file, found through the installed package (it may not be a plain file on disk)."""
    return (resources.files("render") / "data" / FONT_FILE).read_bytes()


@cache
def bold(size: int) -> ImageFont.FreeTypeFont:
    """DejaVu Sans Bold at ``size`` px, loaded once per process and size."""
    return ImageFont.truetype(io.BytesIO(_font_bytes()), size)


def fit(text: str, size: int, width: float) -> str:
    """``text`` shortened with an ellipsis so that it is at most ``width`` px wide at ``size``."""
    font = bold(size)
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"
