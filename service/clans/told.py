"""What each move told the table, once a Clans game is over: for each player, how sure a reader of the public game
could be of their true clan after each of their moves, the moves that told the most, and when a clan was given
away. Worked out once from the AI's public reading (``ai.clans.told``, in the worker pool) and the clans the end
reveals, kept with the game (store/told.py); drawn by render/clans/told_chart.py, worded by cogs/clans/told.py.

Nothing of it exists while the game runs: a player may only ask how readable their own clan is now (``own_now``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from ai.clans.told import Reading, first_guess
from engine.clans import CLAN_COUNT, Action, Clan, Move, Resign

VERSION = 1
"""Of the kept form (``to_json``); a different one is worked out again."""
TELLING = 3
"""The moves that told the most, named under the picture."""
CHANCE = 1.0 / CLAN_COUNT
"""A reader's chance of guessing a clan with nothing to go on."""


@dataclass(frozen=True, slots=True)
class ToldMove:
    """One move and what it told of its mover's true clan: the game's move number, the move, the probability of the
    true clan before and after it."""

    number: int
    seat: int
    action: str
    before: float
    after: float

    @property
    def told(self) -> float:
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class SeatTold:
    """One player: their clan, and the probability of it after each of their moves (``points``: the game's move
    number, the probability), ending with the final reading; the move after which their clan was the reader's first
    guess to the end (None: never)."""

    seat: int
    name: str
    clan: Clan
    points: tuple[tuple[int, float], ...]
    given_away: int | None

    @property
    def final(self) -> float:
        return self.points[-1][1]


@dataclass(frozen=True, slots=True)
class TableTold:
    seats: tuple[SeatTold, ...]
    telling: tuple[ToldMove, ...]
    moves: int
    """The game's actions in all (the picture's last move number)."""


def action_text(action: Action) -> str:
    if isinstance(action, Resign):
        return "—"
    if action.is_village_choice:
        return str(action.src)
    return f"{action.src} → {action.dst}"


def table_told(
    readings: Sequence[Reading],
    history: Sequence[Action],
    movers: Sequence[int],
    clans: Sequence[Clan],
    names: Sequence[str],
) -> TableTold:
    """From the public readings (before and after each action), each action's mover and the revealed clans."""
    if len(readings) != len(history) + 1 or len(movers) != len(history):
        raise ValueError("one reading before the game and one after each action, one mover for each")
    told: list[ToldMove] = []
    seats = []
    for seat, clan in enumerate(clans):
        points = [(0, readings[0][seat][clan])]
        for index, (action, mover) in enumerate(zip(history, movers, strict=True)):
            if mover != seat or not isinstance(action, Move) or action.is_village_choice:
                continue
            before, after = readings[index][seat][clan], readings[index + 1][seat][clan]
            points.append((index + 1, after))
            told.append(ToldMove(index + 1, seat, action_text(action), before, after))
        if points[-1][0] != len(history):
            points.append((len(history), readings[-1][seat][clan]))
        seats.append(SeatTold(seat, names[seat], Clan(clan), tuple(points), given_away(readings, seat, clan)))
    telling = sorted(told, key=lambda m: (-m.told, m.number))[:TELLING]
    return TableTold(tuple(seats), tuple(sorted(telling, key=lambda m: m.number)), len(history))


def given_away(readings: Sequence[Reading], seat: int, clan: int) -> int | None:
    """The move number after which ``clan`` was the reader's first guess for ``seat`` to the end (None: it was not
    at the end, or only from the start, before any move)."""
    since = None
    for index, reading in enumerate(readings):
        best, _ = first_guess(reading, seat)
        first = best == clan and reading[seat][clan] > CHANCE
        if first and since is None:
            since = index
        elif not first:
            since = None
    return since if since else None


def own_now(reading: Reading, seat: int, clan: Clan) -> tuple[int, float]:
    """While the game runs, for the player at ``seat`` alone: where the reader ranks their own clan now (1: its first
    guess) and the probability it gives it."""
    row = reading[seat]
    rank = 1 + sum(1 for other in range(CLAN_COUNT) if row[other] > row[clan])
    return rank, row[clan]


def to_json(told: TableTold) -> str:
    return json.dumps(
        {
            "version": VERSION,
            "moves": told.moves,
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "clan": int(s.clan),
                    "points": [[n, round(p, 6)] for n, p in s.points],
                    "given_away": s.given_away,
                }
                for s in told.seats
            ],
            "telling": [
                {"number": m.number, "seat": m.seat, "action": m.action, "before": m.before, "after": m.after}
                for m in told.telling
            ],
        },
        ensure_ascii=False,
    )


def from_json(text: str) -> TableTold | None:
    """The kept form, or None when it is of another version (to be worked out again)."""
    raw = json.loads(text)
    if raw.get("version") != VERSION:
        return None
    seats = tuple(
        SeatTold(
            int(s["seat"]),
            str(s["name"]),
            Clan(int(s["clan"])),
            tuple((int(n), float(p)) for n, p in s["points"]),
            None if s["given_away"] is None else int(s["given_away"]),
        )
        for s in raw["seats"]
    )
    telling = tuple(
        ToldMove(int(m["number"]), int(m["seat"]), str(m["action"]), float(m["before"]), float(m["after"]))
        for m in raw["telling"]
    )
    return TableTold(seats, telling, int(raw["moves"]))
