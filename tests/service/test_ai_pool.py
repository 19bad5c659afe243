"""The AI pool: every search runs in a worker process; dead or hung workers are replaced. The pool knows no
game: Clans' requests (service/clans/ai_client.py) exercise it here, and a request of no game at all."""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import AsyncIterator, Callable
from functools import partial
from pathlib import Path

import pytest

import ai.clans
import ai.clans.hard
import ai.clans.players
import ai.clans.requests
from ai.clans.belief import observe
from ai.clans.hiding import draw
from engine.clans import Action, Clan, GameState, apply, legal_moves, new_game, public_view
from service.ai_pool import AiPool, AiPoolError, AiQueueFull, Answer, decision_seed
from service.ai_worker import WORKER_NICENESS
from service.clans.ai_client import READINGS_BUDGET_S, ClansAi
from tests.pool_faults import Shout, crash_once, fail, hang

FEW_ROLLOUTS = 8


def midgame(seed: int = 21, players: int = 3, moves: int = 9) -> tuple[GameState, list[Action]]:
    state = new_game(players, seed)
    history: list[Action] = []
    for i in range(moves):
        options = legal_moves(state)
        move = options[(i * 31) % len(options)]
        apply(state, move)
        history.append(move)
    return state, history


@pytest.fixture
async def make_pool() -> AsyncIterator[Callable[..., AiPool]]:
    pools: list[AiPool] = []

    def make(**options: object) -> AiPool:
        pool = AiPool(1, secret=b"test", **options)  # type: ignore[arg-type]
        pools.append(pool)
        return pool

    yield make
    for pool in pools:
        await pool.close()


@pytest.fixture
def make_ai(make_pool: Callable[..., AiPool]) -> Callable[..., ClansAi]:
    """Clans' AI on a pool of one worker (``options``: the pool's); hard plays FEW_ROLLOUTS."""

    def make(budget_s: float | None = None, **options: object) -> ClansAi:
        return ClansAi(make_pool(**options), rollouts=FEW_ROLLOUTS, budget_s=budget_s)

    return make


