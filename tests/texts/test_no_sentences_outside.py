"""No sentence a player reads is written outside the text layer: every one is a catalog message.

The scan reads the code with ``ast`` and reports each string literal that looks like words for a reader (two
or more words of letters) unless it is one of the clear exceptions below: documentation, log and developer
error messages, a message marked for the catalogs, or the English source of a slash command's name and
description (the Translator's message ids).
"""

from __future__ import annotations

import ast
import gc
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = [
    "cogs",
    "service",
    "render",
    "terminal/hotseat.py",
    "engine",
    "terminal/clans.py",
    "terminal/alexandros.py",
    "texts/alexandros/terminal.py",
]
WORDS = re.compile(r"[A-Za-z]{2,}[,:;]? +[A-Za-z]{2,}")
"""Two words with a space between: names of loggers, files, custom ids and keys never have one."""

MARKERS = {"_", "n_", "p_", "N_", "Np_"}
"""The text layer's calls: their literals are catalog message ids."""
LOGGING = {"debug", "info", "warning", "error", "exception", "critical", "log"}
COMMAND_TREE = {"command", "describe", "GroupCog", "Group", "Choice", "rename", "CommandWords"}
"""discord.py's declarations of slash commands, and a game's descriptions of its shared ones
(cogs/game_cog.py): their English strings are the Translator's message ids."""
DEVELOPER_ERRORS = {
    "ValueError", "TypeError", "AssertionError", "RuntimeError", "KeyError", "LookupError",
    "BadState", "require", "need", "AiPoolError", "AiQueueFull", "_WorkerLost",
}  # fmt: skip
"""Raised for a programming or data error, never shown to a player (the one error path logs them)."""
CATALOG_CONTEXTS = {"command name", "command description", "option name", "option description", "choice name"}
"""The Translator's message contexts (msgctxt): what a string is, never shown."""
DEVELOPER_TOOLS = {
    "render/clans/gallery.py",
    "render/clans/samples.py",
    "render/alexandros/gallery.py",
}
"""Tools for developers (the gallery of sample boards, the palette's colour samples): sample names, no reader."""
NOTATION = {"text", "parse_action"}
"""The text form of a game's actions ("23-24", "take supply"): a notation for logs, the database and the
terminal, like a chess move's, not a sentence."""
OPERATOR_METRICS = {"Gauge", "Counter", "Histogram"}
"""A metric's help text (service/metrics.py): for the operator's dashboard, in English like the log."""
TERMINAL_FLAGS = {"add_argument", "ArgumentParser", "error"}
"""The terminal games' command-line flags: argparse's own English (--help), like the Makefile's."""


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call):
        return _name(node.func)
    return ""


def _allowed_nodes(tree: ast.AST) -> set[int]:
    """ids of string nodes that are allowed: docstrings and the arguments of the calls above."""
    allowed: set[int] = set()

    def allow(node: ast.AST) -> None:
        allowed.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            allow(node)  # a docstring, or a field's documentation string
        elif isinstance(node, ast.Call):
            name = _name(node.func)
            if name in MARKERS | LOGGING | COMMAND_TREE | TERMINAL_FLAGS | OPERATOR_METRICS or name in DEVELOPER_ERRORS:
                allow(node)
        elif isinstance(node, ast.FunctionDef) and node.name in NOTATION:
            allow(node)
        elif isinstance(node, ast.ClassDef):
            for keyword in node.keywords:  # GroupCog's group_name=, group_description=
                allow(keyword)
        elif isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id.startswith("LEGACY") for target in node.targets
        ):
            allow(node)  # what older databases hold, to be read (never shown)
        elif isinstance(node, ast.Assert) and node.msg is not None:
            allow(node.msg)
        elif isinstance(node, ast.Raise) and node.exc is not None and _name(node.exc) in DEVELOPER_ERRORS:
            allow(node.exc)
    return allowed


def parse(source: str) -> ast.AST:
    """``ast.parse`` with the garbage collector held: CPython 3.11 checks that building the tree leaves its
    recursion counter as it found it, and a finalizer run by a collection in the middle (the bot tests leave
    discord.py view tasks behind) can upset that check with a SystemError."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return ast.parse(source)
    finally:
        if enabled:
            gc.enable()


def sentences(path: Path) -> list[str]:
    tree = parse(path.read_text(encoding="utf-8"))
    allowed = _allowed_nodes(tree)
    found = []
    label = path.relative_to(ROOT) if ROOT in path.parents else path.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in allowed
            and WORDS.search(node.value)
            and node.value not in CATALOG_CONTEXTS
        ):
            found.append(f"{label}:{node.lineno}: {node.value!r}")
    return found


def _files() -> list[Path]:
    files: list[Path] = []
    for entry in SCANNED:
        path = ROOT / entry
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return [f for f in files if str(f.relative_to(ROOT)) not in DEVELOPER_TOOLS]


def test_no_sentence_is_written_outside_the_text_layer() -> None:
    found = [line for path in _files() for line in sentences(path)]
    assert not found, "\n".join(found)


def test_the_scan_finds_a_sentence(tmp_path: Path) -> None:
    """The rule can fail: a reply written inline is caught, its catalog form is not."""
    sample = ROOT / "cogs" / "_scan_sample.py"
    code = (
        'async def f(i, t):\n    await i.send("You joined the game.")\n    await i.send(t._("You joined the game."))\n'
    )
    try:
        sample.write_text(code, encoding="utf-8")
        assert [line.split(": ", 1)[1] for line in sentences(sample)] == ["'You joined the game.'"]
    finally:
        sample.unlink()
