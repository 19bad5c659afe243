"""Ratings on a familiar scale: openskill's conservative ordinal, scaled around 1500.

    rating = 1500 + 20 × (μ − 3σ)

μ and σ are openskill's Plackett-Luce skill estimate and its uncertainty (a newcomer has μ = 25,
σ = 25/3, so μ − 3σ = 0 and the rating starts at 1500). The ordinal is the skill we are about 99% sure a
player has: it rises as games make σ shrink, and the leaderboard sorts by it. The scaling is only for
reading: it keeps the order and avoids negative or fractional numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

CENTRE = 1500
SCALE = 20
PROVISIONAL_GAMES = 5
"""Before this many rated games a rating is marked provisional: it says little yet."""


@dataclass(frozen=True, slots=True)
class ShownRating:
    value: int
    provisional: bool

    def __str__(self) -> str:
        return f"{self.value} (provisional)" if self.provisional else str(self.value)


def shown_rating(ordinal: float, games: int) -> ShownRating:
    """The rating people read, from openskill's ordinal (μ − 3σ) and the number of rated games."""
    return ShownRating(round(CENTRE + SCALE * ordinal), games < PROVISIONAL_GAMES)
