"""Every sentence of the Alexandros terminal game (play_alexandros.py), one function per message.

The engine and the AI hand over codes and facts only; the sentences are built here, from whole templates
with placeholders, so each function becomes one catalog entry (msgid with named placeholders, plurals
through ``count``) when the text layer takes them over.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.alexandros import SYMBOLS


def count(n: int, word: str) -> str:
    """The number and the word: count(1, "side") == "1 side", count(2, "side") == "2 sides"."""
    return f"{n} {word if n == 1 else word + 's'}"


def listing(items: Iterable[str], empty: str = "nobody") -> str:
    """ "A", "A and B", "A, B and C" (``empty`` when there is nothing)."""
    parts = [str(item) for item in items]
    if len(parts) <= 1:
        return parts[0] if parts else empty
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def verb(subject: str, third_person: str) -> str:
    """ "You move" but "Alice moves": the verb agreeing with a player's name or with "You"."""
    if subject.lower() != "you":
        return f"{subject} {third_person}"
    head, _, rest = third_person.partition(" ")
    if head in ("has", "is", "does"):
        base = {"has": "have", "is": "are", "does": "do"}[head]
    elif head.endswith("ies"):
        base = head[:-3] + "y"
    elif head.endswith(("ches", "shes", "sses", "xes")):
        base = head[:-2]
    else:
        base = head.removesuffix("s")
    return f"{subject} {base} {rest}".rstrip()


HELP = """Type the number of an option, or an action's text form (e.g. `occupy 12,15`, `tax 40`, `take supply`).
  menu      the options again          status   scores, tax income, cards, walls
  hand      your cards                 help     this text
  quit      leave the game
Each decision saves a board image; before Alexander's move, one with his destinations lettered."""


def you() -> str:
    return "You"


def human_name(seat: int) -> str:
    return f"Player {seat + 1}"


def ai_name(seat: int, level: str) -> str:
    return f"AI {seat + 1} ({level})"


def intro(seed: int, names: Sequence[str]) -> str:
    return f"Alexandros, seed {seed}. Seats: {listing(names)}. Type 'help' for the commands."


def boards_folder(folder: str) -> str:
    return f"A board image is saved after every action in {folder}/"


def unfinished() -> str:
    return "Game left unfinished."


def handover(name: str) -> str:
    return f"{name}'s turn: press Enter when only {name} is looking "


def prompt(turn: int, name: str) -> str:
    return f"[turn {turn}] {name}> "


def help_text() -> str:
    return HELP


def no_such_option(number: int, options: int) -> str:
    return f"  There is no option {number}: choose 1 to {options}."


def illegal(code: str, facts: dict[str, object]) -> str:
    """An action the rules refuse, by its code (engine/alexandros/actions.py Why)."""
    reasons = {
        "bad_text": "That is neither an option number nor an action; type 'help'.",
        "wrong_phase": "That is not possible now; the numbered options are.",
        "not_closest": "Alexander must go to one of the closest empty spaces of that symbol.",
        "missing_cards": "You do not have the cards for that.",
        "already_taxed": "You have already levied taxes this turn.",
        "not_a_lone_guard": "Taxes need a guard that stands alone in its province.",
        "not_your_guard": "You have no guard there.",
        "not_enough_guards": "You do not have enough guards left.",
        "province_occupied": "That province is occupied: take it over instead.",
    }
    return "  " + reasons.get(code, f"Not allowed ({code.replace('_', ' ')}).")


def decision(phase: str, actions_left: int) -> str:
    return {
        "move": "Move Alexander: choose a card and a destination (lettered on the -choices board image).",
        "path": "Choose where the walls go (the shortest paths differ in what they divide):",
        "give": "Choose the cards the player who lost the province gets back:",
    }.get(phase, f"Your actions ({actions_left} left):")


def point_letter(index: int) -> str:
    return chr(ord("A") + index) if index < 26 else f"Z{index - 25}"


def option_move(from_hand: bool, symbol: str, joker: bool, letter: str, region: str, space: int, sides: int) -> str:
    if from_hand:
        source = f"play your {symbol} card (special move)"
    elif joker:
        source = f"take a face-up joker, go as {symbol}"
    else:
        source = f"take the face-up {symbol}"
    return f"{source} -> point {letter}, space {space} in {region} ({count(sides, 'side')} away)"


