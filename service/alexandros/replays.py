"""The positions of a finished Alexandros game, one per action of its move log, for the animated replay.

Rebuilt from the seed and the log inside the service; what leaves it is public only: the public views (hand
sizes, never hands), who did what (as the table saw it), and the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import engine.alexandros as alex
from errors import GameError, Why
from service.alexandros.games import GAME_NAME, AlexandrosService
from service.replays import Finished, finished_record

Play = tuple[int, alex.Action]
"""Who acted (a seat) and what they did."""


@dataclass(frozen=True, slots=True)
class AlexReplay:
    game_id: int
    names: tuple[str, ...]
    views: tuple[alex.PublicView, ...]
    """The setup, then the position after each action of the log (the last one is the end of the game)."""
    plays: tuple[Play, ...]
    """``plays[i]`` leads from ``views[i]`` to ``views[i + 1]``."""
    result: alex.Result | None
    language: str = "en"
    """The game's language: the words drawn on the frames."""


def replay_steps(
    seed: int, players: int, log: Sequence[Play]
) -> tuple[tuple[alex.PublicView, ...], alex.Result | None]:
    """Every public view of the game from its seed and log (the seed and the hands stay here), and the
    result once it is over."""
    state = alex.new_game(players, seed)
    views = [alex.public_view(state)]
    for _, action in log:
        alex.apply(state, action)
        views.append(alex.public_view(state))
    return tuple(views), alex.result(state)


async def finished_game(games: AlexandrosService, game_id: int, guild_id: int | None) -> Finished:
    """The game, if it is a finished Alexandros game of this server (else refused); a move is an action."""
    game = await finished_record(games.store, game_id, guild_id, GAME_NAME)
    return Finished(game_id, game.snapshot_ply, game.language)


async def replay_of(games: AlexandrosService, game_id: int) -> AlexReplay:
    """Every position of the finished game, to animate."""
    game = await games.store.get_game(game_id)
    if game is None or game.game != GAME_NAME:
        raise GameError(Why.GAME_GONE)
    log = [(move.seat, alex.parse_action(move.action)) for move in await games.store.moves(game_id)]
    views, result = replay_steps(game.seed, len(game.seats), log)
    names = tuple(seat.name for seat in game.seats)
    return AlexReplay(game.id, names, views, tuple(log), result, game.language)
