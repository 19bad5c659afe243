"""The one text layer: every sentence a player reads, in English, German or Italian.

Code below this layer (engine, service, store) says what happened with codes and facts; code above it (the
cogs, the renderer, the terminal game) asks a ``Texts`` for the words in one language::

    t = texts(resolve(interaction.locale))
    t._("Game #{game} is over.", game=12)
    t.n_("{count} hut", "{count} huts", n, count=n)

The messages live in gettext catalogs with the English text as the message id: one per game and one for the
code every game shares (``texts/catalogs.py``); ``make catalogs`` extracts new ones from the code into the
catalog of the folder they are written in. A game's ``Texts`` (``texts(lang, "alexandros")``) reads its game's
catalog, then the shared one. Placeholders are ``str.format`` fields named after the facts; names of players are
facts like any other, escaped by the caller.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta
from functools import cache
from typing import Final, Protocol

from babel.dates import format_date, format_timedelta
from babel.numbers import format_decimal, format_percent

from texts.catalogs import DEFAULT_LANGUAGE, LANGUAGES, translations
from texts.usertext import shown_name

DEFAULT: Final = DEFAULT_LANGUAGE

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "N_",
    "Np_",
    "Seated",
    "Spoken",
    "Texts",
    "mention",
    "of_game",
    "resolve",
    "seat_mention",
    "texts",
]


def resolve(locale: object) -> str:
    """The catalog language for a Discord locale (``discord.Locale`` or its text): ``de`` → de, ``it`` → it,
    ``en-US``/``en-GB`` → en, anything else (or nothing) → en."""
    value = str(getattr(locale, "value", locale) or "")
    base = value.replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; it is translated where it is shown (``t._``)."""
    return message


def Np_(context: str, message: str) -> str:
    """``N_`` for a message with a context: translated where shown with ``t.p_(context, message)``."""
    return message


def mention(user_id: int) -> str:
    """How Discord writes a reference to a user: the same in every language."""
    return f"<@{user_id}>"


class Seated(Protocol):
    """A seat of a game (store.SeatRecord): a person (``user_id``) or an AI (no id)."""

    @property
    def name(self) -> str: ...

    @property
    def user_id(self) -> int | None: ...


def seat_mention(seat: Seated) -> str:
    """A seat in a message: a ping for a person, the bold name for an AI. The one place this is written."""
    return f"**{shown_name(seat.name)}**" if seat.user_id is None else mention(seat.user_id)


class Texts:
    """The words of one language: of one game (and the shared ones), or without a game of every catalog."""

    def __init__(self, lang: str, game: str | None = None) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT
        self.game = game
        self._catalog = translations(self.lang, game)

    def __repr__(self) -> str:
        return f"Texts({self.lang!r}, {self.game!r})"

    def _(self, message: str, /, **facts: object) -> str:
        """The translation of ``message`` with its placeholders filled from ``facts``."""
        text = self._catalog.gettext(message)
        return text.format(**facts) if facts else text

    def n_(self, singular: str, plural: str, n: int, /, **facts: object) -> str:
        """The form that goes with ``n`` (CLDR plural rules of the language), placeholders filled."""
        return self._catalog.ngettext(singular, plural, n).format(**facts)

    def p_(self, context: str, message: str, /, **facts: object) -> str:
        """A message whose English words alone are ambiguous (a button label, a command name)."""
        text = self._catalog.pgettext(context, message)
        return text.format(**facts) if facts else text

    def number(self, value: float) -> str:
        """1234.5 as the language writes it ("1,234.5", "1.234,5")."""
        return format_decimal(value, locale=self.lang)

    def percent(self, fraction: float) -> str:
        """0.25 as "25%" ("25 %" in German)."""
        return format_percent(fraction, locale=self.lang)

    def decimal(self, value: float) -> str:
        """One decimal place: "7.5", "7,5"."""
        return format_decimal(value, format="0.0", locale=self.lang)

    def relative(self, delta: timedelta) -> str:
        """A time from now, with its direction: "in 3 hours", "in 3 Stunden", "3 ore fa"."""
        return format_timedelta(delta, add_direction=True, locale=self.lang)

    def duration(self, delta: timedelta) -> str:
        """A length of time without direction: "3 hours", "3 Stunden"."""
        return format_timedelta(delta, locale=self.lang)

    def day(self, value: date) -> str:
        """A day with its weekday, as the language writes it: "Saturday 5 December", "Samstag 5. Dezember"."""
        return format_date(value, "EEEE d MMMM" if self.lang != "de" else "EEEE d. MMMM", locale=self.lang)

    def listing(self, items: Iterable[str], empty: str | None = None) -> str:
        """ "A", "A and B", "A, B and C" in the language; ``empty`` (default "nobody") when there is nothing."""
        parts = [str(item) for item in items]
        if not parts:
            return empty if empty is not None else self.p_("listing", "nobody")
        if len(parts) == 1:
            return parts[0]
        return self.p_("listing", "{head} and {last}", head=", ".join(parts[:-1]), last=parts[-1])

    def command(self, game: str, name: str, /, **options: object) -> str:
        """A slash command as the reader's Discord shows it, quoted: `/clans new`, `/clans neu`,
        `/clans verlauf partie:12` (group and command names are the game's own, translated like the tree)."""
        words = [self.p_("command name", game), self.p_("command name", name)]
        words += [f"{self.p_('option name', option)}:{value}" for option, value in options.items()]
        return "`/" + " ".join(words) + "`"


@cache
def texts(lang: str, game: str | None = None) -> Texts:
    """The ``Texts`` of a catalog language (see ``resolve`` for Discord locales), of ``game`` if given."""
    return Texts(lang, game)


class Spoken(Protocol):
    """A game's record (its public messages, boards and replays): its language and which game it is."""

    @property
    def language(self) -> str: ...

    @property
    def game(self) -> str: ...


def of_game(game: Spoken) -> Texts:
    """The words of a game's public posts: its game's catalog, in its language."""
    return texts(game.language, game.game)
