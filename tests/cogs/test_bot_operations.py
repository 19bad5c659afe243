"""A bot its operator can run and watch (docs/OPERATING.md, "Watching the bot"), through the project's fake Discord:
/healthz turns 503 when the database goes away or the gateway drops and 200 again after; every metric the docs
name appears in /metrics and moves when a game is played; no metric carries a player's name or id; SIGTERM during
a game with an AI seat stops the bot within 10 s and the next process announces every committed action once; the
owner's health report is refused to anyone else, in every language."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from bot_fixtures import TEST_SPEED
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    by_id,
    cog,
    every_interaction_answered,  # noqa: F401
    open_game,
    peek,
    play_turn,
    public_messages,
    restart_bot,
    start_bot,
    users,
)
from fakediscord import FakeDiscord

from bot import GameBot, serve
from service.metrics import METRIC_NAMES

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = re.compile(r"^(?P<name>[a-z_]+)(?:\{(?P<labels>.*)\})? (?P<value>\S+)$", re.MULTILINE)
STATES = {
    "clans_process_start_time_seconds",
    "clans_process_info",
    "clans_gateway_connected",
    "clans_clock_lag_seconds",
    "clans_ai_queue_depth",
}
"""Gauges of how things stand, which a game does not move (each checked for its value instead)."""
WITHOUT_SHARDS = {"clans_gateway_latency_seconds"}
"""Each real gateway shard's heartbeat: the fake connects none (the health check reads the gateway's state)."""


async def get(port: int, path: str) -> tuple[int, str]:
    """A plain HTTP GET on the loopback (aiohttp's client is the fake Discord's; this is a socket of our own)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode())
    await writer.drain()
    raw = (await reader.read()).decode()
    writer.close()
    head, _, body = raw.partition("\r\n\r\n")
    return int(head.split()[1]), body


def totals(text: str) -> dict[str, float]:
    """Each metric family's samples added up (a histogram's count and sum included)."""
    found: dict[str, float] = {}
    for match in SAMPLE.finditer(text):
        name = match["name"]
        if name.endswith("_created"):  # when a labelled series was first seen: not a figure
            continue
        family = next((n for n in METRIC_NAMES if name == n or name.startswith(n.removesuffix("_total") + "_")), name)
        found[family] = found.get(family, 0.0) + float(match["value"])
    return found


def documented_metrics() -> set[str]:
    operating = (ROOT / "docs" / "OPERATING.md").read_text(encoding="utf-8")
    section = operating.split("## Watching the bot", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"`(clans_[a-z_]+)`", section))


async def scrape(bot: GameBot) -> str:
    body, content_type = await bot.exposition()
    assert content_type.startswith("text/plain; version=")
    return body.decode()


def test_the_docs_name_every_metric_the_bot_exposes() -> None:
    assert documented_metrics() == set(METRIC_NAMES)


async def test_every_documented_metric_appears_and_moves_when_a_game_is_played(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path, web_host="127.0.0.1", web_port=0, ops_host="127.0.0.1", ops_port=0)
    assert bot.ops is not None and bot.web is not None
    status, before_text = await get(bot.ops.port, "/metrics")
    assert status == 200
    before = totals(before_text)
    alice, bob = users(fake, 2)
    game = await open_game(fake, [alice, bob], ai=["easy"])
    for _ in range(6):
        await play_turn(fake, bot, game, by_id(alice, bob))
    await cog(bot).ai.idle()
    await cog(bot).clock.tick()
    link = (await bot.services["clans"].record(game)).web_token
    assert (await get(bot.web.port, f"/g/{link}"))[0] == 200
    assert (await get(bot.web.port, "/g/nothing-here-at-all-0000"))[0] == 404
    for n in range(80):
        fake.text_channel(5000 + n)
    # Past Discord's 50 requests a second (its windows run only twice as fast here, so the burst surely fills
    # one): discord.py meets 429s (global) and waits them out.
    fake.set_speed(2.0)
    await asyncio.gather(*(bot.http.get_channel(5000 + n) for n in range(80)))
    fake.set_speed(TEST_SPEED)
    assert fake.rate_limited
    logging.getLogger("clans.test").error("planted", exc_info=LookupError("planted"))
    fake.logged_errors.clear()

    status, after_text = await get(bot.ops.port, "/metrics")
    assert status == 200
    after = totals(after_text)
    for name in documented_metrics():
        assert f"# HELP {name.removesuffix('_total')}" in after_text or f"# HELP {name}" in after_text, name
        if name in STATES or name in WITHOUT_SHARDS:
            continue
        assert after.get(name, 0.0) != before.get(name, 0.0), f"{name} did not move"
    assert 'clans_games{game="clans",state="running"} 1.0' in after_text
    assert "clans_gateway_connected 1.0" in after_text
    assert f"clans_ai_queue_depth {float(bot.ai_pool.waiting)}" in after_text
    assert 'clans_clock_lag_seconds{game="clans"} 0.0' in after_text  # its tick acted on nothing late
    assert 'clans_ai_decision_seconds_count{game="clans",level="easy"}' in after_text
    assert 'clans_web_requests_total{route="/g/{token}",status="200"} 1.0' in after_text
    assert 'clans_errors_total{kind="LookupError"} 1.0' in after_text


