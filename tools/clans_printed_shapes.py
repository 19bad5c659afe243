"""Draws the printed Clans map's territory shapes (run by hand, output committed as data).

    .venv/bin/python -m tools.clans_printed_shapes [ROUNDS [SEED [fit]]]

Reads the facts of data/clans/printed_map.json (terrain, region, neighbours, and each territory's published
centre, ``printed``: the point on the 1200×800 picture divided by 80, moved in by the margin, and drawn
``printed_stretch`` times taller along the map's long side, so that the board fills the phone image's map box
as today's map does) and rewrites its shapes. Each territory is the cell of its ``site`` in a power diagram (a
Voronoi diagram whose sites carry a ``weight``, which moves a border off the middle without bending it), cut
out of the board rectangle by half-plane clipping (no geometry library). Its drawn ``center`` is then the point
of the cell where everything the board may draw in a territory (render/clans/footprint.py: the number, every
group of items, the glyph) fits best. A lake sits on every border two cells share without being neighbours.

With ROUNDS, the sites and weights are first searched for (seeded, so reproducible) by simulated annealing: one
site or weight at a time is nudged (at random, towards a missing neighbour, or pushing a border the cell's
contents press against), keeping a nudge that costs no more (and now and then, less and less often, one that
costs more). The cost counts, heaviest first, printed neighbours whose cells share no border long enough to see
(MIN_BORDER), drawn centres more than REACH from the published one, territories whose contents would come too
near their outline, and lakes. A third of the rounds first joins the neighbours (the fit weighs little), the rest
keeps them joined (a broken border weighs most) while fitting the contents; with ``fit``, only the latter. The
tool fails (and lists why) while a neighbour pair has no such border or a centre strays; the territories whose
contents do not fit are listed, each with the printed neighbour pairs whose border would grow too short if it grew.
"""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path
from typing import Any

Point = tuple[float, float]
Cell = list[tuple[Point, int]]
"""A convex cell: each corner with the site whose border starts there (-1: the board's edge)."""
PATH = Path(__file__).resolve().parent.parent / "data" / "clans" / "printed_map.json"
TOUCH = 1e-3
"""Two corners closer than this (map units) are one point; a shared edge shorter than this is none."""
MIN_BORDER = 0.4
"""The shortest border two neighbours may share (31 px on the full image, 15 on a phone)."""
REACH = 1.5
"""How far a drawn centre may stray from the published one (map units: 120 px of the published picture)."""
LAKE_RADIUS = 0.18
"""Half a lake's width across the border it lies on (the drawing makes it as long as the border)."""
ITEM_MARGIN = 1
NUMBER_MARGIN = 6
"""Pixels kept between the outline and the items (which lie over rivers and rings) and between the ring (its half
width, footprint.RING, besides) and the territory number: the more, so that a cell too small for all its contents
lets its items reach over the outline before a ring reaches its number."""
SLACK_GOAL = 0.06
WEDGE_GROWTH = 0.2
"""How much a cell too small for its contents is grown (its weight) to find the printed pairs that keep it small."""


def clip(cell: Cell, a: Point, b: Point, wa: float, wb: float, j: int) -> Cell:
    """The part of a convex cell nearer to ``a`` than to ``b`` (site ``j``) in power distance (|x - a|² - wa)."""
    nx, ny = b[0] - a[0], b[1] - a[1]
    limit = (b[0] ** 2 + b[1] ** 2 - a[0] ** 2 - a[1] ** 2 + wa - wb) / 2
    out: Cell = []
    for i, (p, label) in enumerate(cell):
        q = cell[(i + 1) % len(cell)][0]
        fp, fq = nx * p[0] + ny * p[1] - limit, nx * q[0] + ny * q[1] - limit
        if fp <= 0:
            out.append((p, label))
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            x = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
            out.append((x, j if fp < 0 else label))
    return out


