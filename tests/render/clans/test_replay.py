"""The replay animation: one frame per position, under Discord's 8 MB even for the longest game we find."""

from __future__ import annotations

import io
import random

from PIL import Image

from engine.clans import Phase, legal_moves, new_game, parse_action, play
from render.clans.replay import FRAME_MS, LAST_FRAME_MS, render_replay
from service.clans.replays import replay_views

LIMIT = 8 * 1024 * 1024


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


def test_the_longest_game_stays_under_8_mb() -> None:
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
