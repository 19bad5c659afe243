"""The move panel (issue 27): a whole game played with buttons and menus only, a preview before every move that
matches what the move then did, every legal move reachable, the mover alone served, a panel that outlives a
restart and says when the game moved on, the clan shown only to the presser, and no village order asked when
every order ends the same."""

from __future__ import annotations

import asyncio
import random
import re
import statistics
from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    ORDER_SEED,
    PNG_MAGIC,
    answered,
    by_id,
    cog,
    components_of,
    custom_ids,
    embed_text,
    every_interaction_answered,  # noqa: F401
    mention,
    message_with,
    open_game,
    peek,
    public_messages,
    raw_component,
    reach_order,
    refused,
    refused_meanwhile,
    restart_bot,
    start_bot,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord
from panelkit import PanelTurn, choose_move, ids_with, open_panel, options_of, panel_turn, shown

from cogs.clans.panel_text import FREE_ORDER
from engine.clans import Board, GameState, Move, Phase, apply, legal_moves, new_game, preview_move, public_view
from texts.clans.symbols import CLAN_SQUARE

VILLAGE_MARKS = ("🏠", "💀", "💨", "⏳")
"""The lines that tell a village founded (or an epoch begun), in a preview and in the announcement alike."""


def consequence_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(VILLAGE_MARKS)]


@pytest.mark.backend_blind(
    "the panel's buttons, previews and posts; "
    "a whole game's storing is test_bot_play.py's "
    "test_a_whole_game_from_new_to_the_final_reveal[postgres]"
)
async def test_a_whole_game_with_two_humans_and_two_ais_by_buttons_only(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[1000])
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob], ai=["easy", "easy"])
    await cog(bot).ai.idle()
    commands_before = sum(1 for r in fake._interactions.values() if r.kind == 2)
    rng = random.Random(27)
    turns: list[PanelTurn] = []
    for _ in range(300):
        if (await peek(bot, game_id)).state.over:
            break
        turn = await panel_turn(fake, bot, game_id, by_id(alice, bob), rng, founding=0.5)  # villages to preview
        if turn is None:
            continue
        turns.append(turn)
        # A preview (its board image and its consequences) came before the commit...
        assert turn.preview_s and turn.preview_files[0][0] == "board.png"
        assert turn.preview_files[0][1].startswith(PNG_MAGIC)
        assert turn.actions and turn.confirmed is not None
        # ... and the announcement of what the move did says exactly what the preview said it would.
        announcement = turn.confirmed.posts[0]  # (an AI run after it posts in the same settle)
        assert not announcement.ephemeral
        told = embed_text(announcement.embeds)
        previewed = turn.preview["content"]
        assert consequence_lines(previewed) == consequence_lines(told), (previewed, told)
        [move_embed] = [e for e in announcement.embeds if "footer" in e]  # (the final result has none)
        assert previewed.splitlines()[-1] == move_embed["footer"]["text"]  # the scores, epoch and chips after
    else:
        raise AssertionError("the game did not end")
    table = await peek(bot, game_id)
    assert table.state.over and table.record.status == "finished"
    # Only buttons and menus after /clans start; both humans played, founding villages on the way.
    assert sum(1 for r in fake._interactions.values() if r.kind == 2) == commands_before
    assert {t.mover.id for t in turns} == {alice.id, bob.id}
    assert any(consequence_lines(t.preview["content"]) for t in turns)
    log = await stored_moves(bot, game_id)
    assert len(log) == table.state.ply and {m.user_id for m in log} == {alice.id, bob.id, None}
    # The channel reads in order: in every post (the catch-up lines, then an AI run's moves), oldest first.
    for message in public_messages(fake):
        text = "\n".join([message["content"], embed_text(message["embeds"])])
        numbers = [int(a or b) for a, b in re.findall(r"\*\*(\d+)\.\*\*|[Mm]ove (\d+):", text)]
        assert numbers == sorted(numbers), text
    taps = [t.taps for t in turns]
    assert statistics.median(taps) <= 8 and max(taps) < 20


