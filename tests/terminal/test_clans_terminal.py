"""The terminal game (play.py) driven with scripted input: handovers, board folders, AI guesses, grammar."""

from __future__ import annotations

import os
import random
import re
import subprocess
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

import terminal.alexandros as play_alexandros
import terminal.clans as play
import terminal.hotseat as terminal
from engine.clans import PROJECT_MAP, GameState, Phase, legal_moves, move_foundings, public_view
from engine.clans import new_game as clans_new_game
from engine.clans import play as clans_play
from service.clans.suggest import suggest_sources
from terminal.clans import TerminalGame
from terminal.hotseat import CLEAR, game_folder
from texts import texts


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
    # The scripted moves and seeds were found on the project map: pinned to it, whatever the default.
    game = TerminalGame(
        humans, "easy", seed, folder, scripted(lambda: holder[0], iter(moves or [])), map_id=PROJECT_MAP
    )
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


def test_every_game_has_its_own_board_folder_and_keeps_the_order_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
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
    # The order is offered in the bot's words (the menu's and the panel's "36: epoch 2, worth 5").
    offered = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  village ")]
    assert offered and all(re.search(r": \d+: epoch \d+, (worth \d+|doomed, 0)", line) for line in offered), offered


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


# --- moves, board, board images, commands and language ---------------------------------------------------


def position_with_foundings(seed: int) -> GameState:
    """A game played at random until some move would found a village."""
    state = clans_new_game(4, seed)
    rng = random.Random(seed)
    while not any(move_foundings(public_view(state)).values()):
        clans_play(state, rng.choice(legal_moves(state)))
    return state


def test_moves_are_grouped_by_territory_with_the_bots_reasons_and_wrapped_between_moves() -> None:
    state = position_with_foundings(2)
    view = public_view(state)
    text = play.moves_text(texts("en", "clans"), state, 60)
    lines = text.splitlines()
    assert lines[0] == f"{len(legal_moves(state))} legal moves:"
    assert all(len(line) <= 60 for line in lines)
    listed = re.findall(r"\b(\d+)-(\d+)\b", text)
    assert sorted((int(a), int(b)) for a, b in listed) == sorted((m.src, m.dst) for m in legal_moves(state))
    # Every move stands under the header of the territory it leaves, and the headers come in the bot's order.
    source = None
    order = []
    for line in lines[1:]:
        if header := re.match(r"^ +(\d+) \(", line):
            source = int(header[1])
            order.append(source)
        for a, _ in re.findall(r"\b(\d+)-(\d+)\b", line):
            assert int(a) == source
    assert order == [s.territory for s in suggest_sources(view, limit=None)]
    # Each move that founds villages says where, in the autocomplete's words; the others say nothing.
    for move, founds in move_foundings(view).items():
        shown = re.search(rf"\b{move.src}-{move.dst}\b( \(would found [^)]*\))?", text)
        assert shown is not None
        if founds:
            assert shown[1] is not None and ", ".join(map(str, founds)).split(", ")[-1] in shown[1]
        else:
            assert shown[1] is None


def test_while_villages_wait_for_their_order_moves_lists_the_choices() -> None:
    state = clans_new_game(4, 0)
    rng = random.Random(0)
    while state.phase is not Phase.ORDER:
        clans_play(state, rng.choice(legal_moves(state)))
    text = play.moves_text(texts("it", "clans"), state, 80)
    choices = [f"villaggio {m.src}" for m in legal_moves(state)]
    assert len(choices) >= 2
    assert text == f"{len(choices)} mosse consentite: " + ", ".join(choices)


def test_wrapping_breaks_only_between_moves() -> None:
    items = [f"{n}-{n + 1} (would found a village at {n + 1})" for n in range(10, 30)]
    lines = terminal.wrap_items("  7 (2 huts, forest):", items, 50, "      ")
    assert all(len(line) <= 50 for line in lines)
    assert " ".join(line.strip() for line in lines) == "7 (2 huts, forest): " + ", ".join(items)
    assert lines[0] == "  7 (2 huts, forest):" and all(line.endswith(",") for line in lines[1:-1])


