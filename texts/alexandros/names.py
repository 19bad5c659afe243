"""Alexandros' words in every language: symbols, regions, the turn panel's options and the game's posts.

The engine hands over actions and facts (``WallEffect``); every sentence a player reads about Alexandros is
built here from whole catalog templates.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.alexandros import (
    Action,
    ChoosePath,
    EndReason,
    EndTurn,
    Give,
    MoveAlexander,
    Occupy,
    Resign,
    Symbol,
    TakeBack,
    TakeCard,
    TakeOver,
    Tax,
)
from texts import Np_, Texts

SYMBOL_NAME = {
    Symbol.TEMPLE: Np_("symbol", "temple"),
    Symbol.AMPHORA: Np_("symbol", "amphora"),
    Symbol.HORSE: Np_("symbol", "horse"),
    Symbol.LYRE: Np_("symbol", "lyre"),
    Symbol.SOLDIER: Np_("symbol", "soldier"),
}
REGION_NAME = {
    "Asia Minor": Np_("region", "Asia Minor"),
    "Babylonia": Np_("region", "Babylonia"),
    "Bactria": Np_("region", "Bactria"),
    "Egypt": Np_("region", "Egypt"),
    "Gedrosia": Np_("region", "Gedrosia"),
    "India": Np_("region", "India"),
    "Macedonia": Np_("region", "Macedonia"),
    "Media": Np_("region", "Media"),
    "Persia": Np_("region", "Persia"),
    "Syria": Np_("region", "Syria"),
}


def symbol_name(t: Texts, symbol: Symbol) -> str:
    return t.p_("symbol", SYMBOL_NAME[symbol])


def region_name(t: Texts, region: str) -> str:
    return t.p_("region", REGION_NAME[region]) if region in REGION_NAME else region


def hand_text(t: Texts, hand: Sequence[int]) -> str:
    """ "temple 2, amphora 0, …": a hand, only ever shown to its holder."""
    return ", ".join(f"{symbol_name(t, symbol)} {hand[symbol]}" for symbol in Symbol)


def played_text(t: Texts, player: str, action: Action) -> str:
    """What a player did, for the public post (never a hand: only what the table sees)."""
    match action:
        case MoveAlexander(space=space):
            return t._("{player} moves Alexander to space {space}.", player=player, space=space)
        case ChoosePath(walls=walls):
            return t.n_(
                "{player} builds {count} wall.",
                "{player} builds {count} walls.",
                len(walls),
                player=player,
                count=len(walls),
            )
        case TakeCard():
            return t._("{player} takes a card.", player=player)
        case Occupy():
            return t._("{player} occupies a province.", player=player)
        case TakeOver():
            return t._("{player} takes over a province.", player=player)
        case Tax():
            return t._("{player} levies taxes.", player=player)
        case TakeBack():
            return t._("{player} takes back a guard.", player=player)
        case Give():
            return t._("{player} gives cards back.", player=player)
        case EndTurn():
            return t._("{player} ends the turn.", player=player)
        case Resign():
            return t._("{player} resigns.", player=player)
    return action.text


def end_reason_text(t: Texts, reason: EndReason | None) -> str:
    match reason:
        case EndReason.RED_WALLS:
            return t._("the black walls ran out")
        case EndReason.HUNDRED:
            return t._("someone reached 100 points")
        case EndReason.STUCK:
            return t._("Alexander could not move")
        case EndReason.RESIGNATIONS:
            return t._("fewer than two players left")
    return ""
