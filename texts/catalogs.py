"""Reading the gettext catalogs: the .po files are the source, compiled in memory when first used.

There is one catalog per game and a shared one (the words both games share: lobbies, pace, errors,
leaderboards, languages, the slash commands). Each lives in a package folder as ``<lang>.po`` (package data,
so a plain ``pip install .`` carries them); ``CATALOGS`` says where, so that moving a game's words means
changing one line. No .mo file is built or shipped: Babel reads each ``.po`` and writes the compiled form
into memory for ``gettext``. Fuzzy entries are left out, as msgfmt would: a translation marked fuzzy falls
back to the English text.
"""

from __future__ import annotations

import gettext
import io
from dataclasses import dataclass
from functools import cache
from importlib import resources

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from registry import GAME_NAMES, package_of

LANGUAGES = ("en", "de", "it")
"""Every language with a catalog; English is the source language and everything else falls back to it."""
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True, slots=True)
class Place:
    """Where one catalog lives: the package whose folder holds ``<lang>.po``, and its gettext domain."""

    domain: str
    package: str


SHARED = "shared"
CATALOGS = (
    Place(SHARED, "texts.locales"),
    *(Place(name, package_of(name, "texts.locales")) for name in GAME_NAMES),
)
"""The shared catalog first, then one per game (its domain is the game's name, as in the game records)."""
PLACES = {place.domain: place for place in CATALOGS}
GAMES = tuple(place.domain for place in CATALOGS if place.domain != SHARED)


def po_text(lang: str, domain: str = SHARED) -> bytes:
    return resources.files(PLACES[domain].package).joinpath(f"{lang}.po").read_bytes()


def read_catalog(lang: str, domain: str = SHARED) -> Catalog:
    """The catalog as written; empty before its first ``make catalogs`` (a new game's or a new language's),
    so that the code can be imported to extract its messages. tests/texts/test_catalogs.py finds it empty."""
    try:
        text = po_text(lang, domain)
    except (FileNotFoundError, ModuleNotFoundError):
        return Catalog(locale=lang, domain=domain)
    return read_po(io.BytesIO(text), locale=lang, domain=domain)


def compiled(lang: str, domain: str) -> gettext.GNUTranslations:
    """A fresh compiled catalog: gettext's plural rule comes from the catalog's Plural-Forms header, which
    Babel writes from CLDR. Fresh because ``add_fallback`` changes the object it is called on."""
    out = io.BytesIO()
    write_mo(out, read_catalog(lang, domain))
    out.seek(0)
    return gettext.GNUTranslations(out)


@cache
def translations(lang: str, game: str | None = None) -> gettext.GNUTranslations:
    """The words of ``game`` in ``lang``: its own catalog first, then the shared one.

    Without a game: the shared catalog, then every game's. Shared code that words something of a game it
    does not know (an error handler wording any game's refusal) reads them all; no message is in two
    catalogs (tests/texts/test_catalogs.py), so the order never changes a word.
    """
    if game is None:
        chain = compiled(lang, SHARED)
        for other in GAMES:
            chain.add_fallback(compiled(lang, other))
        return chain
    own = compiled(lang, game)
    own.add_fallback(compiled(lang, SHARED))
    return own
