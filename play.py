"""Play Clans in the terminal: you against AI players, or hot-seat with friends (`make play`).

The same commands as in Discord (`move 23 24`); each game saves a board PNG after every action in its
own folder, play-boards/game-<seed>-<time>/.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from ai.clans import AI_LEVELS, DEFAULT_BUDGET_S, DEFAULT_ROLLOUTS, choose_action, clan_beliefs
from engine.clans import (
    Action,
    Clan,
    GameState,
    IllegalMove,
    Move,
    Outcome,
    Phase,
    legal_moves,
    new_game,
    order_consequences,
    play,
    public_view,
)
from render.clans import render_board, render_final
from texts import N_, Texts, resolve, texts
from texts.game import chips, epoch_line, epoch_terms, village_line
from texts.reasons import end_reason, illegal
from texts.terms import clan_name, terrain_name

CLEAR = "\033[H\033[2J\033[3J"
"""Home, clear the screen, and clear the scrollback: on a hot-seat handover no clan stays visible."""

HELP = N_("""Commands:
  move 23 24     move all huts of territory 23 onto its neighbour 24 (also: 23 24, 23-24)
  village 23     while ordering the villages your move founded: found 23 next
  moves          list the legal moves        board   list the territories with huts
  status         epoch, scores, chips        clan    show your secret clan again
  help           this text                   quit    leave the game""")


def plain(text: str) -> str:
    return text.replace("**", "")


class TerminalGame:
    def __init__(
        self,
        humans: int,
        ai_level: str,
        seed: int,
        boards: Path,
        ask: Callable[[str], str],
        t: Texts | None = None,
    ) -> None:
        self.t = t or texts("en")
        players = humans if humans >= 2 else 4
        self.state: GameState = new_game(players, seed)
        self.seed = seed
        self.ai_seed = secrets.randbits(62)
        self.start = public_view(self.state)
        self.history: list[Action] = []
        self.humans = set(range(humans if humans >= 2 else 1))
        self.names = [
            self.t._("Player {number}", number=s + 1)
            if s in self.humans
            else self.t._("AI {number} ({level})", number=s + 1, level=ai_level)
            for s in range(players)
        ]
        if humans < 2:
            self.names[0] = self.t._("You")
        self.ai_level = ai_level
        self.boards = boards
        self.ask = ask
        self.hot_seat = len(self.humans) > 1
        self.since_handover: list[str] = []
        """What happened since the last human's turn: shown again after the screen is cleared."""
        self.last_human: int | None = None

    def say(self, line: str) -> None:
        """A public line about the game: printed, and kept to show again after a handover."""
        print(line)
        self.since_handover.append(line)

    def run(self) -> None:
        t = self.t
        self.boards.mkdir(parents=True, exist_ok=True)
        print(
            t._(
                "Clans, seed {seed}. Seats: {players}. Type 'help' for the commands.",
                seed=self.seed,
                players=t.listing(self.names),
            )
        )
        print(t._("A board image is saved after every action in {folder}/", folder=self.boards))
        if len(self.humans) == 1:
            clan = clan_name(t, self.state.clans[0]).upper()
            print(t._("Your secret clan: {clan}. Score for it without giving it away.", clan=clan))
        else:
            for seat in sorted(self.humans):
                self.ask(
                    t._("{player}, press Enter to see your clan (everybody else looks away) ", player=self.names[seat])
                )
                clan = clan_name(t, self.state.clans[seat]).upper()
                self.ask(t._("Your clan is {clan}. Press Enter to hide it ", clan=clan))
                print(CLEAR, end="", flush=True)
        self.save_board()
        while not self.state.over:
            seat = self.state.to_move
            if seat in self.humans:
                if not self.human_turn(seat):
                    print(t._("Game left unfinished."))
                    return
            else:
                self.ai_turn(seat)
        self.finish()

    def handover(self, seat: int) -> None:
        """Hot seat: when another human takes over, clear everything, then show what happened since."""
        if self.hot_seat and self.last_human is not None and self.last_human != seat:
            print(CLEAR, end="", flush=True)
            self.ask(self.t._("{player}'s turn: press Enter when only {player} is looking ", player=self.names[seat]))
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
        t = self.t
        if self.state.phase is Phase.ORDER:
            print(t._("{player}: your move founds several villages; choose which comes next:", player=self.names[seat]))
            for option in order_consequences(public_view(self.state)):
                outcome = ", ".join(
                    t._(
                        "{territory} epoch {epoch} {worth}",
                        territory=v.territory,
                        epoch=v.epoch,
                        worth=t._("razed") if v.destroyed else t._("worth {value}", value=v.value),
                    )
                    for v in option.villages
                )
                if option.unfounded:
                    outcome += "; " + t._(
                        "not founded: {territories}", territories=t.listing(map(str, option.unfounded))
                    )
                print("  " + t._("village {territory}: {outcome}", territory=option.territory, outcome=outcome))
        try:
            prompt = t._("[move {number}] {player}> ", number=self.state.turn + 1, player=self.names[seat])
            line = self.ask(prompt).strip()
        except EOFError:
            return False
        words = line.lower().split()
        if not words:
            return True
        command, args = words[0], " ".join(words[1:])
        if command in ("quit", "exit"):
            return False
        if command == "help":
            print(t._(HELP))
        elif command == "moves":
            print(" ".join(m.text for m in legal_moves(self.state)))
        elif command == "board":
            self.print_board()
        elif command == "status":
            self.print_status()
        elif command == "clan":
            print(t._("Your clan: {clan}", clan=clan_name(t, self.state.clans[seat]).upper()))
        elif command in ("village", "v") and self.state.phase is not Phase.ORDER:
            print("  " + t._("No village is waiting for its order: that is only asked when your move founds several."))
        elif command in ("move", "village", "v") or command[0].isdigit():
            text = line if command[0].isdigit() else (f"v{args}" if command in ("village", "v") else args)
            try:
                self.apply(Move.parse(text), seat)
            except IllegalMove as error:
                print(f"  {illegal(t, error)}")
        else:
            print("  " + t._("Unknown command; type 'help'."))
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
        t = self.t
        move = outcome.move
        assert isinstance(move, Move)
        you = seat in self.humans and len(self.humans) == 1
        if move.is_village_choice:
            if you:
                line = t._("You found village {territory} next", territory=move.src)
            else:
                line = t._("{player} founds village {territory} next", player=self.names[seat], territory=move.src)
        elif you:
            line = t._("You move {src} -> {dst}", src=move.src, dst=move.dst)
        else:
            line = t._("{player} moves {src} -> {dst}", player=self.names[seat], src=move.src, dst=move.dst)
        self.say(line)
        for village in outcome.villages:
            self.say("  " + plain(village_line(t, village)))
        for epoch in outcome.epochs_entered:
            self.say("  " + plain(epoch_line(t, self.state.chart, epoch)))

    def print_board(self) -> None:
        board = self.state.board
        for t in range(1, board.size + 1):
            huts = self.state.huts[t]
            if not sum(huts):
                continue
            initials = self.t.p_("clan initials", "RBGYK")
            groups = " ".join(f"{initials[c]}{n}" for c, n in enumerate(huts) if n)
            around = " ".join(str(n) for n in board.neighbours[t] if self.state.counts[n])
            village = " " + self.t._("village") if any(v.territory == t for v in self.state.villages) else ""
            terrain = terrain_name(self.t, board.terrain[t])
            print(f"  {t:>2} {terrain:<9} {groups:<18}{village} {'-> ' + around if around else ''}")

    def print_status(self) -> None:
        s, t = self.state, self.t
        left = t.n_("{count} village chip left", "{count} village chips left", s.chips_left, count=s.chips_left)
        print(
            "  "
            + t._(
                "Epoch {epoch}: {terms}; {left}",
                epoch=s.epoch,
                terms=plain(epoch_terms(t, s.chart, s.epoch)),
                left=left,
            )
        )
        scores = "  ".join(f"{clan_name(t, c)} {n}" for c, n in zip(Clan, s.scores, strict=True))
        print("  " + t._("Clan scores: {scores}", scores=scores))
        held = ", ".join(f"{n} {chips(t, c)}" for n, c in zip(self.names, s.chips, strict=True))
        print("  " + t._("Chips: {chips}", chips=held))

    def save_board(self) -> Path:
        """The board after this action; a board waiting for the village order gets its own file."""
        view = public_view(self.state)
        png = render_final(view, self.names, self.t) if view.over else render_board(view, self.names, t=self.t)
        ordering = f"-order-{view.ply:03d}" if view.phase is Phase.ORDER else ""
        path = self.boards / f"move-{view.turn:03d}{ordering}.png"
        path.write_bytes(png)
        return path

    def finish(self) -> None:
        t = self.t
        result = public_view(self.state).result
        assert result is not None
        print(t._("Game over: {reason}.", reason=end_reason(t, result.reason)))
        for seat in sorted(range(len(self.names)), key=lambda s: -result.totals[s]):
            clan = result.clans[seat]
            crown = "  " + t._("WINNER") if seat in result.winners else ""
            print(
                f"  {self.names[seat]:<16} {clan_name(t, clan):<7} {result.clan_scores[clan]:>3} + "
                f"{chips(t, result.chips[seat]):<7} = {result.totals[seat]}{crown}"
            )
        self.print_ai_guesses()

    def print_ai_guesses(self) -> None:
        """As in Discord: what each AI believed of the other players' clans at the end."""
        for seat in range(len(self.names)):
            if seat in self.humans:
                continue
            beliefs = clan_beliefs(self.start, self.history, seat, self.state.clans[seat])
            guesses = []
            for other in range(len(self.names)):
                if other != seat:
                    clan, p = max(beliefs[other].items(), key=lambda kv: kv[1])
                    guesses.append(f"{self.names[other]}: {clan_name(self.t, clan)} ({self.t.percent(p)})")
            print(
                "  " + self.t._("What {player} thought: {guesses}", player=self.names[seat], guesses="; ".join(guesses))
            )


