"""Layers point one way: each rule below names who may not import whom, and fails on the first violation.

Every import statement counts, those inside functions and under TYPE_CHECKING too: a lazy import is still a
dependency. The frame reaches a game only through ``frame.registry``, which imports it by name at run time.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(path.name for path in (ROOT / "games").iterdir() if (path / "game.py").is_file())
DISCORD = ("discord",)
DATABASE = ("aiosqlite", "asyncpg")
IMAGES = ("PIL",)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, module) of every import in ``path``, ``from x import y`` giving both x and x.y."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"


def files(patterns: str) -> list[Path]:
    """The files matching any of ``patterns`` (glob patterns from the root, separated by spaces)."""
    found = sorted({path for pattern in patterns.split() for path in ROOT.glob(pattern)})
    assert found, f"no file matches {patterns}: the layout moved, move the rule with it"
    return found


def under(name: str, *prefixes: str) -> bool:
    return any(name == prefix or name.startswith(prefix + ".") for prefix in prefixes)


def violations(pattern: str, forbidden: tuple[str, ...]) -> list[str]:
    found = []
    for path in files(pattern):
        for line, name in imports(path):
            if under(name, *forbidden):
                found.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    return sorted(set(found))


def of_games(*parts: str) -> tuple[str, ...]:
    return tuple(f"games.{game}.{part}" for game in GAMES for part in parts)


RULES = {
    "engines import no text, service, store, render, AI or Discord code": (
        "games/*/engine/**/*.py",
        (
            *("frame.texts", "frame.service", "frame.store", "frame.cogs", "frame.render", "frame.registry"),
            *of_games("texts", "service", "render", "ai", "cogs", "terminal", "game"),
            *DISCORD,
            *DATABASE,
            *IMAGES,
        ),
    ),
    "the AI imports no text, service, store, render or Discord code": (
        "games/*/ai/**/*.py",
        (
            *("frame.texts", "frame.service", "frame.store", "frame.cogs", "frame.render"),
            *of_games("texts", "service", "render", "cogs", "terminal"),
            *DISCORD,
            *DATABASE,
            *IMAGES,
        ),
    ),
    "the store imports no game, engine or AI": ("frame/store/**/*.py", ("games", "frame.registry", *DISCORD)),
    "the text layer imports no service or cog": (
        "frame/texts/**/*.py games/*/texts/**/*.py",
        ("frame.service", "frame.cogs", "frame.store", *of_games("service", "cogs"), *DISCORD, *DATABASE),
    ),
    "the frame imports no game (the registry reaches them by name)": ("frame/**/*.py", ("games",)),
    "board images import no service, store or Discord code": (
        "games/*/render/**/*.py",
        ("frame.service", "frame.store", "frame.cogs", *of_games("service", "cogs", "ai"), *DISCORD, *DATABASE),
    ),
    "the services import no Discord code": ("frame/service/**/*.py games/*/service/**/*.py", DISCORD),
}


@pytest.mark.parametrize("rule", RULES)
def test_layers_point_one_way(rule: str) -> None:
    pattern, forbidden = RULES[rule]
    assert violations(pattern, forbidden) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_other_game(game: str) -> None:
    others = tuple(f"games.{other}" for other in GAMES if other != game)
    assert violations(f"games/{game}/**/*.py", others) == []


def test_the_registry_names_every_game_package() -> None:
    registry = (ROOT / "frame" / "registry.py").read_text(encoding="utf-8")
    names = re.search(r"GAME_NAMES: Final = \(([^)]*)\)", registry)
    assert names is not None
    assert sorted(re.findall(r'"(\w+)"', names[1])) == GAMES == ["alexandros", "clans"]


def test_the_rules_can_fail(tmp_path: Path) -> None:
    """A violation is found: an engine module that imports the text layer, lazily inside a function."""
    engine = ROOT / "games" / "clans" / "engine" / "_contract_sample.py"
    engine.write_text("def f():\n    from frame.texts import texts\n    return texts\n", encoding="utf-8")
    try:
        pattern, forbidden = RULES["engines import no text, service, store, render, AI or Discord code"]
        found = [line for line in violations(pattern, forbidden) if "_contract_sample" in line]
        assert found == [
            "games/clans/engine/_contract_sample.py:2 imports frame.texts",
            "games/clans/engine/_contract_sample.py:2 imports frame.texts.texts",
        ]
    finally:
        engine.unlink()
