"""What every part of the /clans cog shares: the service, the AI turns, board images, and the public
announcement after an action."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from cogs.clans import clock_texts
from cogs.clans import messages as text
from cogs.clans.ai_runs import RunAnnouncer, thinking_text
from cogs.clans.ai_sweep import AiSweep
from cogs.clans.ai_turns import AITurns
from cogs.clans.boards import BoardImages
from cogs.clans.clock_views import CLANS_NOTIFY
from cogs.clans.history_text import with_catch_up
from cogs.clans.move_panel import turn_view
from cogs.clans.order_menus import OrderMenus, order_settled_text, order_view
from cogs.clans.replays import clans_replays, replay_view
from cogs.clans.shared import mention, service_of
from cogs.components import pings
from cogs.frame import Frame
from cogs.game_commands import GameCommands
from cogs.game_turns import GameTurns
from cogs.lobby import GameLobby
from engine.clans import Move, order_consequences
from render.clans.board_image import RecentMoves
from service.clans.deadlines import Deadlines
from service.clans.games import KIND, GameService
from service.clans.private_board import PrivateBoard
from service.clans.tables import Played, Table
from texts import of_game
from texts.usertext import clean_name, shown_name

log = logging.getLogger("clans.cog")

Send = Callable[..., Awaitable[Any]]


class ClansBase(GameTurns, GameCommands):
    """Shared by the command modules; only ClansCog, the /clans GroupCog built from them, is ever loaded."""

    def __init__(self, bot: Frame) -> None:
        self.bot = bot
        self.games: GameService = service_of(bot)
        self.boards = BoardImages(bot.drawing)  # the frame's drawing slots, shared with every game
        self.order_menus = OrderMenus()
        settings = bot.config
        self.replays = bot.replays  # the frame's desk, shared with every game
        self.replays.serve(clans_replays(self.games))
        self.deadlines: Deadlines = Deadlines(self.games)
        from cogs.clans.clock import TurnScheduler

        self.clock = TurnScheduler(self, self.deadlines)  # type: ignore[arg-type]
        self.follow_turns(self.games.turns)
        self.ai: AITurns = AITurns(
            self.games,
            RunAnnouncer(bot, self.announce),
            settings.ai_delay_s,
            settings.ai_budget_s,
            settings.ai_rollouts,
        )
        self.sweep = AiSweep(self.games.claims, self.ai, settings.ai_sweep_s, game=self.games.kind)
        self.lobby = GameLobby(bot, self.games, self.games.start, self.begin_game, text.BRAND)
        self.game_kind = KIND
        self.notify_words = CLANS_NOTIFY

    async def begin_game(self, table: Table) -> None:
        """The game's start post and what follows it (cogs/clans/lobby.py)."""
        raise NotImplementedError

    async def announce(
        self,
        played: Played,
        send: Send,
        *,
        notice: str = "",
        earlier: Sequence[Played] = (),
        extra_view: discord.ui.View | None = None,
    ) -> None:
        """The public message after an action: what happened, the board, and who acts next, pinging them
        (``send`` creates a message: see ``post_in``). When an AI acts next, no board: the AI's run posts it.

        ``earlier`` actions of the same run (an autopilot turn, a catch-up) are listed in the same message,
        after ``notice``. Once it is posted, the game records the action as announced.
        """
        try:
            await self._announce(played, send, notice, earlier, extra_view)
            await self.deadlines.mark_announced(played.table.id, played.table.view.ply)
        finally:  # the commit already woke the clock (ClockScheduler.follow)
            self.ai.after(played.table)  # the action is committed: an AI to move plays, announced or not

    async def _announce(
        self, played: Played, send: Send, notice: str, earlier: Sequence[Played], extra_view: discord.ui.View | None
    ) -> None:
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
            embeds = [
                *before,
                text.move_embed(t, outcome, played.actor, view, with_image=False, game_id=table.id),
                text.final_embed(t, view.result, seats, table.id, await self.games.ai_guesses(table)),
            ]
            humans = " ".join(mention(s) for s in seats if s.user_id is not None)
            board = await self.board_file(table, final=True)
            over = t._("Game over! {players}", players=humans)
            await send(
                content=f"{lead}{over}",
                embeds=embeds,
                file=board,
                view=replay_view(t, table.id),
                allowed_mentions=pings(seats),
            )
            return
        mover = table.mover
        if table.ai_to_act:
            # The AI's run posts the next board and pings the human after it: this post (no board) says it thinks.
            embeds = [*before, text.move_embed(t, outcome, played.actor, view, with_image=False, game_id=table.id)]
            thinking = thinking_text(t, shown_name(mover.name), notice)
            extra = {"view": extra_view} if extra_view is not None else {}
            await send(content=thinking, embeds=embeds, allowed_mentions=pings([]), **extra)
            return
        embeds = [*before, text.move_embed(t, outcome, played.actor, view, with_image=True, game_id=table.id)]
        left = clock_texts.clock_suffix(t, table.record.deadline_at, self.games.now()) if mover.user_id else ""
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
                history = await self.games.catch_up(table, mover.seat, shown=shown)
                content = with_catch_up(t, content, history)
                recent = [(f.turn, f.action) for f in history.facts if isinstance(f.action, Move)] + recent
            buttons = turn_view(t, table, extra_view)  # the move panel's and "show my clan" buttons
            extra = {"view": buttons} if buttons is not None else {}
            board = await self.board_file(table, recent=recent)
            await send(content=lead + content, embeds=embeds, file=board, allowed_mentions=pings([mover]), **extra)

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

    async def refresh_lobby(self, game_id: int) -> None:
        await self.lobby.refresh(game_id)


def hut_moves(run: Sequence[Played]) -> list[tuple[int, Move]]:
    """The hut moves of ``run`` with their move numbers (the view after a hut move counts it)."""
    return [
        (p.table.view.turn, p.outcome.move)
        for p in run
        if isinstance(p.outcome.move, Move) and not p.outcome.move.is_village_choice
    ]


def channel_id(interaction: discord.Interaction) -> int:
    assert interaction.channel_id is not None
    return interaction.channel_id


async def answer_privately(interaction: discord.Interaction) -> None:
    """Answer a slash command at once, seen by its user only: the table reads the action in the game's own new
    message, which pings the next player (the follow-up filling a public "thinking…" answer would ping nobody)."""
    await interaction.response.defer(ephemeral=True, thinking=True)


async def drop_private_answer(interaction: discord.Interaction) -> None:
    """The action is posted: remove the user's private "thinking…" answer rather than leave it loading."""
    with contextlib.suppress(discord.HTTPException):  # else it stays, saying the bot thought: harmless
        await interaction.delete_original_response()
