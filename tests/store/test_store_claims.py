"""Claims (store.claims): one holder per game and kind at a time, taken over once the lease expires; the
sweep's query of games waiting for an AI. On SQLite and PostgreSQL."""

import asyncio

from store_helpers import ANN, BOB, StartGame

from store import Store, new_holder
from store.claims import DUE_AI_TURNS

LEASE = 30_000
T0 = 1_800_000_000_000  # ms since the epoch: the tests' clock


async def test_a_claim_is_held_by_one_holder_until_it_expires(store: Store, start_game: StartGame) -> None:
    game = await start_game(store)
    first, second = new_holder(), new_holder()
    assert first != second
    assert await store.claim(game.id, "ai", 0, first, T0, LEASE)
    assert not await store.claim(game.id, "ai", 0, second, T0 + 1, LEASE)
    assert not await store.claim(game.id, "ai", 0, first, T0 + 1, LEASE)  # not twice, even by its holder
    assert await store.renew(game.id, "ai", 0, first, T0 + 1, LEASE)
    assert await store.claim_holder(game.id, "ai") == (first, 0, T0 + 1 + LEASE)
    assert not await store.claim(game.id, "ai", 0, second, T0 + LEASE, LEASE)  # still live
    assert await store.claim(game.id, "ai", 0, second, T0 + 1 + LEASE, LEASE)  # expired: taken over
    assert await store.claim_holder(game.id, "ai") == (second, 0, T0 + 1 + 2 * LEASE)
    assert not await store.renew(game.id, "ai", 0, first, T0 + 2 + LEASE, LEASE)  # the old holder lost it
    assert await store.renew(game.id, "ai", 0, second, T0 + 2 + LEASE, LEASE)


async def test_kinds_are_separate_and_a_release_frees_the_claim(store: Store, start_game: StartGame) -> None:
    game = await start_game(store)
    first, second = new_holder(), new_holder()
    assert await store.claim(game.id, "ai", 0, first, T0, LEASE)
    assert await store.claim(game.id, "timeout", 0, second, T0, LEASE)
    await store.release(game.id, "ai", second)  # not its claim: nothing happens
    assert not await store.claim(game.id, "ai", 0, second, T0, LEASE)
    await store.release(game.id, "ai", first)
    assert await store.claim_holder(game.id, "ai") is None
    assert await store.claim(game.id, "ai", 0, second, T0, LEASE)


async def test_only_the_games_current_ply_of_a_running_game_can_be_claimed(store: Store, start_game: StartGame) -> None:
    game = await start_game(store)
    holder, other = new_holder(), new_holder()
    assert not await store.claim(game.id, "ai", 1, holder, T0, LEASE)  # the game is at ply 0
    assert await store.claim(game.id, "ai", 0, holder, T0, LEASE)
    await store.append_action(game.id, 1, 0, ANN, "23-24", '{"ply": 1}')
    # The live claim is for ply 0, now stale (its holder committed and died before releasing): free.
    assert not await store.claim(game.id, "ai", 0, other, T0, LEASE)
    assert await store.claim(game.id, "ai", 1, other, T0, LEASE)
    await store.cancel_game(game.id)
    assert not await store.claim(game.id, "ai", 1, holder, T0 + 2 * LEASE, LEASE)


async def test_racing_claimers_get_one_claim(store: Store, start_game: StartGame) -> None:
    game = await start_game(store)
    holders = [new_holder() for _ in range(20)]
    won = await asyncio.gather(*(store.claim(game.id, "ai", 0, h, T0, LEASE) for h in holders))
    assert won.count(True) == 1
    assert await store.claim_holder(game.id, "ai") == (holders[won.index(True)], 0, T0 + LEASE)


async def test_the_sweep_finds_games_waiting_for_an_ai_without_a_live_claim(
    store: Store, start_game: StartGame
) -> None:
    human_first = await start_game(store, channel_id=1)
    ai_first = await store.create_lobby(1, 2, ANN, "Ann", seed=1, game="clans")
    await store.add_seat(ai_first.id, None, "AI (easy)", ai_level="easy")
    await store.start_game(ai_first.id, '{"ply": 0}', ai_to_act=True)
    assert await store.due_ai_turns(T0, game="clans") == [(ai_first.id, 0)]

    await store.append_action(human_first.id, 1, 0, ANN, "23-24", '{"ply": 1}', ai_to_act=True)
    assert await store.due_ai_turns(T0, game="clans") == [(human_first.id, 1), (ai_first.id, 0)]
    assert await store.due_ai_turns(T0, limit=1, game="clans") == [(human_first.id, 1)]

    holder = new_holder()
    assert await store.claim(ai_first.id, "ai", 0, holder, T0, LEASE)
    assert await store.due_ai_turns(T0, game="clans") == [(human_first.id, 1)]
    assert await store.due_ai_turns(T0 + LEASE, game="clans") == [(human_first.id, 1), (ai_first.id, 0)]  # expired

    await store.append_action(human_first.id, 2, 1, BOB, "5-6", '{"ply": 2}')  # a human acts next
    await store.append_action(ai_first.id, 1, 1, None, "5-6", '{"ply": 1}', finished=True, end_reason="resign")
    assert await store.due_ai_turns(T0 + LEASE, game="clans") == []


async def test_a_wrong_ai_mark_is_cleared_at_its_ply_only(store: Store, start_game: StartGame) -> None:
    game = await store.create_lobby(1, 3, ANN, "Ann", seed=1, game="clans")
    await store.start_game(game.id, '{"ply": 0}', ai_to_act=True)
    await store.no_ai_to_act(game.id, 1)  # another ply: kept
    assert await store.due_ai_turns(T0, game="clans") == [(game.id, 0)]
    await store.no_ai_to_act(game.id, 0)
    assert await store.due_ai_turns(T0, game="clans") == []


async def test_the_sweep_reads_the_partial_index_of_games_waiting_for_an_ai(store: Store) -> None:
    async with store._read() as conn:
        if store.dialect == "sqlite":
            async with conn.execute(f"EXPLAIN QUERY PLAN {DUE_AI_TURNS}", (T0, 100)) as cursor:
                plan = " | ".join(str(row["detail"]) for row in await cursor.fetchall())
            assert "USING INDEX games_ai_to_act" in plan or "USING COVERING INDEX games_ai_to_act" in plan, plan
            assert "SCAN games " not in plan.replace("USING", "|USING"), plan
            return
        await conn.execute("SET LOCAL enable_seqscan = off")  # empty tables are cheapest to scan
        async with conn.execute(f"EXPLAIN {DUE_AI_TURNS}", (T0, 100)) as cursor:
            plan = " | ".join(str(row[0]) for row in await cursor.fetchall())
        assert "games_ai_to_act" in plan and "Seq Scan on games" not in plan, plan
