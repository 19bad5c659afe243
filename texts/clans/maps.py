"""What players call the Clans maps (engine/clans/board.py MAP_FILES): the `/clans new` choices, printed first,
and the lobby's line (a "choice name" msgid, translated like every choice of a command)."""

from __future__ import annotations

from engine.clans import MAP_FILES, PRINTED_MAP, PROJECT_MAP
from texts import N_

MAP_CHOICES = tuple(MAP_FILES)
MAP_NAME = {
    PRINTED_MAP: N_("printed map"),
    PROJECT_MAP: N_("project map"),
}
