"""The one error path: bad input gets a short ephemeral sentence, bugs an apology and a log line, never silence."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    ORDER_SEED,
    answered,
    bot_errors,
    by_id,
    cog,
    custom_ids,
    every_interaction_answered,  # noqa: F401
    message_with,
    open_game,
    peek,
    public_messages,
    raw_component,
    reach_order,
    refused,
    start_bot,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord

from cogs.errors import APOLOGY
from engine.clans import legal_moves

CLANS_APOLOGY = APOLOGY.format(command="`/clans status`")

EVERY_COMMAND: dict[str, dict[str, Any]] = {
    "clans new": {},
    "clans join": {},
    "clans leave": {},
    "clans addbot": {"level": "easy"},
    "clans start": {},
    "clans move": {"from": 23, "to": 24},
    "clans board": {},
    "clans status": {},
    "clans myclan": {},
    "clans rules": {},
    "clans help": {},
    "clans resign": {},
    "clans cancel": {},
    "clans leaderboard": {},
    "clans profile": {},
    "clans games": {},
    "clans history": {},
}


@pytest.mark.parametrize("phase", ["no game", "lobby", "running", "finished"])
async def test_every_command_is_answered_for_a_stranger(fake: FakeDiscord, tmp_path: Path, phase: str) -> None:
    """Whatever the state of the channel, an outsider's command is answered; all but the boards ephemerally."""
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    if phase != "no game":
        await open_game(fake, [alice, bob], start=phase != "lobby")
    if phase == "finished":
        answered(await fake.slash(bob, "clans resign"))
    eve = fake.user(300, "eve")
    for command, options in EVERY_COMMAND.items():
        if command == "clans new":
            continue
        result = answered(await fake.slash(eve, command, options))
        shown = [s for s in [result.response, *result.followups] if s is not None and (s.content or s.embeds)]
        assert shown, command
        if command not in ("clans leaderboard", "clans profile"):
            assert all(s.ephemeral for s in shown), (command, [s.content for s in shown])
    if phase in ("lobby", "running"):
        refused(await fake.slash(eve, "clans new"), "already has a game")
    else:
        opened = answered(await fake.slash(eve, "clans new")).response
        assert opened is not None and not opened.ephemeral
    if phase in ("lobby", "running"):
        assert await bot.store.moves(1) == []  # the stranger changed nothing
    assert not bot_errors(fake)


