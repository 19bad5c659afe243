"""Play Clans in the terminal: you against AI players, or hot-seat with friends (`make play`).

The same commands as in Discord (`move 23 24`), in English or in the game's language (`ziehen 23 24`);
`moves` lists the best few moves with what their villages would score (`moves all`: every legal move, by the
territory it leaves); the status is shown as each turn begins. Each game saves a board PNG after every action in
its own folder, play-boards/game-<seed>-<time>/, and prints its path. The same seed gives the same game, the
AIs' moves included.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

from ai.clans import AI_LEVELS, DEFAULT_ROLLOUTS, choose_action, clan_beliefs
from engine.clans import (
    DEFAULT_MAP,
    MAP_FILES,
    Action,
    Clan,
    GameState,
    IllegalMove,
    Move,
    Outcome,
    Phase,
    legal_moves,
    load_board,
    new_game,
    order_consequences,
    play,
    public_view,
)
from render.clans import render_board, render_final
from service.clans.suggest import best_foundings, suggest_sources, suggest_targets
from terminal.hotseat import (
    CLEAR,
    HotSeatGame,
    ai_seed_of,
    command_word,
    game_folder,
    game_language,
    read_command,
    wrap_items,
)
from texts import Texts, texts
from texts.clans.game import (
    chips,
    epoch_line,
    epoch_terms,
    founds_words,
    huts,
    village_line,
    village_order_part,
    village_words,
)
from texts.clans.reasons import end_reason, illegal
from texts.clans.terminal import board_image, help_text
from texts.clans.terms import clan_name, terrain_name


def plain(text: str) -> str:
    return text.replace("**", "")


class TerminalGame(HotSeatGame):
    def __init__(
        self,
        humans: int,
        ai_level: str,
        seed: int,
        boards: Path,
        ask: Callable[[str], str],
        t: Texts | None = None,
        map_id: str = DEFAULT_MAP,
        rollouts: int = DEFAULT_ROLLOUTS,
    ) -> None:
        super().__init__(ask, set(range(humans if humans >= 2 else 1)))
        self.t = t or texts("en", "clans")
        players = humans if humans >= 2 else 4
        self.state: GameState = new_game(players, seed, load_board(map_id))
        self.seed = seed
        # The AIs' own randomness, drawn from the deal's seed one way: the same seed, the same game.
        self.ai_seed = ai_seed_of("clans", seed)
        self.status_ply = -1
        """The position whose status was last shown: it is shown once as each turn begins."""
        self.start = public_view(self.state)
        self.history: list[Action] = []
        self.names = [
            self.t._("Player {number}", number=s + 1)
            if s in self.humans
            else self.t._("AI {number} ({level})", number=s + 1, level=ai_level)
            for s in range(players)
        ]
        if humans < 2:
            self.names[0] = self.t._("You")
        self.ai_level = ai_level
        self.rollouts = rollouts
        """Hard's rollouts a move (its search is bound by them alone)."""
        self.levels = tuple(None if s in self.humans else ai_level for s in range(players))
        """Each seat's public level (None for a person): hard reads the AI seats by it."""
        self.boards = boards

    def run(self) -> None:
        t = self.t
        self.boards.mkdir(parents=True, exist_ok=True)
        print(
            t._(
                "Clans, seed {seed}. Seats: {players}. Type '{help}' for the commands.",
                help=command_word(t, "help"),
                seed=self.seed,
                players=t.listing(self.names),
            )
        )
        print(t._("A board image is saved after every action in {folder}/", folder=self.boards))
        print(t._("{player} starts.", player=self.names[self.state.to_move]))
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
        if not self.play_turns():
            print(t._("Game left unfinished."))
            return
        self.finish()

    def turns(self) -> GameState:
        return self.state

    def handover_prompt(self, seat: int) -> str:
        return self.t._("{player}'s turn: press Enter when only {player} is looking ", player=self.names[seat])

    def human_turn(self, seat: int) -> bool:
        try:
            self.handover(seat)
        except EOFError:
            return False
        t = self.t
        if self.status_ply != self.state.ply and self.state.phase is Phase.MOVE:
            self.status_ply = self.state.ply
            self.print_status()
        if self.state.phase is Phase.ORDER:
            print(t._("{player}: your move founds several villages; choose which comes next:", player=self.names[seat]))
            for option in order_consequences(public_view(self.state)):
                outcome = ", ".join(village_order_part(t, v) for v in option.villages)
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
        words = line.split()
        if not words:
            return True
        command = read_command(t, words[0], COMMANDS) or words[0].lower()
        args = " ".join(words[1:])
        if command == "quit":
            return False
        if command == "help":
            print(help_text(t, {name: command_word(t, name) for name in (*COMMANDS, "all")}))
        elif command == "moves":
            every = read_command(t, args, ("all",)) == "all"
            print((moves_text if every else best_moves_text)(t, self.state, terminal_width()))
        elif command == "board":
            print(board_text(t, self.state, terminal_width()))
        elif command == "status":
            self.print_status()
        elif command == "clan":
            print(t._("Your clan: {clan}", clan=clan_name(t, self.state.clans[seat]).upper()))
        elif command == "village" and self.state.phase is not Phase.ORDER:
            print("  " + t._("No village is waiting for its order: that is only asked when your move founds several."))
        elif command in ("move", "village") or command[0].isdigit():
            text = line if command[0].isdigit() else (f"v{args}" if command == "village" else args)
            try:
                self.apply(Move.parse(text), seat)
            except IllegalMove as error:
                print(f"  {illegal(t, error)}")
        else:
            print("  " + t._("Unknown command; type '{help}'.", help=command_word(t, "help")))
        return True

    def ai_turn(self, seat: int) -> None:
        clan = self.state.clans[seat]
        # The AI's own randomness, never the setup seed (which would rebuild every player's clan); hard's search
        # bound by rollouts alone, never by time, so that the same seed gives the same moves on any machine.
        move = choose_action(
            self.ai_level,
            self.start,
            self.history,
            seat,
            clan,
            self.ai_seed,
            iterations=self.rollouts,
            levels=self.levels,
        )
        self.apply(move, seat)

    def apply(self, move: Move, seat: int) -> None:
        outcome = play(self.state, move, seat=seat)
        self.history.append(move)
        self.report(outcome, seat)
        print(board_image(self.t, self.save_board()))

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
        print(board_image(t, self.boards / f"move-{self.state.turn:03d}.png"))
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
            read_by = self.levels if self.ai_level == "hard" else None
            beliefs = clan_beliefs(self.start, self.history, seat, self.state.clans[seat], read_by)
            guesses = []
            for other in range(len(self.names)):
                if other != seat:
                    clan, p = max(beliefs[other].items(), key=lambda kv: kv[1])
                    guesses.append(f"{self.names[other]}: {clan_name(self.t, clan)} ({self.t.percent(p)})")
            print(
                "  " + self.t._("What {player} thought: {guesses}", player=self.names[seat], guesses="; ".join(guesses))
            )


