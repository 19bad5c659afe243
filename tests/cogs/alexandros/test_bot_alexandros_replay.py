"""`/alexandros replay game:N` at the same price ceiling as Clans': an animated GIF drawn once and kept in the
database, answered "thinking…" at once, a cooldown per member shared with Clans' replays, and refusals for a
running game, another server's game and another game's command."""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    by_id,
    cog,
    every_interaction_answered,  # noqa: F401
    message_with,
    open_game,
    play_turn,
    refused,
    start_bot,
    users,
)
from fakediscord import FakeChannel, FakeDiscord, FakeUser
from PIL import Image

from bot import GameBot
from render.alexandros.replay import LAST_FRAME_MS, RENDERER_VERSION
from service.pace import ManualClock
from texts import Texts

GIF_MAGIC = b"GIF89a"
ACTIONS = 9
"""Played before the resignation that ends the game: Alexander's moves, walls and actions of a few turns."""


def frames(gif: bytes) -> list[int]:
    """Each frame's duration."""
    with Image.open(io.BytesIO(gif)) as image:
        durations = []
        for index in range(image.n_frames):
            image.seek(index)
            durations.append(int(image.info["duration"]))
        return durations


async def alexandros_game(fake: FakeDiscord, bot: GameBot, players: list[FakeUser], channel_id: int) -> int:
    """A two-player Alexandros game in its own channel, started through the bot and left running."""
    channel = fake.text_channel(channel_id)
    host, guest = players
    answered(await fake.slash(host, "alexandros new", channel=channel))
    answered(await fake.slash(guest, "alexandros join", channel=channel))
    answered(await fake.slash(host, "alexandros start", channel=channel))
    game = await bot.store.latest_game(channel_id)
    assert game is not None and game.game == "alexandros"
    return game.id


async def finished_alexandros(fake: FakeDiscord, bot: GameBot, players: list[FakeUser], channel_id: int) -> int:
    """The game above, over after ACTIONS actions: the player to move then resigns."""
    game_id = await alexandros_game(fake, bot, players, channel_id)
    service, by_user = bot.services["alexandros"], by_id(*players)
    for _ in range(ACTIONS):
        mover = (await service.table(game_id)).mover.user_id
        assert mover is not None
        legal = (await service.hand(game_id, mover)).legal
        await service.act(game_id, mover, next(a for a in legal if not a.startswith("resign")))
    mover = (await service.table(game_id)).mover.user_id
    assert mover is not None
    answered(await fake.slash(by_user[mover], "alexandros resign", channel=fake.channels[channel_id]))
    assert (await bot.store.get_game(game_id)).status == "finished"  # type: ignore[union-attr]
    return game_id


