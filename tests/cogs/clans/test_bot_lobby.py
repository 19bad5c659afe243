"""The lobby: /clans new, join, leave, addbot, start, and the Join / Leave / Start buttons."""

from __future__ import annotations

from pathlib import Path

from botkit import (  # every_interaction_answered: autouse, checks each test
    PNG_MAGIC,
    answered,
    custom_ids,
    embed_text,
    every_interaction_answered,  # noqa: F401
    mention,
    message_with,
    peek,
    public_messages,
    raw_component,
    refused,
    start_bot,
    users,
)
from fakediscord import FakeDiscord

from registry import game
from service.ratings import ai_rating


def lobby(fake: FakeDiscord) -> dict:
    return fake.message(int(message_with(fake, "clans:join:")["id"]))


def lobby_players(fake: FakeDiscord) -> str:
    [embed] = lobby(fake)["embeds"]
    [players] = [f for f in embed["fields"] if f["name"].startswith("Players")]
    return f"{players['name']}\n{players['value']}"


async def test_new_opens_a_public_lobby_with_buttons(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    [alice] = users(fake, 1)
    result = answered(await fake.slash(alice, "clans new"))
    assert result.response is not None and not result.response.ephemeral
    message = lobby(fake)
    assert custom_ids(message) == [
        "clans:join:1",
        "clans:leave:1",
        "clans:start:1",
        "clans:pace:1",
        "clans:language:1",
    ]
    assert "Clans — game #1" in embed_text(message["embeds"])
    assert f"{mention(alice)} (host)" in lobby_players(fake)
    assert "(1/4)" in lobby_players(fake)


async def test_one_game_per_channel_but_threads_have_their_own(fake: FakeDiscord, database_target: str) -> None:
    await start_bot(fake, database_target)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "clans new"))
    refused(await fake.slash(bob, "clans new"), "already has a game")
    thread = fake.thread(950)
    answered(await fake.slash(bob, "clans new", channel=thread))
    assert custom_ids(message_with(fake, "clans:join:", thread))[0] == "clans:join:2"
    assert len(public_messages(fake)) == 1


