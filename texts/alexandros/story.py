"""What a whole Alexandros turn did, for the table's post: Alexander's card, destination and walls, each action
with its place, its cost and what it scored, the cards given back (how many, never which: hands are secret).
Built from the engine's facts (``Told``); names are handed in escaped for a message.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.alexandros import (
    HAND,
    SUPPLY,
    ChoosePath,
    EndTurn,
    Give,
    MoveAlexander,
    Occupy,
    Resign,
    TakeBack,
    TakeCard,
    TakeOver,
    Tax,
)
from engine.alexandros.facts import Told
from texts import Texts
from texts.alexandros.names import region_name, symbol_name
from texts.alexandros.options import cards_text, spaces_text


def story_lines(t: Texts, names: Sequence[str], said: Sequence[Told]) -> list[str]:
    """One line per action; each player's run of actions opens with their name in bold."""
    lines = []
    last = -1
    for told in said:
        clause = told_clause(t, names, told)
        if told.seat != last:
            lines.append(t._("**{player}** {action}", player=names[told.seat], action=clause))
        else:
            lines.append(f"· {clause}")
        last = told.seat
    return lines


def _walls(t: Texts, told: Told) -> str:
    walls = t.n_("{count} wall built", "{count} walls built", told.walls, count=told.walls)
    if told.red:
        walls += " " + t.n_("({count} red)", "({count} red)", told.red, count=told.red)
    return walls


def _gains(names: Sequence[str], scored: Sequence[int]) -> str:
    return ", ".join(f"{names[who]} +{gain}" for who, gain in enumerate(scored))


def told_clause(t: Texts, names: Sequence[str], told: Told) -> str:
    """What one action did, without its subject ("takes the face-up card horse")."""
    region = region_name(t, told.region) if told.region else ""
    card = symbol_name(t, told.card) if told.card is not None else ""
    match told.action:
        case MoveAlexander(card=slot, symbol=symbol, space=space):
            if slot == HAND:
                how = t._(
                    "moves Alexander to space {space} in {region}, playing the card {card} from the hand",
                    space=space,
                    region=region,
                    card=card,
                )
            elif told.card != symbol:
                how = t._(
                    "moves Alexander to space {space} in {region} with the face-up card {card}, as {symbol}",
                    space=space,
                    region=region,
                    card=card,
                    symbol=symbol_name(t, symbol),
                )
            else:
                how = t._(
                    "moves Alexander to space {space} in {region} with the face-up card {card}",
                    space=space,
                    region=region,
                    card=card,
                )
            away = t.n_("{count} side away", "{count} sides away", told.distance, count=told.distance)
            built = f"; {_walls(t, told)}" if told.walls else ""
            return f"{how} ({away}){built}"
        case ChoosePath():
            return t._("chooses the wall path: {walls}", walls=_walls(t, told))
        case TakeCard(slot=slot):
            if slot == SUPPLY or told.card is None:
                return t._("takes the top card of the supply")
            return t._("takes the face-up card {card}", card=card)
        case Occupy(guards=guards):
            return t.n_(
                "occupies a province in {region} with a guard on space {spaces}, paying {cards}; "
                "tax income {before} → {after}",
                "occupies a province in {region} with guards on spaces {spaces}, paying {cards}; "
                "tax income {before} → {after}",
                len(guards),
                region=region,
                spaces=spaces_text(guards),
                cards=cards_text(t, told.cost),
                before=told.income_before[told.seat],
                after=told.income_after[told.seat],
            )
        case TakeOver(guards=guards):
            loser = names[told.loser] if told.loser >= 0 else "?"
            clause = t.n_(
                "takes over {loser}'s province in {region} with a guard on space {spaces}, paying {cards}",
                "takes over {loser}'s province in {region} with guards on spaces {spaces}, paying {cards}",
                len(guards),
                loser=loser,
                region=region,
                spaces=spaces_text(guards),
                cards=cards_text(t, told.cost),
            )
            clause += "; " + t.n_(
                "{count} guard of {loser} goes home",
                "{count} guards of {loser} go home",
                told.removed,
                count=told.removed,
                loser=loser,
            )
            clause += "; " + t._(
                "tax income {before} → {after}",
                before=told.income_before[told.seat],
                after=told.income_after[told.seat],
            )
            if told.given:
                clause += "; " + t.n_(
                    "{count} card goes back to {loser}",
                    "{count} cards go back to {loser}",
                    told.given,
                    count=told.given,
                    loser=loser,
                )
            return clause
        case Give():
            loser = names[told.loser] if told.loser >= 0 else "?"
            return t.n_(
                "gives {count} card back to {loser}",
                "gives {count} cards back to {loser}",
                told.given,
                count=told.given,
                loser=loser,
            )
        case Tax(space=space):
            return t._(
                "levies taxes with the guard on space {space} in {region}, paying the card {card}: {gains}",
                space=space,
                region=region,
                card=card,
                gains=_gains(names, told.scored),
            )
        case TakeBack(space=space):
            return t._("takes back the guard on space {space} in {region}", space=space, region=region)
        case EndTurn():
            return t._("ends the turn")
        case Resign():
            return t._("resigns")
    return told.action.text
