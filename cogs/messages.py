"""What players read: texts and embeds made from public information only (never a secret clan)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from engine import Chart, Clan, FinalResult, OrderOption, Outcome, PublicView, Resign, Village
from service import AiGuesses, Played
from service.describe import clan_label, epoch_line, epoch_terms, village_line
from service.pace import Pace, final_winners
from service.ratings import PROVISIONAL_GAMES, shown_rating
from service.suggest import Suggestion
from store import GameRecord, LeaderboardRow, ProfileRecord, SeatRecord
from words import count, listing, plural

CLAN_COLOUR = {
    Clan.RED: discord.Colour(0xD7263D),
    Clan.BLUE: discord.Colour(0x1B64C8),
    Clan.GREEN: discord.Colour(0x2E9E44),
    Clan.YELLOW: discord.Colour(0xF2C318),
    Clan.BLACK: discord.Colour(0x202020),
}
BRAND = discord.Colour(0x8B5A2B)
BOARD_FILE = "board.png"


def mention(seat: SeatRecord) -> str:
    return f"**{seat.name}**" if seat.user_id is None else f"<@{seat.user_id}>"


# --- lobby ---------------------------------------------------------------------------------------


def lobby_embed(game: GameRecord) -> discord.Embed:
    embed = discord.Embed(title=f"Clans — game #{game.id}", colour=BRAND)
    if game.status == "lobby":
        embed.description = (
            "A new game is gathering players. Press **Join** (or `/clans join`); "
            "the host presses **Start** when 2 to 4 players are in. `/clans addbot` adds an AI player."
        )
    else:
        embed.description = {
            "running": "This game has started.",
            "finished": "This game is over.",
            "cancelled": "This game was cancelled.",
        }[game.status]
    seats = "\n".join(
        f"{seat.seat + 1}. {mention(seat)}{' (host)' if seat.user_id == game.host_id else ''}" for seat in game.seats
    )
    embed.add_field(name=f"Players ({len(game.seats)}/4)", value=seats or "nobody yet", inline=False)
    embed.add_field(name="Pace", value=Pace(game.pace).label, inline=False)
    return embed


# --- moves ---------------------------------------------------------------------------------------


def action_title(outcome: Outcome, actor: SeatRecord, view: PublicView, game_id: int | None = None) -> str:
    """ "Game #3 — move 17: Alice moved 23 → 24 (5 huts now)"; the move number is the hut move's."""
    move = outcome.move
    if isinstance(move, Resign):
        action = f"{actor.name} resigned"
    elif move.is_village_choice:
        action = f"{actor.name} founded the village at {move.src} next"
    else:
        moved = sum(view.huts[move.dst]) if not any(v.territory == move.dst for v in outcome.villages) else None
        size = f" ({count(moved, 'hut')} now)" if moved else ""
        action = f"{actor.name} moved {move.src} → {move.dst}{size}"
    where = f"Game #{game_id} — move {view.turn}" if game_id is not None else f"Move {view.turn}"
    return f"{where}: {action}"


def outcome_lines(outcome: Outcome, view: PublicView) -> list[str]:
    lines = [village_line(v) for v in outcome.villages]
    lines += [epoch_line(view.chart, e) for e in outcome.epochs_entered]
    return lines


def move_embed(
    outcome: Outcome, actor: SeatRecord, view: PublicView, with_image: bool, game_id: int | None = None
) -> discord.Embed:
    embed = discord.Embed(title=action_title(outcome, actor, view, game_id), colour=BRAND)
    lines = outcome_lines(outcome, view)
    if outcome.awaiting_order:
        lines.append(f"This move founds {len(outcome.awaiting_order)} villages: the mover chooses their order.")
    embed.description = "\n".join(lines) or None
    embed.set_footer(text=score_footer(view))
    if with_image:
        embed.set_image(url=f"attachment://{BOARD_FILE}")
    return embed


