"""Imports flow one way: bot.py imports the cogs, no cog imports bot.py; components reach what they need
through the bot's typed attributes (cogs/frame.py), never a cog looked up by name or another module's private
function."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COGS = sorted((ROOT / "cogs").rglob("*.py"))


def imported_modules(tree: ast.AST) -> list[str]:
    """Every module an import statement names, those under TYPE_CHECKING included."""
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            names.append(node.module)
    return names


def test_the_cogs_are_found() -> None:
    found = {path.relative_to(ROOT).as_posix() for path in COGS}
    assert {
        "cogs/frame.py",
        "cogs/clans/shared.py",
        "cogs/clans/cog.py",
        "cogs/alexandros/cog.py",
    } <= found


def test_no_cog_module_imports_the_entry_point() -> None:
    offenders = {
        path.relative_to(ROOT).as_posix(): name
        for path in COGS
        for name in imported_modules(ast.parse(path.read_text(encoding="utf-8")))
        if name == "bot" or name.startswith("bot.")
    }
    assert offenders == {}


def test_no_cog_module_imports_a_private_name_of_another() -> None:
    offenders = []
    for path in COGS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and ".cogs" in (node.module or ""):
                offenders += [f"{path.name}: {node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
    assert offenders == []


def test_no_component_looks_a_cog_up_by_name() -> None:
    lookups = []
    for path in COGS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get_cog":
                lookups.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno}")
    assert lookups == []
