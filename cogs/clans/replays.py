"""Clans' animated replay: `/clans replay game:N` and the Replay button under a result. The desk that keeps,
draws and rations replays is the shared one (cogs/replays.py); this module tells it what a Clans replay is.
"""

from __future__ import annotations

from collections.abc import Sequence

from cogs.replays import GameReplays
from render.clans.replay import RENDERER_VERSION, render_replay
from service.clans.games import GAME_NAME, ClansService
from service.clans.replays import Replay, finished_game, replay_of
from service.replays import Finished
from texts import Texts


def clans_replays(games: ClansService) -> GameReplays[Replay]:
    """What the desk needs to replay a Clans game: one frame per action, drawn from the public views."""

    def draw(replay: Replay, names: Sequence[str], t: Texts) -> bytes:
        return render_replay(replay.views, names, t)

    def caption(t: Texts, finished: Finished) -> str:
        return t.n_(
            "Replay of game #{game}: {count} move, one frame per action.",
            "Replay of game #{game}: {count} moves, one frame per action.",
            finished.moves,
            game=finished.game_id,
            count=finished.moves,
        )

    return GameReplays(
        game=GAME_NAME,
        version=RENDERER_VERSION,
        finished=lambda game_id, guild_id: finished_game(games, game_id, guild_id),
        rebuild=lambda game_id: replay_of(games, game_id),
        draw=draw,
        caption=caption,
    )