def power_cell(i: int, sites: list[Point], weights: list[float], width: float, height: float) -> Cell:
    cell: Cell = [((0.0, 0.0), -1), ((width, 0.0), -1), ((width, height), -1), ((0.0, height), -1)]
    s = sites[i]
    for j, o in enumerate(sites):
        if i != j and math.dist(s, o) < 5 and cell:
            cell = clip(cell, s, o, weights[i], weights[j], j)
    return cell


def borders(cell: Cell) -> dict[int, float]:
    """The length of the border the cell shares with each other cell."""
    out: dict[int, float] = {}
    for k, (p, label) in enumerate(cell):
        if label >= 0:
            out[label] = out.get(label, 0.0) + math.dist(p, cell[(k + 1) % len(cell)][0])
    return {j: length for j, length in out.items() if length > TOUCH}


def hull(points: list[Point]) -> list[Point]:
    """The convex hull, counter-clockwise in x right, y down (Andrew's monotone chain)."""
    pts = sorted(set(points))

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    upper: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def footprint(raw: dict[str, Any], tid: int) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
    """Everything the board may draw in territory ``tid``, with margins, as map offsets from its centre: its items
    and glyph, and its number. The renderer's own measures (render/clans/footprint.py) are kept in the map's
    ``contents`` (a test keeps them equal): image pixels around the centre at the layout's ``scale``. The image is
    the map turned a quarter turn clockwise, so an image offset (X, Y) is the map offset (Y, -X) / scale."""
    contents = raw["geometry"]["contents"]
    scale = float(contents["scale"])
    glyph = _grown(tuple(contents["glyph"]), ITEM_MARGIN)
    pixels = [(x, y) for x in (glyph[0], glyph[2]) for y in (glyph[1], glyph[3])]
    pixels += [
        (x + dx, y + dy)
        for x, y in contents["items"]
        for dx in (-ITEM_MARGIN, ITEM_MARGIN)
        for dy in (-ITEM_MARGIN, ITEM_MARGIN)
    ]
    number = _grown(tuple(contents["numbers"][str(tid)]), int(contents["ring"]) + NUMBER_MARGIN)
    digits = [(x, y) for x in (number[0], number[2]) for y in (number[1], number[3])]
    return (
        tuple(hull([(y / scale, -x / scale) for x, y in pixels])),
        tuple(hull([(y / scale, -x / scale) for x, y in digits])),
    )


def _rise(raw: dict[str, Any], tid: int) -> float:
    """How far (map units) the middle of the territory number lies above the centre on the image."""
    contents = raw["geometry"]["contents"]
    box = contents["numbers"][str(tid)]
    return float((box[1] + box[3]) / 2 / contents["scale"])


def _grown(box: tuple[int, ...], by: int) -> tuple[int, int, int, int]:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _halfplanes(poly: list[Point]) -> list[tuple[float, float, float]]:
    """Each edge as (nx, ny, c): inside is nx*x + ny*y <= c, with (nx, ny) a unit vector."""
    cx = sum(p[0] for p in poly) / len(poly)
    cy = sum(p[1] for p in poly) / len(poly)
    out = []
    for k, a in enumerate(poly):
        b = poly[(k + 1) % len(poly)]
        length = math.dist(a, b)
        if length < 1e-9:
            continue
        nx, ny = (b[1] - a[1]) / length, -(b[0] - a[0]) / length
        c = nx * a[0] + ny * a[1]
        if nx * cx + ny * cy > c:
            nx, ny, c = -nx, -ny, -c
        out.append((nx, ny, c))
    return out