COMMANDS = ("move", "village", "moves", "board", "status", "clan", "help", "quit")
"""The terminal's commands here, by their English words (each also in the player's language)."""


def terminal_width() -> int:
    return max(40, min(120, shutil.get_terminal_size((100, 24)).columns))


BEST_FEW = 8
"""How many moves `moves` shows; `moves all` shows every one."""


def order_choices_text(t: Texts, state: GameState, width: int) -> str:
    choices = [f"{command_word(t, 'village')} {m.src}" for m in legal_moves(state)]
    head = t.n_("{count} legal move:", "{count} legal moves:", len(choices), count=len(choices))
    return "\n".join(wrap_items(head, choices, width, "  "))


def best_moves_text(t: Texts, state: GameState, width: int, few: int = BEST_FEW) -> str:
    """The best ``few`` moves: those that found villages first (more villages, then more points), each with what
    its villages would score and to whom, or that they are doomed; then the largest groups. While villages wait
    for their order: those choices."""
    if state.phase is Phase.ORDER:
        return order_choices_text(t, state, width)
    view = public_view(state)
    count = len(legal_moves(state))
    lines = [t.n_("{count} legal move; the best:", "{count} legal moves; the best:", count, count=count)]
    chosen: set[Move] = set()
    for founding in best_foundings(view)[:few]:
        said = "; ".join(village_words(t, v) for v in founding.villages)
        if founding.order_matters:
            said += " " + t._("(in map order: you choose the order)")
        move, n = founding.move, len(founding.villages)
        lines.append(f"  {move.src:>2}-{move.dst:<3} " + t.n_("village {what}", "villages {what}", n, what=said))
        chosen.add(move)
    for source in suggest_sources(view, limit=None):
        for target in suggest_targets(view, source.territory, limit=None):
            move = Move(source.territory, target.territory)
            if len(lines) <= few and move not in chosen and not target.founds:
                lines.append(f"  {move.src:>2}-{move.dst:<3} {huts(t, source.huts)}, {terrain_name(t, source.terrain)}")
    if count > len(lines) - 1:
        more = f"{command_word(t, 'moves')} {command_word(t, 'all')}"
        lines.append("  " + t._("Type '{more}' for all {count}.", more=more, count=count))
    return "\n".join(lines)


