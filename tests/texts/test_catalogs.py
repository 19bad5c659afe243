"""The catalogs: complete, consistent with English and with the code, and loadable in every language."""

from __future__ import annotations

import ast
import string
from datetime import timedelta

import pytest
from babel.messages.catalog import Catalog

from texts import LANGUAGES, Texts, resolve, texts
from texts.catalogs import CATALOGS, SHARED, read_catalog
from tools.update_catalogs import KEYWORDS, ROOT, extract, owner, source_files

DOMAINS = [place.domain for place in CATALOGS]


def _key(message_id: str | tuple[str, ...], context: str | None) -> tuple[str | None, str]:
    return context, message_id[0] if isinstance(message_id, tuple) else message_id


def _entries(catalog: Catalog) -> dict[tuple[str | None, str], object]:
    return {_key(m.id, m.context): m for m in catalog if m.id}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_english_catalogs_hold_exactly_the_messages_of_the_code() -> None:
    """`make catalogs` was run after the last change of a message: nothing missing, nothing left over, each
    message in the catalog of the code it is written in."""
    templates = extract()
    assert set(templates) == set(DOMAINS)
    for domain in DOMAINS:
        assert set(_entries(templates[domain])) == set(_entries(read_catalog("en", domain))), domain


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_is_in_two_catalogs(lang: str) -> None:
    """A word is translated once: a message both games (or a game and the shared code) write is the shared
    catalog's only."""
    seen: dict[tuple[str | None, str], str] = {}
    for domain in DOMAINS:
        for key in _entries(read_catalog(lang, domain)):
            assert key not in seen, f"{key} is in the {seen[key]} and the {domain} catalog"
            seen[key] = domain
    assert len(seen) > 600


def test_every_catalog_has_messages() -> None:
    """Each game's words are in its own catalog: none of the three is left empty by a wrong rule."""
    for domain in DOMAINS:
        assert len(_entries(read_catalog("en", domain))) > 150, domain


@pytest.mark.parametrize(
    ("path", "domain"),
    [
        ("cogs/clans/lobby.py", "clans"),
        ("service/clans/games.py", "clans"),
        ("texts/clans/game.py", "clans"),
        ("terminal/clans.py", "clans"),
        ("cogs/alexandros/panel.py", "alexandros"),
        ("render/alexandros/static.py", "alexandros"),
        ("texts/alexandros/story.py", "alexandros"),
        ("texts/alexandros/terminal.py", "alexandros"),
        ("terminal/alexandros.py", "alexandros"),
        ("cogs/errors.py", SHARED),
        ("service/games.py", SHARED),
        ("texts/reasons.py", SHARED),
        ("terminal/hotseat.py", SHARED),
        ("bot.py", SHARED),
    ],
)
def test_a_message_goes_to_the_catalog_of_the_folder_it_is_written_in(path: str, domain: str) -> None:
    assert owner(path) == domain


