"""The move log in words: one compact line per action, pages for `/clans history`, the catch-up of the
"your move" ping, and the list of `/clans games`. Public information only (colour squares of a village are
on the board for all to see; nothing here knows who holds which clan)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from cogs.clock_texts import clock_suffix
from cogs.messages import BRAND
from engine import Move, Resign, Village
from service.describe import CLAN_SQUARE, TERRAIN_ICON
from service.history import MoveFact
from service.overview import GameHistory, SeatedGame
from usertext import shown_name
from words import count

HISTORY_PAGE = 15
"""Lines per page of `/clans history`: 15 of at most ~200 characters stay well inside an embed."""
CATCH_UP_LINES = 8
"""The "your move" ping lists at most this many actions; older ones are counted and left to /clans history."""
CONTENT_LIMIT = 2000
"""Discord's limit for a message's text."""


def village_note(village: Village) -> str:
    where = f"{village.territory} {TERRAIN_ICON[village.terrain]}"
    if village.destroyed:
        return f"💀 {where} doomed"
    if not village.size:
        return f"💨 {where} worth 0"
    squares = "".join(CLAN_SQUARE[c] for c in village.colours)
    return f"🏠 {where} +{village.value} {squares}"


def fact_line(fact: MoveFact, names: Sequence[str]) -> str:
    """``**12.** alice 23 → 24 · 🏠 24 🌲 +5 🟥🟦 · ⏳ epoch 2``."""
    name = shown_name(names[fact.seat])
    action = fact.action
    if isinstance(action, Resign):
        head = f"{name} resigned"
    elif isinstance(action, Move) and action.is_village_choice:
        head = f"↳ {name} founds {action.src} next"
    else:
        head = f"**{fact.turn}.** {name} {action.src} → {action.dst}"
    notes = [village_note(v) for v in fact.villages] + [f"⏳ epoch {e}" for e in fact.epochs_entered]
    if fact.game_over:
        notes.append("🏁 game over")
    return " · ".join([head, *notes])


def page_count(history: GameHistory) -> int:
    return max(1, -(-len(history.facts) // HISTORY_PAGE))


def history_embed(history: GameHistory, page: int) -> discord.Embed:
    """Page ``page`` (0-based, clamped) of a game's history: oldest first."""
    pages = page_count(history)
    page = min(max(page, 0), pages - 1)
    facts = history.facts[page * HISTORY_PAGE : (page + 1) * HISTORY_PAGE]
    record = history.record
    state = {"running": "running", "finished": "finished", "cancelled": "cancelled"}.get(record.status, "")
    embed = discord.Embed(title=f"Game #{record.id} — history ({state})", colour=BRAND)
    embed.description = "\n".join(fact_line(f, history.names) for f in facts) or "No move yet."
    embed.set_footer(text=f"Page {page + 1}/{pages} · {count(len(history.facts), 'action')}")
    return embed


def catch_up_text(history: GameHistory, limit: int = CATCH_UP_LINES) -> str:
    """A few lines on what happened since the player's last move ('' if nothing did)."""
    facts = history.facts
    if not facts:
        return ""
    lines = [fact_line(f, history.names) for f in facts[-limit:]]
    if len(facts) > limit:
        lines.insert(0, f"… {len(facts) - limit} earlier (`/clans history`)")
    return "Since your last move:\n" + "\n".join(lines)


def with_catch_up(content: str, history: GameHistory) -> str:
    """``content`` followed by the catch-up, shortened until the message fits Discord's limit."""
    for limit in (CATCH_UP_LINES, 4, 2, 1):
        extra = catch_up_text(history, limit)
        text = f"{content}\n{extra}" if extra else content
        if len(text) <= CONTENT_LIMIT:
            return text
    return content


def channel_link(guild_id: int | None, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


def games_embed(games: Sequence[SeatedGame], now: datetime) -> discord.Embed:
    """`/clans games`: every running game the user sits in, their own turns first, with pace and time left."""
    embed = discord.Embed(title="Your Clans games", colour=BRAND)
    if not games:
        embed.description = "You are not playing in any running game. Open one with `/clans new`."
        return embed
    lines = []
    for game in games:
        waiting = "choose the village order" if game.waiting_for_order else "move"
        who = "**your turn** to " + waiting if game.yours else f"{shown_name(game.mover.name)} to {waiting}"
        link = channel_link(game.record.guild_id, game.record.channel_id)
        left = clock_suffix(game.record.deadline_at, now)
        game_link = f"{'▶ ' if game.yours else ''}[Game #{game.record.id}]({link})"
        lines.append(f"{game_link} · move {game.move_number} · {game.record.pace} · {who}{left}")
    embed.description = "\n".join(lines)[:4096]
    yours = sum(1 for g in games if g.yours)
    embed.set_footer(text=f"{len(games)} running · your turn in {yours}")
    return embed
