"""Every game's leaderboard and profile embeds: the same ratings (openskill, one per game) read the same way.

A game names itself and, for the recent games of a profile, may add what its results hold beyond points
(Clans: the clan a player held, told once the game is over).
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from service.ratings import PROVISIONAL_GAMES, shown_rating
from service.records import LeaderboardRow, ProfileRecord, ResultRecord
from texts import Texts
from texts import mention as user_mention
from texts.usertext import shown_name

BRAND = discord.Colour(0x8B5A2B)

RecentLine = Callable[[Texts, ResultRecord], str]
"""One finished game of a profile: "#12: Red · 34 pts"."""


def points_only(t: Texts, result: ResultRecord) -> str:
    return t._("#{game}: {total} pts", game=result.game_id, total=result.total)


def leaderboard_embed(t: Texts, game: str, rows: list[LeaderboardRow], guild_name: str) -> discord.Embed:
    title = t._("{game} leaderboard — {server}", game=game.capitalize(), server=guild_name)
    embed = discord.Embed(title=title, colour=BRAND)
    if not rows:
        embed.description = t._("No rated games yet. Finish a game to appear here.")
        return embed
    lines = [
        f"**{row.rank}.** {user_mention(row.user_id)} · "
        + t.n_(
            "rating {rating} · {wins}/{games} game won ({rate}) · avg {average} pts",
            "rating {rating} · {wins}/{games} games won ({rate}) · avg {average} pts",
            row.games,
            rating=shown_rating(row.ordinal, row.games),
            wins=row.wins,
            games=row.games,
            rate=t.percent(row.win_rate),
            average=t.decimal(row.avg_total),
        )
        for row in rows
    ]
    embed.description = "\n".join(lines)
    embed.set_footer(
        text=t._(
            "Rating = 1500 + 20 × (μ − 3σ) of openskill; provisional for the first {games} games. "
            "Only human players are rated.",
            games=PROVISIONAL_GAMES,
        )
    )
    return embed


def profile_embed(
    t: Texts, game: str, profile: ProfileRecord | None, user: discord.abc.User, recent: RecentLine = points_only
) -> discord.Embed:
    name = shown_name(user.display_name, user.name)
    embed = discord.Embed(title=t._("{game} profile — {player}", game=game.capitalize(), player=name), colour=BRAND)
    if profile is None:
        embed.description = t._("No finished games in this server yet.")
        return embed
    rank = f"#{profile.rank}" if profile.rank else t._("unranked")
    embed.add_field(name=t._("Rating"), value=f"{shown_rating(profile.ordinal, profile.games)} · {rank}")
    embed.add_field(name=t._("Games"), value=str(profile.games))
    embed.add_field(name=t._("Wins"), value=f"{profile.wins} ({t.percent(profile.win_rate)})")
    embed.add_field(name=t._("Average total"), value=t.decimal(profile.avg_total))
    embed.add_field(name=t._("Best total"), value=str(profile.best_total if profile.best_total is not None else "—"))
    if profile.recent:
        lines = [recent(t, r) + (" 🏆" if r.winner else "") for r in profile.recent]
        embed.add_field(name=t._("Recent games"), value="\n".join(lines), inline=False)
    return embed
