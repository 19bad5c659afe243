"""Clans' AI and engine from any checkout a bench compares: today's layout (``ai/clans``), the games/ one before it,
or the older top-level one."""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

LAYOUTS = (("ai.clans", "engine.clans"), ("games.clans.ai", "games.clans.engine"), ("ai", "engine"))
"""Where each layout keeps Clans' AI and engine, newest first."""
ROOTS = ("games", "frame", "ai", "engine", "registry", "render", "service", "store", "texts", "data")


def use_checkout(path: str) -> None:
    """Import from ``path`` from now on, forgetting what was imported from another checkout."""
    if sys.path and sys.path[0] == path:
        return
    sys.path.insert(0, path)
    for name in [m for m in sys.modules if m.split(".")[0] in ROOTS]:
        del sys.modules[name]


def clans_modules() -> tuple[ModuleType, ModuleType]:
    """(ai, engine) of Clans from the first checkout on the path."""
    for ai_name, engine_name in LAYOUTS:
        try:
            return importlib.import_module(ai_name), importlib.import_module(engine_name)
        except ImportError:
            continue
    raise ImportError("no checkout on the path holds Clans' AI")


def engine_module_names(module: str) -> list[str]:
    """The places a pickled engine class may live in either layout, most specific first."""
    parts = module.split(".")
    if parts[:3] == ["games", "clans", "engine"]:
        rest = parts[3:]
    elif parts[:2] == ["engine", "clans"]:
        rest = parts[2:]
    elif parts[0] == "engine":
        rest = parts[1:]
    else:
        return [module]
    tails = [rest] if rest else []
    names = []
    for tail in tails:
        names += [".".join(["games", "clans", "engine", *tail]), ".".join(["engine", "clans", *tail])]
        names.append(".".join(["engine", *tail]))
    return [module, *names, "engine.clans", "games.clans.engine", "engine"]
