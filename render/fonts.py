"""The fonts the images use, shipped in data/fonts/ with their licences; nothing from the system.

DejaVu Sans Bold draws everything the board itself writes and most scripts of player names (Latin,
Greek, Cyrillic, Arabic, Hebrew, Armenian, Georgian). A name falls back, cluster by cluster, along a
chain: DejaVu Sans Bold, then Droid Sans Fallback (CJK, Hangul, Thai, Devanagari and more), then Symbola
(emoji and symbols, drawn in one colour). Which font has a character is read from the font's own cmap,
so a name is drawn only with glyphs that exist; ``name_is_drawable`` says whether every character has one.
"""

from __future__ import annotations

import io
import struct
import unicodedata
from collections.abc import Iterator
from functools import cache
from importlib import resources

from PIL import ImageDraw, ImageFont

FONT_FILES = ("DejaVuSans-Bold.ttf", "DroidSansFallbackFull.ttf", "Symbola.ttf")
"""The fallback chain, in order; the files travel inside the data package (data/fonts/)."""
ELLIPSIS = "…"
INVISIBLE = {0x200C, 0x200D, 0xFE0E, 0xFE0F, 0x20E3}
"""Joiners and variation selectors: they shape a neighbour and need no glyph of their own."""

RGB = tuple[int, int, int]


@cache
def font_bytes(index: int) -> bytes:
    """A font of the chain, found through the installed package (it may not be a plain file on disk)."""
    return (resources.files("data.fonts") / FONT_FILES[index]).read_bytes()


@cache
def bold(size: int) -> ImageFont.FreeTypeFont:
    """DejaVu Sans Bold at ``size`` px, loaded once per process and size."""
    return ImageFont.truetype(io.BytesIO(font_bytes(0)), size)


@cache
def _chain_font(index: int, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(io.BytesIO(font_bytes(index)), size)


@cache
def covered(index: int) -> frozenset[int]:
    """Every code point the chain's font ``index`` maps to a glyph (its cmap, formats 4 and 12)."""
    data = font_bytes(index)
    tables = struct.unpack(">H", data[4:6])[0]
    cmap = None
    for i in range(tables):
        tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
        if tag == b"cmap":
            cmap = offset
    if cmap is None:
        return frozenset()
    points: set[int] = set()
    for i in range(struct.unpack(">H", data[cmap + 2 : cmap + 4])[0]):
        platform, encoding, sub = struct.unpack(">HHI", data[cmap + 4 + 8 * i : cmap + 12 + 8 * i])
        if (platform == 3 and encoding in (1, 10)) or platform == 0:
            points |= _subtable(data, cmap + sub)
    return frozenset(points)


def _subtable(data: bytes, at: int) -> set[int]:
    fmt = struct.unpack(">H", data[at : at + 2])[0]
    points: set[int] = set()
    if fmt == 4:
        segs = struct.unpack(">H", data[at + 6 : at + 8])[0] // 2
        ends = struct.unpack(f">{segs}H", data[at + 14 : at + 14 + 2 * segs])
        base = at + 16 + 2 * segs
        starts = struct.unpack(f">{segs}H", data[base : base + 2 * segs])
        deltas = struct.unpack(f">{segs}h", data[base + 2 * segs : base + 4 * segs])
        ranges_at = base + 4 * segs
        offsets = struct.unpack(f">{segs}H", data[ranges_at : ranges_at + 2 * segs])
        for k in range(segs):
            for cp in range(starts[k], ends[k] + 1):
                if cp == 0xFFFF:
                    continue
                if offsets[k] == 0:
                    glyph = (cp + deltas[k]) & 0xFFFF
                else:
                    where = ranges_at + 2 * k + offsets[k] + 2 * (cp - starts[k])
                    glyph = struct.unpack(">H", data[where : where + 2])[0]
                    glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
                if glyph:
                    points.add(cp)
    elif fmt == 12:
        groups = struct.unpack(">I", data[at + 12 : at + 16])[0]
        for g in range(groups):
            start, end, glyph = struct.unpack(">III", data[at + 16 + 12 * g : at + 28 + 12 * g])
            points.update(range(start + (1 if glyph == 0 else 0), end + 1))
    return points


def clusters(text: str) -> Iterator[str]:
    """``text`` cut into clusters that must stay together: a character with its combining marks, and
    emoji joined by zero-width joiners, variation selectors or skin-tone modifiers."""
    current = ""
    joined = False
    for ch in text:
        cp = ord(ch)
        attaches = unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me") or cp in INVISIBLE
        attaches = attaches or 0x1F3FB <= cp <= 0x1F3FF or joined
        if current and attaches:
            current += ch
        else:
            if current:
                yield current
            current = ch
        joined = cp == 0x200D
    if current:
        yield current


def font_index(cluster: str) -> int | None:
    """The first font of the chain that has a glyph for every visible character of ``cluster``."""
    needed = [ord(c) for c in cluster if ord(c) not in INVISIBLE]
    for index in range(len(FONT_FILES)):
        cmap = covered(index)
        if all(cp in cmap for cp in needed):
            return index
    return None


def name_is_drawable(name: str) -> bool:
    """Whether the shipped fonts draw every character of ``name`` (no empty boxes)."""
    return bool(name.strip()) and all(font_index(c) is not None or c.isspace() for c in clusters(name))


def _runs(text: str) -> list[tuple[int, str]]:
    """``text`` as runs of consecutive clusters drawn with the same font (undrawable ones dropped)."""
    runs: list[tuple[int, str]] = []
    for cluster in clusters(text):
        index = 0 if cluster.isspace() else font_index(cluster)
        if index is None:
            continue
        if index == 2:
            cluster = "".join(c for c in cluster if ord(c) not in INVISIBLE)
        if runs and runs[-1][0] == index:
            runs[-1] = (index, runs[-1][1] + cluster)
        else:
            runs.append((index, cluster))
    return runs


def text_width(text: str, size: int) -> float:
    return sum(_chain_font(i, size).getlength(run) for i, run in _runs(text))


def fit(text: str, size: int, width: float) -> str:
    """``text`` shortened with an ellipsis, cut between clusters, so that it is at most ``width`` px wide."""
    if text_width(text, size) <= width:
        return text
    parts = list(clusters(text))
    while parts and text_width("".join(parts) + ELLIPSIS, size) > width:
        parts.pop()
    return "".join(parts).rstrip() + ELLIPSIS


def draw_name(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: RGB, anchor: str = "lm"
) -> None:
    """Draw ``text`` left-aligned (anchor "lm" or "ls"), each run in the first font of the chain that has
    its glyphs, all runs on one baseline. A one-font run is shaped by raqm when Pillow has it (Arabic)."""
    x, y = xy
    if anchor == "lm":
        ascent, descent = bold(size).getmetrics()
        y = y + (ascent - descent) / 2
    for index, run in _runs(text):
        font = _chain_font(index, size)
        draw.text((x, y), run, font=font, fill=fill, anchor="ls")
        x += font.getlength(run)
