"""The Alexandros terminal game (terminal/alexandros.py) driven with scripted input to the end."""

from __future__ import annotations

import contextlib
import inspect
import io
import random
import re
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import terminal.alexandros as play_alexandros
from engine.alexandros import (
    HAND,
    EndReason,
    EndTurn,
    MoveAlexander,
    Occupy,
    Phase,
    TakeCard,
    TakeOver,
    Tax,
    legal_actions,
    play,
    tax_income,
)
from render.alexandros import render_board
from terminal.alexandros import AlexandrosTerminal
from terminal.hotseat import CLEAR
from texts import Texts, texts


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
        game = game_of()
        for kind in (Tax, TakeOver, Occupy):
            for number, action in sorted(game.menu.items()):
                if isinstance(action, kind):
                    return str(number)
        return str(game.number(game.listed[0]))

    return ask


def terminal(
    humans: int, seats: int, seed: int, folder: Path, lines: list[str], t: Texts | None = None
) -> AlexandrosTerminal:
    holder: list[AlexandrosTerminal] = []
    game = AlexandrosTerminal(humans, seats, "easy", seed, folder, scripted(lambda: holder[0], iter(lines)), 1, t)
    holder.append(game)
    return game


@pytest.fixture
def undrawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """For the tests about the words, the prompts and the turns: each board image (nine tenths of a game's time)
    is a PNG signature, the arguments still bound to render_board's own. The drawings themselves: the tests that
    save every board and print their paths, and render/alexandros's."""

    def stand_in(*args: object, **kwargs: object) -> bytes:
        inspect.signature(render_board).bind(*args, **kwargs)
        return b"\x89PNG\r\n\x1a\n"

    monkeypatch.setattr(play_alexandros, "render_board", stand_in)


@dataclass(frozen=True)
class Played:
    game: AlexandrosTerminal
    first: str
    """Who the game said starts: their name before the first action."""
    out: str
    folder: Path


@pytest.fixture(scope="module")
def against_ais(tmp_path_factory: pytest.TempPathFactory) -> Played:
    """One game against two AIs with every board drawn and saved (the drawing is most of its time), read by the
    tests of its transcript and its boards; the human tries a few commands and wrong inputs first."""
    folder = tmp_path_factory.mktemp("against-ais")
    game = terminal(1, 3, 4, folder, ["help", "hand", "status", "99", "xyz", "tax 0", "menu"])
    first = game.names[game.state.to_move]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        game.run()
    return Played(game, first, out.getvalue(), folder)


def test_a_game_against_ais_plays_to_the_end_and_saves_every_board(against_ais: Played) -> None:
    game, out, tmp_path = against_ais.game, against_ais.out, against_ais.folder
    assert game.state.over
    assert "Game over in round " in out and "WINNER" in out
    assert "There is no option 99 now; type menu to see the options." in out
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


@pytest.mark.usefixtures("undrawn")
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


@pytest.mark.usefixtures("undrawn")
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
        ["make", "-n", "--no-print-directory", "play", "GAME=alexandros", "SEATS=4", "PLAYERS=1", "AI=easy", "LANG=de"],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    ).stdout
    assert "-m terminal.alexandros --seats 4 --lang de --players 1 --ai easy" in dry.strip().splitlines()[-1]
    clans = subprocess.run(
        ["make", "-n", "--no-print-directory", "play", "PLAYERS=2"],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    ).stdout
    command = clans.strip().splitlines()[-1]
    assert "-m terminal.clans " in command and "--players 2" in command and "alexandros" not in command


