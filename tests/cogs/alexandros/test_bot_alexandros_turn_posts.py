"""The table sees every turn whole: the public post after a turn names each of its actions with its place, its
cost and what it scored (never a hidden card), for a human playing in their panel, for an AI seat, and for the
autopilot finishing a turn its player began."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    custom_ids,
    every_interaction_answered,  # noqa: F401
    make_bot,
    message_with,
    public_messages,
    select_options,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord, FakeUser

import engine.alexandros as alex
from bot import GameBot
from render.alexandros import render_board
from service.alexandros import AlexandrosService
from service.pace import ManualClock
from store import MoveRecord
from texts import texts
from texts.alexandros.names import region_name, symbol_name

SEED = 2
EN = texts("en")


async def bot_on(fake: FakeDiscord, where: Path, clock: ManualClock | None = None) -> GameBot:
    bot = await make_bot(fake, where, now=clock)
    bot.services["alexandros"] = AlexandrosService(
        bot.store, seed_source=lambda: SEED, now=bot.services["clans"].now, claims=bot.services["clans"].claims
    )  # no pool: the AI thinks in this process
    await fake.start(bot)
    return bot


def walls_built(log: Sequence[MoveRecord], first: int, players: int) -> int:
    """The sides walled by the actions of ``log`` from index ``first`` on (one bit per side), replayed."""
    state = alex.new_game(players, SEED)
    sides = 0
    for index, move in enumerate(log):
        before = state.walls
        alex.apply(state, alex.parse_action(move.action))
        if index >= first:
            sides |= state.walls & ~before
    return sides


def spy_on_boards(bot: GameBot) -> list[int]:
    """The ``new_walls`` of every Alexandros board the bot draws from now on, in order."""
    drawn: list[int] = []
    real = bot.drawing.draw

    async def draw(function: Any, *args: Any, **kwargs: Any) -> Any:
        if function is render_board:
            drawn.append(kwargs.get("new_walls", 0))
        return await real(function, *args, **kwargs)

    bot.drawing.draw = draw  # type: ignore[method-assign]
    return drawn


def expected_phrases(log: Sequence[MoveRecord], names: Sequence[str], first: int, players: int) -> list[str]:
    """What the post must say for each action of ``log`` from index ``first`` on: its kind and place, Alexander's
    card, the cost paid, the score gained, read off the replayed positions (the test's own account)."""
    state = alex.new_game(players, SEED)
    phrases: list[str] = []
    for index, move in enumerate(log):
        action = alex.parse_action(move.action)
        before = state.copy()
        alex.apply(state, action)
        if index < first:
            continue
        board = before.board
        match action:
            case alex.MoveAlexander(card=card, symbol=symbol, space=space):
                where = f"moves Alexander to space {space} in {region_name(EN, board.region[space])}"
                if card == alex.HAND:
                    phrases.append(f"{where}, playing the card {symbol_name(EN, symbol)} from the hand")
                else:
                    phrases.append(f"{where} with the face-up card")
            case alex.ChoosePath(walls=walls):
                phrases.append(f"chooses the wall path: {len(walls)} wall")
            case alex.TakeCard(slot=slot):
                face_up = before.face_up[slot] if slot != alex.SUPPLY else None
                phrases.append(
                    f"takes the face-up card {symbol_name(EN, face_up)}"
                    if face_up is not None
                    else "takes the top card of the supply"
                )
            case alex.Occupy(guards=guards):
                cost = alex.occupation_cost(before, guards)
                phrases.append(f"occupies a province in {region_name(EN, board.region[guards[0]])}")
                phrases.append(f"{', '.join(map(str, guards))}, paying ")
                phrases += [symbol_name(EN, card) for card in sorted(set(cost))]
            case alex.TakeOver(guards=guards):
                phrases.append("takes over ")
                phrases.append(f"{', '.join(map(str, guards))}, paying ")
                phrases.append(" of ")  # whose guards go home
            case alex.Give(cards=cards):
                phrases.append(f"gives {len(cards)} card")
            case alex.Tax(space=space):
                phrases.append(f"levies taxes with the guard on space {space}")
                gains = [after - was for after, was in zip(state.scores, before.scores, strict=True)]
                phrases.append(", ".join(f"{names[seat]} +{gain}" for seat, gain in enumerate(gains)))
            case alex.TakeBack(space=space):
                phrases.append(f"takes back the guard on space {space}")
            case alex.EndTurn():
                phrases.append("ends the turn")
    return phrases


def says_in_order(text: str, phrases: Sequence[str]) -> None:
    at = 0
    for phrase in phrases:
        found = text.find(phrase, at)
        assert found >= 0, f"{phrase!r} missing after position {at} of:\n{text}"
        at = found + len(phrase)


def pick(values: list[str], turn: int) -> str:
    """A human who does a bit of everything: a take-over, taxes or an occupation first, else a card."""
    actions = [alex.parse_action(v) for v in values if not v.startswith("page:")]
    for kind in (alex.TakeOver, alex.Tax, alex.Occupy, alex.Give, alex.ChoosePath, alex.MoveAlexander):
        found = [a for a in actions if isinstance(a, kind)]
        if found:
            return found[turn % len(found)].text
    cards = [a for a in actions if isinstance(a, alex.TakeCard)]
    return (cards or actions)[0].text


async def play_turn_in_panel(fake: FakeDiscord, user: FakeUser, turn: int) -> None:
    post = message_with(fake, "alex:panel:")
    [button] = [cid for cid in custom_ids(post) if cid.startswith("alex:panel:")]
    panel = answered(await fake.click(user, post, button)).response
    assert panel is not None and panel.message is not None
    panel_id = int(panel.message["id"])
    for _ in range(8):
        message = fake.message(panel_id)
        if "Your turn is over." in message["content"]:
            return
        offered = {cid: select_options(message, cid) for cid in custom_ids(message) if cid.startswith("alex:do:")}
        choice = pick([v for values in offered.values() for v in values], turn)
        [menu] = [cid for cid, values in offered.items() if choice in values]
        answered(await fake.select(user, panel_id, menu, [choice]))
    raise AssertionError("the turn did not end")


@pytest.mark.backend_blind(
    "what a turn's post says and draws; "
    "an Alexandros turn's storing on PostgreSQL is test_bot_alexandros.py's "
    "test_forged_panel_clicks_are_refused_and_a_restart_mid_turn_loses_nothing[postgres]"
)
async def test_a_human_turn_and_the_ai_turn_after_it_are_posted_whole(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await bot_on(fake, tmp_path)
    alice = users(fake, 1)[0]
    answered(await fake.slash(alice, "alexandros new"))
    answered(await fake.slash(alice, "alexandros addbot", {"level": "easy"}))
    answered(await fake.slash(alice, "alexandros start"))
    cog = bot.get_cog("Alexandros")
    assert cog is not None
    await cog.ai.idle()  # type: ignore[attr-defined]
    names = [seat.name for seat in (await bot.services["alexandros"].table(1)).record.seats]
    kinds: set[type] = set()
    told = len(await stored_moves(bot, 1))  # the AI's opening turn, if any, is posted with the start
    boards = spy_on_boards(bot)
    walled = 0
    for turn in range(12):
        table = await bot.services["alexandros"].table(1)
        if table.over:
            break
        await play_turn_in_panel(fake, alice, turn)
        await cog.ai.idle()  # type: ignore[attr-defined]
        log = await stored_moves(bot, 1)
        post = public_messages(fake)[-1]
        assert len(post["content"]) <= 2000
        says_in_order(post["content"], expected_phrases(log, names, told, 2))
        alice_part = [m for m in log[told:] if m.user_id == alice.id]
        ai_part = [m for m in log[told:] if m.user_id is None]
        assert alice_part and isinstance(alex.parse_action(alice_part[0].action), alex.MoveAlexander)
        assert post["content"].count(f"**{names[0]}**") == 1  # the human's whole turn, once
        if ai_part:
            assert f"**{names[1]}**" in post["content"]  # and the AI's
        kinds |= {type(alex.parse_action(m.action)) for m in log[told:]}
        # The post's board marks the walls its turns built as new (and only those).
        assert boards[-1] == walls_built(log, told, 2)
        walled += boards[-1] != 0
        told = len(log)
    assert {alex.MoveAlexander, alex.TakeCard, alex.Occupy} <= kinds, kinds
    assert walled, "no turn built a wall: the board's new walls were never checked"
    assert "Your hand" not in "".join(m["content"] for m in public_messages(fake))


async def test_the_autopilot_posts_the_whole_turn_its_player_began(fake: FakeDiscord, tmp_path: Path) -> None:
    clock = ManualClock()
    bot = await bot_on(fake, tmp_path, clock)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new", {"pace": "live"}))
    answered(await fake.slash(bob, "alexandros join"))
    answered(await fake.slash(alice, "alexandros start"))
    cog = bot.get_cog("Alexandros")
    assert cog is not None
    cog.clock.stop()  # type: ignore[attr-defined]  # only the test's ticks act
    table = await bot.services["alexandros"].table(1)
    mover = alice if table.mover.user_id == alice.id else bob
    names = [seat.name for seat in table.record.seats]
    # The mover begins the turn (Alexander's move, and the walls if asked), then sleeps.
    mine = await bot.services["alexandros"].hand(1, mover.id)
    await bot.services["alexandros"].act(1, mover.id, mine.legal[0])
    mine = await bot.services["alexandros"].hand(1, mover.id)
    begun = len(await stored_moves(bot, 1))
    clock.advance(timedelta(minutes=3))
    before = len(public_messages(fake))
    await cog.clock.tick()  # type: ignore[attr-defined]
    await cog.ai.idle()  # type: ignore[attr-defined]
    [post] = [m for m in public_messages(fake)[before:] if "ran out of time" in m["content"]]
    log = await stored_moves(bot, 1)
    assert [m.user_id for m in log[:begun]] == [mover.id] * begun and all(m.user_id is None for m in log[begun:])
    says_in_order(post["content"], expected_phrases(log, names, 0, 2))  # the player's part and the autopilot's
    assert post["content"].count(f"**{names[table.mover.seat]}**") == 1
