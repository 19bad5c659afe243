"""What is drawn over the map each render: province outlines, walls and candidate wall paths' lines; then, after
the map's words and numbers (labels.py), which those run under, guards, tax tags, the paths' labels, destination
markers and Alexander, in that order (Alexander last: nothing ever covers him).

No tag, guard or path label ever covers a region name or a space number: a guard stands on its own symbol, whose
number sits above it clear of every neighbour's guard (layout.all_slots); a tax tag goes where it is clear inside
its province, a path label where it is clear on or around its path. Markers and path labels cover neither one
another, Alexander nor a tax tag: a marker sits on its point (points are a triangle side apart, wider than two
markers), a path label on the middle of one of its own sides if it can.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.alexandros import PublicView
from render.alexandros import palette as pal
from render.alexandros.icons import shape_sprite
from render.alexandros.layout import (
    GUARD,
    MARGIN,
    MARKER,
    STAR,
    TAG_SIZE,
    WALL,
    WIDTH,
    Frame,
    Px,
    Slots,
    guard_reach,
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
        bar(draw, side_ends(frame, side), width, pal.WALL)
    for side in built:
        if view.red >> side & 1:
            bar(draw, side_ends(frame, side), width - 6, pal.RED_WALL)
    for side in built:
        if new_walls >> side & 1:
            dots(draw, side_ends(frame, side), width / 2 - 1.5)


def dots(draw: ImageDraw.ImageDraw, ends: tuple[Px, Px], r: float) -> None:
    (ax, ay), (bx, by) = ends
    for k in range(1, 5):
        x, y = ax + (bx - ax) * k / 5, ay + (by - ay) * k / 5
        draw.ellipse((x - r, y - r, x + r, y + r), fill=pal.NEW_WALL)


def bar(draw: ImageDraw.ImageDraw, ends: tuple[Px, Px], width: int, colour: pal.RGB) -> None:
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
        left, top, _, _ = guard_box(frame, slots, space)
        image.paste(sprite, (left, top), sprite)


def guard_box(frame: Frame, slots: Sequence[Slots], space: int) -> tuple[int, int, int, int]:
    """The box of the guard standing on ``space`` (on its symbol)."""
    return guard_reach(frame, slots[space].icon)


@dataclass(frozen=True)
class TaxTag:
    """A province's tax value on a white tag with its owner's shape and colour."""

    seat: int
    text: str
    box: Box
    compact: bool = False
    """Without the owner's shape, where a province has no room for it (its colour still says whose it is)."""


def tax_tags(
    view: PublicView, frame: Frame, slots: Sequence[Slots], spaces: Image.Image, keep_off: Sequence[Box]
) -> list[TaxTag]:
    """Where each owned province's tax value goes (0 when two or more guards stand in it): on an open space of the
    province or anywhere else inside it, nearest its middle, clear of ``keep_off`` (region names, space numbers,
    symbols and guards, Alexander, markers) and of the tags placed before; without the owner's shape where the
    whole tag finds no room. ``spaces`` is the map's space-id image, its top at ``frame.top - MARGIN``. A province
    where no spot is clear gets no tag (its wash and outline still say whose it is; 6 of 1053 on 200 random
    boards): a tag never covers a name or a number."""
    board = view.board
    font = bold(TAG_SIZE)
    placed: list[TaxTag] = []
    placed_boxes: list[Box] = []
    members: dict[int, list[int]] = {}
    for space, pid in enumerate(view.province):
        members.setdefault(pid, []).append(space)
    shape = tag_shape(frame)
    h = 0.36 * frame.unit
    offset = frame.top - MARGIN
    for pid, seat in sorted(owners(view).items()):
        spaces_in = members[pid]
        guards_in = sum(1 for s in spaces_in if view.guards[s] >= 0)
        opens = [s for s in spaces_in if board.symbol[s] is None]
        if not opens:
            continue
        text = str(len(opens) if guards_in == 1 else 0)
        corners = [frame.point(p) for s in spaces_in for p in board.space_points[s]]
        mx = sum(slots[s].centre[0] for s in spaces_in) / len(spaces_in)
        my = sum(slots[s].centre[1] for s in spaces_in) / len(spaces_in)
        for w, compact in ((shape + font.getlength(text) + 18, False), (font.getlength(text) + 16, True)):
            box = _tag_spot(
                view, pid, spaces, offset, slots, opens, corners, (mx, my), (w, h), [*keep_off, *placed_boxes]
            )
            if box is not None:
                placed.append(TaxTag(seat, text, box, compact))
                placed_boxes.append(box)
                break
    return placed


