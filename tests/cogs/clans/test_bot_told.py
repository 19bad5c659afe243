"""What each move told the table (issue: a picture per player of how readable their clan was, move by move),
through the real command tree: the result post of a finished game of every player count carries the picture, whose
lines end at the revealed clans' probabilities of the final reading; nothing of it exists before the end; the
private "how readable am I" answers only its asker and names only their own clan; the finished game's web page
shows the picture; its history numbers each line once."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    by_id,
    cog,
    every_interaction_answered,  # noqa: F401
    open_game,
    peek,
    play_game,
    play_turn,
    public_messages,
    public_record,
    random_picker,
    refused,
    start_bot,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord, FakeUser
from fakediscord_payloads import visible_text
from PIL import Image

from ai.clans.told import readings
from bot import GameBot
from engine.clans import Clan, parse_action
from texts import texts
from texts.clans.terms import clan_name

WEB = {"web_host": "127.0.0.1", "web_port": 0}
AI_SEATS = {2: ["easy"], 3: ["easy", "normal"], 4: ["easy", "normal", "easy"]}


async def fetch(bot: GameBot, path: str) -> tuple[int, bytes]:
    assert bot.web is not None
    async with aiohttp.ClientSession() as session, session.get(bot.web.address + path) as response:
        return response.status, await response.read()


def final_post(fake: FakeDiscord) -> tuple[str, list[bytes]]:
    """The result as it stands: posted at once with the final board, its reading edited in once worked out."""
    message = next(m for m in public_messages(fake, fake.channel) if m["content"].startswith("Game over!"))
    return "\n".join(visible_text(message)), [blob for _, blob in fake.messages[int(message["id"])].files]


BLIND_AT = pytest.mark.backend_blind(
    "the picture and its words for more players; storing it on PostgreSQL is the [2] case's"
)


@pytest.mark.parametrize("players", [2, pytest.param(3, marks=BLIND_AT), pytest.param(4, marks=BLIND_AT)])
async def test_the_result_post_shows_what_each_move_told_ending_at_the_final_reading(
    fake: FakeDiscord, tmp_path: Path, players: int
) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[40 + players], **WEB)
    [alice] = users(fake, 1)
    game = await open_game(fake, [alice], ai=AI_SEATS[players])
    await play_game(fake, bot, game, by_id(alice), random_picker(players))
    text, files = final_post(fake)
    assert f"told-{game}.png" in text and len(files) == 2  # the final board, and the picture beside it
    picture = Image.open(io.BytesIO(files[1]))
    assert picture.format == "PNG" and picture.width == 800

    told = await bot.services["clans"].told(game)
    table = await peek(bot, game)
    moves = await stored_moves(bot, game)
    start = bot.services["clans"].start_view(await bot.services["clans"]._load(game))
    final = readings(start, [parse_action(m.action) for m in moves])[-1]  # the reader, worked out again here
    assert [s.clan for s in told.seats] == list(table.state.clans)  # the revealed clans, each seat's own
    for seat in told.seats:
        assert seat.points[-1] == (len(moves), pytest.approx(final[seat.seat][seat.clan], abs=1e-6))
        assert seat.points[0] == (0, pytest.approx(0.2))  # chance, before anyone moved
    t = texts("en", "clans")
    for seat in told.seats:
        verdict = f"given away at move {seat.given_away}" if seat.given_away else "kept hidden"
        assert f"{clan_name(t, seat.clan)}, {verdict}" in files_description(fake, game)
    assert await bot.store.kept_told(game) is not None  # worked out once, kept with the game
    await the_page_shows_the_picture_and_numbers_each_line_once(fake, bot, game, alice)


def files_description(fake: FakeDiscord, game: int) -> str:
    """The picture's words, as its attachment's description (for screen readers and the post's text)."""
    for call in fake.calls:
        for attachment in (call.json or {}).get("attachments", []) if isinstance(call.json, dict) else []:
            if attachment.get("filename") == f"told-{game}.png":
                return str(attachment.get("description", ""))
    raise AssertionError("no picture was posted")


async def test_nothing_of_it_exists_before_the_end_and_a_player_asks_only_about_their_own_clan(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[7], **WEB)
    alice, bob, carol = users(fake, 3)
    game = await open_game(fake, [alice, bob])
    for _ in range(4):
        await play_turn(fake, bot, game, by_id(alice, bob))
    assert await bot.store.kept_told(game) is None
    assert not any("told-" in text for text, _ in public_record(fake, fake.channel))
    record = await bot.services["clans"].record(game)
    status, page = await fetch(bot, f"/g/{record.web_token}")
    assert status == 200 and b'class="picture"' not in page
    assert (await fetch(bot, f"/g/{record.web_token}/picture.en.png"))[0] == 404

    table = await peek(bot, game)
    t = texts("en", "clans")
    for person in (alice, bob):  # on their own turn and on the other's: only their own clan, only to them
        seat = table.record.seat_of(person.id)
        assert seat is not None
        own = table.state.clans[seat.seat]
        before = len(public_record(fake, fake.channel))
        shown = answered(await fake.slash(person, "clans readable"))
        assert all(f.ephemeral for f in shown.followups) and shown.followups
        said = shown.followups[0].text
        assert re.match(r"🕵️ A reader of this game would (guess|rank) your clan, (\w+), ", said)
        named = [c for c in Clan if re.search(rf"\b{clan_name(t, c)}\b", said)]
        assert named == [own]
        assert len(public_record(fake, fake.channel)) == before  # nothing public
    refused(await fake.slash(carol, "clans readable"), "You are not playing in this game")
    assert await bot.store.kept_told(game) is None


async def the_page_shows_the_picture_and_numbers_each_line_once(
    fake: FakeDiscord, bot: GameBot, game: int, alice: FakeUser
) -> None:
    """The finished game's web page shows the picture, in each language; its history numbers each line once; the
    private question has no running game left to ask about."""
    await cog(bot).ai.idle()
    record = await bot.services["clans"].record(game)
    status, page = await fetch(bot, f"/g/{record.web_token}")
    html = page.decode()
    assert status == 200 and '<section class="picture"><h2>What each move told</h2>' in html
    assert f'src="/g/{record.web_token}/picture.en.png?v=' in html
    status, png = await fetch(bot, f"/g/{record.web_token}/picture.de.png")
    assert status == 200 and Image.open(io.BytesIO(png)).width == 800
    lines = re.findall(r'<span class="n">(\d+)</span> ([^<]*)</a>', html)
    assert lines and all(not re.match(r"\d+\.", text.strip()) for _, text in lines[1:])  # "22 Chiara 26 → 16"
    refused(await fake.slash(alice, "clans readable"), "")  # no running game here any more


async def test_the_result_is_posted_before_the_workers_read_it(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The result (final board, scores, every player pinged) is posted at once; what the AI's workers work out for
    it (each AI's guesses, the picture of what each move told) is edited in after it: workers busy with other
    games' decisions for seconds never hold a finished game's result back."""
    bot = await start_bot(fake, tmp_path, seeds=[42], **WEB)
    [alice] = users(fake, 1)
    game = await open_game(fake, [alice], ai=["easy"])
    service = bot.services["clans"]
    asked: list[tuple[str, bool]] = []  # each reading asked for, and whether the result was posted by then
    for name in ("told", "ai_guesses"):
        real = getattr(service, name)

        async def watched(*args: object, real: Any = real, name: str = name) -> object:
            posted = any(m["content"].startswith("Game over!") for m in public_messages(fake, fake.channel))
            asked.append((name, posted))
            return await real(*args)

        monkeypatch.setattr(service, name, watched)
    await play_game(fake, bot, game, by_id(alice), random_picker(3))
    assert {name for name, _ in asked} == {"told", "ai_guesses"}
    assert all(posted for _, posted in asked), asked
    text, files = final_post(fake)  # the reading is there, in the same message
    assert f"told-{game}.png" in text and len(files) == 2 and "What AI (easy) thought" in text
    results = [m for m in public_messages(fake, fake.channel) if m["content"].startswith("Game over!")]
    assert len(results) == 1 and results[0] in fake.notified(alice.id)