def earlier_embed(earlier: Sequence[Played]) -> discord.Embed:
    """The first actions of a run announced in one message (an autopilot turn, a catch-up after a restart)."""
    lines = []
    for played in earlier:
        lines.append(f"**{action_title(played.outcome, played.actor, played.table.view)}**")
        lines += outcome_lines(played.outcome, played.table.view)
    return discord.Embed(description="\n".join(lines)[:4096], colour=BRAND)


def suggestion_label(suggestion: Suggestion, target: bool) -> str:
    """Autocomplete: the territory, then why it is offered first: "17 · would found a village · 2 huts"."""
    where = f"{count(suggestion.huts, 'hut')}, {suggestion.terrain.label}"
    n = len(suggestion.founds)
    if not n:
        return f"{suggestion.territory} · {where}"
    villages = "a village" if n == 1 else f"{n} villages"
    at = f" at {listing(map(str, suggestion.founds))}" if target else ""
    return f"{suggestion.territory} · would found {villages}{at} · {where}"[:100]


def score_footer(view: PublicView) -> str:
    scores = "  ".join(f"{'RBGYK'[c]} {s}" for c, s in enumerate(view.scores))
    return f"Epoch {view.epoch} · {count(view.chips_left, 'village chip')} left · Scores: {scores}"


def _worth(village: Village) -> str:
    return "razed, 0" if village.destroyed else f"worth {village.value}"


def order_option_label(option: OrderOption) -> str:
    """The whole consequence of founding ``option.territory`` next: "47 first → 47: epoch 2, worth 9 · 38: …"."""
    parts = [f"{v.territory}: epoch {v.epoch}, {_worth(v)}" for v in option.villages]
    parts += [f"{t}: not founded" for t in option.unfounded]
    label = f"{option.territory} first → " + " · ".join(parts)
    if len(label) > 100:  # many villages at once: the short form still names every one
        short = [f"{v.territory} e{v.epoch}={v.value}" for v in option.villages] + [
            f"{t} none" for t in option.unfounded
        ]
        label = f"{option.territory} first → " + " · ".join(short)
    return label[:100]


def order_option_description(option: OrderOption) -> str:
    chosen = option.chosen
    who = listing(c.label for c in chosen.colours)
    text = f"{option.territory}: {chosen.terrain.label}, {count(chosen.size, 'hut')}, scores {who}"
    if option.unfounded:
        left_out = option.unfounded
        text += f" · the 12th village: {listing(map(str, left_out))} {plural(len(left_out), 'does', 'do')} not score"
    elif not option.exact:
        text += " · the rest in map order (you choose again)"
    return text[:100]


def order_settled_text(actor: SeatRecord, villages: Sequence[Village], pending: Sequence[int]) -> str:
    """What the public "choose…" message becomes once the mover has chosen."""
    founded = listing(f"{v.territory} ({_worth(v)}, epoch {v.epoch})" for v in villages)
    text = f"{mention(actor)} founded {founded}, in that order."
    if pending:
        text += f" Still to order: {listing(map(str, pending))}."
    return text


# --- end of game ---------------------------------------------------------------------------------


