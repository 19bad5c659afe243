"""The fake Discord limits a bot as Discord does, and discord.py's own rate-limit code copes with it.

Rate limits: creating messages in one channel, 5 per 5 s; 50 requests per second overall; interaction
callbacks exempt. Interaction tokens: 15 minutes. Messages: 2,000 chars, 10 embeds, 5 rows, 25 options,
custom ids of 100 chars. The `fake` fixture runs Discord's windows 100 times faster (bot_fixtures.TEST_SPEED);
these tests, which count what fits in one window, run them only twice as fast (BURST_SPEED): a burst of requests
takes milliseconds, a window half a second or more, so how loaded the machine is never decides what fits.
"""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from fakediscord import FakeDiscord
from fakediscord_limits import RateLimits

BURST_SPEED = 2.0
WINDOW = 5.0 / BURST_SPEED  # a channel's 5-second window, as these tests run it


class Burst(commands.GroupCog, group_name="burst"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.count = 7

    @app_commands.command(name="posts", description="Answer, then post several messages at once")
    async def posts(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("posting", ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        await asyncio.gather(*(channel.send(f"post {n}") for n in range(self.count)))

    @app_commands.command(name="lookups", description="Answer, then fetch many channels at once")
    async def lookups(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        await asyncio.gather(*(self.bot.http.get_channel(cid) for cid in range(5000, 5000 + self.count)))
        await interaction.followup.send("looked up", ephemeral=True)

    @app_commands.command(name="later", description="Defer now; the follow-up comes through the token")
    async def later(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)

    @app_commands.command(name="long", description="A reply past Discord's limits")
    @app_commands.describe(what="content, embeds, rows, options or custom_id")
    async def long(self, interaction: discord.Interaction, what: str) -> None:
        button = {"type": 2, "style": 1, "label": "b", "custom_id": "b"}
        body: dict[str, object] = {"content": "fits"}
        if what == "content":
            body["content"] = "x" * 2001
        elif what == "embeds":
            body["embeds"] = [{"title": str(n)} for n in range(11)]
        elif what == "rows":
            body["components"] = [{"type": 1, "components": [{**button, "custom_id": f"r{n}"}]} for n in range(6)]
        elif what == "options":
            options = [{"label": str(n), "value": str(n)} for n in range(26)]
            body["components"] = [{"type": 1, "components": [{"type": 3, "custom_id": "pick", "options": options}]}]
        else:
            body["components"] = [{"type": 1, "components": [{**button, "custom_id": "c" * 101}]}]
        params = discord.http.MultipartParameters(body, None, None)
        try:
            await self.bot.http.send_message(interaction.channel_id or 0, params=params)
        except discord.HTTPException as error:
            self.bot.refused.append(error)  # type: ignore[attr-defined]
            await interaction.response.send_message("refused", ephemeral=True)
            return
        await interaction.response.send_message("sent", ephemeral=True)


class BurstBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.none())
        self.refused: list[discord.HTTPException] = []

    async def setup_hook(self) -> None:
        await self.add_cog(Burst(self))


@pytest.fixture
async def burst(fake: FakeDiscord) -> FakeDiscord:
    await fake.start(BurstBot())
    fake.set_speed(BURST_SPEED)
    return fake


def _cog(fake: FakeDiscord) -> Burst:
    assert fake.bot is not None
    cog = fake.bot.get_cog("Burst")
    assert isinstance(cog, Burst)
    return cog


async def test_a_channel_takes_five_messages_per_window_and_discord_py_waits_for_the_next(burst: FakeDiscord) -> None:
    result = await burst.slash(burst.user(1, "alice"), "burst posts")
    posts = [c for c in result.calls_during if c.path.endswith("/messages")]
    assert sorted(m["content"] for m in burst.channel_messages()) == [f"post {n}" for n in range(7)]
    assert all(c.status == 200 for c in posts)
    # Never more than 5 in one window: the 6th and 7th went out once the first window had passed.
    assert posts[5].at - posts[0].at >= WINDOW * 0.99
    assert posts[4].at - posts[0].at < WINDOW
    assert max(c.waited for c in posts) >= WINDOW * 0.5  # the bot's last posts waited in discord.py's bucket
    assert result.latency < 3.0  # the interaction's answer is not held by the channel's limit


async def test_a_second_client_that_does_not_know_the_bucket_meets_a_429_and_retries(burst: FakeDiscord) -> None:
    channel = burst.channel.id
    first, second = burst.http_client(), burst.http_client()  # two processes of one bot
    posts = [first.send_message(channel, params=_body(f"first {n}")) for n in range(5)]
    filling = asyncio.ensure_future(asyncio.gather(*posts))
    await burst.wait_until(lambda: len(burst.calls) == 5)  # the window is full; `first` sleeps until it resets
    await second.send_message(channel, params=_body("second"))
    await filling
    [refused] = burst.rate_limited
    retried = burst.calls[-1]
    assert refused.status == 429 and refused.path == retried.path and retried.json["content"] == "second"
    assert retried.at - burst.calls[0].at >= WINDOW * 0.99  # retried once Discord's window had passed
    assert retried.waited >= retried.at - refused.at
    assert len(burst.channel_messages()) == 6


def _body(content: str) -> discord.http.MultipartParameters:
    return discord.http.MultipartParameters({"content": content}, None, None)


def test_429_answers_carry_retry_after_and_say_whether_they_are_global() -> None:
    now = [0.0]
    limits = RateLimits(lambda: now[0])
    path = "/channels/7/messages"
    answers = [limits.admit("POST", path) for _ in range(6)]
    assert [a.refusal is None for a in answers] == [True] * 5 + [False]
    first, last = answers[0].headers, answers[5]
    assert first["X-RateLimit-Limit"] == "5" and first["X-RateLimit-Remaining"] == "4"
    assert first["X-RateLimit-Reset-After"] == "5.0" and first["X-RateLimit-Bucket"]
    assert last.refusal == {"message": "You are being rate limited.", "retry_after": 5.0, "global": False}
    assert last.headers["Retry-After"] == "5.0" and last.headers["X-RateLimit-Remaining"] == "0"
    # Another channel has a window of its own, under the same bucket hash.
    other = limits.admit("POST", "/channels/8/messages")
    assert other.refusal is None and other.headers["X-RateLimit-Bucket"] == first["X-RateLimit-Bucket"]
    now[0] = 5.0  # the window has passed
    assert limits.admit("POST", path).refusal is None
    # 50 requests a second overall; interaction callbacks and interaction webhooks do not count.
    for n in range(48):  # with the post above, 49 requests in this second
        assert limits.admit("GET", f"/channels/{100 + n}").refusal is None
    for _ in range(60):
        assert limits.admit("POST", "/interactions/1/tok/callback").headers == {}
    assert limits.admit("GET", "/channels/1").refusal is None  # the 50th
    over = limits.admit("GET", "/channels/2")
    assert over.refusal is not None and over.refusal["global"] is True
    assert over.headers["X-RateLimit-Global"] == "true" and float(over.headers["Retry-After"]) == 1.0
    assert limits.admit("POST", "/webhooks/1/tok").refusal is None


async def test_the_global_limit_stops_every_route_and_discord_py_waits_it_out(burst: FakeDiscord) -> None:
    _cog(burst).count = 70
    for n in range(70):
        burst.text_channel(5000 + n)
    result = await burst.slash(burst.user(1, "alice"), "burst lookups")
    lookups = [c for c in result.calls_during if c.method == "GET"]
    assert len(lookups) == 70 and {c.status for c in lookups} == {200}
    assert burst.rate_limited and all(c.status == 429 for c in burst.rate_limited)
    window = 1.0 / BURST_SPEED
    starts = sorted(c.at for c in lookups)
    assert starts[50] - starts[0] >= window * 0.99  # the 51st went out once the first second had passed
    assert result.followups[0].content == "looked up"


async def test_a_token_older_than_15_minutes_is_refused(burst: FakeDiscord) -> None:
    result = await burst.slash(burst.user(1, "alice"), "burst later")
    assert result.response is not None and result.response.message is not None
    original = int(result.response.message["id"])
    token = discord.Webhook.partial(burst.application_id, result.payload["token"], client=burst.bot)
    burst.advance(14 * 60)
    await token.edit_message(original, content="still in time")
    assert burst.message(original)["content"] == "still in time"
    burst.advance(61)
    for late in (token.edit_message(original, content="too late"), token.send("too late")):
        with pytest.raises(discord.HTTPException) as refused:
            await late
        assert refused.value.status == 401 and refused.value.code == 50027
        assert "Invalid Webhook Token" in str(refused.value)
    assert burst.message(original)["content"] == "still in time"


@pytest.mark.parametrize("what", ["content", "embeds", "rows", "options", "custom_id"])
async def test_a_message_past_discords_limits_is_refused(burst: FakeDiscord, what: str) -> None:
    result = await burst.slash(burst.user(1, "alice"), "burst long", {"what": what})
    assert burst.bot is not None
    [error] = burst.bot.refused  # type: ignore[attr-defined]
    assert error.status == 400 and error.code == 50035 and "Invalid Form Body" in str(error)
    assert burst.channel_messages() == []
    assert result.response is not None and result.response.content == "refused"
