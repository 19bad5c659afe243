"""Layers point one way: each rule below names who may not import whom, and fails on the first violation.

The layout is the design card's: a folder per layer (``engine/``, ``ai/``, ``render/``, ``texts/``, ``service/``,
``store/``, ``cogs/``, ``data/``, ``terminal/``, ``web/``), the code every game shares at the layer's root and each
game in its own sub-package (``engine/clans/``, ``cogs/alexandros/`` …), and ``registry/``, one record per game. Every
import statement counts, those inside functions and under TYPE_CHECKING too: a lazy import is still a dependency.
Shared code reaches a game only through ``registry``, which imports each record by name at run time.

Each rule is proven able to fail: ``test_each_rule_can_fail`` plants one violation per rule beside the real tree.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

import pytest

from bench.layout import circles

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("ai", "cogs", "data", "engine", "render", "service", "store", "terminal", "texts", "web")
TOP_MODULES = ("bot", "config", "errors")
TOOLS = "tools"
"""The programs behind make targets that are not the bot (catalogs, migration): shared code, no game's own."""
REGISTRY = "registry"
DISCORD = ("discord",)
DATABASE = ("aiosqlite", "asyncpg")
IMAGES = ("PIL",)


def registered_games() -> list[str]:
    names = re.search(r"GAME_NAMES: Final = \(([^)]*)\)", (ROOT / REGISTRY / "__init__.py").read_text("utf-8"))
    assert names is not None, "registry/__init__.py declares GAME_NAMES"
    return sorted(re.findall(r'"(\w+)"', names[1]))


GAMES = registered_games()


def source_tree(root: Path = ROOT) -> dict[str, str]:
    """Every Python file of the project (not tests, benches or scripts), by its path from the root."""
    found = {f"{name}.py": (root / f"{name}.py").read_text("utf-8") for name in TOP_MODULES}
    for folder in (*LAYERS, TOOLS, REGISTRY):
        for path in (root / folder).rglob("*.py"):
            found[path.relative_to(root).as_posix()] = path.read_text("utf-8")
    return found