def test_a_game_reads_its_own_words_and_the_shared_ones_but_not_the_other_game_s() -> None:
    shared_word = ("listing", "{head} and {last}")
    assert (shared_word[0], shared_word[1]) in _entries(read_catalog("de", SHARED))
    assert texts("de", "clans").p_(*shared_word, head="A", last="B") == "A und B"
    assert texts("de", "alexandros").p_(*shared_word, head="A", last="B") == "A und B"
    assert ("symbol", "horse") in _entries(read_catalog("de", "alexandros"))
    assert texts("de", "alexandros").p_("symbol", "horse") == "Pferd"
    assert texts("de", "clans").p_("symbol", "horse") == "horse"
    assert ("clan", "red") in _entries(read_catalog("de", "clans"))
    assert texts("de", "clans").p_("clan", "red") == "rot"
    assert texts("de", "alexandros").p_("clan", "red") == "red"
    # Shared code that does not know the game (the error handler) reads every catalog.
    assert texts("de").p_("clan", "red") == "rot"
    assert texts("de").p_("symbol", "horse") == "Pferd"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_catalog_has_the_english_keys_translated_with_the_same_placeholders(lang: str, domain: str) -> None:
    english = _entries(read_catalog("en", domain))
    catalog = read_catalog(lang, domain)
    translated = _entries(catalog)
    assert set(translated) == set(english)
    for key, message in translated.items():
        assert "fuzzy" not in message.flags, f"{lang}: {key} is marked fuzzy"  # type: ignore[attr-defined]
        ids = message.id if isinstance(message.id, tuple) else (message.id,)  # type: ignore[attr-defined]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)  # type: ignore[attr-defined]
        assert all(strings), f"{lang}: {key} is not translated"
        assert len(strings) == catalog.num_plurals if len(ids) > 1 else 1
        expected = set().union(*(_fields(i) for i in ids))
        for text in strings:
            # A singular form may leave out the count ("eine Hütte"); no form may invent a placeholder.
            assert _fields(text) <= expected, f"{lang}: {key} has placeholders {_fields(text)}, not {expected}"
        assert set().union(*(_fields(s) for s in strings)) == expected, f"{lang}: {key} drops a placeholder"


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("de", "de"),
        ("it", "it"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("fr", "en"),
        ("pt-BR", "en"),
        (None, "en"),
        ("de_DE.UTF-8", "de"),
        ("C.UTF-8", "en"),
    ],
)
def test_discord_locales_resolve_to_a_catalog_or_english(locale: str | None, lang: str) -> None:
    assert resolve(locale) == lang


def test_a_discord_locale_object_resolves_like_its_text() -> None:
    import discord

    assert resolve(discord.Locale.german) == "de"
    assert resolve(discord.Locale.italian) == "it"
    assert resolve(discord.Locale.japanese) == "en"


def test_numbers_and_relative_times_follow_the_language() -> None:
    assert texts("de").number(1234.5) == "1.234,5"
    assert texts("en").number(1234.5) == "1,234.5"
    assert texts("de").relative(timedelta(hours=3)) == "in 3 Stunden"
    assert texts("it").relative(timedelta(hours=3)) == "tra 3 ore"
    assert texts("en").relative(timedelta(hours=-2)) == "2 hours ago"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "A, B and C"), ("de", "A, B und C"), ("it", "A, B e C")],
)
def test_lists_are_joined_in_the_language(lang: str, expected: str) -> None:
    assert texts(lang).listing(["A", "B", "C"]) == expected
    assert texts(lang).listing(["A"]) == "A"


def test_an_unknown_language_speaks_english() -> None:
    assert Texts("xx").lang == "en"


def _marked_in_f_strings(tree: ast.AST) -> list[int]:
    """Lines of marker calls with a literal message inside an f-string: Babel's extractor does not see them."""
    lines = []
    for joined in ast.walk(tree):
        if not isinstance(joined, ast.JoinedStr):
            continue
        for call in ast.walk(joined):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute | ast.Name)):
                continue
            name = call.func.attr if isinstance(call.func, ast.Attribute) else call.func.id
            at = 1 if name in ("p_", "Np_") else 0
            if name in KEYWORDS and len(call.args) > at and isinstance(call.args[at], ast.Constant):
                lines.append(call.lineno)
    return lines


def test_no_message_hides_in_an_f_string() -> None:
    """A message Babel cannot see in one file is filed by the other files that write it: it may land in a
    catalog the hidden one cannot read (a game's Texts reads its own catalog and the shared one only)."""
    hidden = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in source_files()
        for line in _marked_in_f_strings(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert hidden == []


def test_the_f_string_scan_finds_a_hidden_message() -> None:
    assert _marked_in_f_strings(ast.parse("x = f\"a {t._('Pace: {pace}', pace=1)}\"")) == [1]
    assert _marked_in_f_strings(ast.parse("x = f\"a {t.p_('permission', str(name))}\"")) == []
    assert _marked_in_f_strings(ast.parse("x = t._('Pace: {pace}', pace=1)")) == []
