"""Proves the fake Discord harness with a small test-only cog: every feature the bot's tests will lean on."""

from __future__ import annotations

import asyncio
import io

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from fakediscord import FakeDiscord, UnexpectedRequest

PING_ID = "demo:panel:ping"
PICK_ID = "demo:panel:pick"


class Panel(discord.ui.View):
    """A persistent view: fixed custom_ids, no timeout, registered in setup_hook."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Ping", custom_id=PING_ID, style=discord.ButtonStyle.primary)
    async def ping(self, interaction: discord.Interaction, button: discord.ui.Button[Panel]) -> None:
        bot_number = getattr(interaction.client, "number", 0)
        await interaction.response.send_message(
            f"pong for {interaction.user.name} from bot {bot_number}", ephemeral=True
        )

    @discord.ui.select(
        custom_id=PICK_ID,
        placeholder="Pick a colour",
        options=[discord.SelectOption(label="Red", value="red"), discord.SelectOption(label="Blue", value="blue")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Panel]) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}")


class Demo(commands.GroupCog, group_name="demo"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="secret", description="An ephemeral reply")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you can see this", ephemeral=True)

    @app_commands.command(name="move", description="Integer options with autocomplete")
    @app_commands.rename(from_="from")
    @app_commands.describe(from_="Territory to move from", to="Territory to move to")
    async def move(self, interaction: discord.Interaction, from_: app_commands.Range[int, 1, 60], to: int) -> None:
        await interaction.response.send_message(f"moved {from_}-{to}")

    @move.autocomplete("to")
    async def move_to_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        source = int(interaction.namespace["from"])
        return [
            app_commands.Choice(name=f"{d} · forest", value=d)
            for d in (source + 1, source + 2)
            if str(d).startswith(current)
        ]

    @app_commands.command(name="board", description="Defer, then a follow-up with a file")
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await asyncio.sleep(0.05)  # stands in for rendering off the event loop
        await interaction.followup.send("the board", file=discord.File(io.BytesIO(b"png"), "board.png"))

    @app_commands.command(name="whisper", description="A DM, or a public note when DMs are closed")
    async def whisper(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        try:
            await interaction.user.send("your clan is red", view=Panel())
        except discord.Forbidden as error:
            assert interaction.channel is not None and isinstance(interaction.channel, discord.abc.Messageable)
            await interaction.channel.send(f"{interaction.user.mention} your DMs are closed (code {error.code})")
            await interaction.followup.send("could not DM you", ephemeral=True)
        else:
            await interaction.followup.send("check your DMs", ephemeral=True)

    @app_commands.command(name="announce", description="Channel message, edits of it and of the reply")
    async def announce(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("announcing", ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel | discord.Thread)
        message = await interaction.channel.send("hello all")
        await message.edit(content="hello everyone")
        await interaction.edit_original_response(content="announced")

    @app_commands.command(name="later", description="Work in a task spawned by the command")
    async def later(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("working", ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)

        async def finish() -> None:
            await asyncio.sleep(0.02)
            await channel.send("done later")

        self.bot.loop.create_task(finish())

    @app_commands.command(name="crash", description="A spawned task that dies")
    async def crash(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok", ephemeral=True)

        async def die() -> None:
            raise ValueError("lost work")

        self.bot.loop.create_task(die(), name="doomed")

    @app_commands.command(name="panel", description="A message with the persistent view")
    async def panel(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("choose", view=Panel())

    @app_commands.command(name="kick", description="A user option behind a permission check")
    @app_commands.checks.has_permissions(manage_messages=True)
    async def kick(self, interaction: discord.Interaction, user: discord.Member, loudly: bool = False) -> None:
        where = type(interaction.channel).__name__
        await interaction.response.send_message(f"kicked {user.display_name} loudly={loudly} in {where}")

    @app_commands.command(name="boom", description="Raises")
    async def boom(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    @app_commands.command(name="stray", description="Uses a route the fake does not know")
    async def stray(self, interaction: discord.Interaction) -> None:
        assert interaction.guild is not None
        await interaction.guild.fetch_roles()

    @app_commands.command(name="slow", description="Answers too late")
    async def slow(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.05)
        await interaction.response.send_message("finally")

    @app_commands.command(name="hang", description="Never finishes")
    async def hang(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(3600)


class DemoTree(app_commands.CommandTree):
    """One error path: every failure becomes a short ephemeral message."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        cause = getattr(error, "original", error)
        text = f"Sorry: {type(cause).__name__}"
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass  # the interaction expired; nothing left to tell the user


