"""Secret clans: only by DM or ephemeral reply; nothing public gives them away before the end."""

from __future__ import annotations

import io
import re
from datetime import timedelta
from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    bot_errors,
    by_id,
    cog,
    embed_text,
    every_interaction_answered,  # noqa: F401
    first_picker,
    open_game,
    order_seeking_picker,
    peek,
    play_game,
    play_turn,
    public_record,
    refused,
    start_bot,
    users,
)
from fakediscord import FakeDiscord
from PIL import Image

import engine.clans
import service.clans.replays
from engine.clans import Board, Clan, GameState, new_game
from service.pace import ManualClock
from texts import texts
from texts.clans.game import clan_label as worded_clan_label

pytestmark = pytest.mark.backend_blind("what the public posts say, whatever the clans: the same rows on either backend")


def clan_label(clan: Clan) -> str:
    return worded_clan_label(texts("en"), clan)


CLAN_WORDS = [clan.label for clan in Clan]


async def test_each_player_gets_their_clan_by_dm_and_with_myclan(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[8])
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob], ai=["easy"])
    table = await peek(bot, 1)
    for seat, person in enumerate((alice, bob)):
        clan = table.state.clans[seat]
        [dm] = fake.dms(person.id)
        assert embed_text(dm["embeds"]).startswith(f"Your secret clan: {clan_label(clan)}")
        shown = answered(await fake.slash(person, "clans myclan")).response
        assert shown is not None and shown.ephemeral
        assert f"Your secret clan: {clan_label(clan)}" in embed_text(shown.embeds)
    assert fake.dms(fake.bot_user.id) == []  # nobody to DM for the AI seat
    refused(await fake.slash(fake.user(200, "eve"), "clans myclan"), "You are not playing in this game")