def moves_text(t: Texts, state: GameState, width: int) -> str:
    """Every legal move, by the territory it leaves, ranked as the bot's autocomplete ranks them: moves that
    found villages first (with why), then the largest groups. While villages wait for their order: those."""
    if state.phase is Phase.ORDER:
        return order_choices_text(t, state, width)
    view = public_view(state)
    sources = suggest_sources(view, limit=None)
    count = sum(len(suggest_targets(view, s.territory, limit=None)) for s in sources)
    lines = [t.n_("{count} legal move:", "{count} legal moves:", count, count=count)]
    for source in sources:
        head = f"{huts(t, source.huts)}, {terrain_name(t, source.terrain)}"
        if source.founds:
            head = f"{founds_words(t, source.founds, target=False)}, {head}"
        targets = [
            f"{source.territory}-{s.territory}" + (f" ({founds_words(t, s.founds, target=True)})" if s.founds else "")
            for s in suggest_targets(view, source.territory, limit=None)
        ]
        lines += wrap_items(f"  {source.territory:>2} ({head}):", targets, width, "      ")
    return "\n".join(lines)


def board_text(t: Texts, state: GameState, width: int) -> str:
    """The territories with huts in a few lines: "17 R2 B1*" (clan initials and huts; * a village)."""
    initials = t.p_("clan initials", "RBGYK")
    board = state.board
    villages = {v.territory for v in state.villages}
    cells = []
    for territory in range(1, board.size + 1):
        huts_here = state.huts[territory]
        if sum(huts_here):
            groups = " ".join(f"{initials[c]}{n}" for c, n in enumerate(huts_here) if n)
            cells.append(f"{territory:>2} {groups}" + ("*" if territory in villages else ""))
    legend = t._(
        "Huts by clan ({initials}), * a village:",
        initials=t.listing(f"{initials[c]} {clan_name(t, clan)}" for c, clan in enumerate(Clan)),
    )
    cell = max((len(c) for c in cells), default=0) + 3
    per_line = max(1, (width - 2) // cell)
    rows = [
        "  " + "".join(f"{c:<{cell}}" for c in cells[i : i + per_line]).rstrip() for i in range(0, len(cells), per_line)
    ]
    return "\n".join([legend, *rows])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1, help="human players: 1 = you against 3 AIs, 2-4 = hot-seat")
    parser.add_argument("--ai", choices=AI_LEVELS, default="normal", help="level of the AI players")
    parser.add_argument("--seed", type=int, default=None, help="seed of the game (default: random)")
    parser.add_argument(
        "--map", choices=tuple(MAP_FILES), default=DEFAULT_MAP, help=f"the board (default: {DEFAULT_MAP})"
    )
    parser.add_argument(
        "--boards", type=Path, default=Path("play-boards"), help="each game saves its boards in a folder in here"
    )
    parser.add_argument(
        "--lang", default=None, help="language: en, de or it (default: the locale's when it has one, else English)"
    )
    args = parser.parse_args(argv)
    t = texts(game_language(parser, args.lang, os.environ), "clans")
    if not 1 <= args.players <= 4:
        parser.error("--players must be 1 to 4")
    seed = args.seed if args.seed is not None else secrets.randbits(31)
    try:
        TerminalGame(args.players, args.ai, seed, game_folder(args.boards, seed), input, t, args.map).run()
    except KeyboardInterrupt:
        print("\n" + t._("Game left unfinished."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
