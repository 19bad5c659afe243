"""The shared turn clock: one scheduler task per game behind reminders, timeouts, catching up announcements and
closing idle lobbies.

It sleeps until the earliest due event of any game of its kind (at most ``MAX_SLEEP_S``), and is woken early
whenever a deadline changes (a move, a start, a player coming back). A tick reads everything due in one indexed
query, lets the game's deadlines (service.deadlines) claim and act on each due turn, and hands what happened to
the game's own posts; it closes the game's lobbies nobody started within a day; then it reads again who is away
(another process may have marked a player away: see ``TurnDeadlines.load_away``). Each game subclasses it with
how it posts a reminder, a timeout and a catch-up (Clans: cogs/clans/clock.py, Alexandros:
cogs/alexandros/clock.py). Tests drive ``tick()`` directly with an injected clock; a tick and the background loop
never overlap (one lock).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import discord

from cogs.components import pings
from cogs.days_off_texts import resumed_text
from cogs.pace_texts import ReminderWords, reminder_dm, reminder_text
from service.days_off import DaysOff, came_back
from service.deadlines import Reminder, Resumed, TimedOut, TurnDeadlines
from service.records import DueTurn, GameRecord
from service.turns import Committed, Turns
from texts import of_game, texts

if TYPE_CHECKING:
    from cogs.lobby import GameLobby

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

Event = TypeVar("Event", bound=TimedOut[Any])
"""The game's timeout event (what its autopilot reports)."""


class Readers(Protocol):
    """What a reminder reads of the game's service: the game (its language) and the player's language."""

    async def record(self, game_id: int) -> GameRecord: ...

    async def user_language(self, user_id: int) -> str: ...


async def post_resumed(client: discord.Client, games: Readers, resumed: Resumed, now: datetime) -> None:
    """A turn held for days off restarts: a new message in the game's channel, pinging only its player."""
    t = of_game(await games.record(resumed.game_id))
    text = resumed_text(t, resumed.seat, resumed.game_id, resumed.deadline, now)
    await client.get_partial_messageable(resumed.channel_id).send(text, allowed_mentions=pings([resumed.seat]))


async def post_reminder(
    client: discord.Client, games: Readers, reminder: Reminder, now: datetime, words: ReminderWords
) -> None:
    """A reminder in the game's channel, pinging only the mover, in the game's language; and by DM, in the
    player's own, when they asked for it (closed DMs are only logged)."""
    t = of_game(await games.record(reminder.game_id))
    text = reminder_text(
        t, words, reminder.seat, reminder.stage, reminder.deadline, now, reminder.game_id, reminder.left_out
    )
    channel = client.get_partial_messageable(reminder.channel_id)
    await channel.send(text, allowed_mentions=pings([reminder.seat]))
    if reminder.dm and reminder.seat.user_id is not None:
        own = texts(await games.user_language(reminder.seat.user_id))  # a DM: the player's language
        dm_text = reminder_dm(own, words, reminder.stage, reminder.deadline, now, reminder.game_id, reminder.channel_id)
        try:
            dm = await client.create_dm(discord.Object(reminder.seat.user_id))
            await dm.send(dm_text)
        except discord.HTTPException:
            log.info("Could not DM a reminder to user %s", reminder.seat.user_id)


def first_event(due: list[DueTurn]) -> list[datetime]:
    """When the earliest of ``due`` fell due (none when nothing is)."""
    times = [d.clock.next_event_at for d in due if d.clock.next_event_at is not None]
    return [min(times)] if times else []