def game_folder(boards: Path, seed: int, now: datetime | None = None) -> Path:
    """play-boards/game-<seed>-<UTC time>/: every game its own folder, so no game overwrites another's."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    folder = boards / f"game-{seed}-{stamp}"
    number = 2
    while folder.exists():
        folder = boards / f"game-{seed}-{stamp}-{number}"
        number += 1
    return folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1, help="human players: 1 = you against 3 AIs, 2-4 = hot-seat")
    parser.add_argument("--ai", choices=AI_LEVELS, default="normal", help="level of the AI players")
    parser.add_argument("--seed", type=int, default=None, help="seed of the game (default: random)")
    parser.add_argument(
        "--boards", type=Path, default=Path("play-boards"), help="each game saves its boards in a folder in here"
    )
    parser.add_argument("--lang", default=None, help="language: en, de or it (default: the system's, else English)")
    args = parser.parse_args(argv)
    t = texts(resolve(args.lang or _system_language()))
    if not 1 <= args.players <= 4:
        parser.error("--players must be 1 to 4")
    seed = args.seed if args.seed is not None else secrets.randbits(31)
    try:
        TerminalGame(args.players, args.ai, seed, game_folder(args.boards, seed), input, t).run()
    except KeyboardInterrupt:
        print("\n" + t._("Game left unfinished."))
    return 0


def _system_language() -> str:
    """The terminal's language (LC_ALL, LC_MESSAGES or LANG), as gettext reads it."""
    import os

    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(name):
            return os.environ[name]
    return ""


if __name__ == "__main__":
    sys.exit(main())
