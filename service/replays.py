"""The positions of a finished game, one per action of its move log, for the animated replay."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import Action, PublicView, new_game, play, public_view
from service.errors import GameError, Why
from service.games import GameService


@dataclass(frozen=True, slots=True)
class Replay:
    game_id: int
    names: tuple[str, ...]
    views: tuple[PublicView, ...]
    """The setup, then the position after each action of the log (the last one is the end of the game)."""
    language: str = "en"
    """The game's language: the words drawn on the frames."""


def replay_views(seed: int, players: int, actions: Sequence[Action]) -> tuple[PublicView, ...]:
    """Public views only: the replay never needs, and never shows, more than the channel saw."""
    state = new_game(players, seed)
    views = [public_view(state)]
    for action in actions:
        play(state, action)
        views.append(public_view(state))
    return tuple(views)


async def finished_replay(games: GameService, game_id: int, guild_id: int | None) -> Replay:
    """A finished game of this server, ready to animate; running, cancelled or foreign games are refused."""
    game = await games.store.get_game(game_id)
    if game is None or game.guild_id != guild_id:
        raise GameError(Why.NO_SUCH_GAME, game=game_id)
    if game.game != "clans":
        raise GameError(Why.OTHER_GAME, game=game.game)
    if game.status != "finished":
        raise GameError(Why.REPLAY_NOT_OVER, game=game_id, status=game.status)
    actions = await games.actions(game_id)
    names = tuple(seat.name for seat in game.seats)
    return Replay(game_id, names, replay_views(game.seed, len(game.seats), actions), game.language)
