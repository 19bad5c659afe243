"""What players read: texts and embeds made from public information only (never a secret clan)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.standings import points_only
from engine.clans import Chart, Clan, FinalResult, Outcome, PublicView, Resign
from service.clans.suggest import Suggestion
from service.clans.tables import AiGuesses, Played
from service.clans.turn import held_clan
from service.pace import final_winners
from service.records import ResultRecord, SeatRecord
from texts import N_, Texts
from texts import seat_mention as mention
from texts.clans.game import (
    chips,
    clan_label,
    clan_name,
    epoch_line,
    epoch_terms,
    huts,
    terrain_name,
    village_line,
)
from texts.clans.reasons import end_reason
from texts.clans.symbols import CLAN_SQUARE
from texts.usertext import shown_name

CLAN_COLOUR = {
    Clan.RED: discord.Colour(0xD7263D),
    Clan.BLUE: discord.Colour(0x1B64C8),
    Clan.GREEN: discord.Colour(0x2E9E44),
    Clan.YELLOW: discord.Colour(0xF2C318),
    Clan.BLACK: discord.Colour(0x202020),
}
BRAND = discord.Colour(0x8B5A2B)
BOARD_FILE = "board.png"
# --- moves ---------------------------------------------------------------------------------------


def action_title(t: Texts, outcome: Outcome, actor: SeatRecord, view: PublicView, game_id: int | None = None) -> str:
    """ "Game #3 — move 17: Alice moved 23 → 24 (5 huts now)"; the move number is the hut move's."""
    move = outcome.move
    name = shown_name(actor.name)
    if isinstance(move, Resign):
        action = t._("{player} resigned", player=name)
    elif move.is_village_choice:
        action = t._("{player} founded the village at {territory} next", player=name, territory=move.src)
    else:
        moved = sum(view.huts[move.dst]) if not any(v.territory == move.dst for v in outcome.villages) else None
        action = t._("{player} moved {src} → {dst}", player=name, src=move.src, dst=move.dst)
        if moved:
            action += " " + t._("({huts} now)", huts=huts(t, moved))
    if game_id is not None:
        return t._("Game #{game} — move {turn}: {action}", game=game_id, turn=view.turn, action=action)
    return t._("Move {turn}: {action}", turn=view.turn, action=action)


def outcome_lines(t: Texts, outcome: Outcome, view: PublicView) -> list[str]:
    lines = [village_line(t, v) for v in outcome.villages]
    lines += [epoch_line(t, view.chart, e) for e in outcome.epochs_entered]
    return lines


def move_embed(
    t: Texts, outcome: Outcome, actor: SeatRecord, view: PublicView, with_image: bool, game_id: int | None = None
) -> discord.Embed:
    embed = discord.Embed(title=action_title(t, outcome, actor, view, game_id), colour=BRAND)
    lines = outcome_lines(t, outcome, view)
    if outcome.awaiting_order:
        lines.append(
            t._(
                "This move founds {count} villages: the mover chooses their order.",
                count=len(outcome.awaiting_order),
            )
        )
    embed.description = "\n".join(lines) or None
    embed.set_footer(text=score_footer(t, view))
    if with_image:
        embed.set_image(url=f"attachment://{BOARD_FILE}")
    return embed


def earlier_embed(t: Texts, earlier: Sequence[Played]) -> discord.Embed:
    """The first actions of a run announced in one message (an autopilot turn, a catch-up after a restart)."""
    lines = []
    for played in earlier:
        lines.append(f"**{action_title(t, played.outcome, played.actor, played.table.view)}**")
        lines += outcome_lines(t, played.outcome, played.table.view)
    return discord.Embed(description="\n".join(lines)[:4096], colour=BRAND)


