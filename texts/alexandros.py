"""Alexandros' words in every language: symbols, regions, the turn panel's options and the game's posts.

The engine hands over actions and facts (``WallEffect``); every sentence a player reads about Alexandros is
built here from whole catalog templates.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.alexandros import (
    HAND,
    SUPPLY,
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
    WallEffect,
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


def move_label(t: Texts, letter: str, move: MoveAlexander) -> str:
    """A destination in the panel, with the card it uses; ``letter`` is the tag drawn on the board image."""
    card = symbol_name(t, move.symbol)
    if move.card == HAND:
        return t._(
            "{letter}: space {space}, with a {card} card from your hand", letter=letter, space=move.space, card=card
        )
    return t._(
        "{letter}: space {space}, with face-up card {slot} ({card})",
        letter=letter,
        space=move.space,
        slot=move.card + 1,
        card=card,
    )


def path_label(t: Texts, number: int, effect: WallEffect, seat: int) -> str:
    """A shortest wall path, by what it does: "Path 2: splits Egypt: 4 open spaces become free"."""
    parts = []
    for division in effect.divisions:
        free = sum(part.open_spaces for part in division.parts if part.owner < 0)
        region = region_name(t, division.region)
        if free and division.owner >= 0:
            parts.append(
                t.n_(
                    "splits {region}: {count} open space becomes free",
                    "splits {region}: {count} open spaces become free",
                    free,
                    region=region,
                    count=free,
                )
            )
        else:
            parts.append(t._("splits {region}", region=region))
    what = "; ".join(parts) or t._("divides no province")
    before, after = effect.income_before[seat], effect.income_after[seat]
    income = t._("your taxes {before} → {after}", before=before, after=after) if before != after else ""
    return t._("Path {number}: {what}", number=number, what=what) + (f" ({income})" if income else "")


def action_label(t: Texts, action: Action) -> str:
    """One of the two actions (or the give-back after a take-over), as a menu option."""
    match action:
        case TakeCard(slot=slot):
            if slot == SUPPLY:
                return t._("Take the top card of the supply")
            return t._("Take face-up card {slot}", slot=slot + 1)
        case Occupy(guards=guards):
            return t.n_(
                "Occupy: a guard on space {spaces}",
                "Occupy: guards on spaces {spaces}",
                len(guards),
                spaces=", ".join(map(str, guards)),
            )
        case TakeOver(guards=guards):
            return t.n_(
                "Take over: a guard on space {spaces}",
                "Take over: guards on spaces {spaces}",
                len(guards),
                spaces=", ".join(map(str, guards)),
            )
        case Tax(space=space):
            return t._("Levy taxes with the guard on space {space}", space=space)
        case TakeBack(space=space):
            return t._("Take back the guard on space {space}", space=space)
        case EndTurn():
            return t._("End the turn")
        case Give(cards=cards):
            if not cards:
                return t._("Give nothing back")
            return t._("Give back: {cards}", cards=", ".join(symbol_name(t, c) for c in cards))
        case ChoosePath(walls=walls):
            return t.n_("{count} wall", "{count} walls", len(walls), count=len(walls))
        case MoveAlexander() as move:
            return move_label(t, "", move).lstrip(": ")
        case Resign():
            return t._("Resign")
    return action.text


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
