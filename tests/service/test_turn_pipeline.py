"""Both games' actions go through the one turn pipeline (service/turns.py), on both backends: the same object
type and commit for Clans and Alexandros, the follow-up once per commit, races lost the Clans way for
Alexandros too (one commit, the other told the game moved on, nothing broken), and results with the away
rule."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

import engine.alexandros as alex
from ai.alexandros import AI_LEVELS
from errors import GameError, Why
from service.alexandros import Acted, AlexandrosService
from service.clans.games import ClansService
from service.turns import Committed, Turns
from store import GameRecord, Store

GUILD, CHANNEL, ANN, BOB = 1, 100, 11, 12


async def alexandros_game(service: AlexandrosService, channel: int = CHANNEL) -> int:
    game = await service.open_lobby(GUILD, channel, ANN, "Ann")
    await service.join(game.id, BOB, "Bob")
    await service.start(game.id, ANN)
    return game.id


async def clans_game(service: ClansService, channel: int = CHANNEL + 1) -> int:
    game = await service.open_lobby(GUILD, channel, ANN, "Ann")
    for user in (BOB, 13, 14):
        await service.join(game.id, user, f"P{user}")
    await service.start(game.id, ANN)
    return game.id


def both_read_first(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The next two reads of a game both finish before either goes on: two processes read the same position."""
    barrier = asyncio.Barrier(2)
    read = store.get_game
    left = [2]

    async def get_game(game_id: int) -> GameRecord | None:
        found = await read(game_id)
        if left[0] > 0:
            left[0] -= 1
            await asyncio.wait_for(barrier.wait(), 5)  # a reader holding a lock across its read never meets it
        return found

    monkeypatch.setattr(store, "get_game", get_game)


@pytest.mark.parametrize("processes", [1, 2])
async def test_two_alexandros_actions_at_the_same_ply_commit_one_and_tell_the_other_the_game_moved_on(
    store: Store, monkeypatch: pytest.MonkeyPatch, processes: int
) -> None:
    here = AlexandrosService(store, seed_source=lambda: 8)
    there = here if processes == 1 else AlexandrosService(store)  # another process on the same database
    game_id = await alexandros_game(here)
    table = await here.table(game_id)
    mover = table.mover.user_id
    assert mover is not None
    first, second = (await here.hand(game_id, mover)).legal[:2]
    ply = table.record.snapshot_ply
    both_read_first(store, monkeypatch)

    done = await asyncio.gather(
        here.act(game_id, mover, first, expected_ply=ply),
        there.act(game_id, mover, second, expected_ply=ply),
        return_exceptions=True,
    )

    acted = [d for d in done if isinstance(d, Acted)]
    refused = [d for d in done if isinstance(d, GameError)]
    assert len(acted) == 1 and len(refused) == 1, done
    assert refused[0].why is Why.MOVED_ON
    moves = await store.moves(game_id)
    assert [m.action for m in moves] == [acted[0].action]  # one action logged, the winner's
    monkeypatch.undo()
    for service in (here, there):  # both processes read a whole game at the next ply
        after = await service.table(game_id)
        assert after.record.snapshot_ply == ply + 1 and after.view == acted[0].table.view
        assert (await service.hand(game_id, mover)).legal


async def test_an_alexandros_player_still_away_at_the_end_cannot_win(store: Store) -> None:
    service = AlexandrosService(store, seed_source=lambda: 8)
    game_id = await alexandros_game(service)
    table = await service.table(game_id)
    away = table.mover
    level = next(iter(AI_LEVELS))
    # The autopilot plays the away seat's third timeout in a row: it is marked away.
    acted = await service.play_for(game_id, away.seat, table.record.snapshot_ply, level, timeouts=3)
    assert acted.table.record.seats[away.seat].away
    other = ANN if away.user_id == BOB else BOB
    over = await service.resign(game_id, other)  # the only other player leaves: the game ends

    assert over.table.over and over.table.view.end_reason is alex.EndReason.RESIGNATIONS
    assert over.table.winners == ()  # the engine's winner is the away seat: nobody wins
    results = {r.user_id: r for r in await store.results(game_id)}
    assert results[away.user_id].away and not results[away.user_id].winner
    assert results[other].resigned and not results[other].winner
    assert (await store.get_game(game_id)).status == "finished"  # type: ignore[union-attr]


async def test_both_games_run_the_same_pipeline_and_its_follow_up_once_per_commit(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    clans = ClansService(store, seed_source=lambda: 5)
    alexandros = AlexandrosService(store, seed_source=lambda: 8)
    assert type(clans.turns) is type(alexandros.turns) is Turns
    assert clans.turns.rules.name == "clans" and alexandros.turns.rules.name == "alexandros"

    commits: list[str] = []
    commit = Turns.commit

    async def counted(self: Turns[Any], checked: Any) -> Committed[Any]:
        commits.append(self.rules.name)
        return await commit(self, checked)

    monkeypatch.setattr(Turns, "commit", counted)
    followed: list[tuple[int, int]] = []

    def follow_up(committed: Committed[Any]) -> None:
        followed.append((committed.game_id, committed.ply))

    clans.turns.after_commit(follow_up)
    alexandros.turns.after_commit(follow_up)

    alex_id = await alexandros_game(alexandros)
    clans_id = await clans_game(clans)
    plays: list[Callable[[], Awaitable[object]]] = []
    table = await alexandros.table(alex_id)
    mover = table.mover.user_id
    assert mover is not None
    action = (await alexandros.hand(alex_id, mover)).legal[0]
    plays.append(lambda: alexandros.act(alex_id, mover, action))
    clans_table = await clans.table(clans_id)
    clans_mover = clans_table.mover.user_id
    assert clans_mover is not None
    plays.append(lambda: clans.play(clans_id, clans_mover, clans_table.hut_moves()[0]))
    plays.append(lambda: clans.resign(clans_id, BOB if clans_mover != BOB else 13))
    for play in plays:
        await play()

    assert commits == ["alexandros", "clans", "clans"]
    assert followed == [(alex_id, 1), (clans_id, 1), (clans_id, 2)]  # once per commit, after it
    with pytest.raises(GameError):  # a refused action commits nothing and follows up nothing
        await alexandros.act(alex_id, BOB if mover == ANN else ANN, alex.Resign(5).text)
    assert len(followed) == 3