def final_embed(
    result: FinalResult, seats: tuple[SeatRecord, ...], game_id: int, ai_guesses: Sequence[AiGuesses] = ()
) -> discord.Embed:
    embed = discord.Embed(title=f"🏁 Game #{game_id} is over — {result.reason.value}", colour=BRAND)
    away = {seat.seat for seat in seats if seat.away}
    won = final_winners(result, away)
    winners = [seats[s] for s in won]
    if not winners:
        embed.description = "Nobody is left to win."
    elif len(winners) == 1:
        embed.description = f"🏆 {mention(winners[0])} wins!"
    else:
        embed.description = f"🏆 Shared win: {listing(mention(w) for w in winners)}"
    order = sorted(range(len(seats)), key=lambda s: (s in away, -result.totals[s]))
    for s in order:
        clan = result.clans[s]
        flag = " 🏆" if s in won else (" (resigned)" if s in result.resigned else "")
        if s in away:
            flag = " (away at the end: cannot win, ranked last)"
        chips = count(result.chips[s], "chip")
        embed.add_field(
            name=f"{seats[s].name}{flag}",
            value=f"{clan_label(clan)}: {result.clan_scores[clan]} + {chips} = **{result.totals[s]}**",
            inline=False,
        )
    unused = [Clan(c) for c in range(len(result.clan_scores)) if Clan(c) not in result.clans]
    if unused:
        embed.add_field(
            name="Clans nobody held",
            value=listing(f"{clan_label(c)} {result.clan_scores[c]}" for c in unused),
            inline=False,
        )
    for thought in ai_guesses:
        lines = [f"{name}: {clan_label(clan)} ({p:.0%})" for name, clan, p in thought.guesses]
        if thought.exposed is not None:
            lines.append(exposure_line(thought.ai_name, *thought.exposed))
        embed.add_field(name=f"What {thought.ai_name} thought", value="\n".join(lines)[:1024], inline=False)
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    return embed


def exposure_line(ai_name: str, clan: Clan, exposed: float) -> str:
    """How well the AI hid its clan: what a table reading its moves with its own code could have known."""
    return (
        f"🕵️ Reading {ai_name}'s moves with its own code, "
        f"the table could have been {exposed:.0%} sure of {clan_label(clan)}"
    )


# --- information ---------------------------------------------------------------------------------


def status_embed(view: PublicView, seats: tuple[SeatRecord, ...], game_id: int, clock: str = "") -> discord.Embed:
    embed = discord.Embed(title=f"Clans — game #{game_id}", colour=BRAND)
    embed.add_field(name="Epoch", value=f"{view.epoch}: {epoch_terms(view.chart, view.epoch)}", inline=False)
    embed.add_field(name="Village chips left", value=str(view.chips_left))
    embed.add_field(name="Move", value=str(view.turn + 1))
    embed.add_field(
        name="Clan scores",
        value="\n".join(f"{clan_label(Clan(c))}: {s}" for c, s in enumerate(view.scores)),
        inline=False,
    )
    seat_lines = []
    for seat in seats:
        marker = "▶ " if seat.seat == view.to_move and not view.over else ""
        gone = " (resigned)" if view.resigned[seat.seat] else (" (away: autopilot)" if seat.away else "")
        seat_lines.append(f"{marker}{seat.seat + 1}. {mention(seat)} · {count(view.chips[seat.seat], 'chip')}{gone}")
    embed.add_field(name="Seats", value="\n".join(seat_lines), inline=False)
    if view.over:
        embed.add_field(name="Turn", value="The game is over.", inline=False)
    else:
        waiting = "to choose the village order" if view.pending else "to move"
        embed.add_field(name="Turn", value=f"{mention(seats[view.to_move])} {waiting}", inline=False)
    if clock:
        embed.add_field(name="Clock", value=clock, inline=False)
    return embed


def clan_embed(clan: Clan, game_id: int, channel_id: int) -> discord.Embed:
    return discord.Embed(
        title=f"Your secret clan: {clan_label(clan)}",
        description=(
            f"in Clans game #{game_id} (<#{channel_id}>). Keep it to yourself: score for {clan.label} "
            "without giving it away. `/clans myclan` shows it again."
        ),
        colour=CLAN_COLOUR[clan],
    )


def rules_embed(chart: Chart) -> discord.Embed:
    embed = discord.Embed(title="Clans — the rules in short", colour=BRAND)
    embed.description = (
        "Each player secretly holds one of 5 clans (all 5 are on the board). On your turn move **all** huts "
        "of a territory onto a neighbouring non-empty territory (`/clans move 23 24`). A group of 7+ huts "
        "cannot move, except onto a larger or equal group of 7+.\n"
        "A territory with huts whose neighbours are all empty becomes a **village**: the mover takes a chip "
        "(+1 point at the end) and every clan present scores its value: its huts, + the epoch bonus on "
        "favourable terrain, 0 on doomed terrain (its huts are removed). If all 5 colours are present, "
        "single huts are lost first (strife).\n"
        "The game ends with the 12th village (always +5) or when no move is left. Total = your clan's "
        "score + your chips. Hide your clan, guess the others'!"
    )
    for epoch in chart.epochs:
        embed.add_field(
            name=f"Epoch {epoch.number} · {count(epoch.chips, 'village')}",
            value=epoch_terms(chart, epoch.number),
            inline=True,
        )
    return embed


