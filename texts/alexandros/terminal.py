"""Every sentence of the Alexandros terminal game (play_alexandros.py), one function per message, in the
language of the ``Texts`` handed in.

The engine and the AI hand over codes and facts only; each function here picks the catalog message. The
game's own words (symbols, regions, why an action is refused, why the game ended) are the bot's, from
texts/alexandros/names*.py: translated once, the same in both. Where
English would bend a verb for "you" ("You move", "Ann moves"), there is one message for each, so that every
language words both in its own way; counts go through ``t.n_`` with the language's plural rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.alexandros import SYMBOLS, EndReason, IllegalAction, Symbol, Why
from texts import Texts
from texts.alexandros.names import end_reason_text, symbol_name
from texts.alexandros.options import cards_text
from texts.alexandros.reasons import illegal_action


def symbols(t: Texts, which: Sequence[Symbol]) -> list[str]:
    return [symbol_name(t, s) for s in which]


def you(t: Texts) -> str:
    return t._("You")


def human_name(t: Texts, seat: int) -> str:
    return t._("Player {number}", number=seat + 1)


def ai_name(t: Texts, seat: int, level: str) -> str:
    return t._("AI {number} ({level})", number=seat + 1, level=level)


def intro(t: Texts, seed: int, names: Sequence[str], help_word: str) -> str:
    return t._(
        "Alexandros, seed {seed}. Seats: {seats}. Type '{help}' for the commands.",
        seed=seed,
        seats=t.listing(names),
        help=help_word,
    )


def boards_folder(t: Texts, folder: str) -> str:
    return t._("A board image is saved after every action in {folder}/", folder=folder)


def unfinished(t: Texts) -> str:
    return t._("Game left unfinished.")


def handover(t: Texts, name: str) -> str:
    return t._("{name}'s turn: press Enter when only {name} is looking ", name=name)


def prompt(t: Texts, round_now: int, name: str) -> str:
    """The prompt names the round in progress, as the end names the round the game ended in."""
    return t._("[round {round}] {name}> ", round=round_now, name=name)


def starts(t: Texts, name: str, you: bool) -> str:
    return t._("You start.") if you else t._("{name} starts.", name=name)


def board_image(t: Texts, path: str) -> str:
    return "  " + t._("Board image: {path}", path=path)


def help_text(t: Texts, words: Mapping[str, str]) -> str:
    """The commands, each by its word in the player's language (``words``: by the English word)."""
    explained = [
        (words["menu"], t._("the options again")),
        (words["more"], t._("the options folded away")),
        (words["status"], t._("scores, tax income, cards, walls")),
        (words["hand"], t._("your cards")),
        (words["help"], t._("this text")),
        (words["quit"], t._("leave the game")),
    ]
    lines = [
        t._("Type the number of an option, or an action's text form (e.g. `occupy 12,15`, `tax 40`, `take supply`).")
    ]
    lines += [f"  {word:<10}{what}" for word, what in explained]
    lines.append(t._("Each decision saves a board image; before Alexander's move, one with his destinations lettered."))
    if t.lang != "en":
        lines.append(t._("The English command words work too."))
    return "\n".join(lines)


def no_such_option(t: Texts, number: int, menu: str) -> str:
    return "  " + t._("There is no option {number} now; type {menu} to see the options.", number=number, menu=menu)


def folded(t: Texts, count: int, more: str) -> str:
    """The one entry the occupations that earn nothing are folded under."""
    return "  " + t.n_(
        "{more}) {count} more occupation that earns nothing and costs no one anything: type {more} to list it",
        "{more}) {count} more occupations that earn nothing and cost no one anything: type {more} to list them",
        count,
        count=count,
        more=more,
    )


def nothing_folded(t: Texts) -> str:
    return "  " + t._("No option is folded away now.")


def confirm_end_turn(t: Texts, actions_left: int) -> str:
    return t.n_(
        "End the turn with {count} action unused? Type {yes} to end it, anything else to go on: ",
        "End the turn with {count} actions unused? Type {yes} to end it, anything else to go on: ",
        actions_left,
        count=actions_left,
        yes=t.p_("terminal answer", "yes"),
    )


def turn_goes_on(t: Texts) -> str:
    return "  " + t._("The turn goes on.")


def illegal(t: Texts, error: IllegalAction, help_word: str) -> str:
    """An action the rules refuse: the bot's reason, except where the terminal is used differently (a typed
    line, numbered options instead of the panel's menus)."""
    if error.code is Why.BAD_TEXT:
        return "  " + t._("That is neither an option number nor an action; type '{help}'.", help=help_word)
    if error.code is Why.WRONG_PHASE:
        return "  " + t._("That is not possible now; the numbered options are.")
    return "  " + illegal_action(t, error)


def decision(t: Texts, phase: str, actions_left: int) -> str:
    if phase == "move":
        return t._("Move Alexander: choose a card and a destination (lettered on the -choices board image).")
    if phase == "path":
        return t._("Choose where the walls go (the shortest paths differ in what they divide):")
    if phase == "give":
        return t._("Choose the cards the player who lost the province gets back:")
    return t.n_("Your actions ({count} left):", "Your actions ({count} left):", actions_left, count=actions_left)


