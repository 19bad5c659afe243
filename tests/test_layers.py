"""Layers that point one way (issue 25): the engines import nothing above them; the text layer words the codes
and facts of the layers below it and imports neither the service nor the cogs; the frame's text layer and its
error handler know no game (they reach each through frame/registry.py, by name); the errors every layer raises
(frame/errors.py) import nothing of the project. Every import is counted, those inside functions too."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINES = sorted(ROOT.glob("games/*/engine/**/*.py"))
TEXTS = sorted([*ROOT.glob("frame/texts/**/*.py"), *ROOT.glob("games/*/texts/**/*.py")])
FRAME_TEXTS = sorted(ROOT.glob("frame/texts/**/*.py"))

ABOVE_THE_ENGINE = ("render", "ai", "texts", "service", "store", "cogs")
"""The parts of the frame and of a game an engine must not import (``frame.rules``, the games' contract, it may)."""

CATALOG_TOOL, COMMAND_STRINGS = "frame/texts/update.py", "frame.cogs.translator"
"""``make catalogs`` extracts every message the code holds, the slash commands' own (declared by the cogs) too:
a build tool that the text layer the bot runs never imports."""


def imports(path: Path) -> list[str]:
    """Every module an import statement of ``path`` names, and each name imported from one (``a.b.c`` for
    ``from a.b import c``: it may be a module); relative imports as ``.`` + their module."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            names += [module, *(f"{module}.{alias.name}" for alias in node.names)]
    return names


def under(name: str, *packages: str) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


def offenders(paths: list[Path], forbidden: Callable[[str, str], bool]) -> list[str]:
    """``path: name`` for every import ``forbidden(path, name)`` (the path from the root)."""
    found = []
    for path in paths:
        relative = path.relative_to(ROOT).as_posix()
        found += [f"{relative}: {name}" for name in imports(path) if forbidden(relative, name)]
    return found


def test_the_layers_are_found() -> None:
    assert {"games/clans/engine/moves.py", "games/alexandros/engine/actions.py"} <= {
        p.relative_to(ROOT).as_posix() for p in ENGINES
    }
    assert {"frame/texts/reasons.py", "games/clans/texts/reasons.py", "games/alexandros/texts/reasons.py"} <= {
        p.relative_to(ROOT).as_posix() for p in TEXTS
    }


def test_an_engine_imports_nothing_above_it() -> None:
    def forbidden(_: str, name: str) -> bool:
        parts = name.split(".")
        return (
            name.startswith(".")
            or under(name, "discord", "PIL", "aiosqlite", "asyncpg")
            or (parts[0] in ("frame", "games") and any(part in ABOVE_THE_ENGINE for part in parts[1:]))
        )

    assert offenders(ENGINES, forbidden) == []


def test_the_text_layer_imports_neither_the_service_nor_the_cogs() -> None:
    def forbidden(relative: str, name: str) -> bool:
        if relative == CATALOG_TOOL and under(name, COMMAND_STRINGS):
            return False
        parts = name.split(".")
        return parts[0] in ("frame", "games") and any(part in ("service", "store", "cogs") for part in parts[1:])

    assert offenders(TEXTS, forbidden) == []


def test_the_frame_s_words_and_its_error_handler_know_no_game() -> None:
    paths = [*FRAME_TEXTS, ROOT / "frame" / "cogs" / "errors.py"]
    assert offenders(paths, lambda _, name: under(name, "games")) == []


def test_the_errors_every_layer_raises_import_nothing_of_the_project() -> None:
    assert offenders([ROOT / "frame" / "errors.py"], lambda _, name: under(name, "frame", "games", "bot")) == []
