"""Which of the project's files a Clans move passes through, from the `/clans move` interaction to the post.

    python -m bench.move_path [--moves 6] [--before /tmp/checkout-before]

Two humans play `/clans move` through the real bot and the test fake's Discord; every Python call made while
one move is answered and posted (threads included: the board is drawn off the event loop) is recorded, and the
project's source files it ran in are counted, with the coroutine calls from a cog module into a service module
(the cog ↔ service round trips). The median over ``--moves`` moves is printed.

``--before PATH`` measures another checkout (e.g. ``git worktree add /tmp/before <commit>``) in a child process
the same way and prints both side by side. Prints `FIGURE <name> <value> <unit>` lines for this checkout.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(os.environ.get("MOVE_PATH_ROOT") or Path(__file__).resolve().parent.parent)
HARNESS = next(p for p in (ROOT / "tests" / "discord", ROOT / "tests" / "cogs") if (p / "botkit.py").is_file())
sys.path[:0] = [str(ROOT), str(HARNESS)]

from botkit import make_bot, open_game, peek, play_turn, users  # noqa: E402  # the harness of the tests
from fakediscord import FakeDiscord  # noqa: E402

SKIPPED = ("tests", ".venv", "bench")


class Recorder:
    """The project files that ran, and the calls from a cog module into a service module, while on."""

    def __init__(self) -> None:
        self.files: set[str] = set()
        self.cog_to_service = 0
        self.entered: list[FrameType] = []
        self.on = False

    def hook(self, frame: FrameType, event: str, arg: object) -> Callable[..., Any] | None:
        if not self.on or event != "call":
            return None
        path = frame.f_code.co_filename
        if not path.startswith(str(ROOT)) or Path(path).relative_to(ROOT).parts[0] in SKIPPED:
            return None
        self.files.add(str(Path(path).relative_to(ROOT)))
        caller = frame.f_back
        awaited = frame.f_code.co_flags & inspect.CO_COROUTINE
        from_cog = caller is not None and "/cogs/" in caller.f_code.co_filename
        # a coroutine's frame is "called" again at every resumption: count its first entry only
        if awaited and from_cog and "/service/" in path and frame not in self.entered:
            self.entered.append(frame)
            self.cog_to_service += 1
        return None


async def measure(moves: int) -> dict[str, float]:
    fake = FakeDiscord(settle_timeout=60, speed=100)
    fake.install()
    files: list[int] = []
    trips: list[int] = []
    recorder = Recorder()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            bot = await make_bot(fake, Path(tmp), seeds=[5])
            await fake.start(bot)
            alice, bob = users(fake, 2)
            game_id = await open_game(fake, [alice, bob])
            players = {alice.id: alice, bob.id: bob}
            sys.setprofile(recorder.hook)
            threading.setprofile(recorder.hook)
            for _ in range(moves):
                if (await peek(bot, game_id)).state.over:
                    break
                recorder.files, recorder.cog_to_service, recorder.entered, recorder.on = set(), 0, [], True
                await play_turn(fake, bot, game_id, players)
                recorder.on = False
                files.append(len(recorder.files))
                trips.append(recorder.cog_to_service)
            sys.setprofile(None)
            threading.setprofile(None)  # type: ignore[arg-type]
            await bot.close()
    finally:
        fake.uninstall()
    return {
        "move_path_files": statistics.median(files),
        "move_path_cog_to_service_awaits": statistics.median(trips),
        "move_path_moves": len(files),
    }


def child(path: str, moves: int) -> dict[str, float]:
    env = {**os.environ, "MOVE_PATH_ROOT": path, "PYTHONPATH": path}
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--json", "--moves", str(moves)],
        cwd=path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--before", help="another checkout to measure the same way")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    figures = asyncio.run(measure(args.moves))
    if args.json:
        print(json.dumps(figures))
        return 0
    before = child(args.before, args.moves) if args.before else None
    for name, value in figures.items():
        was = f"   (before: {before[name]:g})" if before else ""
        print(f"FIGURE {name} {value:g} {'moves' if name.endswith('moves') else 'count'}{was}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
