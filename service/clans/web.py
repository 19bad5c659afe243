"""Clans' public steps for its web page (service/web.py): every public position from the seed and the log, and
what each action did told from the public start with stand-in clans (service/clans/history.py), so nothing
here can say who holds which clan; the last position of a finished game shows the clans, as its result does."""

from __future__ import annotations

from collections.abc import Sequence

from engine.clans import board_named, new_game, parse_action, public_view
from service.clans.history import replay_public
from service.clans.replays import replay_views
from service.web import PublicSteps


def public_steps(seed: int, players: int, actions: Sequence[str], board: str = "") -> PublicSteps:
    parsed = [parse_action(action) for action in actions]
    views = replay_views(seed, players, parsed, board)
    _, facts = replay_public(public_view(new_game(players, seed, board_named(board))), parsed)
    return PublicSteps(views, tuple(facts))
