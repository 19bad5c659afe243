"""What both terminal games share (terminal/<game>.py): the turn loop and the hot-seat handover with its screen
clearing, each game's board folder, the game's language, the command words in it, and wrapping lists between
items."""

from __future__ import annotations

import argparse
import hashlib
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

from texts import DEFAULT, LANGUAGES, Np_, Texts

CLEAR = "\033[H\033[2J\033[3J"
"""Home, clear the screen, and clear the scrollback: on a hot-seat handover no clan stays visible."""

BOT_COMMANDS = frozenset({"help", "status", "hand", "board", "move"})
"""Terminal commands that are the bot's own command names (context "command name", cogs/translator.py):
translated once, there."""
TERMINAL_COMMANDS = {
    "quit": Np_("terminal command", "quit"),
    "moves": Np_("terminal command", "moves"),
    "clan": Np_("terminal command", "clan"),
    "village": Np_("terminal command", "village"),
    "menu": Np_("terminal command", "menu"),
    "more": Np_("terminal command", "more"),
    "all": Np_("terminal command", "all"),
}
"""The terminal's own command words, by their English word."""
ALIASES = {"exit": "quit", "options": "menu", "v": "village"}


class Turns(Protocol):
    """What the turn loop reads of a game's state."""

    @property
    def over(self) -> bool: ...

    @property
    def to_move(self) -> int: ...


class HotSeatGame:
    """A terminal game's turns, whoever sits at the keyboard: humans and AIs in turn, and on a hot-seat handover
    a clear screen, then what happened since the new player's last turn. Each game tells its turns apart."""

    def __init__(self, ask: Callable[[str], str], humans: set[int]) -> None:
        self.ask = ask
        self.humans = humans
        self.hot_seat = len(humans) > 1
        self.since_handover: list[str] = []
        """What happened since the last human's turn: shown again after the screen is cleared."""
        self.last_human: int | None = None

    def turns(self) -> Turns:
        """The game's state now."""
        raise NotImplementedError

    def human_turn(self, seat: int) -> bool:
        """A human's turn: False when they leave the game."""
        raise NotImplementedError

    def ai_turn(self, seat: int) -> None:
        raise NotImplementedError

    def handover_prompt(self, seat: int) -> str:
        """What the next player presses Enter after, once the screen is clear."""
        raise NotImplementedError

    def say(self, line: str) -> None:
        """A public line about the game: printed, and kept to show again after a handover."""
        print(line)
        self.since_handover.append(line)

    def play_turns(self) -> bool:
        """Every turn until the game is over; False when a human left it unfinished."""
        while not self.turns().over:
            seat = self.turns().to_move
            if seat in self.humans:
                if not self.human_turn(seat):
                    return False
            else:
                self.ai_turn(seat)
        return True

    def handover(self, seat: int) -> None:
        """Hot seat: when another human takes over, clear everything (a clan or a hand stays secret), then show
        what happened since."""
        if self.hot_seat and self.last_human is not None and self.last_human != seat:
            print(CLEAR, end="", flush=True)
            self.ask(self.handover_prompt(seat))
            for line in self.since_handover:
                print(line)
        if self.last_human != seat:
            self.since_handover = []
        self.last_human = seat


def _folded(word: str) -> str:
    """Lower case without accents, so that "menu" finds "menü" and "si" finds "sì"."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


def command_word(t: Texts, name: str) -> str:
    """A command's word in the player's language."""
    if name in BOT_COMMANDS:
        return t.p_("command name", name)
    return t.p_("terminal command", TERMINAL_COMMANDS[name])


def read_command(t: Texts, typed: str, names: Iterable[str]) -> str | None:
    """The English name of the command among ``names`` that ``typed`` is, in English or in the player's
    language; None if it is none of them."""
    word = _folded(typed.strip())
    word = ALIASES.get(word, word)
    for name in names:
        if word in (name, _folded(command_word(t, name))):
            return name
    return None


def is_yes(t: Texts, answer: str) -> bool:
    """A "yes" typed in English or in the player's language ("y", "yes", "j", "ja", "s", "sì")."""
    word = _folded(answer.strip())
    yes = {"y", "yes", t.p_("terminal answer", "y"), t.p_("terminal answer", "yes")}
    return word in {_folded(w) for w in yes}


def wrap_items(first: str, items: Sequence[str], width: int, indent: str) -> list[str]:
    """``first``, then ``items`` joined by ", ", in lines of at most ``width`` characters (the next ones begin
    with ``indent``), broken only between two items: an item longer than a line gets a line of its own."""
    lines: list[str] = []
    line = first
    for n, item in enumerate(items):
        piece = item + ("," if n < len(items) - 1 else "")
        if len(line) + 1 + len(piece) > width and line.strip():
            lines.append(line)
            line = indent + piece
        else:
            line += " " + piece
    lines.append(line)
    return lines


def ai_seed_of(game: str, seed: int) -> int:
    """The AIs' own seed for a game dealt from ``seed``: the same deal gives the same AI moves (``SEED=``
    replays a whole game), and the setup seed cannot be read back from it (a one-way hash)."""
    return int.from_bytes(hashlib.sha256(f"{game}/terminal-ai/{seed}".encode()).digest()[:8], "big") >> 2


def game_folder(boards: Path, seed: int, now: datetime | None = None) -> Path:
    """play-boards/game-<seed>-<UTC time>/: every game its own folder, so no game overwrites another's."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    folder = boards / f"game-{seed}-{stamp}"
    number = 2
    while folder.exists():
        folder = boards / f"game-{seed}-{stamp}-{number}"
        number += 1
    return folder


def language_of(value: str) -> str | None:
    """The catalog language a language code or a locale names ("de", "de_DE.UTF-8", "it-IT"), or None (for
    "C.UTF-8", "POSIX" or a language without a catalog)."""
    base = value.split(".")[0].split("@")[0].replace("_", "-").split("-")[0].strip().lower()
    return base if base in LANGUAGES else None


def system_language(environ: Mapping[str, str]) -> str:
    """The game's language when none is asked for: the first of GNU's LANGUAGE list, then the locale (LC_ALL,
    LC_MESSAGES, LANG, the first one set) that has a catalog; else English. "C.UTF-8" says nothing."""
    locale = next((environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), "")
    for value in [*environ.get("LANGUAGE", "").split(":"), locale]:
        if value and (lang := language_of(value)):
            return lang
    return DEFAULT


def game_language(parser: argparse.ArgumentParser, explicit: str | None, environ: Mapping[str, str]) -> str:
    """--lang when given (a code or a locale with a catalog, else an error), else the system's language."""
    if explicit is None:
        return system_language(environ)
    lang = language_of(explicit)
    if lang is None:
        parser.error(f"--lang must be one of {', '.join(LANGUAGES)}, not {explicit!r}")
    return lang