def suggestion_label(t: Texts, suggestion: Suggestion, target: bool) -> str:
    """Autocomplete: the territory, then why it is offered first: "17 · would found a village · 2 huts"."""
    where = f"{huts(t, suggestion.huts)}, {terrain_name(t, suggestion.terrain)}"
    n = len(suggestion.founds)
    if not n:
        return f"{suggestion.territory} · {where}"
    if target:
        founds = t.n_(
            "would found a village at {territories}",
            "would found {count} villages at {territories}",
            n,
            count=n,
            territories=t.listing(map(str, suggestion.founds)),
        )
    else:
        founds = t.n_("would found a village", "would found {count} villages", n, count=n)
    return f"{suggestion.territory} · {founds} · {where}"[:100]


def score_footer(t: Texts, view: PublicView) -> str:
    # The clans' squares, as everywhere else in the bot (history, villages, the final result): no letters.
    scores = "  ".join(f"{CLAN_SQUARE[Clan(c)]} {s}" for c, s in enumerate(view.scores))
    chips_left = t.n_("{count} village chip left", "{count} village chips left", view.chips_left, count=view.chips_left)
    return t._("Epoch {epoch} · {chips} · Scores: {scores}", epoch=view.epoch, chips=chips_left, scores=scores)


# --- end of game ---------------------------------------------------------------------------------


def final_embed(
    t: Texts,
    result: FinalResult,
    seats: tuple[SeatRecord, ...],
    game_id: int,
    ai_guesses: Sequence[AiGuesses] = (),
) -> discord.Embed:
    title = t._("Game #{game} is over — {reason}", game=game_id, reason=end_reason(t, result.reason))
    embed = discord.Embed(title=f"🏁 {title}", colour=BRAND)
    away = {seat.seat for seat in seats if seat.away}
    won = final_winners(result.totals, result.winners, result.resigned, away)
    winners = [seats[s] for s in won]
    if not winners:
        embed.description = t._("Nobody is left to win.")
    elif len(winners) == 1:
        embed.description = "🏆 " + t._("{player} wins!", player=mention(winners[0]))
    else:
        embed.description = "🏆 " + t._("Shared win: {players}", players=t.listing(mention(w) for w in winners))
    order = sorted(range(len(seats)), key=lambda s: (s in away, -result.totals[s]))
    for s in order:
        clan = result.clans[s]
        flag = " 🏆" if s in won else (" " + t._("(resigned)") if s in result.resigned else "")
        if s in away:
            flag = " " + t._("(away at the end: cannot win, ranked last)")
        embed.add_field(
            name=f"{shown_name(seats[s].name)}{flag}",
            value=f"{clan_label(t, clan)}: {result.clan_scores[clan]} + {chips(t, result.chips[s])} "
            f"= **{result.totals[s]}**",
            inline=False,
        )
    unused = [Clan(c) for c in range(len(result.clan_scores)) if Clan(c) not in result.clans]
    if unused:
        embed.add_field(
            name=t._("Clans nobody held"),
            value=t.listing(f"{clan_label(t, c)} {result.clan_scores[c]}" for c in unused),
            inline=False,
        )
    for thought in ai_guesses:
        lines = [f"{shown_name(name)}: {clan_label(t, clan)} ({t.percent(p)})" for name, clan, p in thought.guesses]
        if thought.exposed is not None:
            lines.append(exposure_line(t, thought.ai_name, *thought.exposed))
        embed.add_field(
            name=t._("What {player} thought", player=shown_name(thought.ai_name)),
            value="\n".join(lines)[:1024],
            inline=False,
        )
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    return embed


def exposure_line(t: Texts, ai_name: str, clan: Clan, exposed: float) -> str:
    """How well the AI hid its clan: what a table reading its moves with its own code could have known."""
    return "🕵️ " + t._(
        "Reading {player}'s moves with its own code, the table could have been {share} sure of {clan}",
        player=shown_name(ai_name),
        share=t.percent(exposed),
        clan=clan_label(t, clan),
    )


# --- information ---------------------------------------------------------------------------------


