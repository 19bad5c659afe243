"""Latency of `/clans move` through the real bot, in-process, with Discord's HTTP captured by the test fake.

    python -m bench.bot [--moves 60] [--gap 0.2] [--burst 200] [--ai 0,2,6] [--rounds 1] [--tables 1] [--why]
                        [--profile out.prof]
    python -m bench.bot --quick --why --rounds 3   # a few minutes: --ai 0,6 --tables 4 --burst 20

Two humans play ``--tables`` games in turn, each in a channel of its own (random legal moves, a new game when one
ends; the games start staggered and are kept from load to load, so a load sees game ends as often as players do)
through real interaction payloads dispatched into the command tree, while 0, 2 and 6 other games each have a hard
AI thinking at the default budget (games of one resigned host and three hard AIs, replaced when they end; a load
with fewer stops the others' turns), and as many Alexandros games of two hard AIs (``--no-alexandros``: none).
Whatever AI path the service uses is what is measured. ``--rounds`` repeats the loads side by side (0, 6, 0,
6...), so a noisy machine weighs on each alike. ``--why``: where each load's posts waited (bench/post_waits.py).
For each `/clans move`: from the interaction arriving to the last HTTP call of its
reply (the public announcement with the board image, a new message in the game's channel, then the removal of the
mover's private "thinking…" answer), to the bot asking discord.py for the public message (``post``: the way a
player feels the bot, apart from Discord's rate-limit waits, which discord.py spends before sending and which are
the same with or without AIs), and to its first answer (due within Discord's 3 s). The AI turns' tasks are watched
step by step (tests/discord/loop_watch.py): the most CPU time one step held the event loop is printed.
Then a burst: one move arrives in each of ``--burst`` games at once; its first answers and the peak RSS.
Prints `FIGURE <name> <value> <unit>` lines.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import os
import pstats
import random
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "discord"))

from botkit import cog, make_bot, peek, users  # the harness lives with the tests
from fakediscord import FakeDiscord, FakeUser, InteractionResult
from loop_watch import LoopWatch

from bench.bot_figures import Run, percentile, report_load, report_rounds
from bench.post_waits import PostProbes
from bench.post_waits import report as report_waits
from bot import GameBot
from config import load_config
from engine.clans import Move, Phase
from service.ai_pool import AiPool, default_workers
from service.ai_worker import WORKER_NICENESS
from service.clans.ai_client import ClansAi

HUMANS = 2
SETTINGS = load_config({})  # the defaults, as the bot runs without settings
REPLY_TIMEOUT_S = 120.0
TYPICAL_GAME_PLIES = 50
"""About how many moves a game of two takes (the human games start this far apart, over the tables)."""


def rss_mb() -> float:
    """The process's resident set size now, from /proc (0 where there is none)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def replied(fake: FakeDiscord, result: InteractionResult) -> InteractionResult:
    """Wait (without settling every bot task: AI games never stop) until the move's public reply is sent."""

    token = f"/{result.payload['token']}"
    seen = result.first_call

    def done() -> bool:  # the private answer removed (the move is posted) or a follow-up (a refusal); new calls only
        nonlocal seen
        calls = fake.calls
        found = any(
            c.method in ("POST", "DELETE") and c.path.startswith("/webhooks/") and token in c.path for c in calls[seen:]
        )
        seen = len(calls)
        return found

    await fake.wait_until(done, timeout=REPLY_TIMEOUT_S)
    result.last_call = len(fake.calls)
    return result


def reply_duration(result: InteractionResult) -> float:
    """Interaction to the last HTTP call for its own token (other games' messages do not count)."""
    return result.calls[-1].at - result.dispatched_at


