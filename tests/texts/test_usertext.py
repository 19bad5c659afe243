"""usertext: the one way a user-supplied string is shown, tried with hostile names."""

from __future__ import annotations

import html
import re
import unicodedata

import pytest

from texts.usertext import NAME_LIMIT, clean_name, escape_markdown, html_text, shown_name

HOSTILE = [
    "<@123456789012345678>",
    "@everyone",
    "@here",
    "<@&42>",
    "[free nitro](https://evil.example)",
    "\u202eevil\u202c",
    "a\u200bl\u200ci\u200dc\u2060e\ufeff",
    "**bold** __under__ ~~strike~~ ||spoiler|| `code`",
    "> quote",
    "# heading",
    "x" * 500,
    "\u3164",
    "\u200b\u200b",
    "line\nbreak\ttab\r\x00\x07",
    "https://evil.example",
    ":nitro: <:emoji:123>",
    "e" + "\u0301" * 200,
]


def _controls(text: str) -> list[str]:
    return [hex(ord(c)) for c in text if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn")]


@pytest.mark.parametrize("name", HOSTILE)
def test_clean_name_leaves_no_controls_and_stays_short(name: str) -> None:
    cleaned = clean_name(name, "fallback_user")
    assert cleaned and not _controls(cleaned)
    assert len(cleaned) <= NAME_LIMIT * 7  # graphemes, each at most a letter and six marks
    assert cleaned == cleaned.strip() and "  " not in cleaned


@pytest.mark.parametrize("name", HOSTILE)
def test_shown_name_has_no_live_markdown(name: str) -> None:
    shown = shown_name(name, "fallback_user")
    assert not _controls(shown)
    assert not re.search(r"(?<!\\)[<@\[\]*_~`|:>#]", shown), shown


def test_bidi_and_zero_width_removed() -> None:
    assert clean_name("\u202eevil\u202c") == "evil"
    assert clean_name("a\u200bl\u200ci\u200dc\u2060e\ufeff") == "alice"


def test_empty_result_falls_back_to_username() -> None:
    assert clean_name("\u200b\u202e", "bob_42") == "bob_42"
    assert clean_name("\u3164", "bob_42") == "bob_42"
    assert clean_name("   ", "") == "player"
    assert shown_name("\u200b", "bob_42") == "bob\\_42"


def test_length_capped_on_a_grapheme_boundary() -> None:
    family = "👍🏽"  # a thumb and its skin tone: one grapheme, two code points
    cleaned = clean_name(family * 40)
    assert cleaned.endswith("…") and cleaned.count(family) == NAME_LIMIT - 1
    assert cleaned[:-1] == family * (NAME_LIMIT - 1)
    accented = "e\u0301"
    assert clean_name(accented * 40) == accented * (NAME_LIMIT - 1) + "…"


def test_zalgo_marks_are_bounded() -> None:
    assert len(clean_name("e" + "\u0301" * 200)) <= 7


def test_escaping_keeps_the_text_readable() -> None:
    assert shown_name("[nitro](https://evil.example)") == r"\[nitro\](https\://evil.example)"
    assert shown_name("<@1>") == r"\<\@1\>"
    assert escape_markdown("plain name") == "plain name"
    assert shown_name("Zoë 🌲") == "Zoë 🌲"


@pytest.mark.parametrize(
    "name", [*HOSTILE, "<script>alert(1)</script>", '" onerror="alert(1)', "' onmouseover='x", "&lt;b&gt;", "<!--"]
)
def test_html_text_is_never_markup_and_reads_as_typed(name: str) -> None:
    """The web pages' form (web/pages.py): no tag, no attribute break-out, and a browser shows the cleaned name."""
    shown = html_text(name, "fallback_user")
    assert not _controls(shown)
    assert not re.search(r"[<>\"']", shown), shown
    assert html.unescape(shown) == clean_name(name, "fallback_user")
