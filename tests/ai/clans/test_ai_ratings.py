"""The AI levels' published ratings: measured by bench.ai_ratings, kept in one data file of the game, read through
the registry; an AI seat takes part in its opponents' ratings at its level's."""

from __future__ import annotations

import importlib.resources
import itertools
import json
import re
from importlib import resources
from pathlib import Path

import pytest

from ai.clans import AI_LEVELS
from bench import ai_ratings
from registry import game
from service import ratings
from service.ratings import shown_rating
from store.ratings import MODEL, rate
from store.records import ResultInput

AI_RATINGS = game("clans").ai_ratings

AI_DOC = Path(__file__).resolve().parents[3] / "docs" / "AI.md"


def published_file() -> dict[str, dict[str, float]]:
    text = (resources.files("data.clans") / ratings.AI_RATINGS_FILE).read_text(encoding="utf-8")
    raw: dict[str, dict[str, float]] = json.loads(text)
    return raw


def _seat(seat: int, user_id: int | None, total: int, level: str | None = None) -> ResultInput:
    rating = None if level is None else AI_RATINGS[level]
    return ResultInput(seat, user_id, f"p{seat}", total, False, ai_level=level, ai_rating=rating)


def test_ai_seats_are_rated_at_the_data_files_ratings() -> None:
    raw = published_file()
    assert set(raw) == set(AI_LEVELS)
    assert {level: (entry["mu"], entry["sigma"]) for level, entry in raw.items()} == AI_RATINGS
    for level, entry in raw.items():
        human, ai = rate([_seat(0, 1, 20), _seat(1, None, 5, level)], {})
        expected = MODEL.rate(
            [[MODEL.rating()], [MODEL.rating(mu=entry["mu"], sigma=entry["sigma"])]], ranks=[1.0, 2.0]
        )
        assert human.mu == pytest.approx(expected[0][0].mu) and ai.mu == pytest.approx(expected[1][0].mu)


def test_the_published_ratings_are_whatever_the_file_says(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "ai_ratings.json").write_text(json.dumps({"hard": {"mu": 31.5, "sigma": 1.5}}))
    monkeypatch.setattr(importlib.resources, "files", lambda package: tmp_path)
    assert ratings.published_ai_ratings("data.clans") == {"hard": (31.5, 1.5)}


def test_every_game_publishes_a_rating_for_each_of_its_levels() -> None:
    for name in ("clans", "alexandros"):
        assert set(game(name).ai_ratings) == set(game(name).ai_levels), name


def test_docs_ai_shows_the_published_ratings() -> None:
    rows = re.findall(r"^\| (easy|normal|hard) \| (-?[0-9.]+) \| ([0-9.]+) \| ([0-9]+) \|", AI_DOC.read_text(), re.M)
    assert {level for level, *_ in rows} == set(AI_LEVELS)
    for level, mu, sigma, shown in rows:
        assert (float(mu), float(sigma)) == AI_RATINGS[level]
        assert int(shown) == shown_rating(float(mu) - 3 * float(sigma), 99).value


def test_the_round_robin_meets_every_lineup_with_rotating_seats() -> None:
    matches = ai_ratings.matches(games=3, hard_games=2, rollouts=10, seed=1)
    lineups = {tuple(sorted(m.levels)) for m in matches}
    expected = {tuple(sorted(c)) for n in (2, 3, 4) for c in itertools.combinations(ai_ratings.PLAYERS, n)}
    assert lineups == expected
    two = [m.levels for m in matches if sorted(m.levels) == ["easy", "random"]]
    assert len(two) == 3 and {levels[0] for levels in two} == {"easy", "random"}
    assert sum("hard" in m.levels and len(m.levels) == 4 for m in matches) == 2


def test_the_fit_ranks_the_stronger_higher_and_keeps_normals_anchor() -> None:
    # normal always first, then hard, easy, random: the fit must order them so.
    order = ["normal", "hard", "easy", "random"]
    games = []
    for n in (2, 3, 4):
        for lineup in itertools.combinations(ai_ratings.PLAYERS, n):
            ranked = sorted(lineup, key=order.index)
            games += [(lineup, tuple(ranked.index(p) + 1 for p in lineup))] * 5
    mus = ai_ratings.fit(games, seed=3)
    assert mus["normal"] == pytest.approx(AI_RATINGS["normal"][0])
    assert mus["normal"] > mus["hard"] > mus["easy"] > mus["random"]


def test_with_no_games_to_play_the_bench_fits_the_games_file_as_it_stands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    order = ["normal", "hard", "easy", "random"]
    lines = [json.dumps([lineup, [order.index(p) + 1 for p in lineup]]) for lineup in [["easy", "normal"]] * 6]
    lines += [json.dumps([lineup, [1, 2]]) for lineup in [["hard", "random"], ["easy", "random"]] * 6]
    games = tmp_path / "games.jsonl"
    games.write_text("\n".join(lines) + "\n", encoding="utf-8")
    argv = ["--games", "0", "--hard-games", "0", "--boot", "2", "--workers", "1", "--games-file", str(games)]
    assert ai_ratings.main(argv) == 0
    figures = dict(line.split()[1:3] for line in capsys.readouterr().out.splitlines() if line.startswith("FIGURE"))
    assert figures["ratings_games_2p"] == "18" and games.read_text(encoding="utf-8").count("\n") == 18
    assert float(figures["ratings_normal_mu"]) > float(figures["ratings_easy_mu"])
    with pytest.raises(SystemExit):
        ai_ratings.main(["--games", "0", "--hard-games", "0"])  # nothing to play and nothing to fit


def test_the_levels_are_apart_only_when_ordered_with_their_intervals_apart() -> None:
    apart = {"random": (-9.0, 9.0), "easy": (-2.0, 3.0), "normal": (24.0, 24.0), "hard": (25.5, 30.0)}
    assert ai_ratings.levels_apart(apart)
    assert not ai_ratings.levels_apart({**apart, "hard": (23.0, 30.0)})  # overlaps normal
    assert not ai_ratings.levels_apart({**apart, "easy": (25.0, 26.0), "hard": (27.0, 30.0)})  # easy above normal