def _region(planes: list[tuple[float, float, float, bool]], slack: float) -> list[Point]:
    """The centres whose footprint keeps ``slack`` inside every edge (planes already hold the footprint); a hard
    edge (the board's) is never crossed, whatever the slack."""
    region: list[Point] = [(-50.0, -50.0), (50.0, -50.0), (50.0, 50.0), (-50.0, 50.0)]
    for nx, ny, c, hard in planes:
        out: list[Point] = []
        limit = c - (max(slack, 0.0) if hard else slack)
        for k, p in enumerate(region):
            q = region[(k + 1) % len(region)]
            fp, fq = nx * p[0] + ny * p[1] - limit, nx * q[0] + ny * q[1] - limit
            if fp <= 0:
                out.append(p)
            if (fp < 0 < fq) or (fq < 0 < fp):
                t = fp / (fp - fq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
        region = out
        if not region:
            break
    return region


def best_centre(
    poly: list[Point], foot: tuple[tuple[Point, ...], tuple[Point, ...]], width: float, height: float
) -> tuple[Point, float]:
    """Where the footprint sits best in the convex cell: the centroid of the centres keeping half the largest
    possible clearance, and that largest clearance (map units; negative: it does not fit). Neither the number
    nor anything at the board's edge (where the image ends) gives way: a cell too small lets its items and glyph
    over its other borders only."""
    items, number = foot
    planes = []
    for nx, ny, c in _halfplanes(poly):
        edge = (abs(abs(nx) - 1) < 1e-9 and min(abs(c), abs(abs(c) - width)) < 1e-6) or (
            abs(abs(ny) - 1) < 1e-9 and min(abs(c), abs(abs(c) - height)) < 1e-6
        )
        planes.append((nx, ny, c - max(nx * f[0] + ny * f[1] for f in items), edge))
        planes.append((nx, ny, c - max(nx * f[0] + ny * f[1] for f in number), True))
    low = _clearance(planes)
    if low > -2.0:
        return _centroid(_region(planes, low / 2 if low > 0 else low)), low
    # not even the number fits without crossing: everything gives way alike, and the shortfall counts double
    soft = [(nx, ny, c, False) for nx, ny, c, _ in planes]
    low = _clearance(soft)
    region = _region(soft, low)
    return (_centroid(region) if region else _centroid(poly)), 2 * min(low, 0.0) - 0.1


def _clearance(planes: list[tuple[float, float, float, bool]]) -> float:
    """The largest clearance the planes allow (bisection; -2: none)."""
    low, high = -2.0, 2.0
    for _ in range(15):
        mid = (low + high) / 2
        if _region(planes, mid):
            low = mid
        else:
            high = mid
    return low


def _centroid(poly: list[Point]) -> Point:
    area = cx = cy = 0.0
    for i, (x0, y0) in enumerate(poly):
        x1, y1 = poly[(i + 1) % len(poly)]
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-12:
        return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))
    return (cx / (3 * area), cy / (3 * area))


