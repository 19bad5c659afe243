"""The turn panel's options in every language: each choice as a label (what it does) and a description (what
it costs and brings), from the engine's facts (``Told``, ``Destination``, ``WallEffect``).

Discord shows at most 100 characters of each: ``option`` cuts both. Names are handed in cleaned (select
options read no markdown).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.alexandros import (
    HAND,
    SUPPLY,
    ChoosePath,
    Give,
    MoveAlexander,
    Occupy,
    Symbol,
    TakeBack,
    TakeCard,
    TakeOver,
    Tax,
)
from engine.alexandros.effects import WallEffect
from engine.alexandros.facts import Destination, Told
from texts import Texts
from texts.alexandros.names import region_name, symbol_name

LIMIT = 100
"""Discord's limit for a select option's label and description."""

Option = tuple[str, str]
"""A select option's label and description."""


def cut(text: str) -> str:
    return text if len(text) <= LIMIT else text[: LIMIT - 1].rstrip() + "…"


def option(label: str, description: str = "") -> Option:
    return cut(label), cut(description)


def cards_text(t: Texts, cards: Sequence[Symbol]) -> str:
    """ "horse, 2× lyre": cards by symbol, the symbol's name once with its count."""
    counts = Counter(cards)
    parts = [symbol_name(t, c) if n == 1 else f"{n}× {symbol_name(t, c)}" for c, n in sorted(counts.items())]
    return ", ".join(parts) if parts else t.p_("cards", "none")


def spaces_text(spaces: Sequence[int]) -> str:
    return ", ".join(str(space) for space in spaces)


def taxes_change(t: Texts, before: int, after: int) -> str:
    return t._("your taxes {before} → {after}", before=before, after=after)


def move_option(t: Texts, tag: str, move: MoveAlexander, told: Told, where: Destination) -> Option:
    """ "B: space 38 in Egypt" / "face-up card 1: horse · 5 sides away · 3 new walls"."""
    label = t._("{tag}: space {space} in {region}", tag=tag, space=move.space, region=region_name(t, told.region))
    card = symbol_name(t, told.card) if told.card is not None else "?"
    if move.card == HAND:
        source = t._("your {card} card (special move)", card=card)
    elif told.card != move.symbol:
        source = t._(
            "face-up card {slot}: {card}, as {symbol}",
            slot=move.card + 1,
            card=card,
            symbol=symbol_name(t, move.symbol),
        )
    else:
        source = t._("face-up card {slot}: {card}", slot=move.card + 1, card=card)
    away = t.n_("{count} side away", "{count} sides away", where.distance, count=where.distance)
    fewest, most = (where.walls[0], where.walls[-1]) if where.walls else (0, 0)
    if fewest == most:
        walls = t.n_("{count} new wall", "{count} new walls", fewest, count=fewest)
    else:
        walls = t._("{fewest} to {most} new walls", fewest=fewest, most=most)
    return option(label, f"{source} · {away} · {walls}")


def path_option(
    t: Texts, number: int, effect: WallEffect, names: Sequence[str], seat: int, beside: Sequence[int] = ()
) -> Option:
    """ "Path 2: divides Egypt: 4 free | 3 bob's" (the open spaces of each part and who holds it) / "5 new walls
    · taxes: yours 3 → 5, bob 4 → 2 · beside spaces 12, 13"."""
    divided = []
    for division in effect.divisions:
        parts = []
        for part in division.parts:
            if part.owner < 0:
                parts.append(t.n_("{count} free", "{count} free", part.open_spaces, count=part.open_spaces))
            elif part.owner == seat:
                parts.append(t.n_("{count} yours", "{count} yours", part.open_spaces, count=part.open_spaces))
            else:
                parts.append(
                    t.n_(
                        "{count} {owner}'s",
                        "{count} {owner}'s",
                        part.open_spaces,
                        count=part.open_spaces,
                        owner=names[part.owner],
                    )
                )
        divided.append(
            t._("divides {region}: {parts}", region=region_name(t, division.region), parts=" | ".join(parts))
        )
    what = "; ".join(divided) or t._("divides no province")
    label = t._("Path {number}: {what}", number=number, what=what)
    walls = t.n_("{count} new wall", "{count} new walls", len(effect.walls), count=len(effect.walls))
    you = t.p_("tax income", "yours")
    changes = [
        f"{you if who == seat else names[who]} {before} → {after}"
        for who, (before, after) in enumerate(zip(effect.income_before, effect.income_after, strict=True))
        if before != after
    ]
    taxes = t._("taxes: {changes}", changes=", ".join(changes)) if changes else t._("no tax income changes")
    parts = [walls, taxes]
    if beside:
        parts.append(t._("beside spaces {spaces}", spaces=spaces_text(beside)))
    return option(label, " · ".join(parts))


