"""Alexandros' one registration record: its rules behind the shared contract (engine/rules.py), its AI levels and
ratings, its words, service, replays, commands, custom-id prefix and data."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import engine.alexandros as alexandros
from ai.alexandros import AI_LEVELS
from engine.rules import Standing
from registry import Game, Words
from service.ratings import published_ai_ratings
from texts.alexandros.names import end_reason_text
from texts.alexandros.reasons import illegal_action

if TYPE_CHECKING:
    from cogs.replays import GameReplays
    from config import Config
    from service.ai_pool import AiPool
    from service.alexandros.games import AlexandrosService
    from service.alexandros.replays import AlexReplay
    from service.claims import Claims
    from service.games import GameService
    from service.pace import Clock
    from store import Store


class AlexandrosRules:
    name = "alexandros"
    min_players = alexandros.MIN_PLAYERS
    max_players = alexandros.MAX_PLAYERS
    illegal: type[ValueError] = alexandros.IllegalAction
    boards: dict[str, str] = {}  # noqa: RUF012 (read only)

    def setup(self, players: int, seed: int, board: str = "") -> alexandros.GameState:
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
) -> GameService:
    # Imported here: asking the registry for a game's rules (the text layer, a terminal game) loads no service.
    from service.alexandros.games import AlexandrosService

    return AlexandrosService(store, ai=ai_pool, seed_source=seed_source, now=now, claims=claims)


def make_replays(service: AlexandrosService) -> GameReplays[AlexReplay]:
    """What the bot's replay desk needs to replay a finished Alexandros game."""
    from cogs.alexandros.replays import alexandros_replays

    return alexandros_replays(service)


DATA = "data.alexandros"

GAME = Game(
    name="alexandros",
    rules=AlexandrosRules(),
    ai_levels=AI_LEVELS,
    ai_ratings=published_ai_ratings(DATA),
    words=Words(illegal=illegal_action, end_reason_type=alexandros.EndReason, end_reason=end_reason_text),
    cog="cogs.alexandros.cog",
    id_prefix="alex",
    make_service=make_service,
    make_replays=make_replays,
    data=DATA,
)
