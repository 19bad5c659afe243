"""Reading the gettext catalogs: the .po files are the source, compiled in memory when first used.

No .mo file is built or shipped: Babel reads each ``frame/texts/locales/<lang>.po`` (package data, so a
plain ``pip install .`` carries them) and writes the compiled form into memory for ``gettext``. Fuzzy entries
are left out, as msgfmt would: a translation marked fuzzy falls back to the English text.
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from importlib import resources

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

DOMAIN = "clans"
LANGUAGES = ("en", "de", "it")
"""Every language with a catalog; English is the source language and everything else falls back to it."""
DEFAULT_LANGUAGE = "en"


def po_text(lang: str) -> bytes:
    return resources.files("frame.texts.locales").joinpath(f"{lang}.po").read_bytes()


def read_catalog(lang: str) -> Catalog:
    return read_po(io.BytesIO(po_text(lang)), locale=lang, domain=DOMAIN)


@cache
def translations(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of ``lang``: gettext's plural rule comes from the catalog's Plural-Forms header,
    which Babel writes from CLDR."""
    compiled = io.BytesIO()
    write_mo(compiled, read_catalog(lang))
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
