"""The strength-against-leakage bench applies each setting and prints its FIGURE lines (format only)."""

from __future__ import annotations

import math
import re

import pytest

import ai.clans.strategies
from ai.clans.belief import observe
from ai.clans.hiding import Hiding
from ai.clans.players import CHIP_TILT, NORMAL_HIDING, normal_policy
from bench import ai_arena, hiding_curve
from engine.clans import Clan, Move, new_game, public_view
from tests.ai.clans.test_ai_hiding import founding_position


def test_a_setting_reads_as_two_or_three_knots() -> None:
    assert hiding_curve.parse("1.5:1.0") == Hiding(start=1.5, end=1.0)
    assert hiding_curve.parse("1:2:3") == Hiding(start=1.0, middle=2.0, end=3.0)
    assert hiding_curve.name("1.0:2.0:3.0") == "1p0_2p0_3p0"


def test_the_curve_prints_strength_and_leakage_per_setting(capsys: object) -> None:
    argv = ["--settings", "9:9", "--games", "2", "--observer-games", "1", "--samples", "2", "--workers", "1"]
    assert hiding_curve.main(argv) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    lines = [line for line in out.splitlines() if line.strip()]
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ [0-9.]+ \S+", line) for line in lines), lines
    names = {line.split()[1] for line in lines}
    for figure in ("normal_vs_3easy_win_rate", "normal_vs_3easy_win_rate_games", "top1_end", "pin_rate"):
        assert f"curve_9_9_{figure}" in names


def test_a_worker_plays_normal_with_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai.clans.strategies, "NORMAL_HIDING", ai.clans.strategies.NORMAL_HIDING)  # restored after
    setting = Hiding(start=9.0, end=9.0)
    hiding_curve.use(setting)
    assert ai.clans.strategies.NORMAL_HIDING is setting  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "variant",
    [
        hiding_curve.Variant(spread=0.6),
        hiding_curve.Variant(next_founding=-20.0),
        hiding_curve.Variant(live=1.0),
    ],
)
def test_a_public_variant_moves_normal_without_telling_the_clans_apart(variant: hiding_curve.Variant) -> None:
    start, history, seat = founding_position()
    obs = observe(start, history)
    plain = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT)
    varied = hiding_curve._varied(variant)(obs, seat, NORMAL_HIDING, CHIP_TILT)
    assert varied.moves == plain.moves and varied.values == plain.values
    assert max(abs(a - b) for a, b in zip(varied.by_clan[0], plain.by_clan[0], strict=True)) > 1e-3
    # Every clan's odds of every action move by the same factor up to one constant per clan pair.
    for c in range(1, 5):
        shifts = [
            math.log(v0 / v) - math.log(p0 / p)
            for v0, v, p0, p in zip(
                varied.by_clan[0], varied.by_clan[c], plain.by_clan[0], plain.by_clan[c], strict=True
            )
        ]
        assert max(shifts) - min(shifts) < 1e-6


def test_uniform_beliefs_change_the_threat_only(monkeypatch: pytest.MonkeyPatch) -> None:
    start, history, seat = founding_position()
    obs = observe(start, history)
    assert any(any(x != 0.0 for x in row) for row in obs.loglik)
    plain = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT)
    blind = hiding_curve._varied(hiding_curve.Variant(uniform_beliefs=True))(obs, seat, NORMAL_HIDING, CHIP_TILT)
    assert blind.moves == plain.moves and blind.values != plain.values


def test_a_draw_seed_offset_shifts_normal_draws_only(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, int]] = []

    def record(
        level: str,
        start: object,
        history: object,
        seat: int,
        clan: Clan,
        seed: int,
        budget_s: object = None,
        *,
        iterations: object = None,
        levels: object = None,
    ) -> Move:
        seen.append((level, seed))
        return Move(1, 2)

    monkeypatch.setattr(ai_arena, "choose_action", record)
    monkeypatch.setattr(ai_arena, "_overrides", {})  # restored after the test
    monkeypatch.setattr(ai.clans.strategies, "NORMAL_HIDING", ai.clans.strategies.NORMAL_HIDING)
    hiding_curve.use(NORMAL_HIDING, hiding_curve.Variant(draw_seed_offset=2))
    start = public_view(new_game(4, 1))
    task = ai_arena.normal_tasks(1, 5)[0]
    ai_arena.decide(task, "normal", start, [], 0, Clan(0))
    ai_arena.decide(task, "easy", start, [], 0, Clan(0))
    assert seen == [("normal", task.seed + 2 * 1_000_003), ("easy", task.seed)]
