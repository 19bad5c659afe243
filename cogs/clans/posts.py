"""Clans' public posts: the start of a game (with every player's clan by DM), and the message after each action
(what happened, the board, who acts next), each a new message in the game's channel, in the game's language.

``ClansPosts`` holds what posting needs (the bot, the service, the board images, the village-order menus) and the
game's AI turns, which a post hands the turn to when an AI acts next.
"""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import Any

import discord

from cogs.bot_base import BotBase
from cogs.clans import messages as text
from cogs.clans.ai_runs import RunAnnouncer, thinking_text
from cogs.clans.ai_turns import AITurns
from cogs.clans.boards import BoardImages
from cogs.clans.history_text import with_catch_up
from cogs.clans.move_panel import turn_view
from cogs.clans.order_menus import OrderMenus, order_settled_text, order_view
from cogs.components import pings
from cogs.days_off_texts import turn_suffix
from cogs.drawing import behind
from cogs.replay_button import replay_view
from cogs.web_links import linked
from engine.clans import Move, order_consequences
from errors import GameError
from render.clans.board_image import RecentMoves
from render.clans.told_chart import chart_name, told_chart, told_lines
from service.ai_pool import AiPoolError
from service.clans.deadlines import Deadlines
from service.clans.games import ClansService
from service.clans.private_board import PrivateBoard
from service.clans.tables import Played, Table
from texts import of_game, texts
from texts import seat_mention as mention
from texts.usertext import clean_name, shown_name

log = logging.getLogger("clans.cog")

Send = Callable[..., Awaitable[Any]]


