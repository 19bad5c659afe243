"""The animated replay: offered under the result, `/clans replay game:N` for finished games only."""

from __future__ import annotations

import io
from pathlib import Path

from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    by_id,
    custom_ids,
    every_interaction_answered,  # noqa: F401
    message_with,
    open_game,
    play_game,
    random_picker,
    refused,
    start_bot,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord
from fakediscord_server import FakeChannel
from PIL import Image

GIF_MAGIC = b"GIF89a"


def frames(gif: bytes) -> int:
    with Image.open(io.BytesIO(gif)) as image:
        return int(image.n_frames)


async def test_a_finished_game_offers_its_replay(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[11])
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    await play_game(fake, bot, game_id, by_id(alice, bob), random_picker(4))
    log = await stored_moves(bot, game_id)
    # The result carries a Replay button; pressing it shows the animation to the one who asked.
    final = message_with(fake, f"clans:replay:{game_id}")
    assert "Game over!" in final["content"]
    pressed = answered(await fake.click(bob, final, f"clans:replay:{game_id}"))
    [shown] = pressed.followups
    assert shown.ephemeral and shown.files[0][1].startswith(GIF_MAGIC)
    assert frames(shown.files[0][1]) == len(log) + 1, "the setup, then one frame per action of the log"
    # /clans replay posts it in the channel for everybody.
    posted = answered(await fake.slash(alice, "clans replay", {"game": game_id}))
    [public] = posted.followups
    assert not public.ephemeral
    name, gif = public.files[0]
    assert name == f"clans-game-{game_id}-replay.gif" and gif.startswith(GIF_MAGIC)
    assert frames(gif) == len(log) + 1
    assert f"Replay of game #{game_id}" in public.content


async def test_no_replay_of_a_running_game_or_another_servers(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[11])
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    refused(await fake.slash(alice, "clans replay", {"game": game_id}), "still being played")
    refused(await fake.slash(alice, "clans replay", {"game": 42}), "There is no game #42 in this server")
    await play_game(fake, bot, game_id, by_id(alice, bob), random_picker(4))
    elsewhere = FakeChannel(950, 0, fake.guild_id + 1, "elsewhere")
    fake.channels[elsewhere.id] = elsewhere
    refused(
        await fake.slash(alice, "clans replay", {"game": game_id}, channel=elsewhere),
        f"There is no game #{game_id} in this server",
    )
    assert custom_ids(message_with(fake, f"clans:replay:{game_id}")) == [f"clans:replay:{game_id}"]
