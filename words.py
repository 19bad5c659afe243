"""Plurals and lists for every text the project writes: the bot, the renderer and the terminal game.

>>> count(1, "village chip")
'1 village chip'
>>> count(2, "village chip")
'2 village chips'
>>> listing(["A", "B", "C"])
'A, B and C'
"""

from __future__ import annotations

from collections.abc import Iterable

IRREGULAR = {"is": "are", "was": "were", "has": "have", "this": "these", "it": "they"}


def plural(n: int, word: str, many: str | None = None) -> str:
    """``word`` as it goes with ``n``: plural(1, "chip") == "chip", plural(3, "chip") == "chips".

    A phrase is pluralised on its last word ("village chip" → "village chips"); ``many`` overrides.
    """
    if n == 1:
        return word
    if many is not None:
        return many
    head, _, last = word.rpartition(" ")
    if last in IRREGULAR:
        last = IRREGULAR[last]
    elif last.endswith(("s", "x", "ch", "sh")):
        last += "es"
    elif last.endswith("y") and last[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        last = last[:-1] + "ies"
    else:
        last += "s"
    return f"{head} {last}" if head else last


def count(n: int, word: str, many: str | None = None) -> str:
    """The number and the word: count(1, "hut") == "1 hut", count(0, "hut") == "0 huts"."""
    return f"{n} {plural(n, word, many)}"


def listing(items: Iterable[str], last: str = "and", empty: str = "nobody") -> str:
    """ "A", "A and B", "A, B and C" (``empty`` when there is nothing)."""
    parts = [str(item) for item in items]
    if not parts:
        return empty
    if len(parts) == 1:
        return parts[0]
    return f"{', '.join(parts[:-1])} {last} {parts[-1]}"


def verb(subject: str, third_person: str, base: str | None = None) -> str:
    """ "You move" but "Alice moves": the verb agreeing with a player's name or with "You"."""
    if subject.lower() == "you":
        return f"{subject} {base if base is not None else _base(third_person)}"
    return f"{subject} {third_person}"


def _base(third_person: str) -> str:
    head, _, rest = third_person.partition(" ")
    irregular = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
    if head in irregular:
        base = irregular[head]
    elif head.endswith("ies"):
        base = head[:-3] + "y"
    elif head.endswith(("ches", "shes", "sses", "xes")):
        base = head[:-2]
    elif head.endswith("s"):
        base = head[:-1]
    else:
        base = head
    return f"{base} {rest}" if rest else base
