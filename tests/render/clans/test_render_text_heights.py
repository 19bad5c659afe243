"""The smallest text on the map at phone width, as bench/render.py measures it (every string the map draws,
recorded from Pillow while the gallery's boards render in a fresh process): at least 13 px, as tall as the
territory numbers. The board before this check drew village values 5 px and pip counts 6-7 px tall there."""

from __future__ import annotations

from bench.render import measured

MIN_TEXT_PX = 13.0


def test_the_smallest_map_text_is_13px_on_a_phone() -> None:
    figures = measured()
    assert float(figures["smallest_px"]) >= MIN_TEXT_PX, figures
