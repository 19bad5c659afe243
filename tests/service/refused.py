"""Asserting a refusal of the service by what it is (its code and facts), not by its English words: those are
the text layer's, tested in tests/texts."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from errors import GameError, Why


@contextmanager
def refused(why: Why, **facts: object) -> Iterator[None]:
    """The block raises ``GameError(why, **facts)``: that code, with exactly these facts."""
    with pytest.raises(GameError) as info:
        yield
    assert (info.value.why, info.value.facts) == (why, facts)
