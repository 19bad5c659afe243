"""Distances, shortest wall paths and provinces on the triangle board (docs/RULES.md A2, A4)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.alexandros.board import Board


def point_distances(board: Board, start: int) -> Sequence[int]:
    """Distance in triangle sides from ``start`` to every point, along any side (walls and coast included:
    docs/RULES.md A4.3), so a fixed fact of the board, computed once when it is loaded."""
    return board.distances[start]


def space_distance(board: Board, dist: Sequence[int], space: int) -> int:
    """Distance to the nearest point of ``space`` (docs/RULES.md A4.2)."""
    a, b, c = board.space_points[space]
    return min(dist[a], dist[b], dist[c])


def path_wall_sets(board: Board, walls: int, start: int, end: int) -> list[tuple[int, ...]]:
    """The sides that get a new wall along each shortest path from ``start`` to ``end``: one sorted tuple per
    distinct set, the tuples sorted (docs/RULES.md A4.4, A4.5). Two paths that differ only over sides already
    walled place the same walls, so they are one choice."""
    to_end = point_distances(board, end)
    links = board.point_links
    memo: dict[int, set[frozenset[int]]] = {end: {frozenset()}}

    def sets_from(p: int) -> set[frozenset[int]]:
        found = memo.get(p)
        if found is not None:
            return found
        result: set[frozenset[int]] = set()
        step = to_end[p] - 1
        for side, q in links[p]:
            if to_end[q] == step:
                new = frozenset() if walls >> side & 1 else frozenset((side,))
                result.update(s | new for s in sets_from(q))
        memo[p] = result
        return result

    return sorted(tuple(sorted(s)) for s in sets_from(start))


def provinces(board: Board, walls: int) -> list[int]:
    """Per space, the id of its province: the lowest space id of the group of spaces joined by sides
    without a wall (docs/RULES.md A2.4)."""
    n = board.space_count
    label = [-1] * n
    links = board.space_links
    for first in range(n):
        if label[first] >= 0:
            continue
        label[first] = first
        stack = [first]
        while stack:
            s = stack.pop()
            for side, t in links[s]:
                if label[t] < 0 and not walls >> side & 1:
                    label[t] = first
                    stack.append(t)
    return label


def provinces_after(board: Board, label: Sequence[int], walls: int, new_sides: Sequence[int]) -> list[int]:
    """``provinces(board, walls)`` when ``label`` are the provinces before walls were added on ``new_sides``
    (``walls`` includes them): only the provinces those sides touch are labelled again, the same way."""
    touched = {label[t] for side in new_sides for t in board.side_spaces[side]}
    result = list(label)
    members = [s for s, pid in enumerate(label) if pid in touched]
    for s in members:
        result[s] = -1
    links = board.space_links
    for first in members:
        if result[first] >= 0:
            continue
        result[first] = first
        stack = [first]
        while stack:
            s = stack.pop()
            for side, t in links[s]:
                if result[t] < 0 and not walls >> side & 1:
                    result[t] = first
                    stack.append(t)
    return result


def wall_groups(board: Board, walls: int) -> list[int]:
    """Per point, the id of its group of points joined by walls or by the coast (the lowest point id in it)."""
    label = [-1] * len(board.points)
    links = board.point_links
    coast = board.coast
    for first in range(len(label)):
        if label[first] >= 0:
            continue
        label[first] = first
        stack = [first]
        while stack:
            p = stack.pop()
            for side, q in links[p]:
                if label[q] < 0 and (coast[side] or walls >> side & 1):
                    label[q] = first
                    stack.append(q)
    return label


def closes_loop(board: Board, groups: Sequence[int], sides: Sequence[int]) -> bool:
    """Whether new walls on ``sides`` close a loop with the standing walls and the coast (``groups``: their
    ``wall_groups``). Only a closed line of walls divides a province, so walls that close none leave the
    provinces as they are (docs/RULES.md A2.4)."""
    parent: dict[int, int] = {}

    def root(x: int) -> int:
        while x in parent:
            x = parent[x]
        return x

    for side in sides:
        a, b = board.sides[side]
        ra, rb = root(groups[a]), root(groups[b])
        if ra == rb:
            return True
        parent[ra] = rb
    return False


def along_path(board: Board, start: int, sides: Sequence[int]) -> tuple[int, ...]:
    """``sides`` (of one shortest path from ``start``, as ``path_wall_sets`` gives them) in the order the path
    walks them: a shortest path crosses each distance from ``start`` once, so a side's nearer end says where."""
    dist = point_distances(board, start)
    ends = board.sides
    return tuple(sorted(sides, key=lambda side: min(dist[ends[side][0]], dist[ends[side][1]])))