async def test_the_end_post_has_a_replay_button_that_shows_the_animation_to_whoever_clicks(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob, carol = users(fake, 3)
    game_id = await finished_alexandros(fake, bot, [alice, bob], 941)
    end = message_with(fake, f"alex:replay:{game_id}", fake.channels[941])
    assert f"Alexandros #{game_id} is over" in end["content"]
    clicked = answered(await fake.click(carol, end, f"alex:replay:{game_id}"))
    [posted] = clicked.followups
    assert posted.ephemeral and posted.files[0][1].startswith(GIF_MAGIC)  # only the one who asked sees it
    assert f"Replay of Alexandros #{game_id}" in posted.content


async def test_an_alexandros_replay_is_an_animation_drawn_once_then_sent_from_the_database(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob, carol = users(fake, 3)
    game_id = await finished_alexandros(fake, bot, [alice, bob], 940)
    desk = cog(bot).replays
    assert bot.get_cog("Alexandros").replays is desk  # type: ignore[union-attr]  # one desk for both games
    here = fake.channels[940]  # asked in the game's own channel: posted for everyone there
    first = answered(await fake.slash(alice, "alexandros replay", {"game": game_id}, channel=here))
    assert first.response is not None and first.response.callback_type == 5, "answered at once: thinking…"
    [posted] = first.followups
    name, gif = posted.files[0]
    assert not posted.ephemeral and name == f"alexandros-game-{game_id}-replay.gif" and gif.startswith(GIF_MAGIC)
    assert f"Replay of Alexandros #{game_id}: {ACTIONS + 1} actions" in posted.content
    durations = frames(gif)
    assert len(durations) == ACTIONS + 3, "the setup, a frame per action (the resignation too), the result"
    assert durations[-1] == LAST_FRAME_MS > durations[0]
    assert desk.drawn == 1 and await bot.store.cached_replay(game_id, RENDERER_VERSION) == gif
    again = answered(await fake.slash(carol, "alexandros replay", {"game": game_id}, channel=here))
    assert again.followups[0].files[0][1] == gif and desk.drawn == 1, "the kept replay was sent, not drawn again"
    # From another channel of the server (the cache says bob may see the game's), only the asker sees it.
    fake.guild_available()
    elsewhere = answered(await fake.slash(bob, "alexandros replay", {"game": game_id}))
    assert [s.ephemeral for s in elsewhere.followups if s.files] == [True]


async def test_the_replay_cooldown_is_per_member_and_shared_with_clans(fake: FakeDiscord, tmp_path: Path) -> None:
    clock = ManualClock()
    bot = await start_bot(fake, tmp_path, seeds=[11], now=clock, replay_cooldown_s=30)
    alice, bob = users(fake, 2)
    clans_channel = fake.text_channel(941)
    clans_game = await open_game(fake, [alice, bob], channel=clans_channel)
    await play_turn(fake, bot, clans_game, by_id(alice, bob), channel=clans_channel)
    answered(await fake.slash(bob, "clans resign", channel=clans_channel))
    game_id = await finished_alexandros(fake, bot, [alice, bob], 942)
    here = fake.channels[942]
    answered(await fake.slash(alice, "alexandros replay", {"game": game_id}, channel=here))
    clock.advance(timedelta(seconds=10))
    refused(await fake.slash(alice, "alexandros replay", {"game": game_id}, channel=here), "try again in 20 seconds")
    refused(
        await fake.slash(alice, "clans replay", {"game": clans_game}, channel=clans_channel), "try again in 20 seconds"
    )
    refused(
        await fake.slash(alice, "alexandros replay", {"game": game_id}, channel=here, locale="it"),
        "riprova tra 20 secondi",
    )
    answered(await fake.slash(bob, "alexandros replay", {"game": game_id}, channel=here))  # each member's own
    clock.advance(timedelta(seconds=20))
    shown = answered(await fake.slash(alice, "alexandros replay", {"game": game_id}, channel=here))
    assert shown.followups[0].files[0][1].startswith(GIF_MAGIC)


async def test_no_alexandros_replay_of_a_running_game_another_servers_or_a_clans_game(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[11])
    alice, bob = users(fake, 2)
    running = await alexandros_game(fake, bot, [alice, bob], 943)
    refused(
        await fake.slash(alice, "alexandros replay", {"game": running}, channel=fake.channels[943]),
        "still being played",
    )
    refused(await fake.slash(alice, "alexandros replay", {"game": 42}), "There is no game #42 in this server")
    game_id = await finished_alexandros(fake, bot, [alice, bob], 944)
    elsewhere = FakeChannel(950, 0, fake.guild_id + 1, "elsewhere")
    fake.channels[elsewhere.id] = elsewhere
    refused(
        await fake.slash(alice, "alexandros replay", {"game": game_id}, channel=elsewhere),
        f"There is no game #{game_id} in this server",
    )
    clans_channel = fake.text_channel(945)
    clans_game = await open_game(fake, [alice, bob], channel=clans_channel)
    await play_turn(fake, bot, clans_game, by_id(alice, bob), channel=clans_channel)
    answered(await fake.slash(bob, "clans resign", channel=clans_channel))
    refused(
        await fake.slash(alice, "alexandros replay", {"game": clans_game}, channel=clans_channel),
        "game of Clans",
        "/clans",
    )
    assert cog(bot).replays.drawn == 0 and await bot.store.cached_replay(game_id, RENDERER_VERSION) is None


async def test_clans_and_alexandros_replays_are_drawn_one_at_a_time(fake: FakeDiscord, tmp_path: Path) -> None:
    """One drawing slot for every game: an Alexandros replay asked while a Clans one is drawn waits for it,
    already answered."""
    bot = await start_bot(fake, tmp_path, seeds=[11])
    alice, bob = users(fake, 2)
    clans_channel = fake.text_channel(946)
    clans_game = await open_game(fake, [alice, bob], channel=clans_channel)
    await play_turn(fake, bot, clans_game, by_id(alice, bob), channel=clans_channel)
    answered(await fake.slash(bob, "clans resign", channel=clans_channel))
    game_id = await finished_alexandros(fake, bot, [alice, bob], 947)
    desk = cog(bot).replays
    release, started = threading.Event(), threading.Event()
    drawing, most, lock = [0], [0], threading.Lock()

    def held(draw: Callable[[Any, Sequence[str], Texts], bytes]) -> Callable[[Any, Sequence[str], Texts], bytes]:
        def run(rebuilt: Any, names: Sequence[str], t: Texts) -> bytes:
            with lock:
                drawing[0] += 1
                most[0] = max(most[0], drawing[0])
            started.set()
            release.wait(60)
            try:
                return draw(rebuilt, names, t)
            finally:
                with lock:
                    drawing[0] -= 1

        return run

    for game in ("clans", "alexandros"):
        desk.games[game] = replace(desk.games[game], draw=held(desk.games[game].draw))
    asked = [
        await fake.slash(alice, "clans replay", {"game": clans_game}, channel=clans_channel, settle=False),
        await fake.slash(bob, "alexandros replay", {"game": game_id}, channel=fake.channels[947], settle=False),
    ]
    await fake.wait_until(lambda: started.is_set() and all(r.response is not None for r in asked))
    assert all(r.response is not None and r.response.callback_type == 5 for r in asked), "answered: thinking…"
    release.set()
    await fake.settle(60)
    assert most[0] == 1 and desk.drawn == 2
    assert all(r.followups and r.followups[-1].files[0][1].startswith(GIF_MAGIC) for r in asked)
