"""AI seats in the bot think in worker processes; a crashed or hung worker never stalls a game."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    BotUnderTest,
    bot_errors,
    by_id,
    cog,
    every_interaction_answered,  # noqa: F401
    open_game,
    play_game,
    play_turn,
    public_messages,
    random_picker,
    restart_bot,
    seed_source,
    start_bot,
    stored_moves,
    test_config,
    users,
)
from fakediscord import FakeDiscord

import ai.clans
import ai.clans.belief
import ai.clans.hard
import ai.clans.players
import ai.clans.requests
from ai.clans.requests import Beliefs, Decision, Exposure
from bot import GameBot
from service.ai_pool import AiPool, decision_seed
from service.clans.tables import Played
from store import Store
from tests.pool_faults import crash_once, hang

pytestmark = pytest.mark.backend_blind(
    "the AI's worker processes and what is asked of them; an AI game's storing is test_bot_ai.py's "
    "test_ai_seats_answer_every_turn_until_the_end[postgres]"
)


async def start_pool_bot(fake: FakeDiscord, tmp_path: Path, seeds: Iterable[int], pool: AiPool) -> GameBot:
    settings = test_config(tmp_path)
    store = await Store.open(settings.database)
    bot = BotUnderTest(settings, store, ai_pool=pool, seed_source=seed_source(seeds))
    await fake.start(bot)
    return bot


SECRET = b"this bot's secret"


def refuse_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any AI search or replay of what the AI has seen (``observe``) in the bot's process fails loudly (the
    workers are other processes: unaffected)."""

    def refuse(*args: object, **kwargs: object) -> object:
        raise AssertionError("the AI searched in the bot's process")

    for module, name in (
        (ai.clans, "choose_action"),
        (ai.clans, "clan_beliefs"),
        (ai.clans, "observe"),
        (ai.clans.belief, "observe"),
        (ai.clans.belief, "clan_beliefs"),
        (ai.clans.hard, "hard_choice"),
        (ai.clans.players, "normal_policy"),
        (ai.clans, "exposure"),
        (ai.clans.players, "easy_policy"),
        (ai.clans.requests, "exposure"),
        (ai.clans.requests, "choose_action"),
        (ai.clans.requests, "clan_beliefs"),
    ):
        monkeypatch.setattr(module, name, refuse)


def count_ai_turns(bot: GameBot, monkeypatch: pytest.MonkeyPatch) -> list[Played | None]:
    """Every answer of the service's ai_turn, in order (None: it loaded the game to find no AI to act)."""
    answers: list[Played | None] = []
    real = bot.services["clans"].ai_turn

    async def ai_turn(game_id: int, budget_s: float | None = None, rollouts: int | None = None) -> Played | None:
        played = await real(game_id, budget_s, rollouts)
        answers.append(played)
        return played

    monkeypatch.setattr(bot.services["clans"], "ai_turn", ai_turn)
    return answers


