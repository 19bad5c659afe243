"""Ratings on a familiar scale: openskill's conservative ordinal, scaled around 1500.

    rating = 1500 + 20 × (μ − 3σ)

μ and σ are openskill's Plackett-Luce skill estimate and its uncertainty (a newcomer has μ = 25,
σ = 25/3, so μ − 3σ = 0 and the rating starts at 1500). The ordinal is the skill we are about 99% sure a
player has: it rises as games make σ shrink, and the leaderboard sorts by it. The scaling is only for
reading: it keeps the order and avoids negative or fractional numbers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

CENTRE = 1500
SCALE = 20
AI_RATINGS_FILE = "ai_ratings.json"
"""Each game's data (``data/<game>/ai_ratings.json``): each AI level's published (μ, σ)."""
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


def ai_rating(mu: float, sigma: float) -> int:
    """The rating shown for an AI level from its published (μ, σ): the same formula as a player's."""
    return round(CENTRE + SCALE * (mu - 3 * sigma))


def published_ai_ratings(package: str) -> dict[str, tuple[float, float]]:
    """Each AI level's published (μ, σ), read from the ``ai_ratings.json`` of a game's data ``package`` (for Clans,
    measured by ``python -m bench.ai_ratings``)."""
    raw = json.loads((resources.files(package) / AI_RATINGS_FILE).read_text(encoding="utf-8"))
    return {level: (float(entry["mu"]), float(entry["sigma"])) for level, entry in raw.items()}