async def test_only_the_mover_gets_a_panel_and_a_stale_one_says_the_game_moved_on(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[1000])
    alice, bob, eve = users(fake, 3)
    game_id = await open_game(fake, [alice, bob])
    table = await peek(bot, game_id)
    mover, other = (alice, bob) if table.mover.user_id == alice.id else (bob, alice)
    post = message_with(fake, f"clans:turn:{game_id}")
    # The start post names the mover and offers the panel, without asking anyone to type.
    assert "press **Play my turn**" in post["content"]
    refused(await fake.click(other, post, f"clans:turn:{game_id}"), f"It is {mention(mover)}'s turn.")
    refused(await fake.click(eve, post, f"clans:turn:{game_id}"), "You are not playing in this game")

    turn = PanelTurn(mover)
    panel = await open_panel(fake, mover, game_id, turn)
    [source_id] = ids_with(panel, "clans:psrc:")
    source = options_of(panel, source_id)[0]
    # A panel's custom id sent by someone else (a forged click) is refused, and changes nothing.
    refused(await raw_component(fake, other, panel, source_id, [source]), f"It is {mention(mover)}'s turn.")
    move = legal_moves(table.state)[0]
    preview = await choose_move(fake, mover, panel, move, turn)
    assert f"{move.src} → {move.dst} (nothing is played yet)" in preview["content"]
    [back] = ids_with(preview, "clans:pback:")
    again = shown(await fake.click(mover, preview, back))  # Back: the choice again, nothing played
    assert ids_with(again, "clans:psrc:") and await stored_moves(bot, game_id) == []
    preview = await choose_move(fake, mover, again, move, turn)
    [confirm] = ids_with(preview, "clans:pgo:")
    done = answered(await fake.click(mover, preview, confirm))
    assert done.response is not None and done.response.callback_type == 7  # the panel says what was played
    assert [m.action for m in await stored_moves(bot, game_id)] == [move.text]
    [announcement] = done.posts
    assert not announcement.ephemeral and announcement.content.startswith(f"{mention(other)}, your move")
    assert done.notified == [other.id]  # a new message in the channel: the next mover's phone is told
    # The old panel, and a second Confirm, are stale now: the game moved on, and nothing is played twice.
    refused(await raw_component(fake, mover, preview, confirm), "It is", mention(other))
    refused(await raw_component(fake, other, panel, source_id, [source]), "the game moved on")
    assert len(await stored_moves(bot, game_id)) == 1


async def test_every_source_is_reachable_through_the_pages(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[1000])
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    table = await peek(bot, game_id)
    mover = by_id(alice, bob)[table.mover.user_id]  # type: ignore[index]
    panel = await open_panel(fake, mover, game_id, PanelTurn(mover))
    offered: list[str] = []
    while True:
        [source_id] = ids_with(panel, "clans:psrc:")
        options = options_of(panel, source_id)
        assert len(options) <= 25
        offered += options
        forward = ids_with(panel, "clans:ppage:")
        assert forward, "more sources than one menu holds: there are pages"
        if len(offered) >= len(table.state.counts):
            break
        [component] = [c for c in panel["components"][-1]["components"] if c.get("custom_id") == forward[-1]]
        if component.get("disabled"):
            break
        panel = shown(await fake.click(mover, panel, forward[-1]))
    sources = sorted({m.src for m in legal_moves(table.state)})
    assert len(sources) > 25 and sorted(map(int, offered)) == sources


async def test_the_panel_survives_a_restart(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[1000])
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    table = await peek(bot, game_id)
    mover = by_id(alice, bob)[table.mover.user_id]  # type: ignore[index]
    turn = PanelTurn(mover)
    panel = await open_panel(fake, mover, game_id, turn)
    bot = await restart_bot(fake, tmp_path)
    move = legal_moves(table.state)[-1]
    preview = await choose_move(fake, mover, panel, move, turn)
    [confirm] = ids_with(preview, "clans:pgo:")
    answered(await fake.click(mover, preview, confirm))
    assert [m.action for m in await stored_moves(bot, game_id)] == [move.text]


async def test_show_my_clan_answers_only_the_presser_and_names_the_game(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[1000])
    alice, bob, eve = users(fake, 3)
    game_id = await open_game(fake, [alice, bob])
    table = await peek(bot, game_id)
    post = message_with(fake, f"clans:myclan:{game_id}")
    posted = len(public_messages(fake))
    for user in (alice, bob):
        result = answered(await fake.click(user, post, f"clans:myclan:{game_id}"))
        assert result.response is not None and result.response.ephemeral
        clan = table.state.clans[table.seat_of(user.id).seat]  # type: ignore[union-attr]
        text = embed_text(result.response.embeds)
        assert CLAN_SQUARE[clan] in text and f"Clans game #{game_id}" in text
        assert not result.notified
    refused(await fake.click(eve, post, f"clans:myclan:{game_id}"), "You are not playing in this game")
    assert len(public_messages(fake)) == posted  # nothing public was said


