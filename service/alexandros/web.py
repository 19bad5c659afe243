"""Alexandros' public steps for its web page (service/web.py): every public view (hand sizes, never hands) from
the seed and the log, and what each action did as the table saw it (engine/alexandros/facts.py: the cards given
back are counted, never named)."""

from __future__ import annotations

from collections.abc import Sequence

import engine.alexandros as alex
from engine.alexandros.facts import told
from service.web import PublicSteps


def public_steps(seed: int, players: int, actions: Sequence[str], board: str = "") -> PublicSteps:
    state = alex.new_game(players, seed)
    views = [alex.public_view(state)]
    facts = []
    for text in actions:
        action = alex.parse_action(text)
        before = state.copy()
        alex.apply(state, action)
        facts.append(told(before, action, state))
        views.append(alex.public_view(state))
    return PublicSteps(tuple(views), tuple(facts))
