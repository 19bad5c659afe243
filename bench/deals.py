"""The deals (game seeds) the AI benches of both games play: a development range and an evaluation range.

Experiments and tuning play deals of ``DEVELOPMENT`` only. ``EVALUATION`` is kept apart: no tuning run touches
it, and a published strength figure comes from one run on it after the last change, naming its first seed
(docs/AI.md). Every AI bench takes ``--seed`` (its first deal) and ``--eval`` / ``--dev`` (start of that
range), refuses a run whose deals leave one range, and prints a ``DEALS`` line (standard error) naming the range
they came from.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Deals:
    name: str
    first: int
    stop: int
    """One past the last seed of the range."""

    def __contains__(self, seed: object) -> bool:
        return isinstance(seed, int) and self.first <= seed < self.stop


DEVELOPMENT = Deals("development", 1, 1_000_000)
EVALUATION = Deals("evaluation", 10_000_000, 11_000_000)
RANGES = (DEVELOPMENT, EVALUATION)


def add_arguments(parser: argparse.ArgumentParser, default: int = DEVELOPMENT.first) -> None:
    """``--seed`` (the first deal, ``default`` unless ``--eval``) and ``--dev`` / ``--eval``."""
    parser.add_argument("--seed", type=int, default=None, help=f"the first deal (default {default}, development)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--dev", action="store_true", help="development deals (the default): experiments, tuning")
    which.add_argument(
        "--eval", action="store_true", help=f"evaluation deals, from {EVALUATION.first}: never for tuning"
    )
    parser.set_defaults(deals_default=default)


def first_seed(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The first deal the parsed ``args`` ask for; a ``--seed`` outside the range named by ``--eval`` / ``--dev``
    is a usage error."""
    wanted = EVALUATION if args.eval else DEVELOPMENT
    if args.seed is None:
        return EVALUATION.first if args.eval else int(args.deals_default)
    if (args.eval or args.dev) and args.seed not in wanted:
        parser.error(f"--seed {args.seed} is not among the {wanted.name} deals ({wanted.first}–{wanted.stop - 1})")
    return int(args.seed)


def range_of(seeds: Iterable[int]) -> Deals:
    """The one range holding every seed; a ValueError if there are none or they are not all in one range."""
    found = sorted(set(seeds))
    if not found:
        raise ValueError("no deals")
    for deals in RANGES:
        if found[0] in deals and found[-1] in deals:
            return deals
    raise ValueError(
        f"deals {found[0]}–{found[-1]} are not all in one range: "
        + ", ".join(f"{d.name} {d.first}–{d.stop - 1}" for d in RANGES)
    )


def announce(seeds: Iterable[int]) -> Deals:
    """Print which range the deals of a run came from (``range_of``'s check first) and return it; on standard
    error, so a bench's standard output stays its ``FIGURE`` lines."""
    found = sorted(set(seeds))
    deals = range_of(found)
    print(f"DEALS {deals.name} seeds {found[0]}–{found[-1]} ({len(found)} deals)", file=sys.stderr, flush=True)
    return deals
