"""The move panel on a phone: taps per move, and how fast the panel and the preview answer, through the real bot.

    python -m bench.move_panel [--games 2] [--seed 1000] [--speed 1]

Two humans and two easy AIs play whole games through the panel only (buttons and menus, as the bot test does:
tests/discord/panelkit.py), random legal moves, with nothing else running (idle). Per human move: the taps it took
(1 per button, 2 per menu: open it, pick an option) and the interactions; from pressing "Play my turn" to the panel
(its first and only answer); from each press that asks for a preview to the preview with its board image.
Prints `FIGURE <name> <value> <unit>` lines. Discord's rate-limit windows run at their real speed unless
``--speed`` compresses them (the panel's own answers are interaction callbacks, which no window holds; only
the channel posts after each move wait on them).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "discord"))

from botkit import by_id, cog, make_bot, open_game, peek, users  # the harness lives with the tests
from fakediscord import FakeDiscord
from panelkit import PanelTurn, panel_turn

from bench.bot import percentile


async def play(games: int, seed: int, speed: float = 1.0) -> list[PanelTurn]:
    fake = FakeDiscord(settle_timeout=60, speed=speed)
    fake.install()
    turns: list[PanelTurn] = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            bot = await make_bot(fake, Path(tmp), seeds=range(seed, seed + games))
            await fake.start(bot)
            alice, bob = users(fake, 2)
            rng = random.Random(seed)
            for _ in range(games):
                game_id = await open_game(fake, [alice, bob], ai=["easy", "easy"])
                while not (await peek(bot, game_id)).state.over:
                    turn = await panel_turn(fake, bot, game_id, by_id(alice, bob), rng)
                    if turn is not None:
                        turns.append(turn)
                await cog(bot).ai.idle()
            await bot.close()
    finally:
        fake.uninstall()
    return turns


def report(turns: list[PanelTurn]) -> None:
    taps = [t.taps for t in turns]
    clicks = [t.interactions for t in turns]
    opened = [t.open_s * 1000 for t in turns]
    previews = [s * 1000 for t in turns for s in t.preview_s]
    print(f"FIGURE panel_moves {len(turns)} moves")
    print(f"FIGURE panel_taps_per_move_median {statistics.median(taps):.1f} taps")
    print(f"FIGURE panel_taps_per_move_worst {max(taps)} taps")
    print(f"FIGURE panel_interactions_per_move_median {statistics.median(clicks):.1f} interactions")
    print(f"FIGURE panel_interactions_per_move_worst {max(clicks)} interactions")
    print(f"FIGURE panel_open_p50_ms {percentile(opened, 0.50):.1f} ms")
    print(f"FIGURE panel_open_p99_ms {percentile(opened, 0.99):.1f} ms")
    print(f"FIGURE panel_preview_p50_ms {percentile(previews, 0.50):.1f} ms")
    print(f"FIGURE panel_preview_p99_ms {percentile(previews, 0.99):.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2, help="whole games to play (default 2)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--speed", type=float, default=1.0, help="rate-limit windows this many times faster")
    args = parser.parse_args(argv)
    report(asyncio.run(play(args.games, args.seed, args.speed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