def test_the_board_fits_in_a_few_lines_and_shows_every_territory_with_huts() -> None:
    state = position_with_foundings(2)
    text = play.board_text(texts("en", "clans"), state, 100)
    lines = text.splitlines()
    assert lines[0].startswith("Huts by clan (R red, B blue") and len(lines) <= 8
    cells = re.findall(r"(\d+) ((?:[RBGYK]\d+ ?)+)(\*?)", "\n".join(lines[1:]))
    with_huts = [t for t in range(1, 61) if state.counts[t]]
    assert [int(c[0]) for c in cells] == with_huts
    villages = {v.territory for v in state.villages}
    assert {int(c[0]) for c in cells if c[2]} == villages & set(with_huts)


def test_the_board_image_path_is_printed_after_every_action_and_at_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = new_game(2, 5, tmp_path)
    game.run()
    out = capsys.readouterr().out
    paths = re.findall(r"^  Board image: (\S+\.png)$", out, re.M)
    assert len(paths) == len(game.history) + 1
    assert all(Path(p).is_file() and Path(p).parent == tmp_path for p in paths)
    assert out.rindex("Board image:") > out.index("Game over")
    assert paths[-1] == str(tmp_path / f"move-{game.state.turn:03d}.png")


def test_the_commands_work_in_the_players_language_and_in_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`hilfe`, `züge`, `spielplan`, `dorf 5`, `ziehen 1 2` and `beenden` in a German game, and `moves` in
    English too; the help and the intro name the German words."""
    holder: list[TerminalGame] = []
    words = iter(["hilfe", "züge", "spielplan", "moves", "dorf 5", "ziehen 1 99", "beenden"])
    game = TerminalGame(1, "easy", 5, tmp_path, scripted(lambda: holder[0], words), texts("de", "clans"))
    holder.append(game)
    game.run()
    out = capsys.readouterr().out
    assert "Tippe 'hilfe' für die Befehle." in out
    assert "Befehle:" in out and "  ziehen 23 24 " in out and "  beenden " in out and "  züge " in out
    assert "Die englischen Befehlswörter gehen auch." in out
    assert out.count("erlaubte Züge; die besten:") == 2  # züge, and moves in English
    assert "Hütten nach Clan" in out
    assert "Kein Dorf wartet auf seine Reihenfolge" in out  # dorf 5: no village waits for its order
    assert "Es gibt kein Gebiet 99" in out  # ziehen 1 99: read as a move
    assert out.rstrip().endswith("Partie unvollendet verlassen.")
    assert "Unbekannter Befehl" not in out and "Du ziehst" not in out


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_MESSAGES": "it_IT.UTF-8", "LANG": "C.UTF-8"}, "it"),
        ({"LANGUAGE": "fr:it", "LANG": "en_US.UTF-8"}, "it"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_comes_from_the_locale_when_it_has_a_catalog(environ: dict[str, str], lang: str) -> None:
    assert terminal.system_language(environ) == lang


def test_an_explicit_language_must_have_a_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert terminal.language_of("it-IT") == "it" and terminal.language_of("de") == "de"
    assert terminal.language_of("C.UTF-8") is None and terminal.language_of("fr") is None
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    for main in (play.main, play_alexandros.main):
        with pytest.raises(SystemExit):
            main(["--lang", "C.UTF-8", "--boards", str(tmp_path)])


@pytest.mark.parametrize("game", ["clans", "alexandros"])
def test_make_play_passes_a_language_only_when_asked_for(game: str) -> None:
    """The shell's LANG is a locale, never passed as --lang; LANGUAGE=de (or LANG=de) on make's command line is."""

    def command(*assignments: str, env: dict[str, str] | None = None) -> str:
        run = subprocess.run(
            ["make", "-n", "--no-print-directory", "play", f"GAME={game}", *assignments],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parents[2],
            env={**os.environ, **(env or {})},
        )
        return run.stdout.strip().splitlines()[-1]

    for shell in ("C.UTF-8", "en_US.UTF-8", "de_DE.UTF-8"):
        assert "--lang" not in command(env={"LANG": shell})
    assert "--lang de" in command("LANGUAGE=de", env={"LANG": "C.UTF-8"})
    assert "--lang it" in command("LANG=it", env={"LANG": "C.UTF-8"})


# --- transcripts: the status as a turn begins, the best moves, who starts, the same seed (issue 35) -----------


def test_the_status_is_shown_as_each_of_your_turns_begins_and_the_intro_says_who_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before the first prompt of each of your turns, the epoch, the scores and the chips (the bot's status); a
    turn took four commands before (board, status, moves, a move)."""
    game = new_game(1, 3, tmp_path, ["moves"])
    starter = game.names[game.state.to_move]
    game.run()
    out = capsys.readouterr().out
    assert out.splitlines()[2] == f"{starter} starts."
    prompts = list(re.finditer(r"^\[move (\d+)\] You> ", out, re.M))
    assert len(prompts) > 5
    previous_end, previous_move = 0, None
    for prompt in prompts:
        before = out[previous_end : prompt.start()]
        if "choose which comes next" in before:  # the same turn goes on: the order of the villages it founds
            pass
        elif prompt[1] != previous_move:  # a turn begins
            assert "Epoch " in before and "Clan scores:" in before and "Chips:" in before, before[-300:]
        else:
            assert "Clan scores:" not in before  # once a turn, not at every prompt
        previous_end, previous_move = prompt.end(), prompt[1]