def refuse_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any AI search in the test's (the bot's) process fails loudly."""

    def refuse(*args: object, **kwargs: object) -> object:
        raise AssertionError("the AI searched in the bot's process")

    for module, name in (
        (ai.clans, "choose_action"),
        (ai.clans, "clan_beliefs"),
        (ai.clans.hard, "hard_choice"),
        (ai.clans.players, "normal_policy"),
        (ai.clans, "exposure"),
        (ai.clans.requests, "choose_action"),
        (ai.clans.requests, "clan_beliefs"),
        (ai.clans.requests, "exposure"),
    ):
        monkeypatch.setattr(module, name, refuse)


async def test_the_move_is_chosen_in_a_worker_process(
    make_ai: Callable[..., ClansAi], monkeypatch: pytest.MonkeyPatch
) -> None:
    refuse_in_this_process(monkeypatch)
    ai = make_ai()
    state, history = midgame()
    seat = state.to_move
    for level in ("easy", "normal", "hard"):
        answer = await ai.choose(level, public_view(new_game(3, 21)), history, seat, state.clans[seat], game_id=7)
        assert answer.pid is not None and answer.pid != os.getpid() and answer.pid in ai.pool.pids
        assert answer.move in legal_moves(state)
    assert ai.pool.fallbacks == 0 and ai.pool.replaced == 0


async def test_beliefs_are_worked_out_in_a_worker_process(
    make_ai: Callable[..., ClansAi], monkeypatch: pytest.MonkeyPatch
) -> None:
    state, history = midgame()
    start = public_view(new_game(3, 21))
    expected = ai.clans.clan_beliefs(start, history, 0, state.clans[0])
    refuse_in_this_process(monkeypatch)
    assert await make_ai().beliefs(start, history, 0, state.clans[0]) == expected


async def test_the_pool_runs_a_request_of_no_game_it_knows(make_pool: Callable[..., AiPool]) -> None:
    """The pool knows no game: a request type only this test defines is worked out in a worker, decisions of it
    wait in the fair line, and its fallback answers when it raises (counted), or AiPoolError without one."""
    pool = make_pool()
    answer = await pool.run(Shout("hello"), budget_s=5.0)
    assert answer.value == (answer.pid, "HELLO") and answer.pid in pool.pids and answer.pid != os.getpid()
    in_line = await asyncio.gather(*(pool.run(Shout(w), budget_s=5.0, place=(1, n)) for n, w in enumerate("abc")))
    assert [a.value[1] for a in in_line] == ["A", "B", "C"]
    fell_back = await pool.run(Shout("x", fail=True), budget_s=5.0, place=(1, 9), fallback=lambda: (0, "quiet"))
    assert fell_back.value == (0, "quiet") and fell_back.pid is None
    with pytest.raises(AiPoolError, match="no voice left"):
        await pool.run(Shout("x", fail=True), budget_s=5.0)
    assert pool.fallbacks == 1 and pool.replaced == 0 and pool.pids == {answer.pid}


async def test_a_request_that_cannot_cross_to_a_worker_gets_its_fallback(make_pool: Callable[..., AiPool]) -> None:
    pool = make_pool()
    unpicklable = Shout(lambda: None)  # type: ignore[arg-type]  # a lambda cannot be pickled
    answer = await pool.run(unpicklable, budget_s=5.0, fallback=lambda: (0, "fallback"))
    assert answer == Answer((0, "fallback"), None) and pool.fallbacks == 1 and pool.replaced == 0


async def test_workers_run_at_a_lower_priority_than_the_bot(make_pool: Callable[..., AiPool]) -> None:
    pool = make_pool()
    await pool.start()
    [pid] = pool.pids
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    assert WORKER_NICENESS > 0
    assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, ours + WORKER_NICENESS)


async def test_turns_wait_in_line_when_every_worker_is_busy(make_ai: Callable[..., ClansAi]) -> None:
    ai = make_ai()
    assert ai.pool.size == 1
    games = [midgame(seed) for seed in (21, 22, 23, 24)]
    answers = await asyncio.gather(
        *(
            ai.choose(
                "normal",
                public_view(new_game(3, seed)),
                history,
                state.to_move,
                state.clans[state.to_move],
                game_id=seed,
            )
            for seed, (state, history) in zip((21, 22, 23, 24), games, strict=True)
        )
    )
    assert len({a.pid for a in answers}) == 1 and None not in {a.pid for a in answers}
    assert all(a.move in legal_moves(state) for a, (state, _) in zip(answers, games, strict=True))


async def test_beliefs_go_ahead_of_the_decisions_waiting_in_line(make_ai: Callable[..., ClansAi]) -> None:
    """A game's end (whose announcement waits on the AI's guesses) does not wait behind other games' AIs."""
    ai = make_ai()
    await ai.pool.start()
    state, history = midgame()
    start, seat, clan = public_view(new_game(3, 21)), state.to_move, state.clans[state.to_move]
    finished: list[str] = []

    async def decide(name: str) -> None:
        await ai.choose("hard", start, history, seat, clan, game_id=len(finished))
        finished.append(name)

    async def guess() -> None:
        await ai.beliefs(start, history, 0, state.clans[0])
        finished.append("beliefs")

    # The first decision takes the only worker at once; the others wait in line in the order they came.
    await asyncio.gather(decide("first"), decide("second"), decide("third"), guess())
    assert finished == ["first", "beliefs", "second", "third"]


