"""Alexandros' animated replay (`/alexandros replay game:N`): what the frame's replay desk (cogs/replays.py)
needs to know of an Alexandros game. The desk keeps, draws one at a time and rations it like Clans'."""

from __future__ import annotations

from collections.abc import Sequence

from discord import ui

from cogs.replays import ReplayButton as SharedReplayButton
from cogs.replays import ReplayKind, replay_template
from cogs.replays import replay_view as shared_replay_view
from render.alexandros.replay import RENDERER_VERSION, render_replay
from service.alexandros import KIND, AlexandrosService
from service.alexandros.replays import AlexReplay, finished_game, replay_of
from service.replays import Finished
from texts import Texts


def alexandros_replays(games: AlexandrosService) -> ReplayKind[AlexReplay]:
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

    return ReplayKind(
        game=KIND,
        version=RENDERER_VERSION,
        finished=lambda game_id, guild_id: finished_game(games, game_id, guild_id),
        rebuild=lambda game_id: replay_of(games, game_id),
        draw=draw,
        caption=caption,
    )


class ReplayButton(SharedReplayButton, template=replay_template(KIND)):
    """Under a finished Alexandros game's result: its replay, shown to whoever asks (``alex:replay:N``)."""

    game_kind = KIND


def replay_view(t: Texts, game_id: int) -> ui.View:
    return shared_replay_view(ReplayButton(game_id, t))
