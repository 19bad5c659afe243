"""Every AI bench of both games plays deals of one declared range: development by default, evaluation only when
asked, never both in one run (bench.deals)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from types import ModuleType

import pytest

from bench import (
    ai_arena,
    ai_ratings,
    alexandros_arena,
    alexandros_ratings,
    belief_strength,
    calibration,
    deals,
    hard_ceiling,
    hard_mix,
    hiding_curve,
    observer,
)

AI_BENCHES = (
    ai_arena,
    ai_ratings,
    alexandros_arena,
    alexandros_ratings,
    belief_strength,
    calibration,
    hard_ceiling,
    hard_mix,
    hiding_curve,
    observer,
)


class Caught(Exception):
    def __init__(self, parser: argparse.ArgumentParser) -> None:
        super().__init__()
        self.parser = parser


def parser_of(bench: ModuleType, monkeypatch: pytest.MonkeyPatch) -> argparse.ArgumentParser:
    """The argument parser ``bench.main`` builds, taken from it before it parses anything or plays a game."""

    def catch(self: argparse.ArgumentParser, *args: object, **kwargs: object) -> argparse.Namespace:
        raise Caught(self)

    with monkeypatch.context() as patch:
        patch.setattr(argparse.ArgumentParser, "parse_args", catch)
        with pytest.raises(Caught) as caught:
            bench.main([])
    return caught.value.parser


def test_the_ranges_do_not_overlap() -> None:
    dev, evaluation = deals.DEVELOPMENT, deals.EVALUATION
    assert dev.first < dev.stop <= evaluation.first < evaluation.stop
    assert not set(range(dev.first, dev.stop)) & set(range(evaluation.first, evaluation.stop))
    assert dev.stop - 1 in dev and dev.stop not in dev and evaluation.first in evaluation


def test_deals_leaving_one_range_are_refused() -> None:
    assert deals.range_of([5, 999_999]) is deals.DEVELOPMENT
    assert deals.range_of([deals.EVALUATION.first]) is deals.EVALUATION
    for seeds in ([999_999, 1_000_000], [1, deals.EVALUATION.first], [0], [deals.EVALUATION.stop], []):
        with pytest.raises(ValueError):
            deals.range_of(seeds)


@pytest.mark.parametrize("bench", AI_BENCHES, ids=lambda b: b.__name__)
def test_every_ai_bench_takes_a_seed_and_a_range(bench: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    parser = parser_of(bench, monkeypatch)
    options = {o for action in parser._actions for o in action.option_strings}
    assert {"--seed", "--dev", "--eval"} <= options
    assert deals.first_seed(parser, parser.parse_args([])) in deals.DEVELOPMENT
    assert deals.first_seed(parser, parser.parse_args(["--eval"])) == deals.EVALUATION.first
    assert deals.first_seed(parser, parser.parse_args(["--seed", "20000"])) == 20000
    with pytest.raises(SystemExit):
        deals.first_seed(parser, parser.parse_args(["--eval", "--seed", "20000"]))
    with pytest.raises(SystemExit):
        deals.first_seed(parser, parser.parse_args(["--dev", "--seed", str(deals.EVALUATION.first)]))


def _arena_seeds(first: int, games: int) -> Iterable[int]:
    builders: list[Callable[[], list[ai_arena.Task]]] = [
        lambda: ai_arena.hard_tasks(games, None, 800, first),
        lambda: ai_arena.normal_tasks(games, first),
        lambda: ai_arena.easy_tasks(games, first),
        lambda: ai_arena.pair_tasks("easy", "random", games, first, 4),
    ]
    return [t.seed for build in builders for t in build()]


PLANS: dict[str, Callable[[int], Iterable[int]]] = {
    "ai_arena": lambda first: _arena_seeds(first, 1000),
    "ai_ratings": lambda first: [m.seed for m in ai_ratings.matches(600, 600, 800, first)],
    "alexandros_arena": lambda first: [t.seed for t in alexandros_arena.tasks(99, first_seed=first)],
    "alexandros_ratings": lambda first: [m.seed for m in alexandros_ratings.matches(600, 600, first)],
    "observer": lambda first: [first + i for i in range(1000)],
    "hard_ceiling_readers": lambda first: [first + 699_999 + g for g in range(1000)],
}
"""The deals of each bench's task builders, generously many games, from its first deal."""


@pytest.mark.parametrize("plan", PLANS, ids=str)
@pytest.mark.parametrize("which", deals.RANGES, ids=lambda d: d.name)
def test_a_run_from_the_start_of_a_range_stays_in_it(plan: str, which: deals.Deals) -> None:
    assert deals.range_of(PLANS[plan](which.first)) is which


def test_alexandros_arena_starts_on_its_old_development_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    parser = parser_of(alexandros_arena, monkeypatch)
    assert deals.first_seed(parser, parser.parse_args([])) == 5000


def test_a_bench_announces_its_range_and_refuses_to_cross_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert deals.announce([7, 8, 9]) is deals.DEVELOPMENT
    assert "DEALS development seeds 7–9 (3 deals)" in capsys.readouterr().err
    # the last deals of the development range: the easy match-up's deals (seed + 100,000) leave it
    with pytest.raises(ValueError, match="not all in one range"):
        ai_arena.main(["--seed", "999990", "--games", "20", "--only", "easy", "--workers", "1"])
    with pytest.raises(ValueError, match="not all in one range"):
        alexandros_arena.main(["--seed", "999900", "--deals", "20", "--workers", "1"])
