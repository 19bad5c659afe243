"""The arena prints FIGURE lines; run it on two games per match-up (format only)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from bench import ai_arena
from bench.stand_ins import stand_in_move
from engine.clans import GameState, Move, Phase, apply, legal_moves, new_game, villages_founded


def test_arena_prints_figures(capsys: object) -> None:
    assert ai_arena.main(["--games", "2", "--hard-iterations", "10", "--workers", "1"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    lines = [line for line in out.splitlines() if line.strip()]
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ -?[0-9.]+ \S+", line) for line in lines), lines
    names = {line.split()[1] for line in lines}
    for name in (
        "hard_vs_3normal_win_rate",
        "hard_vs_3normal_win_rate_ci95_low",
        "hard_vs_3normal_win_rate_ci95_high",
        "normal_vs_easy_win_rate",
        "normal_vs_easy_win_rate_ci95_low",
        "normal_vs_easy_win_rate_ci95_high",
        "belief_accuracy_move10",
        "belief_accuracy_move20",
        "belief_accuracy_move30",
        "seconds_per_move_easy",
        "seconds_per_move_normal",
        "seconds_per_move_hard",
        "hard_iterations_per_move",
        "hard_general_vs_3normal_win_rate",
        "hard_general_vs_3normal_win_rate_ci95_low",
        "hard_cpu_per_move_median",
        "easy_vs_random_win_rate",
        "easy_vs_3random_win_rate",
        "novice_vs_easy_win_rate",
    ):
        assert name in names


def test_hard_reads_the_seats_levels_unless_the_match_up_reads_as_people(monkeypatch: pytest.MonkeyPatch) -> None:
    known = ai_arena.hard_tasks(1, None, 10, 3)[0]
    general = ai_arena.hard_tasks(1, None, 10, 3, levels_known=False)[0]
    assert known.levels == general.levels and known.seed == general.seed  # the same deal
    seen: list[object] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs.get("levels"))
        return real(*args, **kwargs)

    real = ai_arena.choose_action
    monkeypatch.setattr(ai_arena, "choose_action", spy)
    ai_arena.play_game(known)
    assert seen and all(levels == known.levels for levels in seen)
    seen.clear()
    ai_arena.play_game(general)
    assert seen and all(levels is None for levels in seen)


def own_worth(state: GameState, move: Move) -> int:
    """What ``move`` brings the mover's own clan now: its villages' points plus the chips taken."""
    seat, clan = state.to_move, state.clans[state.to_move]
    after = state.copy()
    apply(after, move)
    return after.scores[clan] - state.scores[clan] + after.chips[seat] - state.chips[seat]


def test_the_novice_plays_the_founding_best_for_its_own_clan() -> None:
    met = 0
    for seed in range(40):
        state = new_game(2, seed)
        rng = random.Random(seed)
        while not state.over:
            moves = legal_moves(state)
            founding = [m for m in moves if villages_founded(state, m.src)]
            if founding and state.phase is Phase.MOVE and max(own_worth(state, m) for m in founding) > 0:
                move = stand_in_move("novice", state, seed, 0)
                assert own_worth(state, move) == max(own_worth(state, m) for m in founding)
                met += 1
            apply(state, rng.choice(moves))
    assert met > 20
    state = new_game(2, 1)
    assert stand_in_move("random", state, 1, 0) in legal_moves(state)


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = ai_arena.wilson(30, 100)
    assert 0.2 < low < 0.3 < high < 0.4


def test_arena_prints_the_strength_per_cpu_curve(capsys: object) -> None:
    argv = ["--curve", "--games", "1", "--budget-games", "1", "--points", "4,0.01s", "--workers", "1"]
    assert ai_arena.main(argv) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    lines = [line for line in out.splitlines() if line.strip()]
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ -?[0-9.]+ \S+", line) for line in lines), lines
    figures = {line.split()[1]: line.split()[2] for line in lines}
    for point in ("r4", "0p01s"):
        for suffix in ("win_rate", "win_rate_ci95_low", "win_rate_ci95_high", "games", "seconds_per_move"):
            assert f"curve_{point}_{suffix}" in figures
        assert figures[f"curve_{point}_games"] == "1"
        assert 0 <= float(figures[f"curve_{point}_win_rate_ci95_low"]) <= float(figures[f"curve_{point}_win_rate"])
    assert ai_arena.parse_point("800") == ("r800", None, 800)
    assert ai_arena.parse_point("2s") == ("2s", 2.0, None)


def test_a_run_cut_short_keeps_the_games_it_finished(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    tasks = ai_arena.hard_tasks(3, None, 10, 7)
    played: list[int] = []

    def play(task: ai_arena.Task) -> ai_arena.GameRecord:
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(task.seed)
        return ai_arena.GameRecord(1.0, (task.levels, tuple(range(1, len(task.levels) + 1))))

    monkeypatch.setattr(ai_arena, "play_game", play)
    games = tmp_path / "games.jsonl"
    with pytest.raises(KeyboardInterrupt):
        ai_arena.run(tasks, 1, str(games))
    kept = games.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)[0] for line in kept] == [list(t.levels) for t in tasks[:2]]
