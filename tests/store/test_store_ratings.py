"""Results and ratings: Plackett-Luce updates, ties, resignations, AI seats, leaderboard and profile."""

from collections.abc import Sequence

import pytest
from openskill.models import PlackettLuce
from store_helpers import ANN, BOB, CAT, DAN, GUILD, NAMES, StartGame

from store import GameRecord, NotFinished, ResultInput, Store, StoreError, finishing_ranks

DEFAULT = PlackettLuce()


def result(seat: int, user_id: int | None, total: int, winner: bool = False, resigned: bool = False) -> ResultInput:
    name = NAMES[user_id] if user_id is not None else "AI (hard)"
    detail = {"clan": f"clan{seat}", "clan_score": total - 2, "chips": 2}
    return ResultInput(seat, user_id, name, total, winner, resigned, detail=detail)


async def finish(
    store: Store,
    start_game: StartGame,
    totals: dict[int, int],
    winners: Sequence[int] | None = None,
    resigned: Sequence[int] = (),
    rated: bool = True,
    guild_id: int | None = GUILD,
) -> GameRecord:
    """Play a game between the users in ``totals`` (dict order = seat order) to its end and record it."""
    game = await start_game(store, players=list(totals), guild_id=guild_id)
    await store.append_action(game.id, 1, 0, ANN, "resign:0", "{}", finished=True, end_reason="end")
    best = max(t for u, t in totals.items() if u not in resigned)
    winners = [u for u, t in totals.items() if t == best and u not in resigned] if winners is None else winners
    results = [result(s, u, t, u in winners, u in resigned) for s, (u, t) in enumerate(totals.items())]
    assert await store.record_results(game.id, guild_id, results, rated=rated)
    return game


def test_ranks_come_from_totals_with_ties_shared_and_resignations_last() -> None:
    results = [result(0, ANN, 30), result(1, BOB, 45), result(2, CAT, 30), result(3, DAN, 99, resigned=True)]
    assert finishing_ranks(results) == [2, 1, 2, 3]


async def test_the_winner_gains_and_the_loser_loses(store: Store, start_game: StartGame) -> None:
    game = await finish(store, start_game, {ANN: 40, BOB: 31})
    ann, bob = await store.rating(GUILD, ANN, game="clans"), await store.rating(GUILD, BOB, game="clans")
    assert ann is not None and bob is not None
    assert ann.mu > DEFAULT.mu > bob.mu
    assert ann.sigma < DEFAULT.sigma and bob.sigma < DEFAULT.sigma
    assert (ann.games, ann.wins, ann.points, bob.games, bob.wins, bob.points) == (1, 1, 40, 1, 0, 31)
    stored = await store.results(game.id)
    assert [(r.seat, r.user_id, r.total, r.winner, r.detail["clan"]) for r in stored] == [
        (0, ANN, 40, True, "clan0"),
        (1, BOB, 31, False, "clan1"),
    ]
    loaded = await store.get_game(game.id)
    assert loaded is not None and loaded.rated


async def test_ratings_build_on_earlier_games(store: Store, start_game: StartGame) -> None:
    await finish(store, start_game, {ANN: 40, BOB: 31})
    first = await store.rating(GUILD, ANN, game="clans")
    await finish(store, start_game, {ANN: 40, BOB: 31})
    second = await store.rating(GUILD, ANN, game="clans")
    assert first is not None and second is not None
    assert second.mu > first.mu and second.sigma < first.sigma and second.games == 2


async def test_equal_totals_share_a_rank(store: Store, start_game: StartGame) -> None:
    await finish(store, start_game, {ANN: 35, BOB: 35, CAT: 20})
    ann, bob, cat = [await store.rating(GUILD, u, game="clans") for u in (ANN, BOB, CAT)]
    assert ann is not None and bob is not None and cat is not None
    assert ann.mu == pytest.approx(bob.mu) and ann.mu > DEFAULT.mu > cat.mu
    assert ann.wins == bob.wins == 1  # both share the win


