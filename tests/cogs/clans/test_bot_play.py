"""Playing: /clans move (and its autocomplete), board, status, rules, help, resign, cancel, a whole game."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import discord
from botkit import (
    DUE,
    ORDER_SEED,
    PNG_MAGIC,
    Peek,
    answered,
    bot_errors,
    by_id,
    due,  # every_interaction_answered: autouse, checks each test
    embed_text,
    every_interaction_answered,  # noqa: F401
    mention,
    open_game,
    peek,
    play_game,
    play_turn,
    public_messages,
    random_picker,
    refused,
    refused_meanwhile,
    start_bot,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord, InteractionResult

from cogs.clans.panel_text import FREE_ORDER
from engine.clans import Move, legal_moves, move_foundings
from texts import texts
from texts.clans.symbols import CLAN_MARK
from texts.reasons import end_reason


def a_move(table: Peek) -> Move:
    return legal_moves(table.state)[0]


async def test_a_whole_game_from_new_to_the_final_reveal(fake: FakeDiscord, database_target: str) -> None:
    bot = await start_bot(fake, database_target, seeds=[11])
    alice, bob, carol = users(fake, 3)
    game_id = await open_game(fake, [alice, bob, carol])
    moves_seen: list[str] = []
    boards: list[bytes] = []
    catch_ups: list[bool] = []

    def check_announcement(result: InteractionResult) -> None:
        [public] = [s for s in result.posts if s.files]
        assert not public.ephemeral
        assert public.files[0][0] == "board.png" and public.files[0][1].startswith(PNG_MAGIC)
        assert re.fullmatch(
            rf"({re.escape(FREE_ORDER)}\n)?"
            rf"<@\d+>, (your move · {DUE}\.(\nSince your last move:(\n.+)+)?"
            rf"|choose which village is founded next · {DUE}:)"
            r"|Game over!.*",
            public.content,
        ), public.content
        # Exactly who the post names on its first line is notified: the next mover, or at the end every player.
        named = public.content.removeprefix(FREE_ORDER + "\n").splitlines()[0]  # (after a settled order's notice)
        assert result.notified == [int(n) for n in re.findall(r"<@(\d+)>", named)]
        catch_ups.append("Since your last move:" in public.content)
        moves_seen.append(embed_text(public.embeds))
        boards.append(public.files[0][1])

    final = await play_game(
        fake, bot, game_id, by_id(alice, bob, carol), random_picker(3), on_action=check_announcement
    )
    assert final is not None
    table = await peek(bot, game_id)
    assert table.record.status == "finished" and table.state.over
    assert len(await stored_moves(bot, game_id)) == table.state.ply
    # Every move was announced publicly: who moved what, and the next player was mentioned.
    assert all(("moved" in t or "founded the village" in t) for t in moves_seen)
    assert len(set(boards)) > len(boards) // 2  # the image follows the game
    assert sum(catch_ups) > len(catch_ups) // 2  # with three players, the ping tells the move in between
    # The final message: every clan revealed, each total, the winner(s), the final board.
    [last] = [s for s in final.posts if s.files]
    assert last.content.startswith("Game over!")
    assert all(mention(p) in last.content for p in (alice, bob, carol))
    reveal = embed_text(last.embeds)
    result = table.view.result
    assert result is not None
    assert f"Game #{game_id} is over — {end_reason(texts('en'), result.reason)}" in reveal
    for seat, name in enumerate(("alice", "bob", "carol")):
        clan = result.clans[seat]
        line = (
            f"{clan.label.capitalize()} {CLAN_MARK[clan]}: {result.clan_scores[clan]} + {result.chips[seat]} "
            f"chip{'s' if result.chips[seat] != 1 else ''}"
            f" = **{result.totals[seat]}**"
        )
        assert name in reveal and line in reveal
    winners = [("alice", "bob", "carol")[s] for s in result.winners]
    assert "wins!" in reveal or "Shared win" in reveal
    assert all(f"{w} 🏆" in reveal for w in winners)
    assert last.files[0][0] == "board.png" and last.files[0][1].startswith(PNG_MAGIC)
    assert last.files[0][1] not in boards[:-1] and not bot_errors(fake)
    # The channel is free again; the game is over for its players.
    refused(await fake.slash(alice, "clans move", {"from": 1, "to": 2}), "There is no game in this channel")
    answered(await fake.slash(bob, "clans new"))


async def test_each_move_mentions_the_next_player(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[5])
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    table = await peek(bot, 1)
    first = by_id(alice, bob)[table.mover.user_id]  # type: ignore[index]
    second = bob if first is alice else alice
    move = a_move(table)
    result = answered(await fake.slash(first, "clans move", {"from": move.src, "to": move.dst}))
    # Deferred (the render is slow), privately: the table reads the move in a new message, which notifies.
    assert result.response is not None and result.response.callback_type == 5 and result.response.ephemeral
    assert result.followups == [] and result.calls[-1].method == "DELETE"  # the private "thinking…" is gone
    [announcement] = result.posts
    assert not announcement.ephemeral
    deadline = (await peek(bot, 1)).record.deadline_at
    assert announcement.content == f"{mention(second)}, your move · {due(deadline)}."
    assert result.notified == [second.id]
    title = announcement.embeds[0]["title"]
    assert title.startswith(f"Game #1 — move 1: {first.name} moved {move.src} → {move.dst}")
    assert announcement.embeds[0]["image"]["url"] == "attachment://board.png"
    assert "Epoch 1" in announcement.embeds[0]["footer"]["text"]
    assert [m.action for m in await stored_moves(bot, 1)] == [move.text]


async def test_wrong_turn_is_refused_with_whose_turn_it_is(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    table = await peek(bot, 1)
    waiting = bob if table.mover.user_id == alice.id else alice
    move = a_move(table)
    refused(
        await fake.slash(waiting, "clans move", {"from": move.src, "to": move.dst}),
        f"It is <@{table.mover.user_id}>'s turn",
    )
    assert await stored_moves(bot, 1) == []


async def test_illegal_moves_get_the_engine_sentence_and_change_nothing(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[7])
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    table = await peek(bot, 1)
    mover = by_id(alice, bob)[table.mover.user_id]  # type: ignore[index]
    board = table.state.board
    far = next(t for t in range(2, board.size + 1) if not board.adjacent(1, t))
    cases = {
        (1, 99): f"There is no territory 99: the map has 1 to {board.size}",
        (0, 5): "There is no territory 0",
        (-3, 5): "There is no territory -3",
        (1, far): f"1 and {far} are not neighbours",
        (4, 4): "Choose two different territories",
    }
    before = await stored_moves(bot, 1)
    for (src, dst), sentence in cases.items():
        refused(await fake.slash(mover, "clans move", {"from": src, "to": dst}), sentence)
    # An emptied territory, after a real move.
    move = a_move(table)
    answered(await fake.slash(mover, "clans move", {"from": move.src, "to": move.dst}))
    other = bob if mover is alice else alice
    neighbour = board.neighbours[move.src][0]
    before = await stored_moves(bot, 1)
    refused(
        await fake.slash(other, "clans move", {"from": move.src, "to": neighbour}), f"Territory {move.src} is empty"
    )
    assert await stored_moves(bot, 1) == before
    assert (await peek(bot, 1)).state.ply == 1


async def test_non_members_cannot_act(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob, eve = users(fake, 3)
    await open_game(fake, [alice, bob])
    move = a_move(await peek(bot, 1))
    refused(await fake.slash(eve, "clans move", {"from": move.src, "to": move.dst}), "You are not playing in this game")
    refused(await fake.slash(eve, "clans resign"), "You are not playing in this game")
    refused(await fake.slash(eve, "clans myclan"), "You are not playing in this game")
    assert await stored_moves(bot, 1) == []
    # Watching is allowed: board and status are only shown to the asker.
    assert answered(await fake.slash(eve, "clans status")).response.ephemeral  # type: ignore[union-attr]


async def test_autocomplete_offers_legal_sources_then_destinations(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    assert await fake.autocomplete(alice, "clans move", "from", {"from": ""}) == []  # no game here
    await open_game(fake, [alice, bob])
    table = await peek(bot, 1)
    legal = legal_moves(table.state)
    sources = sorted({m.src for m in legal})
    assert len(sources) > 25, "more territories can move than Discord shows"
    offered = await fake.autocomplete(alice, "clans move", "from", {"from": ""})
    # Nothing founds a village yet: the largest groups first, each label saying how many huts.
    assert len(offered) == 25 and {c["value"] for c in offered} <= set(sources)
    sizes = [table.view.count(c["value"]) for c in offered]
    assert sizes == sorted(sizes, reverse=True)
    first = offered[0]
    terrain = table.state.board.terrain[first["value"]].label
    assert first["name"] == f"{first['value']} · {sizes[0]} hut{'s' if sizes[0] != 1 else ''}, {terrain}"
    typed = str(sources[-1])[0]
    by_prefix = await fake.autocomplete(alice, "clans move", "from", {"from": typed})
    assert [c["value"] for c in by_prefix] == [t for t in sources if str(t).startswith(typed)][:25]
    src = sources[0]
    targets = await fake.autocomplete(alice, "clans move", "to", {"from": src, "to": ""})
    assert sorted(c["value"] for c in targets) == [m.dst for m in legal if m.src == src]
    assert await fake.autocomplete(alice, "clans move", "to", {"to": ""}) == []


async def test_autocomplete_offers_village_founding_moves_first(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[ORDER_SEED])
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    players = by_id(alice, bob)
    pick = random_picker(0)
    for _ in range(80):  # play on until a hut move would found a village
        table = await bot.services["clans"].table(1)
        foundings = move_foundings(table.view)
        if any(foundings.values()):
            break
        await play_turn(fake, bot, 1, players, pick)
    founding_sources = {m.src for m, f in foundings.items() if f}
    assert founding_sources, "some move founds a village"
    offered = await fake.autocomplete(bob, "clans move", "from", {"from": ""})
    leading = offered[: len(founding_sources)]
    assert {c["value"] for c in leading} == founding_sources
    assert all(" · would found " in c["name"] for c in leading)
    assert not any("would found" in c["name"] for c in offered[len(founding_sources) :])
    # The destinations of such a source: the founding ones first, saying where the village would be.
    src = leading[0]["value"]
    targets = await fake.autocomplete(bob, "clans move", "to", {"from": src, "to": ""})
    move, founds = next((m, f) for m, f in foundings.items() if m.src == src and f)
    [shown] = [c for c in targets if c["value"] == move.dst]
    assert f"would found {'a village' if len(founds) == 1 else f'{len(founds)} villages'} at " in shown["name"]
    assert all(str(t) in shown["name"] for t in founds)
    assert "would found" in targets[0]["name"]


async def test_board_status_rules_and_help_answer_only_the_asker(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    refused(await fake.slash(alice, "clans board"), "There is no game in this channel")
    refused(await fake.slash(alice, "clans status"), "There is no game in this channel")
    await fake.slash(alice, "clans new")
    lobby_status = answered(await fake.slash(alice, "clans status")).response
    assert lobby_status is not None and lobby_status.ephemeral
    assert "gathering players" in embed_text(lobby_status.embeds)
    refused(await fake.slash(alice, "clans board"), "has not started yet")
    await fake.slash(bob, "clans join")
    await fake.slash(alice, "clans start")
    messages_before = len(public_messages(fake))
    table = await peek(bot, 1)

    board = answered(await fake.slash(bob, "clans board"))
    [shown] = board.followups
    assert shown.ephemeral and shown.files[0][0] == "board.png" and shown.files[0][1].startswith(PNG_MAGIC)

    status = answered(await fake.slash(bob, "clans status")).response
    assert status is not None and status.ephemeral
    text = embed_text(status.embeds)
    assert "Epoch\n1:" in text and "Village chips left\n12" in text and "Move\n1" in text
    assert "Clan scores" in text and all(f"{c.label.capitalize()} {CLAN_MARK[c]}: 0" in text for c in CLAN_MARK)
    assert f"▶ {table.mover.seat + 1}. <@{table.mover.user_id}>" in text
    assert f"<@{table.mover.user_id}> to move" in text

    rules = answered(await fake.slash(bob, "clans rules")).response
    assert rules is not None and rules.ephemeral
    rules_text = embed_text(rules.embeds)
    assert "village" in rules_text and all(f"Epoch {n}" in rules_text for n in range(1, 6))

    help_ = answered(await fake.slash(bob, "clans help")).response
    assert help_ is not None and help_.ephemeral
    for command in (
        "new",
        "join",
        "leave",
        "start",
        "addbot",
        "move",
        "board",
        "status",
        "myclan",
        "resign",
        "cancel",
        "leaderboard",
        "profile",
        "notify",
        "rules",
        "games",
        "history",
    ):
        assert f"/clans {command}" in embed_text(help_.embeds)
    assert "**Play my turn**" in help_.content and "**Show my clan**" in help_.content
    assert len(public_messages(fake)) == messages_before


async def test_two_identical_moves_at_once_apply_once(fake: FakeDiscord, database_target: str) -> None:
    bot = await start_bot(fake, database_target)
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    table = await peek(bot, 1)
    mover = by_id(alice, bob)[table.mover.user_id]  # type: ignore[index]
    move = a_move(table)
    options = {"from": move.src, "to": move.dst}
    messages_before = len(public_messages(fake))
    first, second = await asyncio.gather(
        fake.slash(mover, "clans move", options), fake.slash(mover, "clans move", options)
    )
    answered(first)
    answered(second)
    assert [m.action for m in await stored_moves(bot, 1)] == [move.text]
    assert len(public_messages(fake)) == messages_before + 1
    # Both ran at once, so each saw the one channel post; the duplicate is the one told its move was played.
    already = f"Your move {move.src} → {move.dst} was already played."
    duplicate, applied = (first, second) if already in first.text else (second, first)
    assert already not in applied.text and applied.posts and not applied.posts[0].ephemeral
    refused_meanwhile(duplicate, already)


async def test_resign_ends_a_two_player_game(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    result = answered(await fake.slash(bob, "clans resign"))
    [announcement] = [s for s in result.posts if s.files]
    assert not announcement.ephemeral and announcement.content.startswith("Game over!")
    assert sorted(result.notified) == [alice.id, bob.id]  # everyone who played hears of the end
    reveal = embed_text(announcement.embeds)
    assert "bob resigned" in reveal and "fewer than two players left" in reveal
    assert f"🏆 {mention(alice)} wins!" in reveal and "bob (resigned)" in reveal
    assert (await bot.store.get_game(1)).status == "finished"  # type: ignore[union-attr]
    refused(await fake.slash(bob, "clans resign"), "There is no game in this channel")


async def test_resign_in_a_three_player_game_skips_the_seat(fake: FakeDiscord, database_target: str) -> None:
    bot = await start_bot(fake, database_target, seeds=[3])
    alice, bob, carol = users(fake, 3)
    await open_game(fake, [alice, bob, carol])
    people = by_id(alice, bob, carol)
    table = await peek(bot, 1)
    quitter = people[table.mover.user_id]  # type: ignore[index]
    result = answered(await fake.slash(quitter, "clans resign"))
    [announcement] = result.posts
    assert f"{quitter.name} resigned" in announcement.embeds[0]["title"]
    table = await peek(bot, 1)
    assert table.record.status == "running" and table.mover.user_id != quitter.id
    assert announcement.content == f"<@{table.mover.user_id}>, your move · {due(table.record.deadline_at)}."
    assert result.notified == [table.mover.user_id]
    refused(await fake.slash(quitter, "clans resign"), "The game is over" if table.state.over else "resigned")
    move = a_move(table)
    refused(await fake.slash(quitter, "clans move", {"from": move.src, "to": move.dst}), "turn")
    final = await play_game(fake, bot, 1, people, random_picker(9))
    assert final is not None
    reveal = embed_text(next(s for s in final.posts if s.files).embeds)
    assert f"{quitter.name} (resigned)" in reveal and f"{quitter.name} 🏆" not in reveal


async def test_cancel_by_the_host_after_confirmation(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    asked = answered(await fake.slash(alice, "clans cancel"))
    confirm = asked.response
    assert confirm is not None and confirm.ephemeral and "Cancel game #1?" in confirm.content
    assert (await bot.store.get_game(1)).status == "running"  # type: ignore[union-attr]
    done = answered(await fake.click(alice, confirm.message, "clans:cancel:1"))  # type: ignore[arg-type]
    assert done.response is not None and done.response.callback_type == 7
    assert done.response.content == "Game #1 is cancelled." and done.response.ephemeral
    assert public_messages(fake)[-1]["content"] == f"Game #1 was cancelled by {mention(alice)}."
    assert (await bot.store.get_game(1)).status == "cancelled"  # type: ignore[union-attr]
    assert "cancelled" in embed_text(fake.message(int(public_messages(fake)[0]["id"]))["embeds"])
    refused(await fake.slash(bob, "clans move", {"from": 1, "to": 2}), "There is no game in this channel")
    answered(await fake.slash(bob, "clans new"))  # the channel is free


async def test_cancel_needs_the_host_or_manage_messages(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    moderator = fake.user(
        300,
        "mod",
        permissions=discord.Permissions(manage_messages=True).value
        | discord.Permissions(use_application_commands=True).value,
    )
    await fake.slash(alice, "clans new")
    refused(await fake.slash(bob, "clans cancel"), "Only the host or a member with Manage Messages")
    # A forwarded confirmation button does not help a member without the permission.
    from botkit import raw_component

    asked = answered(await fake.slash(alice, "clans cancel")).response
    assert asked is not None and asked.message is not None
    refused(await raw_component(fake, bob, asked.message, "clans:cancel:1"), "Only the host or a member")
    assert (await bot.store.get_game(1)).status == "lobby"  # type: ignore[union-attr]
    by_mod = answered(await fake.slash(moderator, "clans cancel")).response
    assert by_mod is not None and by_mod.ephemeral
    answered(await fake.click(moderator, by_mod.message, "clans:cancel:1"))  # type: ignore[arg-type]
    assert (await bot.store.get_game(1)).status == "cancelled"  # type: ignore[union-attr]
    # The host's old confirmation is now stale.
    refused(await fake.click(alice, asked.message, "clans:cancel:1"), "cancelled")


def test_strife_is_described_even_when_nobody_loses_a_hut() -> None:
    from engine.clans import Terrain, Village
    from texts import texts
    from texts.clans.game import village_line as worded

    def village_line(v: Village) -> str:
        return worded(texts("en"), v)

    def village(huts: tuple[int, ...]) -> Village:
        return Village(
            number=3,
            territory=51,
            terrain=Terrain.MOUNTAIN,
            epoch=1,
            huts_before=huts,
            huts=tuple(0 if n == 1 else n for n in huts),
            value=0,
            destroyed=False,
            founder=0,
            turn=9,
        )

    assert "Strife! red and green lost their single huts (8 → 6 huts)." in village_line(village((1, 2, 1, 2, 2)))
    assert "Strife! green lost its single hut (9 → 8 huts)." in village_line(village((2, 2, 1, 2, 2)))
    quiet = village_line(village((2, 2, 3, 2, 5)))
    assert "lost" not in quiet and "none has a single hut to lose" in quiet
