"""Queries across games: a player's running games everywhere, a channel's newest game, idle lobbies, one
log entry, and placing a lobby in its thread."""

from datetime import timedelta

import pytest
from store_helpers import ANN, BOB, CAT, CHANNEL, GUILD, StartGame

from store import ChannelBusy, NotInLobby, Store
from store.records import utc_now


async def test_seated_games_lists_running_games_of_the_user_in_every_guild(store: Store, start_game: StartGame) -> None:
    here = await start_game(store, (ANN, BOB), channel_id=CHANNEL, guild_id=GUILD)
    there = await start_game(store, (CAT, ANN), channel_id=CHANNEL + 1, guild_id=GUILD + 1)
    await start_game(store, (BOB, CAT), channel_id=CHANNEL + 2)  # without Ann
    await store.create_lobby(GUILD, CHANNEL + 3, ANN, "Ann", seed=1, game="clans")  # a lobby is not running yet
    finished = await start_game(store, (ANN, CAT), channel_id=CHANNEL + 4)
    await store.cancel_game(finished.id)
    assert [g.id for g in await store.seated_games(ANN, game="clans")] == [here.id, there.id]
    assert {g.guild_id for g in await store.seated_games(ANN, game="clans")} == {GUILD, GUILD + 1}
    assert [len(g.seats) for g in await store.seated_games(ANN, game="clans")] == [2, 2]
    assert await store.seated_games(999, game="clans") == []


async def test_latest_game_is_the_newest_of_the_channel_whatever_its_status(
    store: Store, start_game: StartGame
) -> None:
    assert await store.latest_game(CHANNEL) is None
    first = await start_game(store, (ANN, BOB))
    await store.cancel_game(first.id)
    second = await store.create_lobby(GUILD, CHANNEL, BOB, "Bob", seed=2, game="clans")
    latest = await store.latest_game(CHANNEL)
    assert latest is not None and latest.id == second.id and latest.status == "lobby"


async def test_move_at_reads_one_entry_of_the_log(store: Store, start_game: StartGame) -> None:
    game = await start_game(store, (ANN, BOB))
    await store.append_action(game.id, 1, 0, ANN, "23-24", '{"ply": 1}')
    entry = await store.move_at(game.id, 1)
    assert entry is not None and (entry.seat, entry.user_id, entry.action) == (0, ANN, "23-24")
    assert await store.move_at(game.id, 2) is None


async def test_idle_lobbies_are_the_lobbies_opened_before_a_time(store: Store, start_game: StartGame) -> None:
    lobby = await store.create_lobby(GUILD, CHANNEL, ANN, "Ann", seed=1, game="clans")
    await start_game(store, (BOB, CAT), channel_id=CHANNEL + 1)
    now = utc_now()
    assert await store.idle_lobbies(now - timedelta(hours=1), game="clans") == []
    assert [g.id for g in await store.idle_lobbies(now + timedelta(seconds=1), game="clans")] == [lobby.id]
    assert await store.idle_lobbies(now + timedelta(seconds=1), game="alexandros") == []  # each game's own


async def test_move_lobby_places_it_in_a_free_channel_only(store: Store, start_game: StartGame) -> None:
    lobby = await store.create_lobby(GUILD, 5555, ANN, "Ann", seed=1, game="clans")
    moved = await store.move_lobby(lobby.id, CHANNEL)
    assert moved.channel_id == CHANNEL and (await store.active_game(CHANNEL)) == moved
    other = await store.create_lobby(GUILD, 6666, BOB, "Bob", seed=2, game="clans")
    with pytest.raises(ChannelBusy):
        await store.move_lobby(other.id, CHANNEL)
    running = await start_game(store, (CAT, BOB), channel_id=CHANNEL + 1)
    with pytest.raises(NotInLobby):
        await store.move_lobby(running.id, CHANNEL + 2)


async def test_game_log_reads_the_game_and_its_moves_together(store: Store, start_game: StartGame) -> None:
    game = await start_game(store, (ANN, BOB))
    await store.append_action(game.id, 1, 0, ANN, "23-24", '{"ply": 1}')
    found = await store.game_log(game.id)
    assert found is not None
    record, moves = found
    assert record.id == game.id and [m.action for m in moves] == ["23-24"]
    assert await store.game_log(999) is None
