"""The search of one turn, shared by the levels: every move of Alexander and wall path, then the two actions.

A line is the rest of a turn (Alexander's move, the wall path, the actions) with the value of the position it
leaves. The search runs on a full state (one deal of the cards the AI cannot see, ``sample_state``), so a card
drawn on the way is the one that deal holds; lines never hand the turn on (see ``after``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ai.alexandros.evaluate import Weights, evaluate
from engine.alexandros import (
    SUPPLY,
    Action,
    ChoosePath,
    EndTurn,
    GameState,
    Give,
    Occupy,
    Phase,
    Symbol,
    TakeCard,
    TakeOver,
    Tax,
    apply,
    closes_loop,
    give_choices,
    legal_actions,
    levy_symbols,
    wall_groups,
)

HOLD = 100
"""Added to the actions left while the search applies one, so the engine never ends the turn."""
SAME_PROVINCE = 3
"""Occupations of one province with the same number of guards judged (the rest differ in the cards paid)."""
TIE = 1e-3
"""The spread of the noise that breaks ties between equal values (drawn from the AI's own seed)."""


@dataclass(frozen=True, slots=True)
class Line:
    """The rest of a turn and the value of the position it leaves, for the seat searching."""

    value: float
    actions: tuple[Action, ...]

    @property
    def first(self) -> Action:
        return self.actions[0] if self.actions else EndTurn()


def after(state: GameState, action: Action, seat: int) -> GameState:
    """The state after ``action``; a take-over's cards to give back are chosen at once, as the AI would.

    The turn is never handed on: the position is judged as the turn leaves it (``actions_left`` 0). Ending
    a turn makes the engine look for the next player's moves, and with few walls left that means listing
    long wall paths: seconds of CPU over a search's thousand leaves, for nothing the judgement reads."""
    copy = state.copy()
    if isinstance(action, EndTurn):
        copy.actions_left = 0
        return copy
    holding = copy.phase is Phase.ACTIONS
    if holding:
        copy.actions_left += HOLD
    apply(copy, action)
    if copy.phase is Phase.GIVE and copy.to_move == seat:
        apply(copy, choose_give(copy))
    if holding and copy.phase is Phase.ACTIONS:
        copy.actions_left -= HOLD
    return copy


def choose_give(state: GameState) -> Give:
    """Hand the loser the cards least useful to them: not the symbols under their guards (they would levy
    with them), nor two of a symbol under one of our guards (they would take it over)."""
    loser = state.give_to
    theirs = levy_symbols(state, loser)
    ours = levy_symbols(state, state.to_move)

    def harm(cards: tuple[Symbol, ...]) -> float:
        return sum(2.0 if c in theirs else 1.0 if c in ours else 0.0 for c in cards)

    return Give(min(give_choices(state.give_from), key=harm))


def distinct(state: GameState, actions: Sequence[Action]) -> list[Action]:
    """The choices worth judging: taking either of two alike face-up cards is one choice, so is levying with
    either of two guards on alike symbols (the same card pays), and of the ways to
    occupy (or take over) one province with as many guards, which differ only in the cards paid, a few.
    A big hand and a big province give thousands of those, and the search would judge every pair."""
    seen: dict[object, int] = {}
    kept: list[Action] = []
    for action in actions:
        key: object = action
        limit = 1
        if isinstance(action, TakeCard) and action.slot != SUPPLY:
            key = ("card", state.face_up[action.slot])
        elif isinstance(action, Tax):
            key = ("tax", state.board.symbol[action.space])
        elif isinstance(action, Occupy | TakeOver):
            key = (type(action), state.province[action.guards[0]], len(action.guards))
            limit = SAME_PROVINCE
        if seen.get(key, 0) < limit:
            seen[key] = seen.get(key, 0) + 1
            kept.append(action)
    return kept


def acting(state: GameState, seat: int) -> bool:
    """``seat`` still has actions to take this turn."""
    return state.phase is Phase.ACTIONS and state.to_move == seat and state.actions_left > 0


class TurnSearch:
    """The search of ``seat``'s turn with the given evaluation. Every move of Alexander (with each wall path, or
    ``paths`` of them) is judged by the position it leaves; the ``scout`` best of them (all when None) also by
    their best single action, and the ``beam`` best of those through every pair of actions. After a first
    action, the ``follow`` best are searched through the second one as well."""

    def __init__(
        self,
        seat: int,
        weights: Weights,
        rng: random.Random,
        beam: int,
        follow: int,
        scout: int | None = None,
        paths: int | None = None,
        common: int | None = None,
    ) -> None:
        self.seat = seat
        self.weights = weights
        self.rng = rng
        self.beam = beam
        self.follow = follow
        self.scout = scout
        self.paths_judged = paths
        """At most this many wall paths judged per move of Alexander, drawn at random (all when None)."""
        self.common = common
        """Set: the search draws nothing from ``rng``. Ties go to the first in the engine's order and the wall
        paths judged are the first by a hash salted with this number, so the same position gets the same
        choices whatever was searched before (common random numbers for hard's played-on turns)."""

    def judge(self, state: GameState) -> float:
        if self.common is not None:
            return evaluate(state, self.seat, self.weights)
        return evaluate(state, self.seat, self.weights) + self.rng.random() * TIE

    def lines(self, state: GameState) -> list[Line]:
        """The best line for every choice open now (best first); the state is the seat's to move. A line that
        stops before the turn's end leaves the rest to a later search (``play_turn``)."""
        if state.phase is Phase.GIVE:
            give = choose_give(state)
            return [Line(self.judge(after(state, give, self.seat)), (give,))]
        if state.phase is Phase.ACTIONS:
            return self.action_lines(state)
        scored = [(self.judge(reached), prefix, reached) for prefix, reached in self.starts(state)]
        if self.scout is None or self.scout > 0:
            scored.sort(key=lambda t: -t[0])
            scouted = len(scored) if self.scout is None else self.scout
            scored[:scouted] = [(self.one_action(reached), prefix, reached) for _, prefix, reached in scored[:scouted]]
        scored.sort(key=lambda t: -t[0])
        lines: list[Line] = []
        for rank, (value, prefix, reached) in enumerate(scored):
            if rank < self.beam and acting(reached, self.seat):
                best = self.action_lines(reached)[0]
                lines.append(Line(best.value, prefix + best.actions))
            else:
                lines.append(Line(value, prefix))
        lines.sort(key=lambda line: -line.value)
        return lines

    def starts(self, state: GameState) -> list[tuple[tuple[Action, ...], GameState]]:
        """Every way to reach the actions from a move or path choice: one per move and wall path, where wall
        paths that leave the same provinces and walls left are one (the first of them: a long path has
        hundreds of ways that differ only in open country)."""
        found: list[tuple[tuple[Action, ...], GameState]] = []
        if state.phase is Phase.PATH:
            return [((path,), reached) for path, reached in self.paths(state)]
        for action in legal_actions(state):
            reached = after(state, action, self.seat)
            if reached.phase is Phase.PATH:
                found.extend(((action, path), end) for path, end in self.paths(reached))
            else:
                found.append(((action,), reached))
        return found

    def paths(self, state: GameState) -> list[tuple[Action, GameState]]:
        """The wall paths open now, one per outcome: walls that close no loop leave the provinces as they are
        (``engine.closes_loop``), so those paths differ only in the walls they use up and are not built one by
        one (late in a game a long move has a thousand of them)."""
        groups = wall_groups(state.board, state.walls)
        seen: set[tuple[object, ...]] = set()
        found: list[tuple[Action, GameState]] = []
        options = legal_actions(state)
        if self.paths_judged is not None and len(options) > self.paths_judged:
            if self.common is not None:
                salt = self.common
                options = sorted(options, key=lambda path: hash((salt, path)))[: self.paths_judged]
            else:
                options = self.rng.sample(options, self.paths_judged)
        for path in options:
            assert isinstance(path, ChoosePath)
            if not closes_loop(state.board, groups, path.walls):
                count = len(path.walls)
                black = max(0, state.black_left - count)
                key: tuple[object, ...] = ("open", black, state.red_left - (count - (state.black_left - black)))
                if key in seen:
                    continue
                seen.add(key)
            reached = after(state, path, self.seat)
            outcome = (tuple(reached.province), reached.black_left, reached.red_left)
            if outcome not in seen:
                seen.add(outcome)
                found.append((path, reached))
        return found

    def one_action(self, state: GameState) -> float:
        """The best value one more action reaches (or ending the turn)."""
        best = self.judge(state)
        if not acting(state, self.seat):
            return best
        for action in distinct(state, legal_actions(state)):
            best = max(best, self.judge(after(state, action, self.seat)))
        return best

    def action_lines(self, state: GameState) -> list[Line]:
        """The best line for every action open now (best first, ending the turn among them): each judged by the
        position it leaves, the ``follow`` best also through the actions left."""
        judged = [
            (self.judge(reached), action, reached)
            for action in distinct(state, legal_actions(state))
            for reached in (after(state, action, self.seat),)
        ]
        judged.sort(key=lambda t: -t[0])
        lines: list[Line] = []
        for rank, (value, action, reached) in enumerate(judged):
            line = Line(value, (action,))
            if rank < self.follow and acting(reached, self.seat) and not isinstance(action, EndTurn):
                rest = self.action_lines(reached)[0]
                if rest.value > value:
                    line = Line(rest.value, (action, *rest.actions))
            lines.append(line)
        lines.sort(key=lambda line: -line.value)
        return lines


def play_turn(state: GameState, search: TurnSearch) -> None:
    """Play the rest of the turn of ``search``'s seat on ``state``: its best line, searched again where the line
    stops before the turn's end (the cards a take-over gives back chosen as the search chose them)."""
    seat = search.seat
    while not state.over and state.to_move == seat:
        line = search.lines(state)[0]
        for action in line.actions:
            if state.over or state.to_move != seat:
                return
            apply(state, action)
            if state.phase is Phase.GIVE and state.to_move == seat:
                apply(state, choose_give(state))
