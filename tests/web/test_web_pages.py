"""A game's web page over HTTP, on both backends: what it shows of each game and each state, in the reader's
language; nothing private; every name escaped; the strict headers; a wrong or revoked link a plain 404; boards
drawn once; following a game live; the limits on what one reader may ask."""

from __future__ import annotations

import asyncio
import io
import re

import aiohttp
import pytest
from PIL import Image
from webkit import (
    ANN,
    BOB,
    CHANNEL,
    HOSTILE,
    alexandros_game,
    clans_game,
    fetch,
    play_clans,
    services,
    serving,
    token_of,
)

import engine.alexandros as alex
from engine.clans import Clan, GameState, public_view
from render.alexandros import render_board as render_alexandros
from render.clans import render_board as render_clans
from service.web import WebPages, page_path
from store import Store
from texts import texts
from texts.alexandros.names import hand_text
from texts.clans.game import clan_label
from web.server import CSP


def steps_shown(html: str) -> list[int]:
    return [int(step) for step in re.findall(r'<li data-step="(\d+)"', html)]


async def test_a_running_clans_game_shows_its_board_seats_turn_deadline_and_whole_history(store: Store) -> None:
    games = services(store)
    game_id = await clans_game(games["clans"], moves=9)
    token = await token_of(store, game_id)
    async with serving(store, games) as server:
        status, headers, body = await fetch(server, page_path(token))
        html = body.decode()
        assert status == 200 and headers["Content-Type"].startswith("text/html")
        assert headers["Content-Security-Policy"] == CSP and "'unsafe-inline'" not in CSP
        assert headers["X-Content-Type-Options"] == "nosniff" and headers["Cache-Control"] == "no-store"
        assert "Clans — game #" in html and ">Ann<" in html and ">Bob<" in html
        assert steps_shown(html) == list(range(10))  # the setup and each of the 9 actions, each with its board
        assert re.search(r'<tr class="to-move"><td>\d</td><td>▶ <span class="name">(Ann|Bob)</span>', html)
        assert '<time datetime="2025-03-02T12:00:00Z">' in html  # the daily pace's deadline, shown in local time
        assert " to move" in html and "Scores:" in html
        assert "<script" not in html.replace('<script src="/static/page.js', "")  # no inline script: the CSP's

        boards = re.findall(r'data-board="([^"]+)"', html)
        status, headers, png = await fetch(server, boards[-1].replace("&amp;", "&"))
        assert status == 200 and headers["Content-Type"] == "image/png" and "immutable" in headers["Cache-Control"]
        record = await store.get_game(game_id)
        assert record is not None and record.snapshot is not None
        view = public_view(GameState.from_json(record.snapshot))
        assert png == render_clans(view, ["Ann", "Bob"], t=texts("en", "clans"))  # the public board, no clan ringed


async def test_nothing_private_is_on_a_running_clans_page_and_every_clan_once_it_is_over(store: Store) -> None:
    games = services(store)
    game_id = await clans_game(games["clans"], moves=6)
    token = await token_of(store, game_id)
    record = await store.get_game(game_id)
    assert record is not None and record.snapshot is not None
    clans = GameState.from_json(record.snapshot).clans
    t = texts("en", "clans")
    async with serving(store, games) as server:
        html = (await fetch(server, page_path(token)))[2].decode()
        for clan in Clan:
            assert clan_label(t, clan) not in html  # no clan is named while the game runs
        await play_clans(games["clans"], game_id, 400)
        html = (await fetch(server, page_path(token)))[2].decode()
        assert "is over" in html and "🏆" in html
        for clan in clans:
            assert clan_label(t, clan) in html  # the result reveals them, as the channel's does


async def test_an_alexandros_page_shows_points_and_actions_but_never_a_hand(store: Store) -> None:
    games = services(store)
    game_id = await alexandros_game(games["alexandros"], actions=12)
    token = await token_of(store, game_id)
    record = await store.get_game(game_id)
    assert record is not None and record.snapshot is not None
    state = alex.state_from_json(record.snapshot)
    async with serving(store, games) as server:
        html = (await fetch(server, page_path(token), "it-IT,it;q=0.9,en;q=0.5"))[2].decode()
        assert '<html lang="it">' in html and "Alexandros — partita #" in html and "Cronologia" in html
        assert steps_shown(html) == list(range(13)) and "sposta Alessandro" in html  # the table's own words
        for seat in range(2):
            assert hand_text(texts("it", "alexandros"), state.hands[seat]) not in html
        png = (await fetch(server, f"{page_path(token)}/board/12.it.png"))[2]
        view = alex.public_view(state)
        assert Image.open(io.BytesIO(png)).size == Image.open(io.BytesIO(render_alexandros(view, ["Ann", "Bob"]))).size


async def test_a_lobby_shows_its_seats_and_no_board(store: Store) -> None:
    games = services(store)
    lobby = await games["clans"].open_lobby(900, CHANNEL, ANN, "Ann")
    await games["clans"].add_ai(lobby.id, ANN, "hard")
    async with serving(store, games) as server:
        html = (await fetch(server, page_path(await token_of(store, lobby.id)), "de"))[2].decode()
        assert "Warten auf Spieler: 2 von 4 Plätzen besetzt" in html and 'id="board"' not in html
        assert "KI (hard)" in html or "AI (hard)" in html
        assert steps_shown(html) == []


