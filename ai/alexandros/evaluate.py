"""How good a position is for one seat, in points: its score and what the levies still to come will pay.

Points come only from levies, and a levy pays everyone the open spaces of their provinces held by a lone
guard, so a province is worth its income times the levies still to come. Who levies them? A player levies
on their own turn when it pays them more than their rivals, and only with a card of a symbol under one of
their guards. So the levies to come are counted seat by seat: the turns each seat has left before the walls
run out, times how surely it can pay for a levy, times how much a levy would pay it over its rivals. A
player who never levies banks nothing, and a lead in income is worth only the levies someone will make.

Cards are worth what they can still buy (provinces, take-overs, levies), less and less as the end nears.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.alexandros import SYMBOLS, WIN_POINTS, GameState, Phase, Symbol, tax_outlook

WIN = 1000.0
"""Added to (or taken from) the margin of a finished game: winning is what counts."""
SCORELESS = -2 * WIN
"""A finished game where nobody scored, for every seat: worse than any loss."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's numbers (the arena measured them: bench.alexandros_arena)."""

    walls_per_turn: float = 2.4
    """About how many black walls a turn uses (65 walls last some 25 turns)."""
    levy_floor: float = 0.2
    """Levies per round counted whoever leads: incomes change, and someone will take the lead and levy."""
    levy_margin: float = 1.0
    """A seat levies when a levy pays it this much more than its rivals (a card and an action are its cost)..."""
    levy_sure: float = 4.0
    """...and surely when this many points more."""
    draw_cards: float = 1.5
    """The cards a seat may still draw before its next levy, when judging whether it will hold a levy card."""
    card: float = 1.5
    """A card in the hand, in points, while rounds are left to use it."""
    card_rounds: float = 2.0
    """Below this many rounds left, a card is worth proportionally less (nothing at the end)."""
    rival_best: float = 0.5
    """With several rivals: the weight of the best one (the rest goes to their mean)."""
    hold2: float = 0.6
    """How surely a province's income is still there at the next levy, with two players: walls divide provinces
    and rivals take them over, so the k-th levy ahead counts hold ** k of today's income, and a levy now is
    worth more than the same income later..."""
    hold3: float = 0.7
    """...with three players..."""
    hold4: float = 0.8
    """...and with four, where a levy also pays three rivals (measured: bench.alexandros_arena)."""

    def hold(self, players: int) -> float:
        return self.hold2 if players <= 2 else self.hold3 if players == 3 else self.hold4


NORMAL = Weights()


def rivals_value(values: list[float], seat: int, best: float) -> float:
    """The rivals of ``seat`` as one number: the best one's value and their mean, weighed."""
    others = [v for s, v in enumerate(values) if s != seat]
    return best * max(others) + (1 - best) * sum(others) / len(others)


def turns_left(state: GameState, weights: Weights) -> float:
    """About how many turns the game has left, counting the one that will use red walls."""
    if state.over or state.last_turn:
        return 0.0
    return state.black_left / weights.walls_per_turn + 1


def seat_turns(state: GameState, seat: int, turns: float) -> float:
    """How many of the next ``turns`` turns are ``seat``'s (the turn under way is not counted, unless it has
    not begun: Alexander not yet moved)."""
    n = state.players
    k = (seat - state.to_move) % n
    if k == 0 and state.phase is not Phase.MOVE:
        k = n
    count = 0.0
    start = float(k + 1)
    while start - 1 < turns:
        count += min(1.0, turns - start + 1)
        start += n
    return count


def levy_chance(state: GameState, seat: int, symbols: set[Symbol], me: int, weights: Weights) -> float:
    """How surely ``seat`` holds a card that can levy when its turn comes. The judging seat ``me`` knows its
    own hand (a levy card, or the chance to draw one); a rival's it judges by its size only."""
    if not symbols:
        return 0.0
    miss = 1.0 - len(symbols) / len(SYMBOLS)
    if seat == me:
        hand = state.hands[seat]
        return 1.0 if any(hand[x] for x in symbols) else 1.0 - float(miss**weights.draw_cards)
    return 1.0 - float(miss ** (sum(state.hands[seat]) + weights.draw_cards))


def levies_ahead(
    state: GameState, me: int, income: list[int], symbols: list[set[Symbol]], live: list[int], weights: Weights
) -> float:
    """The levies still to come, about, as ``me`` sees them: each seat's turns left, times how surely it can
    pay for a levy, times how surely a levy pays it more than its rivals; and a floor (incomes change)."""
    turns = turns_left(state, weights)
    if turns <= 0:
        return 0.0
    levies = weights.levy_floor * turns / len(live)
    if len(live) > 1:
        incomes = [float(income[s]) for s in live]
        span = weights.levy_sure - weights.levy_margin
        for i, s in enumerate(live):
            gain = incomes[i] - rivals_value(incomes, i, weights.rival_best) - weights.levy_margin
            if gain > 0:
                sure = min(1.0, gain / span)
                levies += sure * levy_chance(state, s, symbols[s], me, weights) * seat_turns(state, s, turns)
    top = max(state.scores)
    if top >= WIN_POINTS * 0.6:
        # Near 100 points the leader ends the game at the next levy that takes them there.
        levies = min(levies, max(1.0, (WIN_POINTS - top) / 12))
    hold = weights.hold(state.players)
    if hold < 1.0:
        levies = hold * (1.0 - float(hold**levies)) / (1.0 - hold)
    return levies


def final_margin(state: GameState, seat: int) -> float:
    """The finished game for ``seat``: its margin over the best rival, and WIN for a win (a share of it for a
    shared one), as much taken away for a loss. A table where nobody scored is worse than any loss: the rules
    make it a win shared by all, but it is a game nobody played, and an AI that would rather tie at 0 than
    levy and lose lets whole tables end scoreless (issue 41)."""
    live = [s for s in range(state.players) if s != seat and not state.resigned[s]]
    if not live:
        return WIN
    best = max(state.scores[s] for s in live)
    if best == 0 and state.scores[seat] == 0:
        return SCORELESS
    margin = state.scores[seat] - best
    if margin < 0:
        return margin - WIN
    tied = 1 + sum(state.scores[s] == best for s in live) if margin == 0 else 1
    return margin + WIN * (2.0 / tied - 1.0)


def evaluate(state: GameState, seat: int, weights: Weights = NORMAL) -> float:
    """The position for ``seat``: its worth minus its rivals' (the best one's and their mean, weighed)."""
    if state.over or (state.last_turn and not state.actions_left):
        # Over, or red walls were used and the turn has nothing left to do: the scores are final.
        return final_margin(state, seat)
    income, symbols = tax_outlook(state)
    live = [s for s in range(state.players) if not state.resigned[s]]
    levies = levies_ahead(state, seat, income, symbols, live, weights)
    rounds = turns_left(state, weights) / state.players
    card = weights.card * min(1.0, rounds / weights.card_rounds)
    worth = [state.scores[s] + income[s] * levies + card * sum(state.hands[s]) for s in live]
    me = live.index(seat)
    if len(live) == 1:
        return worth[me]
    return worth[me] - rivals_value(worth, me, weights.rival_best)
