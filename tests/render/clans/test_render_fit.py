"""Nothing spills out of a hex: every group of items a territory can hold (one to five clans, one- and
two-digit counts, the total, a village badge, the "?" of a pending village, strife's count, the viewer's
ring) lies inside its hexagon."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops, ImageDraw

import engine.clans as engine
from engine.clans import Clan
from render.clans.board_image import Extra, hut_group
from render.clans.layout import layout_for, shows_total

TID = 30


def _outside(huts: tuple[int, ...], own: Clan | None, extra: Extra, lost: tuple[int, ...]) -> int:
    """Pixels of the territory's items drawn outside its hexagon (the hexagon's own edge counts as inside)."""
    layout = layout_for(engine.load_board())
    group, (dx, dy) = hut_group(layout.scale, huts, own, extra, lost)
    cx, cy = layout.center(TID)
    left, top = cx + dx, cy + dy
    hexagon = Image.new("L", group.size, 0)
    ImageDraw.Draw(hexagon).polygon([(x - left, y - top) for x, y in layout.polygon(TID)], fill=255, outline=255)
    spill = ImageChops.subtract(group.mask, hexagon)
    return sum(1 for v in spill.getdata() if v)


def _rows() -> list[tuple[int, ...]]:
    rows = []
    for n in range(1, 6):
        for clans in itertools.combinations(range(5), n):
            for count in (1, 12):
                rows.append(tuple(count if c in clans else 0 for c in range(5)))
    return rows


EXTRAS: list[Extra] = [("", 0, False), ("total", 14, False), ("village", 17, False), ("pending", 0, False)]


@pytest.mark.parametrize("extra", EXTRAS)
def test_every_group_of_items_stays_inside_its_hex(extra: Extra) -> None:
    spilt = []
    for huts in _rows():
        present = [Clan(c) for c, n in enumerate(huts) if n]
        if extra[0] in ("", "total") and (extra[0] == "total") != shows_total(len(present)):
            continue  # the board draws a total exactly for two to four clans
        for own in (None, present[-1]):
            if _outside(huts, own, extra, ()):
                spilt.append((huts, own))
    assert spilt == []


def test_strife_count_and_a_village_stay_inside_the_hex() -> None:
    village: Extra = ("village", 9, False)
    for huts in [(2, 0, 3, 0, 0), (2, 2, 3, 0, 0), (2, 2, 3, 2, 0), (0, 4, 0, 0, 0)]:
        lost = tuple(0 if n else 1 for n in huts)
        assert _outside(huts, None, village, lost) == 0, huts


def test_the_check_sees_a_spill() -> None:
    """The measure itself: the same group shifted off its hex is caught."""
    layout = layout_for(engine.load_board())
    group, _ = hut_group(layout.scale, (1, 1, 1, 1, 1), None, ("", 0, False), ())
    hexagon = Image.new("L", group.size, 0)
    cx, cy = layout.center(TID)
    left, top = cx + layout.scale // 2, cy
    ImageDraw.Draw(hexagon).polygon([(x - left, y - top) for x, y in layout.polygon(TID)], fill=255)
    assert sum(1 for v in ImageChops.subtract(group.mask, hexagon).getdata() if v) > 100