async def test_forged_and_stale_components_are_refused(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    await fake.slash(alice, "clans new")
    lobby = message_with(fake, "clans:join:")
    refused(await raw_component(fake, bob, lobby, "clans:join:999"), "That game no longer exists")
    refused(await raw_component(fake, bob, lobby, "clans:start:999"), "That game no longer exists")
    refused(await raw_component(fake, bob, lobby, "clans:cancel:999"), "That game no longer exists")
    refused(await raw_component(fake, bob, lobby, "clans:order:999:4", ["23"]), "That game no longer exists")
    refused(await raw_component(fake, alice, lobby, "clans:order:1:0", ["23"]), "has not started yet")
    await fake.slash(bob, "clans join")
    await fake.slash(alice, "clans start")
    # An order menu for a position long gone, and the menu's placeholder value.
    refused(await raw_component(fake, alice, lobby, "clans:order:1:0", ["0"]))
    forged = refused(await raw_component(fake, alice, lobby, "clans:order:1:7", ["23"]))
    assert "the game moved on" in forged or "'s turn" in forged, forged
    assert not bot_errors(fake)


async def test_a_bug_in_a_command_gets_an_apology_and_a_log_line(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the database caught fire at /secret/path.py line 3")

    monkeypatch.setattr(bot.services["clans"], "my_clan", broken)
    result = answered(await fake.slash(alice, "clans myclan"))
    assert result.response is not None and result.response.ephemeral
    assert result.response.content == CLANS_APOLOGY
    assert "fire" not in fake.all_public_text() and "Traceback" not in result.text
    [record] = bot_errors(fake)
    assert record.exc_info is not None and "clans myclan" in record.getMessage()
    assert f"channel {fake.channel.id}" in record.getMessage()
    fake.logged_errors.clear()


async def test_a_bug_in_a_button_is_logged_with_the_game_id(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    await fake.slash(alice, "clans new")

    async def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("oops")

    monkeypatch.setattr(bot.services["clans"], "join", broken)
    result = answered(await fake.click(bob, message_with(fake, "clans:join:"), "clans:join:1"))
    assert result.response is not None and result.response.ephemeral and result.response.content == CLANS_APOLOGY
    [record] = bot_errors(fake)
    assert "game 1" in record.getMessage()
    fake.logged_errors.clear()


async def test_a_failure_after_the_move_is_committed_is_honest_and_the_game_goes_on(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord fails the move's post after the move is stored: the user is not told 'nothing changed', and the AI
    whose turn it now is still plays."""
    bot = await start_bot(fake, tmp_path, seeds=[33])
    [alice] = users(fake, 1)
    await open_game(fake, [alice], ai=["easy"])
    table = await peek(bot, 1)
    move = legal_moves(table.state)[0]
    fake.fail_next("POST", r"^/channels/\d+/messages$", status=500)
    result = answered(await fake.slash(alice, "clans move", {"from": move.src, "to": move.dst}))
    assert any(s.content == CLANS_APOLOGY and s.ephemeral for s in result.followups)
    assert "Nothing was changed" not in CLANS_APOLOGY
    await cog(bot).ai.idle()
    log = await stored_moves(bot, 1)
    assert log[0].action == move.text and len(log) >= 2  # the AI moved after all
    assert (await peek(bot, 1)).mover.user_id == alice.id
    assert bot_errors(fake)
    fake.logged_errors.clear()


async def test_discord_refusing_a_dm_for_other_reasons_is_not_a_crash(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    await fake.slash(alice, "clans new")
    await fake.slash(bob, "clans join")
    fake.fail_next("POST", r"^/users/@me/channels$", status=500)
    started = answered(await fake.slash(alice, "clans start"))
    assert any("could not DM <@101>" in p.content for p in started.posts)
    assert len(fake.dms(bob.id)) == 1


async def test_select_answers_a_human_move_in_order_phase_only(fake: FakeDiscord, tmp_path: Path) -> None:
    """Answering a stale menu after the choice, or a menu with a territory not pending, changes nothing."""
    bot = await start_bot(fake, tmp_path, seeds=[ORDER_SEED])
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    people = by_id(alice, bob)
    await reach_order(fake, bot, people)
    table = await peek(bot, 1)
    menu = message_with(fake, "clans:order:")
    custom_id, *_ = custom_ids(menu)  # then the turn post's buttons
    not_pending = next(t for t in range(1, 60) if t not in table.state.pending and table.state.counts[t])
    before = len(await stored_moves(bot, 1))
    refused(
        await raw_component(fake, people[table.mover.user_id], menu, custom_id, [str(not_pending)]),  # type: ignore[index]
        "First choose which village is founded next",
    )
    assert len(await stored_moves(bot, 1)) == before


async def test_a_channel_send_failure_is_reported_not_raised(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, _bob = users(fake, 2)
    await fake.slash(alice, "clans new")
    confirm = answered(await fake.slash(alice, "clans cancel")).response
    assert confirm is not None and confirm.message is not None
    fake.fail_next("POST", r"^/channels/\d+/messages$", status=403, code=50013, message="Missing Permissions")
    result = answered(await fake.click(alice, confirm.message, "clans:cancel:1"))
    assert result.response is not None and result.response.content == "Game #1 is cancelled."
    assert (await bot.store.get_game(1)).status == "cancelled"  # type: ignore[union-attr]
    assert public_messages(fake)[-1]["content"] != "Game #1 was cancelled by <@101>."
    fake.logged_errors.clear()  # the missing permission is the operator's to fix: it is logged
