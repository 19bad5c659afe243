"""bench.layout and bench.move_path print their figures, and the figures move when the code does."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bench import layout, move_path


def test_layout_counts_an_import_of_a_game_from_shared_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "service").mkdir()
    (tmp_path / "engine" / "clans").mkdir(parents=True)
    (tmp_path / "engine" / "clans" / "rules.py").write_text("X = 1\n")
    (tmp_path / "service" / "lobby.py").write_text("def f():\n    from engine.clans.rules import X\n    return X\n")
    (tmp_path / "service" / "pace.py").write_text("import json\n")
    assert layout.main(["--root", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "FIGURE layout_shared_to_clans_import_pairs 1 file-pairs" in out
    assert "FIGURE layout_shared_to_alexandros_import_pairs 0 file-pairs" in out
    assert "FIGURE layout_longest_file_lines 3 lines (service/lobby.py)" in out


def test_a_clans_move_and_a_confirm_pass_through_the_shared_code_and_the_game() -> None:
    figures = asyncio.run(move_path.measure(moves=1))
    for path in ("move_path", "confirm_path"):
        assert figures[f"{path}_moves"] == 1
        assert figures[f"{path}_files"] >= 10  # the cog, the service, the store, the engine, the board, the words
        assert figures[f"{path}_cog_to_service_awaits"] >= 1
        assert figures[f"{path}_game_reads"] >= 1  # the move reads its game
        assert figures[f"{path}_transactions"] >= 2  # and writes it
