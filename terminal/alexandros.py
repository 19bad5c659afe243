"""Play Alexandros in the terminal: you against AI players, or hot-seat with friends
(`make play GAME=alexandros`).

Every choice is a numbered menu (the action's text form, e.g. `occupy 12,15`, works too). Within a turn an
option keeps its number from one step to the next; options with the same result (two alike face-up cards)
are listed once, and occupations that earn nothing are folded under one entry at the end. Ending the turn
with actions left asks first. Each game saves a board PNG after every action in its own folder,
play-boards/game-<seed>-<time>/, and prints its path; the same seed gives the same game, the AIs' actions
included. The sentences are alexandros_words.py's, in English, German or Italian
(`--lang`, default: the locale's when it has a catalog, else English).
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Callable, Hashable
from pathlib import Path

import texts.alexandros.terminal as w
from ai.alexandros import AI_LEVELS, choose_action
from engine.alexandros import (
    HAND,
    Action,
    ChoosePath,
    EndTurn,
    GameState,
    Give,
    IllegalAction,
    MoveAlexander,
    Occupy,
    Phase,
    TakeBack,
    TakeCard,
    TakeOver,
    Tax,
    legal_actions,
    new_game,
    occupation_cost,
    parse_action,
    play,
    point_distances,
    private_view,
    province_spaces,
    public_view,
    result,
    tax_income,
    wall_effect,
)
from render.alexandros import render_board
from terminal.hotseat import HotSeatGame, ai_seed_of, command_word, game_folder, game_language, is_yes, read_command
from texts import Texts, texts
from texts.alexandros.names import region_name, symbol_name

COMMANDS = ("menu", "more", "status", "hand", "help", "quit")
"""The terminal's commands here, by their English words (each also in the player's language)."""


class AlexandrosTerminal(HotSeatGame):
    def __init__(
        self,
        humans: int,
        seats: int,
        ai_level: str,
        seed: int,
        boards: Path,
        ask: Callable[[str], str],
        ai_seed: int | None = None,
        t: Texts | None = None,
    ) -> None:
        super().__init__(ask, set(range(humans)))
        self.t = t or texts("en", "alexandros")
        self.state: GameState = new_game(seats, seed)
        self.seed = seed
        # The AIs' own randomness, never the setup seed (which would give away every hand), drawn from it one way:
        # the same seed gives the same game, the AIs' actions included.
        self.ai_seed = ai_seed_of("alexandros", seed) if ai_seed is None else ai_seed
        self.round_now = 1
        """The round in progress (1-based), as the prompt shows it; the end names the round the game ended in."""
        self.names = [
            w.human_name(self.t, s) if s in self.humans else w.ai_name(self.t, s, ai_level) for s in range(seats)
        ]
        # With one human, that player is "you": the messages about them are worded for "you".
        self.you = 0 if humans == 1 else None
        if self.you is not None:
            self.names[self.you] = w.you(self.t)
        self.ai_level = ai_level
        self.boards = boards
        self.menu: dict[int, Action] = {}
        """The options now, by their number: the listed ones and the folded ones."""
        self.listed: list[Action] = []
        self.folded: list[Action] = []
        self.menu_ply = -1
        self.keys: dict[str, dict[Hashable, int]] = {}
        """This turn's numbers, per kind of decision, by what an option does: kept from step to step."""
        self.keys_turn = -1

    def run(self) -> None:
        self.boards.mkdir(parents=True, exist_ok=True)
        print(w.intro(self.t, self.seed, self.names, command_word(self.t, "help")))
        print(w.boards_folder(self.t, str(self.boards)))
        first = self.state.to_move
        print(w.starts(self.t, self.names[first], first == self.you))
        print(w.board_image(self.t, str(self.save_board())))
        if not self.play_turns():
            print(w.unfinished(self.t))
            return
        self.finish()

    def turns(self) -> GameState:
        return self.state

    def handover_prompt(self, seat: int) -> str:
        return w.handover(self.t, self.names[seat])

    def human_turn(self, seat: int) -> bool:
        try:
            self.handover(seat)
        except EOFError:
            return False
        if self.menu_ply != self.state.ply:
            self.build_menu(seat)
            self.show_decision(seat)
        try:
            line = self.ask(w.prompt(self.t, self.state.round + 1, self.names[seat])).strip()
        except EOFError:
            return False
        if not line:
            return True
        command = read_command(self.t, line, COMMANDS) or line.lower()
        if command == "quit":
            return False
        if command == "help":
            print(w.help_text(self.t, {name: command_word(self.t, name) for name in COMMANDS}))
        elif command == "menu":
            self.show_menu(seat)
        elif command == "more":
            self.show_folded(seat)
        elif command == "status":
            self.print_status(seat)
        elif command == "hand":
            print(w.your_hand(self.t, self.state.hands[seat]))
        elif command.isdigit():
            action = self.menu.get(int(command))
            if action is None:
                print(w.no_such_option(self.t, int(command), command_word(self.t, "menu")))
            else:
                return self.choose(action, seat)
        else:
            try:
                return self.choose(parse_action(line), seat)
            except IllegalAction as error:
                print(w.illegal(self.t, error, command_word(self.t, "help")))
        return True

    def choose(self, action: Action, seat: int) -> bool:
        """Play ``action``; ending the turn with actions left asks first. False when input ran out."""
        if isinstance(action, EndTurn) and self.state.phase is Phase.ACTIONS and self.state.actions_left > 0:
            try:
                answer = self.ask(w.confirm_end_turn(self.t, self.state.actions_left))
            except EOFError:
                return False
            if not is_yes(self.t, answer):
                print(w.turn_goes_on(self.t))
                return True
        self.apply(action, seat)
        return True

    def same_result(self, action: Action) -> Hashable:
        """What an option does, so that two ways to the same result are one option with one number: either of
        two alike face-up cards, and a levy paid with either of two guards' alike symbols."""
        state = self.state
        if isinstance(action, MoveAlexander) and action.card != HAND:
            return ("move", state.face_up[action.card], action.symbol, action.space, action.point)
        if isinstance(action, TakeCard) and action.slot in (0, 1):
            return ("take", state.face_up[action.slot])
        if isinstance(action, Tax):
            return ("tax", state.board.symbol[action.space])
        return action

    def earns_nothing(self, action: Action, seat: int) -> bool:
        """An occupation or take-over that neither raises the player's tax income nor lowers anyone else's."""
        if not isinstance(action, Occupy | TakeOver):
            return False
        before = tax_income(self.state)
        after = tax_income(self.occupied(action, seat))
        return after[seat] <= before[seat] and all(
            after[s] >= before[s] for s in range(self.state.players) if s != seat
        )

    def occupied(self, action: Occupy | TakeOver, seat: int) -> GameState:
        after = self.state.copy()
        for s in province_spaces(after, action.guards[0]):
            after.guards[s] = -1
        for s in action.guards:
            after.guards[s] = seat
        return after

    def build_menu(self, seat: int) -> None:
        """The options now, numbered: one per result, those earning nothing folded at the end. A number once
        given in this turn stays with what it does, so a number typed twice never turns into another option."""
        state = self.state
        if self.keys_turn != state.turn:
            self.keys = {}
            self.keys_turn = state.turn
        keys = self.keys.setdefault(state.phase.value, {})
        seen: set[Hashable] = set()
        self.listed, self.folded = [], []
        for action in legal_actions(state):
            same = self.same_result(action)
            if same in seen:
                continue
            seen.add(same)
            (self.folded if self.earns_nothing(action, seat) else self.listed).append(action)
        self.menu = {}
        for action in self.listed + self.folded:
            same = self.same_result(action)
            if same not in keys:
                keys[same] = max(keys.values(), default=0) + 1
            self.menu[keys[same]] = action
        self.menu_ply = state.ply

    def number(self, action: Action) -> int:
        return self.keys[self.state.phase.value][self.same_result(action)]

    def show_decision(self, seat: int) -> None:
        self.print_status(seat)
        self.show_menu(seat)

    def show_menu(self, seat: int) -> None:
        state = self.state
        print(w.decision(self.t, state.phase.value, state.actions_left))
        if state.phase is Phase.MOVE:
            # The board shows each destination point with its letter; the menu names the letters.
            letters = self.point_letters()
            targets = [(letter, point) for point, letter in letters.items()]
            print(w.board_image(self.t, str(self.save_board(targets=targets, suffix="-choices"))))
        for action in self.listed:
            print(f"  {self.number(action):>2}) {self.describe(action, seat)}")
        if self.folded:
            print(w.folded(self.t, len(self.folded), command_word(self.t, "more")))

    def show_folded(self, seat: int) -> None:
        if not self.folded:
            print(w.nothing_folded(self.t))
        for action in self.folded:
            print(f"  {self.number(action):>2}) {self.describe(action, seat)}")

    def point_letters(self) -> dict[int, str]:
        points = sorted({a.point for a in self.listed + self.folded if isinstance(a, MoveAlexander)})
        return {p: w.point_letter(i) for i, p in enumerate(points)}

    def describe(self, action: Action, seat: int) -> str:
        t = self.t
        state = self.state
        board = state.board
        if isinstance(action, MoveAlexander):
            face = state.face_up[action.card] if action.card != HAND else None
            distance = point_distances(board, state.alexander_point)[action.point]
            return w.option_move(
                t,
                action.card == HAND,
                symbol_name(t, action.symbol),
                face is not None and face != action.symbol,
                self.point_letters()[action.point],
                region_name(t, board.region[action.space]),
                action.space,
                distance,
            )
        if isinstance(action, ChoosePath):
            effect = wall_effect(state, action.walls)
            parts = [
                w.division(
                    t,
                    region_name(t, d.region),
                    [(p.open_spaces, self.owner_name(p.owner), p.owner >= 0 and p.owner == self.you) for p in d.parts],
                )
                for d in effect.divisions
            ]
            return w.option_path(t, len(action.walls), parts, effect.income_before[seat], effect.income_after[seat])
        if isinstance(action, TakeCard):
            card = state.face_up[action.slot] if action.slot in (0, 1) else None
            return w.option_take(t, symbol_name(t, card) if card is not None else None)
        if isinstance(action, Occupy | TakeOver):
            spaces = province_spaces(state, action.guards[0])
            cost = w.symbols(t, occupation_cost(state, action.guards))
            income = tax_income(self.occupied(action, seat))[seat]
            region = region_name(t, board.region[action.guards[0]])
            if isinstance(action, TakeOver):
                loser = next(state.guards[s] for s in spaces if state.guards[s] >= 0)
                return w.option_take_over(t, region, self.names[loser], list(action.guards), cost, income)
            return w.option_occupy(t, region, list(action.guards), cost, income)
        if isinstance(action, Tax):
            symbol = board.symbol[action.space]
            assert symbol is not None
            gains = tax_income(state)
            return w.option_tax(
                t, symbol_name(t, symbol), action.space, [(self.names[s], gains[s]) for s in range(state.players)]
            )
        if isinstance(action, TakeBack):
            return w.option_take_back(t, action.space, region_name(t, board.region[action.space]))
        if isinstance(action, Give):
            return w.option_give(t, self.names[state.give_to], w.symbols(t, action.cards))
        return w.option_end_turn(t)

    def owner_name(self, seat: int) -> str | None:
        return self.names[seat] if seat >= 0 else None

    def ai_turn(self, seat: int) -> None:
        action = choose_action(self.ai_level, private_view(self.state, seat), self.ai_seed)
        self.apply(action, seat)

    def apply(self, action: Action, seat: int) -> None:
        before = self.state.copy()
        self.round_now = self.state.round + 1
        play(self.state, action, seat)
        self.report(before, action, seat)
        self.say(w.board_image(self.t, str(self.save_board())))

    def report(self, before: GameState, action: Action, seat: int) -> None:
        """What everybody may know about the action: never the card drawn from the supply."""
        t = self.t
        name = self.names[seat]
        you = seat == self.you
        state = self.state
        board = state.board
        built = (before.black_left + before.red_left) - (state.black_left + state.red_left)
        if isinstance(action, MoveAlexander):
            self.say(
                w.moved(
                    t,
                    name,
                    you,
                    action.card == HAND,
                    symbol_name(t, action.symbol),
                    region_name(t, board.region[action.space]),
                    action.space,
                )
            )
            if state.phase is not Phase.PATH:
                self.say(w.walls_built(t, built, state.black_left, state.red_left))
        elif isinstance(action, ChoosePath):
            self.say(w.walls_built(t, built, state.black_left, state.red_left))
        elif isinstance(action, TakeCard):
            card = before.face_up[action.slot] if action.slot in (0, 1) else None
            self.say(w.took(t, name, you, symbol_name(t, card) if card is not None else None))
        elif isinstance(action, Occupy | TakeOver):
            cost = w.symbols(t, occupation_cost(before, action.guards))
            region = region_name(t, board.region[action.guards[0]])
            if isinstance(action, TakeOver):
                loser = next(
                    before.guards[s] for s in province_spaces(before, action.guards[0]) if before.guards[s] >= 0
                )
                who = "taker" if you else "loser" if loser == self.you else "other"
                self.say(w.took_over(t, name, self.names[loser], who, region, len(action.guards), cost))
            else:
                self.say(w.occupied(t, name, you, region, len(action.guards), cost))
        elif isinstance(action, Give):
            who = "giver" if you else "taker" if before.give_to == self.you else "other"
            self.say(w.gave(t, name, self.names[before.give_to], who, w.symbols(t, action.cards)))
        elif isinstance(action, Tax):
            gains = [(self.names[s], state.scores[s] - before.scores[s]) for s in range(state.players)]
            self.say(w.levied(t, name, you, gains))
        elif isinstance(action, TakeBack):
            self.say(w.took_back(t, name, you, action.space, region_name(t, board.region[action.space])))
        else:
            self.say(w.ended_turn(t, name, you))
        if before.to_move != state.to_move and not state.over:
            self.say(w.next_player(t, self.names[state.to_move], state.to_move == self.you))

    def print_status(self, seat: int) -> None:
        s = self.state
        income = tax_income(s)
        for other in range(s.players):
            print(
                w.status_line(
                    self.t, self.names[other], s.scores[other], income[other], s.guards_left[other], sum(s.hands[other])
                )
            )
        print(w.table(self.t, [symbol_name(self.t, card) if card is not None else None for card in s.face_up]))
        print(w.walls_left(self.t, s.black_left, s.red_left, len(s.supply)))
        print(w.your_hand(self.t, s.hands[seat]))

    def save_board(self, targets: list[tuple[str, int]] | None = None, suffix: str = "") -> Path:
        view = public_view(self.state)
        png = render_board(view, self.names, targets=targets or (), t=self.t)
        path = self.boards / f"action-{view.ply:03d}{suffix}.png"
        path.write_bytes(png)
        return path

    def finish(self) -> None:
        outcome = result(self.state)
        assert outcome is not None
        print(w.game_over(self.t, outcome.reason, self.round_now))
        for seat in sorted(range(len(self.names)), key=lambda s: -outcome.scores[s]):
            print(w.final_line(self.t, self.names[seat], outcome.scores[seat], seat in outcome.winners))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1, help="human players: 1 = you against AIs, 2-4 = hot-seat")
    parser.add_argument("--seats", type=int, default=None, help="seats in all, 2-4 (default: 3 with one human)")
    parser.add_argument("--ai", choices=AI_LEVELS, default="normal", help="level of the AI players")
    parser.add_argument("--seed", type=int, default=None, help="seed of the game (default: random)")
    parser.add_argument(
        "--lang", default=None, help="language: en, de or it (default: the locale's when it has one, else English)"
    )
    parser.add_argument(
        "--boards", type=Path, default=Path("play-boards"), help="each game saves its boards in a folder in here"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.players <= 4:
        parser.error("--players must be 1 to 4")
    seats = args.seats if args.seats is not None else max(args.players, 3 if args.players == 1 else 2)
    if not 2 <= seats <= 4 or seats < args.players:
        parser.error("--seats must be 2 to 4, and at least --players")
    t = texts(game_language(parser, args.lang, os.environ), "alexandros")
    seed = args.seed if args.seed is not None else secrets.randbits(31)
    folder = game_folder(args.boards, seed)
    try:
        AlexandrosTerminal(args.players, seats, args.ai, seed, folder, input, t=t).run()
    except KeyboardInterrupt:
        print("\n" + w.unfinished(t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
