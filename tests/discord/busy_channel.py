"""A busy channel under Discord's rate limits: two Clans games with AI seats whose humans move the moment the
store says it is their turn, for the bot test (test_bot_busy_channel.py) and the bench (bench/rate_limits.py).

A channel holds one open game (the database's rule), so the second game is in a thread of the channel, as
`/clans new` puts a game when it may; the two share the bot's global limit, each has its own channel window.
"""

from __future__ import annotations

import asyncio
import re
import statistics
from dataclasses import dataclass, field
from typing import Any

from botkit import cog, custom_ids, message_with, open_game, peek, users
from fakediscord import Call, FakeChannel, FakeDiscord, FakeUser, InteractionResult

from bot import GameBot
from engine.clans import Move, Phase, legal_moves

POLL_S = 0.002
"""How often a waiting player looks at the store: a human who moves as soon as the turn is theirs."""


@dataclass
class Busy:
    results: list[InteractionResult] = field(default_factory=list)
    left_to_sweep: list[tuple[int, int]] = field(default_factory=list)
    """(game, ply) of AI turns nobody played until the sweep ran (no AI task, every bot task finished)."""
    games: dict[int, FakeChannel] = field(default_factory=dict)


async def open_two_games(fake: FakeDiscord, seeds: tuple[int, int] = (3, 4)) -> tuple[dict[int, FakeUser], Busy]:
    alice, bob, carol, dave = users(fake, 4)
    thread = fake.thread(950, "clans-2", parent_id=fake.channel.id)
    busy = Busy()
    busy.games[await open_game(fake, [alice, bob], ai=["easy", "easy"])] = fake.channel
    busy.games[await open_game(fake, [carol, dave], ai=["easy", "easy"], channel=thread)] = thread
    return {u.id: u for u in (alice, bob, carol, dave)}, busy


async def play_fast(
    fake: FakeDiscord, bot: GameBot, people: dict[int, FakeUser], busy: Busy, actions: int, timeout_s: float = 120.0
) -> None:
    """Both games at once, until each has ``actions`` actions: every human acts the moment it is their turn."""

    async def drive(game_id: int, channel: FakeChannel) -> None:
        deadline = asyncio.get_running_loop().time() + timeout_s
        while True:
            assert asyncio.get_running_loop().time() < deadline, f"game {game_id} stalled"
            table = await peek(bot, game_id)
            if table.state.over or table.state.ply >= actions:
                return
            if table.mover.user_id is not None:
                await act(fake, bot, people[table.mover.user_id], game_id, table, channel, busy)
            elif game_id not in cog(bot).ai.games_with_tasks and not _bot_busy(fake):
                again = await peek(bot, game_id)  # nothing runs that could still hand the turn on
                if again.state.ply == table.state.ply and again.mover.user_id is None:
                    busy.left_to_sweep.append((game_id, table.state.ply))
                    await cog(bot).sweep.run_once()  # what the 5-second sweep would do
            await asyncio.sleep(POLL_S)

    await asyncio.gather(*(drive(game_id, channel) for game_id, channel in busy.games.items()))
    await fake.settle(timeout=timeout_s)


def _bot_busy(fake: FakeDiscord) -> bool:
    return any(not t.done() for t in fake._bot_tasks)


async def act(
    fake: FakeDiscord,
    bot: GameBot,
    user: FakeUser,
    game_id: int,
    table: Any,
    channel: FakeChannel,
    busy: Busy,
) -> None:
    ply = table.state.ply
    moves = legal_moves(table.state)
    if table.state.phase is Phase.ORDER:
        menu = await _posted(fake, f"clans:order:{game_id}:{ply}", channel)  # its post may wait on the limits
        custom_id = next(c for c in custom_ids(menu) if c.startswith("clans:order:"))
        result = await fake.select(user, menu, custom_id, [str(moves[0].src)], settle=False)
    else:
        move = moves[ply % len(moves)]
        result = await fake.slash(user, "clans move", {"from": move.src, "to": move.dst}, channel=channel, settle=False)
    busy.results.append(result)
    while not refused(result) and (await peek(bot, game_id)).state.ply == ply:  # committed, or refused
        await asyncio.sleep(POLL_S)


def refused(result: InteractionResult) -> bool:
    """The bot answered with an ephemeral reply instead of acting (a refusal)."""
    response = result.response
    return response is not None and response.callback_type == 4 and response.ephemeral


async def _posted(fake: FakeDiscord, prefix: str, channel: FakeChannel) -> dict[str, Any]:
    while True:
        try:
            return message_with(fake, prefix, channel)
        except LookupError:
            await asyncio.sleep(POLL_S)


ARROW = re.compile(r"(\d+) → (\d+)")


def public_text(fake: FakeDiscord, channel: FakeChannel) -> str:
    """Every text ever shown in ``channel`` outside ephemeral replies, edited-away versions included."""
    texts = []
    for call in fake.calls:
        message = fake._message_after(call)
        if message is None or message["flags"] & 64 or int(message["channel_id"]) != channel.id:
            continue
        body = (call.json.get("data") or {}) if call.path.endswith("/callback") else (call.json or {})
        texts.append(str(body.get("content") or "") + "\n" + _embed_text(body.get("embeds") or []))
    return "\n".join(texts)


def _embed_text(embeds: list[dict[str, Any]]) -> str:
    parts = []
    for embed in embeds:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f.get("name", "") + " " + f.get("value", "") for f in embed.get("fields") or []]
    return "\n".join(parts)


async def unannounced(fake: FakeDiscord, bot: GameBot, busy: Busy) -> list[str]:
    """Hut moves in the store that no public post of their game's channel shows (as "src → dst")."""
    missing = []
    for game_id, channel in busy.games.items():
        shown = ARROW.findall(public_text(fake, channel))
        for record in await bot.store.moves(game_id):
            move = Move.parse(record.action)
            if not move.is_village_choice:
                pair = (str(move.src), str(move.dst))
                if pair in shown:
                    shown.remove(pair)
                else:
                    missing.append(f"game {game_id} ply {record.ply}: {record.action}")
    return missing


def message_posts(fake: FakeDiscord) -> list[Call]:
    """The bot's messages: created or edited in a channel, or through an interaction's token."""
    return [
        c
        for c in fake.calls
        if c.method in ("POST", "PATCH") and ("/messages" in c.path or re.fullmatch(r"/webhooks/\d+/[^/]+", c.path))
    ]


def figures(fake: FakeDiscord, busy: Busy) -> dict[str, float]:
    waits = sorted(c.waited for c in message_posts(fake))
    created = sorted(c.waited for c in message_posts(fake) if c.method == "POST" and c.path.startswith("/channels/"))
    latencies = [r.latency for r in busy.results]
    return {
        "actions_by_humans": len(busy.results),
        "refused_actions": sum(1 for r in busy.results if refused(r)),
        "rate_limited_429": len(fake.rate_limited),
        "messages": len(waits),
        "messages_waited": sum(1 for w in waits if w > 0.01),
        "message_wait_p50_s": statistics.median(waits),
        "message_wait_p99_s": _p99(waits),
        "message_wait_max_s": waits[-1],
        "channel_posts": len(created),
        "channel_post_wait_p50_s": statistics.median(created) if created else 0.0,
        "channel_post_wait_p99_s": _p99(created) if created else 0.0,
        "first_answer_max_s": max(latencies),
        "ai_turns_left_to_sweep": len(busy.left_to_sweep),
    }


def _p99(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
