"""What is drawn over the map each render: province outlines, walls, tax tags, candidate wall paths,
destination markers and Alexander, in that order (Alexander last: nothing ever covers him).

Markers and path labels are placed so that none covers another, Alexander, or a tax tag: a marker sits on its
point (points are a triangle side apart, wider than two markers), a path label on the middle of one of its
own sides, the first of them clear of everything placed before it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.alexandros import PublicView
from render.alexandros import palette as pal
from render.alexandros.icons import shape_sprite
from render.alexandros.layout import (
    GUARD,
    MARKER,
    STAR,
    TAG_SIZE,
    WALL,
    Frame,
    Px,
    Slots,
    offset_towards,
    side_ends,
)
from render.fonts import bold

Box = tuple[float, float, float, float]


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def owners(view: PublicView) -> dict[int, int]:
    """Province id -> the seat whose guards alone stand in it."""
    seats: dict[int, set[int]] = {}
    for space, seat in enumerate(view.guards):
        if seat >= 0:
            seats.setdefault(view.province[space], set()).add(seat)
    return {pid: next(iter(s)) for pid, s in seats.items() if len(s) == 1}


def province_outlines(draw: ImageDraw.ImageDraw, view: PublicView, frame: Frame, slots: Sequence[Slots]) -> None:
    """A line in the owner's colour just inside every border of an owned province (walls and coast: a province
    ends at nothing else), clear of the wall's own thickness."""
    owner = owners(view)
    board = view.board
    width = max(3, round(0.03 * frame.unit))
    inset = WALL * frame.unit / 2 + width / 2 + 0.5
    for space, pid in enumerate(view.province):
        seat = owner.get(pid)
        if seat is None:
            continue
        for side in board.space_sides[space]:
            if all(view.province[s] == pid for s in board.side_spaces[side]) and not board.coast[side]:
                continue
            a, b = side_ends(frame, side)
            a, b = offset_towards(a, b, slots[space].centre, inset)
            draw.line([a, b], fill=pal.PLAYER_COLOURS[seat], width=width)


def walls(draw: ImageDraw.ImageDraw, view: PublicView, frame: Frame, new_walls: int) -> None:
    """Black walls as thick solid bars, red walls hollow (red inside a black rim), this turn's walls with a
    row of white dots along them. The coast stays a thin blue line."""
    width = round(WALL * frame.unit)
    built = [side for side in range(len(view.board.sides)) if view.walls >> side & 1]
    for side in built:
        _bar(draw, side_ends(frame, side), width, pal.WALL)
    for side in built:
        if view.red >> side & 1:
            _bar(draw, side_ends(frame, side), width - 6, pal.RED_WALL)
    for side in built:
        if new_walls >> side & 1:
            _dots(draw, side_ends(frame, side), width / 2 - 1.5)


def _dots(draw: ImageDraw.ImageDraw, ends: tuple[Px, Px], r: float) -> None:
    (ax, ay), (bx, by) = ends
    for k in range(1, 5):
        x, y = ax + (bx - ax) * k / 5, ay + (by - ay) * k / 5
        draw.ellipse((x - r, y - r, x + r, y + r), fill=pal.NEW_WALL)


def _bar(draw: ImageDraw.ImageDraw, ends: tuple[Px, Px], width: int, colour: pal.RGB) -> None:
    draw.line(list(ends), fill=colour, width=width)
    r = width / 2
    for x, y in ends:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def guards(image: Image.Image, view: PublicView, frame: Frame, slots: Sequence[Slots]) -> None:
    size = round(GUARD * frame.unit)
    for space, seat in enumerate(view.guards):
        if seat < 0:
            continue
        sprite = shape_sprite(seat, size, pal.PLAYER_COLOURS[seat], pal.INK, view.board.symbol[space])
        x, y = slots[space].icon
        image.paste(sprite, (round(x - size / 2), round(y - size / 2)), sprite)


