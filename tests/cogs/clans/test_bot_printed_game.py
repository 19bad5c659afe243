"""A whole game on the printed map through Discord (issue 43), on SQLite and PostgreSQL: opened with
`map: printed`, played by taps with a preview before each move, an AI seat, a restart half-way; the
autocomplete's reasons on the way; then its web page and its replay, each drawn on the printed board the game
carries."""

from __future__ import annotations

import random
import re

import aiohttp
from botkit import (  # every_interaction_answered: autouse, checks each test
    PNG_MAGIC,
    answered,
    by_id,
    cog,
    custom_ids,
    every_interaction_answered,  # noqa: F401
    message_with,
    peek,
    restart_bot,
    start_bot,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord, FakeUser
from panelkit import panel_turn

from bot import GameBot
from engine.clans import PRINTED_MAP, Phase, legal_moves, move_foundings, parse_action, public_view
from render.clans import render_final
from render.clans.replay import render_replay
from service.clans.replays import replay_views
from texts import texts
from texts.usertext import clean_name

WEB = {"web_host": "127.0.0.1", "web_port": 0, "web_base_url": "https://clans.example.org"}


async def fetch(bot: GameBot, path: str) -> tuple[int, bytes]:
    assert bot.web is not None
    async with aiohttp.ClientSession() as session, session.get(bot.web.address + path) as response:
        return response.status, await response.read()


async def check_autocomplete(fake: FakeDiscord, bot: GameBot, game_id: int, players: dict[int, FakeUser]) -> bool:
    """The mover's `/clans move` autocomplete offers the printed map's legal sources, the founding ones first
    with where they would found; True if some move founds a village now."""
    table = await peek(bot, game_id)
    if table.state.phase is not Phase.MOVE or table.mover.user_id is None:
        return False
    mover = players[table.mover.user_id]
    sources = {m.src for m in legal_moves(table.state)}
    offered = await fake.autocomplete(mover, "clans move", "from", {"from": ""})
    assert offered and {c["value"] for c in offered} <= sources
    foundings = move_foundings(table.view)
    founding = {m.src for m, f in foundings.items() if f}
    leading = offered[: len(founding)]
    assert {c["value"] for c in leading} == set(list(founding)[:25]) or len(founding) > 25
    assert all(" · would found " in c["name"] for c in leading)
    src = offered[0]["value"]
    targets = await fake.autocomplete(mover, "clans move", "to", {"from": src, "to": ""})
    assert sorted(c["value"] for c in targets) == sorted(m.dst for m in legal_moves(table.state) if m.src == src)
    assert set(table.state.board.neighbours[src]) >= {c["value"] for c in targets}
    return bool(founding)


async def test_a_whole_game_on_the_printed_map_by_taps_with_an_ai_and_a_restart(
    fake: FakeDiscord, database_target: str
) -> None:
    bot = await start_bot(fake, database_target, seeds=[1000], **WEB)
    alice, bob = users(fake, 2)
    players = by_id(alice, bob)
    answered(await fake.slash(alice, "clans new", {"map": PRINTED_MAP}))
    answered(await fake.slash(bob, "clans join"))
    answered(await fake.slash(alice, "clans addbot", {"level": "easy"}))
    game_id = int(custom_ids(message_with(fake, "clans:join:"))[0].rsplit(":", 1)[1])
    answered(await fake.slash(alice, "clans start"))
    await cog(bot).ai.idle()
    start = await peek(bot, game_id)
    assert start.record.board == PRINTED_MAP and start.state.board.map_id == PRINTED_MAP

    rng = random.Random(43)
    taps = 0
    founding_seen = False
    restarted = False
    for _ in range(300):
        table = await peek(bot, game_id)
        if table.state.over:
            break
        if not restarted and table.state.ply >= 20:
            before = table.state.to_json()
            bot = await restart_bot(fake, database_target, **WEB)  # the game, its map and its panel come back
            after = await peek(bot, game_id)
            assert after.state.to_json() == before and after.state.board.map_id == PRINTED_MAP
            restarted = True
        founding_seen |= await check_autocomplete(fake, bot, game_id, players)
        turn = await panel_turn(fake, bot, game_id, players, rng)
        if turn is None:
            continue
        taps += 1
        # Each move was previewed (its board drawn) before it was confirmed, and then announced publicly.
        assert turn.preview_files and turn.preview_files[0][1].startswith(PNG_MAGIC)
        assert turn.confirmed is not None and not turn.confirmed.posts[0].ephemeral
    else:
        raise AssertionError("the game did not end")
    assert restarted and founding_seen and taps > 10
    final = await peek(bot, game_id)
    assert final.record.status == "finished" and final.state.board.map_id == PRINTED_MAP
    log = await stored_moves(bot, game_id)
    assert {m.user_id for m in log} == {alice.id, bob.id, None}  # both humans and the AI seat played
    names = [clean_name(seat.name) for seat in final.record.seats]

    # The replay: every position, drawn on the printed board the game was stored with.
    posted = answered(await fake.slash(bob, "clans replay", {"game": game_id}))
    [public] = posted.followups
    views = replay_views(final.record.seed, len(names), [parse_action(m.action) for m in log], PRINTED_MAP)
    assert all(view.board.map_id == PRINTED_MAP for view in views)
    assert public.files[0][1] == render_replay(views, names, texts("en", "clans"))

    # The web page: its last board is the final position on the printed board.
    assert final.record.web_token is not None
    code, html = await fetch(bot, f"/g/{final.record.web_token}")
    assert code == 200
    boards = re.findall(r'data-board="([^"]+)"', html.decode())
    assert len(boards) == len(log) + 1
    code, png = await fetch(bot, boards[-1].replace("&amp;", "&"))
    assert code == 200 and png == render_final(public_view(final.state), names, texts("en", "clans"))
