"""The told-hard bench: a search for the clan held, drawn over normal's menu, and its FIGURE lines."""

from __future__ import annotations

import math
import random
import re

import pytest

from ai.clans import choose_action
from ai.clans.belief import observe
from ai.clans.hard import told_candidates
from ai.clans.players import CHIP_TILT, NORMAL_HIDING, NORMAL_PROSPECTS, normal_policy
from bench import ai_arena, hard_ceiling
from engine.clans import Clan
from tests.ai.clans.test_ai_hard import midgame

ROLLOUTS = 40


def test_the_told_search_values_the_clan_helds_own_candidates_for_it() -> None:
    start, history, seat = midgame(20)
    obs = observe(start, history)
    normal = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT, NORMAL_PROSPECTS)
    choices = [hard_ceiling.told_choice(obs, seat, Clan(c), random.Random(1), ROLLOUTS, 1.0) for c in range(5)]
    for c, choice in enumerate(choices):
        assert choice.moves == tuple(normal.moves[i] for i in told_candidates(normal.values, c))
    assert len({choice.values for choice in choices}) > 1  # each clan's own values, not one verdict for all
    for choice in choices:
        assert math.isclose(sum(choice.probabilities), 1.0)


def test_a_small_scale_plays_the_searched_best_and_a_large_one_follows_normals_menu() -> None:
    start, history, seat = midgame(20)
    obs = observe(start, history)
    sharp = hard_ceiling.told_choice(obs, seat, Clan(2), random.Random(3), ROLLOUTS, 0.01)
    flat = hard_ceiling.told_choice(obs, seat, Clan(2), random.Random(3), ROLLOUTS, 1e9)
    assert sharp.values == flat.values
    top = max(sharp.values)  # two moves may be worth exactly the same: the draw then shares between them
    assert sum(p for p, v in zip(sharp.probabilities, sharp.values, strict=True) if v == top) > 0.99
    normal = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT, NORMAL_PROSPECTS)
    menu = [sum(q[normal.moves.index(m)] for q in normal.by_clan) for m in flat.moves]
    for p, m in zip(flat.probabilities, menu, strict=True):
        assert math.isclose(p, m / sum(menu), rel_tol=1e-6)


def test_the_bench_prints_strength_and_an_exact_reading(capsys: object) -> None:
    argv = ["--scales", "0.5", "--games", "1", "--reader-seats", "1", "--rollouts", "10", "--workers", "1"]
    assert hard_ceiling.main([*argv, "--reader-seeds", "1"]) == 0  # one seed of the reader's: half its searches
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    lines = [line for line in out.splitlines() if line.strip()]
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ [0-9.]+ \S+", line) for line in lines), lines
    names = {line.split()[1] for line in lines}
    for figure in ("win_rate", "win_rate_games", "top1_move5", "top1_end", "pin_rate"):
        assert f"ceiling_0p5_{figure}" in names


def test_a_worker_plays_the_arenas_hard_as_the_told_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_arena, "_overrides", {})  # restored after the test
    hard_ceiling.use(10, 0.5)
    start, history, seat = midgame(20)
    task = ai_arena.hard_tasks(1, None, None, 9)[0]
    played = ai_arena.decide(task, "hard", start, history, seat, Clan(3))
    assert played == hard_ceiling.told_move(start, history, seat, Clan(3), task.seed, 10, 0.5)
    assert ai_arena.decide(task, "normal", start, history, seat, Clan(3)) == choose_action(
        "normal", start, history, seat, Clan(3), task.seed
    )