@pytest.mark.usefixtures("undrawn")
def test_a_german_game_speaks_german_from_the_first_line_to_the_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--lang de`: menus, reports, symbols, regions and the end in German, none of the English sentences;
    the commands in German too."""
    game = terminal(1, 3, 4, tmp_path, ["hilfe", "hand", "99", "xyz", "tax 0", "menü"], texts("de", "alexandros"))
    game.run()
    out = capsys.readouterr().out
    assert game.state.over
    for german in (
        "Gib die Nummer einer Option ein",
        "Es gibt jetzt keine Option 99; tippe menü",
        "Das ist weder die Nummer einer Option noch eine Aktion",
        "Das geht jetzt nicht",
        "Deine Hand:",
        "Du erhebst Steuern: Du +",
        "KI 2 (easy) zieht Alexander mit der",
        "Partie vorbei in Runde ",
        "SIEGER",
        "Steuereinnahmen",
        "Nachziehstapel",
        "Wächter",
        "  menü      die Optionen noch einmal",
        "Die englischen Befehlswörter gehen auch.",
    ):
        assert german in out, german
    assert any(region in out for region in ("Ägypten", "Makedonien", "Kleinasien", "Syrien", "Persien"))
    assert any(symbol in out for symbol in ("Tempel", "Amphore", "Pferd", "Leier", "Soldat"))
    for english in ("Game over", "moves Alexander", "Your hand", "tax income", "Type the number", "WINNER"):
        assert english not in out, english


def test_main_plays_in_italian_with_lang_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = iter(["help", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(lines))
    assert play_alexandros.main(["--lang", "it", "--seed", "5", "--ai", "easy", "--boards", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Alexandros, seme 5. Posti: Tu," in out
    assert "Scrivi il numero di un'opzione" in out and "Partita lasciata a metà." in out
    assert "Type the number" not in out and "Seats:" not in out


# --- the menu within a turn ------------------------------------------------------------------------------


def at_own_actions(seed: int, folder: Path, answers: list[str], wanted: Callable[[AlexandrosTerminal], bool]):  # type: ignore[no-untyped-def]
    """A one-human game played at random (by the engine) up to the human's actions where ``wanted`` holds;
    the terminal then reads ``answers`` one per prompt."""
    lines = iter(answers)

    def ask(prompt: str) -> str:
        print(prompt)
        return next(lines)

    game = AlexandrosTerminal(1, 2, "easy", seed, folder, ask, 1)
    state = game.state
    rng = random.Random(seed)
    while not state.over:
        if state.to_move == 0 and state.phase is Phase.ACTIONS and state.actions_left == 2:
            game.build_menu(0)
            if wanted(game):
                game.menu_ply = -1
                return game
        play(state, rng.choice(legal_actions(state)))
    raise AssertionError("no such position")


def listed_numbers(out: str) -> dict[str, int]:
    """The menu as printed: each option's description by its number."""
    return {m[2]: int(m[1]) for m in re.finditer(r"^ +(\d+)\) (.+)$", out, re.M)}


def test_an_option_keeps_its_number_within_a_turn_and_ending_early_asks_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Taking a card leaves every other option on its number: the same number again takes nothing else
    (here the other face-up card differs: no such option now), and ending the turn with an action left asks
    first; anything but yes goes on, yes ends it."""
    game = at_own_actions(
        3, tmp_path, [], lambda g: g.state.face_up[0] is not None and g.state.face_up[0] != g.state.face_up[1]
    )
    state = game.state
    card = game.number(TakeCard(0))
    end = game.number(EndTurn())
    answers = iter([str(card), str(card), str(end), "no", str(end), "yes"])
    game.ask = lambda prompt: (print(prompt), next(answers))[1]
    game.human_turn(0)
    first = listed_numbers(capsys.readouterr().out)
    assert state.hands[0] and state.actions_left == 1 and state.face_up[0] is None
    game.human_turn(0)  # the menu again, then the same number
    out = capsys.readouterr().out
    second = listed_numbers(out)
    assert "There is no option " + str(card) + " now" in out and state.actions_left == 1
    kept = {what: n for what, n in second.items() if what in first}
    assert len(kept) >= 3 and all(first[what] == n for what, n in kept.items())
    assert card not in second.values()
    ply = state.ply
    game.human_turn(0)
    out = capsys.readouterr().out
    assert "End the turn with 1 action unused? Type yes to end it" in out and "The turn goes on." in out
    assert state.ply == ply and state.to_move == 0 and state.actions_left == 1
    game.human_turn(0)
    assert state.to_move == 1 or state.over


def test_alike_face_up_cards_list_each_destination_and_card_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two alike face-up cards lead to the same places: each destination is listed once, as is taking one
    of them; the second card's form still plays."""
    game = AlexandrosTerminal(1, 2, "easy", 1, tmp_path, lambda prompt: "", 1)
    state = game.state
    face = state.face_up[0]
    assert face is not None
    other = state.supply.index(face)
    state.supply[other], state.face_up[1] = state.face_up[1], face  # type: ignore[call-overload]
    game.state.to_move = 0
    game.human_turn(0)
    out = capsys.readouterr().out
    moves = [a for a in legal_actions(state) if isinstance(a, MoveAlexander) and a.card != HAND]
    from_hand = [a for a in legal_actions(state) if isinstance(a, MoveAlexander) and a.card == HAND]
    places = {(a.symbol, a.space, a.point) for a in moves}
    shown = [line for line in out.splitlines() if re.match(r"^ +\d+\) ", line)]
    assert len(moves) == 2 * len(places) and len(shown) == len(places) + len(from_hand) == len(set(shown))
    assert not any(isinstance(a, MoveAlexander) and a.card == 1 for a in game.menu.values())
    second = next(a for a in moves if a.card == 1)
    game.ask = lambda prompt: second.text
    game.human_turn(0)
    assert state.phase is not Phase.MOVE and state.alexander_space == second.space


def test_occupations_earning_nothing_are_folded_at_the_end_and_still_playable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An occupation that raises no one's income and lowers no one's (two guards, a province without open
    spaces) is not listed: one entry says how many there are; `more` lists them with their numbers, after
    all the others, and such a number plays."""

    def both(game: AlexandrosTerminal) -> bool:
        return any(isinstance(a, Occupy) for a in game.listed) and len(game.folded) >= 2

    game = at_own_actions(5, tmp_path, ["menu", "more"], both)
    state = game.state
    folded = list(game.folded)
    assert all(isinstance(a, Occupy | TakeOver) for a in folded)
    game.human_turn(0)
    menu = capsys.readouterr().out
    numbers = listed_numbers(menu)
    assert f"more) {len(folded)} more occupations that earn nothing" in menu
    assert max(numbers.values()) < min(game.number(a) for a in folded)
    game.human_turn(0)
    more = listed_numbers(capsys.readouterr().out)
    assert sorted(more.values()) == sorted(game.number(a) for a in folded)
    assert not set(more) & set(numbers)
    chosen = folded[0]
    game.ask = lambda prompt: str(game.number(chosen))
    before = tax_income(state)
    game.human_turn(0)
    assert state.actions_left == 1 and all(state.guards[s] == 0 for s in chosen.guards)
    assert tax_income(state)[0] <= before[0]


# --- transcripts: the image of every action, who starts, the same seed, rounds that agree (issue 35) ----------


def test_every_action_prints_its_board_image_and_the_first_line_says_who_starts(against_ais: Played) -> None:
    game, first, out = against_ais.game, against_ais.first, against_ais.out
    lines = out.splitlines()
    assert lines[2] == ("You start." if first == "You" else f"{first} starts.")
    paths = re.findall(r"^  Board image: (\S+\.png)$", out, re.M)
    actions = [p for p in paths if not p.endswith("-choices.png")]
    assert len(actions) == game.state.ply + 1  # the setup, then one per action, AIs' included
    assert [Path(p).name for p in actions] == [f"action-{ply:03d}.png" for ply in range(game.state.ply + 1)]
    assert any(p.endswith("-choices.png") for p in paths), "the lettered destinations' board too"
    assert all(Path(p).is_file() for p in paths)


@pytest.mark.usefixtures("undrawn")
def test_the_same_seed_plays_the_same_game_the_ais_actions_included(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two AIs and a human who always takes option 1, for 12 prompts (then leaves): `SEED=` reproduces every line
    (the folder aside)."""
    transcripts = []
    for run in ("a", "b"):
        holder: list[AlexandrosTerminal] = []
        asked: list[str] = []

        def first_option(prompt: str, holder: list[AlexandrosTerminal] = holder, asked: list[str] = asked) -> str:
            print(prompt)
            asked.append(prompt)
            if len(asked) > 12:
                raise EOFError
            if "press enter" in prompt.lower():
                return ""
            game = holder[0]
            return str(game.number(game.listed[0]))

        game = AlexandrosTerminal(1, 3, "normal", 11, tmp_path / run, first_option)
        holder.append(game)
        game.run()
        transcripts.append(capsys.readouterr().out.replace(str(tmp_path / run), "FOLDER"))
    assert transcripts[0] == transcripts[1]
    assert transcripts[0].count("AI 2 (normal)") > 10


@pytest.mark.usefixtures("undrawn")
def test_the_prompts_and_the_end_count_the_same_rounds_in_every_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The prompt names the round in progress and the end the round the game ended in: the last prompt's round
    is the end's (the German prompt said "[Runde 21]" where the end said "nach 7 Runden")."""
    for lang, prompt, end in (
        ("en", r"\[round (\d+)\] ", r"Game over in round (\d+):"),
        ("de", r"\[Runde (\d+)\] ", r"Partie vorbei in Runde (\d+):"),
        ("it", r"\[giro (\d+)\] ", r"Partita finita al giro (\d+):"),
    ):
        game = terminal(1, 3, 4, tmp_path / lang, [], texts(lang, "alexandros"))
        game.run()
        out = capsys.readouterr().out
        rounds = [int(r) for r in re.findall(prompt, out)]
        (ended,) = [int(r) for r in re.findall(end, out)]
        assert rounds == sorted(rounds) and rounds[0] == 1
        assert ended in (rounds[-1], rounds[-1] + 1)  # the AIs may have played on into the next round
        state = game.state
        last_turn = state.turn if state.end_reason is EndReason.HUNDRED else state.turn - 1  # ended in it, or after
        assert ended == last_turn // state.players + 1, (ended, state.turn, state.end_reason)
