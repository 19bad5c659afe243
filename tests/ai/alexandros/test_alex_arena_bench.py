"""bench/alexandros_arena.py plays its match-ups and prints FIGURE lines (the format and the counting, no timing)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench import alexandros_arena as arena
from bench import alexandros_ratings
from engine.alexandros import new_game, tax_income


def test_every_deal_is_played_with_the_tested_level_in_every_seat() -> None:
    todo = arena.tasks(2)
    assert len(todo) == 2 * len(arena.MATCHUPS) * (2 + 3 + 4)
    for tested, other in arena.MATCHUPS.items():
        for players in (2, 3, 4):
            mine = [t for t in todo if len(t.levels) == players and t.tested == tested]
            for seed in {t.seed for t in mine}:
                seats = sorted(t.tracked for t in mine if t.seed == seed)
                assert seats == list(range(players))
            assert all(t.levels.count(tested) == 1 and t.levels.count(other) == players - 1 for t in mine)


def test_one_seat_plays_each_deal_once_the_seat_turning() -> None:
    todo = arena.tasks(6, only=["hard"], one_seat=True)
    assert len(todo) == 6 * 3
    four = [t for t in todo if len(t.levels) == 4]
    assert [t.tracked for t in four] == [0, 1, 2, 3, 0, 1] and len({t.seed for t in four}) == 6


def test_some_player_counts_play_the_same_deals_as_all_of_them() -> None:
    every = arena.tasks(5, only=["hard"], one_seat=True, first_seed=7000)
    some = arena.tasks(5, only=["hard"], one_seat=True, first_seed=7000, counts=(3, 4))
    assert some == [t for t in every if len(t.levels) in (3, 4)] and len(some) == 10


def test_a_profitable_levy_is_one_open_to_the_mover_that_pays_it_more_than_any_rival() -> None:
    assert arena.profitable_levy([9, 4, 8], 0, ["take u0", "tax 12"])
    assert not arena.profitable_levy([9, 4, 9], 0, ["take u0", "tax 12"])  # a rival gains as much
    assert not arena.profitable_levy([9, 4, 8], 0, ["take u0", "end"])  # no card to levy with
    assert tax_income(new_game(3, 1)) == [0, 0, 0]


def test_the_stand_ins_play_legal_games() -> None:
    """The random player and the first-time player's stand-in (greedy) play whole games from their own view."""
    for levels in (("random", "easy"), ("easy", "greedy", "easy")):
        record = arena.play_game(arena.Task(levels, 7, 0))
        assert record.actions > 20 and len(record.scores) == len(levels)


def test_the_arena_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    records = arena.run([arena.Task(("normal", "easy"), 3, 0), arena.Task(("easy", "easy", "normal"), 4, 2)], 1)
    assert all(r.actions > 20 and 0 <= r.share <= 1 for r in records)
    assert all(len(r.scores) == r.players for r in records)
    lines = arena.figures(records)
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ [0-9.]+ \S+", line) for line in lines), lines
    names = {line.split()[1] for line in lines}
    assert "alexandros_normal_vs_easy_2p_win_rate_ci95_low" in names
    assert "alexandros_zero_score_share_3p" in names and "alexandros_winning_score_2p_mean" in names
    assert "alexandros_ai_cpu_per_move_normal_p95" in names
    assert "alexandros_normal_vs_easy_4p_win_rate" not in names and "alexandros_hard_vs_normal_2p_win_rate" not in names
    values = {line.split()[1]: float(line.split()[2]) for line in lines}
    assert values["alexandros_winning_score_2p_mean"] == max(records[0].scores)
    taken = sum(r.levies_taken.get("normal", 0) for r in records)
    chances = sum(r.levy_turns.get("normal", 0) for r in records)
    assert 0 < taken <= chances  # two games of normal: it had levies worth taking, and took some
    assert values["alexandros_levies_taken_normal"] == pytest.approx(taken / chances, abs=1e-3)


def test_the_games_between_rated_players_are_kept_for_the_ratings_fit(tmp_path: Path) -> None:
    """--games-file: a game of rated players is appended as bench.alexandros_ratings writes its own (the levels,
    the ranks by score); a game with the first-time player's stand-in is not (it has no rating)."""
    kept = tmp_path / "games.jsonl"
    records = arena.run([arena.Task(("easy", "random"), 5, 0), arena.Task(("greedy", "easy"), 6, 0)], 1, str(kept))
    lines = [json.loads(line) for line in kept.read_text().splitlines()]
    assert lines == [[["easy", "random"], alexandros_ratings.finishing_order(records[0].scores)]]
    assert alexandros_ratings._game(lines[0])[0] == ("easy", "random")


def test_the_records_kept_give_the_same_figures(tmp_path: Path) -> None:
    """--records-file keeps each game's record as it ends; --figures-from prints the figures of those records."""
    kept = tmp_path / "records.jsonl"
    records = arena.run(
        [arena.Task(("normal", "easy"), 3, 1), arena.Task(("easy", "random", "random"), 4, 0)],
        1,
        records_file=str(kept),
    )
    assert arena.saved_records(str(kept)) == records
    assert arena.figures(arena.saved_records(str(kept))) == arena.figures(records)


def test_games_where_nobody_scored_are_counted_by_why_they_ended() -> None:
    """alexandros_zero_score_share_4p: the share of AI-level games ending with every score 0, and by ending."""
    ai = ("hard", "normal", "normal", "normal")
    records = [
        arena.Record(4, "hard", ai, scores=(0, 0, 0, 0), seed=20401, ending="stuck"),
        arena.Record(4, "hard", ai, scores=(0, 0, 0, 0), seed=20402, ending="red_walls"),
        arena.Record(4, "hard", ai, scores=(3, 0, 0, 0), seed=20403, ending="red_walls"),
        arena.Record(4, "hard", ai, scores=(9, 8, 0, 7), seed=20404, ending="red_walls"),
    ]
    values = {line.split()[1]: float(line.split()[2]) for line in arena.figures(records)}
    assert values["alexandros_zero_score_share_4p"] == 0.5
    assert values["alexandros_zero_score_4p_games"] == 2
    assert values["alexandros_zero_score_4p_stuck_games"] == 1
    assert values["alexandros_zero_score_4p_red_walls_games"] == 1


def test_a_record_names_its_deal_and_why_the_game_ended() -> None:
    record = arena.play_game(arena.Task(("easy", "random"), 5, 0))
    assert record.seed == 5 and record.ending in {"red_walls", "stuck", "hundred_points"}


def test_a_run_cut_short_is_resumed_where_it_stopped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--resume plays the games the records file lacks (none twice), then prints the figures of them all."""
    kept = tmp_path / "records.jsonl"
    argv = ["--only", "easy", "--one-seat", "--players", "2", "--workers", "1", "--records-file", str(kept)]
    assert arena.main([*argv, "--deals", "1"]) == 0
    assert len(arena.saved_records(str(kept))) == 1
    capsys.readouterr()
    assert arena.main([*argv, "--deals", "3", "--resume"]) == 0
    whole = arena.saved_records(str(kept))
    assert len(whole) == 3 and len({r.seed for r in whole}) == 3  # deals 2 and 3 played, the first kept
    figures = [line for line in capsys.readouterr().out.splitlines() if "_games " in line]
    assert "FIGURE alexandros_easy_vs_random_2p_win_rate_games 3 games" in figures
    assert arena.unplayed(arena.tasks(3, ["easy"], True, arena.FIRST_SEED, (2,)), str(kept))[1] == []
