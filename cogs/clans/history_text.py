"""The move log in words: one compact line per action, pages for `/clans history`, the catch-up of the
"your move" ping, and the list of `/clans games`. Public information only (colour squares of a village are
on the board for all to see; nothing here knows who holds which clan)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from cogs.clans.clock_texts import pace_name
from cogs.clans.messages import BRAND
from cogs.days_off_texts import turn_suffix
from service.clans.history import MoveFact
from service.clans.overview import GameHistory, SeatedGame
from texts import N_, Texts
from texts.clans.story import action_line
from texts.usertext import shown_name

HISTORY_PAGE = 15
"""Lines per page of `/clans history`: 15 of at most ~200 characters stay well inside an embed."""
CATCH_UP_LINES = 8
"""The "your move" ping lists at most this many actions; older ones are counted and left to /clans history."""
CONTENT_LIMIT = 2000
"""Discord's limit for a message's text."""


def fact_line(t: Texts, fact: MoveFact, names: Sequence[str]) -> str:
    """``**12.** alice 23 → 24 · 🏠 24 🌲 +5 🟥🟦 · ⏳ epoch 2`` (texts/clans/story.py, for a message)."""
    return action_line(t, fact, shown_name(names[fact.seat]), lambda turn: f"**{turn}.**")


def page_count(history: GameHistory) -> int:
    return max(1, -(-len(history.facts) // HISTORY_PAGE))


STATES = {"running": N_("running"), "finished": N_("finished"), "cancelled": N_("cancelled")}


def page_facts(history: GameHistory, page: int) -> tuple[MoveFact, ...]:
    """The actions on page ``page`` (0-based, clamped). Pages are counted back from the latest action, so the
    last page, where `/clans history` opens, is a full page of the latest actions; the first holds the rest."""
    pages = page_count(history)
    page = min(max(page, 0), pages - 1)
    end = len(history.facts) - (pages - 1 - page) * HISTORY_PAGE
    return history.facts[max(end - HISTORY_PAGE, 0) : end]


def history_embed(t: Texts, history: GameHistory, page: int) -> discord.Embed:
    """Page ``page`` (0-based, clamped) of a game's history, read like the channel: oldest at the top, the latest
    at the bottom. It opens on the last page: the latest actions, what a reader coming back asks first."""
    pages = page_count(history)
    page = min(max(page, 0), pages - 1)
    facts = page_facts(history, page)
    record = history.record
    state = t._(STATES[record.status]) if record.status in STATES else ""
    embed = discord.Embed(title=t._("Game #{game} — history ({state})", game=record.id, state=state), colour=BRAND)
    embed.description = "\n".join(fact_line(t, f, history.names) for f in facts) or t._("No move yet.")
    actions = t.n_("{count} action", "{count} actions", len(history.facts), count=len(history.facts))
    embed.set_footer(text=t._("Page {page}/{pages} · {actions}", page=page + 1, pages=pages, actions=actions))
    return embed


def catch_up_text(t: Texts, history: GameHistory, limit: int = CATCH_UP_LINES) -> str:
    """A few lines on what happened since the player's last move ('' if nothing did)."""
    facts = history.facts
    if not facts:
        return ""
    lines = [fact_line(t, f, history.names) for f in facts[-limit:]]
    if len(facts) > limit:
        lines.insert(0, "… " + t._("{count} earlier (`/clans history`)", count=len(facts) - limit))
    return t._("Since your last move:") + "\n" + "\n".join(lines)


def with_catch_up(t: Texts, content: str, history: GameHistory) -> str:
    """``content`` followed by the catch-up, shortened until the message fits Discord's limit."""
    for limit in (CATCH_UP_LINES, 4, 2, 1):
        extra = catch_up_text(t, history, limit)
        text = f"{content}\n{extra}" if extra else content
        if len(text) <= CONTENT_LIMIT:
            return text
    return content


def channel_link(guild_id: int | None, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


def games_embed(t: Texts, games: Sequence[SeatedGame], now: datetime) -> discord.Embed:
    """`/clans games`: every running game the user sits in, their own turns first, with pace and time left."""
    embed = discord.Embed(title=t._("Your Clans games"), colour=BRAND)
    if not games:
        embed.description = t._("You are not playing in any running game. Open one with `/clans new`.")
        return embed
    lines = []
    for game in games:
        if game.yours:
            who = (
                t._("**your turn** to choose the village order")
                if game.waiting_for_order
                else t._("**your turn** to move")
            )
        elif game.waiting_for_order:
            who = t._("{player} to choose the village order", player=shown_name(game.mover.name))
        else:
            who = t._("{player} to move", player=shown_name(game.mover.name))
        link = channel_link(game.record.guild_id, game.record.channel_id)
        left = turn_suffix(t, game.record, game.mover, now)
        game_link = f"{'▶ ' if game.yours else ''}[" + t._("Game #{game}", game=game.record.id) + f"]({link})"
        move = t._("move {number}", number=game.move_number)
        lines.append(f"{game_link} · {move} · {pace_name(t, game.record.pace)} · {who}{left}")
    embed.description = "\n".join(lines)[:4096]
    yours = sum(1 for g in games if g.yours)
    embed.set_footer(text=t._("{count} running · your turn in {yours}", count=len(games), yours=yours))
    return embed
