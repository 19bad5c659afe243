"""What each AI seat of a finished Clans game thought: its belief of the others' clans at the end, and how readable
its own clan was to a table running its code (both worked out in the AI's worker pool). The service's AI turn
itself is in service/clans/games.py."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.clans import Action, Clan, PublicView
from service.ai_pool import AiPoolError
from service.clans.ai_client import ClansAi
from service.clans.tables import AiGuesses, Loaded, Table

log = logging.getLogger("clans.service")


async def ai_guesses(
    ai: ClansAi, table: Table, loaded: Loaded, start: PublicView, history: Sequence[Action]
) -> list[AiGuesses]:
    """Once ``table``'s game is over (``loaded``: its whole state, read once): what each AI seat believed about
    the others' clans at the end, and how sure a table reading its moves with its own code could have been of its
    clan. ``start`` and ``history``: the public game the AI replays."""
    levels = [s.ai_level for s in table.record.seats]
    guesses = []
    for seat in [seat for seat in table.record.seats if seat.ai_level is not None]:
        clan = loaded.state.clans[seat.seat]
        # Hard read the AI seats by their public levels; the other levels read every seat as a person.
        read_by = levels if seat.ai_level == "hard" else None
        try:
            beliefs = await ai.beliefs(start, history, seat.seat, clan, read_by)
        except AiPoolError as error:
            log.error("No guesses for seat %s in game %s: %s", seat.seat, table.id, error)
            continue
        try:
            reading = await ai.exposure(start, history, seat.seat, seat.ai_level or "normal", levels)
            exposed: tuple[Clan, float] | None = (clan, reading[clan])
        except AiPoolError as error:
            log.error("No exposure for %s in game %s: %s", seat.name, table.id, error)
            exposed = None
        guesses.append(
            AiGuesses(
                seat.name,
                tuple(
                    (other.name, *max(beliefs[other.seat].items(), key=lambda kv: kv[1]))
                    for other in table.record.seats
                    if other.seat != seat.seat
                ),
                exposed,
            )
        )
    return guesses
