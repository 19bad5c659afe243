"""The fake Discord notifies as Discord does: only a created, non-ephemeral message pings, and only the users its
``allowed_mentions`` let through; edits, ``@original`` after a defer and the follow-up that fills a "thinking…"
placeholder notify nobody (discord-api-docs #5497); a DM notifies its recipient."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from fakediscord import FakeDiscord

ALICE, BOB, CAROL = 1, 2, 3
ONLY_BOB = discord.AllowedMentions(users=[discord.Object(BOB)], everyone=False, roles=False)


class Pings(commands.GroupCog, group_name="ping"):
    """Each command mentions bob (and carol) one way Discord treats differently."""

    @app_commands.command(name="reply", description="A public reply that mentions bob")
    async def reply(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"<@{BOB}> <@{CAROL}>, your move", allowed_mentions=ONLY_BOB)

    @app_commands.command(name="thinking", description="Defer with thinking, then the follow-up that fills it")
    async def thinking(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send(f"<@{BOB}>, your move", allowed_mentions=ONLY_BOB)
        await interaction.followup.send(f"<@{BOB}>, a second follow-up is a new message", allowed_mentions=ONLY_BOB)

    @app_commands.command(name="original", description="Defer, then edit @original")
    async def original(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.edit_original_response(content=f"<@{BOB}>, your move", allowed_mentions=ONLY_BOB)

    @app_commands.command(name="edit", description="A channel message edited to mention bob")
    async def edit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok", ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        message = await interaction.channel.send("thinking…")
        await message.edit(content=f"<@{BOB}>, your move", allowed_mentions=ONLY_BOB)

    @app_commands.command(name="channel", description="A new channel message with no allowed_mentions of its own")
    async def channel(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok", ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send(f"<@{BOB}> and <@{CAROL}>")

    @app_commands.command(name="secret", description="An ephemeral reply mentioning bob")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"<@{BOB}>", ephemeral=True, allowed_mentions=ONLY_BOB)

    @app_commands.command(name="dm", description="A DM to the user, mentioning nobody")
    async def dm(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok", ephemeral=True)
        await interaction.user.send("your move")

    @app_commands.command(name="embed", description="A mention inside an embed")
    async def embed(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(description=f"<@{BOB}>, your move")
        await interaction.response.send_message(embed=embed, allowed_mentions=ONLY_BOB)


class PingBot(commands.Bot):
    def __init__(self, allowed: discord.AllowedMentions | None = None) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), allowed_mentions=allowed)

    async def setup_hook(self) -> None:
        await self.add_cog(Pings())


@pytest.fixture
async def pings(fake: FakeDiscord) -> FakeDiscord:
    await fake.start(PingBot())
    for uid, name in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")):
        fake.user(uid, name)
    return fake


async def notified(fake: FakeDiscord, command: str) -> list[int]:
    return (await fake.slash(fake.users[ALICE], command)).notified


async def test_a_created_reply_pings_exactly_the_allowed_users(pings: FakeDiscord) -> None:
    assert await notified(pings, "ping reply") == [BOB]
    [message] = pings.notified(BOB)
    assert message["content"].endswith("your move")
    assert pings.notified(CAROL) == []  # mentioned, but not allowed


async def test_the_follow_up_that_fills_a_thinking_placeholder_is_an_edit(pings: FakeDiscord) -> None:
    result = await pings.slash(pings.users[ALICE], "ping thinking")
    assert result.notified == [BOB]
    [message] = pings.notified(BOB)
    assert "second follow-up" in message["content"]  # only the new message pinged


async def test_edits_notify_nobody(pings: FakeDiscord) -> None:
    assert await notified(pings, "ping original") == []
    assert await notified(pings, "ping edit") == []
    assert f"<@{BOB}>" in pings.channel_messages()[-1]["content"]  # the mention is there, silent


async def test_without_allowed_mentions_discord_parses_every_mention(pings: FakeDiscord) -> None:
    assert await notified(pings, "ping channel") == [BOB, CAROL]


async def test_ephemeral_messages_and_embeds_notify_nobody(pings: FakeDiscord) -> None:
    assert await notified(pings, "ping secret") == []
    assert await notified(pings, "ping embed") == []


async def test_a_dm_notifies_its_recipient(pings: FakeDiscord) -> None:
    assert await notified(pings, "ping dm") == [ALICE]
