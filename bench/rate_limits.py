"""A busy channel under Discord's rate limits, at Discord's real speed: what the limits cost the bot.

    python -m bench.rate_limits [--actions 60] [--speed 1] [--seed 3]

Two Clans games (two humans and two easy AIs each; one in the channel, one in a thread of it), humans moving the
moment the store says it is their turn, through the real bot and discord.py's own rate-limit handling against the
test fake (5 messages per 5 s per channel, 50 requests per second; ``--speed`` compresses Discord's windows).
Prints `FIGURE <name> <value> <unit>` lines: the 429s the bot met, how many of its messages waited and how long
(p50/p99/max, from the bot asking discord.py to discord.py handing the answer back), the interactions' first
answers, actions left unannounced and AI turns left to the sweep.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "discord"))

from botkit import cog, make_bot  # the harness lives with the tests
from busy_channel import figures, open_two_games, play_fast, unannounced
from fakediscord import FakeDiscord

from config import load_config
from service.ai_pool import AiPool

SETTINGS = load_config({})  # the defaults, as the bot runs without settings


async def run(actions: int, speed: float, seed: int) -> dict[str, float]:
    fake = FakeDiscord(settle_timeout=300, speed=speed)
    fake.install()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            pool = AiPool()
            bot = await make_bot(
                fake,
                Path(tmp),
                seeds=[seed, seed + 1],
                ai_pool=pool,
                ai_budget_s=SETTINGS.ai_budget_s,
                ai_rollouts=SETTINGS.ai_rollouts,
                ai_delay_s=0,
            )
            await fake.start(bot)
            started = time.perf_counter()
            people, busy = await open_two_games(fake, (seed, seed + 1))
            await play_fast(fake, bot, people, busy, actions, timeout_s=600)
            shown = figures(fake, busy)
            shown["wall_s"] = time.perf_counter() - started
            shown["unannounced_actions"] = len(await unannounced(fake, bot, busy))
            shown["rate_limited_global_429"] = fake.rate_limits.refused_global
            shown["buckets_emptied_messages"] = sum(1 for e in fake.rate_limits.emptied if "/messages" in e)
            cog(bot).ai.cancel_all()
            await bot.close()
    finally:
        fake.uninstall()
    return shown


UNITS = {
    "_s": "s",
    "_429": "responses",
    "_emptied_messages": "answers",
    "_turns_left_to_sweep": "turns",
    "_posts": "messages",
    "messages": "messages",
    "_waited": "messages",
    "_actions": "actions",
    "_humans": "actions",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=60, help="actions per game")
    parser.add_argument("--speed", type=float, default=1.0, help="Discord's windows run this many times faster")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"# two games, {args.actions} actions each, Discord at speed {args.speed} (1 = real)")
    shown = asyncio.run(run(args.actions, args.speed, args.seed))
    for name, value in shown.items():
        unit = next((u for suffix, u in UNITS.items() if name.endswith(suffix)), "count")
        print(
            f"FIGURE rate_limits_{name} {value:.3f} {unit}"
            if name.endswith("_s")
            else f"FIGURE rate_limits_{name} {value:.0f} {unit}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
