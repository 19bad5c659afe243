"""Play Alexandros in the terminal: you against AI players, or hot-seat with friends
(`make play GAME=alexandros`).

Every choice is a numbered menu (the action's text form, e.g. `occupy 12,15`, works too); each game saves
a board PNG after every action in its own folder, play-boards/game-<seed>-<time>/. The sentences live in
alexandros_words.py, one function each, so that they move into the text layer's catalogs as they are.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable
from pathlib import Path

import alexandros_words as w
from ai.alexandros import LEVELS, choose_action
from engine.alexandros import (
    HAND,
    Action,
    ChoosePath,
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
from play import CLEAR, game_folder
from render.alexandros import render_board


class AlexandrosTerminal:
    def __init__(
        self,
        humans: int,
        seats: int,
        ai_level: str,
        seed: int,
        boards: Path,
        ask: Callable[[str], str],
        ai_seed: int | None = None,
    ) -> None:
        self.state: GameState = new_game(seats, seed)
        self.seed = seed
        # The AIs' own randomness, never the setup seed (which would give away every hand).
        self.ai_seed = secrets.randbits(62) if ai_seed is None else ai_seed
        self.humans = set(range(humans))
        self.names = [w.human_name(s) if s in self.humans else w.ai_name(s, ai_level) for s in range(seats)]
        if humans == 1:
            self.names[0] = w.you()
        self.ai_level = ai_level
        self.boards = boards
        self.ask = ask
        self.hot_seat = humans > 1
        self.since_handover: list[str] = []
        self.last_human: int | None = None
        self.menu: list[Action] = []
        self.menu_ply = -1

    def say(self, line: str) -> None:
        """A public line: printed, and kept to show again after a hot-seat handover."""
        print(line)
        self.since_handover.append(line)

    def run(self) -> None:
        self.boards.mkdir(parents=True, exist_ok=True)
        print(w.intro(self.seed, self.names))
        print(w.boards_folder(str(self.boards)))
        self.save_board()
        while not self.state.over:
            seat = self.state.to_move
            if seat in self.humans:
                if not self.human_turn(seat):
                    print(w.unfinished())
                    return
            else:
                self.ai_turn(seat)
        self.finish()

    def handover(self, seat: int) -> None:
        """Hot seat: hands are secret, so a new player at the keyboard gets a clear screen first."""
        if self.hot_seat and self.last_human is not None and self.last_human != seat:
            print(CLEAR, end="", flush=True)
            self.ask(w.handover(self.names[seat]))
            for line in self.since_handover:
                print(line)
        if self.last_human != seat:
            self.since_handover = []
        self.last_human = seat

    def human_turn(self, seat: int) -> bool:
        try:
            self.handover(seat)
        except EOFError:
            return False
        if self.menu_ply != self.state.ply:
            self.menu = legal_actions(self.state)
            self.menu_ply = self.state.ply
            self.show_decision(seat)
        try:
            line = self.ask(w.prompt(self.state.turn + 1, self.names[seat])).strip()
        except EOFError:
            return False
        command = line.lower()
        if not command:
            return True
        if command in ("quit", "exit"):
            return False
        if command == "help":
            print(w.help_text())
        elif command in ("menu", "options"):
            self.show_menu(seat)
        elif command == "status":
            self.print_status(seat)
        elif command == "hand":
            print(w.your_hand(self.state.hands[seat]))
        elif command.isdigit():
            number = int(command)
            if 1 <= number <= len(self.menu):
                self.apply(self.menu[number - 1], seat)
            else:
                print(w.no_such_option(number, len(self.menu)))
        else:
            try:
                self.apply(parse_action(line), seat)
            except IllegalAction as error:
                print(w.illegal(error.code.value, error.facts))
        return True

    def show_decision(self, seat: int) -> None:
        self.print_status(seat)
        self.show_menu(seat)

    def show_menu(self, seat: int) -> None:
        state = self.state
        print(w.decision(state.phase.value, state.actions_left))
        if state.phase is Phase.MOVE:
            # The board shows each destination point with its letter; the menu names the letters.
            letters = self.point_letters()
            self.save_board(targets=[(letter, point) for point, letter in letters.items()], suffix="-choices")
        for number, action in enumerate(self.menu, 1):
            print(f"  {number:>2}) {self.describe(action, seat)}")

    def point_letters(self) -> dict[int, str]:
        points = sorted({a.point for a in self.menu if isinstance(a, MoveAlexander)})
        return {p: w.point_letter(i) for i, p in enumerate(points)}

    def describe(self, action: Action, seat: int) -> str:
        state = self.state
        board = state.board
        if isinstance(action, MoveAlexander):
            face = state.face_up[action.card] if action.card != HAND else None
            distance = point_distances(board, state.alexander_point)[action.point]
            return w.option_move(
                action.card == HAND,
                action.symbol.label,
                face is not None and face != action.symbol,
                self.point_letters()[action.point],
                board.region[action.space],
                action.space,
                distance,
            )
        if isinstance(action, ChoosePath):
            effect = wall_effect(state, action.walls)
            parts = [
                w.division(d.region, [(p.open_spaces, self.owner_name(p.owner)) for p in d.parts])
                for d in effect.divisions
            ]
            return w.option_path(len(action.walls), parts, effect.income_before[seat], effect.income_after[seat])
        if isinstance(action, TakeCard):
            card = state.face_up[action.slot] if action.slot in (0, 1) else None
            return w.option_take(card.label if card is not None else None)
        if isinstance(action, Occupy | TakeOver):
            spaces = province_spaces(state, action.guards[0])
            cost = [c.label for c in occupation_cost(state, action.guards)]
            after = state.copy()
            for s in spaces:
                after.guards[s] = -1
            for s in action.guards:
                after.guards[s] = seat
            income = tax_income(after)[seat]
            region = board.region[action.guards[0]]
            if isinstance(action, TakeOver):
                loser = next(state.guards[s] for s in spaces if state.guards[s] >= 0)
                return w.option_take_over(region, self.names[loser], list(action.guards), cost, income)
            return w.option_occupy(region, list(action.guards), cost, income)
        if isinstance(action, Tax):
            symbol = board.symbol[action.space]
            assert symbol is not None
            gains = tax_income(state)
            return w.option_tax(symbol.label, action.space, [(self.names[s], gains[s]) for s in range(state.players)])
        if isinstance(action, TakeBack):
            return w.option_take_back(action.space, board.region[action.space])
        if isinstance(action, Give):
            return w.option_give(self.names[state.give_to], [c.label for c in action.cards])
        return w.option_end_turn()

    def owner_name(self, seat: int) -> str | None:
        return self.names[seat] if seat >= 0 else None

    def ai_turn(self, seat: int) -> None:
        action = choose_action(self.ai_level, private_view(self.state, seat), self.ai_seed)
        self.apply(action, seat)

    def apply(self, action: Action, seat: int) -> None:
        before = self.state.copy()
        play(self.state, action, seat)
        self.report(before, action, seat)
        self.save_board()

    def report(self, before: GameState, action: Action, seat: int) -> None:
        """What everybody may know about the action: never the card drawn from the supply."""
        name = self.names[seat]
        state = self.state
        board = state.board
        built = (before.black_left + before.red_left) - (state.black_left + state.red_left)
        if isinstance(action, MoveAlexander):
            self.say(w.moved(name, action.card == HAND, action.symbol.label, board.region[action.space], action.space))
            if state.phase is not Phase.PATH:
                self.say(w.walls_built(built, state.black_left, state.red_left))
        elif isinstance(action, ChoosePath):
            self.say(w.walls_built(built, state.black_left, state.red_left))
        elif isinstance(action, TakeCard):
            card = before.face_up[action.slot] if action.slot in (0, 1) else None
            self.say(w.took(name, card.label if card is not None else None))
        elif isinstance(action, Occupy | TakeOver):
            cost = [c.label for c in occupation_cost(before, action.guards)]
            region = board.region[action.guards[0]]
            if isinstance(action, TakeOver):
                loser = next(
                    before.guards[s] for s in province_spaces(before, action.guards[0]) if before.guards[s] >= 0
                )
                self.say(w.took_over(name, region, self.names[loser], len(action.guards), cost))
            else:
                self.say(w.occupied(name, region, len(action.guards), cost))
        elif isinstance(action, Give):
            self.say(w.gave(name, self.names[before.give_to], [c.label for c in action.cards]))
        elif isinstance(action, Tax):
            gains = [(self.names[s], state.scores[s] - before.scores[s]) for s in range(state.players)]
            self.say(w.levied(name, gains))
        elif isinstance(action, TakeBack):
            self.say(w.took_back(name, action.space, board.region[action.space]))
        else:
            self.say(w.ended_turn(name))
        if before.to_move != state.to_move and not state.over:
            self.say(w.next_player(self.names[state.to_move]))

    def print_status(self, seat: int) -> None:
        s = self.state
        income = tax_income(s)
        for other in range(s.players):
            print(
                w.status_line(
                    self.names[other], s.scores[other], income[other], s.guards_left[other], sum(s.hands[other])
                )
            )
        print(w.table([card.label if card is not None else None for card in s.face_up]))
        print(w.walls_left(s.black_left, s.red_left, len(s.supply)))
        print(w.your_hand(s.hands[seat]))

    def save_board(self, targets: list[tuple[str, int]] | None = None, suffix: str = "") -> Path:
        view = public_view(self.state)
        png = render_board(view, self.names, targets=targets or ())
        path = self.boards / f"action-{view.ply:03d}{suffix}.png"
        path.write_bytes(png)
        return path

    def finish(self) -> None:
        outcome = result(self.state)
        assert outcome is not None
        print(w.game_over(outcome.reason.value, outcome.rounds))
        for seat in sorted(range(len(self.names)), key=lambda s: -outcome.scores[s]):
            print(w.final_line(self.names[seat], outcome.scores[seat], seat in outcome.winners))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1, help="human players: 1 = you against AIs, 2-4 = hot-seat")
    parser.add_argument("--seats", type=int, default=None, help="seats in all, 2-4 (default: 3 with one human)")
    parser.add_argument("--ai", choices=LEVELS, default="normal", help="level of the AI players")
    parser.add_argument("--seed", type=int, default=None, help="seed of the game (default: random)")
    parser.add_argument("--lang", default=None, help="language (the Alexandros terminal game speaks English so far)")
    parser.add_argument(
        "--boards", type=Path, default=Path("play-boards"), help="each game saves its boards in a folder in here"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.players <= 4:
        parser.error("--players must be 1 to 4")
    seats = args.seats if args.seats is not None else max(args.players, 3 if args.players == 1 else 2)
    if not 2 <= seats <= 4 or seats < args.players:
        parser.error("--seats must be 2 to 4, and at least --players")
    seed = args.seed if args.seed is not None else secrets.randbits(31)
    try:
        AlexandrosTerminal(args.players, seats, args.ai, seed, game_folder(args.boards, seed), input).run()
    except KeyboardInterrupt:
        print("\n" + w.unfinished())
    return 0


if __name__ == "__main__":
    sys.exit(main())