class Shapes:
    """The diagram of the map's sites, its cells' costs kept up to date as single sites move."""

    def __init__(self, raw: dict[str, Any]) -> None:
        geometry, self.territories = raw["geometry"], raw["territories"]
        self.width, self.height = float(geometry["width"]), float(geometry["height"])
        self.scale = int(geometry["contents"]["scale"])
        self.feet = [footprint(raw, t["id"]) for t in self.territories]
        self.rise = [_rise(raw, t["id"]) for t in self.territories]
        self.sites = [(float(t["site"][0]), float(t["site"][1])) for t in self.territories]
        self.weights = [float(t.get("weight", 0.0)) for t in self.territories]
        self.links = [{n - 1 for n in t["neighbours"]} for t in self.territories]
        self.printed = [(float(t["printed"][0]), float(t["printed"][1])) for t in self.territories]
        n = len(self.sites)
        self.fit_weight = 400.0
        self.link_weight = 250.0
        self.heat = 3.0
        self.cells: list[Cell] = [[] for _ in range(n)]
        self.centres: list[Point] = [(0.0, 0.0)] * n
        self.slack = [0.0] * n
        self.touch: list[dict[int, float]] = [{} for _ in range(n)]
        self.update(range(n))

    def update(self, which: Any) -> None:
        for i in which:
            cell = power_cell(i, self.sites, self.weights, self.width, self.height)
            if cell == self.cells[i]:
                continue
            self.cells[i] = cell
            self.touch[i] = borders(cell)
            if len(cell) >= 3:
                poly = [p for p, _ in cell]
                foot = self.feet[i]
                self.centres[i], self.slack[i] = best_centre(poly, foot, self.width, self.height)
            else:
                self.centres[i], self.slack[i] = self.sites[i], -5.0

    def near(self, i: int, points: list[Point], reach: float = 3.6) -> list[int]:
        return [j for j, s in enumerate(self.sites) if j == i or any(math.dist(s, p) < reach for p in points)]

    def pressing(self, i: int) -> list[int]:
        """The cells across the borders the contents of ``i``, at its centre, come nearest to (within a pixel)."""
        cell = self.cells[i]
        foot = self.feet[i][0]
        cx, cy = self.centres[i]
        mx = sum(p[0] for p, _ in cell) / len(cell)
        my = sum(p[1] for p, _ in cell) / len(cell)
        room: list[tuple[float, int]] = []
        for k, (p, label) in enumerate(cell):
            q = cell[(k + 1) % len(cell)][0]
            length = math.dist(p, q)
            if length < 1e-9 or label < 0:
                continue
            nx, ny = (q[1] - p[1]) / length, -(q[0] - p[0]) / length
            if nx * (mx - p[0]) + ny * (my - p[1]) > 0:
                nx, ny = -nx, -ny
            reach = max(nx * (cx + f[0]) + ny * (cy + f[1]) for f in foot)
            room.append((nx * p[0] + ny * p[1] - reach, label))
        if not room:
            return []
        least = min(r for r, _ in room)
        return [label for r, label in room if r < least + 1 / self.scale]

    def cell_cost(self, i: int) -> float:
        off = max(0.0, math.dist(self.centres[i], self.printed[i]) - REACH)
        slack = self.slack[i]
        return self.fit_weight * (max(0.0, -slack) + 0.08 * max(0.0, SLACK_GOAL - slack)) + 3000 * off

    def pair_cost(self, i: int, j: int) -> float:
        length = min(self.touch[i].get(j, 0.0), self.touch[j].get(i, 0.0))
        if j in self.links[i]:
            return self.link_weight * (max(0.0, MIN_BORDER - length) + (0.1 if length < MIN_BORDER else 0.0))
        return 2.0 if length > TOUCH else 0.0

    def cost(self) -> float:
        n = len(self.sites)
        pairs = {(min(i, j), max(i, j)) for i in range(n) for j in (*self.links[i], *self.touch[i])}
        return sum(self.cell_cost(i) for i in range(n)) + sum(self.pair_cost(i, j) for i, j in pairs)

    def local_cost(self, which: list[int]) -> float:
        pairs = {(min(i, j), max(i, j)) for i in which for j in (*self.links[i], *self.touch[i])}
        return sum(self.cell_cost(i) for i in which) + sum(self.pair_cost(i, j) for i, j in pairs)

    def spills(self) -> list[str]:
        """The territories whose contents, with the tool's margins, do not fit (the tests measure without them),
        each with the printed pairs that keep it from growing (``wedging``)."""
        found = []
        for i, slack in enumerate(self.slack):
            if slack < 0:
                pairs = ", ".join(f"{a}-{b}" for a, b in self.wedging(i))
                held = f"; growing it (weight +{WEDGE_GROWTH}) shortens {pairs} under {MIN_BORDER}" if pairs else ""
                near = f"{-slack * self.scale:.1f} px too near its outline"
                found.append(f"{i + 1}: its items or number come {near}{held}")
        return found

    def wedging(self, i: int) -> list[tuple[int, int]]:
        """The printed neighbour pairs (territory numbers) whose shared border, now long enough, would fall under
        MIN_BORDER if cell ``i`` grew (its weight up by WEDGE_GROWTH): two neighbours of each other meeting beside a
        cell too small for its contents, which a power diagram cannot bend round it."""
        n = len(self.sites)

        def length(touch: list[dict[int, float]], a: int, b: int) -> float:
            return min(touch[a].get(b, 0.0), touch[b].get(a, 0.0))

        old = self.weights[i]
        self.weights[i] = old + WEDGE_GROWTH
        grown = [borders(power_cell(j, self.sites, self.weights, self.width, self.height)) for j in range(n)]
        self.weights[i] = old
        return [
            (a + 1, b + 1)
            for a in range(n)
            for b in sorted(self.links[a])
            if a < b and length(self.touch, a, b) >= MIN_BORDER > length(grown, a, b)
        ]

    def problems(self) -> list[str]:
        """Neighbours without a border a phone shows, and centres too far from the published ones."""
        found = []
        for i in range(len(self.sites)):
            tid = i + 1
            if math.dist(self.centres[i], self.printed[i]) > REACH:
                found.append(f"{tid}: its centre is more than {REACH} from the published one")
            for j in sorted(self.links[i]):
                length = min(self.touch[i].get(j, 0.0), self.touch[j].get(i, 0.0))
                if i < j and length < MIN_BORDER:
                    found.append(f"{tid}-{j + 1} are neighbours but share a border of {length:.2f} only")
        return found