def tax_tags(
    image: Image.Image, view: PublicView, frame: Frame, slots: Sequence[Slots], keep_off: Sequence[Box]
) -> list[Box]:
    """Each owned province's tax value (0 when two or more guards stand in it) on a white tag with the owner's
    shape, on the open space nearest the province's middle that no region name covers. A province without
    an open space has no tag: it yields nothing, and its guards' spaces leave no room."""
    draw = ImageDraw.Draw(image)
    board = view.board
    font = bold(TAG_SIZE)
    placed: list[Box] = []
    members: dict[int, list[int]] = {}
    for space, pid in enumerate(view.province):
        members.setdefault(pid, []).append(space)
    shape = round(0.22 * frame.unit)
    for pid, seat in sorted(owners(view).items()):
        spaces = members[pid]
        guards_in = sum(1 for s in spaces if view.guards[s] >= 0)
        opens = [s for s in spaces if board.symbol[s] is None]
        if not opens:
            continue
        text = str(len(opens) if guards_in == 1 else 0)
        mx = sum(slots[s].centre[0] for s in spaces) / len(spaces)
        my = sum(slots[s].centre[1] for s in spaces) / len(spaces)
        w = shape + font.getlength(text) + 18
        h = 0.36 * frame.unit

        candidates = sorted(opens, key=lambda s: math.dist(slots[s].centre, (mx, my)))
        boxes = [_box(slots[s].centre, w, h) for s in candidates]
        box = _least_covering(boxes, [*keep_off, *placed])
        draw.rounded_rectangle(box, radius=round(h / 3), fill=pal.WHITE, outline=pal.PLAYER_COLOURS[seat], width=4)
        sprite = shape_sprite(seat, shape, pal.PLAYER_COLOURS[seat], pal.INK)
        cy = (box[1] + box[3]) / 2
        image.paste(sprite, (round(box[0] + 7), round(cy - shape / 2)), sprite)
        draw.text((box[0] + 11 + shape, cy), text, font=font, fill=pal.INK, anchor="lm")
        placed.append(box)
    return placed


def _least_covering(boxes: Sequence[Box], avoid: Sequence[Box]) -> Box:
    """The first of ``boxes`` clear of ``avoid``, else the one that covers least of it."""
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
    near = [b for b in avoid if overlaps(b, (left, top, right, bottom))]
    best, least = boxes[0], math.inf
    for box in boxes:
        covered = sum(_shared(box, other) for other in near)
        if covered == 0:
            return box
        if covered < least:
            best, least = box, covered
    return best


def _shared(a: Box, b: Box) -> float:
    """The area two boxes share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _box(at: Px, w: float, h: float) -> Box:
    return (at[0] - w / 2, at[1] - h / 2, at[0] + w / 2, at[1] + h / 2)


def marker_radius(frame: Frame) -> float:
    return MARKER * frame.unit


def marker_centres(frame: Frame, targets: Sequence[tuple[str, int]], alexander_point: int) -> list[Px]:
    """Where each destination's disc goes: on its point, but beside Alexander's star when the destination is
    his own point (docs/RULES.md A4.8), between the neighbouring points (where no other marker can be), so that
    neither hides the other."""
    return [beside_alexander(frame, point) if point == alexander_point else frame.point(point) for _, point in targets]


def beside_alexander(frame: Frame, point: int) -> Px:
    """The spot beside the star on ``point`` farthest from the points around it (the same spot whatever else the
    board shows)."""
    ax, ay = frame.point(point)
    reach = (STAR + MARKER + 0.04) * frame.unit
    near = [frame.point(p) for p in range(len(frame.board.points)) if p != point]
    near = [p for p in near if math.dist(p, (ax, ay)) < 2 * frame.unit]
    steps = [k * math.pi / 12 for k in range(24)]
    candidates = [(ax + reach * math.cos(a), ay + reach * math.sin(a)) for a in steps]
    return max(candidates, key=lambda c: min((math.dist(c, o) for o in near), default=0.0))


def destination_markers(
    draw: ImageDraw.ImageDraw, frame: Frame, targets: Sequence[tuple[str, int]], alexander_point: int
) -> list[Box]:
    """A dark disc with a white rim and the panel's key (A, B, ...) on every point Alexander may move to."""
    r = marker_radius(frame)
    font = bold(TAG_SIZE)
    boxes = []
    for (label, _), (x, y) in zip(targets, marker_centres(frame, targets, alexander_point), strict=True):
        draw.ellipse((x - r, y - r, x + r, y + r), fill=pal.MARKER, outline=pal.WHITE, width=4)
        draw.text((x, y), label, font=font, fill=pal.WHITE, anchor="mm")
        boxes.append((x - r, y - r, x + r, y + r))
    return boxes


def alexander_box(frame: Frame, point: int) -> Box:
    x, y = frame.point(point)
    r = STAR * frame.unit + 4
    return (x - r, y - r, x + r, y + r)