async def test_no_metric_carries_a_player_a_server_a_channel_or_a_link(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, web_host="127.0.0.1", web_port=0)
    alice, bob = users(fake, 2)
    game = await open_game(fake, [alice, bob], ai=["easy"])
    for _ in range(4):
        await play_turn(fake, bot, game, by_id(alice, bob))
    answered(await fake.slash(alice, "clans status"))
    text = await scrape(bot)
    record = await bot.services["clans"].record(game)
    labels = " ".join(m["labels"] or "" for m in SAMPLE.finditer(text))
    for name in (alice.name, bob.name, record.web_token):
        assert str(name) not in text, name
    for snowflake in (alice.id, bob.id, fake.channel.id, record.guild_id):
        assert not re.search(rf'"[^"]*\b{snowflake}\b[^"]*"', labels), snowflake  # values are figures, not ids
    assert set(re.findall(r'(\w+)="', labels)) <= {
        "kind",
        "outcome",
        "answer",
        "game",
        "level",
        "scope",
        "state",
        "route",
        "status",
        "shard",
        "shards",
        "shard_count",
        "le",
    }


async def test_healthz_turns_503_when_the_database_or_the_gateway_goes_and_200_after(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path, ops_host="127.0.0.1", ops_port=0)
    assert bot.ops is not None
    await tick_every_clock(bot)
    assert await get(bot.ops.port, "/healthz") == (200, "ok\n")

    backend = bot.store._backend

    class Gone:
        def read(self) -> Any:
            raise ConnectionRefusedError("the database went away")

    bot.store._backend = Gone()  # type: ignore[assignment]
    status, reasons = await get(bot.ops.port, "/healthz")
    assert (status, reasons) == (503, "database: no answer (ConnectionRefusedError)\n")
    bot.store._backend = backend
    assert await get(bot.ops.port, "/healthz") == (200, "ok\n")

    bot._ready.clear()  # the gateway dropped: discord.py is no longer ready until it resumes
    assert await get(bot.ops.port, "/healthz") == (503, "gateway: not connected\n")
    bot._ready.set()
    assert await get(bot.ops.port, "/healthz") == (200, "ok\n")

    bot.metrics.last_tick = {game: t - 600 for game, t in bot.metrics.last_tick.items()}
    status, reasons = await get(bot.ops.port, "/healthz")
    assert status == 503 and reasons.startswith("clock: no tick for 6")
    await tick_every_clock(bot)
    assert await get(bot.ops.port, "/healthz") == (200, "ok\n")


async def test_sigterm_in_a_game_with_an_ai_seat_stops_within_10_s_and_the_next_process_announces_it_all(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path, ai_budget_s=0.5, ops_host="127.0.0.1", ops_port=0)
    alice, bob = users(fake, 2)
    game = await open_game(fake, [alice, bob], ai=["hard"])
    for _ in range(3):
        await play_turn(fake, bot, game, by_id(alice, bob))
    table = await peek(bot, game)
    while table.mover.user_id is None:  # a person to move, so that the AI thinks right after
        await cog(bot).ai.idle()
        table = await peek(bot, game)
    serving = asyncio.create_task(serve(bot, bot.closed.wait()))
    await asyncio.sleep(0)  # its signal handlers are in place
    mover = alice if table.mover.user_id == alice.id else bob
    move = answered(await fake.slash(mover, "clans move", table_move(table)))
    assert move.response is not None
    began = time.monotonic()
    os.kill(os.getpid(), signal.SIGTERM)  # the AI seat is thinking (or about to)
    await asyncio.wait_for(serving, timeout=10)
    stopped_in = time.monotonic() - began
    assert bot.is_closed() and bot.closed.is_set() and stopped_in < 10, stopped_in

    again = await restart_bot(fake, tmp_path)
    record = await again.services["clans"].record(game)
    committed = record.snapshot_ply
    assert committed > table.state.ply and record.announced_ply == committed  # the person's move, and its post
    await play_turn(fake, again, game, by_id(alice, bob))  # the game goes on (an AI seat's turn: from the sweep)
    await cog(again).ai.idle()
    record = await again.services["clans"].record(game)
    assert record.announced_ply == record.snapshot_ply > committed or record.status != "running"
    texts = [m["content"] for m in public_messages(fake)]
    assert sum(t.startswith("📣 Catching up") for t in texts) <= 1  # announced once, never twice


async def tick_every_clock(bot: GameBot) -> None:
    for each in bot.cogs.values():
        clock = getattr(each, "clock", None)
        if clock is not None:
            await clock.tick()


def table_move(table: Any) -> dict[str, int]:
    from engine.clans import legal_moves

    move = next(m for m in legal_moves(table.state) if not m.is_village_choice)
    return {"from": move.src, "to": move.dst}


@pytest.mark.parametrize(
    ("locale", "refusal"),
    [
        ("en-US", "Only the owner of this bot can use that."),
        ("de", "Nur der Besitzer dieses Bots kann das verwenden."),
        ("it", "Solo il proprietario di questo bot può usarlo."),
    ],
)
async def test_the_health_report_is_the_owners_alone_in_every_language(
    fake: FakeDiscord, tmp_path: Path, locale: str, refusal: str
) -> None:
    bot = await start_bot(fake, tmp_path)
    owner, member = users(fake, 2)
    fake.application_owner = owner.id
    refused = answered(await fake.slash(member, "health", locale=locale)).response
    assert refused is not None and refused.ephemeral and refused.content == refusal
    shown = answered(await fake.slash(owner, "health", locale=locale))
    assert all(f.ephemeral for f in shown.followups) and shown.followups
    report = shown.followups[0].text
    assert report.splitlines()[0].startswith("**") and str(member.id) not in report
    posts = len(public_messages(fake))
    assert len(public_messages(fake)) == posts  # nothing public
    hidden = next(c for c in fake.synced_commands[None] if c["name"] == "health")
    assert str(hidden["default_member_permissions"]) == "0"  # hidden from members; refused to admins too
    assert bot.metrics.uptime_s() >= 0
