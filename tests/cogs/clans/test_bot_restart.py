"""A new bot on the same database file: games continue, old buttons and selects work, no needless sync."""

from __future__ import annotations

from pathlib import Path

from botkit import (  # every_interaction_answered: autouse, checks each test
    ORDER_SEED,
    answered,
    by_id,
    custom_ids,
    embed_text,
    every_interaction_answered,  # noqa: F401
    message_with,
    open_game,
    peek,
    play_game,
    play_turn,
    random_picker,
    reach_order,
    restart_bot,
    start_bot,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord

from engine.clans import Phase


async def test_a_game_continues_after_a_restart(fake: FakeDiscord, database_target: str) -> None:
    bot = await start_bot(fake, database_target, seeds=[21])
    alice, bob, carol = users(fake, 3)
    await open_game(fake, [alice, bob, carol])
    players = by_id(alice, bob, carol)
    pick = random_picker(4)
    for _ in range(12):
        await play_turn(fake, bot, 1, players, pick)
    before = await peek(bot, 1)
    log = await stored_moves(bot, 1)

    new_bot = await restart_bot(fake, database_target)
    assert bot.is_closed() and new_bot is not bot
    after = await peek(new_bot, 1)
    assert after.state.to_json() == before.state.to_json()
    assert await stored_moves(new_bot, 1) == log
    status = answered(await fake.slash(alice, "clans status")).response
    assert status is not None and f"<@{after.mover.user_id}> to move" in embed_text(status.embeds)
    final = await play_game(fake, new_bot, 1, players, pick)
    assert final is not None and any(s.content.startswith("Game over!") for s in final.posts)
    assert (await new_bot.store.get_game(1)).status == "finished"  # type: ignore[union-attr]


async def test_old_lobby_buttons_work_after_a_restart(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    await fake.slash(alice, "clans new")
    lobby = message_with(fake, "clans:join:")
    new_bot = await restart_bot(fake, tmp_path)
    joined = answered(await fake.click(bob, lobby, "clans:join:1"))
    assert joined.response is not None and joined.response.callback_type == 7
    assert "<@102>" in embed_text(fake.message(int(lobby["id"]))["embeds"])
    started = answered(await fake.click(alice, lobby, "clans:start:1"))
    assert any("has started" in p.content for p in started.posts)
    assert (await new_bot.store.get_game(1)).status == "running"  # type: ignore[union-attr]


async def test_the_order_menu_survives_a_restart(fake: FakeDiscord, database_target: str) -> None:
    bot = await start_bot(fake, database_target, seeds=[ORDER_SEED])
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    mover = await reach_order(fake, bot, by_id(alice, bob))
    menu = message_with(fake, "clans:order:")
    custom_id, *_ = custom_ids(menu)  # then the turn post's buttons
    new_bot = await restart_bot(fake, database_target)
    table = await peek(new_bot, 1)
    assert table.state.phase is Phase.ORDER  # the pending choice was stored, not kept in memory
    pick = str(table.state.pending[0])
    chosen = answered(await fake.select(mover, menu, custom_id, [pick]))
    assert chosen.posts and f"founded the village at {pick} next" in chosen.posts[0].embeds[0]["title"]
    assert (await stored_moves(new_bot, 1))[-1].action == f"v{pick}"


async def test_commands_sync_once_and_not_again_when_unchanged(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    puts = [c for c in fake.calls if c.method == "PUT" and c.path.endswith("/commands")]
    assert len(puts) == 1 and puts[0].path == f"/applications/{fake.application_id}/commands"  # global
    assert [c["name"] for c in fake.synced_commands[None]] == ["clans", "alexandros", "health"]  # + the owner's
    [group] = [c for c in fake.synced_commands[None] if c["name"] == "clans"]
    names = {o["name"] for o in group["options"]}
    assert names == {
        "new",
        "daysoff",
        "hours",
        "join",
        "leave",
        "addbot",
        "start",
        "move",
        "board",
        "status",
        "myclan",
        "readable",
        "rules",
        "help",
        "resign",
        "cancel",
        "leaderboard",
        "profile",
        "notify",
        "replay",
        "games",
        "history",
        "weblink",
    }
    for command in group["options"]:
        assert command["description"]
        assert all(option["description"] for option in command.get("options", []))

    await restart_bot(fake, tmp_path)
    assert len([c for c in fake.calls if c.method == "PUT"]) == 1  # nothing changed: no sync

    # Development: DISCORD_GUILD_ID syncs to that guild instead, once.
    await restart_bot(fake, tmp_path, guild_id=fake.guild_id)
    await restart_bot(fake, tmp_path, guild_id=fake.guild_id)
    puts = [c for c in fake.calls if c.method == "PUT"]
    assert [c.path for c in puts[1:]] == [f"/applications/{fake.application_id}/guilds/{fake.guild_id}/commands"]
    assert [c["name"] for c in fake.synced_commands[fake.guild_id]] == ["clans", "alexandros", "health"]
