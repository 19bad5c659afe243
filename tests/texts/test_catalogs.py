"""The catalogs: complete, consistent with English and with the code, and loadable in every language."""

from __future__ import annotations

import string
from datetime import timedelta

import pytest
from babel.messages.catalog import Catalog

from frame.texts import LANGUAGES, Texts, resolve, texts
from frame.texts.catalogs import read_catalog
from frame.texts.update import extract


def _key(message_id: str | tuple[str, ...], context: str | None) -> tuple[str | None, str]:
    return context, message_id[0] if isinstance(message_id, tuple) else message_id


def _entries(catalog: Catalog) -> dict[tuple[str | None, str], object]:
    return {_key(m.id, m.context): m for m in catalog if m.id}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_english_catalog_holds_exactly_the_messages_of_the_code() -> None:
    """`make catalogs` was run after the last change of a message: nothing missing, nothing left over."""
    assert set(_entries(extract())) == set(_entries(read_catalog("en")))


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_catalog_has_the_english_keys_translated_with_the_same_placeholders(lang: str) -> None:
    english = _entries(read_catalog("en"))
    catalog = read_catalog(lang)
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
