"""One word for a doomed village in every language: the village orders, the `moves` list and the panel say
"doomed, 0" where the village line, the epoch and the key say "doomed" (the orders said "razed"; German
"zerstört" beside "verloren", Italian "distrutto" beside "perduto")."""

from __future__ import annotations

import pytest

from texts import LANGUAGES, texts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_doomed_village_has_one_word(lang: str) -> None:
    t = texts(lang, "clans")
    word = t._("doomed, 0").split(",")[0].strip()
    assert word and word.lower() == word
    assert word in t._("{where} doomed").lower()
    assert word in t._("{where}: doomed in this epoch, worth 0 and its huts are removed.").lower()
    for other in ("razed", "zerstört", "distrutto"):
        assert other not in t._("doomed, 0")
