"""The Alexandros AI levels' published ratings: measured by bench.alexandros_ratings (a round robin fitted with
bench.ai_ratings' fit), kept in data/alexandros/ai_ratings.json, read through the registry, shown in
docs/AI.md; strictly ordered easy < normal < hard."""

from __future__ import annotations

import itertools
import json
import re
from importlib import resources
from pathlib import Path

import pytest

from ai.alexandros import AI_LEVELS
from bench import alexandros_ratings
from registry import game
from service import ratings
from service.ratings import ai_rating

AI_RATINGS = game("alexandros").ai_ratings
AI_DOC = Path(__file__).resolve().parents[3] / "docs" / "AI.md"


def test_the_registry_reads_the_data_file() -> None:
    text = (resources.files("data.alexandros") / ratings.AI_RATINGS_FILE).read_text(encoding="utf-8")
    raw = json.loads(text)
    assert set(raw) == set(AI_LEVELS)
    assert {level: (entry["mu"], entry["sigma"]) for level, entry in raw.items()} == AI_RATINGS


def test_the_levels_are_rated_weakest_first() -> None:
    shown = [ai_rating(*AI_RATINGS[level]) for level in AI_LEVELS]
    assert AI_LEVELS == ("easy", "normal", "hard") and shown[0] < shown[1] < shown[2]


def test_docs_ai_shows_the_published_ratings() -> None:
    rows = re.findall(
        r"^\| (easy|normal|hard) \(Alexandros\) \| (-?[0-9.]+) \| ([0-9.]+) \| ([0-9]+) \|", AI_DOC.read_text(), re.M
    )
    assert {level for level, *_ in rows} == set(AI_LEVELS)
    for level, mu, sigma, shown in rows:
        assert (float(mu), float(sigma)) == AI_RATINGS[level]
        assert int(shown) == ai_rating(float(mu), float(sigma))


def test_the_round_robin_meets_every_lineup_with_rotating_seats() -> None:
    matches = alexandros_ratings.matches(games=3, hard_games=2, seed=1)
    lineups = {tuple(sorted(m.levels)) for m in matches}
    expected = {tuple(sorted(c)) for n in (2, 3, 4) for c in itertools.combinations(alexandros_ratings.PLAYERS, n)}
    assert lineups == expected
    two = [m.levels for m in matches if sorted(m.levels) == ["easy", "random"]]
    assert len(two) == 3 and {levels[0] for levels in two} == {"easy", "random"}
    assert sum("hard" in m.levels and len(m.levels) == 4 for m in matches) == 2


def test_a_round_robin_game_is_ranked_by_score() -> None:
    levels, ranks = alexandros_ratings.play_match(alexandros_ratings.Match(("random", "easy"), 11))
    assert levels == ("random", "easy") and sorted(ranks) in ([1, 2], [1, 1])
    assert alexandros_ratings.finishing_order([30, 12, 30]) == [1, 2, 1]


def test_the_fit_ranks_the_stronger_higher_and_keeps_normals_anchor() -> None:
    order = ["hard", "normal", "easy", "random"]
    games = []
    for n in (2, 3, 4):
        for lineup in itertools.combinations(alexandros_ratings.PLAYERS, n):
            ranked = sorted(lineup, key=order.index)
            games += [(lineup, tuple(ranked.index(p) + 1 for p in lineup))] * 5
    mus, sds = alexandros_ratings.ratings(games, seed=3, boot=3)
    assert mus["normal"] == pytest.approx(AI_RATINGS["normal"][0]) and sds["normal"] == pytest.approx(0.0)
    assert mus["hard"] > mus["normal"] > mus["easy"] > mus["random"]
    share, played = alexandros_ratings.duel(games, "hard", "easy")
    assert (share, played) == (1.0, 5)
