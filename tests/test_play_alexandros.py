"""The Alexandros terminal game (play_alexandros.py) driven with scripted input to the end."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import play_alexandros
from engine.alexandros import Occupy, Phase, TakeOver, Tax
from play import CLEAR
from play_alexandros import AlexandrosTerminal


def scripted(game_of: Callable[[], AlexandrosTerminal], lines: Iterator[str], limit: int = 3000):  # type: ignore[no-untyped-def]
    """An ``input`` stand-in: prints the prompt, Enter for every "press Enter", the scripted lines first,
    then the number of a levy, an occupation or a take-over when the menu has one, else option 1."""
    asked = [0]

    def ask(prompt: str) -> str:
        print(prompt)
        asked[0] += 1
        if asked[0] > limit:
            raise EOFError
        if "press enter" in prompt.lower():
            return ""
        line = next(lines, None)
        if line is not None:
            return line
        menu = game_of().menu
        for kind in (Tax, TakeOver, Occupy):
            for number, action in enumerate(menu, 1):
                if isinstance(action, kind):
                    return str(number)
        return "1"

    return ask


def terminal(humans: int, seats: int, seed: int, folder: Path, lines: list[str]) -> AlexandrosTerminal:
    holder: list[AlexandrosTerminal] = []
    game = AlexandrosTerminal(humans, seats, "easy", seed, folder, scripted(lambda: holder[0], iter(lines)), 1)
    holder.append(game)
    return game


def test_a_game_against_ais_plays_to_the_end_and_saves_every_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = terminal(1, 3, 4, tmp_path, ["help", "hand", "status", "99", "xyz", "tax 0", "menu"])
    game.run()
    out = capsys.readouterr().out
    assert game.state.over
    assert "Game over after" in out and "WINNER" in out
    assert "There is no option 99: choose 1 to" in out
    assert "That is neither an option number nor an action" in out
    assert "That is not possible now" in out  # a levy while Alexander must move
    assert "Type the number of an option" in out
    assert "You levy taxes: You +" in out
    assert "AI 2 (easy) moves Alexander" in out
    # A board after every action, and before each of the human's moves one with the destinations lettered.
    boards = {p.name for p in tmp_path.iterdir()}
    assert {f"action-{ply:03d}.png" for ply in range(game.state.ply + 1)} <= boards
    assert any(name.endswith("-choices.png") for name in boards)
    assert all((tmp_path / name).read_bytes().startswith(b"\x89PNG") for name in boards)


def test_hot_seat_clears_the_screen_before_another_player_sees_their_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = terminal(2, 2, 9, tmp_path, [])
    first = game.state.to_move
    game.run()
    out = capsys.readouterr().out
    assert game.state.over
    handover = out.index(f"Player {2 - first}'s turn: press Enter")
    hand_before = out.rindex("Your hand:", 0, handover)
    assert out.index(CLEAR, hand_before) < handover
    # What the first player did is shown again after the clearing.
    assert f"Player {first + 1} moves Alexander" in out[handover:]


def test_a_take_over_asks_the_taker_which_cards_go_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Three humans pressing for take-overs: a give-back menu appears and is answered."""
    seen: list[Phase] = []
    for seed in range(8):
        game = terminal(3, 3, seed, tmp_path / str(seed), [])
        original = game.show_menu

        def spy(seat: int, game: AlexandrosTerminal = game, original: Callable[[int], None] = original) -> None:
            seen.append(game.state.phase)
            original(seat)

        game.show_menu = spy  # type: ignore[method-assign]
        game.run()
        assert game.state.over
        if Phase.GIVE in seen:
            break
    assert Phase.GIVE in seen
    out = capsys.readouterr().out
    assert "Choose the cards the player who lost the province gets back" in out
    assert " gives Player " in out


def test_main_refuses_bad_seats_and_make_play_picks_the_game(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        play_alexandros.main(["--players", "3", "--seats", "2"])
    dry = subprocess.run(
        ["make", "-n", "play", "GAME=alexandros", "SEATS=4", "PLAYERS=1", "AI=easy"],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parent.parent,
    ).stdout
    assert "-m play_alexandros --seats 4 --players 1 --ai easy" in dry.strip().splitlines()[-1]
    clans = subprocess.run(
        ["make", "-n", "play", "PLAYERS=2"],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parent.parent,
    ).stdout
    command = clans.strip().splitlines()[-1]
    assert "-m play --players 2" in command and "alexandros" not in command
