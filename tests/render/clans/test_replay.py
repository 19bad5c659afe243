"""The replay animation: one frame per position in the board's own colours, a long game well under 2 MB."""

from __future__ import annotations

import io
import random

import pytest
from colour_science import cie76
from PIL import Image

from engine.clans import Clan, Phase, PublicView, legal_moves, new_game, parse_action, play
from render.clans import palette as pal
from render.clans.board_image import marks_of, move_plan, pip_centres
from render.clans.replay import FRAME_MS, LAST_FRAME_MS, SCALE, render_replay
from service.clans.replays import replay_views

LIMIT = 2 * 1024 * 1024
"""A long game's replay: well under Discord's 8 MB (the replays before this limit weighed 4.2-4.6 MB)."""
MAX_DELTA_E = 6.0
"""CIE76 between a colour of the board and the same thing in a replay frame (the old palette was off by up to
65 for the clans and 76 for the arrow)."""


def random_actions(seed: int, players: int) -> list[str]:
    state = new_game(players, seed)
    rng = random.Random(seed)
    actions = []
    while not state.over:
        move = rng.choice(legal_moves(state))
        play(state, move)
        actions.append(move.text)
    return actions


def longest_game(tries: int = 300) -> tuple[int, int, list[str]]:
    games = ((seed, 2 + seed % 3, random_actions(seed, 2 + seed % 3)) for seed in range(tries))
    return max(games, key=lambda game: len(game[2]))


def test_one_frame_per_action_with_a_longer_last_frame() -> None:
    actions = random_actions(3, 2)
    views = replay_views(3, 2, [parse_action(a) for a in actions])
    assert len(views) == len(actions) + 1 and views[-1].phase is Phase.OVER
    assert [v.ply for v in views] == list(range(len(actions) + 1))
    gif = render_replay(views, ["Alice", "Bob"])
    with Image.open(io.BytesIO(gif)) as image:
        assert image.format == "GIF" and image.n_frames == len(views)
        durations = []
        for frame in range(image.n_frames):
            image.seek(frame)
            durations.append(image.info["duration"])
    assert durations == [FRAME_MS] * (len(views) - 1) + [LAST_FRAME_MS]


def test_the_longest_game_stays_under_2_mb() -> None:
    seed, players, actions = longest_game()
    assert len(actions) >= 50, "a long game was found"
    views = replay_views(seed, players, [parse_action(a) for a in actions])
    gif = render_replay(views, ["Alice", "Bob", "Charlotte", "Dee"][:players])
    with Image.open(io.BytesIO(gif)) as image:
        assert image.n_frames == len(actions) + 1
    assert len(gif) < LIMIT, len(gif)


def test_an_action_that_changes_nothing_visible_still_gets_its_frame() -> None:
    """Pillow merges identical GIF frames; the progress bar keeps one frame per position all the same."""
    views = replay_views(3, 2, [parse_action(a) for a in random_actions(3, 2)[:3]])
    repeated = [views[0], views[1], views[1], views[2]]
    with Image.open(io.BytesIO(render_replay(repeated, ["Alice", "Bob"]))) as image:
        assert image.n_frames == len(repeated)


def frames_of(gif: bytes) -> list[Image.Image]:
    frames = []
    with Image.open(io.BytesIO(gif)) as image:
        for index in range(image.n_frames):
            image.seek(index)
            frames.append(image.convert("RGB"))
    return frames


def colours_of(image: Image.Image) -> set[pal.RGB]:
    return {(c[0], c[1], c[2]) for _, c in image.getcolors(1 << 16) or [] if isinstance(c, tuple)}


def nearest(frame: Image.Image, box: tuple[float, float, float, float], colour: pal.RGB) -> float:
    """The smallest CIE76 difference between ``colour`` and a pixel of ``frame`` inside ``box``."""
    left, top, right, bottom = (round(v) for v in box)
    return min(cie76(pixel, colour) for pixel in colours_of(frame.crop((left, top, right, bottom))))


@pytest.fixture(scope="module")
def four_player_game() -> tuple[tuple[PublicView, ...], list[Image.Image]]:
    actions = random_actions(8, 4)[:30]
    views = replay_views(8, 4, [parse_action(a) for a in actions])
    return views, frames_of(render_replay(views, ["Alice", "Bob", "Charlotte", "Dee"]))


def test_every_clan_pip_keeps_its_colour_in_every_frame(
    four_player_game: tuple[tuple[PublicView, ...], list[Image.Image]],
) -> None:
    """Each pip's shape, in each frame, holds its clan's colour within ΔE 6 of the board's."""
    views, frames = four_player_game
    checked = 0
    for view, frame in zip(views, frames, strict=True):
        for tid in range(1, view.board.size + 1):
            for clan, (x, y) in pip_centres(view, tid) if any(view.huts[tid]) else []:
                cx, cy, half = x * SCALE, y * SCALE, 6
                box = (cx - half, cy - half, cx + half, cy + half)
                assert nearest(frame, box, pal.CLAN[clan]) <= MAX_DELTA_E, (view.ply, tid, clan)
                checked += 1
    assert checked > 500


def test_every_clan_colour_is_in_every_frame(
    four_player_game: tuple[tuple[PublicView, ...], list[Image.Image]],
) -> None:
    """The scores' key shows every clan in every frame: each in exactly the board's colour."""
    _, frames = four_player_game
    for index, frame in enumerate(frames):
        colours = colours_of(frame)
        for clan in Clan:
            assert min(cie76(c, pal.CLAN[clan]) for c in colours) <= MAX_DELTA_E, (index, clan)


def test_every_move_tag_and_arrow_keeps_the_arrows_pink_in_every_frame(
    four_player_game: tuple[tuple[PublicView, ...], list[Image.Image]],
) -> None:
    """The move's tag and arrow, in each frame that shows a hut move, in the board's pink within ΔE 6 (the old
    palette turned it brown, 76 off)."""
    views, frames = four_player_game
    checked = 0
    for view, frame in zip(views, frames, strict=True):
        for mark in move_plan(view, marks_of(view, None)):
            left, top, right, bottom = (v * SCALE for v in mark.tag)
            assert nearest(frame, (left, top, right, bottom), pal.ARROW) <= MAX_DELTA_E, view.ply
            if mark.route is not None:
                (x0, y0), (x1, y1) = mark.route.start, mark.route.tip
                mx, my = (x0 + 3 * x1) / 4 * SCALE, (y0 + 3 * y1) / 4 * SCALE  # along the shaft, past the tag
                assert nearest(frame, (mx - 4, my - 4, mx + 4, my + 4), pal.ARROW) <= MAX_DELTA_E, view.ply
            checked += 1
    assert checked >= 20