def status_embed(
    t: Texts, view: PublicView, seats: tuple[SeatRecord, ...], game_id: int, clock: str = ""
) -> discord.Embed:
    embed = discord.Embed(title=t._("Clans — game #{game}", game=game_id), colour=BRAND)
    embed.add_field(name=t._("Epoch"), value=f"{view.epoch}: {epoch_terms(t, view.chart, view.epoch)}", inline=False)
    embed.add_field(name=t._("Village chips left"), value=str(view.chips_left))
    embed.add_field(name=t._("Move"), value=str(view.turn + 1))
    embed.add_field(
        name=t._("Clan scores"),
        value="\n".join(f"{clan_label(t, Clan(c))}: {s}" for c, s in enumerate(view.scores)),
        inline=False,
    )
    seat_lines = []
    for seat in seats:
        marker = "▶ " if seat.seat == view.to_move and not view.over else ""
        gone = ""
        if view.resigned[seat.seat]:
            gone = " " + t._("(resigned)")
        elif seat.away:
            gone = " " + t._("(away: autopilot)")
        seat_lines.append(f"{marker}{seat.seat + 1}. {mention(seat)} · {chips(t, view.chips[seat.seat])}{gone}")
    embed.add_field(name=t._("Seats"), value="\n".join(seat_lines), inline=False)
    if view.over:
        embed.add_field(name=t._("Turn"), value=t._("The game is over."), inline=False)
    else:
        who = mention(seats[view.to_move])
        if view.pending:
            turn = t._("{player} to choose the village order", player=who)
        else:
            turn = t._("{player} to move", player=who)
        embed.add_field(name=t._("Turn"), value=turn, inline=False)
    if clock:
        embed.add_field(name=t._("Clock"), value=clock, inline=False)
    return embed


def clan_embed(t: Texts, clan: Clan, game_id: int, channel_id: int) -> discord.Embed:
    return discord.Embed(
        title=t._("Your secret clan: {clan}", clan=clan_label(t, clan)),
        description=t._(
            "in Clans game #{game} (<#{channel}>). Keep it to yourself: score for {clan} "
            "without giving it away. `/clans myclan` shows it again.",
            game=game_id,
            channel=channel_id,
            clan=clan_name(t, clan),
        ),
        colour=CLAN_COLOUR[clan],
    )


RULES_TEXT = N_(
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


def rules_embed(t: Texts, chart: Chart) -> discord.Embed:
    embed = discord.Embed(title=t._("Clans — the rules in short"), colour=BRAND)
    embed.description = t._(RULES_TEXT)
    for epoch in chart.epochs:
        villages = t.n_("{count} village", "{count} villages", epoch.chips, count=epoch.chips)
        embed.add_field(
            name=t._("Epoch {epoch} · {villages}", epoch=epoch.number, villages=villages),
            value=epoch_terms(t, chart, epoch.number),
            inline=True,
        )
    return embed


HELP_TAPS = N_(
    "**On your turn**, press **Play my turn** under the turn post: pick where huts leave, where they go, see the "
    "board as your move would leave it, and confirm. **Show my clan** tells you your clan, and only you."
)
HELP_TEXT = N_(
    """**Clans commands** (all under `/clans`)
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
`/clans readable` — how readable your clan is now to the table (only you see it)
`/clans notify dm:on` — also get your turn reminders by DM (`off` by default)
`/clans resign` — leave a running game · `/clans cancel` — host or moderators end the game
`/clans leaderboard` · `/clans profile user:@someone` — this server's ratings
`/clans replay game:3` — an animated replay of a finished game
`/clans rules` — the rules in short
**Clock:** at half time and near the end of your turn you get a reminder; when time is up the autopilot \
(the normal AI) moves for you. After 3 timeouts in a row you are *away* and it plays at once, until you use \
any `/clans` command in the game's channel or press **I'm back**. Away at the end: you cannot win and rank last."""
)


def recent_game_line(t: Texts, result: ResultRecord) -> str:
    """A finished game of a profile, with the clan its player held (told once the game is over)."""
    clan = held_clan(result.detail)
    if clan is None:
        return points_only(t, result)
    return t._("#{game}: {clan} · {total} pts", game=result.game_id, clan=clan_label(t, clan), total=result.total)
