"""What an action would do, worked out on a copy without playing it: the preview a mover confirms, and the
distinct results of a village order they may owe.

Worked out from the public view: which clan a player holds never changes huts, villages or scores, so the
secret clans are stood in for by placeholders and the final result (which would reveal them) is left out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.clans.clan import Clan
from engine.clans.moves import Move
from engine.clans.rules import play
from engine.clans.state import EndReason, GameState, Phase, Village
from engine.clans.view import PublicView, public_view, state_from_view


@dataclass(frozen=True, slots=True)
class Preview:
    """The result of ``actions`` played from a position: a hut move and/or the village choices after it."""

    actions: tuple[Move, ...]
    """What to play, in this order, to get this result (village choices in the order the mover makes them)."""
    villages: tuple[Village, ...]
    """Founded, in order, with their epoch, value, the huts before and after strife, and who scores."""
    unfounded: tuple[int, ...]
    """Territories owed a village that stay unfounded: the 12th village ended the game first."""
    epochs_entered: tuple[int, ...]
    end_reason: EndReason | None
    """Why the game would end with these actions (None: it goes on)."""
    view: PublicView
    """The position after ``actions`` (``result`` left out: it would name the placeholder clans)."""

    @property
    def game_over(self) -> bool:
        return self.end_reason is not None

    @property
    def choices(self) -> tuple[int, ...]:
        """The village choices among ``actions``: the order the mover picks."""
        return tuple(a.src for a in self.actions if a.is_village_choice)


def preview_move(view: PublicView, move: Move) -> list[Preview]:
    """Every distinct result of playing hut ``move`` now (raises the IllegalMove that says why it is not legal).

    One result for a move founding at most one village, or several villages whose order changes nothing; else
    one per different result of the village order the move leaves owed, each with the choices that give it.
    """
    state = _stand_in(view)
    founded = len(state.villages)
    outcome = play(state, move)  # checked: raises the reason an illegal move is refused
    return _results(state, (move,), founded, outcome.epochs_entered, tuple(state.pending))


def order_results(view: PublicView) -> list[Preview]:
    """While the mover owes a village order: each distinct result of the orders they may choose, the first order
    (in map order) giving it first. A single result means the order changes nothing and need not be asked."""
    if view.phase is not Phase.ORDER:
        return []
    state = _stand_in(view)
    return _results(state, (), len(state.villages), (), tuple(state.pending))


def orders_matter(view: PublicView) -> bool:
    """Whether the village order the mover owes changes anything (if not, any order will do)."""
    return len(order_results(view)) > 1


def _stand_in(view: PublicView) -> GameState:
    return state_from_view(view, tuple(Clan(c) for c in range(view.players)))


def _results(
    state: GameState, played: tuple[Move, ...], founded: int, epochs: tuple[int, ...], owed: tuple[int, ...]
) -> list[Preview]:
    """Every order of the villages ``state`` still owes, played out depth first in map order; one Preview per
    distinct end position (orders reaching the same position by another way are cut early)."""
    seen: set[tuple[object, ...]] = set()
    previews: list[Preview] = []

    def walk(current: GameState, actions: tuple[Move, ...], entered: tuple[int, ...]) -> None:
        key = _position(current, founded)
        if key in seen:
            return
        seen.add(key)
        if current.phase is not Phase.ORDER:
            previews.append(_preview(current, actions, founded, entered, owed))
            return
        for territory in current.pending:
            after = current.copy()
            choice = Move.village(territory)
            outcome = play(after, choice)
            walk(after, (*actions, choice), (*entered, *outcome.epochs_entered))

    walk(state, played, epochs)
    return previews


def _position(state: GameState, founded: int) -> tuple[object, ...]:
    """What a player can tell apart: huts, scores, chips, what is still owed and the villages founded since
    ``founded`` (where, and what they were worth to whom), not the order they were founded in."""
    villages = sorted((v.territory, v.huts_before, v.huts, v.value, v.destroyed) for v in state.villages[founded:])
    return (
        tuple(map(tuple, state.huts)),
        tuple(state.scores),
        tuple(state.removed),
        tuple(state.chips),
        state.phase,
        state.pending,
        state.end_reason,
        tuple(villages),
    )


def _preview(
    state: GameState, actions: tuple[Move, ...], founded: int, entered: tuple[int, ...], owed: tuple[int, ...]
) -> Preview:
    villages = tuple(state.villages[founded:])
    built = {v.territory for v in villages}
    return Preview(
        actions=actions,
        villages=villages,
        unfounded=tuple(t for t in owed if t not in built),
        epochs_entered=entered,
        end_reason=state.end_reason,
        view=replace(public_view(state), result=None),
    )