class DemoBot(commands.Bot):
    def __init__(self, number: int = 1) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(), tree_cls=DemoTree)
        self.number = number

    async def setup_hook(self) -> None:
        await self.add_cog(Demo(self))
        self.add_view(Panel())


@pytest.fixture
async def demo(fake: FakeDiscord) -> FakeDiscord:
    await fake.start(DemoBot())
    return fake


async def test_ephemeral_reply_reaches_only_the_user(demo: FakeDiscord) -> None:
    alice = demo.user(1, "alice")
    result = await demo.slash(alice, "demo secret")
    assert result.response is not None
    assert result.response.callback_type == 4
    assert result.response.ephemeral
    assert result.response.content == "only you can see this"
    assert demo.channel_messages() == []
    assert "only you" not in demo.all_public_text()
    assert 0 <= result.latency < 1
    assert [c.path for c in demo.responses_to(result.id)] == [f"/interactions/{result.id}/tok{result.id}/callback"]


async def test_integer_options_reach_the_command_typed(demo: FakeDiscord) -> None:
    result = await demo.slash(demo.user(1, "alice"), "demo move", {"from": 23, "to": 24})
    assert result.response is not None and not result.response.ephemeral
    [message] = demo.channel_messages()
    assert message["content"] == "moved 23-24"
    assert message["author"]["id"] == "1000"
    assert result.response.message is not None and result.response.message["id"] == message["id"]


async def test_options_discord_would_refuse_are_refused(demo: FakeDiscord) -> None:
    alice = demo.user(1, "alice")
    with pytest.raises(ValueError, match="range"):
        await demo.slash(alice, "demo move", {"from": 99, "to": 24})
    with pytest.raises(ValueError, match="required"):
        await demo.slash(alice, "demo move", {"from": 23})
    with pytest.raises(TypeError):
        await demo.slash(alice, "demo move", {"from": "23", "to": 24})
    with pytest.raises(ValueError, match="no option"):
        await demo.slash(alice, "demo move", {"from": 23, "to": 24, "via": 5})
    with pytest.raises(LookupError):
        await demo.slash(alice, "demo fly")


async def test_autocomplete_returns_the_offered_choices(demo: FakeDiscord) -> None:
    alice = demo.user(1, "alice")
    choices = await demo.autocomplete(alice, "demo move", focused="to", options={"from": 23, "to": "2"})
    assert choices == [{"name": "24 · forest", "value": 24}, {"name": "25 · forest", "value": 25}]
    assert await demo.autocomplete(alice, "demo move", focused="to", options={"from": 23, "to": "9"}) == []


async def test_defer_then_followup_with_a_file(demo: FakeDiscord) -> None:
    result = await demo.slash(demo.user(1, "alice"), "demo board")
    assert result.response is not None and result.response.callback_type == 5
    assert result.response.message is not None and result.response.message["flags"] == 128  # "thinking..."
    assert not result.response.ephemeral
    assert result.duration >= 0.05 > result.latency  # the whole reply took the render sleep; the defer did not
    [followup] = result.followups
    assert followup.files == [("board.png", b"png")]
    assert followup.content == "the board"
    # The first follow-up replaces the "thinking..." message: one public message with the file.
    [message] = demo.channel_messages()
    assert message["content"] == "the board" and message["flags"] == 0
    assert [a["filename"] for a in message["attachments"]] == ["board.png"]
    assert demo.files_of(message) == [("board.png", b"png")]
    assert "board.png" in demo.all_public_text()


