"""Draws the printed Clans map's territory shapes (run by hand, output committed as data).

    .venv/bin/python -m tools.clans_printed_shapes [ROUNDS]

Reads the facts of data/clans/printed_map.json (terrain, region, neighbours, and each territory's published
centre, ``printed``: the point on the 1200×800 picture divided by 80) and rewrites its shapes. Each territory
is the cell of its drawn centre (``center``) in a power diagram (a Voronoi diagram whose sites may carry a
``weight``, which moves a border off the middle without bending it), cut out of the board rectangle by
half-plane clipping (no geometry library). A lake sits on the middle of every border two cells share without
being neighbours.

With ROUNDS, the drawn centres are first searched for (seeded, so reproducible): starting where they are, one
centre at a time is nudged (at random, or towards its cell's centroid, which evens the cells out as Lloyd's
relaxation does), keeping a nudge that costs no more. The cost counts, heaviest first, printed neighbours whose
cells do not share a border, borders too short to read, centres too near their cell's edge, lakes, and cells
far from even. A centre stays within ``REACH`` of its published one, so the board keeps the printed layout.
The tool fails (and lists why) while a printed neighbour pair does not share a border.
"""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path
from typing import Any

Point = tuple[float, float]
PATH = Path(__file__).resolve().parent.parent / "data" / "clans" / "printed_map.json"
EPS = 1e-9
TOUCH = 1e-3
"""Two corners closer than this (map units) are one point."""
MIN_BORDER = 0.3
"""A border shorter than this is no border: the two cells touch at a point only."""
ROOM = 0.62
"""A drawn centre this far inside its cell leaves room for the number above it and the pips beside it."""
REACH = 1.0
"""How far a drawn centre may stray from the published one (map units: 80 px of the published picture)."""
LABEL_RISE = 0.55
LEFT = 0.95
"""No centre nearer the map's left edge, the image's top once turned, where the number above it would be cut."""


def clip(polygon: list[Point], a: Point, b: Point, wa: float = 0.0, wb: float = 0.0) -> list[Point]:
    """The part of a convex polygon nearer to ``a`` than to ``b`` in power distance (|x - a|² - wa)."""
    nx, ny = b[0] - a[0], b[1] - a[1]
    limit = (b[0] ** 2 + b[1] ** 2 - a[0] ** 2 - a[1] ** 2 + wa - wb) / 2
    out: list[Point] = []
    for i, p in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)]
        fp, fq = nx * p[0] + ny * p[1] - limit, nx * q[0] + ny * q[1] - limit
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def cells(sites: list[Point], weights: list[float], width: float, height: float) -> list[list[Point]]:
    """The power diagram of weighted sites (a Voronoi diagram when all weights are equal) in the board."""
    box: list[Point] = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
    result = []
    for i, s in enumerate(sites):
        poly = box
        for j, o in enumerate(sites):
            if i != j and math.dist(s, o) < 6 and poly:
                poly = clip(poly, s, o, weights[i], weights[j])
        result.append(poly)
    return result


def contact(p: list[Point], q: list[Point]) -> tuple[Point, Point] | None:
    """The edge (or point: both ends the same) two cells share: the corners of ``p`` lying on ``q``'s."""
    on = [v for v in p if any(math.dist(v, w) < TOUCH for w in q)]
    if not on:
        return None
    return max(((x, y) for x in on for y in on), key=lambda e: math.dist(*e))


def shared_border(p: list[Point], q: list[Point]) -> tuple[Point, Point] | None:
    """The edge two cells share, if long enough to be a border."""
    edge = contact(p, q)
    return edge if edge is not None and math.dist(*edge) >= MIN_BORDER else None


def centroid(poly: list[Point]) -> Point:
    area = cx = cy = 0.0
    for i, (x0, y0) in enumerate(poly):
        x1, y1 = poly[(i + 1) % len(poly)]
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return (cx / (3 * area), cy / (3 * area))


def room(p: Point, poly: list[Point]) -> float:
    """How far ``p`` lies inside the convex ``poly`` (its distance to the nearest edge; negative outside)."""
    best = math.inf
    for i, a in enumerate(poly):
        b = poly[(i + 1) % len(poly)]
        length = math.dist(a, b)
        if length > EPS:
            best = min(best, ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / length)
    return best


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