async def test_join_and_leave_commands_update_the_lobby_message(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    await fake.slash(alice, "clans new")
    joined = answered(await fake.slash(bob, "clans join"))
    assert joined.response is not None and joined.response.ephemeral
    assert joined.response.content == "You joined game #1."
    assert mention(bob) in lobby_players(fake) and "(2/4)" in lobby_players(fake)
    refused(await fake.slash(bob, "clans join"), "already in this game")
    left = answered(await fake.slash(bob, "clans leave"))
    assert left.response is not None and left.response.ephemeral and left.response.content == "You left game #1."
    assert mention(bob) not in lobby_players(fake)
    refused(await fake.slash(bob, "clans leave"), "not in this game")
    refused(await fake.slash(alice, "clans leave"), "You are the host", "/clans cancel")


async def test_join_and_leave_buttons_edit_the_lobby(fake: FakeDiscord, database_target: str) -> None:
    await start_bot(fake, database_target)
    alice, bob, carol = users(fake, 3)
    await fake.slash(alice, "clans new")
    message = lobby(fake)
    join = answered(await fake.click(bob, message, "clans:join:1"))
    assert join.response is not None and join.response.callback_type == 7  # the lobby message itself changes
    assert mention(bob) in lobby_players(fake)
    refused(await fake.click(bob, message, "clans:join:1"), "already in this game")
    answered(await fake.click(carol, message, "clans:join:1"))
    leave = answered(await fake.click(bob, message, "clans:leave:1"))
    assert leave.response is not None and leave.response.callback_type == 7
    assert mention(bob) not in lobby_players(fake) and mention(carol) in lobby_players(fake)
    refused(await fake.click(bob, message, "clans:leave:1"), "not in this game")
    refused(await fake.click(alice, message, "clans:leave:1"), "You are the host")


async def test_a_lobby_holds_at_most_four(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    players = users(fake, 5)
    await fake.slash(players[0], "clans new")
    for guest in players[1:4]:
        answered(await fake.slash(guest, "clans join"))
    refused(await fake.slash(players[4], "clans join"), "already has 4 players")
    refused(await fake.click(players[4], lobby(fake), "clans:join:1"), "already has 4 players")
    refused(await fake.slash(players[0], "clans addbot"), "already has 4 players")


async def test_only_the_host_starts_and_only_with_two_to_four(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    await fake.slash(alice, "clans new")
    refused(await fake.slash(alice, "clans start"), "needs 2 to 4 players", "has 1")
    refused(await fake.click(alice, lobby(fake), "clans:start:1"), "needs 2 to 4 players")
    await fake.slash(bob, "clans join")
    refused(await fake.slash(bob, "clans start"), "Only the host can start")
    refused(await fake.click(bob, lobby(fake), "clans:start:1"), "Only the host can start")
    assert (await fake.bot.store.get_game(1)).status == "lobby"  # type: ignore[union-attr]


async def test_start_command_posts_the_board_and_deals_clans_by_dm(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[7])
    alice, bob, carol = users(fake, 3)
    await fake.slash(alice, "clans new")
    await fake.slash(bob, "clans join")
    await fake.slash(carol, "clans join")
    started = answered(await fake.slash(alice, "clans start"))
    [announcement] = [s for s in started.posts if s.files]
    assert not announcement.ephemeral
    assert "Clans game #1 has started!" in announcement.content
    # A new message (not the follow-up filling a "thinking…" answer): every player is notified, in the channel.
    started_post = fake.message(int(announcement.message["id"]))  # type: ignore[index]
    assert all(started_post in fake.notified(p.id) for p in (alice, bob, carol))
    assert started.response is not None and started.response.ephemeral
    assert all(mention(p) in announcement.content for p in (alice, bob, carol))
    assert announcement.files[0][0] == "board.png" and announcement.files[0][1].startswith(PNG_MAGIC)
    table = await peek(bot, 1)
    assert f"<@{table.mover.user_id}> moves first" in announcement.content
    for seat, person in enumerate((alice, bob, carol)):
        [dm] = fake.dms(person.id)
        clan = table.state.clans[seat]
        assert clan.label.capitalize() in embed_text(dm["embeds"]) and "Your secret clan" in embed_text(dm["embeds"])
    # The lobby is closed: its buttons are disabled and it says the game started.
    message = lobby(fake)
    assert all(c.get("disabled") for c in message["components"][0]["components"])
    assert "This game has started." in embed_text(message["embeds"])
    refused(await fake.slash(carol, "clans join"), "already started")
    refused(await fake.slash(alice, "clans start"), "already started")


async def test_start_button_works_once(fake: FakeDiscord, database_target: str) -> None:
    bot = await start_bot(fake, database_target)
    alice, bob = users(fake, 2)
    await fake.slash(alice, "clans new")
    await fake.slash(bob, "clans join")
    message = message_with(fake, "clans:start:")
    started = answered(await fake.click(alice, message, "clans:start:1"))
    assert started.response is not None and started.response.callback_type == 7
    [post] = [p for p in started.posts if "has started" in p.content and p.files]
    assert {alice.id, bob.id} <= set(started.notified)
    assert post.message is not None and post.message in fake.notified(alice.id)
    assert (await bot.store.get_game(1)).status == "running"  # type: ignore[union-attr]
    assert len(fake.dms(alice.id)) == len(fake.dms(bob.id)) == 1
    # A stale client still showing the enabled button: the second start is refused, nothing is dealt again.
    again = await raw_component(fake, alice, message, "clans:start:1")
    refused(again, "already started")
    assert len(fake.dms(alice.id)) == 1


async def test_addbot_seats_named_ai_players(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    await fake.slash(alice, "clans new")
    added = answered(await fake.slash(alice, "clans addbot", {"level": "hard"}))
    assert added.response is not None and added.response.ephemeral
    hard = ai_rating(*game("clans").ai_ratings["hard"])
    assert added.response.content == f"AI (hard, rating {hard}) joined game #1."
    answered(await fake.slash(alice, "clans addbot"))  # default level
    answered(await fake.slash(alice, "clans addbot", {"level": "hard"}))
    players = lobby_players(fake)
    assert "**AI (hard)**" in players and "**AI (normal)**" in players and "**AI (hard) 2**" in players
    assert "(4/4)" in players
    refused(await fake.slash(bob, "clans addbot"), "Join the game first")


async def test_lobby_commands_without_a_game_are_refused(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    [alice] = users(fake, 1)
    for command in ("clans join", "clans leave", "clans start", "clans addbot"):
        refused(await fake.slash(alice, command), "There is no game in this channel", "/clans new")
