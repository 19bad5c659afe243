"""Alexandros as the frame sees it: its rules behind the frame's contract, its AI levels, its commands."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import engine.alexandros as alexandros
from ai.alexandros import LEVELS
from engine.rules import Game, Standing
from service.ratings import published_ai_ratings

if TYPE_CHECKING:
    from config import Config
    from service.ai_pool import AiPool
    from service.claims import Claims
    from service.lobby import LobbyService
    from service.pace import Clock
    from store import Store


class AlexandrosRules:
    name = "alexandros"
    min_players = alexandros.MIN_PLAYERS
    max_players = alexandros.MAX_PLAYERS
    illegal: type[ValueError] = alexandros.IllegalAction

    def setup(self, players: int, seed: int) -> alexandros.GameState:
        return alexandros.new_game(players, seed)

    def legal_actions(self, state: alexandros.GameState) -> list[str]:
        return [action.text for action in alexandros.legal_actions(state)]

    def play(self, state: alexandros.GameState, action: str, seat: int) -> alexandros.Outcome:
        parsed = alexandros.parse_action(action)
        return alexandros.play(state, parsed, None if isinstance(parsed, alexandros.Resign) else seat)

    def copy(self, state: alexandros.GameState) -> alexandros.GameState:
        return state.copy()

    def apply(self, state: alexandros.GameState, action: str) -> None:
        alexandros.apply(state, alexandros.parse_action(action))

    def to_move(self, state: alexandros.GameState) -> int:
        return state.to_move

    def public_view(self, state: alexandros.GameState) -> alexandros.PublicView:
        return alexandros.public_view(state)

    def private_view(self, state: alexandros.GameState, seat: int) -> alexandros.PrivateView:
        return alexandros.private_view(state, seat)

    def to_json(self, state: alexandros.GameState) -> str:
        return alexandros.state_to_json(state)

    def from_json(self, text: str) -> alexandros.GameState:
        return alexandros.state_from_json(text)

    def result(self, state: alexandros.GameState) -> Standing | None:
        done = alexandros.result(state)
        if done is None:
            return None
        resigned = tuple(seat for seat, gone in enumerate(state.resigned) if gone)
        return Standing(done.scores, done.winners, str(done.reason), resigned)


def make_service(
    store: Store, *, ai_pool: AiPool, now: Clock, claims: Claims, seed_source: Callable[[], int] | None, config: Config
) -> LobbyService:
    # Imported here: asking the registry for a game's rules (the text layer, a terminal game) loads no service.
    from service.alexandros.games import AlexandrosService

    return AlexandrosService(store, ai=ai_pool, seed_source=seed_source, now=now, claims=claims)


GAME = Game(
    name="alexandros",
    rules=AlexandrosRules(),
    ai_levels=LEVELS,
    ai_ratings=published_ai_ratings("data.alexandros"),
    cog="cogs.alexandros.cog",
    id_prefix="alex",
    make_service=make_service,
)
