"""The Alexandros replay animation: the setup, one frame per action, then the result held longer; every frame
is exactly the board drawn from its public view (the GIF stores only what changed, and loses nothing)."""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest
from colour_science import cie76
from PIL import Image, ImageChops

import engine.alexandros as alex
from render.alexandros import PLAYER_COLOURS
from render.alexandros.replay import (
    EN,
    FRAME_MS,
    LAST_FRAME_MS,
    action_frame,
    new_walls,
    render_replay,
    replay_palette,
    result_frame,
)
from service.alexandros.replays import Play, replay_steps

NAMES = ["Ada", "Bo", "Cy", "Dee"]
LIMIT = 8 * 1024 * 1024


def random_log(seed: int, players: int) -> list[Play]:
    """A whole game of random legal actions (never a resignation): the walls run out or someone reaches 100."""
    state = alex.new_game(players, seed)
    rng = random.Random(seed)
    log: list[Play] = []
    while state.phase is not alex.Phase.OVER:
        choices = [a for a in alex.legal_actions(state) if not isinstance(a, alex.Resign)]
        seat, action = state.to_move, rng.choice(choices)
        alex.apply(state, action)
        log.append((seat, action))
    return log


def decoded(gif: bytes) -> tuple[list[Image.Image], list[int]]:
    frames, durations = [], []
    with Image.open(io.BytesIO(gif)) as image:
        for index in range(image.n_frames):
            image.seek(index)
            frames.append(image.convert("RGB"))
            durations.append(int(image.info["duration"]))
    return frames, durations


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


@pytest.fixture(scope="module")
def four_players() -> tuple[list[Play], tuple[alex.PublicView, ...], alex.Result | None, bytes]:
    log = random_log(4, 4)
    views, result = replay_steps(4, 4, log)
    return log, views, result, render_replay(views, log, result, NAMES)


def test_a_whole_game_is_the_setup_a_frame_per_action_and_the_result(
    four_players: tuple[list[Play], tuple[alex.PublicView, ...], alex.Result | None, bytes],
) -> None:
    log, views, result, gif = four_players
    assert result is not None and views[-1].phase is alex.Phase.OVER and len(log) > 60
    frames, durations = decoded(gif)
    assert len(frames) == len(log) + 2
    assert durations == [FRAME_MS] * (len(log) + 1) + [LAST_FRAME_MS]
    assert frames[0].width == 400 and len(gif) < LIMIT


def test_each_frame_is_its_position_and_the_last_one_shows_the_result(
    four_players: tuple[list[Play], tuple[alex.PublicView, ...], alex.Result | None, bytes],
) -> None:
    log, views, result, gif = four_players
    assert result is not None
    frames, _ = decoded(gif)
    total = len(frames)
    first = action_frame(views[0], None, NAMES, EN, 0, total)
    end = result_frame(views[-1], result, NAMES, EN)
    palette = replay_palette(first, end)

    def indexed(image: Image.Image) -> Image.Image:
        return image.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")

    assert same(frames[0], indexed(first))
    for index in (1, len(log) // 2, len(log)):
        expected = action_frame(views[index], log[index - 1], NAMES, EN, index, total)
        assert same(frames[index], indexed(expected)), index
    assert same(frames[-1], indexed(end)), "the hold frame is the result over the final board"
    assert not same(frames[-1], frames[-2])
    # The result panel says who won: another winner draws another last frame.
    others = tuple(seat for seat in range(4) if seat not in result.winners) or (0,)
    other = result_frame(views[-1], replace(result, winners=others), NAMES, EN)
    assert not same(indexed(other), frames[-1])


def test_the_players_colours_come_out_exactly() -> None:
    """A median cut of mostly sand and sea would turn the players' discs grey; they are kept in the palette."""
    log = random_log(7, 4)[:40]
    views, _ = replay_steps(7, 4, log)
    gif = render_replay(views, log, None, NAMES)
    frames, durations = decoded(gif)
    assert len(frames) == len(log) + 1 and durations[-1] == FRAME_MS  # an unfinished game: no result frame
    colours = {colour for _, colour in frames[-1].getcolors(1 << 16) or []}
    assert set(PLAYER_COLOURS) <= colours


def test_a_replay_needs_one_position_per_action() -> None:
    views, _ = replay_steps(3, 2, [])
    with pytest.raises(ValueError):
        render_replay(views, [(0, alex.EndTurn())], None, NAMES)


def test_a_frame_dots_the_walls_built_in_its_turn_and_only_those() -> None:
    log = random_log(5, 3)[:30]
    views, _ = replay_steps(5, 3, log)
    built = next(i for i, (_, action) in enumerate(log) if isinstance(action, alex.ChoosePath) and action.walls)
    after = built + 1  # views[after] is the position right after the path was chosen
    walls = log[built][1]
    assert isinstance(walls, alex.ChoosePath)
    expected = sum(1 << side for side in walls.walls)
    assert new_walls(views, after) == expected
    turn_over = next(i for i in range(after, len(views)) if views[i].turn != views[after].turn)
    assert new_walls(views, turn_over) == 0, "a new turn starts with no new walls"
    frame = action_frame(views[after], log[built], NAMES, EN, after, len(views), expected)
    assert not same(frame, action_frame(views[after], log[built], NAMES, EN, after, len(views)))


def test_every_players_colour_is_in_every_frame_within_delta_e_6(
    four_players: tuple[list[Play], tuple[alex.PublicView, ...], alex.Result | None, bytes],
) -> None:
    """The header's shapes show every player in every frame: each in the board's colour (CIE76 6 or less)."""
    _, _, _, gif = four_players
    frames, _ = decoded(gif)
    for index, frame in enumerate(frames[:-1]):  # the result frame dims the board under its panel
        colours = {(c[0], c[1], c[2]) for _, c in frame.getcolors(1 << 16) or [] if isinstance(c, tuple)}
        for seat, colour in enumerate(PLAYER_COLOURS):
            assert min(cie76(c, colour) for c in colours) <= 6.0, (index, seat)