async def test_closed_dms_get_a_public_notice_without_any_clan_hint(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob, carol = users(fake, 3)
    fake.close_dms(bob.id)
    fake.close_dms(carol.id)
    await open_game(fake, [alice, bob, carol])
    assert fake.dms(bob.id) == [] and fake.dms(carol.id) == [] and len(fake.dms(alice.id)) == 1
    notice = next(m for m in fake.channel_messages() if "could not DM" in m["content"])
    assert notice["content"] == "I could not DM <@102>, <@103>: use `/clans myclan` here to see your secret clan."
    assert not notice["embeds"] and not notice["attachments"]
    assert not any(word in notice["content"].lower() for word in CLAN_WORDS)
    table = await peek(bot, 1)
    shown = answered(await fake.slash(bob, "clans myclan")).response
    assert shown is not None and shown.ephemeral
    assert clan_label(table.state.clans[1]) in embed_text(shown.embeds)
    assert not bot_errors(fake)


def _dealing(shift: int):  # type: ignore[no-untyped-def]
    """new_game, with every seat's clan rotated by ``shift``: the same board, a different secret deal."""

    def dealt(players: int, seed: int, board: Board | None = None) -> GameState:
        state = new_game(players, seed, board)
        state.clans = tuple(Clan((clan + shift) % len(Clan)) for clan in state.clans)
        return state

    return dealt


async def test_public_output_before_the_end_is_the_same_whatever_the_clans(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The strongest scan: two games, same seed and same moves, different secret clans.

    Every public text and image up to the final reveal must be identical, so nothing public depends on who
    holds which clan. The final message then does reveal them.
    """
    bot = await start_bot(fake, tmp_path, seeds=[13, 13])
    alice, bob, carol = users(fake, 3)
    people = by_id(alice, bob, carol)
    records = []
    deals = []
    histories: list[str] = []
    for game_id, shift in ((1, 0), (2, 2)):
        channel = fake.text_channel(910 + game_id)
        monkeypatch.setattr(engine.clans, "new_game", _dealing(shift))  # what the lobby deals with (the registry)
        await open_game(fake, [alice, bob, carol], channel=channel)
        deals.append((await peek(bot, game_id)).state.clans)
        for _ in range(12):
            await play_turn(fake, bot, game_id, people, first_picker, channel=channel)
        # Anyone may read a running game's history: it must not depend on the deal either.
        shown = answered(await fake.slash(alice, "clans history", channel=channel)).response
        assert shown is not None
        histories.append(re.sub(r"#\d+", "#N", embed_text(shown.embeds)))
        await play_game(fake, bot, game_id, people, order_seeking_picker(5), channel=channel)
        record = public_record(fake, channel)
        final = next(i for i, (text, _) in enumerate(record) if text.startswith("Game over!"))
        # The deadlines (timestamp markup, from the clock) differ between the two runs, as their game numbers do.
        shown = [(re.sub(r"<t:\d+:", "<t:T:", re.sub(r"#\d+", "#N", text)), files) for text, files in record[:final]]
        records.append((shown, record[final]))
    assert deals[0] != deals[1] and set(deals[0]) != set(deals[1])
    (before_1, final_1), (before_2, final_2) = records
    assert len(before_1) > 20
    # The scan covers the village-order menus (every option's outcome) and their edited "choose…" texts.
    shown = "\n".join(text for text, _ in before_1)
    assert " first → " in shown and "in that order." in shown
    assert [text for text, _ in before_1] == [text for text, _ in before_2]
    assert histories[0] == histories[1] and histories[0].count("\n") >= 10
    assert any("Since your last move:" in text for text, _ in before_1)  # the catch-up is in the scan
    assert [files for _, files in before_1] == [files for _, files in before_2]  # board images too
    # The reveal names each player's clan, and so differs.
    for final, deal in ((final_1, deals[0]), (final_2, deals[1])):
        assert all(clan_label(clan) in final[0] for clan in deal)
    assert final_1[0] != final_2[0]
    # The replays: every frame but the last (the reveal) is the same whatever the clans.
    replays = []
    for game_id, shift, asker in ((1, 0, alice), (2, 2, bob)):  # two members: each has a replay cooldown
        monkeypatch.setattr(service.clans.replays, "new_game", _dealing(shift))  # replayed with the same secret deal
        posted = answered(
            await fake.slash(asker, "clans replay", {"game": game_id}, channel=fake.channels[910 + game_id])
        )
        [public] = posted.followups
        replays.append(gif_frames(public.files[0][1]))
    assert len(replays[0]) == len(replays[1]) > 20
    assert replays[0][:-1] == replays[1][:-1]
    assert replays[0][-1] != replays[1][-1]


def gif_frames(gif: bytes) -> list[bytes]:
    frames = []
    with Image.open(io.BytesIO(gif)) as image:
        for index in range(image.n_frames):
            image.seek(index)
            frames.append(image.convert("RGB").tobytes())
    return frames


async def test_no_public_line_ties_a_player_to_a_clan(fake: FakeDiscord, tmp_path: Path) -> None:
    """A plain scan of everything public during a game with AI seats, DMs closed and a resignation."""
    bot = await start_bot(fake, tmp_path, seeds=[17])
    alice, bob, carol = users(fake, 3)
    fake.close_dms(carol.id)
    await open_game(fake, [alice, bob, carol], ai=["normal"])
    table = await peek(bot, 1)
    quitter = by_id(alice, bob, carol)[table.mover.user_id]  # type: ignore[index]
    answered(await fake.slash(quitter, "clans resign"))
    await fake.slash(alice, "clans status")
    await fake.slash(bob, "clans board")
    for _ in range(10):
        await play_turn(fake, bot, 1, by_id(alice, bob, carol), first_picker)
    history = answered(await fake.slash(carol, "clans history")).response
    assert history is not None and history.ephemeral
    await play_game(fake, bot, 1, by_id(alice, bob, carol), first_picker)
    public = fake.all_public_text()
    before_end = public[: public.index("Game over!")]
    names = [p.name for p in (alice, bob, carol)] + [f"<@{p.id}>" for p in (alice, bob, carol)] + ["AI (normal)"]
    for line in before_end.splitlines() + embed_text(history.embeds).splitlines():
        lowered = line.lower()
        assert "your clan" not in lowered and "secret clan:" not in lowered and "holds" not in lowered
        if any(name in line for name in names):
            assert not any(word in lowered for word in CLAN_WORDS), line
    # Error texts are public-safe too: nothing was logged as an unexpected error.
    assert not bot_errors(fake)


async def test_autopilot_and_reminder_messages_tie_nobody_to_a_clan(fake: FakeDiscord, tmp_path: Path) -> None:
    """Timeouts played by the autopilot (which knows the seat's clan), reminders and away notes: the same scan."""
    clock = ManualClock()
    bot = await start_bot(fake, tmp_path, seeds=[19], now=clock)
    cog(bot).clock.stop()  # this test drives the ticks
    alice, bob, carol = users(fake, 3)
    answered(await fake.slash(alice, "clans new", {"pace": "fast"}))
    for person in (bob, carol):
        answered(await fake.slash(person, "clans join"))
    answered(await fake.slash(alice, "clans start"))
    for _ in range(12):  # everybody sleeps: reminders, timeouts, then all three seats away
        for minutes in (30, 25, 5):  # half time, last call, deadline
            clock.advance(timedelta(minutes=minutes))
            await cog(bot).clock.tick()
    table = await peek(bot, 1)
    assert all(seat.away for seat in table.record.seats) or table.state.over
    await play_game(fake, bot, 1, by_id(alice, bob, carol), first_picker)
    public = fake.all_public_text()
    assert public.count("⏰") >= 9 and "half your time" in public and "Last call" in public
    before_end = public[: public.index("Game over!")]
    names = [p.name for p in (alice, bob, carol)] + [f"<@{p.id}>" for p in (alice, bob, carol)]
    for line in before_end.splitlines():
        lowered = line.lower()
        assert "your clan" not in lowered and "secret clan:" not in lowered and "holds" not in lowered
        if any(name in line for name in names):
            assert not any(word in lowered for word in CLAN_WORDS), line
    assert not bot_errors(fake)