def _tag_spot(
    view: PublicView,
    pid: int,
    spaces: Image.Image,
    offset: float,
    slots: Sequence[Slots],
    opens: Sequence[int],
    corners: Sequence[Px],
    middle: Px,
    size: tuple[float, float],
    keep_off: Sequence[Box],
) -> Box | None:
    """The spot nearest ``middle`` for a tag of ``size`` in province ``pid``, clear of ``keep_off``: the open
    spaces' middles first, then every TAG_STEP px over the province."""
    w, h = size
    left, right = min(x for x, _ in corners) + w / 2, max(x for x, _ in corners) - w / 2
    top, bottom = min(y for _, y in corners) + h / 2, max(y for _, y in corners) - h / 2
    spots = [slots[s].centre for s in opens]
    spots += [(x, y) for x in _steps(left, right, TAG_STEP) for y in _steps(top, bottom, TAG_STEP)]
    spots.sort(key=lambda at: math.dist(at, middle))
    area = (left - w, top - h, right + w, bottom + h)
    avoid = [box for box in keep_off if overlaps(box, area)]
    for spot in spots:
        if _province_at(spot, spaces, offset, view) != pid:
            continue
        box = _box(spot, w, h)
        if not any(overlaps(box, other) for other in avoid) and _inside(box, spaces, offset, view, pid):
            return box
    return None


def _province_at(at: Px, spaces: Image.Image, offset: float, view: PublicView) -> int:
    """The province under a point of the image (-1 off the board)."""
    px, py = round(at[0]), round(at[1] - offset)
    if not (0 <= px < spaces.width and 0 <= py < spaces.height):
        return -1
    space = spaces.getpixel((px, py))
    return view.province[space - 1] if isinstance(space, int) and space else -1


TAG_STEP = 9.0
"""The spacing of the spots a tax tag may take inside its province, in px."""


def _steps(low: float, high: float, step: float) -> list[float]:
    if high < low:
        return [(low + high) / 2]
    count = int((high - low) // step)
    return [low + k * step for k in range(count + 1)]


def tag_shape(frame: Frame) -> int:
    return round(0.22 * frame.unit)


def _inside(box: Box, spaces: Image.Image, offset: float, view: PublicView, pid: int) -> bool:
    """Whether the middle of the box and the middles of its halves lie on spaces of province ``pid`` (its corners
    may reach over a wall: the tag's colour and shape say whose it is)."""
    left, top, right, bottom = box
    cx, cy = (left + right) / 2, (top + bottom) / 2
    return all(
        _province_at(at, spaces, offset, view) == pid
        for at in ((cx, cy), ((left + cx) / 2, cy), ((cx + right) / 2, cy))
    )


def draw_tax_tags(image: Image.Image, tags: Sequence[TaxTag], frame: Frame) -> None:
    draw = ImageDraw.Draw(image)
    font = bold(TAG_SIZE)
    shape = tag_shape(frame)
    h = 0.36 * frame.unit
    for tag in tags:
        box = tag.box
        colour = pal.PLAYER_COLOURS[tag.seat]
        draw.rounded_rectangle(box, radius=round(h / 3), fill=pal.WHITE, outline=colour, width=4)
        cy = (box[1] + box[3]) / 2
        if tag.compact:
            draw.text(((box[0] + box[2]) / 2, cy), tag.text, font=font, fill=pal.INK, anchor="mm")
            continue
        sprite = shape_sprite(tag.seat, shape, colour, pal.INK)
        image.paste(sprite, (round(box[0] + 7), round(cy - shape / 2)), sprite)
        draw.text((box[0] + 11 + shape, cy), tag.text, font=font, fill=pal.INK, anchor="lm")


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
    star(draw, x, y, STAR * frame.unit)


def star(draw: ImageDraw.ImageDraw, x: float, y: float, radius: float) -> None:
    """Alexander's star of ``radius`` on (x, y) (the key draws it too)."""
    halo = []
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.46
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((x + r * math.cos(angle), y + r * math.sin(angle)))
        halo.append((x + (r + 5) * math.cos(angle), y + (r + 5) * math.sin(angle)))
    draw.polygon(halo, fill=pal.WHITE)
    draw.polygon(points, fill=pal.GOLD, outline=pal.INK, width=3)


def wall_paths(
    draw: ImageDraw.ImageDraw,
    frame: Frame,
    paths: Sequence[tuple[str, Sequence[int]]],
    taken: Sequence[Box],
    content: Sequence[Box] = (),
) -> list[Box]:
    """Candidate wall paths (path_lines) and their labels, each labelled once, on the middle of one of its sides
    or beside the path, never over ``taken`` (Alexander, markers, tags), a label before it or ``content``
    (region names, space numbers, symbols and guards). The board draws the map's words between the two."""
    path_lines(draw, frame, paths)
    boxes = path_labels(frame, paths, taken, content)
    draw_path_labels(draw, paths, boxes)
    return boxes


def path_lines(draw: ImageDraw.ImageDraw, frame: Frame, paths: Sequence[tuple[str, Sequence[int]]]) -> None:
    """Each candidate wall path a solid line in its own colour on a white casing; where several paths share a
    side they run side by side in lanes, like lines on a metro map. Colours repeat after six paths: more than
    that on one image cannot be told apart, so a caller shows them a page at a time."""
    if not paths:
        return
    counts: dict[int, int] = {}
    for _, sides in paths:
        for side in sides:
            counts[side] = counts.get(side, 0) + 1
    lane = min(11.0, 0.4 * frame.unit / max(counts.values(), default=1))
    width = max(3, round(min(8.0, lane * 0.8)))

    segment = _lanes(frame, paths)
    for casing in (True, False):
        for k, (_, sides) in enumerate(paths):
            colour = pal.WHITE if casing else pal.PATH_COLOURS[k % len(pal.PATH_COLOURS)]
            for side in sides:
                bar(draw, segment(k, side), width + 4 if casing else width, colour)


def draw_path_labels(
    draw: ImageDraw.ImageDraw, paths: Sequence[tuple[str, Sequence[int]]], boxes: Sequence[Box]
) -> None:
    """Each path's label in its colour, in the box path_labels found for it."""
    font = bold(TAG_SIZE)
    for k, ((label, _), box) in enumerate(zip(paths, boxes, strict=True)):
        colour = pal.PATH_COLOURS[k % len(pal.PATH_COLOURS)]
        draw.rounded_rectangle(box, radius=round((box[3] - box[1]) / 3), fill=colour, outline=pal.WHITE, width=3)
        draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label, font=font, fill=pal.WHITE, anchor="mm")


