"""How the tree is laid out: imports from shared code into a game, import circles, ``type: ignore``s, the longest
files.

    python -m bench.layout [--root PATH]

Counts every import statement (lazy ones too) of the shared code (each layer's root: ``engine/``, ``cogs/`` …
outside their ``clans``/``alexandros`` sub-packages) that names
a game's module, as (file, game) pairs; the import circles between files (sets of two or more files that import
one another, lazy imports included: Tarjan's strongly connected components) and the files in the largest; the
``type: ignore`` comments. ``--root`` measures another checkout, whatever its layout (``git worktree add``), for a
before and after. Prints `FIGURE <name> <value> <unit>` lines.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from pathlib import Path
from typing import TypeVar

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


def module_files(root: Path, paths: list[Path]) -> dict[str, Path]:
    """Each source file by the module name it is imported as."""
    named = {}
    for path in paths:
        parts = path.relative_to(root).with_suffix("").parts
        named[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return named


def import_graph(root: Path, paths: list[Path]) -> dict[Path, set[Path]]:
    """Which source files each source file imports: ``from a.b import c`` imports ``a/b/c.py`` if there is one,
    else ``a/b``; a name resolves to the longest module it starts with."""
    named = module_files(root, paths)

    def resolve(name: str) -> Path | None:
        parts = name.split(".")
        return next((named[m] for m in (".".join(parts[:n]) for n in range(len(parts), 0, -1)) if m in named), None)

    graph: dict[Path, set[Path]] = {path: set() for path in paths}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [resolve(alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                module = node.module
                targets = [named.get(f"{module}.{alias.name}") or resolve(module) for alias in node.names]
            else:
                continue
            graph[path] |= {target for target in targets if target is not None and target != path}
    return graph


Node = TypeVar("Node", str, Path)


def circles(graph: dict[Node, set[Node]]) -> list[list[Node]]:
    """The strongly connected components of two or more files (Tarjan, iterative): the import circles."""
    index: dict[Node, int] = {}
    low: dict[Node, int] = {}
    stack: list[Node] = []
    on_stack: set[Node] = set()
    found: list[list[Node]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, nexts = work[-1]
            for nxt in nexts:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


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
    paths = sources(root)
    found = circles(import_graph(root, paths))
    print(f"FIGURE layout_import_circles {len(found)} circles")
    print(f"FIGURE layout_largest_import_circle {max(map(len, found), default=0)} files")
    ignores = sum(p.read_text(encoding="utf-8").count("type: ignore") for p in paths)
    print(f"FIGURE layout_type_ignores {ignores} comments")
    longest = max(lines, key=lambda name: lines[name])
    print(f"FIGURE layout_longest_file_lines {lines[longest]} lines ({longest})")
    print(f"FIGURE layout_files_over_400_lines {sum(n > 400 for n in lines.values())} files")
    print(f"FIGURE layout_source_files {len(lines)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
