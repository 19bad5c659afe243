"""The page's language: the reader's browser's (its Accept-Language header), among the catalogs' languages."""

from __future__ import annotations

from texts.catalogs import DEFAULT_LANGUAGE, LANGUAGES

MOST_PARTS = 20
"""A header's first parts only: a long one costs no more."""


def page_language(header: str | None) -> str:
    """The best of the catalogs' languages the header asks for (``de-CH;q=0.9, it;q=0.8``), else English."""
    best: tuple[float, int, str] | None = None
    for order, part in enumerate((header or "").split(",")[:MOST_PARTS]):
        tag, _, params = part.strip().partition(";")
        lang = tag.strip().lower().split("-")[0]
        if lang not in LANGUAGES:
            continue
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0 and (best is None or (quality, -order) > (best[0], -best[1])):
            best = (quality, order, lang)
    return best[2] if best is not None else DEFAULT_LANGUAGE