async def test_every_ai_move_and_guess_comes_from_a_worker_process(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Easy and normal here; hard's search in a worker is shown in tests/service/test_ai_pool.py (faster there).
    pool = AiPool(1, niceness=0, secret=SECRET)
    requests: list[object] = []
    run = pool.run

    async def sent(request: object, **options: Any) -> Any:
        requests.append(request)
        return await run(request, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(pool, "run", sent)
    refuse_in_this_process(monkeypatch)
    bot = await start_pool_bot(fake, tmp_path, [41], pool)
    [alice] = users(fake, 1)
    await open_game(fake, [alice], ai=["easy", "normal"])
    assert await play_game(fake, bot, 1, by_id(alice), random_picker(3)) is not None
    assert {m.seat for m in await stored_moves(bot, 1)} == {0, 1, 2}
    assert pool.fallbacks == 0 and pool.replaced == 0
    # The result's embed (after the last move's own, when an AI made it) carries each AI's guesses.
    embeds = next(m for m in public_messages(fake) if m["content"].startswith("Game over!"))["embeds"]
    fields = [f["name"] for e in embeds for f in e.get("fields", [])]
    assert {name for name in fields if name.startswith("What ")} == {
        "What AI (easy) thought",
        "What AI (normal) thought",
    }
    # No decision carried the setup seed: each AI seed is the pool's keyed hash of game, ply and seat alone.
    game = await bot.services["clans"].record(1)
    decisions = [r for r in requests if isinstance(r, Decision)]
    assert decisions and all(r.seed != game.seed for r in decisions)
    assert all(r.seed == decision_seed(SECRET, 1, len(r.history), r.seat) for r in decisions)
    # Readings: what each move told the table, worked out once for the result (no clan, no level: the public game).
    assert {type(r).__name__ for r in requests} == {"Decision", "Beliefs", "Exposure", "Readings"}
    # Every request carries the seats' public levels (None for a person): how hard reads the AI seats.
    levels = tuple(seat.ai_level for seat in game.seats)
    assert sorted(map(str, levels)) == ["None", "easy", "normal"]
    assert all(r.levels == levels for r in requests if isinstance(r, Decision | Exposure))
    assert all(r.levels is None for r in requests if isinstance(r, Beliefs))  # easy and normal read as people
    assert not bot_errors(fake)


async def test_a_crashed_worker_is_replaced_and_the_game_goes_on(fake: FakeDiscord, tmp_path: Path) -> None:
    pool = AiPool(1, niceness=0, solver=partial(crash_once, str(tmp_path / "crashed")))
    bot = await start_pool_bot(fake, tmp_path, [42], pool)
    [alice] = users(fake, 1)
    await open_game(fake, [alice], ai=["normal"])
    assert await play_game(fake, bot, 1, by_id(alice), random_picker(4)) is not None
    assert (tmp_path / "crashed").exists()
    assert pool.replaced == 1 and pool.fallbacks == 0  # the turn was asked again, of the new worker
    assert (await bot.services["clans"].table(1)).record.status == "finished"


async def test_a_hung_worker_is_replaced_and_a_legal_move_played(fake: FakeDiscord, tmp_path: Path) -> None:
    pool = AiPool(1, solver=hang, margin_s=0.3, niceness=0)
    bot = await start_pool_bot(fake, tmp_path, [43], pool)
    [alice] = users(fake, 1)
    await open_game(fake, [alice], ai=["hard"])
    table = await bot.services["clans"].table(1)
    if table.mover.user_id is None:  # the AI moves first: wait for it
        await cog(bot).ai.idle()
        table = await bot.services["clans"].table(1)
    ply = table.view.ply
    assert await play_turn(fake, bot, 1, by_id(alice)) is not None  # alice's move; then the AI's turn
    await cog(bot).ai.idle()
    after = await bot.services["clans"].table(1)
    assert after.view.ply == ply + 2 and after.mover.user_id == alice.id  # the AI played all the same
    assert pool.fallbacks >= 1 and pool.replaced == 2 * pool.fallbacks
    assert "AI (hard) moved" in public_messages(fake)[-1]["embeds"][0]["title"]
    errors = [record.getMessage() for record in bot_errors(fake)]
    assert errors and all("playing its fallback instead" in e for e in errors)
    fake.logged_errors.clear()  # provoked on purpose


async def test_ai_task_entries_last_only_while_an_ai_is_to_act(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pool = AiPool(1, niceness=0)
    bot = await start_pool_bot(fake, tmp_path, [44], pool)
    answers = count_ai_turns(bot, monkeypatch)
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob], ai=["easy", "normal"])
    await cog(bot).ai.idle()
    assert cog(bot).ai.games_with_tasks == set()  # a human is next: nothing kept
    await play_game(fake, bot, 1, by_id(alice, bob), random_picker(6))
    await cog(bot).ai.idle()
    assert (await bot.services["clans"].table(1)).view.over
    assert cog(bot).ai.games_with_tasks == set()  # the game ended: nothing kept
    # The scheduler never loaded a game only to find a human to move.
    assert answers and None not in answers
    ai_moves = [m for m in await stored_moves(bot, 1) if m.user_id is None]
    assert len(answers) == len(ai_moves)


async def test_closing_the_bot_stops_its_ai_workers(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[45])
    pool = bot.services["clans"].ai_pool
    workers = pool.pids
    assert workers and os.getpid() not in workers  # started with the bot, before any AI turn
    await restart_bot(fake, tmp_path)  # closes the running bot
    assert not pool.pids
    for pid in workers:
        with pytest.raises(ProcessLookupError):
            for _ in range(50):  # gone, and reaped; the kernel may take a moment to forget the pid
                os.kill(pid, 0)
                await asyncio.sleep(0.05)
