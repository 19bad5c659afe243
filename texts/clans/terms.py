"""The names of the clans and terrains in every language (for the renderer too: it imports only this)."""

from __future__ import annotations

from engine.clans.clan import Clan, Terrain
from texts import Np_, Texts

CLAN_NAME = {
    Clan.RED: Np_("clan", "red"),
    Clan.BLUE: Np_("clan", "blue"),
    Clan.GREEN: Np_("clan", "green"),
    Clan.YELLOW: Np_("clan", "yellow"),
    Clan.BLACK: Np_("clan", "black"),
}
TERRAIN_NAME = {
    Terrain.FOREST: Np_("terrain", "forest"),
    Terrain.MOUNTAIN: Np_("terrain", "mountain"),
    Terrain.STEPPE: Np_("terrain", "steppe"),
    Terrain.GRASSLAND: Np_("terrain", "grassland"),
}


def clan_name(t: Texts, clan: Clan) -> str:
    """ "red", "rot", "rosso"."""
    return t.p_("clan", CLAN_NAME[clan])


def terrain_name(t: Texts, terrain: Terrain) -> str:
    return t.p_("terrain", TERRAIN_NAME[terrain])
