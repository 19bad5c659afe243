"""The limits on open lobbies and games, read before answering `/… new` (so that a refused member gets a plain
ephemeral refusal before any thread or "thinking…" answer). The same limits are enforced inside every write
that could pass them (store.limits): this early read only spares the member a slower refusal.
"""

from __future__ import annotations

from errors import GameError
from service.errors import limit_reached
from store import Store
from store.limits import OPENING, Limits, first_reached


async def check_may_open(store: Store, limits: Limits, guild_id: int | None, user_id: int) -> None:
    """Refused (GameError) when the member or the server may not open one more lobby."""
    counts = await store.open_counts(guild_id, user_id)
    reached = first_reached(counts, limits, OPENING)
    if reached is not None:
        why, facts = limit_reached(reached.value, counts.count(reached))
        raise GameError(why, **facts)