def _lanes(frame: Frame, paths: Sequence[tuple[str, Sequence[int]]]) -> Callable[[int, int], tuple[Px, Px]]:
    """Path ``k``'s stretch along ``side``: paths sharing a side run side by side in lanes."""
    users: dict[int, list[int]] = {}
    for k, (_, sides) in enumerate(paths):
        for side in sides:
            users.setdefault(side, []).append(k)
    widest = max((len(ks) for ks in users.values()), default=1)
    lane = min(11.0, 0.4 * frame.unit / widest)

    def segment(k: int, side: int) -> tuple[Px, Px]:
        sharing = users[side]
        return _shifted(side_ends(frame, side), (sharing.index(k) - (len(sharing) - 1) / 2) * lane)

    return segment


def path_labels(
    frame: Frame, paths: Sequence[tuple[str, Sequence[int]]], taken: Sequence[Box], content: Sequence[Box]
) -> list[Box]:
    """Where each path's label goes, each clear of ``taken``, ``content`` and the labels before it."""
    segment = _lanes(frame, paths)
    shared: dict[int, int] = {}
    for _, sides in paths:
        for side in sides:
            shared[side] = shared.get(side, 0) + 1
    placed: list[Box] = []
    for k, (label, sides) in enumerate(paths):
        own_first = sorted(sides, key=lambda side: shared[side])  # where no other path runs, if anywhere
        placed.append(
            path_label_box(frame, label, [segment(k, side) for side in own_first], [*taken, *placed, *content])
        )
    return placed


def path_label_box(frame: Frame, label: str, segments: Sequence[tuple[Px, Px]], avoid: Sequence[Box]) -> Box:
    """A path's label: on the middle of one of its sides (those no other path shares first), else ever farther
    around them, on the map or over the sea, at the first spot clear of ``avoid``."""
    w = bold(TAG_SIZE).getlength(label) + 16
    h = 0.32 * frame.unit
    mids = [_mid(s) for s in segments] or [frame.point(0)]
    spots = list(mids)
    for r in (0.3, 0.5, 0.7, 0.9, 1.2, 1.6, 2.0, 2.5):
        spots += [(x + dx, y + dy) for x, y in mids for dx, dy in _ring(frame.unit * r)]
    for x, y in spots:
        box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        on_map = box[0] >= 2 and box[2] <= WIDTH - 2 and box[1] >= frame.top - MARGIN and box[3] <= frame.height
        if on_map and not any(overlaps(box, other) for other in avoid):
            return box
    x, y = mids[0]
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def _shifted(ends: tuple[Px, Px], by: float) -> tuple[Px, Px]:
    (ax, ay), (bx, by_) = ends
    if (bx, by_) < (ax, ay):
        (ax, ay), (bx, by_) = (bx, by_), (ax, ay)
    length = math.hypot(bx - ax, by_ - ay) or 1.0
    nx, ny = -(by_ - ay) / length, (bx - ax) / length
    return (ax + nx * by, ay + ny * by), (bx + nx * by, by_ + ny * by)


def _mid(ends: tuple[Px, Px]) -> Px:
    return ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)


def _ring(r: float) -> list[Px]:
    return [(r * math.cos(a * math.pi / 4), r * math.sin(a * math.pi / 4)) for a in range(8)]
