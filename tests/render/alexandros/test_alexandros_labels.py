"""No tax tag, guard or path label ever covers a region name or a space number, on the gallery's boards and on
200 random positions (with Alexander's destinations lettered at a move, the candidate wall paths at a path
choice). The old board put tags on names ("MACE[1]DONIA", "GED[4]OSIA") and path labels anywhere when crowded."""

from __future__ import annotations

import random
from collections.abc import Iterator

import engine.alexandros as alex
from render.alexandros.board_image import Placement, placement
from render.alexandros.gallery import Game, candidate_paths, destinations
from render.alexandros.overlays import overlaps, owners

Position = tuple[alex.PublicView, list[tuple[str, int]], list[tuple[str, tuple[int, ...]]]]


def _position(game: Game) -> Position:
    state = game.state
    targets = destinations(state) if state.phase is alex.Phase.MOVE else []
    paths = candidate_paths(state)[:6] if state.phase is alex.Phase.PATH else []
    return game.view, targets, paths


def random_positions(count: int = 200) -> Iterator[Position]:
    rng = random.Random(35)
    for _ in range(count):
        game = Game(rng.randint(2, 4), rng.randrange(10**6))
        stop = rng.randint(1, 400)
        game.play(lambda s, stop=stop: s.ply >= stop or (s.ply >= stop - 20 and s.phase is alex.Phase.PATH))
        yield _position(game)


def gallery_positions() -> list[Position]:
    positions = []
    for players, seed, until in (
        (4, 2, lambda s: True),
        (4, 5, lambda s: s.black_left <= 22 and s.phase is alex.Phase.ACTIONS and sum(g >= 0 for g in s.guards) >= 7),
        (4, 7, lambda s: s.turn >= 10 and s.phase is alex.Phase.MOVE),
    ):
        game = Game(players, seed)
        game.play(until)
        positions.append(_position(game))
    for seed in range(1, 200):
        game = Game(4, seed)
        if game.play(lambda s: s.phase is alex.Phase.PATH and s.turn > 8 and 3 <= len(alex.legal_actions(s)) <= 6):
            positions.append(_position(game))
            break
    return positions


def covered(placed: Placement) -> list[str]:
    labels = [("region name", box) for box in placed.regions] + [("space number", box) for box in placed.numbers]
    marks = [("tax tag", tag.box) for tag in placed.tags] + [("guard", box) for box in placed.guards]
    marks += [("path label", box) for box in placed.path_labels]
    return [f"{mark} {m} on {label} {b}" for mark, m in marks for label, b in labels if overlaps(m, b)]


def test_nothing_covers_a_name_or_a_number_on_the_gallerys_boards() -> None:
    for view, targets, paths in gallery_positions():
        assert covered(placement(view, targets, paths=paths)) == []


def test_nothing_covers_a_name_or_a_number_on_200_random_positions() -> None:
    tags = provinces = labels = 0
    for view, targets, paths in random_positions():
        placed = placement(view, targets, paths=paths)
        assert covered(placed) == [], view.ply
        tags += len(placed.tags)
        provinces += sum(
            1
            for pid in owners(view)
            if any(view.board.symbol[s] is None for s, p in enumerate(view.province) if p == pid)
        )
        labels += len(placed.path_labels)
        assert len(placed.path_labels) == len(paths)
    assert labels >= 20 and tags >= 0.97 * provinces, (tags, provinces)  # a tag finds no room: 6 of 1053
