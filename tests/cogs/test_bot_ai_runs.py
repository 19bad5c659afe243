"""Less noise: a run of AI moves is one message with one board image, made from a "thinking…" placeholder
that is never left behind."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    cog,
    embed_text,
    every_interaction_answered,  # noqa: F401
    open_game,
    peek,
    public_messages,
    start_bot,
    users,
)
from fakediscord import FakeDiscord

from engine import legal_moves
from service import GameError


async def test_a_run_of_ai_moves_is_one_message_with_one_board(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[41])
    [alice] = users(fake, 1)
    await open_game(fake, [alice], ai=["easy", "easy"])
    await cog(bot).ai.idle()
    table = await peek(bot, 1)
    assert table.mover.user_id == alice.id
    before = len(public_messages(fake))
    calls_before = len(fake.calls)
    move = legal_moves(table.state)[0]
    result = answered(await fake.slash(alice, "clans move", {"from": move.src, "to": move.dst}))
    await cog(bot).ai.idle()
    [own] = result.followups
    assert own.content == "AI (easy) moves next."
    new = public_messages(fake)[before:]
    [run] = [m for m in new if m["id"] != own.call.json.get("id") and "your move" in m["content"]]
    assert run["content"].startswith(f"<@{alice.id}>, your move · 24 h left.")
    text = embed_text(run["embeds"])
    log = await bot.store.moves(1)
    assert [m.user_id for m in log[-3:]] == [alice.id, None, None]
    assert len(re.findall(r"[Mm]ove \d+: AI \(easy\)( 2)? moved", text)) == 2
    # The earlier move listed first, then the last one with the board of the position after it.
    assert len(run["embeds"]) == 2 and run["embeds"][-1]["image"]["url"] == "attachment://board.png"
    assert [a["filename"] for a in run["attachments"]] == ["board.png"]  # one image, after the last move
    # The run's message was the placeholder, edited: posted once, never left saying "thinking…".
    posts = [c for c in fake.calls[calls_before:] if c.method == "POST" and c.path.startswith("/channels/")]
    assert [c.json.get("content") for c in posts] == ["🤔 AI (easy) is thinking…"]
    assert not any("thinking" in m["content"] for m in public_messages(fake))
    assert "🤔 AI (easy) is thinking…" in fake.all_public_text()


async def test_a_run_that_plays_nothing_leaves_no_placeholder(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[41])
    [alice] = users(fake, 1)
    await open_game(fake, [alice], ai=["easy"])
    await cog(bot).ai.idle()
    table = await peek(bot, 1)

    async def refused(*args: object, **kwargs: object) -> None:
        raise GameError("The game moved on.")

    monkeypatch.setattr(bot.games, "ai_turn", refused)
    move = legal_moves(table.state)[0]
    answered(await fake.slash(alice, "clans move", {"from": move.src, "to": move.dst}))
    await cog(bot).ai.idle()
    assert "🤔 AI (easy) is thinking…" in fake.all_public_text()  # it was posted...
    assert not any("thinking" in m["content"] for m in public_messages(fake))  # ...and deleted
    deletes = [c for c in fake.calls if c.method == "DELETE" and c.path.startswith("/channels/")]
    assert len(deletes) == 1
