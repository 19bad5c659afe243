"""What players read about days off and waking hours, in every game: the table's words (a turn that waits for its
player, who is off in ``status``, a held turn restarting) and the player's own answers. The table learns only the
dates of a player's days off, in Discord's timestamp markup (each reader's client shows them in their own time
zone and language); nothing else of them is ever public."""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from cogs.pace_texts import clock_suffix, deadline_marks, time_left
from service.days_off import DaysOffPlan
from service.records import GameRecord, OffPeriod, PlayerGame, SeatRecord
from service.waking import WakingHours
from texts import Texts, seat_mention
from texts.usertext import shown_name

DAY = timedelta(days=1)


def off_until(t: Texts, period: OffPeriod) -> str:
    """'off until 30 November 2026 09:00 (in 3 days)'."""
    date, relative = deadline_marks(period.ends_at)
    return t._("off until {date} ({relative})", date=date, relative=relative)


def turn_suffix(t: Texts, record: GameRecord, mover: SeatRecord, now: datetime) -> str:
    """After a turn ping: ' · due … (in 21 hours)'; while the mover is off and their turn has no running clock
    (held, or untimed), ' · off until … (in 3 days): the game waits for them' instead of a deadline."""
    off = mover.days_off
    if off is not None and off.covers(now) and record.deadline_at is None and mover.user_id is not None:
        return " · " + t._("{off}: the game waits", off=off_until(t, off))
    return clock_suffix(t, record.deadline_at, now)


def days_off_lines(t: Texts, seats: tuple[SeatRecord, ...], now: datetime) -> list[str]:
    """For a game's status: each player off now ('🌴 ada: off until …') or with days off ahead."""
    lines = []
    for seat in seats:
        off = seat.days_off
        if seat.user_id is None or off is None or off.ends_at <= now:
            continue
        name = shown_name(seat.name)
        if off.covers(now):
            lines.append("🌴 " + t._("{player}: {off}", player=name, off=off_until(t, off)))
        else:
            start, _ = deadline_marks(off.starts_at)
            end, _ = deadline_marks(off.ends_at)
            lines.append("🌴 " + t._("{player}: days off from {start} to {end}", player=name, start=start, end=end))
    return lines


def resumed_text(t: Texts, seat: SeatRecord, game: int, deadline: datetime | None, now: datetime) -> str:
    """The table's post when a turn held for days off restarts, pinging its player."""
    return "🌅 " + t._(
        "{player}, your days off are over: it is your turn in game #{game}, {left}.",
        player=seat_mention(seat),
        game=game,
        left=time_left(t, deadline, now) or t._("without a clock"),
    )


# --- the player's own answers ------------------------------------------------------------------------------


def game_ref(t: Texts, game: PlayerGame) -> str:
    """'Clans #3 (<#channel>)': the player's own game (only they read it)."""
    return t._(
        "{game} #{number} (<#{channel}>)", game=game.game.capitalize(), number=game.game_id, channel=game.channel_id
    )


def plan_text(t: Texts, plan: DaysOffPlan, game: str, now: datetime) -> str:
    """A player's days off as they now stand: when, what waits, what does not, and the allowance."""
    lines = []
    period = plan.period
    if period is None:
        lines.append(
            t._(
                "You have no days off. {example} takes three days off from now, in every game you play; "
                "{ahead} from a later day.",
                example=t.command(game, "daysoff", days=3),
                ahead=t.command(game, "daysoff", days=3, start="YYYY-MM-DD"),
            )
        )
    elif plan.under_way:
        lines.append("🌴 " + t._("You are {off}.", off=off_until(t, period)))
    else:
        start, relative = deadline_marks(period.starts_at)
        end, _ = deadline_marks(period.ends_at)
        lines.append(
            "🌴 " + t._("Your days off: from {start} ({relative}) to {end}.", start=start, relative=relative, end=end)
        )
    if period is not None:
        waiting = plan.waiting()
        if waiting:
            lines.append(t._("Your turn waits for you in {games}.", games=t.listing(game_ref(t, g) for g in waiting)))
        lines.append(
            t._(
                "In every daily or relaxed game your turns wait: no reminder, no timeout, no autopilot. The others "
                "play on until it is your turn. When your days off end, each waiting turn starts again with its "
                "whole time."
            )
        )
        running = plan.running_on()
        if running:
            lines.append(
                "⚠️ "
                + t._(
                    "Live and fast games do not wait: your clock keeps running in {games}.",
                    games=t.listing(game_ref(t, g) for g in running),
                )
            )
    lines.append(
        t._(
            "Days off taken in any {window} days: {used} of {allowance} ({left} left).",
            window=plan.allowance.window_days,
            used=math.ceil(plan.used / DAY),
            allowance=plan.allowance.days,
            left=plan.left // DAY,
        )
    )
    if period is not None:
        lines.append(t._("Any action of yours in a game, or the button below, ends them at once."))
    return "\n".join(lines)


def days_off_help(t: Texts, game: str) -> str:
    """The help's line on days off and waking hours, with the game's own command names."""
    return t._(
        "{daysoff} — days off: your turns in every daily or relaxed game wait for you · {hours} — turn reminders "
        "only in your waking hours, in your own time zone",
        daysoff=t.command(game, "daysoff", days=3),
        hours=t.command(game, "hours", zone="Europe/Rome"),
    )


def back_text(t: Texts) -> str:
    return "👋 " + t._(
        "Welcome back! Your days off are over: each turn that waited for you starts again with its whole time."
    )


def hours_text(t: Texts, hours: WakingHours | None, game: str, now: datetime) -> str:
    if hours is None:
        return t._(
            "Your turn reminders come at any hour. {example} sends them only from 08:00 to 22:00 in your time "
            "zone; {other} other hours.",
            example=t.command(game, "hours", zone="Europe/Rome"),
            other=t.command(game, "hours", start=7, end=23),
        )
    local = now.astimezone(hours.zone)
    return "⏰ " + t._(
        "Turn reminders only from {start}:00 to {end}:00 in {zone} (it is {time} there now), in every game; "
        "a reminder due at night comes in the morning, or earlier if the deadline would pass first. The ping when "
        "your turn comes is never held back. {off} sends them at any hour again.",
        start=f"{hours.start:02d}",
        end=f"{hours.end:02d}",
        zone=hours.zone.key,
        time=f"{local:%H:%M}",
        off=t.command(game, "hours", zone="off"),
    )
