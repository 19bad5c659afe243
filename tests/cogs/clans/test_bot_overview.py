"""Looking across games: /clans games on every server, /clans history page by page, the catch-up in the
"your move" ping, /clans status after the end, idle lobbies closing, and what a late action is told."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from botkit import (  # every_interaction_answered: autouse, checks each test
    DUE,
    PNG_MAGIC,
    answered,
    by_id,
    cog,
    custom_ids,
    due,
    embed_text,
    every_interaction_answered,  # noqa: F401
    first_picker,
    message_with,
    open_game,
    peek,
    play_game,
    play_turn,
    public_messages,
    refused,
    start_bot,
    users,
)
from fakediscord import FakeChannel, FakeDiscord

from engine.clans import legal_moves
from service.pace import ManualClock

OTHER_GUILD = 800


def other_server_channel(fake: FakeDiscord, channel_id: int = 950) -> FakeChannel:
    channel = FakeChannel(channel_id, 0, OTHER_GUILD, "games")
    fake.channels[channel_id] = channel
    return channel


async def test_games_lists_every_running_game_on_every_server_own_turns_first(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[3, 4])
    alice, bob, carol = users(fake, 3)
    elsewhere = other_server_channel(fake)
    await open_game(fake, [alice, bob])
    await open_game(fake, [carol, alice], channel=elsewhere)
    # Make it alice's turn in exactly one game: whoever moves first in game 1 plays until bob is to move.
    people = by_id(alice, bob, carol)
    while (await peek(bot, 1)).mover.user_id != bob.id:
        await play_turn(fake, bot, 1, people)
    while (await peek(bot, 2)).mover.user_id != alice.id:
        await play_turn(fake, bot, 2, people, channel=elsewhere)
    shown = answered(await fake.slash(alice, "clans games")).response
    assert shown is not None and shown.ephemeral
    [embed] = shown.embeds
    lines = embed["description"].splitlines()
    assert len(lines) == 2
    assert (
        lines[0].startswith("▶ [Game #2](https://discord.com/channels/800/950)") and "**your turn** to move" in lines[0]
    )
    assert all(" · daily · " in line and re.search(rf" · {DUE}$", line) for line in lines)  # pace and deadline
    assert lines[1].startswith(f"[Game #1](https://discord.com/channels/{fake.guild_id}/{fake.channel.id})")
    assert "bob to move" in lines[1]
    assert embed["footer"]["text"] == "2 running · your turn in 1"
    # bob sits only in game 1; eve in none.
    bobs = answered(await fake.slash(bob, "clans games", channel=elsewhere)).response
    assert bobs is not None and "Game #2" not in bobs.embeds[0]["description"]
    assert "**your turn**" in bobs.embeds[0]["description"]
    eves = answered(await fake.slash(fake.user(200, "eve"), "clans games")).response
    assert eves is not None and "not playing in any running game" in eves.embeds[0]["description"]


async def test_history_of_a_running_game_turns_pages_with_buttons(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[9])
    alice, bob = users(fake, 2)
    people = by_id(alice, bob)
    await open_game(fake, [alice, bob])
    played = []
    while len(played) < 20:
        table = await peek(bot, 1)
        played.append((table.mover.name, legal_moves(table.state)[0]))
        await play_turn(fake, bot, 1, people)
    log = [m.action for m in await bot.store.moves(1)]
    shown = answered(await fake.slash(bob, "clans history")).response
    assert shown is not None and shown.ephemeral and shown.message is not None
    [embed] = shown.embeds
    assert embed["title"] == "Game #1 — history (running)"
    assert embed["footer"]["text"] == f"Page 2/2 · {len(log)} actions"  # it opens on the latest moves
    # A full page of them, the latest at the bottom (as the channel reads): pages count back from the latest.
    lines = embed["description"].splitlines()
    assert len(lines) == 15 and lines[-1].startswith(f"**{len(log)}.** ")
    earlier, later = custom_ids(shown.message)
    assert (earlier, later) == ("clans:history:1:0", "clans:history:1:1")
    first = answered(await fake.click(bob, shown.message, earlier))
    assert first.response is not None and first.response.callback_type == 7  # the same message, edited
    page_one = first.response.embeds[0]
    assert page_one["footer"]["text"] == f"Page 1/2 · {len(log)} actions"
    name, move = played[0]
    assert page_one["description"].splitlines()[0] == f"**1.** {name} {move.src} → {move.dst}"
    assert len(page_one["description"].splitlines()) == len(log) - 15  # the first page holds the rest
    # The buttons keep working after a restart: the page lives in the custom_id.
    assert first.response.message is not None
    back = answered(await fake.click(alice, first.response.message, "clans:history:1:1"))
    assert back.response is not None and "Page 2/2" in back.response.embeds[0]["footer"]["text"]


async def test_history_of_a_finished_game_by_its_number_in_this_server_only(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[21])
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    await play_game(fake, bot, 1, by_id(alice, bob), first_picker)
    facts = len(await bot.store.moves(1))
    here = answered(await fake.slash(alice, "clans history")).response  # the channel's last game
    assert here is not None and here.embeds[0]["title"] == "Game #1 — history (finished)"
    pages = -(-facts // 15)
    assert here.embeds[0]["footer"]["text"] == f"Page {pages}/{pages} · {facts} actions"
    assert "🏁 game over" in here.embeds[0]["description"].splitlines()[-1]
    assert "🏠" in embed_text([answered(await fake.slash(alice, "clans history", {"game": 1})).response.embeds[0]])  # type: ignore[union-attr]
    elsewhere = other_server_channel(fake)
    refused(
        await fake.slash(alice, "clans history", {"game": 1}, channel=elsewhere), "There is no game #1 in this server"
    )
    refused(await fake.slash(alice, "clans history", channel=elsewhere), "No game has been played in this channel")
    refused(await fake.slash(alice, "clans history", {"game": 7}), "There is no game #7 in this server")


async def test_the_your_move_ping_catches_up_on_what_happened_since(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[5])
    alice, bob, carol = users(fake, 3)
    people = by_id(alice, bob, carol)
    await open_game(fake, [alice, bob, carol])
    for _ in range(4):
        result = await play_turn(fake, bot, 1, people)
    assert result is not None
    [ping] = result.posts
    assert result.notified == [(await peek(bot, 1)).mover.user_id]
    table = await peek(bot, 1)
    lines = ping.content.splitlines()
    assert lines[0] == f"<@{table.mover.user_id}>, your move · {due(table.record.deadline_at)}."
    # The mover last moved at move 2; move 3 is told here, move 4 is this message's own embed.
    log = await bot.store.moves(1)
    assert lines[1] == "Since your last move:" and len(lines) == 3
    third = table.record.seats[log[2].seat].name
    src, dst = log[2].action.split("-")
    assert lines[2].startswith(f"**3.** {third} {src} → {dst}")
    assert len(ping.content) <= 2000


async def test_status_after_the_end_shows_the_result_until_a_new_game_opens(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[21])
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    await play_game(fake, bot, 1, by_id(alice, bob), first_picker)
    result = answered(await fake.slash(bob, "clans status"))
    [shown] = result.followups
    assert shown.ephemeral and shown.embeds[0]["title"].startswith("🏁 Game #1 is over")
    assert shown.files and shown.files[0][1].startswith(PNG_MAGIC)
    answered(await fake.slash(alice, "clans new"))
    lobby = answered(await fake.slash(bob, "clans status")).response
    assert lobby is not None and lobby.embeds[0]["title"] == "Clans — game #2"


async def test_an_idle_lobby_closes_after_a_day_with_a_public_note(fake: FakeDiscord, tmp_path: Path) -> None:
    clock = ManualClock(datetime.now(UTC))
    bot = await start_bot(fake, tmp_path, now=clock)
    scheduler = cog(bot).clock
    scheduler.stop()  # the test drives the scheduler's ticks itself
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "clans new"))
    await open_game(fake, [bob, alice], channel=fake.text_channel(930))  # running games are left alone
    clock.advance(timedelta(hours=23))
    await scheduler.tick()
    assert (await bot.store.get_game(1)).status == "lobby"  # type: ignore[union-attr]
    clock.advance(timedelta(hours=2))
    await scheduler.tick()
    game = await bot.store.get_game(1)
    assert game is not None and game.status == "cancelled" and game.end_reason == "idle"
    note = public_messages(fake)[-1]["content"]
    assert note == "Game #1 was closed: nobody started it within 24 hours. `/clans new` opens a new one."
    lobby = message_with(fake, "clans:join:1")
    assert all(c.get("disabled") for c in lobby["components"][0]["components"])
    assert (await bot.store.get_game(2)).status == "running"  # type: ignore[union-attr]
    notes = len(public_messages(fake))
    clock.advance(timedelta(hours=25))
    await scheduler.tick()
    assert len(public_messages(fake)) == notes  # closed once
    refused(await fake.slash(alice, "clans join"), "There is no game in this channel")


async def test_a_late_action_is_told_what_happened(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    people = by_id(alice, bob)
    await open_game(fake, [alice, bob])
    table = await peek(bot, 1)
    mover = people[table.mover.user_id]  # type: ignore[index]
    other = bob if mover is alice else alice
    move = legal_moves(table.state)[0]
    answered(await fake.slash(mover, "clans move", {"from": move.src, "to": move.dst}))
    # The same command again (a retry): already played, not "not your turn".
    refused(
        await fake.slash(mover, "clans move", {"from": move.src, "to": move.dst}),
        f"Your move {move.src} → {move.dst} was already played.",
    )
    # A different move by the same player, out of turn: whose turn it is.
    again = legal_moves((await peek(bot, 1)).state)[0]
    message = refused(await fake.slash(mover, "clans move", {"from": again.src, "to": again.dst}))
    assert message == f"It is <@{other.id}>'s turn."
    assert len(await bot.store.moves(1)) == 1
    assert not re.search(r"moved on", message)
