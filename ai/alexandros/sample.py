"""A full game state the AI can search, built from what it may know: the public view and its own hand.

Every card the AI cannot see (the other hands and the supply) is dealt at random from the cards it cannot
account for, with the AI's own random generator. The real game's seed, the other hands and the supply's
order never reach the AI, so two games that differ only in them look the same to it.
"""

from __future__ import annotations

import random

from engine.alexandros import CARDS_PER_SYMBOL, SYMBOLS, GameState, Phase, PrivateView, Symbol


def unseen_cards(mine: PrivateView) -> list[Symbol]:
    """The cards the AI cannot see (other hands and the supply), in symbol order."""
    view = mine.public
    left = [CARDS_PER_SYMBOL] * len(SYMBOLS)
    for symbol in SYMBOLS:
        left[symbol] -= mine.hand[symbol] + view.discard[symbol]
    for card in (*view.face_up, *view.give_from):
        if card is not None:
            left[card] -= 1
    return [s for s in SYMBOLS for _ in range(max(0, left[s]))]


def sample_state(mine: PrivateView, rng: random.Random) -> GameState:
    """One guess at the whole game, consistent with ``mine``: the AI's hand is its own, the rest dealt."""
    view = mine.public
    pool = unseen_cards(mine)
    rng.shuffle(pool)
    hands: list[list[int]] = []
    for seat in range(view.players):
        if seat == mine.seat:
            hands.append(list(mine.hand))
            continue
        hand = [0] * len(SYMBOLS)
        for _ in range(view.hand_sizes[seat]):
            if pool:
                hand[pool.pop()] += 1
        hands.append(hand)
    supply = pool[: view.supply_size]
    discard = [s for s in SYMBOLS for _ in range(view.discard[s])]
    return GameState(
        board=view.board,
        players=view.players,
        # Reshuffles inside the search draw from the AI's own randomness, never the game's seed.
        seed=rng.getrandbits(62),
        walls=view.walls,
        red=view.red,
        black_left=view.black_left,
        red_left=view.red_left,
        alexander_point=view.alexander_point,
        alexander_space=view.alexander_space,
        guards=list(view.guards),
        guards_left=list(view.guards_left),
        hands=hands,
        face_up=list(view.face_up),
        supply=supply,
        discard=discard,
        reshuffles=0,
        scores=list(view.scores),
        to_move=view.to_move,
        resigned=list(view.resigned),
        province=list(view.province),
        phase=view.phase,
        actions_left=view.actions_left,
        taxed=view.taxed,
        last_turn=view.last_turn,
        refill=[slot for slot, card in enumerate(view.face_up) if card is None] if view.phase is Phase.ACTIONS else [],
        path_from=view.path_from,
        give_to=view.give_to,
        give_from=list(view.give_from),
        turn=view.turn,
        ply=view.ply,
        end_reason=view.end_reason,
    )
