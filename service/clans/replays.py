"""The positions of a finished game, one per action of its move log, for the animated replay."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.clans import Action, PublicView, new_game, parse_action, play, public_view
from service.clans.games import GameService
from service.errors import GameError, Why


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


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished game of the asker's server: what a replay may be drawn of."""

    game_id: int
    moves: int
    language: str
    """The game's language: the words of its public posts and of its replay."""


async def finished_game(games: GameService, game_id: int, guild_id: int | None) -> Finished:
    """The game, if it is a finished game of this server (else refused)."""
    game = await games.store.get_game(game_id)
    if game is None or game.guild_id != guild_id:
        raise GameError(Why.NO_SUCH_GAME, game=game_id)
    if game.game != "clans":
        raise GameError(Why.OTHER_GAME, game=game.game)
    if game.status != "finished":
        raise GameError(Why.REPLAY_NOT_OVER, game=game_id, status=game.status)
    return Finished(game_id, (await games.table_of(game)).view.turn, game.language)


async def replay_of(games: GameService, game_id: int) -> Replay:
    """Every position of the finished game, to animate."""
    found = await games.store.game_log(game_id)  # the game and its log, read together
    if found is None:
        raise GameError(Why.GAME_GONE)
    game, moves = found
    actions = [parse_action(m.action) for m in moves]
    names = tuple(seat.name for seat in game.seats)
    return Replay(game.id, names, replay_views(game.seed, len(game.seats), actions), game.language)


async def cached_gif(games: GameService, game_id: int, version: int) -> bytes | None:
    """The finished game's animation as a renderer of ``version`` drew it before (any process), if kept."""
    return await games.store.cached_replay(game_id, version)


async def keep_gif(games: GameService, game_id: int, version: int, gif: bytes) -> None:
    """Keep a finished game's animation: it never changes, so it is drawn once per renderer version."""
    await games.store.save_replay(game_id, version, gif)
