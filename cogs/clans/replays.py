"""Clans' animated replay: `/clans replay game:N` and the Replay button under a result. The desk that keeps,
draws and rations replays is the shared one (cogs/replays.py); this module tells it what a Clans replay is.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from cogs.replays import GameReplays
from errors import GameError
from render.clans.replay import RENDERER_VERSION, render_replay
from render.clans.told_chart import chart_name, told_chart
from service.ai_pool import AiPoolError
from service.clans.games import GAME_NAME, ClansService
from service.clans.replays import Replay, finished_game, replay_of
from service.replays import Finished
from texts import Texts

log = logging.getLogger("clans.cog")


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

    async def beside(game_id: int, t: Texts) -> tuple[str, bytes] | None:
        """What each move told the table, beside the animation (service/clans/told.py)."""
        try:
            told = await games.told(game_id)
        except (AiPoolError, GameError) as error:
            log.warning("No picture of what each move told beside the replay of game %s: %s", game_id, error)
            return None
        png = await asyncio.to_thread(told_chart, t, told.seats, told.telling, told.moves)
        return chart_name(game_id), png

    return GameReplays(
        game=GAME_NAME,
        version=RENDERER_VERSION,
        finished=lambda game_id, guild_id: finished_game(games, game_id, guild_id),
        rebuild=lambda game_id: replay_of(games, game_id),
        draw=draw,
        caption=caption,
        beside=beside,
    )
