"""Every path and ``python -m`` target the README, the docs and the code's docstrings and comments name exists in
this checkout: a file moved or a module renamed cannot leave words behind that send a reader nowhere.

A path is a word starting with one of the project's top-level folders or modules (``cogs/clans/cog.py``,
``tests/cogs/``, ``bot.py``); ``<game>`` stands for every registered game, any other ``<…>`` (a third game's
``<name>``, a file's) and ``*`` for any name (a pattern over each game's names is a rule, not a file). In code,
only docstrings and comments are read: a test's planted file is no word to a reader.
"""

from __future__ import annotations

import ast
import importlib.util
import io
import re
import tokenize
from pathlib import Path

import pytest

from registry import GAME_NAMES

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = (
    "ai", "bench", "cogs", "data", "docs", "engine", "registry", "render", "scripts", "service", "store", "terminal",
    "tests", "texts", "tools", "web",
)  # fmt: skip
MODULES = ("bot.py", "config.py", "errors.py")
PATH = re.compile(
    rf"(?<![\w./-])(?:(?:{'|'.join(FOLDERS)})/[\w./<>*-]*|(?:{'|'.join(re.escape(m) for m in MODULES)}))(?![\w/])"
)
MODULE = re.compile(r"python(?:3)? -m ([\w.<>]+)")
GENERATED = ("tests/.pytest_cache",)
"""Paths the words name that the project writes when it runs, not files it keeps."""


def texts_to_read() -> dict[str, str]:
    """The README, the docs, and every Python file of the project (its docstrings and comments name paths)."""
    found = {"README.md": (ROOT / "README.md").read_text("utf-8")}
    found |= {p.relative_to(ROOT).as_posix(): p.read_text("utf-8") for p in (ROOT / "docs").glob("*.md")}
    for folder in (*FOLDERS, *MODULES):
        path = ROOT / folder
        files = [path] if path.is_file() else sorted(path.rglob("*.py"))
        found |= {
            p.relative_to(ROOT).as_posix(): words_of(p.read_text("utf-8")) for p in files if ".venv" not in p.parts
        }
    return found


def words_of(source: str) -> str:
    """A Python file's docstrings and comments."""
    nodes = list(ast.walk(ast.parse(source)))
    docs = [
        ast.get_docstring(node, clean=False) or ""
        for node in nodes
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    # an attribute's docstring: a string alone on its line after an assignment
    docs += [
        node.value.value
        for node in nodes
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    ]
    comments = [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type == tokenize.COMMENT]
    return "\n".join(docs + comments)


def expanded(name: str) -> list[str]:
    """A name with ``<game>`` as each game's; none for a pattern of each game's names (``terminal/<game>_*.py``: a
    rule for files a game may have, not a file)."""
    if "<game>" in name and "*" in name:
        return []
    if "<game>" not in name:
        return [name]
    return [name.replace("<game>", game) for game in GAME_NAMES]


def exists(path: str) -> bool:
    path = path.rstrip(".,:;)`'\"")
    if path.startswith(GENERATED):
        return True
    if "*" in path or "<" in path:
        return any(ROOT.glob(re.sub(r"<\w+>", "*", path)))
    return (ROOT / path).exists()


def module_exists(name: str) -> bool:
    name = name.rstrip(".")
    return importlib.util.find_spec(name) is not None


@pytest.fixture(scope="module")
def read() -> dict[str, str]:
    return texts_to_read()


def test_every_path_named_in_the_words_exists(read: dict[str, str]) -> None:
    missing = sorted(
        {
            f"{where}: {path}"
            for where, text in read.items()
            for found in PATH.findall(text)
            for path in expanded(found)
            if not exists(path)
        }
    )
    assert missing == []


def test_every_python_m_target_named_in_the_words_exists(read: dict[str, str]) -> None:
    missing = sorted(
        {
            f"{where}: python -m {name}"
            for where, text in read.items()
            for found in MODULE.findall(text)
            for name in expanded(found)
            if not module_exists(name)
        }
    )
    assert missing == []


def test_a_path_or_target_that_is_not_there_is_found() -> None:
    planted = "See cogs/clans/nowhere.py and run `python -m render.<game>.nowhere`; engine/<game>/rules.py is there."
    paths = [p for found in PATH.findall(planted) for p in expanded(found)]
    assert [p for p in paths if not exists(p)] == ["cogs/clans/nowhere.py"]
    targets = [m for found in MODULE.findall(planted) for m in expanded(found)]
    assert [m for m in targets if not module_exists(m)] == ["render.clans.nowhere", "render.alexandros.nowhere"]