async def test_servers_take_turns_and_the_line_is_bounded(
    make_ai: Callable[..., ClansAi], caplog: pytest.LogCaptureFixture
) -> None:
    """Server 1's games cannot hold server 2's turn; past ``max_waiting`` a decision is refused at once (its game
    waits for the sweep), and the line's length is logged per server."""
    ai = make_ai(max_waiting=3)
    pool = ai.pool
    await pool.start()
    state, history = midgame()
    start, seat, clan = public_view(new_game(3, 21)), state.to_move, state.clans[state.to_move]
    finished: list[int] = []

    async def decide(guild_id: int, game_id: int) -> None:
        await ai.choose("easy", start, history, seat, clan, game_id=game_id, guild_id=guild_id)
        finished.append(game_id)

    first = asyncio.ensure_future(decide(1, 10))  # takes the only worker
    waiting = [asyncio.ensure_future(decide(guild, game)) for guild, game in ((1, 11), (1, 12), (2, 20))]
    await asyncio.sleep(0)
    with pytest.raises(AiQueueFull):
        await ai.choose("easy", start, history, seat, clan, game_id=13, guild_id=1)
    unbounded = await pool.run(Shout("in any case"), budget_s=5.0, place=(1, 14), bounded=False)
    assert unbounded.value[1] == "IN ANY CASE"
    await asyncio.gather(first, *waiting)
    assert finished == [10, 11, 20, 12], "server 2's turn is served before server 1's third game"
    pool.max_waiting = 8
    caplog.set_level("INFO", logger="clans.ai_pool")
    await asyncio.gather(*(decide(guild, game) for guild, game in ((1, 30), (1, 31), (1, 32), (2, 40), (3, 41))))
    lines = [r.getMessage() for r in caplog.records if r.name == "clans.ai_pool"]
    assert "AI queue: 4 decisions waiting (server 1: 2, server 2: 1, server 3: 1)" in lines, lines
    assert lines[-1].startswith("AI queue: 3 decisions waiting"), "the line shrinking below 4 is logged too"


async def test_a_request_cancelled_in_line_leaves_it(make_ai: Callable[..., ClansAi]) -> None:
    ai = make_ai()
    await ai.pool.start()
    state, history = midgame()
    start, seat, clan = public_view(new_game(3, 21)), state.to_move, state.clans[state.to_move]
    thinking = asyncio.ensure_future(ai.choose("hard", start, history, seat, clan, game_id=1))
    waiting = asyncio.ensure_future(ai.choose("hard", start, history, seat, clan, game_id=2))
    await asyncio.sleep(0)
    waiting.cancel()
    first = await thinking
    # The worker is free again, not handed to the cancelled request: the next one gets it.
    after = await ai.choose("normal", start, history, seat, clan, game_id=3)
    assert waiting.cancelled() and after.pid == first.pid and ai.pool.replaced == 0 and ai.pool.fallbacks == 0


async def test_a_crashed_worker_is_replaced_and_the_turn_asked_again(
    make_ai: Callable[..., ClansAi], tmp_path: Path
) -> None:
    ai = make_ai(solver=partial(crash_once, str(tmp_path / "crashed")))
    pool = ai.pool
    await pool.start()
    [first] = pool.pids
    state, history = midgame()
    answer = await ai.choose(
        "normal", public_view(new_game(3, 21)), history, state.to_move, Clan(state.clans[state.to_move]), game_id=1
    )
    assert (tmp_path / "crashed").exists()
    assert pool.replaced == 1 and pool.fallbacks == 0
    assert answer.pid is not None and answer.pid != first and pool.pids == {answer.pid}
    assert answer.move in legal_moves(state)
    # The new worker keeps serving.
    again = await ai.choose(
        "easy", public_view(new_game(3, 21)), history, state.to_move, state.clans[state.to_move], game_id=1
    )
    assert again.pid == answer.pid


async def test_a_hung_worker_is_replaced_and_a_legal_move_played(make_ai: Callable[..., ClansAi]) -> None:
    ai = make_ai(solver=hang, budget_s=0.0, margin_s=0.5)
    pool = ai.pool
    await pool.start()
    [first] = pool.pids
    state, history = midgame()
    answer = await ai.choose(
        "hard", public_view(new_game(3, 21)), history, state.to_move, state.clans[state.to_move], game_id=1
    )
    assert answer.pid is None and answer.move in legal_moves(state)
    assert pool.replaced == 2 and pool.fallbacks == 1
    assert len(pool.pids) == 1 and first not in pool.pids