async def test_an_ai_to_move_first_is_told_nothing_to_type(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path, seeds=[1003])  # with 4 seats, seat 3 (the first AI) moves first
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob], ai=["easy", "easy"])
    [start] = [m for m in public_messages(fake) if "has started" in m["content"]]
    assert "**AI (easy)** moves first." in start["content"] and "/clans move" not in start["content"]
    assert custom_ids(start) == [f"clans:myclan:{game_id}"]  # no panel for an AI's turn
    footer = start["embeds"][0]["footer"]["text"]
    assert "🟥 0  🟦 0  🟩 0  🟨 0  ⬛ 0" in footer  # the clans' squares, as everywhere else


def moves_to_a_free_order(seed: int, players: int, board: Board) -> list[Move]:
    """Offline, with the engine: hut moves from setup on ``board`` up to one that founds 2+ villages whose every
    order ends the same (moves founding several villages whose order matters are avoided on the way)."""
    state: GameState = new_game(players, seed, board)
    rng = random.Random(0)
    played: list[Move] = []
    while not state.over and len(played) < 200:
        moves = legal_moves(state)
        previews = {m: preview_move(public_view(state), m) for m in moves}
        free = [m for m, p in previews.items() if len(p) == 1 and len(p[0].villages) > 1]
        if free:
            return [*played, free[0]]
        move = rng.choice([m for m, p in previews.items() if len(p[0].actions) == 1] or moves)
        played.append(move)
        apply(state, move)
        assert state.phase is Phase.MOVE
    raise AssertionError("no move founding villages in an order that changes nothing")


@pytest.mark.backend_blind(
    "which menus are sent and what they say; "
    "a village order's storing through the panel is test_a_village_order_owed_is_chosen_in_the_panel's"
)
async def test_no_menu_is_sent_when_every_village_order_ends_the_same(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[1000])
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    moves = moves_to_a_free_order(1000, 2, (await peek(bot, game_id)).state.board)
    people = by_id(alice, bob)
    for move in moves[:-1]:
        mover = people[(await peek(bot, game_id)).mover.user_id]  # type: ignore[index]
        answered(await fake.slash(mover, "clans move", {"from": move.src, "to": move.dst}))
    # Through the panel, the preview of that move offers no order to choose, and says why.
    table = await peek(bot, game_id)
    last = moves[-1]
    mover = people[table.mover.user_id]  # type: ignore[index]
    turn = PanelTurn(mover)
    preview = await choose_move(fake, mover, await open_panel(fake, mover, game_id, turn), last, turn)
    assert not ids_with(preview, "clans:pord:") and FREE_ORDER in preview["content"]
    # Typed as /clans move: no menu is sent, publicly or to the mover; the order is played and said.
    before = len(await stored_moves(bot, game_id))
    result = answered(await fake.slash(mover, "clans move", {"from": last.src, "to": last.dst}))
    assert not any("clans:order:" in c for m in public_messages(fake) for c in custom_ids(m))
    assert all(not s.components or not any("clans:order" in str(c) for c in s.components) for s in result.posts)
    [announcement] = result.posts
    assert announcement.content.startswith(FREE_ORDER) and "choose" not in announcement.content
    log = [m.action for m in (await stored_moves(bot, game_id))[before:]]
    assert log[0] == last.text and len(log) >= 2 and all(a.startswith("v") for a in log[1:])
    assert (await peek(bot, game_id)).state.phase is Phase.MOVE