def point_letter(index: int) -> str:
    return chr(ord("A") + index) if index < 26 else f"Z{index - 25}"


def option_move(
    t: Texts, from_hand: bool, card: str, joker: bool, letter: str, where: str, space: int, sides: int
) -> str:
    if from_hand:
        source = t._("play your card {symbol} (special move)", symbol=card)
    elif joker:
        source = t._("take a face-up joker, go as {symbol}", symbol=card)
    else:
        source = t._("take the face-up card {symbol}", symbol=card)
    return t.n_(
        "{source} -> point {letter}, space {space} in {region} ({count} side away)",
        "{source} -> point {letter}, space {space} in {region} ({count} sides away)",
        sides,
        source=source,
        letter=letter,
        space=space,
        region=where,
        count=sides,
    )


def division(t: Texts, where: str, parts: Sequence[tuple[int, str | None, bool]]) -> str:
    """How walls divide a region: (open spaces, owner's name or None, the owner is you) per part."""
    shown = []
    for n, owner, yours in parts:
        if yours:
            shown.append(t.n_("{count} open space, yours", "{count} open spaces, yours", n, count=n))
        elif owner:
            shown.append(
                t.n_("{count} open space of {owner}", "{count} open spaces of {owner}", n, count=n, owner=owner)
            )
        else:
            shown.append(t.n_("{count} open space, free", "{count} open spaces, free", n, count=n))
    return t._("divides {region}: {parts}", region=where, parts=t.listing(shown))


def option_path(t: Texts, walls: int, divisions: Sequence[str], income_before: int, income_after: int) -> str:
    what = "; ".join(divisions) if divisions else t._("divides nothing")
    return t.n_(
        "{count} new wall, {what}; your tax income {before} -> {after}",
        "{count} new walls, {what}; your tax income {before} -> {after}",
        walls,
        count=walls,
        what=what,
        before=income_before,
        after=income_after,
    )


def option_take(t: Texts, face_up: str | None) -> str:
    if face_up:
        return t._("take the face-up card {symbol}", symbol=face_up)
    return t._("take the top card of the supply")


def paid(t: Texts, cost: Sequence[str]) -> str:
    return t.listing(cost, empty=t._("no card"))


def option_occupy(t: Texts, where: str, guards: Sequence[int], cost: Sequence[str], income: int) -> str:
    return t._(
        "occupy in {region}: guards on {spaces}, paying {cards}; your tax income {income}",
        region=where,
        spaces=t.listing(map(str, guards)),
        cards=paid(t, cost),
        income=income,
    )


def option_take_over(t: Texts, where: str, owner: str, guards: Sequence[int], cost: Sequence[str], income: int) -> str:
    return t._(
        "take over {owner}'s province in {region}: guards on {spaces}, paying {cards}; your tax income {income}",
        owner=owner,
        region=where,
        spaces=t.listing(map(str, guards)),
        cards=paid(t, cost),
        income=income,
    )


def gains_list(gains: Sequence[tuple[str, int]]) -> str:
    return ", ".join(f"{n} +{g}" for n, g in gains)


def option_tax(t: Texts, card: str, space: int, gains: Sequence[tuple[str, int]]) -> str:
    return t._(
        "levy taxes with the guard on {space} ({symbol}): {gains}", symbol=card, space=space, gains=gains_list(gains)
    )


def option_take_back(t: Texts, space: int, where: str) -> str:
    return t._("take back your guard from space {space} in {region}", space=space, region=where)


def option_give(t: Texts, owner: str, cards: Sequence[str]) -> str:
    return t._("give {owner} {cards}", owner=owner, cards=t.listing(cards, empty=t._("nothing")))


def option_end_turn(t: Texts) -> str:
    return t._("end the turn")


def moved(t: Texts, name: str, you: bool, from_hand: bool, card: str, where: str, space: int) -> str:
    if you and from_hand:
        return t._(
            "You move Alexander playing the card {symbol} to space {space} in {region}",
            symbol=card,
            space=space,
            region=where,
        )
    if you:
        return t._(
            "You move Alexander with the face-up card {symbol} to space {space} in {region}",
            symbol=card,
            space=space,
            region=where,
        )
    if from_hand:
        return t._(
            "{name} moves Alexander playing the card {symbol} to space {space} in {region}",
            name=name,
            symbol=card,
            space=space,
            region=where,
        )
    return t._(
        "{name} moves Alexander with the face-up card {symbol} to space {space} in {region}",
        name=name,
        symbol=card,
        space=space,
        region=where,
    )


def walls_built(t: Texts, walls: int, black_left: int, red_left: int) -> str:
    return "  " + t.n_(
        "{count} wall built; {black} black and {red} red left",
        "{count} walls built; {black} black and {red} red left",
        walls,
        count=walls,
        black=black_left,
        red=red_left,
    )


