"""Render speed and PNG size: ``python -m bench.render`` prints ``FIGURE <name> <value> <unit>`` lines.

Mid-game boards are 40 different positions (seeded random games after 25-40 moves), end-game boards
40 finished games; each is rendered several times and the per-render times pooled. The PNG encoding
alone is timed on the very image a render produces.
"""

from __future__ import annotations

import io
import random
import statistics
import time

from PIL import Image

import engine
from engine.clans import GameState, PublicView
from render.clans import render_board
from render.clans.board_image import draw_board_image, encode
from render.clans.replay import render_replay
from render.clans.static import static_layer

NAMES = ["Alice", "Bob", "Charlotte", "Dee"]
REPEATS = 5


def _midgame(seed: int) -> PublicView:
    state: GameState = engine.new_game(2 + seed % 3, seed)
    rng = random.Random(seed)
    for _ in range(25 + seed % 16):
        if state.over:
            break
        engine.play(state, rng.choice(engine.legal_moves(state)))
    return engine.public_view(state)


def _endgame(seed: int) -> PublicView:
    state = engine.new_game(2 + seed % 3, seed)
    engine.random_playout(state, random.Random(seed))
    return engine.public_view(state)


def _times(views: list[PublicView]) -> list[float]:
    times = []
    for _ in range(REPEATS):
        for view in views:
            start = time.perf_counter()
            render_board(view, NAMES[: view.players])
            times.append((time.perf_counter() - start) * 1000)
    return times


def _p95(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.95)]


def _encode_times(views: list[PublicView]) -> list[float]:
    images = []
    for view in views:
        image = Image.open(io.BytesIO(render_board(view, NAMES[: view.players])))
        image.load()
        images.append(image)
    times = []
    for _ in range(REPEATS):
        for image in images:
            start = time.perf_counter()
            encode(image)
            times.append((time.perf_counter() - start) * 1000)
    return times


def _rgb_alternative(views: list[PublicView]) -> tuple[float, float]:
    """What the same images would cost as RGB PNGs (compress_level 1): the design alternative not taken."""
    times, sizes = [], []
    for view in views:
        image = Image.open(io.BytesIO(render_board(view, NAMES[: view.players]))).convert("RGB")
        for _ in range(REPEATS):
            out = io.BytesIO()
            start = time.perf_counter()
            image.save(out, format="PNG", compress_level=1)
            times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(out.getvalue()) / 1024)
    return statistics.median(times), statistics.median(sizes)


def _replay_figures(runs: int = 3) -> list[tuple[str, float, str]]:
    """The animated replay of the longest of 100 seeded random games: render time and size."""
    games = []
    for seed in range(100):
        state = engine.new_game(2 + seed % 3, seed)
        rng = random.Random(seed)
        views = [engine.public_view(state)]
        while not state.over:
            engine.play(state, rng.choice(engine.legal_moves(state)))
            views.append(engine.public_view(state))
        games.append(views)
    longest = max(games, key=len)
    times, sizes = [], []
    for _ in range(runs):
        start = time.perf_counter()
        sizes.append(len(render_replay(longest, NAMES[: longest[0].players])) / 1024)
        times.append(time.perf_counter() - start)
    return [
        ("replay_longest_game_frames", float(len(longest)), "frames"),
        ("replay_render_median_s", statistics.median(times), "s"),
        ("replay_size_kb", statistics.median(sizes), "KB"),
    ]


def main() -> None:
    start = time.perf_counter()
    static_layer(engine.load_board())
    static_ms = (time.perf_counter() - start) * 1000
    mid = [_midgame(seed) for seed in range(40)]
    end = [_endgame(seed) for seed in range(40)]
    for view in mid + end:  # draw every sprite and panel block once, as a long-running bot would have
        render_board(view, NAMES[: view.players])
        draw_board_image(view)
    mid_times, end_times = _times(mid), _times(end)
    encode_times = _encode_times(mid)
    rgb_ms, rgb_kb = _rgb_alternative(mid)
    mid_median = statistics.median(mid_times)
    encode_median = statistics.median(encode_times)
    mid_kb = statistics.median(len(render_board(v, NAMES[: v.players])) for v in mid) / 1024
    end_kb = statistics.median(len(render_board(v, NAMES[: v.players])) for v in end) / 1024
    figures = [
        ("render_midgame_median_ms", mid_median, "ms"),
        ("render_midgame_p95_ms", _p95(mid_times), "ms"),
        ("render_endgame_median_ms", statistics.median(end_times), "ms"),
        ("render_endgame_p95_ms", _p95(end_times), "ms"),
        ("png_encode_midgame_ms", encode_median, "ms"),
        ("render_to_encode_ratio", mid_median / encode_median, "x"),
        ("png_size_midgame_kb", mid_kb, "KB"),
        ("png_size_endgame_kb", end_kb, "KB"),
        ("static_layer_ms", static_ms, "ms"),
        ("png_encode_midgame_rgb_ms", rgb_ms, "ms"),
        ("png_size_midgame_rgb_kb", rgb_kb, "KB"),
    ]
    figures += _replay_figures()
    for name, value, unit in figures:
        print(f"FIGURE {name} {value:.2f} {unit}")


if __name__ == "__main__":
    main()
