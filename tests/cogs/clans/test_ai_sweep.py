"""The sweep's own loop (cogs/ai_sweep.py): a pause, then the due AI turns handed to AITurns, until
stopped."""

from __future__ import annotations

import asyncio

import pytest

from cogs.ai_sweep import AiSweep
from cogs.clans.ai_turns import AITurns
from service.clans.games import ClansService
from service.clans.tables import Played
from store import Store


class Pauses:
    """An injected sleep: each pause waits until the test lets it end."""

    def __init__(self) -> None:
        self.waiting: asyncio.Queue[tuple[float, asyncio.Future[None]]] = asyncio.Queue()

    async def sleep(self, seconds: float) -> None:
        wake: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.put_nowait((seconds, wake))
        await wake


async def nothing(played: Played) -> None:
    raise AssertionError("nothing is played in this test")


async def test_the_sweep_pauses_then_hands_over_due_turns_until_stopped(
    database_target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with await Store.open(database_target) as store:
        turns = AITurns(ClansService(store), nothing, delay_s=0)
        scheduled: list[int] = []
        monkeypatch.setattr(turns, "schedule", scheduled.append)
        pauses = Pauses()
        sweep = AiSweep(ClansService(store).claims, turns, interval_s=7, sleep=pauses.sleep, game="clans")
        sweep.start()
        seconds, wake = await pauses.waiting.get()
        assert seconds == 7 and scheduled == []  # the first sweep at start is run_once, awaited by the cog

        lobby = await store.create_lobby(1, 2, 11, "Ann", seed=1, game="clans")
        await store.add_seat(lobby.id, None, "AI (easy)", ai_level="easy")
        await store.start_game(lobby.id, "{}", ai_to_act=True)
        wake.set_result(None)
        seconds, wake = await pauses.waiting.get()  # swept, and pausing again
        assert scheduled == [lobby.id]

        monkeypatch.setattr(turns, "_tasks", {lobby.id: asyncio.get_running_loop().create_future()})
        wake.set_result(None)
        seconds, wake = await pauses.waiting.get()
        assert scheduled == [lobby.id]  # this process is already on it: not handed over twice

        sweep.stop()
        await asyncio.sleep(0)
        assert wake.cancelled() and pauses.waiting.empty()
