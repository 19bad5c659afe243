"""Which of the project's files a Clans move passes through, from the interaction to the post: a typed
`/clans move`, and the move panel's Confirm; and what each costs the database.

    python -m bench.move_path [--moves 6] [--before /tmp/checkout-before]

Two humans play through the real bot and the test fake's Discord: in one game by `/clans move`, in another through
the move panel (opened and walked unrecorded; only the Confirm click is measured). Every Python call made while
one move is answered and posted (threads included: the board is drawn off the event loop) is recorded, and the
project's source files it ran in are counted, with the coroutine calls from a cog module into a service module
(the cog ↔ service round trips), the reads of the game (the store's queries that return the game's row) and the
database transactions. The median over ``--moves`` moves of each path is printed.

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
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(os.environ.get("MOVE_PATH_ROOT") or Path(__file__).resolve().parent.parent)
HARNESS = next(p for p in (ROOT / "tests" / "discord", ROOT / "tests" / "cogs") if (p / "botkit.py").is_file())
sys.path[:0] = [str(ROOT), str(HARNESS)]

from botkit import answered, make_bot, open_game, peek, play_turn, users  # noqa: E402  # the harness of the tests
from fakediscord import FakeDiscord, FakeUser  # noqa: E402
from panelkit import PanelTurn, choose_move, ids_with, open_panel  # noqa: E402

from engine.clans import Phase, legal_moves  # noqa: E402

SKIPPED = ("tests", ".venv", "bench")
GAME_READS = ("get_game", "active_game", "game_log", "latest_game")
"""The store's queries that read a game's row (with its seats and snapshot)."""


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


class GameReads:
    """Counts the store's reads of a game's row while installed on a store."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.count = 0
        for name in GAME_READS:
            if hasattr(store, name):
                setattr(store, name, self._counted(getattr(store, name)))

    def _counted(self, query: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return await query(*args, **kwargs)

        return counted


class Path_:
    """One path's figures, a value per move."""

    def __init__(self) -> None:
        self.files: list[int] = []
        self.trips: list[int] = []
        self.reads: list[int] = []
        self.transactions: list[int] = []


async def recorded(
    recorder: Recorder, reads: GameReads, store: Any, figures: Path_, action: Callable[[], Awaitable[object]]
) -> None:
    recorder.files, recorder.cog_to_service, recorder.entered = set(), 0, []
    reads_before, transactions_before = reads.count, store.transactions
    recorder.on = True
    await action()
    recorder.on = False
    figures.files.append(len(recorder.files))
    figures.trips.append(recorder.cog_to_service)
    figures.reads.append(reads.count - reads_before)
    figures.transactions.append(store.transactions - transactions_before)


async def confirm_turn(fake: FakeDiscord, bot: Any, game_id: int, players: dict[int, FakeUser], measure: Any) -> bool:
    """The mover opens the panel and picks the first legal move (unrecorded), then Confirm (``measure``d)."""
    table = await peek(bot, game_id)
    user = players[table.mover.user_id]  # type: ignore[index]
    turn = PanelTurn(user)
    panel = await open_panel(fake, user, game_id, turn)
    if table.state.phase is Phase.MOVE:
        panel = await choose_move(fake, user, panel, legal_moves(table.state)[0], turn)
    [confirm] = ids_with(panel, "clans:pgo:")

    async def click() -> None:
        answered(await fake.click(user, panel, confirm))

    await measure(click)
    return True


async def measure(moves: int) -> dict[str, float]:
    fake = FakeDiscord(settle_timeout=60, speed=100)
    fake.install()
    recorder = Recorder()
    typed, confirmed = Path_(), Path_()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            bot = await make_bot(fake, Path(tmp), seeds=[5, 5])
            await fake.start(bot)
            try:
                reads = GameReads(bot.store)
                alice, bob, carol, dave = users(fake, 4)
                typed_here = fake.text_channel(900_001, "typed")
                typed_game = await open_game(fake, [alice, bob], channel=typed_here)
                panel_game = await open_game(fake, [carol, dave])  # the panel's harness looks in the main channel
                sys.setprofile(recorder.hook)
                threading.setprofile(recorder.hook)
                players = {alice.id: alice, bob.id: bob}
                for _ in range(moves):
                    table = await peek(bot, typed_game)  # the harness reads the game: before the recording
                    if table.state.over:
                        break
                    if table.state.phase is not Phase.MOVE:  # a village order: chosen unrecorded
                        await play_turn(fake, bot, typed_game, players, channel=typed_here)
                        continue
                    user, move = players[table.mover.user_id], legal_moves(table.state)[0]  # type: ignore[index]

                    async def typed_move() -> None:
                        command = {"from": move.src, "to": move.dst}  # noqa: B023
                        answered(await fake.slash(user, "clans move", command, channel=typed_here))  # noqa: B023

                    await recorded(recorder, reads, bot.store, typed, typed_move)
                for _ in range(moves):
                    if (await peek(bot, panel_game)).state.over:
                        break
                    players = {carol.id: carol, dave.id: dave}

                    async def measured(action: Callable[[], Awaitable[object]]) -> None:
                        await recorded(recorder, reads, bot.store, confirmed, action)

                    await confirm_turn(fake, bot, panel_game, players, measured)
            finally:
                sys.setprofile(None)
                threading.setprofile(None)  # type: ignore[arg-type]
                await bot.close()
    finally:
        fake.uninstall()
    return {
        "move_path_files": statistics.median(typed.files),
        "move_path_cog_to_service_awaits": statistics.median(typed.trips),
        "move_path_game_reads": statistics.median(typed.reads),
        "move_path_transactions": statistics.median(typed.transactions),
        "move_path_moves": len(typed.files),
        "confirm_path_files": statistics.median(confirmed.files),
        "confirm_path_cog_to_service_awaits": statistics.median(confirmed.trips),
        "confirm_path_game_reads": statistics.median(confirmed.reads),
        "confirm_path_transactions": statistics.median(confirmed.transactions),
        "confirm_path_moves": len(confirmed.files),
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


UNITS = {"files": "files", "awaits": "awaits", "reads": "reads", "transactions": "transactions", "moves": "moves"}


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
        was = f"   (before: {before[name]:g})" if before and name in before else ""
        unit = UNITS[name.rsplit("_", 1)[-1]]
        print(f"FIGURE {name} {value:g} {unit}{was}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
