"""Play Clans in the terminal: you against AI players, or hot-seat with friends (`make play`).

The same commands as in Discord (`move 23 24`); the board PNG is saved after every move.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable
from pathlib import Path

from ai import AI_LEVELS, DEFAULT_BUDGET_S, DEFAULT_ROLLOUTS, choose_action
from engine import (
    Action,
    Clan,
    GameState,
    IllegalMove,
    Move,
    Outcome,
    Phase,
    legal_moves,
    new_game,
    order_choices,
    play,
    public_view,
)
from render import render_board, render_final
from service.describe import epoch_line, epoch_terms, village_line

HELP = """Commands:
  move 23 24     move all huts of territory 23 onto its neighbour 24 (also: 23 24, 23-24)
  village 23     while ordering the villages your move founded: found 23 next
  moves          list the legal moves        board   list the territories with huts
  status         epoch, scores, chips        clan    show your secret clan again
  help           this text                   quit    leave the game"""


def plain(text: str) -> str:
    return text.replace("**", "")


class TerminalGame:
    def __init__(self, humans: int, ai_level: str, seed: int, boards: Path, ask: Callable[[str], str]) -> None:
        players = humans if humans >= 2 else 4
        self.state: GameState = new_game(players, seed)
        self.seed = seed
        self.ai_seed = secrets.randbits(62)
        self.start = public_view(self.state)
        self.history: list[Action] = []
        self.humans = set(range(humans if humans >= 2 else 1))
        self.names = [f"Player {s + 1}" if s in self.humans else f"AI {s + 1} ({ai_level})" for s in range(players)]
        if humans < 2:
            self.names[0] = "You"
        self.ai_level = ai_level
        self.boards = boards
        self.ask = ask

    def run(self) -> None:
        self.boards.mkdir(parents=True, exist_ok=True)
        print(f"Clans, seed {self.seed}. Seats: {', '.join(self.names)}. Type 'help' for the commands.")
        if len(self.humans) == 1:
            print(f"Your secret clan: {self.state.clans[0].label.upper()}. Score for it without giving it away.")
        else:
            for seat in sorted(self.humans):
                self.ask(f"{self.names[seat]}, press Enter to see your clan (everybody else looks away) ")
                self.ask(f"Your clan is {self.state.clans[seat].label.upper()}. Press Enter to hide it ")
                print("\n" * 40)
        self.save_board()
        while not self.state.over:
            seat = self.state.to_move
            if seat in self.humans:
                if not self.human_turn(seat):
                    print("Game left unfinished.")
                    return
            else:
                self.ai_turn(seat)
        self.finish()

    def human_turn(self, seat: int) -> bool:
        if self.state.phase is Phase.ORDER:
            print(f"{self.names[seat]}: your move founds several villages; choose which comes next:")
            for v in order_choices(public_view(self.state)):
                print(f"  village {v.territory}: {v.terrain.label}, epoch {v.epoch}, worth {v.value}")
        try:
            line = self.ask(f"[move {self.state.turn + 1}] {self.names[seat]}> ").strip()
        except EOFError:
            return False
        words = line.lower().split()
        if not words:
            return True
        command, args = words[0], " ".join(words[1:])
        if command in ("quit", "exit"):
            return False
        if command == "help":
            print(HELP)
        elif command == "moves":
            print(" ".join(m.text for m in legal_moves(self.state)))
        elif command == "board":
            self.print_board()
        elif command == "status":
            self.print_status()
        elif command == "clan":
            print(f"Your clan: {self.state.clans[seat].label.upper()}")
        elif command in ("move", "village", "v") or command[0].isdigit():
            text = line if command[0].isdigit() else (f"v{args}" if command in ("village", "v") else args)
            try:
                self.apply(Move.parse(text), seat)
            except IllegalMove as error:
                print(f"  {error}")
        else:
            print("  Unknown command; type 'help'.")
        return True

    def ai_turn(self, seat: int) -> None:
        clan = self.state.clans[seat]
        # The AI's own randomness, never the setup seed (which would rebuild every player's clan).
        move = choose_action(
            self.ai_level,
            self.start,
            self.history,
            seat,
            clan,
            self.ai_seed,
            DEFAULT_BUDGET_S,
            iterations=DEFAULT_ROLLOUTS,
        )
        self.apply(move, seat)

    def apply(self, move: Move, seat: int) -> None:
        outcome = play(self.state, move, seat=seat)
        self.history.append(move)
        self.report(outcome, seat)
        self.save_board()

    def report(self, outcome: Outcome, seat: int) -> None:
        move = outcome.move
        assert isinstance(move, Move)
        verb = f"founds village {move.src} next" if move.is_village_choice else f"moves {move.src} -> {move.dst}"
        print(f"{self.names[seat]} {verb}")
        for village in outcome.villages:
            print("  " + plain(village_line(village)))
        for epoch in outcome.epochs_entered:
            print("  " + plain(epoch_line(self.state.chart, epoch)))

    def print_board(self) -> None:
        board = self.state.board
        for t in range(1, board.size + 1):
            huts = self.state.huts[t]
            if not sum(huts):
                continue
            groups = " ".join(f"{'RBGYK'[c]}{n}" for c, n in enumerate(huts) if n)
            around = " ".join(str(n) for n in board.neighbours[t] if self.state.counts[n])
            village = " village" if any(v.territory == t for v in self.state.villages) else ""
            print(f"  {t:>2} {board.terrain[t].label:<9} {groups:<18}{village} {'-> ' + around if around else ''}")

    def print_status(self) -> None:
        s = self.state
        print(f"  Epoch {s.epoch}: {plain(epoch_terms(s.chart, s.epoch))}; {s.chips_left} village chips left")
        print("  Clan scores: " + "  ".join(f"{c.label} {n}" for c, n in zip(Clan, s.scores, strict=True)))
        print("  Chips: " + ", ".join(f"{n} {c}" for n, c in zip(self.names, s.chips, strict=True)))

    def save_board(self) -> None:
        view = public_view(self.state)
        png = render_final(view, self.names) if view.over else render_board(view, self.names)
        path = self.boards / f"move-{self.state.turn:03d}.png"
        path.write_bytes(png)
        print(f"  (board saved to {path})")

    def finish(self) -> None:
        result = public_view(self.state).result
        assert result is not None
        print(f"Game over: {result.reason.value}.")
        for seat in sorted(range(len(self.names)), key=lambda s: -result.totals[s]):
            clan = result.clans[seat]
            crown = "  WINNER" if seat in result.winners else ""
            print(
                f"  {self.names[seat]:<16} {clan.label:<7} {result.clan_scores[clan]:>3} + "
                f"{result.chips[seat]} chips = {result.totals[seat]}{crown}"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1, help="human players: 1 = you against 3 AIs, 2-4 = hot-seat")
    parser.add_argument("--ai", choices=AI_LEVELS, default="normal", help="level of the AI players")
    parser.add_argument("--seed", type=int, default=None, help="seed of the game (default: random)")
    parser.add_argument("--boards", type=Path, default=Path("play-boards"), help="where board PNGs are saved")
    args = parser.parse_args(argv)
    if not 1 <= args.players <= 4:
        parser.error("--players must be 1 to 4")
    seed = args.seed if args.seed is not None else secrets.randbits(31)
    try:
        TerminalGame(args.players, args.ai, seed, args.boards, input).run()
    except KeyboardInterrupt:
        print("\nGame left unfinished.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