async def test_dm_goes_to_the_user_only(demo: FakeDiscord) -> None:
    alice = demo.user(1, "alice")
    result = await demo.slash(alice, "demo whisper")
    [dm] = demo.dms(alice.id)
    assert dm["content"] == "your clan is red"
    assert "red" not in demo.all_public_text()
    assert [f.content for f in result.followups] == ["check your DMs"]
    assert result.followups[0].ephemeral
    # A button in the DM is clicked in the DM channel: the interaction carries a user, not a member.
    click = await demo.click(alice, dm, PING_ID)
    assert click.payload["context"] == 1 and "guild_id" not in click.payload
    assert click.response is not None and click.response.content == "pong for alice from bot 1"


async def test_closed_dms_raise_forbidden_50007(demo: FakeDiscord) -> None:
    bob = demo.user(2, "bob")
    demo.close_dms(bob.id)
    result = await demo.slash(bob, "demo whisper")
    assert demo.dms(bob.id) == []
    [note] = demo.channel_messages()
    assert note["content"] == "<@2> your DMs are closed (code 50007)"
    assert note["mentions"][0]["id"] == "2"
    assert [c.status for c in result.calls_during if c.method == "POST" and "/channels/" in c.path] == [403, 200]
    assert result.followups[0].ephemeral and "red" not in demo.all_public_text()


async def test_channel_messages_and_edits(demo: FakeDiscord) -> None:
    result = await demo.slash(demo.user(1, "alice"), "demo announce")
    assert [m["content"] for m in demo.channel_messages()] == ["hello everyone"]
    [edit_of_reply, *_] = [e for e in result.edits if "@original" in e.call.path]
    assert edit_of_reply.content == "announced" and edit_of_reply.ephemeral
    public = demo.all_public_text()
    assert "hello all" in public and "hello everyone" in public  # edited-away text still counts as leaked
    assert "announc" not in public


async def test_settle_waits_for_tasks_the_command_spawned(demo: FakeDiscord) -> None:
    await demo.slash(demo.user(1, "alice"), "demo later")
    assert [m["content"] for m in demo.channel_messages()] == ["done later"]


async def test_settle_fails_when_the_bot_never_finishes(demo: FakeDiscord) -> None:
    demo.settle_timeout = 0.05
    with pytest.raises(AssertionError, match="still running"):
        await demo.slash(demo.user(1, "alice"), "demo hang")
    for task in asyncio.all_tasks():
        if task.get_name() == "CommandTree-invoker":
            task.cancel()


async def test_button_and_select_on_a_persistent_view(demo: FakeDiscord) -> None:
    alice = demo.user(1, "alice")
    await demo.slash(alice, "demo panel")
    [panel] = demo.channel_messages()
    click = await demo.click(alice, panel, PING_ID)
    assert click.response is not None and click.response.ephemeral
    assert click.response.content == "pong for alice from bot 1"
    picked = await demo.select(alice, panel, PICK_ID, ["blue"])
    assert picked.response is not None and picked.response.callback_type == 7
    assert demo.message(int(panel["id"]))["content"] == "picked blue"
    with pytest.raises(LookupError):
        await demo.click(alice, panel, "demo:nope")
    with pytest.raises(AssertionError):
        await demo.select(alice, panel, PICK_ID, ["green"])


async def test_views_survive_a_restart(demo: FakeDiscord) -> None:
    alice = demo.user(1, "alice")
    old_bot = demo.bot
    await demo.slash(alice, "demo panel")
    [panel] = demo.channel_messages()
    await demo.restart(DemoBot(number=2))
    assert old_bot is not None and old_bot.is_closed()
    click = await demo.click(alice, panel, PING_ID)
    assert click.response is not None and click.response.content == "pong for alice from bot 2"