def search(shapes: Shapes, rounds: int, seed: int) -> float:
    """Simulated annealing over one site or weight at a time (a worse nudge kept now and then, less and less)."""
    rng = random.Random(seed)
    n = len(shapes.sites)
    for r in range(rounds):
        heat = shapes.heat * (1 - r / rounds) ** 2
        i = rng.randrange(n)
        if rng.random() < 0.6:
            bad = [
                k
                for k in range(n)
                if shapes.cell_cost(k) > 0 or any(shapes.pair_cost(k, j) > 2.5 for j in shapes.links[k])
            ]
            if bad:
                i = rng.choice(bad)
        old_site, old_weight = shapes.sites[i], shapes.weights[i]
        old_i = i
        kind = rng.random()
        new_site, new_weight = old_site, old_weight
        missing = [j for j in shapes.links[i] if shapes.pair_cost(i, j) > 2.5]
        pressing = shapes.pressing(i) if shapes.slack[i] < SLACK_GOAL else []
        if pressing and not missing and kind < 0.6:
            # push a border the cell's contents press against: the cell grows there, or the other shrinks
            j = rng.choice(pressing)
            step = rng.uniform(0.01, 0.12)
            if rng.random() < 0.5:
                new_weight = min(1.5, old_weight + step)
            else:
                other, other_weight = shapes.sites[j], shapes.weights[j]
                i, old_site, old_weight = j, other, other_weight
                if rng.random() < 0.5:
                    new_site, new_weight = other, max(-1.5, other_weight - step)
                else:
                    mine = shapes.sites[old_i]
                    dx, dy = other[0] - mine[0], other[1] - mine[1]
                    length = math.hypot(dx, dy) or 1.0
                    new_site, new_weight = (other[0] + step * dx / length, other[1] + step * dy / length), other_weight
        elif missing and kind < 0.5:
            j = rng.choice(missing)
            other = shapes.sites[j]
            if rng.random() < 0.5:
                step = rng.uniform(0.02, 0.2)
                new_site = (
                    old_site[0] + step * (other[0] - old_site[0]),
                    old_site[1] + step * (other[1] - old_site[1]),
                )
                new_weight = min(1.5, old_weight + rng.uniform(0, 0.15))
            else:
                mid = ((old_site[0] + other[0]) / 2, (old_site[1] + other[1]) / 2)
                blockers = [k for k in range(n) if k not in (i, j)]
                k = min(
                    blockers,
                    key=lambda k: (
                        (mid[0] - shapes.sites[k][0]) ** 2 + (mid[1] - shapes.sites[k][1]) ** 2 - shapes.weights[k]
                    ),
                )
                i, old_site, old_weight = k, shapes.sites[k], shapes.weights[k]
                dx, dy = old_site[0] - mid[0], old_site[1] - mid[1]
                length = math.hypot(dx, dy) or 1.0
                step = rng.uniform(0.02, 0.2)
                new_site = (old_site[0] + step * dx / length, old_site[1] + step * dy / length)
                new_weight = max(-1.5, old_weight - rng.uniform(0, 0.1))
        elif kind < 0.25:
            grow = 0.04 if shapes.slack[i] < 0 else 0.0  # a cell too small for its contents tries growing
            new_weight = max(-1.5, min(1.5, old_weight + rng.gauss(grow, 0.1)))
        elif kind < 0.4:
            cx, cy = shapes.centres[i]
            step = rng.uniform(0.1, 0.5)
            new_site = (old_site[0] + step * (cx - old_site[0]), old_site[1] + step * (cy - old_site[1]))
        else:
            sigma = rng.choice((0.02, 0.06, 0.15))
            new_site = (old_site[0] + rng.gauss(0, sigma), old_site[1] + rng.gauss(0, sigma))
        if not (0.05 < new_site[0] < shapes.width - 0.05 and 0.05 < new_site[1] < shapes.height - 0.05):
            continue
        shapes.sites[i], shapes.weights[i] = new_site, new_weight
        moved = power_cell(i, shapes.sites, shapes.weights, shapes.width, shapes.height)
        which = sorted({i, *shapes.touch[i], *borders(moved), *shapes.links[i]})
        shapes.sites[i], shapes.weights[i] = old_site, old_weight
        before = shapes.local_cost(which)
        saved = [(shapes.cells[k], shapes.touch[k], shapes.centres[k], shapes.slack[k]) for k in which]
        shapes.sites[i], shapes.weights[i] = new_site, new_weight
        shapes.update(which)
        after = shapes.local_cost(which)
        if not (after <= before or (heat > 0 and rng.random() < math.exp((before - after) / heat))):
            shapes.sites[i], shapes.weights[i] = old_site, old_weight
            for k, (cell, touch, centre, slack) in zip(which, saved, strict=True):
                shapes.cells[k], shapes.touch[k], shapes.centres[k], shapes.slack[k] = cell, touch, centre, slack
        if r % 5000 == 0:
            print(f"round {r} cost {shapes.cost():.2f} problems {len(shapes.problems())}", file=sys.stderr)
    return shapes.cost()


