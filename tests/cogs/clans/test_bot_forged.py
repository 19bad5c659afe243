"""Custom ids are user input: a forged click from another server or channel acts on nothing, numbers past
the template's bound and bad menu values are answered, never left to fail."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from botkit import (  # every_interaction_answered: autouse, checks each test
    ORDER_SEED,
    answered,
    by_id,
    every_interaction_answered,  # noqa: F401
    message_with,
    open_game,
    peek,
    raw_component,
    reach_order,
    refused,
    start_bot,
    users,
)
from fakediscord import FakeChannel, FakeDiscord

ELSEWHERE = "This button belongs to a game in another channel: use the one under that game."
NOT_VALID = "That button or menu is not valid (any more)."


OTHER_GUILD = 9_500


def planted(fake: FakeDiscord, channel: FakeChannel, custom_id: str) -> dict[str, Any]:
    """A message of the bot's in ``channel`` (as a forger could make one appear: any message will do)."""
    return {
        "id": str(fake._ids.next()),
        "channel_id": str(channel.id),
        "type": 0,
        "author": fake.bot_user.user_object(),
        "content": "",
        "embeds": [],
        "components": [],
        "attachments": [],
        "mentions": [],
        "mention_roles": [],
        "mention_everyone": False,
        "pinned": False,
        "tts": False,
        "timestamp": "2024-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "flags": 0,
        "application_id": str(fake.application_id),
        "webhook_id": str(fake.application_id),
    }


def posted_in(fake: FakeDiscord, channel: FakeChannel, since: int) -> list[str]:
    return [c.path for c in fake.calls[since:] if c.path.startswith(f"/channels/{channel.id}/") and c.method != "GET"]


async def test_a_forged_click_from_another_server_changes_nothing(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    game_1 = await open_game(fake, [alice, bob])  # running in server A
    lobby_2 = fake.text_channel(905, "lobby")
    answered(await fake.slash(alice, "clans new", channel=lobby_2))
    game_2 = 2
    eve = fake.user(666, "eve", permissions=-1 & 0xFFFFFFFFFFFF)  # every permission in her own server
    server_b = FakeChannel(951, 0, OTHER_GUILD, "b")
    fake.channels[server_b.id] = server_b
    before_1, before_2 = await bot.services["clans"].record(game_1), await bot.services["clans"].record(game_2)
    since = len(fake.calls)

    for custom_id in (f"clans:cancel:{game_1}", f"clans:join:{game_2}", f"clans:start:{game_2}"):
        refused(await raw_component(fake, eve, planted(fake, server_b, custom_id), custom_id), ELSEWHERE)
    refused(
        await raw_component(
            fake, eve, planted(fake, server_b, f"clans:pace:{game_2}"), f"clans:pace:{game_2}", ["live"]
        ),
        ELSEWHERE,
    )
    # The same forgeries in server A, from another channel than the game's: refused too.
    refused(
        await raw_component(fake, alice, planted(fake, lobby_2, f"clans:cancel:{game_1}"), f"clans:cancel:{game_1}"),
        ELSEWHERE,
    )
    refused(
        await raw_component(fake, bob, planted(fake, fake.channel, f"clans:join:{game_2}"), f"clans:join:{game_2}"),
        ELSEWHERE,
    )

    assert (
        await bot.services["clans"].record(game_1) == before_1
        and await bot.services["clans"].record(game_2) == before_2
    )
    assert posted_in(fake, fake.channel, since) == [] and posted_in(fake, lobby_2, since) == []
    assert (await peek(bot, game_1)).record.status == "running"


async def test_numbers_past_the_bound_and_bad_values_are_answered(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[ORDER_SEED])
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    lobby = message_with(fake, "clans:join:")
    huge = 10**30
    for custom_id in (
        f"clans:cancel:{huge}",
        f"clans:join:{huge}",
        f"clans:replay:{huge}",
        f"clans:back:{huge}",
        f"clans:history:{huge}:0",
        f"clans:history:1:{huge}",
        "clans:nothing:1",
    ):
        refused(await raw_component(fake, alice, lobby, custom_id), NOT_VALID)
    refused(await raw_component(fake, alice, lobby, f"clans:order:{game_id}:{huge}", ["1"]), NOT_VALID)
    refused(await raw_component(fake, alice, lobby, f"clans:pace:{huge}", ["live"]), NOT_VALID)

    mover = await reach_order(fake, bot, by_id(alice, bob), game_id)
    menu = message_with(fake, f"clans:order:{game_id}:")
    ply = (await peek(bot, game_id)).state.ply
    for value in ("abc", str(huge), "-3", "٣", "", "12345"):
        refused(await raw_component(fake, mover, menu, f"clans:order:{game_id}:{ply}", [value]), "not one of the menu")
    assert (await peek(bot, game_id)).state.ply == ply  # nothing was played
