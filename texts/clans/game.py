"""The game's own words: clans, terrains, huts and chips, villages and epochs, in every language.

Shared by the Discord messages, the board images and the terminal game, so that the printed game's terms
(Hütten, Dörfer, Epochen… capanne, villaggi, epoche…) are written once per language.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.clans import Chart, Clan, Terrain, Village
from texts import Texts
from texts.clans.symbols import CLAN_MARK, CLAN_SQUARE, TERRAIN_ICON
from texts.clans.terms import clan_name, terrain_name

__all__ = [
    "chips",
    "clan_label",
    "clan_name",
    "clans_list",
    "epoch_line",
    "epoch_terms",
    "founds_words",
    "huts",
    "terrain_label",
    "terrain_name",
    "village_line",
    "village_order_part",
    "village_words",
    "village_worth",
]


def clan_label(t: Texts, clan: Clan) -> str:
    """ "🟥 Red ●": the square and the board marker's shape, so colour-blind players can match them."""
    name = clan_name(t, clan)
    return f"{CLAN_SQUARE[clan]} {name[:1].upper()}{name[1:]} {CLAN_MARK[clan]}"


def terrain_label(t: Texts, terrain: Terrain) -> str:
    return f"{TERRAIN_ICON[terrain]} {terrain_name(t, terrain)}"


def clans_list(t: Texts, clans: tuple[Clan, ...]) -> str:
    return t.listing(clan_label(t, c) for c in clans)


def huts(t: Texts, n: int) -> str:
    return t.n_("{count} hut", "{count} huts", n, count=n)


def chips(t: Texts, n: int) -> str:
    return t.n_("{count} chip", "{count} chips", n, count=n)


def village_line(t: Texts, village: Village) -> str:
    where = t._(
        "Village {number} at **{territory}** ({terrain}, epoch {epoch})",
        number=village.number,
        territory=village.territory,
        terrain=terrain_label(t, village.terrain),
        epoch=village.epoch,
    )
    strife = ""
    if village.strife:
        lost = [clan_name(t, Clan(c)) for c, n in enumerate(village.huts_before) if n == 1]
        if lost:
            strife = " " + t.n_(
                "Strife! {clans} lost its single hut ({before} → {after}).",
                "Strife! {clans} lost their single huts ({before} → {after}).",
                len(lost),
                clans=t.listing(lost),
                before=village.size_before,
                after=huts(t, village.size),
            )
        else:
            strife = " " + t._("All five colours meet, but none has a single hut to lose.")
    if village.destroyed:
        return "💀 " + t._("{where}: doomed in this epoch, worth 0 and its huts are removed.", where=where) + strife
    if not village.size:
        return "💨 " + t._("{where}: strife left nobody, worth 0.", where=where) + strife
    return (
        "🏠 "
        + t._(
            "{where}: worth **{value}** to {clans}.",
            where=where,
            value=village.value,
            clans=clans_list(t, village.colours),
        )
        + strife
    )


def village_worth(t: Texts, village: Village) -> str:
    """ "worth 5", "doomed, 0": what a village founded by a move scores (the one word for a doomed village)."""
    return t._("doomed, 0") if village.destroyed else t._("worth {value}", value=village.value)


def village_words(t: Texts, village: Village) -> str:
    """ "24: worth 5 to red, blue" or "24: doomed, 0; red and blue lose their huts": what a village would score."""
    clans = t.listing(clan_name(t, Clan(c)) for c in village.colours)
    worth = village_worth(t, village)
    if village.destroyed and village.colours:
        return t.n_(
            "{territory}: {worth}; {clans} loses its huts",
            "{territory}: {worth}; {clans} lose their huts",
            len(village.colours),
            territory=village.territory,
            worth=worth,
            clans=clans,
        )
    if not village.colours:
        return t._("{territory}: {worth}", territory=village.territory, worth=worth)
    return t._("{territory}: {worth} to {clans}", territory=village.territory, worth=worth, clans=clans)


def founds_words(t: Texts, founds: Sequence[int], target: bool) -> str:
    """Why a move is listed first: the villages it would found (the bot's autocomplete words)."""
    n = len(founds)
    if target:
        return t.n_(
            "would found a village at {territories}",
            "would found {count} villages at {territories}",
            n,
            count=n,
            territories=t.listing(map(str, founds)),
        )
    return t.n_("would found a village", "would found {count} villages", n, count=n)


def village_order_part(t: Texts, village: Village) -> str:
    """ "36: epoch 2, worth 5": one village of an order a move can found them in (panel, menu, terminal)."""
    return t._(
        "{territory}: epoch {epoch}, {worth}",
        territory=village.territory,
        epoch=village.epoch,
        worth=village_worth(t, village),
    )


def epoch_line(t: Texts, chart: Chart, number: int) -> str:
    epoch = chart.epoch(number)
    if number == len(chart.epochs):
        return "⏳ " + t._(
            "Epoch {number} begins: the last village scores +{bonus} on any terrain.", number=number, bonus=epoch.bonus
        )
    return "⏳ " + t._("Epoch {number} begins: {terms}.", number=number, terms=epoch_terms(t, chart, number))


def epoch_terms(t: Texts, chart: Chart, number: int) -> str:
    epoch = chart.epoch(number)
    favoured = ", ".join(terrain_label(t, x) for x in sorted(epoch.favourable))
    if len(epoch.favourable) == len(Terrain):
        favoured = t._("every terrain")
    doomed = ", ".join(terrain_label(t, x) for x in sorted(epoch.unfavourable)) or t._("none")
    return t._("{favoured} +{bonus}, doomed: {doomed}", favoured=favoured, bonus=epoch.bonus, doomed=doomed)
