"""Replays under load, through the real bot and the fake Discord: six replays asked at once while a move is played
in another game, then the same six again (kept in the database since the first time).

    python -m bench.replay_load [--repeat 3] [--seed 1]

Six finished games of about fifty moves each are played through the service; then six members ask for their
replays (`/clans replay`) at the same moment, and while those are drawn two players keep moving in a running
game (a move 0.2 s after the last one's announcement). Measured per round: every replay interaction's first
answer (Discord's 3 s deadline), the move's public message (interaction to its announcement, board included),
the six replays' time until all are posted, and the peak RSS growth of the bot's process (sampled every 5 ms).
Prints `FIGURE <name> <value> <unit>` lines, medians over ``--repeat`` fresh bots. Goals: move message p99
within 250 ms, RSS growth under 150 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd() / "tests" / "discord"))  # the harness lives with the tests; run from the repo root

from botkit import make_bot, peek, users
from fakediscord import FakeDiscord, FakeUser, InteractionResult

from bench.bot import percentile, replied, reply_duration, rss_mb
from bot import GameBot
from engine.clans import Phase, legal_moves

REPLAYS = 6
MOVES_AT_LEAST = 8
"""Moves measured per round, at least (more while the replays are still being drawn)."""
TIMEOUT_S = 300.0
GAP_S = 0.2
"""The players' own thinking between a move's announcement and the next move."""


class Load:
    def __init__(self, fake: FakeDiscord, bot: GameBot, seed: int) -> None:
        self.fake = fake
        self.bot = bot
        self.rng = random.Random(seed)
        self.players = users(fake, 2)
        self.askers = [fake.user(300 + i, f"asker{i}") for i in range(2 * REPLAYS)]
        self.next_channel = 6000

    def channel(self) -> int:
        self.next_channel += 1
        self.fake.text_channel(self.next_channel)
        return self.next_channel

    async def game(self) -> tuple[int, int]:
        games, (host, guest) = self.bot.services["clans"], self.players
        channel = self.channel()
        lobby = await games.open_lobby(self.fake.guild_id, channel, host.id, host.name)
        await games.join(lobby.id, guest.id, guest.name)
        return (await games.start(lobby.id, host.id)).id, channel

    async def finished_game(self) -> tuple[int, int]:
        """A game played to its end with random legal actions (through the service: quick, not measured), and
        its channel, where its replay is asked for (from another channel, the bot would have to see that one)."""
        game_id, channel = await self.game()
        while not (table := await peek(self.bot, game_id)).state.over:
            mover = table.mover.user_id
            action = self.rng.choice(legal_moves(table.state))
            await self.bot.services["clans"].play(game_id, mover, action, expected_ply=table.state.ply)
        return game_id, channel

    async def move(self, game_id: int, channel: int) -> InteractionResult | None:
        """One measured `/clans move` in the running game (village orders are chosen directly); None at its end."""
        while True:
            table = await peek(self.bot, game_id)
            if table.state.over:
                return None
            assert table.mover.user_id is not None
            mover: FakeUser = self.fake.users[table.mover.user_id]
            action = self.rng.choice(legal_moves(table.state))
            if table.state.phase is Phase.ORDER:
                await self.bot.services["clans"].play(game_id, mover.id, action, expected_ply=table.state.ply)
                continue
            result = await self.fake.slash(
                mover,
                "clans move",
                {"from": action.src, "to": action.dst},
                channel=self.fake.channels[channel],
                settle=False,
            )
            return await replied(self.fake, result)

    async def round(self, finished: list[tuple[int, int]], askers: list[FakeUser]) -> dict[str, float]:
        """Six replays asked at once while moves are played: the round's figures."""
        game_id, channel = await self.game()
        await self.move(game_id, channel)  # warm: the first board of a bot loads its fonts and map
        before = rss_mb()
        peak = [before]
        sampling = True

        async def sample() -> None:
            while sampling:
                peak[0] = max(peak[0], rss_mb())
                await asyncio.sleep(0.005)

        sampler = asyncio.create_task(sample())
        started = time.perf_counter()
        asked = [
            await self.fake.slash(
                asker, "clans replay", {"game": game}, channel=self.fake.channels[where], settle=False
            )
            for asker, (game, where) in zip(askers, finished, strict=True)
        ]
        moves: list[float] = []

        def all_posted() -> bool:
            return all(any(s.files for s in r.followups) for r in asked)

        while len(moves) < MOVES_AT_LEAST or not all_posted():
            await asyncio.sleep(GAP_S)
            result = await self.move(game_id, channel)
            if result is None:
                game_id, channel = await self.game()
                continue
            moves.append(reply_duration(result) * 1000)
        await self.fake.wait_until(all_posted, timeout=TIMEOUT_S)
        drawn_s = time.perf_counter() - started
        await self.fake.settle(TIMEOUT_S)
        sampling = False
        await sampler
        first = [r.latency * 1000 for r in asked]
        assert all(r.response is not None for r in asked)
        return {
            "first_answer_max_ms": max(first),
            "move_p99_ms": percentile(moves, 0.99),
            "move_p50_ms": percentile(moves, 0.50),
            "moves": len(moves),
            "all_posted_s": drawn_s,
            "rss_growth_mb": peak[0] - before,
        }