async def test_a_resigned_player_ranks_last_whatever_the_total(store: Store, start_game: StartGame) -> None:
    await finish(store, start_game, {ANN: 20, BOB: 60}, resigned=[BOB])
    ann, bob = await store.rating(GUILD, ANN, game="clans"), await store.rating(GUILD, BOB, game="clans")
    assert ann is not None and bob is not None
    assert ann.mu > DEFAULT.mu > bob.mu


async def test_recording_twice_changes_nothing(store: Store, start_game: StartGame) -> None:
    game = await finish(store, start_game, {ANN: 40, BOB: 31})
    before = await store.rating(GUILD, ANN, game="clans")
    again = [result(0, ANN, 10), result(1, BOB, 50, winner=True)]
    assert await store.record_results(game.id, GUILD, again, rated=True) is False
    assert await store.rating(GUILD, ANN, game="clans") == before
    assert [r.total for r in await store.results(game.id)] == [40, 31]


async def test_ai_seats_are_ranked_but_not_stored(store: Store, start_game: StartGame) -> None:
    lobby = await store.create_lobby(GUILD, 200, ANN, "Ann", seed=1, game="clans")
    await store.add_seat(lobby.id, None, "AI (hard)", ai_level="hard")
    await store.start_game(lobby.id, "{}")
    await store.append_action(lobby.id, 1, 0, ANN, "1-2", "{}", finished=True)
    results = [result(0, ANN, 40, winner=True), result(1, None, 30)]
    assert await store.record_results(lobby.id, GUILD, results, rated=True)
    ann = await store.rating(GUILD, ANN, game="clans")
    assert ann is not None and ann.mu > DEFAULT.mu
    assert [row.user_id for row in await store.leaderboard(GUILD, game="clans")] == [ANN]
    assert [r.user_id for r in await store.results(lobby.id)] == [ANN, None]


async def test_unrated_and_dm_games_keep_results_but_not_ratings(store: Store, start_game: StartGame) -> None:
    unrated = await finish(store, start_game, {ANN: 40, BOB: 31}, rated=False)
    dm = await finish(store, start_game, {ANN: 40, BOB: 31}, guild_id=None)
    assert await store.rating(GUILD, ANN, game="clans") is None
    assert await store.leaderboard(GUILD, game="clans") == []
    for game in (unrated, dm):
        assert len(await store.results(game.id)) == 2
        loaded = await store.get_game(game.id)
        assert loaded is not None and not loaded.rated


async def test_results_need_a_finished_game_of_that_guild(store: Store, start_game: StartGame) -> None:
    game = await start_game(store)
    results = [result(0, ANN, 40, winner=True), result(1, BOB, 30)]
    with pytest.raises(NotFinished):
        await store.record_results(game.id, GUILD, results, rated=True)
    await store.append_action(game.id, 1, 0, ANN, "1-2", "{}", finished=True)
    with pytest.raises(StoreError, match="guild"):
        await store.record_results(game.id, GUILD + 1, results, rated=True)
    with pytest.raises(ValueError):
        await store.record_results(game.id, GUILD, [results[0], results[0]], rated=True)
    assert await store.results(game.id) == []


async def test_leaderboard_orders_by_ordinal_then_wins(store: Store, start_game: StartGame) -> None:
    await finish(store, start_game, {ANN: 50, BOB: 40, CAT: 30})
    await finish(store, start_game, {ANN: 50, BOB: 30, CAT: 40})
    await finish(store, start_game, {BOB: 50, ANN: 45, CAT: 30})
    board = await store.leaderboard(GUILD, game="clans")
    assert [row.user_id for row in board] == [ANN, BOB, CAT]
    assert [row.rank for row in board] == [1, 2, 3]
    assert [row.ordinal for row in board] == sorted((row.ordinal for row in board), reverse=True)
    ann = board[0]
    assert (ann.name, ann.games, ann.wins) == ("Ann", 3, 2)
    assert ann.win_rate == pytest.approx(2 / 3)
    assert ann.avg_total == pytest.approx((50 + 50 + 45) / 3)
    assert ann.ordinal == pytest.approx(ann.mu - 3 * ann.sigma)
    assert [row.user_id for row in await store.leaderboard(GUILD, limit=2, game="clans")] == [ANN, BOB]
    assert await store.leaderboard(GUILD + 1, game="clans") == []