def _try(shapes: Shapes, k: int, site: Point, weight: float) -> float:
    """The change of cost if site ``k`` moved to ``site`` with ``weight``; the diagram is left as it was."""
    old_site, old_weight = shapes.sites[k], shapes.weights[k]
    if not (0.05 < site[0] < shapes.width - 0.05 and 0.05 < site[1] < shapes.height - 0.05):
        return math.inf
    shapes.sites[k], shapes.weights[k] = site, weight
    moved = power_cell(k, shapes.sites, shapes.weights, shapes.width, shapes.height)
    which = sorted({k, *shapes.touch[k], *borders(moved), *shapes.links[k]})
    shapes.sites[k], shapes.weights[k] = old_site, old_weight
    before = shapes.local_cost(which)
    saved = [(shapes.cells[j], shapes.touch[j], shapes.centres[j], shapes.slack[j]) for j in which]
    shapes.sites[k], shapes.weights[k] = site, weight
    shapes.update(which)
    after = shapes.local_cost(which)
    shapes.sites[k], shapes.weights[k] = old_site, old_weight
    for j, (cell, touch, centre, slack) in zip(which, saved, strict=True):
        shapes.cells[j], shapes.touch[j], shapes.centres[j], shapes.slack[j] = cell, touch, centre, slack
    return after - before


def repair(shapes: Shapes, rounds: int) -> float:
    """Steepest descent on the cells whose contents fit worst: of every small move of such a cell's site or
    weight, or of its neighbours', the one that lowers the cost most is made; a cell no move helps rests a while."""
    resting: dict[int, int] = {}
    for r in range(rounds):
        tight = [i for i in sorted(range(len(shapes.sites)), key=lambda i: shapes.slack[i]) if resting.get(i, -1) < r]
        if not tight or shapes.slack[tight[0]] >= SLACK_GOAL:
            break
        i = tight[0]
        best, move = -1e-6, None
        for k in sorted({i, *shapes.touch[i]}):
            x, y = shapes.sites[k]
            w = shapes.weights[k]
            options = [((x, y), w + dw) for dw in (-0.2, -0.06, 0.06, 0.2)]
            options += [
                ((x + step * math.cos(a), y + step * math.sin(a)), w)
                for step in (0.04, 0.12)
                for a in (math.pi * j / 4 for j in range(8))
            ]
            for site, weight in options:
                change = _try(shapes, k, site, weight)
                if change < best:
                    best, move = change, (k, site, weight)
        if move is None:
            resting[i] = r + 25
            continue
        k, site, weight = move
        shapes.sites[k], shapes.weights[k] = site, max(-1.5, min(1.5, weight))
        moved = power_cell(k, shapes.sites, shapes.weights, shapes.width, shapes.height)
        shapes.update(sorted({k, *shapes.touch[k], *borders(moved)}))
        if r % 50 == 0:
            print(f"repair {r} cost {shapes.cost():.2f} worst {shapes.slack[i] * shapes.scale:.1f} px", file=sys.stderr)
    return shapes.cost()


