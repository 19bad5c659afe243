"""Words of the Clans terminal game (terminal/clans.py) that are not the bot's: its help and its board images'
paths. The command words come in, in the player's language (``words``: by the English word)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from texts import DEFAULT, Texts


def help_text(t: Texts, words: Mapping[str, str]) -> str:
    """The commands, each by its word in the player's language."""
    explained = [
        (f"{words['move']} 23 24", t._("move all huts of territory 23 onto its neighbour 24 (also: 23 24, 23-24)")),
        (f"{words['village']} 23", t._("while ordering the villages your move founded: found 23 next")),
        (words["moves"], t._("the best moves, with what their villages would score and to whom")),
        (f"{words['moves']} {words['all']}", t._("every legal move, by the territory it leaves")),
        (words["board"], t._("the territories with huts, in short")),
        (words["status"], t._("epoch, scores, chips")),
        (words["clan"], t._("show your secret clan again")),
        (words["help"], t._("this text")),
        (words["quit"], t._("leave the game")),
    ]
    width = max(len(w) for w, _ in explained) + 2
    lines = [t._("Commands:")] + [f"  {w:<{width}}{what}" for w, what in explained]
    if t.lang != DEFAULT:
        lines.append(t._("The English command words work too."))
    return "\n".join(lines)


def board_image(t: Texts, path: Path) -> str:
    return "  " + t._("Board image: {path}", path=path)