def action_option(t: Texts, told: Told, names: Sequence[str], seat: int) -> Option:
    """One of the two actions (or the give-back after a take-over), by its facts."""
    region = region_name(t, told.region) if told.region else ""
    match told.action:
        case TakeCard(slot=slot):
            if slot == SUPPLY or told.card is None:
                return option(t._("Take the top card of the supply"))
            return option(t._("Take face-up card {slot}: {card}", slot=slot + 1, card=symbol_name(t, told.card)))
        case Occupy(guards=guards):
            label = t.n_(
                "Occupy in {region}: a guard on space {spaces}",
                "Occupy in {region}: guards on spaces {spaces}",
                len(guards),
                region=region,
                spaces=spaces_text(guards),
            )
            pays = t._("pays {cards}", cards=cards_text(t, told.cost))
            return option(label, f"{pays} · {_taxes(t, told, seat)}")
        case TakeOver(guards=guards):
            owner = names[told.loser] if told.loser >= 0 else "?"
            label = t.n_(
                "Take over {owner}'s province in {region}: a guard on space {spaces}",
                "Take over {owner}'s province in {region}: guards on spaces {spaces}",
                len(guards),
                owner=owner,
                region=region,
                spaces=spaces_text(guards),
            )
            pays = t.n_(
                "pays {cards}, sends {count} guard home",
                "pays {cards}, sends {count} guards home",
                told.removed,
                cards=cards_text(t, told.cost),
                count=told.removed,
            )
            theirs = t._(
                "{owner}'s {before} → {after}",
                owner=owner,
                before=told.income_before[told.loser],
                after=told.income_after[told.loser],
            )
            return option(label, f"{pays} · {_taxes(t, told, seat)}, {theirs}")
        case Tax(space=space):
            label = t._("Levy taxes with the guard on space {space} in {region}", space=space, region=region)
            card = symbol_name(t, told.card) if told.card is not None else "?"
            gains = ", ".join(f"{names[who]} +{gain}" for who, gain in enumerate(told.scored))
            return option(label, t._("card: {card} · {gains}", card=card, gains=gains))
        case TakeBack(space=space):
            label = t._("Take back the guard on space {space} in {region}", space=space, region=region)
            return option(label, _taxes(t, told, seat))
        case Give(cards=cards):
            owner = names[told.loser] if told.loser >= 0 else "?"
            if not cards:
                return option(t._("Give {owner} nothing back", owner=owner))
            return option(t._("Give {owner} back: {cards}", owner=owner, cards=cards_text(t, cards)))
        case ChoosePath(walls=walls):
            return option(t.n_("{count} new wall", "{count} new walls", len(walls), count=len(walls)))
    return option(t._("End the turn"))


def _taxes(t: Texts, told: Told, seat: int) -> str:
    return taxes_change(t, told.income_before[seat], told.income_after[seat])


def page_option(t: Texts, page: int, pages: int, forward: bool) -> Option:
    """The option that turns a long menu's page."""
    if forward:
        return option(t._("▶ More: page {page} of {pages}", page=page + 1, pages=pages))
    return option(t._("◀ Back: page {page} of {pages}", page=page + 1, pages=pages))


def province_option(t: Texts, take_over: bool, region: str, spaces: Sequence[int], ways: int) -> Option:
    """A province of a long occupy or take-over menu: its placements are shown once it is chosen."""
    where = region_name(t, region)
    if take_over:
        label = t.n_(
            "Take over in {region}: {count} way", "Take over in {region}: {count} ways", ways, region=where, count=ways
        )
    else:
        label = t.n_(
            "Occupy in {region}: {count} way", "Occupy in {region}: {count} ways", ways, region=where, count=ways
        )
    return option(label, t._("guards on spaces among {spaces}", spaces=spaces_text(spaces)))


def province_back_option(t: Texts) -> Option:
    return option(t._("◀ All provinces"))
