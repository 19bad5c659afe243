"""Lobbies and seats: one open game per channel, joining and leaving, starting once, cancelling."""

import pytest
from store_helpers import ANN, BOB, CAT, CHANNEL, DAN, GUILD, StartGame

from store import AlreadySeated, ChannelBusy, GameNotFound, LobbyFull, NotActive, NotInLobby, NotSeated, Store


async def test_create_lobby_seats_the_host(store: Store) -> None:
    game = await store.create_lobby(GUILD, CHANNEL, ANN, "Ann", seed=1234, game="clans")
    assert (game.guild_id, game.channel_id, game.host_id, game.seed) == (GUILD, CHANNEL, ANN, 1234)
    assert (game.status, game.snapshot, game.snapshot_ply, game.has_ai) == ("lobby", None, 0, False)
    assert game.created_at.tzinfo is not None and game.started_at is None
    assert [(s.seat, s.user_id, s.name) for s in game.seats] == [(0, ANN, "Ann")]
    assert await store.active_game(CHANNEL) == game == await store.get_game(game.id)


async def test_a_dm_game_has_no_guild(store: Store) -> None:
    game = await store.create_lobby(None, CHANNEL, ANN, "Ann", seed=1, game="clans")
    assert game.guild_id is None


async def test_one_open_game_per_channel(store: Store, start_game: StartGame) -> None:
    lobby = await store.create_lobby(GUILD, CHANNEL, ANN, "Ann", seed=1, game="clans")
    with pytest.raises(ChannelBusy):
        await store.create_lobby(GUILD, CHANNEL, BOB, "Bob", seed=2, game="clans")
    other = await store.create_lobby(GUILD, CHANNEL + 1, BOB, "Bob", seed=2, game="clans")  # other channels are free
    assert other.id != lobby.id

    await store.add_seat(lobby.id, BOB, "Bob")
    await store.start_game(lobby.id, "{}")
    with pytest.raises(ChannelBusy):  # running counts as open too
        await store.create_lobby(GUILD, CHANNEL, CAT, "Cat", seed=3, game="clans")


async def test_a_new_lobby_is_allowed_after_cancel_or_finish(store: Store, start_game: StartGame) -> None:
    first = await store.create_lobby(GUILD, CHANNEL, ANN, "Ann", seed=1, game="clans")
    await store.cancel_game(first.id)
    assert await store.active_game(CHANNEL) is None

    second = await start_game(store)
    await store.append_action(second.id, 1, 0, ANN, "resign:0", "{}", finished=True, end_reason="resigned")
    assert await store.active_game(CHANNEL) is None

    third = await store.create_lobby(GUILD, CHANNEL, BOB, "Bob", seed=3, game="clans")
    assert await store.active_game(CHANNEL) == third
    assert len({first.id, second.id, third.id}) == 3


async def test_seats_fill_in_join_order_up_to_four(store: Store) -> None:
    game = await store.create_lobby(GUILD, CHANNEL, ANN, "Ann", seed=1, game="clans")
    bob = await store.add_seat(game.id, BOB, "Bob")
    ai = await store.add_seat(game.id, None, "AI (hard)", ai_level="hard")
    dan = await store.add_seat(game.id, DAN, "Dan")
    assert [(s.seat, s.is_ai) for s in (bob, ai, dan)] == [(1, False), (2, True), (3, False)]
    assert ai.ai_level == "hard"
    with pytest.raises(LobbyFull):
        await store.add_seat(game.id, CAT, "Cat")
    with pytest.raises(AlreadySeated):  # a seated player clicking Join again hears that, not "full"
        await store.add_seat(game.id, BOB, "Bob")
    loaded = await store.get_game(game.id)
    assert loaded is not None and loaded.has_ai
    assert loaded.seat_of(DAN) == dan and loaded.seat_of(CAT) is None


async def test_joining_twice_is_refused(store: Store) -> None:
    game = await store.create_lobby(GUILD, CHANNEL, ANN, "Ann", seed=1, game="clans")
    with pytest.raises(AlreadySeated):
        await store.add_seat(game.id, ANN, "Ann")


async def test_several_ai_seats_may_share_a_game(store: Store) -> None:
    game = await store.create_lobby(GUILD, CHANNEL, ANN, "Ann", seed=1, game="clans")
    await store.add_seat(game.id, None, "AI 1", ai_level="easy")
    await store.add_seat(game.id, None, "AI 2", ai_level="normal")
    loaded = await store.get_game(game.id)
    assert loaded is not None and [s.name for s in loaded.seats] == ["Ann", "AI 1", "AI 2"]


