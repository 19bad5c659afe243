"""Another checkout's AI in a child process, for matches between today's AI and an older one.

    python -m bench.old_ai DIR    (the child: reads pickled choose_action calls on stdin)

Both checkouts name their packages ``ai`` and ``engine``, so the older one runs in its own
interpreter with DIR first on its path; moves and views cross as pickles, which both sides read
with their own (same-shaped) classes. A class pickled from one layout is looked up in the other's
when its module is missing there (``engine.view`` before the games had packages, ``engine.clans.view``
after).
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from collections.abc import Sequence
from typing import IO, Any

from bench.checkouts import clans_modules, engine_module_names, use_checkout

_children: dict[str, subprocess.Popen[bytes]] = {}


def choose_action(path: str, level: str, start: Any, history: Sequence[Any], seat: int, clan: Any, seed: int) -> Any:
    """``ai.choose_action`` of the checkout at ``path`` (one child process per checkout, kept alive)."""
    child = _children.get(path)
    if child is None or child.poll() is not None:
        child = subprocess.Popen(
            [sys.executable, "-m", "bench.old_ai", path], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        _children[path] = child
    assert child.stdin is not None and child.stdout is not None
    pickle.dump((level, start, list(history), seat, int(clan), seed), child.stdin)
    child.stdin.flush()
    return _Unpickler(child.stdout).load()


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        for place in engine_module_names(module):
            try:
                return super().find_class(place, name)
            except (ImportError, AttributeError):
                continue
        raise pickle.UnpicklingError(f"{module}.{name} is in neither checkout's layout")


def _serve(path: str, stdin: IO[bytes], stdout: IO[bytes]) -> None:
    use_checkout(path)
    ai, engine = clans_modules()
    old_choose, Clan = ai.choose_action, engine.Clan

    while True:
        try:
            level, start, history, seat, clan, seed = _Unpickler(stdin).load()
        except EOFError:
            return
        pickle.dump(old_choose(level, start, history, seat, Clan(clan), seed), stdout)
        stdout.flush()


if __name__ == "__main__":
    _serve(sys.argv[1], sys.stdin.buffer, sys.stdout.buffer)