def test_moves_shows_the_best_few_with_their_villages_value_clans_and_doom() -> None:
    """The first lines found villages, saying what each would score and to which clans, or that it is doomed and
    who loses their huts; then the largest groups; `moves all` is every legal move (the old list: 270+ lines)."""
    t = texts("en", "clans")
    seen_doom = seen_worth = False
    for seed in range(2, 12):
        state = position_with_foundings(seed)
        best = play.best_moves_text(t, state, 100)
        lines = best.splitlines()
        count = len(legal_moves(state))
        assert lines[0] == f"{count} legal moves; the best:"
        assert len(lines) <= play.BEST_FEW + 2 and lines[-1] == f"  Type 'moves all' for all {count}."
        founding = [line for line in lines[1:-1] if " village" in line]
        assert founding and lines[1 : 1 + len(founding)] == founding, "the villages first"
        for line in founding:
            assert re.search(r": (worth \d+ to [a-z, ]+|doomed, 0(; [a-z, ]+ loses? (its|their) huts)?)", line), line
            seen_doom |= "doomed, 0" in line
            seen_worth |= "worth " in line
        every = play.moves_text(t, state, 100)
        assert len(re.findall(r"\b\d+-\d+\b", every)) == count
    assert seen_doom and seen_worth


def test_moves_all_lists_every_move_in_the_players_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    holder: list[TerminalGame] = []
    game = TerminalGame(
        1, "easy", 5, tmp_path, scripted(lambda: holder[0], iter(["züge alle", "quit"])), texts("de", "clans")
    )
    holder.append(game)
    game.run()
    out = capsys.readouterr().out
    count = len(legal_moves(game.state))
    assert f"{count} erlaubte Züge:" in out and "die besten" not in out


def test_the_same_seed_plays_the_same_game_the_ais_moves_included(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`SEED=` replays the deal and the AIs' moves (normal and hard, whose search is bound by rollouts alone; here
    40 of them a move, not the game's 800, which cost a second a move)."""
    for level, prompts in (("normal", 12), ("hard", 4)):  # hard's moves cost the most: a few of its rounds
        transcripts = []
        for run in ("a", "b"):
            holder: list[TerminalGame] = []
            ask = scripted(lambda holder=holder: holder[0], limit=prompts)  # type: ignore[misc]
            game = TerminalGame(1, level, 21, tmp_path / level / run, ask, rollouts=40)
            holder.append(game)
            game.run()
            transcripts.append(capsys.readouterr().out.replace(str(tmp_path / level / run), "FOLDER"))
        assert transcripts[0] == transcripts[1]
        assert transcripts[0].count(f"({level}) moves ") >= 6
