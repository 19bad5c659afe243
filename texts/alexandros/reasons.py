"""Why the engine refused an Alexandros action, in every language: one sentence per code (engine/alexandros
actions.py ``Why``), with the facts the error carries. Alexandros' registration record (registry/alexandros.py)
names it, with the words for why a game ended; the shared text layer (texts/reasons.py) reaches them there."""

from __future__ import annotations

from engine.alexandros import IllegalAction, Symbol, Why
from texts import Texts
from texts.alexandros.options import cards_text


def illegal_action(t: Texts, error: IllegalAction) -> str:
    facts = error.facts
    match error.code:
        case Why.GAME_OVER:
            return t._("The game is over.")
        case Why.NOT_YOUR_TURN:
            return t._("It is not your turn.")
        case Why.WRONG_PHASE:
            return t._("That is not possible at this step of the turn: choose from the menus of your panel.")
        case Why.NO_SUCH_CARD:
            return t._("That card is not there to be used.")
        case Why.NOT_A_JOKER:
            return t._("That face-up card moves Alexander to its own symbol only.")
        case Why.NO_EMPTY_SPACE:
            return t._("No space of that symbol is empty: choose another card.")
        case Why.NOT_CLOSEST:
            return t._("Alexander must go to one of the closest empty spaces of that symbol.")
        case Why.NOT_A_POINT_OF_SPACE:
            return t._("Alexander must stop on a corner of the space he goes to.")
        case Why.NOT_ENOUGH_WALLS:
            return t._("Too few walls are left to build a path there.")
        case Why.NOT_A_SHORTEST_PATH:
            return t._("The walls must follow one of the shortest paths.")
        case Why.NO_SUCH_SPACE:
            return t._("There is no space {space} on the board.", space=facts.get("space", "?"))
        case Why.NOT_A_SYMBOL_SPACE:
            return t._(
                "Guards stand only on spaces with a symbol; space {space} has none.", space=facts.get("space", "?")
            )
        case Why.NOT_ONE_PROVINCE:
            return t._("All the guards must stand in one province.")
        case Why.PROVINCE_OCCUPIED:
            return t._("That province is occupied: take it over instead.")
        case Why.PROVINCE_FREE:
            return t._("That province is free: occupy it instead.")
        case Why.OWN_PROVINCE:
            return t._("That province is already yours.")
        case Why.NOT_ENOUGH_GUARDS:
            return t._(
                "You have {left} guards left; that needs {needed}.",
                left=facts.get("left", "?"),
                needed=facts.get("needed", "?"),
            )
        case Why.MISSING_CARDS:
            cards = facts.get("cards", ())
            missing = [c for c in cards if isinstance(c, Symbol)] if isinstance(cards, tuple) else []
            return t._("You are missing the cards for that: {cards}.", cards=cards_text(t, missing))
        case Why.ALREADY_TAXED:
            return t._("You have already levied taxes this turn.")
        case Why.NOT_YOUR_GUARD:
            return t._("You have no guard on space {space}.", space=facts.get("space", "?"))
        case Why.WRONG_GIVE:
            return t.n_(
                "Give back exactly {count} of the cards paid.",
                "Give back exactly {count} of the cards paid.",
                int(str(facts.get("size", 0))),
                count=facts.get("size", "?"),
            )
        case Why.NOT_A_PLAYER:
            return t._("That player is not in the game.")
        case Why.NOT_CANONICAL:
            return t._("Name each space once, in increasing order.")
        case Why.BAD_TEXT:
            return t._("That is not an Alexandros action: choose from the menus of your panel.")
    return t._("That move is not allowed.")
