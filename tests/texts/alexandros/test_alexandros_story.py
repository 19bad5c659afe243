"""The public story of a take-over in a 3-player game: whose province, where, the guards placed and sent home,
the cards paid, and how many cards go back to the loser (never which: hands are secret)."""

from __future__ import annotations

import random

import engine.alexandros as alex
from engine.alexandros.facts import Told, told
from texts import LANGUAGES, texts
from texts.alexandros.names import region_name, symbol_name
from texts.alexandros.story import story_lines

NAMES = ["Ann", "Bob", "Cy"]


def take_over_turns(games: int = 40) -> list[list[Told]]:
    """Turns (as told) of random 3-player games that hold a take-over."""
    found: list[list[Told]] = []
    for seed in range(games):
        state = alex.new_game(3, seed)
        rng = random.Random(seed)
        turn: list[Told] = []
        while not state.over:
            legal = alex.legal_actions(state)
            overs = [a for a in legal if isinstance(a, alex.TakeOver)]
            action = overs[0] if overs else rng.choice(legal)
            before = state.copy()
            alex.apply(state, action)
            turn.append(told(before, action, state))
            if state.over or state.to_move != before.to_move:
                if any(isinstance(t.action, alex.TakeOver) for t in turn):
                    found.append(turn)
                turn = []
        if len(found) >= 6:
            break
    return found


def test_a_take_over_is_told_with_its_place_cost_and_the_cards_given_back() -> None:
    turns = take_over_turns()
    assert turns
    given_back = 0
    for turn in turns:
        for lang in LANGUAGES:
            t = texts(lang)
            text = "\n".join(story_lines(t, NAMES, turn))
            assert text.count(f"**{NAMES[turn[0].seat]}**") == 1  # one turn, one name in bold
            for said in turn:
                if isinstance(said.action, alex.TakeOver):
                    assert NAMES[said.loser] in text and region_name(t, said.region) in text
                    assert ", ".join(map(str, said.action.guards)) in text
                    assert all(symbol_name(t, card) in text for card in said.cost)
                    assert said.removed > 0 and str(said.removed) in text
                if isinstance(said.action, alex.Give) or (isinstance(said.action, alex.TakeOver) and said.given):
                    given_back += 1
                    assert str(said.given) in text and said.given > 0
    assert given_back  # the give-back was told at least once