def build(raw: dict[str, object]) -> list[str]:
    """Rewrites ``raw``'s polygons, labels and lakes from its centres; returns the problems found."""
    geometry = raw["geometry"]
    territories = raw["territories"]
    assert isinstance(geometry, dict) and isinstance(territories, list)
    sites = [(float(t["center"][0]), float(t["center"][1])) for t in territories]
    weights = [float(t.get("weight", 0.0)) for t in territories]
    polys = snapped(cells(sites, weights, float(geometry["width"]), float(geometry["height"])))
    problems: list[str] = []
    lakes = []
    for t, poly in zip(territories, polys, strict=True):
        t["polygon"] = [list(p) for p in poly]
        t["label"] = rounded((t["center"][0], t["center"][1] - LABEL_RISE))
    for i, a in enumerate(territories):
        for b in territories[i + 1 :]:
            edge = contact(polys[a["id"] - 1], polys[b["id"] - 1])
            length = math.dist(*edge) if edge is not None else 0.0
            linked = b["id"] in a["neighbours"]
            if linked and length < MIN_BORDER:
                problems.append(f"{a['id']}-{b['id']} are neighbours but their cells do not share a border")
            if TOUCH < length < MIN_BORDER and not linked:
                problems.append(f"{a['id']}-{b['id']} share a border too short to read")
            if not linked and edge is not None and length >= MIN_BORDER:
                (x1, y1), (x2, y2) = edge
                lakes.append(
                    {
                        "between": [a["id"], b["id"]],
                        "center": rounded(((x1 + x2) / 2, (y1 + y2) / 2)),
                        "radius": round(min(0.3, length / 2), 4),
                    }
                )
    raw["lakes"] = lakes
    return problems


def cost(raw: dict[str, object]) -> float:
    problems = build(raw)
    territories = raw["territories"]
    lakes = raw["lakes"]
    assert isinstance(territories, list) and isinstance(lakes, list)
    cramped = uneven = 0.0
    for t in territories:
        poly = [tuple(p) for p in t["polygon"]]
        if len(poly) < 3:
            return math.inf
        cramped += max(0.0, ROOM - room(tuple(t["center"]), poly))
        uneven += math.dist(centroid(poly), tuple(t["center"])) ** 2
    missing = sum("do not share" in p for p in problems)
    return 20.0 * missing + 5.0 * (len(problems) - missing) + 8.0 * cramped + 0.5 * len(lakes) + uneven


def _join(raw: dict[str, object], pair: list[dict[str, Any]], rng: random.Random, best: float) -> float:
    """Pulls two neighbours' centres towards each other and swells both cells; kept if it costs no more."""
    a, b = pair
    saved = [(t["center"], t.get("weight", 0.0)) for t in pair]
    ax, ay = a["center"]
    bx, by = b["center"]
    step, swell = rng.uniform(0.0, 0.25), rng.uniform(0.0, 0.5)
    for t, (x, y), (tx, ty) in ((a, (ax, ay), (bx, by)), (b, (bx, by), (ax, ay))):
        moved = (x + step * (tx - x), y + step * (ty - y))
        if math.dist(moved, tuple(t["printed"])) <= REACH:
            t["center"] = rounded(moved)
        t["weight"] = round(float(t.get("weight", 0.0)) + swell, 3)
    now = cost(raw)
    if now <= best:
        return now
    for t, (center, weight) in zip(pair, saved, strict=True):
        t["center"], t["weight"] = center, weight
    build(raw)
    return best


def search(raw: dict[str, object], rounds: int, seed: int) -> float:
    rng = random.Random(seed)
    geometry = raw["geometry"]
    territories = raw["territories"]
    assert isinstance(geometry, dict) and isinstance(territories, list)
    best = cost(raw)
    for _ in range(rounds):
        missing = [p.split()[0].split("-") for p in build(raw) if "do not share" in p]
        if missing and rng.random() < 0.6:
            best = _join(raw, [territories[int(i) - 1] for i in rng.choice(missing)], rng, best)
            continue
        t = rng.choice(territories)
        old, old_weight = t["center"], t.get("weight", 0.0)
        if rng.random() < 0.3:
            x, y = old
            t["weight"] = round(old_weight + rng.uniform(-0.3, 0.3), 3)
        elif rng.random() < 0.5:
            cx, cy = centroid([tuple(p) for p in t["polygon"]])
            step = rng.uniform(0.2, 0.8)
            x, y = old[0] + step * (cx - old[0]), old[1] + step * (cy - old[1])
        else:
            x, y = old[0] + rng.uniform(-0.2, 0.2), old[1] + rng.uniform(-0.2, 0.2)
        inside = LEFT < x < float(geometry["width"]) - 0.3 and 0.3 < y < float(geometry["height"]) - 0.3
        if not inside or math.dist((x, y), tuple(t["printed"])) > REACH:
            continue
        t["center"] = rounded((x, y))
        now = cost(raw)
        if now <= best:
            best = now
        else:
            t["center"], t["weight"] = old, old_weight
    build(raw)
    return best


def main() -> int:
    raw = json.loads(PATH.read_text(encoding="utf-8"))
    if len(sys.argv) > 1:
        print(f"cost {search(raw, int(sys.argv[1]), 43):.2f}", file=sys.stderr)
    problems = build(raw)
    for line in problems:
        print(line, file=sys.stderr)
    PATH.write_text(json.dumps(raw, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
