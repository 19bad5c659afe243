"""How good a position is for one seat, in points: its score, what its provinces will still earn, its cards.

Every levy of taxes pays every player the open spaces of their provinces held by a lone guard, so a
province's worth is its income times the levies still to come; those run out with the black walls (or
when someone nears 100 points). Cards are worth something because they occupy, take over and levy.
"""

from __future__ import annotations

from engine.alexandros import WIN_POINTS, GameState, levy_symbols, tax_income

WALLS_PER_TURN = 2.0
"""About how many black walls a turn uses (bench/alexandros_sim.py: 65 walls last some 30 turns)."""
LEVIES_PER_TURN = 0.35
"""About how many levies a turn brings, when players levy whenever it pays them."""
CARD = 1.2
"""What a card in the hand is worth, in points."""
TAX_CARD = 2.0
"""Extra for the first card matching the symbol under one of one's guards: it can levy (docs/RULES.md A5.8)."""
WIN = 1000.0


def future_levies(state: GameState) -> float:
    """How many levies are still to come, about: none once red walls were used this turn."""
    if state.over or state.last_turn:
        return 0.0
    turns = state.black_left / WALLS_PER_TURN + 1
    levies = LEVIES_PER_TURN * turns
    top = max(state.scores)
    if top >= WIN_POINTS * 0.7:
        # Near 100 points the leader ends the game at the next levy that takes them there.
        levies = min(levies, max(1.0, (WIN_POINTS - top) / 10))
    return levies


def worth(state: GameState, seat: int, income: list[int], levies: float) -> float:
    hand = state.hands[seat]
    value = state.scores[seat] + income[seat] * levies + CARD * sum(hand)
    if income[seat] > 0 and levies > 0 and any(hand[s] for s in levy_symbols(state, seat)):
        value += TAX_CARD
    return value


def evaluate(state: GameState, seat: int) -> float:
    """The position for ``seat``: its worth minus the opponents' (half the best one, half their mean)."""
    live = [s for s in range(state.players) if s != seat and not state.resigned[s]]
    if state.over or (state.last_turn and not state.actions_left):
        # Over, or red walls were used and the turn has nothing left to do: the scores are final.
        if not live:
            return WIN
        best = max(state.scores[s] for s in live)
        margin = state.scores[seat] - best
        return margin + (WIN if margin >= 0 else -WIN)
    income = tax_income(state)
    levies = future_levies(state)
    own = worth(state, seat, income, levies)
    if not live:
        return own
    others = [worth(state, s, income, levies) for s in live]
    return own - 0.5 * max(others) - 0.5 * sum(others) / len(others)
