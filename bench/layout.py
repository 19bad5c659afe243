"""How the tree is laid out: imports from shared code into a game, the longest files, lines per part.

    python -m bench.layout [--root PATH]

Counts every import statement (lazy ones too) of the shared code (each layer's root: ``engine/``, ``cogs/`` …
outside their ``clans``/``alexandros`` sub-packages) that names
a game's module, as (file, game) pairs. Prints `FIGURE <name> <value> <unit>` lines.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from pathlib import Path

GAMES = ("clans", "alexandros")
SKIPPED = {"tests", "bench", "scripts", "build", "gallery"}


def sources(root: Path) -> list[Path]:
    return sorted(
        p for p in root.rglob("*.py") if not ({*p.relative_to(root).parts} & SKIPPED) and ".venv" not in str(p)
    )


def game_of_module(name: str) -> str | None:
    parts = name.split(".")
    return next((game for game in GAMES if game in parts or parts[0] in (f"play_{game}", f"{game}_words")), None)


def game_of_path(path: Path) -> str | None:
    return game_of_module(".".join(path.with_suffix("").parts))


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    root = Path(parser.parse_args(argv).root)
    pairs: Counter[str] = Counter()
    lines: dict[str, int] = {}
    for path in sources(root):
        relative = path.relative_to(root)
        lines[str(relative)] = len(path.read_text(encoding="utf-8").splitlines())
        if game_of_path(relative) is not None or relative.parts[0] in ("play.py",):
            continue
        into = {game for name in imported(path) if (game := game_of_module(name)) is not None}
        pairs.update(into)
    for game in GAMES:
        print(f"FIGURE layout_shared_to_{game}_import_pairs {pairs[game]} file-pairs")
    longest = max(lines, key=lambda name: lines[name])
    print(f"FIGURE layout_longest_file_lines {lines[longest]} lines ({longest})")
    print(f"FIGURE layout_files_over_400_lines {sum(n > 400 for n in lines.values())} files")
    print(f"FIGURE layout_source_files {len(lines)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