async def test_an_ai_seat_needs_a_level_and_a_human_none(store: Store) -> None:
    game = await store.create_lobby(GUILD, CHANNEL, ANN, "Ann", seed=1, game="clans")
    with pytest.raises(ValueError):
        await store.add_seat(game.id, None, "AI")
    with pytest.raises(ValueError):
        await store.add_seat(game.id, BOB, "Bob", ai_level="easy")


async def test_leaving_renumbers_the_later_seats(store: Store) -> None:
    game = await store.create_lobby(GUILD, CHANNEL, ANN, "Ann", seed=1, game="clans")
    for user_id, name in ((BOB, "Bob"), (CAT, "Cat"), (DAN, "Dan")):
        await store.add_seat(game.id, user_id, name)
    after = await store.remove_seat(game.id, BOB)
    assert [(s.seat, s.user_id) for s in after.seats] == [(0, ANN), (1, CAT), (2, DAN)]
    rejoined = await store.add_seat(game.id, BOB, "Bob")  # a freed place goes to the end of the order
    assert rejoined.seat == 3
    with pytest.raises(NotSeated):
        await store.remove_seat(game.id, 999)


async def test_removing_an_ai_seat(store: Store) -> None:
    game = await store.create_lobby(GUILD, CHANNEL, ANN, "Ann", seed=1, game="clans")
    await store.add_seat(game.id, None, "AI", ai_level="easy")
    await store.add_seat(game.id, BOB, "Bob")
    with pytest.raises(NotSeated):  # seat 0 is a human
        await store.remove_ai_seat(game.id, 0)
    after = await store.remove_ai_seat(game.id, 1)
    assert [(s.seat, s.user_id) for s in after.seats] == [(0, ANN), (1, BOB)]
    assert not after.has_ai
    with pytest.raises(NotSeated):
        await store.remove_ai_seat(game.id, 1)


async def test_seats_are_fixed_once_started(store: Store, start_game: StartGame) -> None:
    game = await start_game(store)
    with pytest.raises(NotInLobby):
        await store.add_seat(game.id, CAT, "Cat")
    with pytest.raises(NotInLobby):
        await store.remove_seat(game.id, BOB)
    with pytest.raises(NotInLobby):
        await store.remove_ai_seat(game.id, 1)


async def test_start_happens_once(store: Store) -> None:
    lobby = await store.create_lobby(GUILD, CHANNEL, ANN, "Ann", seed=1, game="clans")
    await store.add_seat(lobby.id, BOB, "Bob")
    started = await store.start_game(lobby.id, '{"ply": 0}')
    assert (started.status, started.snapshot, started.snapshot_ply) == ("running", '{"ply": 0}', 0)
    assert started.started_at is not None
    with pytest.raises(NotInLobby):
        await store.start_game(lobby.id, '{"other": true}')
    assert await store.get_game(lobby.id) == started


async def test_cancel_from_lobby_or_running_and_only_once(store: Store, start_game: StartGame) -> None:
    lobby = await store.create_lobby(GUILD, CHANNEL + 1, ANN, "Ann", seed=1, game="clans")
    running = await start_game(store)
    for game in (lobby, running):
        cancelled = await store.cancel_game(game.id, end_reason="host cancelled")
        assert (cancelled.status, cancelled.end_reason) == ("cancelled", "host cancelled")
        assert cancelled.finished_at is not None
        with pytest.raises(NotActive):
            await store.cancel_game(game.id)
    with pytest.raises(NotInLobby):
        await store.start_game(lobby.id, "{}")


async def test_unknown_games(store: Store) -> None:
    assert await store.get_game(404) is None
    assert await store.active_game(CHANNEL) is None
    with pytest.raises(GameNotFound):
        await store.add_seat(404, ANN, "Ann")
    with pytest.raises(GameNotFound):
        await store.cancel_game(404)
    with pytest.raises(GameNotFound):
        await store.set_lobby_message(404, 1)


async def test_lobby_message_id_is_kept(store: Store) -> None:
    game = await store.create_lobby(GUILD, CHANNEL, ANN, "Ann", seed=1, game="clans")
    await store.set_lobby_message(game.id, 987654321012345678)
    loaded = await store.get_game(game.id)
    assert loaded is not None and loaded.lobby_message_id == 987654321012345678
