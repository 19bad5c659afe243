"""The terminal game (play.py) driven with scripted input: handovers, board folders, AI guesses, grammar."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

import play
from engine.clans import Phase, legal_moves, move_foundings, public_view
from play import CLEAR, TerminalGame, game_folder


def scripted(game_of: Callable[[], TerminalGame], moves: Iterator[str] | None = None, limit: int = 400):  # type: ignore[no-untyped-def]
    """An ``input`` stand-in: prints the prompt like input() does, Enter for every "press Enter", and at a
    move prompt the next scripted command, else a move that founds several villages if any, else the first."""
    asked = [0]

    def ask(prompt: str) -> str:
        print(prompt)
        asked[0] += 1
        if asked[0] > limit:
            raise EOFError
        if "press enter" in prompt.lower():
            return ""
        if moves is not None:
            try:
                return next(moves)
            except StopIteration:
                pass
        state = game_of().state
        if state.phase is Phase.ORDER:
            return f"village {state.pending[-1]}"
        foundings = move_foundings(public_view(state))
        several = [m for m, f in foundings.items() if len(f) > 1]
        return (several or legal_moves(state))[0].text.replace("-", " ")

    return ask


def new_game(humans: int, seed: int, folder: Path, moves: list[str] | None = None) -> TerminalGame:
    holder: list[TerminalGame] = []
    game = TerminalGame(humans, "easy", seed, folder, scripted(lambda: holder[0], iter(moves or [])))
    holder.append(game)
    return game


def test_hot_seat_handover_clears_the_screen_and_the_scrollback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = new_game(2, 5, tmp_path, ["clan", "village 5"])
    first, second = game.state.to_move, 1 - game.state.to_move
    game.run()
    out = capsys.readouterr().out
    clans = [game.state.clans[0].label.upper(), game.state.clans[1].label.upper()]
    # Each reveal is cleared away (screen and scrollback) before the next prompt.
    for clan in clans:
        shown = out.index(f"Your clan is {clan}")
        assert out.index(CLEAR, shown) < out.index("Player", shown + 1)
    # The first mover looks at their clan on their turn; before the other takes over, everything is cleared.
    looked = out.index(f"Your clan: {clans[first]}")
    handover = out.index(f"Player {second + 1}'s turn: press Enter", looked)
    assert CLEAR in out[looked:handover]
    assert f"Your clan: {clans[first]}" not in out[handover:]
    # What the first mover did is shown again after the clearing.
    assert f"Player {first + 1} moves " in out[handover:]
    assert "No village is waiting for its order" in out
    assert "board saved" not in out
    assert game.state.over


def test_every_game_has_its_own_board_folder_and_keeps_the_order_board(tmp_path: Path) -> None:
    when = datetime(2026, 11, 22, 6, 30, tzinfo=UTC)
    first = game_folder(tmp_path, 5, when)
    assert first == tmp_path / "game-5-20261122-063000"
    first.mkdir()
    assert game_folder(tmp_path, 5, when) == tmp_path / "game-5-20261122-063000-2"
    game = new_game(2, 5, first)
    game.run()
    names = sorted(p.name for p in first.iterdir())
    order_boards = [n for n in names if "-order-" in n]
    assert order_boards, names
    # The board asking for the order and the board after the choice are both kept.
    for name in order_boards:
        assert f"{name.split('-order-')[0]}.png" in names
    assert "move-000.png" in names and len(names) == game.state.turn + 1 + len(order_boards)


def test_main_writes_each_game_into_a_new_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    assert play.main(["--players", "2", "--seed", "9", "--boards", str(tmp_path)]) == 0
    assert play.main(["--players", "2", "--seed", "9", "--boards", str(tmp_path)]) == 0
    folders = sorted(p.name for p in tmp_path.iterdir())
    assert len(folders) == 2 and all(f.startswith("game-9-") for f in folders)
    assert all((tmp_path / f / "move-000.png").exists() for f in folders)


def test_against_ai_you_move_and_see_their_guesses_at_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = new_game(1, 3, tmp_path)
    game.run()
    out = capsys.readouterr().out
    assert game.state.over and "Game over" in out
    assert "You move " in out and "You moves" not in out
    assert "board saved" not in out
    thoughts = [line for line in out.splitlines() if line.strip().startswith("What AI ")]
    assert len(thoughts) == 3
    for line in thoughts:
        assert "You: " in line and "%" in line
    assert " 1 chips" not in out


def test_make_play_lang_de_plays_in_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`make play LANG=de` passes --lang de: every line the game prints is German (names and numbers aside)."""
    holder: list[TerminalGame] = []
    real = play.TerminalGame

    def german(*args: object) -> TerminalGame:
        game = real(*args)  # type: ignore[arg-type]
        holder.append(game)
        return game

    monkeypatch.setattr(play, "TerminalGame", german)
    monkeypatch.setattr("builtins.input", scripted(lambda: holder[0]))
    assert play.main(["--lang", "de", "--players", "1", "--seed", "3", "--boards", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert holder[0].state.over
    assert "Dein geheimer Clan: " in out and "Partie vorbei: " in out and "Du ziehst " in out
    assert "Hütte" in out and "Epoche" in out
    for english in ("Game over", "You move", "Your secret clan", "huts", "village chip", "Epoch ", "WINNER", "thought"):
        assert english not in out, english
