"""The board image: deterministic PNG bytes of the right size, the final variant, and no secrets."""

from __future__ import annotations

import dataclasses
import inspect
import io
import random
import re
from pathlib import Path

import pytest
from PIL import Image

import engine.clans as engine
from engine.clans import GameState, Phase, PublicView
from render.clans import render_board, render_final
from render.clans.layout import HEIGHT, WIDTH

RENDER_DIR = Path(__file__).resolve().parents[3] / "render"


def _played(seed: int, moves: int, players: int = 3) -> GameState:
    state = engine.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        engine.play(state, rng.choice(engine.legal_moves(state)))
    return state


def _finished(seed: int) -> PublicView:
    state = engine.new_game(4, seed)
    engine.random_playout(state, random.Random(seed))
    return engine.public_view(state)


def test_same_view_gives_identical_bytes() -> None:
    view = engine.public_view(_played(3, 30))
    assert render_board(view, ["Ann", "Bo", "Cy"]) == render_board(view, ["Ann", "Bo", "Cy"])


def test_png_opens_with_the_expected_size() -> None:
    png = render_board(engine.public_view(_played(4, 12)))
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    assert image.size == (WIDTH, HEIGHT)
    assert HEIGHT > WIDTH and HEIGHT / WIDTH <= 2.1  # a portrait, for phones


def test_names_change_the_image_but_missing_names_are_fine() -> None:
    view = engine.public_view(_played(5, 10))
    assert render_board(view) != render_board(view, ["Zed", "Yan", "Xi"])
    assert render_board(view, ["only one"])  # missing names fall back to "Player N"


def test_final_variant_renders_and_differs_from_the_board() -> None:
    view = _finished(6)
    assert view.result is not None
    final = render_final(view, ["Ann", "Bo", "Cy", "Di"])
    assert Image.open(io.BytesIO(final)).size == (WIDTH, HEIGHT)
    assert final != render_board(view, ["Ann", "Bo", "Cy", "Di"])
    assert final == render_final(view, ["Ann", "Bo", "Cy", "Di"])


def test_final_variant_needs_a_result() -> None:
    view = engine.public_view(_played(7, 5))
    with pytest.raises(ValueError):
        render_final(view, ["Ann", "Bo", "Cy"])


def test_every_phase_renders() -> None:
    seen = set()
    for seed in range(40):
        state = engine.new_game(2 + seed % 3, seed)
        rng = random.Random(seed)
        while not state.over and len(seen) < 3:
            engine.play(state, rng.choice(engine.legal_moves(state)))
            if state.phase not in seen:
                seen.add(state.phase)
                assert render_board(engine.public_view(state))
        if len(seen) == 3:
            break
    assert seen == {Phase.MOVE, Phase.ORDER, Phase.OVER}


def test_renderer_takes_only_the_public_view() -> None:
    """The renderer's input has no secret: a PublicView has no clans, and render/ never touches GameState."""
    assert "clans" not in {f.name for f in dataclasses.fields(PublicView)}
    for function in (render_board, render_final):
        parameters = inspect.signature(function).parameters
        assert parameters["view"].annotation in ("PublicView", PublicView)
        # t: the words; recent: the public move log's last hut moves with their numbers; no secret
        assert set(parameters) <= {"view", "names", "viewer_clan", "movable", "t", "recent"}
        for extra in ("viewer_clan", "movable", "recent"):
            if extra in parameters:
                assert parameters[extra].kind is inspect.Parameter.KEYWORD_ONLY
    paths = sorted(RENDER_DIR.glob("*/*.py"))
    assert RENDER_DIR / "clans" / "board_image.py" in paths
    for path in paths:
        source = path.read_text(encoding="utf-8")
        assert "GameState" not in source or path.name == "gallery.py", path
        assert "state_from_view" not in source, path
        assert "import discord" not in source and "aiosqlite" not in source, path
        if path.name != "gallery.py":
            # clans are read only from the final result, which exists once the game is over
            for match in re.finditer(r"(\w+)\.clans\b", source):
                assert match[1] in {"result", "engine", "render", "texts", "data"}, (path, match[0])


def test_a_view_built_by_hand_without_secrets_renders() -> None:
    state = _played(8, 20)
    view = engine.public_view(state)
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(PublicView)}
    rebuilt = PublicView(**fields)
    assert render_board(rebuilt) == render_board(view)
