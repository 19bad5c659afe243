"""The one font the images use, shipped in data/fonts/ with its licence; nothing from the system."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

FONT_PATH = Path(__file__).resolve().parent.parent / "data" / "fonts" / "DejaVuSans-Bold.ttf"


@cache
def bold(size: int) -> ImageFont.FreeTypeFont:
    """DejaVu Sans Bold at ``size`` px, loaded once per process and size."""
    return ImageFont.truetype(str(FONT_PATH), size)


def fit(text: str, size: int, width: float) -> str:
    """``text`` shortened with an ellipsis so that it is at most ``width`` px wide at ``size``."""
    font = bold(size)
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"
