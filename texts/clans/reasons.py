"""Why the engine refused a Clans move, how a move is shown in a sentence and why a game ended, in every
language: the words for the facts the engine's errors and end reasons carry. Clans' registration record
(registry/clans.py) names them; the shared text layer (texts/reasons.py) reaches them there."""

from __future__ import annotations

from engine.clans.moves import (
    ChooseVillageFirst,
    EmptyTerritory,
    GameIsOver,
    IllegalMove,
    Move,
    NoSuchTerritory,
    NotAMove,
    NotInGame,
    NotNeighbours,
    NotYourTurn,
    OnlySmallerMoves,
    ResignOnlyYourself,
    SameTerritory,
    TooManyHuts,
)
from engine.clans.state import EndReason
from texts import Texts


def illegal(t: Texts, reason: IllegalMove) -> str:
    match reason:
        case GameIsOver():
            return t._("The game is over")
        case NotInGame():
            return t._("That player is not in the game")
        case ResignOnlyYourself():
            return t._("You can only resign yourself")
        case NotYourTurn():
            return t._("It is not your turn")
        case NoSuchTerritory(territory=territory, size=size):
            return t._("There is no territory {territory}: the map has 1 to {size}", territory=territory, size=size)
        case ChooseVillageFirst(choices=choices):
            return t._(
                "First choose which village is founded next: territory {choices}",
                choices=", ".join(str(c) for c in choices),
            )
        case SameTerritory():
            return t._("Choose two different territories, like 23-24")
        case EmptyTerritory(territory=territory):
            return t._("Territory {territory} is empty", territory=territory)
        case NotNeighbours(src=src, dst=dst):
            return t._("{src} and {dst} are not neighbours", src=src, dst=dst)
        case TooManyHuts(src=src, count=count):
            return t._("Territory {src} holds {count} huts and cannot move", src=src, count=count)
        case OnlySmallerMoves(src=src, count=count, dst=dst, target=target):
            return t._(
                "Territory {src} holds {count} huts and cannot move onto the {target} of territory {dst}: "
                "only the smaller group may move",
                src=src,
                count=count,
                dst=dst,
                target=target,
            )
        case NotAMove(text=text):
            return t._("{text} is not a move: write two territory numbers, like 23-24", text=repr(text))
    return t._("That move is not allowed.")


def shown_move(t: Texts, move: Move) -> str:
    """A move as a player recognises it: "23 → 24", "village 23"."""
    if move.is_village_choice:
        return t._("village {territory}", territory=move.src)
    return f"{move.src} → {move.dst}"


def end_reason(t: Texts, reason: EndReason) -> str:
    """Why a game ended, as shown after "Game #12 is over —"."""
    match reason:
        case EndReason.TWELFTH_VILLAGE:
            return t._("twelfth village")
        case EndReason.NO_MOVES:
            return t._("no moves left")
        case EndReason.RESIGNATIONS:
            return t._("fewer than two players left")
    return str(reason)