async def test_errors_become_ephemeral_apologies(demo: FakeDiscord) -> None:
    result = await demo.slash(demo.user(1, "alice"), "demo boom")
    assert result.response is not None and result.response.ephemeral
    assert result.response.content == "Sorry: RuntimeError"


async def test_member_permissions_user_options_and_threads(demo: FakeDiscord) -> None:
    alice, bob = demo.user(1, "alice"), demo.user(2, "bob")
    denied = await demo.slash(alice, "demo kick", {"user": bob})
    assert denied.response is not None and denied.response.content == "Sorry: MissingPermissions"
    mod = demo.user(3, "mod", permissions=discord.Permissions(manage_messages=True).value)
    thread = demo.thread(950)
    allowed = await demo.slash(mod, "demo kick", {"user": bob, "loudly": True}, channel=thread)
    assert allowed.response is not None
    assert allowed.response.content == "kicked bob loudly=True in Thread"
    assert [m["content"] for m in demo.channel_messages(950)] == [allowed.response.content]


async def test_unknown_routes_fail_the_test(demo: FakeDiscord) -> None:
    await demo.slash(demo.user(1, "alice"), "demo stray")
    assert [(c.method, c.path) for c in demo.unexpected] == [("GET", "/guilds/900/roles")]
    with pytest.raises(AssertionError, match="unexpected Discord requests"):
        demo.assert_clean()
    async with aiohttp.ClientSession() as session:
        with pytest.raises(UnexpectedRequest):
            await session.get("https://example.com")
    demo.unexpected.clear()  # both were deliberate; the fixture's teardown check would fail otherwise


async def test_a_late_first_answer_is_an_unknown_interaction(demo: FakeDiscord) -> None:
    demo.response_deadline = 0.01
    result = await demo.slash(demo.user(1, "alice"), "demo slow")
    assert result.response is None
    assert [c.status for c in result.calls] == [404, 404]  # the reply, then the error handler's apology


async def test_injected_failure_reaches_the_bot(demo: FakeDiscord) -> None:
    demo.fail_next("POST", r"^/channels/\d+/messages$", status=500)
    result = await demo.slash(demo.user(1, "alice"), "demo announce")
    assert [f.content for f in result.followups] == ["Sorry: DiscordServerError"]
    assert demo.channel_messages() == []


async def test_command_sync_is_echoed(demo: FakeDiscord) -> None:
    assert demo.bot is not None
    synced = await demo.bot.tree.sync()
    assert [c.name for c in synced] == ["demo"]
    guild = discord.Object(900)
    demo.bot.tree.copy_global_to(guild=guild)
    await demo.bot.tree.sync(guild=guild)
    assert [c["name"] for c in demo.synced_commands[900]] == ["demo"]
    # Commands copied to the guild are found as guild commands (their data carries guild_id).
    result = await demo.slash(demo.user(1, "alice"), "demo secret")
    assert result.payload["data"]["guild_id"] == "900"


async def test_a_dying_task_fails_the_test(demo: FakeDiscord) -> None:
    with pytest.raises(AssertionError, match="doomed failed"):
        await demo.slash(demo.user(1, "alice"), "demo crash")
    assert [type(e) for e in demo.task_errors] == [ValueError]
    demo.task_errors.clear()  # deliberate; the fixture's teardown check would fail otherwise


async def test_concurrent_clicks_settle_without_deadlock(demo: FakeDiscord) -> None:
    alice, bob = demo.user(1, "alice"), demo.user(2, "bob")
    await demo.slash(alice, "demo panel")
    [panel] = demo.channel_messages()
    first, second = await asyncio.gather(demo.click(alice, panel, PING_ID), demo.click(bob, panel, PING_ID))
    assert first.response is not None and second.response is not None
    assert {first.response.content, second.response.content} == {"pong for alice from bot 1", "pong for bob from bot 1"}
