"""The one way a user-supplied string (a display name, anything a user typed that is echoed) is shown.

Three forms, one cleaning:

- ``clean_name`` is the text itself made safe to show anywhere: control and format characters removed (the
  bidi overrides that flip a line, zero-width characters, the invisible fillers that fake an empty name),
  whitespace folded to single spaces, the length capped on a grapheme boundary (so an emoji or an accented
  letter is never cut in half), and an empty result replaced by the fallback (the username). Images, thread
  names, select options, embed footers and log lines take this form: none of them reads markdown.
- ``shown_name`` is ``clean_name`` escaped for Discord's markdown: a name like ``[free nitro](https://…)``,
  ``<@123>``, ``@everyone`` or ``**bold**`` shows as the characters typed, never as a link, a mention, or
  formatting. Message contents, embed titles, descriptions and field texts take this form.
- ``html_text`` is ``clean_name`` escaped for HTML: the games' web pages (web/) show every name, and every line
  holding names, in this form, so ``<script>`` or ``" onload="`` shows as typed, never as markup.

Mentions are additionally never parsed by the bot (``AllowedMentions.none()``); this module makes sure a
name cannot even look like one.
"""

from __future__ import annotations

import html
import re
import unicodedata

import regex

NAME_LIMIT = 32
"""Discord's own limit for display names and usernames, in graphemes here."""
MARKS_PER_GRAPHEME = 6
"""Combining marks kept on one letter: enough for any script, not for a tower of "zalgo" marks."""
FALLBACK = "player"
"""When neither the name nor the fallback leaves anything to show."""

_GRAPHEME = regex.compile(r"\X")
# Letters that draw nothing, used to fake an empty name (Hangul fillers, the blank Braille pattern).
_INVISIBLE = {0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800}
# The ASCII punctuation Discord's markdown gives a meaning to (masked links, mentions, emoji, formatting,
# quotes, headings, lists, and the ':' of an autolinked URL): a backslash before each shows it as typed.
# Parentheses need none: without its unescaped brackets, "(url)" is plain text.
_MARKDOWN = re.compile(r"([\\*_~`|<>\[\]#@:\-])")


def _drop(char: str) -> bool:
    return unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") or ord(char) in _INVISIBLE


def _clean(raw: str, limit: int) -> str:
    text = "".join(" " if ch.isspace() else ch for ch in raw if ch.isspace() or not _drop(ch))
    text = " ".join(text.split())
    graphemes = [g[: 1 + MARKS_PER_GRAPHEME] for g in _GRAPHEME.findall(text)]
    if len(graphemes) > limit:
        return "".join(graphemes[: limit - 1]).rstrip() + "…"
    return "".join(graphemes)


def clean_name(raw: str | None, fallback: str | None = None, limit: int = NAME_LIMIT) -> str:
    """``raw`` without control or invisible characters, at most ``limit`` graphemes; if nothing is left,
    ``fallback`` cleaned the same way, and if that is empty too, "player"."""
    return _clean(raw or "", limit) or _clean(fallback or "", limit) or FALLBACK


def escape_markdown(text: str) -> str:
    """``text`` with every markdown character escaped, so Discord shows it literally."""
    return _MARKDOWN.sub(r"\\\1", text)


def shown_name(raw: str | None, fallback: str | None = None, limit: int = NAME_LIMIT) -> str:
    """``clean_name`` escaped for a Discord message or embed text."""
    return escape_markdown(clean_name(raw, fallback, limit))


def html_text(raw: str | None, fallback: str | None = None, limit: int = NAME_LIMIT) -> str:
    """``clean_name`` escaped for a web page's text or a quoted attribute value. A line that holds names (cleaned,
    not escaped) is shown through it too, with a longer ``limit``."""
    return html.escape(clean_name(raw, fallback, limit), quote=True)