class ClansPosts:
    """What Clans posts, and the AI turns its posts hand the game to."""

    def __init__(self, bot: BotBase, service: ClansService, deadlines: Deadlines) -> None:
        self.bot = bot
        self.service = service
        self.deadlines = deadlines
        self.boards = BoardImages(bot.drawing)  # the bot's drawing slots, shared with every game
        self.order_menus = OrderMenus()
        settings = bot.config
        self.ai = AITurns(
            service, RunAnnouncer(bot, self.announce), settings.ai_delay_s, settings.ai_budget_s, settings.ai_rollouts
        )

    def post_in(self, table: Table) -> Send:
        """Posting a new message in the game's channel or thread: the only kind of message Discord notifies
        its mentions of (an edit, or the follow-up filling a "thinking…" answer, pings nobody)."""
        return self.bot.get_partial_messageable(table.record.channel_id).send

    async def board_file(
        self, table: Table, final: bool = False, mine: PrivateBoard | None = None, recent: RecentMoves | None = None
    ) -> discord.File:
        return await self.boards.file(
            of_game(table.record), table.view, [clean_name(n) for n in table.names], final, mine, recent
        )

    async def told_file(self, table: Table) -> discord.File | None:
        """The picture of what each move told the table (service/clans/told.py), in the game's language, drawn off
        the event loop; None (logged) when the AI's workers could not work it out: the result is posted anyway."""
        try:
            told = await self.service.told(table.id)
        except (AiPoolError, GameError) as error:
            log.warning("No picture of what each move told in game %s: %s", table.id, error)
            return None
        t = of_game(table.record)
        png = await self.bot.drawing.draw(told_chart, t, told.seats, told.telling, told.moves)
        words = "\n".join(told_lines(t, told.seats, told.telling, shown_name))  # names as the post shows them
        return discord.File(io.BytesIO(png), filename=chart_name(table.id), description=words[:1024])

    # --- the start -------------------------------------------------------------------------------------------------

    async def begin(self, table: Table) -> None:
        """The start post: a new message, so that every player, the first mover among them, is notified; then every
        player's clan by DM, and the first turn's AI."""
        t = of_game(table.record)
        send = linked(self.bot, t, table.record, self.post_in(table))  # with the game's web page
        seats = "\n".join(f"{s.seat + 1}. {mention(s)}" for s in table.record.seats)
        first = table.mover
        left = turn_suffix(t, table.record, first, self.service.now())
        if first.user_id is not None:
            who_first = t._(
                "{player} moves first: press **Play my turn** (or type `/clans move from to`){left}.",
                player=mention(first),
                left=left,
            )
        else:  # an AI seat is told nothing to type: it plays by itself
            who_first = t._("{player} moves first.", player=mention(first))
        lines = [
            t._("**Clans game #{game} has started!**", game=table.id),
            seats,
            t._("Every player got their secret clan by DM; **Show my clan** shows it again, only to you."),
            who_first,
        ]
        embed = discord.Embed(title=t._("Game #{game} — move 1", game=table.id), colour=text.BRAND)
        embed.set_footer(text=text.score_footer(t, table.view))
        extra: dict[str, Any] = {}
        if table.ai_to_act:  # the AI's run posts the first board, pinging the first human to move
            lines.append(thinking_text(t, shown_name(first.name)))
        else:
            embed.set_image(url=f"attachment://{text.BOARD_FILE}")
            extra["file"] = await self.board_file(table)
        buttons = turn_view(t, table)
        if buttons is not None:
            extra["view"] = buttons
        await send(content="\n".join(lines), embed=embed, allowed_mentions=pings(table.record.seats), **extra)
        await self._send_clans(table, send)
        self.ai.after(table)

    async def _send_clans(self, table: Table, send: Send) -> None:
        unreachable = []
        for seat in table.record.seats:
            if seat.user_id is None:
                continue
            clan = await self.service.my_clan(table.id, seat.user_id)
            own = texts(await self.service.user_language(seat.user_id))  # a DM: the player's own language
            try:
                channel = await self.bot.create_dm(discord.Object(seat.user_id))
                await channel.send(embed=text.clan_embed(own, clan, table.id, table.record.channel_id))
            except discord.HTTPException:
                unreachable.append(seat)
        if unreachable:
            who = ", ".join(mention(s) for s in unreachable)
            t = of_game(table.record)
            await send(
                content=t._("I could not DM {players}: use `/clans myclan` here to see your secret clan.", players=who),
                allowed_mentions=pings(unreachable),
            )

    # --- after an action -------------------------------------------------------------------------------------------

    async def announce(
        self,
        played: Played,
        send: Send | None = None,
        *,
        notice: str = "",
        earlier: Sequence[Played] = (),
        extra_view: discord.ui.View | None = None,
    ) -> None:
        """The public message after an action: what happened, the board, and who acts next, pinging them
        (``send`` creates a message, by default in the game's channel: see ``post_in``). When an AI acts next, no
        board: the AI's run posts it.

        ``earlier`` actions of the same run (an autopilot turn, a catch-up) are listed in the same message,
        after ``notice``. Once it is posted, the game records the action as announced.
        """
        record = played.table.record
        send = linked(self.bot, of_game(record), record, send or self.post_in(played.table))  # the game's web page
        try:
            reading = await self._announce(played, send, notice, earlier, extra_view)
            await self.deadlines.mark_announced(played.table.id, played.table.view.ply)
            if reading is not None:
                await reading()
        finally:  # the commit already woke the clock (ClockScheduler.follow)
            self.ai.after(played.table)  # the action is committed: an AI to move plays, announced or not

    async def _announce(
        self, played: Played, send: Send, notice: str, earlier: Sequence[Played], extra_view: discord.ui.View | None
    ) -> Callable[[], Awaitable[None]] | None:
        """Posts the message; at a game's end, returns what fills in the result's reading once it is posted."""
        table, outcome = played.table, played.outcome
        t = of_game(table.record)
        before = [text.earlier_embed(t, earlier)] if earlier else []
        lead = f"{notice}\n" if notice else ""
        if isinstance(outcome.move, Move) and outcome.move.is_village_choice:  # an AI's or an ephemeral choice
            settled = order_settled_text(t, played.actor, outcome.villages, table.view.pending)
            await self.order_menus.settle(self.bot, table.id, settled)
        view = table.view
        seats = table.record.seats
        if outcome.game_over and view.result is not None:
            embeds = [*before, text.move_embed(t, outcome, played.actor, view, with_image=False, game_id=table.id)]
            humans = " ".join(mention(s) for s in seats if s.user_id is not None)
            board = await self.board_file(table, final=True)
            over = t._("Game over! {players}", players=humans)
            posted = await send(
                content=f"{lead}{over}",
                embeds=[*embeds, text.final_embed(t, view.result, seats, table.id)],
                file=board,
                view=replay_view(t, table.record.game, table.id),
                allowed_mentions=pings(seats),
            )
            return partial(self._fill_in_reading, table, posted, embeds)
        mover = table.mover
        if table.ai_to_act:
            # The AI's run posts the next board and pings the human after it: this post (no board) says it thinks.
            embeds = [*before, text.move_embed(t, outcome, played.actor, view, with_image=False, game_id=table.id)]
            thinking = thinking_text(t, shown_name(mover.name), notice)
            extra = {"view": extra_view} if extra_view is not None else {}
            await send(content=thinking, embeds=embeds, allowed_mentions=pings([]), **extra)
            return None
        embeds = [*before, text.move_embed(t, outcome, played.actor, view, with_image=True, game_id=table.id)]
        left = turn_suffix(t, table.record, mover, self.service.now()) if mover.user_id else ""
        if view.pending:
            choose = t._("{player}, choose which village is founded next{left}:", player=mention(mover), left=left)
            content = f"{lead}{choose}"
            menu = turn_view(t, table, order_view(t, table.id, view.ply, order_consequences(view)))
            board = await self.board_file(table)
            posted = await send(content=content, embeds=embeds, file=board, view=menu, allowed_mentions=pings([mover]))
            self.order_menus.remember(table, posted)
        else:
            if mover.user_id:
                content = t._("{player}, your move{left}.", player=mention(mover), left=left)
            else:  # an AI seat that did not act (its run failed): the sweep tries again
                content = t._("{player} moves next.", player=shown_name(mover.name))
            # What else happened since their last move; this message shows the last actions, and with two
            # seats that is all there is (so a two-player move stays at one read and one write).
            recent = hut_moves([*earlier, played])  # the board numbers every move since the mover's last one
            if mover.user_id and len(seats) > 2:
                shown = len(earlier) + 1
                history = await self.service.catch_up(table, mover.seat, shown=shown)
                content = with_catch_up(t, content, history)
                recent = [(f.turn, f.action) for f in history.facts if isinstance(f.action, Move)] + recent
            buttons = turn_view(t, table, extra_view)  # the move panel's and "show my clan" buttons
            extra = {"view": buttons} if buttons is not None else {}
            board = await self.board_file(table, recent=recent)
            await send(content=lead + content, embeds=embeds, file=board, allowed_mentions=pings([mover]), **extra)
        return None

    async def _fill_in_reading(self, table: Table, posted: discord.Message, embeds: list[discord.Embed]) -> None:
        """The result's reading, once the result is posted: what each AI seat believed, and the picture of what
        each move told (both worked out in the AI's workers, which may be busy with other games' decisions for
        seconds), edited into the result (an edit notifies nobody again). Its drawing waits behind, as an AI
        turn's: nobody's command waits on it."""
        view, t = table.view, of_game(table.record)
        assert view.result is not None
        token = behind.set(True)
        try:
            try:
                guesses = await self.service.ai_guesses(table)
            except GameError as error:  # the game is gone: the result stands as posted
                log.warning("No guesses for the result of game %s: %s", table.id, error)
                guesses = []
            told = await self.told_file(table)
        finally:
            behind.reset(token)
        if not guesses and told is None:
            return
        final = text.final_embed(t, view.result, table.record.seats, table.id, guesses)
        attachments: list[discord.Attachment | discord.File] = [*posted.attachments]
        if told is not None:
            attachments.append(told)
        try:
            await posted.edit(embeds=[*embeds, final], attachments=attachments)
        except discord.HTTPException as error:  # the result stands without its reading
            log.warning("Could not add the reading to the result of game %s: %s", table.id, error)


def hut_moves(run: Sequence[Played]) -> list[tuple[int, Move]]:
    """The hut moves of ``run`` with their move numbers (the view after a hut move counts it)."""
    return [
        (p.table.view.turn, p.outcome.move)
        for p in run
        if isinstance(p.outcome.move, Move) and not p.outcome.move.is_village_choice
    ]


async def answer_privately(interaction: discord.Interaction) -> None:
    """Answer a slash command at once, seen by its user only: the table reads the action in the game's own new
    message, which pings the next player (the follow-up filling a public "thinking…" answer would ping nobody)."""
    await interaction.response.defer(ephemeral=True, thinking=True)


async def drop_private_answer(interaction: discord.Interaction) -> None:
    """The action is posted: remove the user's private "thinking…" answer rather than leave it loading."""
    with contextlib.suppress(discord.HTTPException):  # else it stays, saying the bot thought: harmless
        await interaction.delete_original_response()