async def test_an_ai_that_raises_plays_a_legal_move_without_losing_its_worker(make_ai: Callable[..., ClansAi]) -> None:
    ai = make_ai(solver=fail)
    state, history = midgame()
    answer = await ai.choose(
        "normal", public_view(new_game(3, 21)), history, state.to_move, state.clans[state.to_move], game_id=1
    )
    assert answer.pid is None and answer.move in legal_moves(state)
    assert ai.pool.replaced == 0 and ai.pool.fallbacks == 1


async def test_close_stops_every_worker(make_ai: Callable[..., ClansAi]) -> None:
    ai = make_ai(solver=hang, budget_s=30.0)
    pool = ai.pool
    await pool.start()
    [pid] = pool.pids
    state, history = midgame()
    thinking = asyncio.ensure_future(
        ai.choose("hard", public_view(new_game(3, 21)), history, state.to_move, state.clans[state.to_move], game_id=1)
    )
    waiting = asyncio.ensure_future(
        ai.choose("easy", public_view(new_game(3, 21)), history, state.to_move, state.clans[state.to_move], game_id=2)
    )
    await asyncio.sleep(0.2)
    thinking.cancel()
    await pool.close()
    assert (await waiting).pid is None  # shut while in line: a legal move all the same
    assert not pool.pids
    with pytest.raises(ProcessLookupError):
        for _ in range(50):  # reaped by close(); the kernel may take a moment to forget the pid
            os.kill(pid, 0)
            await asyncio.sleep(0.05)


async def test_the_worker_plays_hards_draw_for_the_clan_held(make_ai: Callable[..., ClansAi]) -> None:
    # The worker plays hard's draw at its told scale (hard.TOLD_SCALE): each clan its own row of one search.
    state, history = midgame()
    seat = state.to_move
    start = public_view(new_game(3, 21))
    client = make_ai()
    seed = decision_seed(b"test", 7, len(history), seat)
    obs = observe(start, history)
    rng = random.Random(f"{seed}:{len(history)}:{seat}:hard-search")
    choice = ai.clans.hard.hard_choice(obs, seat, rng, None, FEW_ROLLOUTS)
    for clan in Clan:
        answer = await client.choose("hard", start, history, seat, clan, game_id=7)
        pick = draw(choice.by_clan[int(clan)], random.Random(f"{seed}:{len(history)}:{seat}:hard"))
        assert answer.pid != os.getpid() and answer.move == choice.moves[pick]


async def test_after_the_game_the_beliefs_and_exposure_get_the_readings_budget(
    make_ai: Callable[..., ClansAi], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finished game's beliefs and exposure are worked out once, after its result is posted: a hard seat's
    exposure reads every told move for each clan (a second or two of CPU, more on a loaded machine), so they get
    the readings' budget, not a decision's (a worker past its budget is judged hung and the guess is lost)."""
    ai = make_ai(budget_s=0.5)
    asked: dict[str, float] = {}

    async def run(request: object, *, budget_s: float, **kwargs: object) -> Answer[object]:
        asked[type(request).__name__] = budget_s
        return Answer(request.solve(), None)  # type: ignore[attr-defined]

    monkeypatch.setattr(ai.pool, "run", run)
    state, history = midgame()
    start = public_view(new_game(3, 21))
    await ai.beliefs(start, history, 0, state.clans[0])
    await ai.exposure(start, history, 0, "hard", ("hard", None, None))
    await ai.choose("normal", start, history, state.to_move, state.clans[state.to_move], game_id=1)
    assert asked["Beliefs"] == asked["Exposure"] == READINGS_BUDGET_S
    assert min(v for k, v in asked.items() if k not in ("Beliefs", "Exposure")) <= 0.5
