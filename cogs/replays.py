"""The animated replay of a finished game: `/clans replay game:N` and the Replay button under a result."""

from __future__ import annotations

import asyncio
import io

import discord

from render.replay import render_replay
from service import GameService
from service.replays import finished_replay
from texts import of_game
from usertext import clean_name

MAX_BYTES = 8 * 1024 * 1024
"""Discord's upload limit for a server without boosts."""


def replay_file_name(game_id: int) -> str:
    return f"clans-game-{game_id}-replay.gif"


async def send_replay(games: GameService, interaction: discord.Interaction, game_id: int, ephemeral: bool) -> None:
    """Refuse (through the one error path) before answering; render in a thread; post the animation."""
    replay = await finished_replay(games, game_id, interaction.guild_id)
    await interaction.response.defer(thinking=True, ephemeral=ephemeral)
    t = of_game(replay)  # the animation speaks the game's language, whoever asked for it
    gif = await asyncio.to_thread(render_replay, replay.views, [clean_name(n) for n in replay.names], t)
    if len(gif) > MAX_BYTES:
        refusal = t._("The replay of game #{game} is too large to post.", game=game_id)
        await interaction.followup.send(refusal, ephemeral=True)
        return
    moves = replay.views[-1].turn
    await interaction.followup.send(
        content=t.n_(
            "Replay of game #{game}: {count} move, one frame per action.",
            "Replay of game #{game}: {count} moves, one frame per action.",
            moves,
            game=game_id,
            count=moves,
        ),
        file=discord.File(io.BytesIO(gif), filename=replay_file_name(game_id)),
        ephemeral=ephemeral,
    )
