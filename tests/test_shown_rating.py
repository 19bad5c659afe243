"""Ratings people understand: 1500 + 20 × (μ − 3σ), provisional for the first five games."""

from cogs.standings import leaderboard_embed
from service.ratings import shown_rating
from store import LeaderboardRow
from texts import texts


def test_a_newcomer_starts_at_1500_and_is_provisional() -> None:
    assert str(shown_rating(0.0, 0)) == "1500 (provisional)"
    assert shown_rating(25 - 3 * 25 / 3, 1).value == 1500
    assert str(shown_rating(12.34, 5)) == "1747"
    assert shown_rating(-3.0, 4) == shown_rating(-3.0, 2) and shown_rating(-3.0, 4).value == 1440


def test_the_scale_keeps_the_order() -> None:
    ordinals = [-4.0, -0.01, 0.0, 3.3, 17.9]
    shown = [shown_rating(o, 9).value for o in ordinals]
    assert shown == sorted(shown)


def row(rank: int, games: int, ordinal: float) -> LeaderboardRow:
    return LeaderboardRow(rank, 100 + rank, f"p{rank}", games, 1, 1 / games, 30.0, 25.0, 1.0, ordinal)


def test_the_leaderboard_marks_only_new_players_provisional() -> None:
    text = leaderboard_embed(texts("en"), "clans", [row(1, 12, 14.0), row(2, 3, 2.0)], "Guild").description or ""
    first, second = text.splitlines()
    assert "rating 1780 ·" in first and "provisional" not in first and "1/12 games won" in first
    assert "rating 1540 (provisional)" in second