class ClockScheduler(Generic[Event]):
    def __init__(self, deadlines: TurnDeadlines[Event], lobby: GameLobby[Any], name: str) -> None:
        self.deadlines = deadlines
        self.lobby = lobby
        """The game's lobby, whose idle lobbies every tick closes."""
        self.name = name
        """The loop task's name (one per game's kind)."""
        self._wake = asyncio.Event()
        self._lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._unannounced_since: dict[tuple[int, int], datetime] = {}
        self._next_look: datetime | None = None
        """When the sleeping loop looks again by itself (None: it is awake)."""
        self._stopping = False
        self._days_off: DaysOff | None = None
        self.on_commit: Callable[[Committed[Any]], None] | None = None
        """Told every commit of the game's pipeline, with the clock (the bot's metrics time each one's post)."""
        self.on_tick: Callable[[str, float], None] | None = None
        """Told after each tick the game's name and how many seconds late it acted on its earliest due event
        (the bot's metrics: a clock that stops ticking turns /healthz unhealthy)."""

    # --- what each game does ------------------------------------------------------------------------------

    async def _remind(self, reminder: Reminder) -> None:
        raise NotImplementedError

    async def _announce_timeout(self, timeout: Event) -> None:
        raise NotImplementedError

    async def _announce_resumed(self, resumed: Resumed) -> None:
        """A turn held for days off restarts: the table is told, pinging its player (cogs/days_off_texts.py)."""
        raise NotImplementedError

    async def _run_under_way(self, game_id: int) -> bool:
        """An AI run of this process, or another process's live AI claim, will still announce the game's moves."""
        raise NotImplementedError

    async def _catch_up_game(self, game_id: int, ply: int) -> None:
        """Post the game's actions committed but not announced up to ``ply``, and record them announced."""
        raise NotImplementedError

    # --- the loop ---------------------------------------------------------------------------------------

    def start(self) -> None:
        self._stopping = False
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name=self.name)

    def wake(self) -> None:
        """A deadline changed: look again now rather than at the time computed before."""
        self._wake.set()

    def wake_by(self, moment: datetime | None) -> None:
        """A turn's clock now needs the scheduler at ``moment``: wake the loop if it would look too late."""
        if moment is not None and (self._next_look is None or moment < self._next_look):
            self.wake()

    def follow(self, turns: Turns[Any]) -> None:
        """After every commit of the game's turn pipeline (service/turns.py): wake the loop when the next turn's
        clock needs it sooner. Registered once by the game's cog, whoever commits (a player, an AI, the autopilot)."""
        turns.after_commit(self._committed)

    def unfollow(self, turns: Turns[Any]) -> None:
        turns.forget(self._committed)
        if self._days_off is not None:
            self._days_off.forget(self.wake)

    def follow_days_off(self, days_off: DaysOff) -> None:
        """Days off that end early (the player's button or command, or their action in any game) make the turns
        held for them due at once: every game's clock wakes."""
        self._days_off = days_off
        days_off.after_release(self.wake)

    def _committed(self, committed: Committed[Any]) -> None:
        if self.on_commit is not None:
            self.on_commit(committed)
        self.wake_by(committed.next_event_at)
        if self._days_off is not None and came_back(committed, self._days_off.now()):
            self._days_off.released()  # the commit ended their days off: every game's clock looks again

    def stop(self) -> None:
        """The loop looks no more by itself: at once when it sleeps, after the tick under way when it ticks (an
        autopilot half played is not cut short; tests then drive the ticks themselves, each waiting for it)."""
        self._stopping = True
        self._wake.set()
        if self._task is not None and not self._lock.locked():
            self._task.cancel()

    async def stopped(self) -> None:
        """Stop the loop now, a tick under way too, and wait until it has, so nothing of it runs on while the bot
        closes its database (a due turn's claim half acted on runs out and is acted on again)."""
        self._stopping = True
        if self._task is not None:
            self._task.cancel()
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

            async def handle(due_turn: DueTurn) -> Reminder | Resumed | Event | None:
                async with limit:
                    try:
                        return await self.deadlines.handle(due_turn)
                    except Exception:
                        log.exception("Could not handle the clock of game %s", due_turn.game_id)
                        return None

            try:  # days off declared ahead that begin now: their players' turns wait from now on
                await self.deadlines.begin_days_off()
            except Exception:
                log.exception("Could not begin the days off due")
            lag = 0.0
            for _ in range(MAX_BATCHES):
                due = await self.deadlines.due(BATCH)
                lag = max([lag, *((self.deadlines.now() - at).total_seconds() for at in first_event(due))])
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
            if self.on_tick is not None:
                self.on_tick(self.deadlines.game, lag)
            return handled

    async def _close_idle_lobbies(self) -> None:
        """The game's lobbies nobody started within a day are closed, each with a note in the game's words (cogs/
        lobby.py). Each game's clock closes its own game's: one game's failure never stops another's."""
        try:
            await self.lobby.close_idle(self.deadlines.now())
        except Exception:
            log.exception("Could not close the idle lobbies of %s", self.deadlines.game)

    async def _refresh_away(self) -> None:
        """Players another process marked away (or saw come back) since: this process's come-back check
        learns of them here, at most one look of the loop (``MAX_SLEEP_S``) later."""
        try:
            await self.deadlines.load_away()
        except Exception:
            log.exception("Could not read which players are away")

    async def _present(self, event: Reminder | Resumed | Event) -> None:
        try:
            if isinstance(event, Reminder):
                await self._remind(event)
            elif isinstance(event, Resumed):
                await self._announce_resumed(event)
            else:
                await self._announce_timeout(event)
        except Exception:
            log.exception("Could not post a clock event")

    # --- announcements left behind ---------------------------------------------------------------------

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
                await self._catch_up_game(game_id, ply)
            except Exception:
                log.exception("Could not catch up the announcements of game %s", game_id)
        return len(ready)
