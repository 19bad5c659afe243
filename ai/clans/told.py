"""What each move told the table: after every action of a game, how likely each clan is for each seat to a reader
of the public game alone (no seat's clan: the table's view, not a player's).

The reader is the one every AI level uses to read a person (``ai.clans.belief``'s general model: each move's
gains for each clan, a noisy maximiser, tempered), applied to every seat alike, human or AI, so that they are
judged the same way; the clans are distinct, so the posterior is over every assignment of five clans to the
seats (at most 120). Nothing here knows a clan: the service puts the revealed clans beside it after the game
(service/clans/told.py), and a player asks only about their own while it runs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import permutations

from ai.clans.belief import track_snapshots
from engine.clans import CLAN_COUNT, Action, PublicView

Reading = list[list[float]]
"""Per seat (outer), the probability of each clan (inner, by the clan's number)."""


def public_reading(loglik: Sequence[Sequence[float]]) -> Reading:
    """The table's posterior of every seat's clan, from each seat's log-likelihood per clan, with distinct clans
    and an even prior."""
    players = len(loglik)
    scored = [
        (clans, sum(loglik[seat][clan] for seat, clan in enumerate(clans)))
        for clans in permutations(range(CLAN_COUNT), players)
    ]
    top = max(score for _, score in scored)
    weights = [(clans, math.exp(score - top)) for clans, score in scored]
    total = sum(w for _, w in weights)
    reading = [[0.0] * CLAN_COUNT for _ in range(players)]
    for clans, w in weights:
        for seat, clan in enumerate(clans):
            reading[seat][clan] += w / total
    return reading


def readings(start: PublicView, history: Sequence[Action]) -> list[Reading]:
    """The table's reading before any action (index 0: every clan even) and after each action of ``history``
    (index i: after ``history[:i]``)."""
    even = [[1.0 / CLAN_COUNT] * CLAN_COUNT for _ in range(start.players)]
    return [even, *(public_reading(loglik) for loglik in track_snapshots(start, history))]


def first_guess(reading: Reading, seat: int) -> tuple[int, float]:
    """The reader's first guess of ``seat``'s clan (its number) and its probability."""
    row = reading[seat]
    best = max(range(CLAN_COUNT), key=lambda clan: row[clan])
    return best, row[best]
