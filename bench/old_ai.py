"""Another checkout's AI in a child process, for matches between today's AI and an older one.

    python -m bench.old_ai DIR    (the child: reads pickled choose_action calls on stdin)

Both checkouts name their packages ``ai`` and ``engine``, so the older one runs in its own
interpreter with DIR first on its path; moves and views cross as pickles, which both sides read
with their own (same-shaped) classes.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from collections.abc import Sequence
from typing import IO, Any

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
    return pickle.load(child.stdout)


def _serve(path: str, stdin: IO[bytes], stdout: IO[bytes]) -> None:
    sys.path.insert(0, path)
    for name in [m for m in sys.modules if m.split(".")[0] in ("ai", "engine")]:
        del sys.modules[name]
    from ai.clans import choose_action as old_choose
    from engine.clans import Clan

    while True:
        try:
            level, start, history, seat, clan, seed = pickle.load(stdin)
        except EOFError:
            return
        pickle.dump(old_choose(level, start, history, seat, Clan(clan), seed), stdout)
        stdout.flush()


if __name__ == "__main__":
    _serve(sys.argv[1], sys.stdin.buffer, sys.stdout.buffer)
