"""Imports flow one way: bot.py imports the cogs, no cog imports bot.py; components reach what they need
through the bot's typed attributes (cogs/bot_base.py), never a cog looked up by name or another module's private
function."""

from __future__ import annotations

import ast
from pathlib import Path

from cogs.game_cog import GameCog
from cogs.translator import group_cog
from registry import every_game

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
        "cogs/bot_base.py",
        "cogs/game_cog.py",
        "cogs/clans/actions.py",
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


def test_each_game_has_one_cog_class_on_the_one_shared_shape() -> None:
    """A game's cog is one class on GameCog (cogs/game_cog.py) and discord.py's GroupCog: no mixins of the
    project's own, whose import circle a lazy import and ``type: ignore``s would hold together."""
    for game in every_game():
        cog = group_cog(game.cog)
        own = [base for base in cog.__mro__ if base.__module__.split(".")[0] in ("cogs", "service")]
        assert own == [cog, GameCog], f"{game.name}: {own}"


def test_no_component_reaches_a_cog_through_a_cast() -> None:
    """A component reaches its game's cog through ``bot.actions``, checked against the game's actions Protocol
    (cogs/<game>/actions.py), never cast to it; nothing in the cogs is held together by ``type: ignore``."""
    casts, ignores = [], []
    for path in COGS:
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            called = getattr(node.func, "id", getattr(node.func, "attr", "")) if isinstance(node, ast.Call) else ""
            if called == "cast" and any(isinstance(n, ast.Attribute) and n.attr == "actions" for n in ast.walk(node)):
                casts.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno}")
        ignores += [
            f"{path.relative_to(ROOT).as_posix()}:{n}"
            for n, line in enumerate(source.splitlines(), 1)
            if "type: ignore" in line
        ]
    assert casts == [] and ignores == []
