"""A game's move log told again from public information: who did what, which villages scored what.

The log is replayed from the public start position with stand-in clans, so nothing here can know (or
leak) who holds which clan; villages, their values and the colours they score are on the board for all.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from engine.clans import (
    Action,
    Clan,
    GameState,
    IllegalMove,
    Move,
    PublicView,
    Resign,
    Village,
    parse_action,
    play,
    state_from_view,
)


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
    return replay_public(start, actions)[1]


def replay_public(start: PublicView, actions: Sequence[Action | str]) -> tuple[GameState, list[MoveFact]]:
    """The public position after ``actions`` (with stand-in clans) and what each action did: the one place a
    log is told again from its start."""
    state = state_from_view(start, tuple(Clan(c) for c in range(start.players)))
    return state, [_told(state, action) for action in actions]


def _told(state: GameState, action: Action | str) -> MoveFact:
    """Play ``action`` on the public ``state`` and say what it did."""
    if isinstance(action, str):
        action = parse_action(action)
    outcome = play(state, action, seat=None)
    return MoveFact(
        ply=state.ply,
        turn=state.turn,
        seat=outcome.seat,
        action=action,
        villages=outcome.villages,
        epochs_entered=outcome.epochs_entered,
        game_over=outcome.game_over,
    )


def since_last_action(facts: Sequence[MoveFact], seat: int) -> list[MoveFact]:
    """What happened after ``seat``'s own last action (everything, if it has not acted yet)."""
    last = max((f.ply for f in facts if f.seat == seat and not isinstance(f.action, Resign)), default=0)
    return [f for f in facts if f.ply > last]


class LogTail:
    """A game's latest public facts, kept as its actions are committed, so the catch-up of a "your move" ping
    reads them instead of telling the whole log again from the seed on every move.

    It keeps the public position (stand-in clans) after its last fact, to tell the next action, and only the
    facts some seat still in the game has not acted since: about one round.
    """

    def __init__(self, state: GameState, facts: Sequence[MoveFact]) -> None:
        self.state = state
        self.facts = list(facts)
        self.origin = self.facts[0].ply - 1 if self.facts else state.ply
        """Every fact after this ply is kept."""
        self.last_acted = [0] * state.players
        """Per seat, the ply of its own last action (0: none yet), as since_last_action reads it."""
        for fact in self.facts:
            self._note(fact)
        self._drop_told()

    @classmethod
    def replayed(cls, start: PublicView, actions: Sequence[Action | str]) -> LogTail:
        return cls(*replay_public(start, actions))

    @property
    def ply(self) -> int:
        return self.state.ply

    def advance(self, action: Action | str) -> None:
        """The game's next action was committed."""
        fact = _told(self.state, action)
        self.facts.append(fact)
        self._note(fact)
        self._drop_told()

    def since(self, seat: int, upto: int) -> list[MoveFact] | None:
        """What happened after ``seat``'s own last action, up to ply ``upto``; None if that is no longer kept."""
        last = self.last_acted[seat]
        if last < self.origin:
            return None
        return [f for f in self.facts if last < f.ply <= upto]

    def _note(self, fact: MoveFact) -> None:
        if not isinstance(fact.action, Resign):
            self.last_acted[fact.seat] = fact.ply

    def _drop_told(self) -> None:
        playing = [self.last_acted[s] for s in range(self.state.players) if not self.state.resigned[s]]
        oldest = min(playing, default=self.ply)
        if oldest > self.origin:
            self.facts = [f for f in self.facts if f.ply > oldest]
            self.origin = oldest


class LogTails:
    """The tails of the games whose catch-up was asked in this process, the most recently used ones kept.
    Another process's commits leave a tail behind; the catch-up tells it the missing actions from the log."""

    def __init__(self, capacity: int = 1000) -> None:
        self.capacity = capacity
        self._tails: OrderedDict[int, LogTail] = OrderedDict()

    def __len__(self) -> int:
        return len(self._tails)

    def get(self, game_id: int) -> LogTail | None:
        tail = self._tails.get(game_id)
        if tail is not None:
            self._tails.move_to_end(game_id)
        return tail

    def keep(self, game_id: int, tail: LogTail) -> None:
        self._tails[game_id] = tail
        self._tails.move_to_end(game_id)
        while len(self._tails) > self.capacity:
            self._tails.popitem(last=False)

    def committed(self, game_id: int, ply: int, action: Action, over: bool) -> None:
        """Action ``ply`` of the game was committed by this process."""
        tail = self._tails.get(game_id)
        if tail is None:
            return
        if over or tail.ply >= ply:  # a finished game pings nobody; a tail ahead of the log is no longer trusted
            del self._tails[game_id]
        elif tail.ply == ply - 1:
            try:
                tail.advance(action)
            except IllegalMove:  # never after a checked commit; if it were, the log tells the tail again later
                del self._tails[game_id]