async def test_equal_ratings_are_ordered_by_wins(store: Store, start_game: StartGame) -> None:
    # Equal totals give equal ratings; the engine's tie-break made Dan (the higher user id) the winner.
    await finish(store, start_game, {CAT: 30, DAN: 30}, winners=[DAN])
    assert [row.user_id for row in await store.leaderboard(GUILD, game="clans")] == [DAN, CAT]


async def test_profile(store: Store, start_game: StartGame) -> None:
    await finish(store, start_game, {ANN: 50, BOB: 40})
    games = [await finish(store, start_game, {ANN: 30 + i, BOB: 60}) for i in range(5)]
    unrated = await finish(store, start_game, {ANN: 90, BOB: 10}, rated=False)
    profile = await store.profile(GUILD, ANN, game="clans")
    assert profile is not None
    assert (profile.name, profile.games, profile.wins, profile.best_total) == ("Ann", 6, 1, 50)
    assert profile.win_rate == pytest.approx(1 / 6)
    assert profile.avg_total == pytest.approx((50 + 30 + 31 + 32 + 33 + 34) / 6)
    assert profile.rank == 2  # Bob won five of six
    assert profile.ordinal == pytest.approx(profile.mu - 3 * profile.sigma)
    # The last five finished games, newest first; the unrated one is listed, the oldest dropped.
    assert [r.game_id for r in profile.recent] == [unrated.id, *(g.id for g in reversed(games[1:]))]
    assert [(r.total, r.winner, r.detail["clan"]) for r in profile.recent[:2]] == [
        (90, True, "clan0"),
        (34, False, "clan0"),
    ]
    bob = await store.profile(GUILD, BOB, game="clans")
    assert bob is not None and bob.rank == 1


async def test_profile_of_strangers_and_unrated_players(store: Store, start_game: StartGame) -> None:
    assert await store.profile(GUILD, ANN, game="clans") is None
    await finish(store, start_game, {ANN: 40, BOB: 31}, rated=False)
    profile = await store.profile(GUILD, ANN, game="clans")
    assert profile is not None
    assert (profile.games, profile.rank, profile.best_total, profile.mu) == (0, None, None, DEFAULT.mu)
    assert [r.total for r in profile.recent] == [40]
    assert await store.profile(GUILD + 1, ANN, game="clans") is None


async def test_the_last_move_and_the_results_are_committed_together(store: Store, start_game: StartGame) -> None:
    """Nothing ever lost: a finished game always has its results and ratings, in one transaction."""
    game = await start_game(store, players=[ANN, BOB])
    results = [result(0, ANN, 40, winner=True), result(1, BOB, 30)]
    await store.append_action(
        game.id, 1, 0, ANN, "resign:1", "{}", finished=True, end_reason="end", results=results, rated=True
    )
    assert [r.total for r in await store.results(game.id)] == [40, 30]
    ann, bob = await store.rating(GUILD, ANN, game="clans"), await store.rating(GUILD, BOB, game="clans")
    assert ann is not None and bob is not None and ann.mu > bob.mu


async def test_a_refused_last_move_writes_no_results(store: Store, start_game: StartGame) -> None:
    game = await start_game(store, players=[ANN, BOB])
    await store.append_action(game.id, 1, 0, ANN, "1-2", "{}")
    results = [result(0, ANN, 40, winner=True), result(1, BOB, 30)]
    with pytest.raises(StoreError):
        await store.append_action(game.id, 1, 0, ANN, "resign:1", "{}", finished=True, results=results, rated=True)
    assert await store.results(game.id) == []
    assert await store.rating(GUILD, ANN, game="clans") is None
