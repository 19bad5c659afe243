"""The schedule bench: hard against three normals, read exactly by a reader with seeds of its own."""

from __future__ import annotations

import random
import re

import pytest

from ai.clans import hard
from ai.clans.belief import observe
from ai.clans.hard import blind, hard_choice, hut_moves
from ai.clans.reading import read
from bench import hard_mix
from engine.clans import CLAN_COUNT
from tests.ai.clans.test_ai_hard import midgame


def test_the_bench_prints_strength_and_the_exact_reading(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--variants", "2:0.5", "--games", "1", "--read", "1", "--reader-seeds", "1"]  # one game, read whole
    assert hard_mix.main([*argv, "--rollouts", "4", "--workers", "1"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ [0-9.]+ \S+", line) for line in lines), lines
    figures = {line.split()[1]: float(line.split()[2]) for line in lines}
    for label in ("v2_0p5",):  # the variant's label (test_variants_name_hards_schedule)
        for name in ("win_rate", "top1_move5", "top1_villages10", "top1_end", "pin_rate", "cpu_per_move_median"):
            assert f"mix_{label}_{name}" in figures
        assert figures[f"mix_{label}_reader_seats"] == 1
        assert 0 <= figures[f"mix_{label}_top1_end"] <= 1


def test_hiding_only_reads_each_seat_to_hards_fifth_hut_move(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "1", "--reader-seeds", "1", "--hiding-only", "--rollouts", "4", "--workers", "1"]
    assert hard_mix.main(argv) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("FIGURE mix_")]
    figures = {line.split()[1]: float(line.split()[2]) for line in lines}
    assert figures["mix_shipped_reader_seats"] == 1  # every game read, without --read
    assert 0 <= figures["mix_shipped_top1_move5_ci95_low"] <= figures["mix_shipped_top1_move5"] <= 1
    assert "mix_shipped_win_rate" not in figures and "mix_shipped_top1_end" not in figures
    task = hard_mix.MixTask(0, 5, hard.TOLD_FROM, hard.TOLD_SCALE, 4, True, reader_seeds=1, hiding_only=True)
    record = hard_mix.play_mix(task)
    assert record.top1_move5 is not None and record.top1_end is None
    assert record.moves == 5  # hard's first five actions are hut moves; it stopped there


def test_variants_name_hards_schedule() -> None:
    assert hard_mix.parse_variant("shipped") == ("shipped", hard.TOLD_FROM, hard.TOLD_SCALE)
    assert hard_mix.parse_variant("blind")[1] == hard_mix.NEVER
    assert hard_mix.parse_variant("6:0.25") == ("v6_0p25", 6, 0.25)


def test_a_blind_move_is_read_by_the_blind_draws_of_the_readers_own_seeds() -> None:
    start, history, seat = midgame(12)
    obs = observe(start, history)
    assert blind(obs.state, hut_moves(start, history)[seat])
    task = hard_mix.MixTask(0, 5, hard.TOLD_FROM, hard.TOLD_SCALE, 6, True, reader_seeds=2)
    levels = ("normal", "normal", "normal", "normal")
    choices = [
        hard_choice(obs, seat, random.Random(f"reader:5:{len(history)}:{s}"), None, 6, read(start, history, levels))
        for s in range(2)
    ]
    move = choices[0].moves[0]
    odds = hard_mix._odds(start, history, seat, move, levels, task)
    for c in range(CLAN_COUNT):
        expected = sum(ch.by_clan[c][ch.moves.index(move)] for ch in choices if move in ch.moves) / 2
        assert odds[c] == pytest.approx(max(expected, 1e-6))
