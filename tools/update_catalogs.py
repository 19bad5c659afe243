"""``make catalogs``: extract every message from the code and bring each catalog up to date in every language.

Each message goes to a catalog by the folder it is written in (``OWNERS``): a game's own folders and modules
feed its catalog, everything else the shared one; a message written in two games' code, or in the shared code
and a game's, goes to the shared catalog only, so no word is translated twice. A message that changes catalog keeps its
translations. New messages arrive untranslated, changed ones are marked fuzzy (and shown in English until a
translator clears the mark), removed ones are dropped. Run from the repository's root: ``python -m
tools.update_catalogs``.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from fnmatch import fnmatch
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from registry import GAME_NAMES
from texts.catalogs import CATALOGS, LANGUAGES, PLACES, SHARED

SOURCES = ("bot.py", "cogs", "render", "service", "terminal", "texts", "tools", "web")
"""Where messages are written: every layer above the engine's rules that a player's words come from."""

OWNERS = tuple((name, (f"*/{name}/*", f"terminal/{name}.py", f"terminal/{name}_*.py")) for name in GAME_NAMES)
"""Which game's catalog a source file feeds (paths from the repository's root, first match): a game's
sub-package of any layer and its terminal game (``terminal/<game>.py`` and the modules beside it named
``terminal/<game>_*.py``); any other file feeds the shared one. A game's words for its illegal
moves and end reasons are its own (texts/<game>/reasons.py); texts/reasons.py, which words the service's
refusals for every game, is the shared one's."""

KEYWORDS = {"_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "N_": None, "Np_": ((1, "c"), 2)}
"""The marker functions of texts.Texts (``t._``, ``t.n_``, ``t.p_``) and texts.N_ / texts.Np_."""

ROOT = Path(__file__).resolve().parents[1]

Key = tuple[str | None, str]
"""A message's identity in a catalog: its context and its (singular) id."""


def key(message: Message) -> Key:
    return message.context, message.id[0] if isinstance(message.id, list | tuple) else message.id


def owner(relative: str) -> str:
    """The catalog a source file (its path from the root, with ``/``) feeds."""
    for domain, patterns in OWNERS:
        if any(fnmatch(relative, pattern) for pattern in patterns):
            return domain
    return SHARED


def source_files(root: Path = ROOT) -> list[Path]:
    files: list[Path] = []
    for source in SOURCES:
        path = root / source
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


def _messages(root: Path) -> Iterator[tuple[str, Message]]:
    """(catalog, message) of every message marked in the code, each where it is written."""
    for path in source_files(root):
        relative = path.relative_to(root).as_posix()
        for line, message, _comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            flags = ("python-brace-format",) if "{" in (message[0] if isinstance(message, tuple) else message) else ()
            yield owner(relative), Message(message, None, [(relative, line)], flags=flags, context=context)
    from cogs.translator import command_strings

    for context, text in command_strings():
        yield SHARED, Message(text, None, [("cogs", 0)], context=context)


def extract(root: Path = ROOT) -> dict[str, Catalog]:
    """Every message the code marks, as one template catalog per domain, no message in two."""
    written: dict[Key, set[str]] = {}
    found: list[tuple[str, Message]] = list(_messages(root))
    for domain, message in found:
        written.setdefault(key(message), set()).add(domain)
    templates = {place.domain: Catalog(project="clans-discord", domain=place.domain) for place in CATALOGS}
    for domain, message in found:
        domains = written[key(message)]
        home = domain if len(domains) == 1 else SHARED
        templates[home].add(message.id, None, list(message.locations), flags=message.flags, context=message.context)
    return templates


def catalog_path(domain: str, lang: str, root: Path = ROOT) -> Path:
    return root.joinpath(*PLACES[domain].package.split(".")) / f"{lang}.po"


def _read(path: Path, lang: str, domain: str) -> Catalog | None:
    if not path.exists():
        return None
    with path.open("rb") as source:
        return read_po(source, locale=lang, domain=domain)


def _translated(message: Message) -> bool:
    return all(message.string if isinstance(message.string, tuple) else (message.string,))


def _known(catalogs: Iterable[Catalog]) -> dict[Key, Message]:
    """Every message a language's catalogs already hold, in whichever catalog it is, a translated one first.
    An untranslated one counts too (every message of the English catalog): moved as it is, it is not taken for
    a new message and marked fuzzy against some similar one."""
    known: dict[Key, Message] = {}
    for catalog in catalogs:
        for message in catalog:
            if message.id and (key(message) not in known or _translated(message)):
                known[key(message)] = message
    return known


def update(root: Path = ROOT) -> None:
    templates = extract(root)
    for lang in LANGUAGES:
        paths = {place.domain: catalog_path(place.domain, lang, root) for place in CATALOGS}
        existing = {domain: _read(path, lang, domain) for domain, path in paths.items()}
        known = _known(catalog for catalog in existing.values() if catalog is not None)
        header = existing[SHARED]
        for domain, template in templates.items():
            catalog = existing[domain] or Catalog(
                locale=lang,
                domain=domain,
                project="clans-discord",
                creation_date=header.creation_date if header else None,
            )
            held = {key(message) for message in catalog}
            for message in template:
                found = known.get(key(message))
                if message.id and found is not None and key(message) not in held:
                    catalog[message.id] = Message(
                        found.id,
                        found.string,
                        flags=found.flags,
                        context=found.context,
                        auto_comments=found.auto_comments,
                    )
            # The creation date stays: a date rewritten on every run makes every branch that adds a message conflict.
            catalog.update(template, update_header_comment=False, update_creation_date=False)
            catalog.obsolete.clear()
            catalog.fuzzy = False  # the header: a new catalog's is as reviewed as the shared one it copies
            out = io.BytesIO()
            write_po(out, catalog, width=120, no_location=True, ignore_obsolete=True)
            paths[domain].parent.mkdir(parents=True, exist_ok=True)
            paths[domain].write_bytes(out.getvalue())


if __name__ == "__main__":
    update()
