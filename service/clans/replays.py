"""The positions of a finished game, one per action of its move log, for the animated replay."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.clans import Action, PublicView, board_named, new_game, parse_action, play, public_view
from errors import GameError, Why
from service.clans.games import ClansService
from service.replays import Finished, finished_record


@dataclass(frozen=True, slots=True)
class Replay:
    game_id: int
    names: tuple[str, ...]
    views: tuple[PublicView, ...]
    """The setup, then the position after each action of the log (the last one is the end of the game)."""
    language: str = "en"
    """The game's language: the words drawn on the frames."""


def replay_views(seed: int, players: int, actions: Sequence[Action], board: str = "") -> tuple[PublicView, ...]:
    """Public views only: the replay never needs, and never shows, more than the channel saw. ``board``: as stored."""
    state = new_game(players, seed, board_named(board))
    views = [public_view(state)]
    for action in actions:
        play(state, action)
        views.append(public_view(state))
    return tuple(views)


async def finished_game(games: ClansService, game_id: int, guild_id: int | None) -> Finished:
    """The game, if it is a finished Clans game of this server (else refused); a move is a hut move."""
    game = await finished_record(games.store, game_id, guild_id, "clans")
    return Finished(game_id, (await games.table_of(game)).view.turn, game.language)


async def replay_of(games: ClansService, game_id: int) -> Replay:
    """Every position of the finished game, to animate."""
    found = await games.store.game_log(game_id)  # the game and its log, read together
    if found is None:
        raise GameError(Why.GAME_GONE)
    game, moves = found
    actions = [parse_action(m.action) for m in moves]
    names = tuple(seat.name for seat in game.seats)
    return Replay(game.id, names, replay_views(game.seed, len(game.seats), actions, game.board), game.language)
