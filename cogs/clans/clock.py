"""The one scheduler task behind every game's clock: reminders, timeouts and catching up announcements.

It sleeps until the earliest due event of any game (at most ``MAX_SLEEP_S``), and is woken early whenever a
deadline changes (a move, a start, a player coming back). A tick reads everything due in one indexed query,
lets the service claim and act on each due turn, and posts what happened; then it reads again who is away
(another process may have marked a player away: see ``Deadlines.load_away``). Tests drive ``tick()`` directly
with an injected clock; a tick and the background loop never overlap (one lock).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import discord

from cogs.clans import clock_texts as words
from cogs.clans.clock_views import back_view
from cogs.components import pings
from service import ClockEvent, Deadlines, Reminder, Timeout
from store import DueTurn
from texts import of_game, texts

if TYPE_CHECKING:
    from cogs.clans.cog import ClansCog

log = logging.getLogger("clans.clock")

MAX_SLEEP_S = 60.0
"""The loop looks again at least this often, even if nobody woke it."""
BATCH = 100
"""Due turns read per query; a tick keeps reading until none is left (at most MAX_BATCHES)."""
MAX_BATCHES = 50
CATCH_UP_AFTER = timedelta(seconds=30)
"""How long a committed move may stay unannounced before a tick posts it (its own announcement is late)."""
PARALLEL = 4
"""Due turns acted on at once (autopilot moves are CPU work off the event loop)."""


class TurnScheduler:
    def __init__(self, cog: ClansCog, deadlines: Deadlines) -> None:
        self.cog = cog
        self.deadlines = deadlines
        self._wake = asyncio.Event()
        self._lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._unannounced_since: dict[tuple[int, int], datetime] = {}
        self._next_look: datetime | None = None
        """When the sleeping loop looks again by itself (None: it is awake)."""
        self._stopping = False

    # --- the loop ---------------------------------------------------------------------------------------

    def start(self) -> None:
        self._stopping = False
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="clans-clock")

    def wake(self) -> None:
        """A deadline changed: look again now rather than at the time computed before."""
        self._wake.set()

    def wake_by(self, moment: datetime | None) -> None:
        """A turn's clock now needs the scheduler at ``moment``: wake the loop if it would look too late."""
        if moment is not None and (self._next_look is None or moment < self._next_look):
            self.wake()

    def stop(self) -> None:
        self._stopping = True
        if self._task is not None:
            self._task.cancel()

    async def stopped(self) -> None:
        """Stop the loop and wait until it has, so nothing of it runs on while the bot closes its database."""
        self.stop()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while not self._stopping:
            self._wake.clear()
            try:
                await self.tick()
                delay = await self._delay()
            except Exception:
                if self._stopping:  # the bot is closing under a tick (its database, its HTTP session)
                    return
                log.exception("The turn clock's tick failed; trying again shortly")
                delay = MAX_SLEEP_S
            self._next_look = self.deadlines.now() + timedelta(seconds=delay)
            # asyncio.timeout, not wait_for: Python 3.11's wait_for swallows a cancellation that arrives as the
            # event is set, and the loop then slept on while stopped() waited for it forever.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(delay):
                    await self._wake.wait()
            self._next_look = None

    async def _delay(self) -> float:
        first = await self.deadlines.next_due()
        if first is None:
            return MAX_SLEEP_S
        return min(MAX_SLEEP_S, max(0.0, (first - self.deadlines.now()).total_seconds()))

    # --- one tick -----------------------------------------------------------------------------------------

    async def tick(self) -> int:
        """Act on every due turn (each exactly once), then announce moves left unannounced. Returns how many
        due turns were handled."""
        async with self._lock:
            handled = 0
            limit = asyncio.Semaphore(PARALLEL)

            async def handle(due_turn: DueTurn) -> ClockEvent | None:
                async with limit:
                    try:
                        return await self.deadlines.handle(due_turn)
                    except Exception:
                        log.exception("Could not handle the clock of game %s", due_turn.game_id)
                        return None

            for _ in range(MAX_BATCHES):
                due = await self.deadlines.due(BATCH)
                events = await asyncio.gather(*(handle(d) for d in due))
                for event in events:
                    if event is not None:
                        await self._present(event)
                handled += len(due)
                if len(due) < BATCH:
                    break
            await self.catch_up(immediate=False)
            await self._close_idle_lobbies()
            await self._refresh_away()
            return handled

    async def _refresh_away(self) -> None:
        """Players another process marked away (or saw come back) since: this process's come-back check
        learns of them here, at most one look of the loop (``MAX_SLEEP_S``) later."""
        try:
            await self.deadlines.load_away()
        except Exception:
            log.exception("Could not read which players are away")

    async def _close_idle_lobbies(self) -> None:
        """Lobbies nobody started within a day are closed, with a note (``cogs.clans.overview``)."""
        try:
            await self.cog.close_idle_lobbies(self.deadlines.now())
        except Exception:
            log.exception("Could not close the idle lobbies")

    async def _present(self, event: ClockEvent) -> None:
        try:
            if isinstance(event, Reminder):
                await self._remind(event)
            else:
                await self._announce_timeout(event)
        except Exception:
            log.exception("Could not post a clock event")

    async def _remind(self, reminder: Reminder) -> None:
        now = self.deadlines.now()
        channel = self.cog.bot.get_partial_messageable(reminder.channel_id)
        t = of_game(await self.cog.games.game(reminder.game_id))
        await channel.send(
            words.reminder_text(t, reminder.seat, reminder.stage, reminder.deadline, now, reminder.game_id),
            allowed_mentions=pings([reminder.seat]),
        )
        if reminder.dm and reminder.seat.user_id is not None:
            own = texts(await self.cog.games.user_language(reminder.seat.user_id))  # a DM: the player's language
            text = words.reminder_dm(own, reminder.stage, reminder.deadline, now, reminder.game_id, reminder.channel_id)
            try:
                dm = await self.cog.bot.create_dm(discord.Object(reminder.seat.user_id))
                await dm.send(text)
            except discord.HTTPException:
                log.info("Could not DM a reminder to user %s", reminder.seat.user_id)

    async def _announce_timeout(self, timeout: Timeout) -> None:
        *earlier, last = timeout.played
        t = of_game(last.table.record)
        notice = words.timeout_notice(t, timeout.seat, timeout.played[0].outcome.move, timeout.timeouts, timeout.away)
        back = back_view(t, last.table.id) if timeout.away else None
        if self.cog.ai.after_autopilot(timeout.played, notice, back):  # an AI is next: one message for the run
            return
        channel = self.cog.bot.get_partial_messageable(last.table.record.channel_id)
        await self.cog.announce(last, channel.send, notice=notice, earlier=earlier, extra_view=back)

    # --- announcements left behind ---------------------------------------------------------------------

    async def _run_under_way(self, game_id: int) -> bool:
        """An AI run of this process, or another process's live AI claim, will still announce the game's moves."""
        return game_id in self.cog.ai.games_with_tasks or await self.cog.games.claims.held(game_id, "ai")

    async def catch_up(self, immediate: bool) -> int:
        """Announce actions that were committed but never announced (a crash between commit and post).

        ``immediate`` at start, when nothing can be in flight. Otherwise a game is only caught up once the same
        unannounced ply has been seen for ``CATCH_UP_AFTER``, so an announcement still being posted is not
        doubled. Returns the number of games caught up.
        """
        now = self.deadlines.now()
        found = set(await self.deadlines.unannounced())
        seen = {key: self._unannounced_since.get(key, now) for key in found}
        ready = found if immediate else {key for key, since in seen.items() if now - since >= CATCH_UP_AFTER}
        self._unannounced_since = {key: since for key, since in seen.items() if key not in ready}
        for game_id, ply in sorted(ready):
            if not immediate and await self._run_under_way(game_id):
                # An AI run is still thinking: it announces its moves, these included, in one message when done.
                self._unannounced_since[(game_id, ply)] = now
                continue
            try:
                played = await self.deadlines.unannounced_actions(game_id)
                if not played:
                    continue
                *earlier, last = played
                channel = self.cog.bot.get_partial_messageable(last.table.record.channel_id)
                notice = of_game(last.table.record)._(words.CATCH_UP_NOTICE)
                await self.cog.announce(last, channel.send, notice=notice, earlier=earlier)
            except (discord.Forbidden, discord.NotFound):  # the channel is gone or closed to the bot: give up
                log.warning("Game %s's channel cannot be posted to; its last moves stay unannounced", game_id)
                await self.deadlines.mark_announced(game_id, ply)
            except Exception:
                log.exception("Could not catch up the announcements of game %s", game_id)
        return len(ready)
