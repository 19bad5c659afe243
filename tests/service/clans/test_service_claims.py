"""Two services on one database, as two bot processes would be (each its own store connection and claims
holder), on SQLite and PostgreSQL: an action applies once, an AI turn is thought about by the one service that
claims it, and a claim left by a dead service is taken over once its lease runs out (on an injected clock)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

import pytest
from service_helpers import ANN, BOB, CHANNEL, CY, started

from errors import GameError, Why
from service.ai_pool import AiPool, Answer, Place
from service.ai_worker import AiRequest
from service.claims import DEFAULT_LEASE_S, Claims
from service.clans.games import ClansService
from store import Store

T = TypeVar("T")


class ScriptedPool(AiPool):
    """Answers each decision with its fallback (the first legal move), in this process, counting the games asked
    about; holds each answer while ``gate`` is closed (an AI thinking)."""

    def __init__(self) -> None:
        super().__init__(1)
        self.asked: list[int] = []
        self.gate = asyncio.Event()
        self.gate.set()

    async def run(
        self,
        request: AiRequest[T],
        *,
        budget_s: float,
        place: Place | None = None,
        fallback: Callable[[], T] | None = None,
        bounded: bool = True,
    ) -> Answer[T]:
        assert place is not None and fallback is not None, "a decision: in the fair line, with a fallback"
        self.asked.append(place[1])
        await self.gate.wait()
        return Answer(fallback(), None)


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def services(database_target: str, clock: Clock) -> AsyncIterator[list[ClansService]]:
    """Two services with their own stores on one database, both with seeds 5, 6, …"""
    stores = [await Store.open(database_target) for _ in range(2)]
    try:
        yield [
            ClansService(
                store, seed_source=iter(range(5, 100)).__next__, ai_pool=ScriptedPool(), claims=Claims(store, clock)
            )
            for store in stores
        ]
    finally:
        for store in stores:
            await store.close()


def pool(games: ClansService) -> ScriptedPool:
    assert isinstance(games.ai_pool, ScriptedPool)
    return games.ai_pool


async def test_fifty_identical_moves_through_two_services_apply_once(services: list[ClansService]) -> None:
    table = await started(services[0])
    mover, move = table.mover.user_id, table.hut_moves()[0]
    assert mover is not None
    other = next(seat.user_id for seat in table.record.seats if seat.user_id != mover)
    outcomes: list[Any] = await asyncio.gather(
        *(services[n % 2].play_in(CHANNEL, mover, move) for n in range(50)), return_exceptions=True
    )
    refusals = [o for o in outcomes if isinstance(o, GameError)]
    # Whether it read the game before the commit or after it, each duplicate is told its move was played.
    assert len(refusals) == 49 and other != mover
    assert all((r.why, r.facts) == (Why.ALREADY_PLAYED, {"move": move}) for r in refusals), refusals
    assert [m.action for m in await services[1].store.moves(table.id)] == [move.text]


async def test_ten_resignations_of_one_player_through_two_services_apply_once(services: list[ClansService]) -> None:
    table = await started(services[0], (ANN, BOB, CY))
    outcomes: list[Any] = await asyncio.gather(
        *(services[n % 2].resign_in(CHANNEL, BOB) for n in range(10)), return_exceptions=True
    )
    refusals = [o for o in outcomes if isinstance(o, GameError)]
    assert len(refusals) == 9 and all((r.why, r.facts) == (Why.RESIGNED, {}) for r in refusals), outcomes
    assert [m.action for m in await services[1].store.moves(table.id)] == ["resign:1"]


async def ai_to_act(games: ClansService) -> int:
    """A started game of Ann and an easy AI, where the AI is to act; its id."""
    table = await started(games, (ANN,), ai=("easy",))
    if table.mover.user_id == ANN:
        await games.play_in(CHANNEL, ANN, table.hut_moves()[0])
    return table.id


async def test_an_ai_turn_is_thought_about_by_the_one_service_that_claims_it(services: list[ClansService]) -> None:
    first, second = services
    game_id = await ai_to_act(first)
    pool(first).gate.clear()  # the first service's AI thinks until the gate opens
    thinking = asyncio.create_task(first.ai_turn(game_id))
    while not pool(first).asked:
        await asyncio.sleep(0.001)
    holder = await second.store.claim_holder(game_id, "ai")
    assert holder is not None and holder[0] == first.claims.holder
    assert await second.claims.due_ai_games(game="clans") == []
    assert await second.ai_turn(game_id) is None  # claimed elsewhere: nothing thought, nothing played
    assert pool(second).asked == []
    assert await first.ai_turn(game_id) is None  # nor twice in the claiming process
    assert pool(first).asked == [game_id]
    pool(first).gate.set()
    played = await thinking
    assert played is not None and played.actor.ai_level == "easy"
    assert await second.store.claim_holder(game_id, "ai") is None  # released once played


async def test_a_claim_left_by_a_dead_service_is_taken_over_after_its_lease(
    services: list[ClansService], clock: Clock
) -> None:
    dead, survivor = services
    game_id = await ai_to_act(dead)
    ply = (await survivor.table(game_id)).view.ply
    # The dead service claimed the turn and never came back.
    assert await dead.store.claim(game_id, "ai", ply, dead.claims.holder, dead.claims.now_ms(), dead.claims.lease_ms)
    assert await survivor.ai_turn(game_id) is None
    clock.now += DEFAULT_LEASE_S - 0.001
    assert await survivor.claims.due_ai_games(game="clans") == [] and await survivor.ai_turn(game_id) is None
    clock.now += 0.001
    assert await survivor.claims.due_ai_games(game="clans") == [game_id]
    played = await survivor.ai_turn(game_id)
    assert played is not None and played.table.view.ply == ply + 1
    assert pool(survivor).asked == [game_id] and pool(dead).asked == []