async def test_a_hostile_name_is_shown_as_typed_never_as_markup(store: Store) -> None:
    games = services(store)
    game_id = await clans_game(games["clans"], names=("Ann", HOSTILE), moves=3)
    async with serving(store, games) as server:
        html = (await fetch(server, page_path(await token_of(store, game_id))))[2].decode()
        assert "<script>alert" not in html and "<img src=x" not in html and '" onmouseover=' not in html
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html


async def test_a_wrong_or_revoked_link_is_a_plain_404_and_a_renewed_one_opens_the_game(store: Store) -> None:
    games = services(store)
    game_id = await clans_game(games["clans"], moves=2)
    old = await token_of(store, game_id)
    pages = WebPages(store)
    async with serving(store, games) as server:
        for path in ("/g/" + "A" * 22, f"/g/{game_id}", "/g/../../etc/passwd", "/", f"/g/{old}x/board/0.en.png"):
            status, headers, body = await fetch(server, path)
            assert (status, body) == (404, b"Not found") and headers["Content-Security-Policy"] == CSP, path
        await pages.revoke("clans", CHANNEL, BOB, can_manage=True)
        server.pages.forget(game_id)
        for path in (page_path(old), f"{page_path(old)}/board/0.en.png", f"{page_path(old)}/events"):
            assert (await fetch(server, path))[:3:2] == (404, b"Not found"), path
        renewed = await pages.renew("clans", CHANNEL, ANN, can_manage=False)
        assert renewed.web_token is not None and renewed.web_token != old
        assert (await fetch(server, page_path(renewed.web_token)))[0] == 200
        assert (await fetch(server, page_path(old)))[0] == 404


async def test_each_board_is_drawn_once_however_many_pages_ask(store: Store) -> None:
    games = services(store)
    game_id = await clans_game(games["clans"], moves=4)
    path = f"{page_path(await token_of(store, game_id))}/board/4.en.png"
    async with serving(store, games) as server:
        answers = await asyncio.gather(*(fetch(server, path) for _ in range(12)))
        assert {status for status, _, _ in answers} == {200} and len({png for _, _, png in answers}) == 1
        assert server.boards.drawn == 1
        await fetch(server, path.replace("4.en", "4.de"))
        assert server.boards.drawn == 2  # its words are the reader's language's
        assert (await fetch(server, path.replace("/4.", "/5.")))[0] == 404  # no fifth action yet


async def test_a_page_hears_of_a_new_action_committed_here_and_in_another_process(store: Store) -> None:
    games = services(store)
    game_id = await clans_game(games["clans"], moves=1)
    token = await token_of(store, game_id)
    elsewhere = services(store)  # another bot process's services on the same database: no poke reaches this server
    async with serving(store, games, poll_s=0.05) as server, aiohttp.ClientSession() as session:
        async with session.get(f"{server.address}{page_path(token)}/events") as stream:
            assert stream.headers["Content-Type"] == "text/event-stream"
            first = await next_mark(stream)
            assert first.startswith("running.1.")
            await play_clans(games["clans"], game_id, 1)
            assert (await next_mark(stream)).startswith("running.2.")
            await play_clans(elsewhere["clans"], game_id, 1, seed=9)
            assert (await next_mark(stream)).startswith("running.3.")
            await WebPages(store).revoke("clans", CHANNEL, ANN, can_manage=False)
            assert await next_event(stream) == ("gone", "")
        html = (await fetch(server, page_path(token)))[0]
        assert html == 404


async def next_event(stream: aiohttp.ClientResponse) -> tuple[str, str]:
    """The stream's next event (comments skipped), waited for at most 5 s."""
    event, data = "message", ""
    while True:
        line = (await asyncio.wait_for(stream.content.readline(), 5)).decode().rstrip("\n")
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") or line == "data:":
            data = line[6:]
        elif line == "" and event != "message":
            return event, data


async def next_mark(stream: aiohttp.ClientResponse) -> str:
    event, data = await next_event(stream)
    assert event == "mark"
    return data


async def test_one_reader_s_requests_are_bounded(store: Store) -> None:
    games = services(store)
    game_id = await clans_game(games["clans"], moves=1)
    path = page_path(await token_of(store, game_id))
    now = [0.0]
    async with serving(store, games, clock=lambda: now[0]) as server:
        answers = [(await fetch(server, "/robots.txt"))[0] for _ in range(server.limit.burst + 3)]
        assert answers.count(200) == server.limit.burst and answers[-1] == 429
        status, headers, _ = await fetch(server, path)
        assert status == 429 and int(headers["Retry-After"]) >= 1
        now[0] += 1.0  # a second later the bucket has refilled a little
        assert (await fetch(server, path))[0] == 200


@pytest.mark.parametrize(
    ("header", "lang"),
    [(None, "en"), ("de-DE,de;q=0.9", "de"), ("fr-FR, it;q=0.7, de;q=0.6", "it"), ("xx, *;q=0.1", "en")],
)
def test_the_page_speaks_the_browser_s_language(header: str | None, lang: str) -> None:
    from web.language import page_language

    assert page_language(header) == lang
