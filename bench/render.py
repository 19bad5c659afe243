"""Render speed, PNG size and the smallest text on the map at phone width: ``python -m bench.render``
prints ``FIGURE <name> <value> <unit>`` lines; ``python -m bench.render --before DIR`` also prints the
figures of another checkout (e.g. ``git worktree add DIR <commit>``) side by side: the mid-game render median,
the PNG size and the replay's seconds and size, each the median of three fresh processes taken turn about.

Mid-game boards are 40 different positions (seeded random games after 25-40 moves), end-game boards
40 finished games; each is rendered several times and the per-render times pooled. The PNG encoding
alone is timed on the very image a render produces.

The smallest text: every text the map draws (territory numbers, counts, totals, village values, move numbers:
what ``render.clans.hut_markers``, ``render.clans.move_marks`` and the static map's ``_draw_map`` write; not the
panel below the map, nor the samples of its key) is
recorded while the gallery's boards are rendered in a fresh process, and the tallest glyph of each string
(its ink box in the font, without the outline) is scaled to 400 px wide. The same code measures any checkout,
as it only watches Pillow's ``ImageDraw.text``.
"""

from __future__ import annotations

import io
import json
import random
import statistics
import subprocess
import sys
import time

from PIL import Image

import engine.clans as engine
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


MEASURE = """
import json, random, statistics, sys, time
from PIL import ImageDraw
try:  # this layout, or an older checkout's
    import engine.clans as engine
    from render.clans import render_board, render_final
    from render.clans import gallery
except ImportError:
    import engine
    from render.clans import render_board, render_final
    from render.clans import gallery

seen = []
draw_text = ImageDraw.ImageDraw.text


def in_key():
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_globals.get("__name__", "").endswith(".key"):
            return True
        frame = frame.f_back
    return False


def recording(self, xy, text, fill=None, font=None, *args, **kwargs):
    frame = sys._getframe(1)
    module, function = frame.f_globals.get("__name__", ""), frame.f_code.co_name
    on_map = module.endswith(("hut_markers", "move_marks")) or (module.endswith("static") and function == "_draw_map")
    if on_map and not in_key():
        left, top, right, bottom = font.getbbox(str(text), anchor="ls")
        seen.append((bottom - top, str(text), module.rsplit(".", 1)[-1], font.size))
    return draw_text(self, xy, text, fill, font, *args, **kwargs)


ImageDraw.ImageDraw.text = recording
views = [
    engine.public_view(engine.new_game(4, 2)),
    engine.public_view(gallery.midgame()),
    engine.public_view(gallery.crowded()),
    engine.public_view(gallery.multivillage()),
    engine.public_view(gallery.order_phase()),
]
for view in views:
    render_board(view)
render_final(engine.public_view(gallery.final()), ["A", "B", "C", "D"])
ImageDraw.ImageDraw.text = draw_text
smallest = min(seen)
timed = []
for seed in range(20):
    state = engine.new_game(2 + seed % 3, seed)
    rng = random.Random(seed)
    for _ in range(25 + seed % 16):
        if state.over:
            break
        engine.play(state, rng.choice(engine.legal_moves(state)))
    timed.append(engine.public_view(state))
sizes = [len(render_board(view)) / 1024 for view in timed]
times = []
for _ in range(5):
    for view in timed:
        start = time.perf_counter()
        render_board(view)
        times.append((time.perf_counter() - start) * 1000)
figures = {
    "smallest_px": smallest[0] * 400 / 840, "smallest_text": smallest[1], "smallest_from": smallest[2],
    "smallest_size": smallest[3], "render_ms": statistics.median(times), "png_kb": statistics.median(sizes),
}
if "--replay" in sys.argv:  # the longest of 100 seeded random games, as _replay_figures draws it
    from render.clans.replay import render_replay
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
    start = time.perf_counter()
    gif = render_replay(longest, ["Alice", "Bob", "Charlotte", "Dee"][: longest[0].players])
    figures.update(replay_s=time.perf_counter() - start, replay_kb=len(gif) / 1024, replay_frames=len(longest))
print(json.dumps(figures))
"""


def measured(checkout: str = ".", replay: bool = False) -> dict[str, float | str]:
    """The smallest map text at 400 px, the mid-game render median and PNG size of the checkout at ``checkout``
    (with ``replay``: the longest game's replay, its seconds and size), measured in a fresh process (every sprite
    drawn anew, so every text is seen)."""
    command = [sys.executable, "-c", MEASURE, *(["--replay"] if replay else [])]
    out = subprocess.run(command, cwd=checkout, capture_output=True, text=True, check=True, env=_env(checkout))
    result: dict[str, float | str] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def _env(checkout: str) -> dict[str, str]:
    import os

    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.abspath(checkout)
    return env


def text_figures(before: str | None, rounds: int = 3) -> list[tuple[str, float, str]]:
    """The smallest map text; with ``before``, both checkouts' figures, their render medians taken in
    alternating fresh processes (``rounds`` each) so that the machine's load falls on both alike."""
    afters, befores = [], []
    for _ in range(rounds if before else 1):
        afters.append(measured(replay=bool(before)))
        if before:
            befores.append(measured(before, replay=True))
    after = afters[0]
    print(f"# smallest now: {after['smallest_text']!r} from {after['smallest_from']}, {after['smallest_size']}")
    figures = [("map_smallest_text_400px", float(after["smallest_px"]), "px")]
    if befores:
        old = befores[0]
        print(f"# smallest before: {old['smallest_text']!r} from {old['smallest_from']}, {old['smallest_size']}")
        figures = [("map_smallest_text_400px_before", float(old["smallest_px"]), "px")]
        figures.append(("map_smallest_text_400px_after", float(after["smallest_px"]), "px"))
        for key, name, unit in (
            ("render_ms", "render_midgame_median_ms", "ms"),
            ("png_kb", "png_size_midgame_kb", "KB"),
            ("replay_s", "replay_render_median_s", "s"),
            ("replay_kb", "replay_size_kb", "KB"),
        ):
            for label, runs in (("before", befores), ("after", afters)):
                figures.append((f"{name}_{label}", statistics.median(float(m[key]) for m in runs), unit))
        figures.append(("replay_frames_compared", float(after["replay_frames"]), "frames"))
    return figures


def main() -> None:
    before = sys.argv[sys.argv.index("--before") + 1] if "--before" in sys.argv else None
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
    figures += text_figures(before)
    for name, value, unit in figures:
        print(f"FIGURE {name} {value:.2f} {unit}")


if __name__ == "__main__":
    main()