class Harness:
    def __init__(self, fake: FakeDiscord, bot: GameBot, seed: int) -> None:
        self.fake = fake
        self.bot = bot
        self.rng = random.Random(seed)
        self.people = users(fake, HUMANS)
        self.by_id = {p.id: p for p in self.people}
        self.next_channel = 5000
        self.ai_games: list[int] = []
        self.alexandros_games: list[int] = []
        self.alexandros = True
        self.ai_channels: set[int] = set()
        self.announced_marks = 0
        self.moves_made = 0
        self.table_count = 1
        self.tables: list[tuple[int, int]] = []
        """The human games measured moves go to in turn: (game id, channel id), each in a channel of its own."""
        self.probes: PostProbes | None = None
        """With ``--why``: where each measured move's post waited."""
        mark = bot.store.mark_announced

        async def counted_mark(game_id: int, ply: int) -> None:
            self.announced_marks += 1
            await mark(game_id, ply)

        bot.store.mark_announced = counted_mark  # type: ignore[method-assign]

    def channel(self) -> int:
        self.next_channel += 1
        self.fake.text_channel(self.next_channel)
        return self.next_channel

    async def human_game(self) -> tuple[int, int]:
        """A started game of two humans in a channel of its own: (game id, channel id)."""
        games = self.bot.services["clans"]
        channel = self.channel()
        host, guest = self.people
        game = await games.open_lobby(self.fake.guild_id, channel, host.id, host.name)
        await games.join(game.id, guest.id, guest.name)
        return (await games.start(game.id, host.id)).id, channel

    async def ai_game(self) -> int:
        """A game in which a hard AI is always thinking: the host resigns, three hard AIs play on."""
        games = self.bot.services["clans"]
        host = self.people[0]
        channel = self.channel()
        self.ai_channels.add(channel)
        game = await games.open_lobby(self.fake.guild_id, channel, host.id, host.name)
        for _ in range(3):
            await games.add_ai(game.id, host.id, "hard")
        await games.start(game.id, host.id)
        await games.resign(game.id, host.id)
        cog(self.bot).ai.schedule(game.id)
        return game.id

    async def alexandros_game(self) -> int:
        """An Alexandros game of two hard AIs (its host resigned)."""
        games = self.bot.services["alexandros"]
        host = self.people[0]
        channel = self.channel()
        self.ai_channels.add(channel)
        game = await games.open_lobby(self.fake.guild_id, channel, host.id, host.name)
        for _ in range(2):
            await games.add_ai(game.id, host.id, "hard")
        await games.start(game.id, host.id)  # type: ignore[attr-defined]
        await games.resign(game.id, host.id)  # type: ignore[attr-defined]
        self.alexandros_turns.schedule(game.id)
        return game.id

    @property
    def alexandros_turns(self) -> Any:
        return self.bot.get_cog("Alexandros").ai  # type: ignore[union-attr]

    async def stop_ai_games(self, wanted: int) -> None:
        """Fewer AI games for this load than the last: the others' turns are cancelled (their games stay unfinished:
        the bench's bot runs no AI sweep to take them up again), their workers replaced before measuring."""
        stopped = False
        for turns, games in ((cog(self.bot).ai, self.ai_games), (self.alexandros_turns, self.alexandros_games)):
            for game_id in games[wanted:]:
                task = turns._tasks.get(game_id)
                if task is not None:
                    task.cancel()
                    stopped = True
            del games[wanted:]
        if stopped:
            await asyncio.sleep(0.5)  # a worker cancelled mid-thought is killed and replaced in the background
            await self.bot.ai_pool.start()

    async def keep_ai_thinking(self, wanted: int) -> None:
        tasks = cog(self.bot).ai._tasks
        self.ai_games = [g for g in self.ai_games if g in tasks and not tasks[g].done()]
        while len(self.ai_games) < wanted:
            self.ai_games.append(await self.ai_game())
        alexandros = self.alexandros_turns
        self.alexandros_games = [g for g in self.alexandros_games if alexandros.running(g)]
        while self.alexandros and len(self.alexandros_games) < wanted:
            self.alexandros_games.append(await self.alexandros_game())

    async def next_mover(self, game_id: int) -> tuple[FakeUser, Move] | None:
        """Who moves next in the human game and a random legal hut move; village orders are chosen directly."""
        while True:
            table = await peek(self.bot, game_id)
            if table.state.over:
                return None
            mover = self.by_id[table.mover.user_id]  # type: ignore[index]
            if table.state.phase is Phase.ORDER:
                await self.bot.services["clans"].play(
                    game_id, mover.id, Move.village(self.rng.choice(table.state.pending)), expected_ply=table.state.ply
                )
                continue
            return mover, self.rng.choice((await self.bot.services["clans"].table(game_id)).hut_moves())

    async def fast_forward(self, game_id: int, plies: int) -> None:
        """``plies`` random moves played straight through the service (not posted: as if played before)."""
        for _ in range(plies):
            turn = await self.next_mover(game_id)
            if turn is None:
                return
            mover, move = turn
            ply = (await peek(self.bot, game_id)).state.ply
            await self.bot.services["clans"].play(game_id, mover.id, move, expected_ply=ply)

    async def move(self, mover: FakeUser, move: Move, channel: int) -> InteractionResult:
        with self.probes.move(self.moves_made) if self.probes else contextlib.nullcontext():
            result = await self.fake.slash(
                mover,
                "clans move",
                {"from": move.src, "to": move.dst},
                channel=self.fake.channels[channel],
                settle=False,
            )
            self.moves_made += 1
        answered = await replied(self.fake, result)
        if self.probes is not None:
            self.probes.replied()
        return answered

    async def measure(self, moves_wanted: int, ai_games: int, gap_s: float = 0.0) -> Run:
        """``moves_wanted`` moves, in turn in each of the human games (kept from one load to the next, so a load
        sees as many game ends as players do: about one move in fifty)."""
        run = Run()
        while len(self.tables) < self.table_count:
            game_id, channel = await self.human_game()
            # Staggered: the games do not all end on the same round of moves.
            await self.fast_forward(game_id, len(self.tables) * TYPICAL_GAME_PLIES // self.table_count)
            self.tables.append((game_id, channel))
        await self.stop_ai_games(ai_games)
        await self.keep_ai_thinking(ai_games)
        first_call = len(self.fake.calls)
        turns = 0
        while len(run.durations) < moves_wanted:
            await asyncio.sleep(gap_s)  # the players' own thinking, while the AI games go on
            await self.keep_ai_thinking(ai_games)
            table = turns % len(self.tables)
            turns += 1
            game_id, channel = self.tables[table]
            turn = await self.next_mover(game_id)
            if turn is None:
                self.tables[table] = await self.human_game()
                continue
            before, marks_before = self.bot.store.transactions, self.announced_marks
            result = await self.move(*turn, channel)
            # The announced mark is written after the public message went out: off the player's path.
            marks = self.announced_marks - marks_before
            run.transactions.append(self.bot.store.transactions - before - marks)
            run.marks.append(marks)
            posted = [p for p in result.posts if f"/channels/{channel}/" in p.call.path]
            if not posted or any(c.status >= 300 for c in result.calls):
                run.failed += 1
                continue
            asked = posted[0].call.asked_at
            post = (posted[0].call.at if asked is None else asked) - result.dispatched_at
            run.posts.append(post)
            if (await peek(self.bot, game_id)).state.over:
                run.game_ends.append(post)
            run.indices.append(self.moves_made - 1)
            run.durations.append(reply_duration(result))
            run.latencies.append(result.latency)
        # Posts into the human games' channels are their moves; the others are AI moves.
        run.ai_moves = sum(
            1
            for c in self.fake.calls[first_call:]
            if c.method == "POST" and c.path.startswith("/channels/") and int(c.path.split("/")[2]) in self.ai_channels
        )
        return run

    async def burst(self, games: int) -> tuple[list[float], float, float]:
        """One move in each of ``games`` games at once: (first-answer latencies, peak RSS MB, RSS before MB)."""
        turns = []
        for _ in range(games):
            game_id, channel = await self.human_game()
            turn = await self.next_mover(game_id)
            assert turn is not None
            turns.append((*turn, channel))
        before = rss_mb()
        peak = [before]
        sampling = True

        async def sample() -> None:
            while sampling:
                peak[0] = max(peak[0], rss_mb())
                await asyncio.sleep(0.005)

        sampler = asyncio.create_task(sample())
        results = [
            await self.fake.slash(
                mover,
                "clans move",
                {"from": move.src, "to": move.dst},
                channel=self.fake.channels[channel],
                settle=False,
            )
            for mover, move, channel in turns
        ]
        await self.fake.settle(timeout=REPLY_TIMEOUT_S)  # no AI game is left: every task is one of the burst's
        sampling = False
        await sampler
        return [r.latency for r in results], peak[0], before


async def run(
    moves_wanted: int,
    gap_s: float,
    burst_games: int,
    ai_levels: list[int],
    seed: int,
    rounds: int = 1,
    alexandros: bool = True,
    why: bool = False,
    tables: int = 1,
) -> dict[str, object]:
    fake = FakeDiscord(settle_timeout=60)
    fake.install()
    figures: dict[str, object] = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            # The bot's own pool, as bot.py builds it: default rollouts and budget, workers at niceness 10.
            pool = AiPool()
            bot = await make_bot(
                fake,
                Path(tmp),
                seeds=range(seed, seed + 100_000),
                ai_pool=pool,
                ai_budget_s=SETTINGS.ai_budget_s,
                ai_rollouts=SETTINGS.ai_rollouts,
                ai_delay_s=0,
                # The burst opens hundreds of games for the same two players: no limit on games per member.
                games_per_user=1_000_000,
                lobbies_per_server=1_000_000,
                games_per_server=1_000_000,
            )
            await fake.start(bot)
            harness = Harness(fake, bot, seed)
            harness.alexandros = alexandros
            harness.table_count = tables
            await harness.measure(3, 0)  # warm-up: the first board loads fonts and the static map
            if why:
                harness.probes = PostProbes(bot)
                harness.probes.install()
            runs: dict[int, list[Run]] = {ai: [] for ai in ai_levels}
            with LoopWatch() as watch:
                for round_ in range(rounds):
                    for ai in ai_levels:
                        started = time.perf_counter()
                        measured = await harness.measure(moves_wanted, ai, gap_s)
                        runs[ai].append(measured)
                        print(f"# round {round_ + 1}, load average {os.getloadavg()[0]:.2f}")
                        report_load(ai, measured, time.perf_counter() - started)
                        if harness.probes is not None:
                            report_waits(harness.probes, measured.posts, measured.indices, f"{ai} AI games:")
            if rounds > 1:
                for ai, done in runs.items():
                    report_rounds(ai, done)
            worst = watch.worst()
            print(
                f"# the AI turns' tasks: {len(watch.spans)} steps on the event loop, "
                f"{sum(s.cpu_s for s in watch.spans):.2f} s CPU"
            )
            print(f"# the longest: {worst.task} at {worst.where}")
            print(f"FIGURE bot_ai_step_cpu_max_ms {worst.cpu_s * 1000:.1f} ms")
            if harness.probes is not None:
                harness.probes.close()
            cog(bot).ai.cancel_all()
            harness.alexandros_turns.cancel_all()
            await cog(bot).ai.idle()
            await asyncio.sleep(0.5)  # a worker cancelled mid-thought is killed and replaced in the background
            await pool.start()
            figures["burst"] = await harness.burst(burst_games)
            cog(bot).ai.cancel_all()
            await bot.close()
    finally:
        fake.uninstall()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, help="measured moves per AI load (default 60)")
    parser.add_argument("--gap", type=float, default=0.2, help="seconds between a reply and the next move")
    parser.add_argument("--burst", type=int, help="games that each get one move at once (default 200)")
    parser.add_argument("--ai", help="how many games with a hard AI thinking, per run (default 0,2,6)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1, help="measure the loads this many times, side by side")
    parser.add_argument("--no-alexandros", action="store_true", help="no Alexandros AI games beside the Clans ones")
    parser.add_argument(
        "--tables", type=int, help="human games the moves go to in turn, each in its channel (default 1; quick 4)"
    )
    parser.add_argument("--why", action="store_true", help="where each post waited (bench/post_waits.py)")
    parser.add_argument(
        "--quick", action="store_true", help="a few minutes: --ai 0,6 --burst 20 --tables 4 (unless given)"
    )
    parser.add_argument("--profile", type=Path, help="write cProfile stats here and print the top entries")
    args = parser.parse_args(argv)
    quick = args.quick
    args.moves = args.moves or 60
    args.burst = args.burst or (20 if quick else 200)
    args.tables = args.tables or (4 if quick else 1)
    ai_levels = [int(n) for n in (args.ai or ("0,6" if quick else "0,2,6")).split(",")]
    hard = ClansAi(AiPool(), SETTINGS.ai_rollouts, SETTINGS.ai_budget_s)  # the settings, or the AI's own defaults
    print(
        f"# hard AI: {hard.rollouts} rollouts, budget {hard.budget_s} s, "
        f"{default_workers()} worker(s) at niceness +{WORKER_NICENESS}; {args.moves} measured /clans move per load",
        flush=True,
    )
    profiler = cProfile.Profile() if args.profile else None
    if profiler:
        profiler.enable()
    figures = asyncio.run(
        run(
            args.moves,
            args.gap,
            args.burst,
            ai_levels,
            args.seed,
            args.rounds,
            not args.no_alexandros,
            args.why,
            args.tables,
        )
    )
    if profiler:
        profiler.disable()
        profiler.dump_stats(args.profile)
        pstats.Stats(str(args.profile)).sort_stats("cumulative").print_stats(30)
    latencies, peak, before = figures["burst"]  # type: ignore[misc]
    first = [latency * 1000 for latency in latencies]
    print(f"# burst: {len(first)} moves at once, first answer max {max(first):.1f} ms; RSS before {before:.0f} MB")
    print(f"FIGURE bot_burst{len(first)}_first_answer_p99_ms {percentile(first, 0.99):.1f} ms")
    print(f"FIGURE bot_burst{len(first)}_peak_rss_mb {peak:.0f} MB")
    print(f"# process max RSS (getrusage) {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
