"""Alexandros' public posts: the "your turn" post with its board image and panel button, what the AI seats
did, and the end. In the game's language; each post is a new message (Discord notifies no edit) that pings only
the player it names: the next mover, or at the end everyone who played."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterable, Sequence
from typing import Any

import discord
from discord import ui

import engine.alexandros as alex
from cogs.alexandros.actions import alexandros_actions, alexandros_service
from cogs.alexandros.turn_button import panel_button_view
from cogs.bot_base import bot_of
from cogs.components import pings
from cogs.days_off_texts import turn_suffix
from cogs.drawing import Drawing
from cogs.replay_button import replay_view
from cogs.web_links import with_page_link
from engine.alexandros.facts import Told
from render.alexandros import render_board
from service.alexandros import Acted, AlexTable
from service.records import SeatRecord
from texts import Texts, mention, of_game
from texts.alexandros.names import end_reason_text
from texts.alexandros.story import story_lines
from texts.usertext import clean_name, shown_name

log = logging.getLogger("clans.alexandros")

COLOUR = discord.Colour(0x2E5E8C)
"""Alexandros' colour in its embeds (the lobby's)."""
MAX_LINES = 20
"""At most this many actions are listed in one post (a long run of AI turns is cut at the front)."""
STORY_CHARS = 1500
"""At most this many characters of them: the rest of Discord's 2,000 is the post's own."""


async def board_file(
    drawing: Drawing,
    t: Texts,
    view: alex.PublicView,
    names: Sequence[str],
    targets: Sequence[tuple[str, int]] = (),
    paths: Sequence[tuple[str, Sequence[int]]] = (),
    new_walls: int = 0,
) -> discord.File:
    """The board image, drawn in the bot's drawing slots (off the event loop, a few at a time); ``paths``:
    the candidate wall paths, labelled as the panel numbers them; ``new_walls``: the sides walled by the turns
    the post tells, marked as new."""
    drawn = [clean_name(name) for name in names]
    png = await drawing.draw(
        render_board, view, drawn, targets=tuple(targets), t=t, paths=tuple(paths), new_walls=new_walls
    )
    return discord.File(io.BytesIO(png), filename="alexandros.png")


def built_walls(told: Iterable[Told]) -> int:
    """The sides walled by these actions, one bit per side."""
    sides = 0
    for fact in told:
        sides |= fact.sides
    return sides


def whole_turns(actions: Sequence[Acted]) -> list[Told]:
    """Every action of the turns of ``actions``, the earlier ones of each turn included, in order."""
    return [told for acted in actions for told in acted.turn]


def turn_lines(t: Texts, table: AlexTable, actions: Sequence[Acted]) -> list[str]:
    """What the turns of ``actions`` did, whole (each with the earlier actions of its turn), in few enough lines
    and characters to leave the post's own words room."""
    return story_of(t, table, whole_turns(actions))


def story_of(t: Texts, table: AlexTable, said: Sequence[Told]) -> list[str]:
    """The lines telling ``said``; a long run of turns is cut at the front, a whole line at a time."""
    names = [shown_name(seat.name) for seat in table.record.seats]
    told = story_lines(t, names, said)
    lines = told[-MAX_LINES:]
    while len(lines) > 1 and sum(len(line) + 1 for line in lines) > STORY_CHARS:
        lines.pop(0)
    return ["…", *lines] if len(lines) < len(told) else lines


async def post_turn(
    client: discord.Client,
    table: AlexTable,
    lines: Sequence[str] = (),
    new_walls: int = 0,
    also_ping: Sequence[SeatRecord] = (),
) -> None:
    """The public post after a turn passed: what happened, the board, and who is to move (or the end), with the
    time left on a timed turn. Once it is out, the game's actions up to it count as announced (catch-up skips
    them). ``also_ping``: the players ``lines`` name besides the mover (the start post's seats)."""
    t = of_game(table.record)
    channel = client.get_partial_messageable(table.record.channel_id)
    lead = "\n".join(lines)
    scores = " · ".join(f"{shown_name(seat.name)} {table.view.scores[seat.seat]}" for seat in table.record.seats)
    extra: dict[str, Any] = {}
    if table.over:
        winners = [seat for seat in table.record.seats if seat.seat in table.winners]
        content = t._(
            "Alexandros #{game} is over ({reason}). Winner: {winners}. Points: {scores}",
            game=table.id,
            reason=end_reason_text(t, table.view.end_reason),
            winners=t.listing(shown_name(seat.name) for seat in winners),
            scores=scores,
        )
        players = [seat for seat in table.record.seats if seat.user_id is not None]
        if players:  # everyone who played hears of the end, resigned players too
            content += "\n" + " ".join(mention(seat.user_id) for seat in players if seat.user_id is not None)
        mentions = pings(players)
        extra["view"] = replay_view(t, table.record.game, table.id)
    elif table.mover.user_id is not None:
        content = t._(
            "{player}, your turn in Alexandros #{game}. Points: {scores}",
            player=mention(table.mover.user_id),
            game=table.id,
            scores=scores,
        )
        content += turn_suffix(t, table.record, table.mover, alexandros_service(client).now())
        mentions = pings([table.mover, *also_ping])
        extra["view"] = panel_button_view(t, table.id, table.record.snapshot_ply)
    else:
        content = t._("{player} is to move. Points: {scores}", player=shown_name(table.mover.name), scores=scores)
        mentions = pings(also_ping)
    view = with_page_link(client, t, table.record, extra.get("view"))  # the game's web page
    if view is not None:
        extra["view"] = view
    file = await board_file(bot_of(client).drawing, t, table.view, table.names, new_walls=new_walls)
    text = f"{lead}\n{content}" if lead else content
    try:
        await channel.send(content=text[-2000:], file=file, allowed_mentions=mentions, **extra)
    except (discord.Forbidden, discord.NotFound):  # the channel is gone or closed to the bot: nothing to catch up
        log.warning("Alexandros game %s's channel cannot be posted to", table.id)
    except discord.HTTPException:
        log.warning("Could not post the turn of Alexandros game %s", table.id)
        return
    await alexandros_service(client).mark_announced(table.id, table.record.snapshot_ply)


async def after_action(client: discord.Client, acted: Acted) -> None:
    """An action is committed: when the turn passed (or the game ended), the table hears what happened, with
    the next "your turn" post; when an AI seat is next, its run (cogs/alexandros/ai_turns.py) posts it all."""
    table = acted.table
    if not table.over and table.view.to_move == acted.seat.seat:
        return  # the mover's turn goes on in their panel
    if table.ai_to_act:
        alexandros_actions(client).schedule_ai(table.id, lead=[acted])
        return
    walls = built_walls(whole_turns([acted]))
    await post_turn(client, table, turn_lines(of_game(table.record), table, [acted]), walls)


def as_view(items: Sequence[ui.Item[Any]]) -> ui.View:
    view = ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view