def rounded(p: Point) -> list[float]:
    return [round(p[0], 4), round(p[1], 4)]


def snapped(polys: list[list[Point]]) -> list[list[Point]]:
    """Every corner rounded once, and corners closer than TOUCH made one: shared edges have equal ends."""
    seen: list[Point] = []
    out = []
    for poly in polys:
        shape: list[Point] = []
        for p in poly:
            same = next((q for q in seen if math.dist(p, q) < TOUCH), None)
            if same is None:
                same = (round(p[0], 4), round(p[1], 4))
                seen.append(same)
            if not shape or shape[-1] != same:
                shape.append(same)
        while len(shape) > 1 and shape[0] == shape[-1]:
            shape.pop()
        out.append(shape)
    return out


def write(raw: dict[str, Any], shapes: Shapes) -> None:
    """Puts the shapes' sites, weights, centres, polygons, labels and lakes into ``raw``: a lake on the middle of
    the border (or at the corner) where two territories meet without being neighbours."""
    polys = snapped([[p for p, _ in cell] for cell in shapes.cells])
    for i, t in enumerate(raw["territories"]):
        t["site"] = rounded(shapes.sites[i])
        t["weight"] = round(shapes.weights[i], 4)
        t["center"] = rounded(shapes.centres[i])
        t["polygon"] = [list(p) for p in polys[i]]
        t["label"] = rounded((shapes.centres[i][0] + shapes.rise[i], shapes.centres[i][1]))
    lakes = []
    for i, p in enumerate(polys):
        for j in range(i + 1, len(polys)):
            shared = [c for c in p if c in set(polys[j])]
            if shared and j not in shapes.links[i]:
                a, b = max(((x, y) for x in shared for y in shared), key=lambda e: math.dist(*e))
                lakes.append(
                    {
                        "between": [i + 1, j + 1],
                        "center": rounded(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)),
                        "radius": LAKE_RADIUS,
                    }
                )
    raw["lakes"] = lakes


def build(raw: dict[str, Any]) -> list[str]:
    """Redraws ``raw``'s shapes from its sites and weights; returns the problems found."""
    shapes = Shapes(raw)
    write(raw, shapes)
    return shapes.problems()


def main() -> int:
    raw = json.loads(PATH.read_text(encoding="utf-8"))
    shapes = Shapes(raw)
    if len(sys.argv) > 1:
        seed = int(sys.argv[2]) if len(sys.argv) > 2 else 43
        rounds = int(sys.argv[1])
        if sys.argv[3:] == ["repair"]:
            shapes.fit_weight, shapes.link_weight = 400.0, 5000.0
            print(f"cost {repair(shapes, rounds):.2f}", file=sys.stderr)
            rounds = 0
        first = 0 if sys.argv[3:] in (["fit"], ["repair"]) else rounds // 3
        shapes.fit_weight = 40.0
        search(shapes, first, seed)
        shapes.fit_weight, shapes.link_weight, shapes.heat = 400.0, 5000.0, 1.0
        print(f"cost {search(shapes, rounds - first, seed + 1):.2f}", file=sys.stderr)
    write(raw, shapes)
    shapes = Shapes(raw)  # from the sites and weights as rounded in the file, as build() reads them
    write(raw, shapes)
    problems = shapes.problems()
    for line in [*shapes.spills(), *problems]:
        print(line, file=sys.stderr)
    PATH.write_text(json.dumps(raw, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