def module_of(path: str) -> str:
    parts = path.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(source: str) -> Iterator[tuple[int, str]]:
    """(line, module) of every import in ``source``, ``from x import y`` giving both x and x.y."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"


def under(name: str, *prefixes: str) -> bool:
    return any(name == prefix or name.startswith(prefix + ".") for prefix in prefixes)


def game_packages(*games: str) -> tuple[str, ...]:
    """Every module path a game owns: its sub-package of each layer, its record and its terminal game."""
    return tuple(f"{layer}.{game}" for game in games for layer in (*LAYERS, REGISTRY))


def game_files(game: str) -> tuple[str, ...]:
    return (*(f"{layer}/{game}/**" for layer in LAYERS), f"{REGISTRY}/{game}.py", f"terminal/{game}.py")


def shared_files() -> tuple[str, ...]:
    """A layer's own modules, those every game shares (its root and any folder that is not a game's)."""
    return (*(f"{name}.py" for name in TOP_MODULES), *(f"{layer}/**" for layer in (*LAYERS, TOOLS)))


@dataclass(frozen=True)
class Rule:
    files: tuple[str, ...]
    forbidden: tuple[str, ...]
    planted: tuple[str, str]
    """A file that breaks the rule (path, source), to prove the rule can fail."""
    exempt: tuple[str, ...] = ()

    def covers(self, path: str) -> bool:
        return any(fnmatch(path, pattern) for pattern in self.files) and not any(
            fnmatch(path, pattern) for pattern in self.exempt
        )

    def violations(self, tree: Mapping[str, str]) -> list[str]:
        covered = [path for path in tree if self.covers(path)]
        assert covered, f"no file matches {self.files}: the layout moved, move the rule with it"
        return sorted(
            {
                f"{path}:{line} imports {name}"
                for path in covered
                for line, name in imports(tree[path])
                if under(name, *self.forbidden)
            }
        )


OTHER_LAYERS = ("texts", "service", "store", "cogs", "render", "ai", "terminal", "web", REGISTRY, "config", "errors")
RULES: dict[str, Rule] = {
    "engines are pure: no text, service, store, render, AI, Discord, database or image code": Rule(
        ("engine/**",),
        (*OTHER_LAYERS, *DISCORD, *DATABASE, *IMAGES),
        ("engine/clans/_planted.py", "def f():\n    from texts import Texts\n    return Texts\n"),
    ),
    "the AI sees engines only: no text, service, store, render, Discord, database or image code": Rule(
        ("ai/**",),
        tuple(name for name in (*OTHER_LAYERS, *DISCORD, *DATABASE, *IMAGES) if name != "ai"),
        ("ai/alexandros/_planted.py", "from service.pool import AiPool\n"),
    ),
    "a layer's shared modules import no game (only the registry reaches one, by name)": Rule(
        shared_files(),
        game_packages(*GAMES),
        ("service/_planted.py", "import engine.clans\n"),
        exempt=tuple(pattern for game in GAMES for pattern in game_files(game)),
    ),
    "cogs talk to services, never the store or a database": Rule(
        ("cogs/**",),
        ("store", *DATABASE),
        ("cogs/clans/_planted.py", "def f():\n    from store import GameRecord\n    return GameRecord\n"),
    ),
    "services import no Discord code": Rule(
        ("service/**",),
        (*DISCORD, "cogs"),
        ("service/alexandros/_planted.py", "import discord\n"),
    ),
    "the store imports no game, engine, AI, service or Discord code": Rule(
        ("store/**",),
        (REGISTRY, "engine", "ai", "service", "cogs", "render", "texts", *DISCORD),
        ("store/_planted.py", "from registry import rules_of\n"),
    ),
    "the text layer imports no service, cog or store": Rule(
        ("texts/**",),
        ("service", "cogs", "store", *DISCORD, *DATABASE),
        ("texts/clans/_planted.py", "from service.clans.tables import Table\n"),
    ),
    "board images import no service, store, AI or Discord code": Rule(
        ("render/**",),
        ("service", "store", "cogs", "ai", *DISCORD, *DATABASE),
        ("render/clans/_planted.py", "from store import Store\n"),
    ),
    "the web pages talk to services only: no store, cog, AI, Discord or database code": Rule(
        ("web/**",),
        ("store", "cogs", "ai", "bot", *DISCORD, *DATABASE),
        ("web/clans/_planted.py", "def f():\n    from store import Store\n    return Store\n"),
    ),
    "only the entry point starts the web pages: no other layer imports them": Rule(
        tuple(f"{layer}/**" for layer in LAYERS if layer != "web"),
        ("web",),
        ("cogs/_planted.py", "from web.server import WebServer\n"),
    ),
}
for _game in GAMES:
    RULES[f"{_game} imports no other game"] = Rule(
        game_files(_game),
        game_packages(*(other for other in GAMES if other != _game)),
        (f"engine/{_game}/_planted.py", f"import ai.{next(other for other in GAMES if other != _game)}\n"),
    )


def folder_of(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else ""


def import_graph(tree: Mapping[str, str]) -> dict[str, set[str]]:
    """Each file → the project files it imports (a ``from package import name`` reaches the name's module when
    it is one, else the package)."""
    by_module = {module_of(path): path for path in tree}
    graph: dict[str, set[str]] = {path: set() for path in tree}
    for path, source in tree.items():
        for _line, name in imports(source):
            target = by_module.get(name)
            if target is not None and target != path:
                graph[path].add(target)
    return graph


def circles_across_folders(tree: Mapping[str, str]) -> list[list[str]]:
    """The import circles (strongly connected files, bench.layout's Tarjan) that span more than one folder."""
    return [circle for circle in circles(import_graph(tree)) if len({folder_of(member) for member in circle}) > 1]


@pytest.fixture(scope="module")
def tree() -> dict[str, str]:
    return source_tree()


def test_every_layer_has_a_package_per_game_and_shared_code_at_its_root() -> None:
    for layer in ("cogs", "engine", "render", "data", "ai", "service", "texts"):
        assert (ROOT / layer / "__init__.py").is_file(), layer
        for game in GAMES:
            assert (ROOT / layer / game / "__init__.py").is_file(), f"{layer}/{game}"
    for game in GAMES:
        assert (ROOT / REGISTRY / f"{game}.py").is_file(), f"registry/{game}.py"


@pytest.mark.parametrize("rule", RULES)
def test_layers_point_one_way(rule: str, tree: dict[str, str]) -> None:
    assert RULES[rule].violations(tree) == []


@pytest.mark.parametrize("rule", RULES)
def test_each_rule_can_fail(rule: str, tree: dict[str, str]) -> None:
    """A planted file that breaks the rule (some lazily, inside a function) is found, and nothing else."""
    path, source = RULES[rule].planted
    assert path not in tree
    found = RULES[rule].violations({**tree, path: source})
    assert found and all(line.startswith(f"{path}:") for line in found), found


def test_no_import_circle_spans_two_folders(tree: dict[str, str]) -> None:
    assert circles_across_folders(tree) == []


def test_a_circle_across_folders_is_found(tree: dict[str, str]) -> None:
    planted = {
        "service/clans/_planted_a.py": "from cogs.clans._planted_b import B\nA = 1\n",
        "cogs/clans/_planted_b.py": "def f():\n    from service.clans._planted_a import A\n    return A\nB = 2\n",
    }
    assert circles_across_folders({**tree, **planted}) == [sorted(planted)]