def division(region: str, parts: Sequence[tuple[int, str | None]]) -> str:
    shown = [f"{count(open_, 'open space')} {'of ' + owner if owner else 'free'}" for open_, owner in parts]
    return f"divides {region}: {listing(shown)}"


def option_path(walls: int, divisions: Sequence[str], income_before: int, income_after: int) -> str:
    what = "; ".join(divisions) if divisions else "divides nothing"
    return f"{count(walls, 'new wall')}, {what}; your tax income {income_before} -> {income_after}"


def option_take(face_up: str | None) -> str:
    return f"take the face-up {face_up}" if face_up else "take the top card of the supply"


def option_occupy(region: str, guards: Sequence[int], cost: Sequence[str], income: int) -> str:
    paid = listing(cost, empty="no card")
    return f"occupy in {region}: guards on {listing(map(str, guards))}, paying {paid}; your tax income {income}"


def option_take_over(region: str, owner: str, guards: Sequence[int], cost: Sequence[str], income: int) -> str:
    return (
        f"take over {owner}'s province in {region}: guards on {listing(map(str, guards))}, "
        f"paying {listing(cost)}; your tax income {income}"
    )


def option_tax(symbol: str, space: int, gains: Sequence[tuple[str, int]]) -> str:
    return f"levy taxes with a {symbol} (guard on {space}): " + ", ".join(f"{n} +{g}" for n, g in gains)


def option_take_back(space: int, region: str) -> str:
    return f"take back your guard from space {space} in {region}"


def option_give(owner: str, cards: Sequence[str]) -> str:
    return f"give {owner} {listing(cards)}"


def option_end_turn() -> str:
    return "end the turn"


def moved(name: str, from_hand: bool, symbol: str, region: str, space: int) -> str:
    how = f"playing a {symbol} card" if from_hand else f"with the face-up {symbol}"
    return verb(name, f"moves Alexander {how} to space {space} in {region}")


def walls_built(walls: int, black_left: int, red_left: int) -> str:
    return f"  {count(walls, 'wall')} built; {black_left} black and {red_left} red left"


def took(name: str, face_up: str | None) -> str:
    card = f"the face-up {face_up}" if face_up else "the top card of the supply"
    return verb(name, f"takes {card}")


def occupied(name: str, region: str, guards: int, cost: Sequence[str]) -> str:
    return verb(
        name, f"occupies a province in {region} with {count(guards, 'guard')}, paying {listing(cost, empty='no card')}"
    )


def took_over(name: str, region: str, loser: str, guards: int, cost: Sequence[str]) -> str:
    return verb(
        name, f"takes over {loser}'s province in {region} with {count(guards, 'guard')}, paying {listing(cost)}"
    )


def gave(name: str, loser: str, cards: Sequence[str]) -> str:
    return verb(name, f"gives {loser} {listing(cards, empty='nothing')}")


def levied(name: str, gains: Sequence[tuple[str, int]]) -> str:
    return verb(name, "levies taxes") + ": " + ", ".join(f"{n} +{g}" for n, g in gains)


def took_back(name: str, space: int, region: str) -> str:
    return verb(name, f"takes back the guard on space {space} in {region}")


def ended_turn(name: str) -> str:
    return verb(name, "ends the turn")


def next_player(name: str) -> str:
    return f"-- {name} to move"


def status_line(name: str, score: int, income: int, guards: int, cards: int) -> str:
    return (
        f"  {name:<16} {count(score, 'point'):>10}, tax income {income:>2}, "
        f"{count(guards, 'guard')} left, {count(cards, 'card')}"
    )


def table(face_up: Sequence[str | None]) -> str:
    return f"  Face up: {listing(card or '(none)' for card in face_up)}"


def walls_left(black: int, red: int, supply: int) -> str:
    return f"  Walls left: {black} black, {red} red; {count(supply, 'card')} in the supply"


def your_hand(hand: Sequence[int]) -> str:
    cards = [count(hand[s], s.label) for s in SYMBOLS if hand[s]]
    return f"  Your hand: {listing(cards, empty='no cards')}"


def game_over(reason: str, rounds: int) -> str:
    why = {
        "red_walls": "the black walls ran out",
        "hundred_points": "someone reached 100 points",
        "stuck": "Alexander could not move",
        "resignations": "too few players were left",
    }.get(reason, reason)
    return f"Game over after {count(rounds, 'round')}: {why}."


def final_line(name: str, score: int, winner: bool) -> str:
    return f"  {name:<16} {score:>3}{'  WINNER' if winner else ''}"
