"""The symbols that stand for clans and terrains in text, the same in every language (their names are in
terms.py): the cogs and texts/clans/game.py show them beside the names."""

from __future__ import annotations

from engine.clans import Clan, Terrain

CLAN_SQUARE = {Clan.RED: "🟥", Clan.BLUE: "🟦", Clan.GREEN: "🟩", Clan.YELLOW: "🟨", Clan.BLACK: "⬛"}
CLAN_MARK = {Clan.RED: "●", Clan.BLUE: "■", Clan.GREEN: "▲", Clan.YELLOW: "◆", Clan.BLACK: "⬢"}
"""The shape each clan's markers have on the board (render.clans.palette.CLAN_SHAPE), so that text and image agree
for players who cannot tell the colours apart."""
TERRAIN_ICON = {Terrain.FOREST: "🌲", Terrain.MOUNTAIN: "⛰️", Terrain.STEPPE: "🌾", Terrain.GRASSLAND: "🌿"}
