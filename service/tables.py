"""What every game's service hands out about a started game: its public record (seats, ids; no snapshot, no
seed) and its public view, with what the shared code reads of them (who moves, who sits where, whether an AI acts)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from store import GameRecord, SeatRecord


class MoverView(Protocol):
    """A game's public view, as far as the table reads it."""

    @property
    def to_move(self) -> int: ...


V = TypeVar("V", bound=MoverView)


@dataclass(frozen=True, slots=True)
class PublicTable(Generic[V]):
    """A started game as everyone may see it. Each game's table says when its game is ``over`` and adds what
    only it knows."""

    record: GameRecord
    view: V

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.record.seats)

    @property
    def over(self) -> bool:
        raise NotImplementedError

    @property
    def mover(self) -> SeatRecord:
        return self.record.seats[self.view.to_move]

    @property
    def ai_to_act(self) -> bool:
        """An AI seat acts next (so the cog starts its turn)."""
        return self.record.status == "running" and not self.over and self.mover.ai_level is not None

    def seat_of(self, user_id: int) -> SeatRecord | None:
        return self.record.seat_of(user_id)