def alexander(draw: ImageDraw.ImageDraw, frame: Frame, point: int) -> None:
    """A gold star with a dark rim and a white halo on Alexander's point."""
    x, y = frame.point(point)
    radius = STAR * frame.unit
    halo = []
    star = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.46
        angle = -math.pi / 2 + k * math.pi / 5
        star.append((x + r * math.cos(angle), y + r * math.sin(angle)))
        halo.append((x + (r + 5) * math.cos(angle), y + (r + 5) * math.sin(angle)))
    draw.polygon(halo, fill=pal.WHITE)
    draw.polygon(star, fill=pal.GOLD, outline=pal.INK, width=3)


def wall_paths(
    draw: ImageDraw.ImageDraw,
    frame: Frame,
    paths: Sequence[tuple[str, Sequence[int]]],
    taken: Sequence[Box],
    content: Sequence[Box] = (),
) -> list[Box]:
    """Candidate wall paths, each a solid line in its own colour on a white casing; where several paths share
    a side they run side by side in lanes, like lines on a metro map. Each is labelled once, on the middle of
    one of its sides or beside the path, never over ``taken`` (Alexander, markers, tags) or a label before
    it, and off ``content`` (numbers, symbols) where some spot allows. Colours repeat after six paths: more
    than that on one image cannot be told apart, so a caller shows them a page at a time."""
    font = bold(TAG_SIZE)
    users: dict[int, list[int]] = {}
    for k, (_, sides) in enumerate(paths):
        for side in sides:
            users.setdefault(side, []).append(k)
    widest = max((len(ks) for ks in users.values()), default=1)
    lane = min(11.0, 0.4 * frame.unit / widest)
    width = max(3, round(min(8.0, lane * 0.8)))

    def segment(k: int, side: int) -> tuple[Px, Px]:
        sharing = users[side]
        return _shifted(side_ends(frame, side), (sharing.index(k) - (len(sharing) - 1) / 2) * lane)

    placed: list[Box] = []
    for casing in (True, False):
        for k, (_, sides) in enumerate(paths):
            colour = pal.WHITE if casing else pal.PATH_COLOURS[k % len(pal.PATH_COLOURS)]
            for side in sides:
                _bar(draw, segment(k, side), width + 4 if casing else width, colour)
    centre_of = {k: _middle([segment(k, s) for s in sides]) for k, (_, sides) in enumerate(paths) if sides}
    for k, (label, sides) in enumerate(paths):
        colour = pal.PATH_COLOURS[k % len(pal.PATH_COLOURS)]
        w = font.getlength(label) + 16
        h = 0.32 * frame.unit
        own_first = sorted(sides, key=lambda side: len(users[side]))  # where no other path runs, if anywhere
        spots = [_mid(segment(k, s)) for s in own_first] or [centre_of.get(k, frame.point(0))]
        spots += [(x + dx, y + dy) for r in (0.3, 0.5, 0.7) for x, y in spots for dx, dy in _ring(frame.unit * r)]
        box = None
        for avoid in ([*taken, *placed, *content], [*taken, *placed]):
            for x, y in spots:
                candidate = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
                if box is None and not any(overlaps(candidate, b) for b in avoid):
                    box = candidate
        if box is None:
            x, y = spots[0]
            box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        draw.rounded_rectangle(box, radius=round(h / 3), fill=colour, outline=pal.WHITE, width=3)
        draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label, font=font, fill=pal.WHITE, anchor="mm")
        placed.append(box)
    return placed


def _shifted(ends: tuple[Px, Px], by: float) -> tuple[Px, Px]:
    (ax, ay), (bx, by_) = ends
    if (bx, by_) < (ax, ay):
        (ax, ay), (bx, by_) = (bx, by_), (ax, ay)
    length = math.hypot(bx - ax, by_ - ay) or 1.0
    nx, ny = -(by_ - ay) / length, (bx - ax) / length
    return (ax + nx * by, ay + ny * by), (bx + nx * by, by_ + ny * by)


def _mid(ends: tuple[Px, Px]) -> Px:
    return ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)


def _middle(segments: Sequence[tuple[Px, Px]]) -> Px:
    mids = [_mid(s) for s in segments]
    return (sum(x for x, _ in mids) / len(mids), sum(y for _, y in mids) / len(mids))


def _ring(r: float) -> list[Px]:
    return [(r * math.cos(a * math.pi / 4), r * math.sin(a * math.pi / 4)) for a in range(8)]
