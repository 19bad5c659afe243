"""AI seats: added with /clans addbot, they move on their own, also after a restart."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    bot_errors,
    by_id,
    cog,
    due,
    embed_text,
    every_interaction_answered,  # noqa: F401
    open_game,
    peek,
    play_game,
    public_messages,
    random_picker,
    restart_bot,
    start_bot,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord

from cogs.clans.messages import clan_label
from engine.clans import legal_moves
from texts import texts as catalog


async def test_ai_seats_answer_every_turn_until_the_end(fake: FakeDiscord, database_target: str) -> None:
    bot = await start_bot(fake, database_target, seeds=[31])
    [alice] = users(fake, 1)
    await open_game(fake, [alice], ai=["easy", "normal"])
    table = await peek(bot, 1)
    assert [s.name for s in table.record.seats] == ["alice", "AI (easy)", "AI (normal)"]
    assert table.record.has_ai
    # However the seats were ordered, the AIs have already moved if they came first: it is alice's turn.
    assert table.mover.user_id == alice.id
    final = await play_game(fake, bot, 1, by_id(alice), random_picker(2))
    assert final is not None
    log = await stored_moves(bot, 1)
    assert {m.seat for m in log} == {0, 1, 2}
    assert all(m.user_id is None for m in log if m.seat != 0)
    # Every AI move was announced like a human's (a run of AI moves in one message, each move listed).
    texts = [embed_text(m["embeds"]) for m in public_messages(fake) if m["embeds"]]
    assert any(re.search(r"[Mm]ove \d+: AI \(easy\) moved", t) for t in texts)
    assert any(re.search(r"[Mm]ove \d+: AI \(normal\) moved", t) for t in texts)
    ai_moves = sum(1 for m in log if m.seat != 0 and "-" in m.action)
    listed = sum(len(re.findall(r"[Mm]ove \d+: AI \((easy|normal)\) moved", t)) for t in texts)
    assert listed == ai_moves
    # Each post that hands the turn back to alice is a new message that notified her, and nobody else.
    handed = [m for m in public_messages(fake) if m["content"].startswith(f"<@{alice.id}>, your move")]
    assert handed and all(m in fake.notified(alice.id) for m in handed)
    assert {n.user_id for n in fake.notifications} == {alice.id}
    reveal = embed_text(next(m for m in public_messages(fake) if m["content"].startswith("Game over!"))["embeds"])
    assert "AI (easy)" in reveal and "AI (normal)" in reveal and "alice" in reveal
    # Only now, after the reveal, each AI shows what it believed of every other player's clan.
    final_embed = next(m for m in public_messages(fake) if m["content"].startswith("Game over!"))["embeds"][-1]
    thoughts = {f["name"]: f["value"] for f in final_embed["fields"] if f["name"].startswith("What ")}
    assert set(thoughts) == {"What AI (easy) thought", "What AI (normal) thought"}
    guesses = [line for value in thoughts.values() for line in value.splitlines() if not line.startswith("🕵️")]
    assert len(guesses) == 4
    assert all(line.split(":")[0] in {"alice", "AI (easy)", "AI (normal)"} and line.endswith("%)") for line in guesses)
    assert "alice:" in thoughts["What AI (easy) thought"] and "AI (easy):" not in thoughts["What AI (easy) thought"]
    # And how well each AI hid its own clan: how sure a table reading its moves with its code could have been.
    table = await peek(bot, 1)
    for seat in (1, 2):
        name = table.record.seats[seat].name
        exposure = thoughts[f"What {name} thought"].splitlines()[-1]
        clan = clan_label(catalog("en"), table.state.clans[seat])
        shown = re.fullmatch(
            rf"🕵️ Reading {re.escape(name)}'s moves with its own code, "
            rf"the table could have been (\d+)% sure of {re.escape(clan)}",
            exposure,
        )
        assert shown is not None, exposure
        assert 0 <= int(shown[1]) <= 100
    assert not any(
        "thought" in embed_text(m["embeds"]) or "sure of" in embed_text(m["embeds"]) or "🕵️" in embed_text(m["embeds"])
        for m in public_messages(fake)
        if m["embeds"] and not m["content"].startswith("Game over!")
    )
    assert not any("sure of" in (m["content"] or "") for m in public_messages(fake))
    assert not bot_errors(fake)


@pytest.mark.backend_blind("its storing is test_ai_seats_answer_every_turn_until_the_end[postgres]'s")
async def test_a_game_of_ais_finishes_by_itself(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[32])
    [alice] = users(fake, 1)
    await open_game(fake, [alice], ai=["easy", "normal", "normal"])  # hard's whole game: test_bot_ai_loop.py's
    resigned = answered(await fake.slash(alice, "clans resign"))  # settles only once the AIs are done
    assert resigned.posts and "alice resigned" in resigned.posts[0].embeds[0]["title"]
    await cog(bot).ai.idle()
    table = await peek(bot, 1)
    assert table.state.over and table.record.status == "finished"
    over = [m for m in public_messages(fake) if m["content"].startswith("Game over!")]
    assert len(over) == 1 and over[0]["content"] == "Game over! <@101>"
    assert over[0] in fake.notified(alice.id)  # she resigned, but played: she hears of the end
    results = await bot.store.results(1)
    assert [r.name for r in results] == ["alice", "AI (easy)", "AI (normal)", "AI (normal) 2"]
    assert results[0].resigned and not results[0].winner


async def test_an_ai_continues_after_a_restart(fake: FakeDiscord, database_target: str) -> None:
    bot = await start_bot(fake, database_target, seeds=[33])
    [alice] = users(fake, 1)
    await open_game(fake, [alice], ai=["normal"])
    table = await peek(bot, 1)
    assert table.mover.user_id == alice.id
    # alice's move is committed, then the bot dies before the AI could think (as in a crash).
    await bot.services["clans"].play(1, alice.id, legal_moves(table.state)[0], expected_ply=table.state.ply)
    ply = table.state.ply + 1
    assert (await peek(bot, 1)).mover.user_id is None
    await fake.close()
    messages_before = len(public_messages(fake))

    new_bot = await restart_bot(fake, database_target)
    await cog(new_bot).ai.idle()
    table = await peek(new_bot, 1)
    assert table.state.ply == ply + 1 and table.mover.user_id == alice.id
    # alice's move, committed but never announced before the crash, is announced first; then the AI's.
    caught_up, announcement = public_messages(fake)[messages_before:]
    assert "alice moved" in caught_up["embeds"][0]["title"] and caught_up["content"].startswith("📣 Catching up")
    assert "AI (normal) moved" in announcement["embeds"][0]["title"]
    assert announcement["content"] == f"<@101>, your move · {due(table.record.deadline_at)}."
    assert fake.notified(alice.id)[-1] == announcement
    assert announcement["attachments"][0]["filename"] == "board.png"


async def test_ai_seats_are_not_rated(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[34])
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob], ai=["easy"])
    await play_game(fake, bot, 1, by_id(alice, bob), random_picker(5))
    board = answered(await fake.slash(alice, "clans leaderboard")).response
    assert board is not None
    text = embed_text(board.embeds)
    assert "<@101>" in text and "<@102>" in text and "AI" not in text.replace("Only human players", "")
    assert [row.user_id for row in await bot.store.leaderboard(fake.guild_id, game="clans")] != []
    assert all(row.user_id in (alice.id, bob.id) for row in await bot.store.leaderboard(fake.guild_id, game="clans"))
