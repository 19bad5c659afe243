"""An AI turn never holds the bot's event loop: while AIs of both games (a hard one, and normals) play whole
games through the fake Discord (thinking, committing, drawing and posting their runs, the end and its guesses), no
step of their tasks computes on the event loop for longer than a budget (tests/discord/loop_watch.py: CPU time of
each step, so another process taking the core on a busy machine never fails the test). The budget is generous: a
step that replays, reads or draws on the loop instead of a worker or a thread costs far more."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path
from typing import Any

import pytest
from botkit import every_interaction_answered, start_bot, users  # noqa: F401  (autouse check)
from fakediscord import FakeDiscord
from loop_watch import LoopWatch

from bot import GameBot
from cogs.ai_tasks import GameTasks
from service.clans.games import ClansService

STEP_BUDGET_CPU_S = 0.2
"""The most CPU time one step of an AI turn's task may spend on the event loop (measured worst: about 45 ms, the
first turn of a game on a loaded machine; a move's commit and announcement take a few)."""


def ai_turns(bot: GameBot, name: str) -> GameTasks:
    found = bot.get_cog(name)
    assert found is not None, name
    turns: GameTasks = found.ai  # type: ignore[attr-defined]
    return turns


GAMES = {"clans": ("Clans", ("hard", "normal", "normal")), "alexandros": ("Alexandros", ("normal", "normal"))}
"""Each game's cog and its AI seats: a Clans game of a hard AI (the level whose requests carry the seats' levels
it reads them by) and two normals, an Alexandros game of two normals (its request is the same for every level).
The loop's steps are the same for every level: the thinking is the workers' (hard's is most of a whole game's
CPU, which the loop does not see: two more hard seats were 35 s more here, Alexandros's hard 14 s)."""


async def ai_games(fake: FakeDiscord, bot: GameBot) -> dict[str, int]:
    """Both games, their human host resigned: AIs alone play on, each through its game's own AI turns (the cogs'
    tasks), to the end."""
    host = users(fake, 1)[0]
    ids: dict[str, int] = {}
    for name, (_, levels) in GAMES.items():
        service: Any = bot.services[name]
        channel = fake.text_channel(700 + len(ids))
        game = await service.open_lobby(fake.guild_id, channel.id, host.id, host.name)
        for level in levels:
            await service.add_ai(game.id, host.id, level)
        await service.start(game.id, host.id)
        await service.resign(game.id, host.id)
        ids[name] = game.id
    for name, game_id in ids.items():
        turns: Any = ai_turns(bot, GAMES[name][0])
        turns.schedule(game_id)
    return ids


def burn(seconds: float) -> None:
    """Compute (not sleep) for ``seconds`` of this thread's CPU time: a step that blocks the loop."""
    until = time.thread_time() + seconds
    while time.thread_time() < until:
        pass


async def test_ai_turns_of_both_games_never_hold_the_event_loop(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whole games of both, watched step by step; one step is planted that computes 0.3 s on the event loop (as a
    reading or a board drawn in the bot's process would): the watch names that step, and no other."""
    ai_turn = ClansService.ai_turn
    planted: list[bool] = []

    async def blocking_ai_turn(self: ClansService, *args: object, **kwargs: object) -> object:
        if not planted:
            planted.append(True)
            burn(STEP_BUDGET_CPU_S * 1.5)
        return await ai_turn(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ClansService, "ai_turn", blocking_ai_turn)
    bot = await start_bot(fake, tmp_path, seeds=[3, 4], ai_budget_s=0.02, ai_rollouts=40)
    with LoopWatch() as watch:
        ids = await ai_games(fake, bot)
        async with asyncio.timeout(600):
            for cog, _ in GAMES.values():
                await ai_turns(bot, cog).idle()
        await fake.settle()
    for name, game_id in ids.items():
        assert (await bot.services[name].record(game_id)).status == "finished", name
    posted = {c.path for c in fake.calls if c.method == "POST" and c.path.startswith("/channels/")}
    assert {f"/channels/{700 + i}/messages" for i in range(len(GAMES))} <= posted, posted  # every game's runs
    games = {span.task.split("-")[0] for span in watch.spans}
    assert games == {"clans", "alexandros"}, games  # both games' AI tasks were watched, step by step
    assert len(watch.spans) > 50
    [slow] = watch.over(STEP_BUDGET_CPU_S)
    assert planted and slow.task.startswith("clans-ai-") and slow.cpu_s >= STEP_BUDGET_CPU_S * 1.5


async def test_the_watch_leaves_out_a_collection_but_not_a_computation() -> None:
    """A full garbage collection that starts inside an AI step is the whole heap's cost, timed apart; the same
    step's own computation still counts."""
    heap = [[i] for i in range(400_000)]  # a heap whose full collection takes a while

    async def step(work: float) -> None:
        gc.collect()
        burn(work)

    with LoopWatch() as watch:
        await asyncio.create_task(step(0.0), name="clans-ai-1")
        await asyncio.create_task(step(0.05), name="clans-ai-2")
    collected, computed = watch.spans
    assert heap and collected.gc_s > 0 and collected.own_s < collected.cpu_s
    assert computed.own_s >= 0.05 and watch.worst() is computed
    assert watch.over(0.04) == [computed]
