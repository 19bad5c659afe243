"""Clans' one registration record: its rules behind the shared contract (engine/rules.py), its AI levels and
ratings, its words, service, replays, commands, custom-id prefix and data."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import engine.clans as clans
from ai.clans.levels import AI_LEVELS
from engine.rules import Standing
from registry import Game, Words
from service.ratings import published_ai_ratings
from texts.clans.maps import MAP_NAME
from texts.clans.reasons import end_reason, illegal, shown_move

if TYPE_CHECKING:
    from cogs.replays import GameReplays
    from config import Config
    from service.ai_pool import AiPool
    from service.claims import Claims
    from service.clans.games import ClansService
    from service.clans.replays import Replay
    from service.games import GameService
    from service.pace import Clock
    from store import Store


class ClansRules:
    name = "clans"
    min_players = clans.MIN_PLAYERS
    max_players = clans.MAX_PLAYERS
    illegal: type[ValueError] = clans.IllegalMove
    boards = {m: MAP_NAME[m] for m in sorted(clans.MAP_FILES, key=lambda m: m != clans.DEFAULT_MAP)}  # noqa: RUF012

    def setup(self, players: int, seed: int, board: str = "") -> clans.GameState:
        return clans.new_game(players, seed, clans.board_named(board))

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
) -> GameService:
    # Imported here: asking the registry for a game's rules (the text layer, a terminal game) loads no service.
    from service.clans.ai_client import ClansAi
    from service.clans.games import ClansService

    service = ClansService(store, seed_source=seed_source, ai_pool=ai_pool, now=now, claims=claims)
    service.ai = ClansAi(ai_pool, config.ai_rollouts, config.ai_budget_s)
    return service


def make_replays(service: ClansService) -> GameReplays[Replay]:
    """What the bot's replay desk needs to replay a finished Clans game."""
    from cogs.clans.replays import clans_replays

    return clans_replays(service)


DATA = "data.clans"

GAME = Game(
    name="clans",
    rules=ClansRules(),
    ai_levels=AI_LEVELS,
    ai_ratings=published_ai_ratings(DATA),
    words=Words(
        illegal=illegal,
        end_reason_type=clans.EndReason,
        end_reason=end_reason,
        move_type=clans.Move,
        shown_move=shown_move,
    ),
    cog="cogs.clans.cog",
    id_prefix="clans",
    make_service=make_service,
    make_replays=make_replays,
    data=DATA,
)