HELP_TEXT = """**Clans commands** (all under `/clans`)
`/clans new pace:daily thread:True` — open a game, in its own new thread when I may (`thread:False`: right \
here), with Join / Leave / Start buttons and a pace menu: live (2 min a move), fast (1 h), daily (24 h, the \
default), relaxed (72 h) or untimed
`/clans join` · `/clans leave` · `/clans start` — the same as the buttons (only the host starts; 2-4 players)
`/clans addbot level:hard` — add an AI player to the lobby (easy, normal, hard)
`/clans move from:23 to:24` — move all huts of 23 onto 24 (autocomplete shows the legal choices)
`/clans board` — the current board · `/clans status` — scores, epoch, whose turn (after the end: the result)
`/clans games` — every game you play, on every server, your turns first
`/clans history game:12` — a game's moves and villages, page by page
`/clans myclan` — your secret clan (only you see it)
`/clans notify dm:on` — also get your turn reminders by DM (`off` by default)
`/clans resign` — leave a running game · `/clans cancel` — host or moderators end the game
`/clans leaderboard` · `/clans profile user:@someone` — this server's ratings
`/clans replay game:3` — an animated replay of a finished game
`/clans rules` — the rules in short
**Clock:** at half time and near the end of your turn you get a reminder; when time is up the autopilot \
(the normal AI) moves for you. After 3 timeouts in a row you are *away* and it plays at once, until you use \
any `/clans` command in the game's channel or press **I'm back**. Away at the end: you cannot win and rank last."""


def leaderboard_embed(rows: list[LeaderboardRow], guild_name: str) -> discord.Embed:
    embed = discord.Embed(title=f"Clans leaderboard — {guild_name}", colour=BRAND)
    if not rows:
        embed.description = "No rated games yet. Finish a game to appear here."
        return embed
    lines = [
        f"**{row.rank}.** <@{row.user_id}> · rating {shown_rating(row.ordinal, row.games)} · "
        f"{row.wins}/{count(row.games, 'game')} won ({row.win_rate:.0%}) · avg {row.avg_total:.1f} pts"
        for row in rows
    ]
    embed.description = "\n".join(lines)
    embed.set_footer(
        text=f"Rating = 1500 + 20 × (μ − 3σ) of openskill; provisional for the first {PROVISIONAL_GAMES} games. "
        "Only human players are rated."
    )
    return embed


def profile_embed(profile: ProfileRecord | None, user: discord.abc.User) -> discord.Embed:
    embed = discord.Embed(title=f"Clans profile — {user.display_name}", colour=BRAND)
    if profile is None:
        embed.description = "No finished games in this server yet."
        return embed
    rank = f"#{profile.rank}" if profile.rank else "unranked"
    embed.add_field(name="Rating", value=f"{shown_rating(profile.ordinal, profile.games)} · {rank}")
    embed.add_field(name="Games", value=str(profile.games))
    embed.add_field(name="Wins", value=f"{profile.wins} ({profile.win_rate:.0%})")
    embed.add_field(name="Average total", value=f"{profile.avg_total:.1f}")
    embed.add_field(name="Best total", value=str(profile.best_total if profile.best_total is not None else "—"))
    if profile.recent:
        embed.add_field(
            name="Recent games",
            value="\n".join(
                f"#{r.game_id}: {clan_label(Clan.parse(r.clan))} · {r.total} pts{' 🏆' if r.winner else ''}"
                for r in profile.recent
            ),
            inline=False,
        )
    return embed
