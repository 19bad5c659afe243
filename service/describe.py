"""Plain-text sentences about what happened, shared by the Discord messages and the terminal game."""

from __future__ import annotations

from engine import Chart, Clan, Terrain, Village
from words import count, listing, plural

CLAN_SQUARE = {Clan.RED: "🟥", Clan.BLUE: "🟦", Clan.GREEN: "🟩", Clan.YELLOW: "🟨", Clan.BLACK: "⬛"}
CLAN_MARK = {Clan.RED: "●", Clan.BLUE: "■", Clan.GREEN: "▲", Clan.YELLOW: "◆", Clan.BLACK: "⬢"}
"""The shape each clan's markers have on the board (render.palette.CLAN_SHAPE), so that text and image agree
for players who cannot tell the colours apart."""
TERRAIN_ICON = {Terrain.FOREST: "🌲", Terrain.MOUNTAIN: "⛰️", Terrain.STEPPE: "🌾", Terrain.GRASSLAND: "🌿"}


def clan_label(clan: Clan) -> str:
    return f"{CLAN_SQUARE[clan]} {clan.label.capitalize()} {CLAN_MARK[clan]}"


def terrain_label(terrain: Terrain) -> str:
    return f"{TERRAIN_ICON[terrain]} {terrain.label}"


def clans_list(clans: tuple[Clan, ...]) -> str:
    return listing(clan_label(c) for c in clans)


def village_line(village: Village) -> str:
    terrain = terrain_label(village.terrain)
    where = f"Village {village.number} at **{village.territory}** ({terrain}, epoch {village.epoch})"
    strife = ""
    if village.strife:
        lost = [Clan(c).label for c, n in enumerate(village.huts_before) if n == 1]
        if lost:
            single = plural(len(lost), "its single hut", "their single huts")
            strife = f" Strife! {listing(lost)} lost {single} ({village.size_before} → {count(village.size, 'hut')})."
        else:
            strife = " All five colours meet, but none has a single hut to lose."
    if village.destroyed:
        return f"💀 {where}: doomed in this epoch, worth 0 and its huts are removed.{strife}"
    if not village.size:
        return f"💨 {where}: strife left nobody, worth 0.{strife}"
    return f"🏠 {where}: worth **{village.value}** to {clans_list(village.colours)}.{strife}"


def epoch_line(chart: Chart, number: int) -> str:
    epoch = chart.epoch(number)
    if number == len(chart.epochs):
        return f"⏳ Epoch {number} begins: the last village scores +{epoch.bonus} on any terrain."
    return f"⏳ Epoch {number} begins: {epoch_terms(chart, number)}."


def epoch_terms(chart: Chart, number: int) -> str:
    epoch = chart.epoch(number)
    favoured = ", ".join(terrain_label(t) for t in sorted(epoch.favourable))
    if len(epoch.favourable) == len(Terrain):
        favoured = "every terrain"
    doomed = ", ".join(terrain_label(t) for t in sorted(epoch.unfavourable)) or "none"
    return f"{favoured} +{epoch.bonus}, doomed: {doomed}"