def took(t: Texts, name: str, you: bool, face_up: str | None) -> str:
    if face_up:
        if you:
            return t._("You take the face-up card {symbol}", symbol=face_up)
        return t._("{name} takes the face-up card {symbol}", name=name, symbol=face_up)
    if you:
        return t._("You take the top card of the supply")
    return t._("{name} takes the top card of the supply", name=name)


def occupied(t: Texts, name: str, you: bool, where: str, guards: int, cost: Sequence[str]) -> str:
    if you:
        return t.n_(
            "You occupy a province in {region} with {count} guard, paying {cards}",
            "You occupy a province in {region} with {count} guards, paying {cards}",
            guards,
            region=where,
            count=guards,
            cards=paid(t, cost),
        )
    return t.n_(
        "{name} occupies a province in {region} with {count} guard, paying {cards}",
        "{name} occupies a province in {region} with {count} guards, paying {cards}",
        guards,
        name=name,
        region=where,
        count=guards,
        cards=paid(t, cost),
    )


def took_over(t: Texts, name: str, loser: str, who: str, where: str, guards: int, cost: Sequence[str]) -> str:
    """``who``: "taker" when you take over, "loser" when you lose the province, else "other"."""
    facts = {"name": name, "loser": loser, "region": where, "count": guards, "cards": paid(t, cost)}
    if who == "taker":
        return t.n_(
            "You take over {loser}'s province in {region} with {count} guard, paying {cards}",
            "You take over {loser}'s province in {region} with {count} guards, paying {cards}",
            guards,
            **facts,
        )
    if who == "loser":
        return t.n_(
            "{name} takes over your province in {region} with {count} guard, paying {cards}",
            "{name} takes over your province in {region} with {count} guards, paying {cards}",
            guards,
            **facts,
        )
    return t.n_(
        "{name} takes over {loser}'s province in {region} with {count} guard, paying {cards}",
        "{name} takes over {loser}'s province in {region} with {count} guards, paying {cards}",
        guards,
        **facts,
    )


def gave(t: Texts, name: str, loser: str, who: str, cards: Sequence[str]) -> str:
    """``who``: "giver" when you give, "taker" when you are given the cards, else "other"."""
    given = t.listing(cards, empty=t._("nothing"))
    if who == "giver":
        return t._("You give {loser} {cards}", loser=loser, cards=given)
    if who == "taker":
        return t._("{name} gives you {cards}", name=name, cards=given)
    return t._("{name} gives {loser} {cards}", name=name, loser=loser, cards=given)


def levied(t: Texts, name: str, you: bool, gains: Sequence[tuple[str, int]]) -> str:
    if you:
        return t._("You levy taxes: {gains}", gains=gains_list(gains))
    return t._("{name} levies taxes: {gains}", name=name, gains=gains_list(gains))


def took_back(t: Texts, name: str, you: bool, space: int, where: str) -> str:
    if you:
        return t._("You take back the guard on space {space} in {region}", space=space, region=where)
    return t._("{name} takes back the guard on space {space} in {region}", name=name, space=space, region=where)


def ended_turn(t: Texts, name: str, you: bool) -> str:
    return t._("You end the turn") if you else t._("{name} ends the turn", name=name)


def next_player(t: Texts, name: str, you: bool) -> str:
    return "-- " + (t._("Your move") if you else t._("{name} to move", name=name))


def status_line(t: Texts, name: str, score: int, income: int, guards: int, cards: int) -> str:
    points = t.n_("{count} point", "{count} points", score, count=score)
    return "  " + t._(
        "{name} {points}, tax income {income}, {guards}, {cards}",
        name=f"{name:<16}",
        points=f"{points:>10}",
        income=f"{income:>2}",
        guards=t.n_("{count} guard left", "{count} guards left", guards, count=guards),
        cards=t.n_("{count} card", "{count} cards", cards, count=cards),
    )


def table(t: Texts, face_up: Sequence[str | None]) -> str:
    return "  " + t._("Face up: {cards}", cards=t.listing(card or t._("(none)") for card in face_up))


def walls_left(t: Texts, black: int, red: int, supply: int) -> str:
    return "  " + t.n_(
        "Walls left: {black} black, {red} red; {count} card in the supply",
        "Walls left: {black} black, {red} red; {count} cards in the supply",
        supply,
        black=black,
        red=red,
        count=supply,
    )


def your_hand(t: Texts, hand: Sequence[int]) -> str:
    return "  " + t._("Your hand: {cards}", cards=cards_text(t, [s for s in SYMBOLS for _ in range(hand[s])]))


def game_over(t: Texts, reason: EndReason, round_now: int) -> str:
    """The round the game ended in, as the prompts counted it."""
    return t._("Game over in round {round}: {why}.", round=round_now, why=end_reason_text(t, reason))


def final_line(t: Texts, name: str, score: int, winner: bool) -> str:
    return f"  {name:<16} {score:>3}" + ("  " + t._("WINNER") if winner else "")