async def test_a_village_order_owed_is_chosen_in_the_panel(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[ORDER_SEED])
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    mover = await reach_order(fake, bot, by_id(alice, bob))  # typed: the public order menu is posted
    public_menu = message_with(fake, "clans:order:")
    table = await peek(bot, game_id)
    before = len(await stored_moves(bot, game_id))
    panel = await open_panel(fake, mover, game_id, PanelTurn(mover))
    # The panel opens on the order: each option says what every village would be worth, and to whom.
    [order_id] = ids_with(panel, "clans:pord:")
    options = options_of(panel, order_id)
    assert len(options) >= 2 and "the village order (nothing is played yet)" in panel["content"]
    [select] = [c for c in components_of(panel) if c.get("custom_id") == order_id]
    assert all(" first → " in o["label"] and "scores" in o["description"] for o in select["options"])
    chosen = shown(await fake.select(mover, panel, order_id, [options[-1]]))
    assert [o["value"] for c in components_of(chosen) for o in c.get("options", []) if o.get("default")] == [
        options[-1]
    ]
    assert not ids_with(chosen, "clans:pback:")  # nothing to go back to: the hut move is played
    [confirm] = ids_with(chosen, "clans:pgo:")
    done = answered(await fake.click(mover, chosen, confirm))
    log = [m.action for m in (await stored_moves(bot, game_id))[before:]]
    assert log and all(a.startswith("v") for a in log) and len(log) == len(table.state.pending) - 1
    assert (await peek(bot, game_id)).state.phase is Phase.MOVE
    # The public menu that was still asking is settled into what was chosen; the announcement follows.
    assert fake.message(int(public_menu["id"]))["components"] == []
    [announcement] = done.posts
    assert not announcement.ephemeral and "founded the village at" in announcement.embeds[0]["title"]


async def test_panel_custom_ids_are_user_input(fake: FakeDiscord, tmp_path: Path) -> None:
    """Forged from another server or channel: refused; numbers past the bound or values not offered: answered."""
    bot = await start_bot(fake, tmp_path, seeds=[1000])
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    table = await peek(bot, game_id)
    mover = by_id(alice, bob)[table.mover.user_id]  # type: ignore[index]
    elsewhere = fake.text_channel(905, "elsewhere")
    ply = table.state.ply
    post = message_with(fake, f"clans:turn:{game_id}")
    planted = {**post, "id": str(fake._ids.next()), "channel_id": str(elsewhere.id)}
    for custom_id in (f"clans:turn:{game_id}", f"clans:myclan:{game_id}", f"clans:pgo:{game_id}:{ply}:1:2:0"):
        refused(await raw_component(fake, mover, planted, custom_id), "another channel")
    refused(await raw_component(fake, mover, planted, f"clans:psrc:{game_id}:{ply}:0", ["1"]), "another channel")
    for custom_id in (f"clans:turn:{10**30}", f"clans:pgo:{game_id}:{ply}:1000:2:0", f"clans:pback:{game_id}:1:1:1"):
        refused(await raw_component(fake, mover, post, custom_id), "not valid")
    panel = await open_panel(fake, mover, game_id, PanelTurn(mover))
    [source_id] = ids_with(panel, "clans:psrc:")
    for value in ("abc", "-3", "12345", "٣"):
        refused(await raw_component(fake, mover, panel, source_id, [value]), "not one of the menu")
    refused(await raw_component(fake, mover, panel, source_id, ["999"]), "not one of the menu")  # no territory
    move = legal_moves(table.state)[0]
    far = next(t for t in range(1, 61) if t not in table.state.board.neighbours[move.src] and t != move.src)
    refused(await raw_component(fake, mover, panel, f"clans:pgo:{game_id}:{ply}:{move.src}:{far}:0"), str(move.src))
    refused(await raw_component(fake, mover, panel, f"clans:pgo:{game_id}:{ply}:{move.src}:{move.dst}:7"), "menu")
    assert await stored_moves(bot, game_id) == []


async def test_two_confirms_at_once_play_the_move_once(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[1000])
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    table = await peek(bot, game_id)
    mover = by_id(alice, bob)[table.mover.user_id]  # type: ignore[index]
    turn = PanelTurn(mover)
    move = legal_moves(table.state)[3]
    preview = await choose_move(fake, mover, await open_panel(fake, mover, game_id, turn), move, turn)
    [confirm] = ids_with(preview, "clans:pgo:")
    first, second = await asyncio.gather(fake.click(mover, preview, confirm), fake.click(mover, preview, confirm))
    answered(first)
    answered(second)
    assert [m.action for m in await stored_moves(bot, game_id)] == [move.text]
    announcements = [m for m in public_messages(fake) if f"moved {move.src} → {move.dst}" in embed_text(m["embeds"])]
    assert len(announcements) == 1
    late = first if first.response is not None and first.response.callback_type == 4 else second
    refused_meanwhile(late)
