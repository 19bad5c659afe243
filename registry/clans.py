"""Clans as the frame sees it: its rules behind the frame's contract, its AI levels, its commands."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import engine.clans as clans
from ai.clans.levels import AI_LEVELS
from engine.rules import Game, Standing
from service.ratings import published_ai_ratings

if TYPE_CHECKING:
    from config import Config
    from service.ai_pool import AiPool
    from service.claims import Claims
    from service.lobby import LobbyService
    from service.pace import Clock
    from store import Store


class ClansRules:
    name = "clans"
    min_players = clans.MIN_PLAYERS
    max_players = clans.MAX_PLAYERS
    illegal: type[ValueError] = clans.IllegalMove

    def setup(self, players: int, seed: int) -> clans.GameState:
        return clans.new_game(players, seed)

    def legal_actions(self, state: clans.GameState) -> list[str]:
        return [move.text for move in clans.legal_moves(state)]

    def play(self, state: clans.GameState, action: str, seat: int) -> clans.Outcome:
        parsed = clans.parse_action(action)
        return clans.play(state, parsed, None if isinstance(parsed, clans.Resign) else seat)

    def copy(self, state: clans.GameState) -> clans.GameState:
        return state.copy()

    def apply(self, state: clans.GameState, action: str) -> None:
        clans.apply(state, clans.parse_action(action))

    def to_move(self, state: clans.GameState) -> int:
        return state.to_move

    def public_view(self, state: clans.GameState) -> clans.PublicView:
        return clans.public_view(state)

    def private_view(self, state: clans.GameState, seat: int) -> clans.Clan:
        return state.clans[seat]

    def to_json(self, state: clans.GameState) -> str:
        return state.to_json()

    def from_json(self, text: str) -> clans.GameState:
        return clans.GameState.from_json(text)

    def result(self, state: clans.GameState) -> Standing | None:
        if not state.over:
            return None
        final = clans.final_result(state)
        return Standing(final.totals, final.winners, str(final.reason), tuple(sorted(final.resigned)))


def make_service(
    store: Store, *, ai_pool: AiPool, now: Clock, claims: Claims, seed_source: Callable[[], int] | None, config: Config
) -> LobbyService:
    # Imported here: asking the registry for a game's rules (the text layer, a terminal game) loads no service.
    from service.clans.ai_client import ClansAi
    from service.clans.games import GameService

    service = GameService(store, seed_source=seed_source, ai_pool=ai_pool, now=now, claims=claims)
    service.ai = ClansAi(ai_pool, config.ai_rollouts, config.ai_budget_s)
    return service


GAME = Game(
    name="clans",
    rules=ClansRules(),
    ai_levels=AI_LEVELS,
    ai_ratings=published_ai_ratings("data.clans"),
    cog="cogs.clans.cog",
    id_prefix="clans",
    make_service=make_service,
)
