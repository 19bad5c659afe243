"""Alexandros' animated replay (`/alexandros replay game:N`): what the shared replay desk (cogs/replays.py)
needs to know of an Alexandros game. The desk keeps, draws one at a time and rations it like Clans'."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.replays import GameReplays
from render.alexandros.replay import RENDERER_VERSION, render_replay
from service.alexandros import GAME_NAME, AlexandrosService
from service.alexandros.replays import AlexReplay, finished_game, replay_of
from service.replays import Finished
from texts import Texts


def alexandros_replays(games: AlexandrosService) -> GameReplays[AlexReplay]:
    """One frame per action of the log, then the result; drawn from the public views only."""

    def draw(replay: AlexReplay, names: Sequence[str], t: Texts) -> bytes:
        return render_replay(replay.views, replay.plays, replay.result, names, t)

    def caption(t: Texts, finished: Finished) -> str:
        return t.n_(
            "Replay of Alexandros #{game}: {count} action, one frame per action.",
            "Replay of Alexandros #{game}: {count} actions, one frame per action.",
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
