"""``make catalogs``: extract every message from the code and bring each language's catalog up to date.

New messages arrive untranslated, changed ones are marked fuzzy (and shown in English until a translator
clears the mark), removed ones are dropped. Run from the repository's root: ``python -m texts.update``.
"""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from frame.texts.catalogs import DOMAIN, LANGUAGES

SOURCES = ("bot.py", "frame", "games")
"""Where messages are written: every module above the engine's rules that a player's words come from."""

KEYWORDS = {"_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "N_": None, "Np_": ((1, "c"), 2)}
"""The marker functions of texts.Texts (``t._``, ``t.n_``, ``t.p_``) and texts.N_ / texts.Np_."""

ROOT = Path(__file__).resolve().parents[2]


def source_files(root: Path = ROOT) -> list[Path]:
    files: list[Path] = []
    for source in SOURCES:
        path = root / source
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


def extract(root: Path = ROOT) -> Catalog:
    """Every message the code marks, as a template catalog."""
    template = Catalog(project="clans-discord", domain=DOMAIN)
    for path in source_files(root):
        for line, message, _comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            flags = ("python-brace-format",) if "{" in (message[0] if isinstance(message, tuple) else message) else ()
            template.add(message, None, [(str(path.relative_to(root)), line)], flags=flags, context=context)
    from frame.cogs.translator import command_strings

    for context, message in command_strings():
        template.add(message, None, [("cogs", 0)], context=context)
    return template


def update(root: Path = ROOT) -> None:
    template = extract(root)
    for lang in LANGUAGES:
        path = root / "texts" / "locales" / f"{lang}.po"
        with path.open("rb") as source:
            catalog = read_po(source, locale=lang, domain=DOMAIN)
        # The creation date stays: a date rewritten on every run makes every branch that adds a message conflict.
        catalog.update(template, update_header_comment=False, update_creation_date=False)
        catalog.obsolete.clear()
        out = io.BytesIO()
        write_po(out, catalog, width=120, no_location=True, ignore_obsolete=True)
        path.write_bytes(out.getvalue())


if __name__ == "__main__":
    update()
