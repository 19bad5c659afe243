"""The positions of a finished game, one per action of its move log, for the animated replay."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import Action, PublicView, new_game, play, public_view
from service.errors import GameError
from service.games import GameService


@dataclass(frozen=True, slots=True)
class Replay:
    game_id: int
    names: tuple[str, ...]
    views: tuple[PublicView, ...]
    """The setup, then the position after each action of the log (the last one is the end of the game)."""


def replay_views(seed: int, players: int, actions: Sequence[Action]) -> tuple[PublicView, ...]:
    """Public views only: the replay never needs, and never shows, more than the channel saw."""
    state = new_game(players, seed)
    views = [public_view(state)]
    for action in actions:
        play(state, action)
        views.append(public_view(state))
    return tuple(views)


async def finished_game(games: GameService, game_id: int, guild_id: int | None) -> int:
    """The number of moves of the game, if it is a finished game of this server (else refused): what a replay
    may be drawn of."""
    game = await games.store.get_game(game_id)
    if game is None or game.guild_id != guild_id:
        raise GameError(f"There is no game #{game_id} in this server.")
    if game.status != "finished":
        refusal = {
            "lobby": "is still in its lobby",
            "running": "is still being played: its replay is shown once it is over",
            "cancelled": "was cancelled",
        }
        raise GameError(f"Game #{game_id} {refusal.get(game.status, 'is not over')}.")
    return (await games.table(game_id)).view.turn


async def replay_of(games: GameService, game_id: int) -> Replay:
    """Every position of the finished game, to animate."""
    game = await games.store.get_game(game_id)
    if game is None:
        raise GameError("That game no longer exists.")
    actions = await games.actions(game.id)
    names = tuple(seat.name for seat in game.seats)
    return Replay(game.id, names, replay_views(game.seed, len(game.seats), actions))


async def cached_gif(games: GameService, game_id: int, version: int) -> bytes | None:
    """The finished game's animation as a renderer of ``version`` drew it before (any process), if kept."""
    return await games.store.cached_replay(game_id, version)


async def keep_gif(games: GameService, game_id: int, version: int, gif: bytes) -> None:
    """Keep a finished game's animation: it never changes, so it is drawn once per renderer version."""
    await games.store.save_replay(game_id, version, gif)
