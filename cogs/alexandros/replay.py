"""Alexandros' animated replay (`/alexandros replay game:N`): what the frame's replay desk (cogs/replays.py)
needs to know of an Alexandros game. The desk keeps, draws one at a time and rations it like Clans'."""

from __future__ import annotations

from collections.abc import Sequence

from discord import ui

from cogs.replay_button import ReplayButton as SharedReplayButton
from cogs.replay_button import replay_id
from cogs.replay_button import replay_view as shared_replay_view
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


class ReplayButton(SharedReplayButton, custom_id=replay_id(GAME_NAME)):
    """Under a finished Alexandros game's result: its replay, shown to whoever asks (``alex:replay:N``)."""

    game = GAME_NAME


def replay_view(t: Texts, game_id: int) -> ui.View:
    return shared_replay_view(ReplayButton(game_id, t))
