"""A game's move log told again from public information: who did what, which villages scored what.

The log is replayed from the public start position with stand-in clans, so nothing here can know (or
leak) who holds which clan; villages, their values and the colours they score are on the board for all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.clans import Action, Clan, Move, PublicView, Resign, Village, parse_action, play, state_from_view


@dataclass(frozen=True, slots=True)
class MoveFact:
    """One entry of the move log and what it did, as everyone saw it."""

    ply: int
    turn: int
    """The move number after this action (hut moves count; a village choice or a resignation does not)."""
    seat: int
    action: Action
    villages: tuple[Village, ...]
    epochs_entered: tuple[int, ...]
    game_over: bool

    @property
    def is_hut_move(self) -> bool:
        return isinstance(self.action, Move) and not self.action.is_village_choice


def public_history(start: PublicView, actions: Sequence[Action | str]) -> list[MoveFact]:
    """Replay ``actions`` from the public start position and report each one."""
    state = state_from_view(start, tuple(Clan(c) for c in range(start.players)))
    facts = []
    for action in actions:
        if isinstance(action, str):
            action = parse_action(action)
        outcome = play(state, action, seat=None)
        facts.append(
            MoveFact(
                ply=state.ply,
                turn=state.turn,
                seat=outcome.seat,
                action=action,
                villages=outcome.villages,
                epochs_entered=outcome.epochs_entered,
                game_over=outcome.game_over,
            )
        )
    return facts


def since_last_action(facts: Sequence[MoveFact], seat: int) -> list[MoveFact]:
    """What happened after ``seat``'s own last action (everything, if it has not acted yet)."""
    last = max((f.ply for f in facts if f.seat == seat and not isinstance(f.action, Resign)), default=0)
    return [f for f in facts if f.ply > last]