async def one_bot(seed: int) -> tuple[dict[str, float], dict[str, float]]:
    fake = FakeDiscord(settle_timeout=TIMEOUT_S)
    fake.install()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            bot = await make_bot(fake, Path(tmp), seeds=range(seed * 1000, seed * 1000 + 1000), ai_delay_s=0)
            await fake.start(bot)
            load = Load(fake, bot, seed)
            finished = [await load.finished_game() for _ in range(REPLAYS)]
            cold = await load.round(finished, load.askers[:REPLAYS])
            kept = await load.round(finished, load.askers[REPLAYS:])  # other members: no cooldown in the way
            await bot.close()
    finally:
        fake.uninstall()
    return cold, kept


def report(label: str, rounds: list[dict[str, float]]) -> None:
    def median(key: str) -> float:
        return statistics.median(r[key] for r in rounds)

    print(
        f"# {label}: {REPLAYS} replays at once, {median('moves'):.0f} moves meanwhile; "
        f"per round: {[round(r['move_p99_ms']) for r in rounds]} ms move p99, "
        f"{[round(r['rss_growth_mb']) for r in rounds]} MB growth"
    )
    print(f"FIGURE replay_load_{label}_first_answer_max_ms {median('first_answer_max_ms'):.1f} ms")
    print(f"FIGURE replay_load_{label}_move_message_p99_ms {median('move_p99_ms'):.1f} ms")
    print(f"FIGURE replay_load_{label}_move_message_p50_ms {median('move_p50_ms'):.1f} ms")
    print(f"FIGURE replay_load_{label}_all_posted_s {median('all_posted_s'):.2f} s")
    print(f"FIGURE replay_load_{label}_peak_rss_growth_mb {median('rss_growth_mb'):.0f} MB")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="fresh bots measured (medians are printed)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--one", action="store_true", help="measure one bot in this process, print JSON")
    args = parser.parse_args(argv)
    if args.one:
        print("RESULT " + json.dumps(asyncio.run(one_bot(args.seed))), flush=True)
        return 0
    # Each bot in a process of its own: memory freed by one bot stays in its process's heap and would hide
    # the next one's growth.
    here = [sys.executable, "-m", __spec__.name] if __spec__ is not None else [sys.executable, sys.argv[0]]
    cold, kept = [], []
    for index in range(args.repeat):
        done = subprocess.run([*here, "--one", "--seed", str(args.seed + index)], capture_output=True, text=True)
        line = next((row for row in done.stdout.splitlines() if row.startswith("RESULT ")), None)
        if line is None:
            print(done.stdout, done.stderr, file=sys.stderr)
            return 1
        first, second = json.loads(line.removeprefix("RESULT "))
        cold.append(first)
        kept.append(second)
    report("first", cold)
    report("again", kept)
    return 0


if __name__ == "__main__":
    sys.exit(main())
