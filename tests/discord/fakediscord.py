"""An in-process Discord for tests: real `commands.Bot`, real interaction path, HTTP captured.

Interactions are dispatched as raw INTERACTION_CREATE bodies through `ConnectionState.parse_interaction_create`,
exactly as the gateway would. discord.py's own HTTP code (`HTTPClient.request` for the bot API,
`AsyncWebhookAdapter.request` for interaction callbacks, follow-ups and @original) runs unchanged over a
`fakediscord_http.FakeSession`, and `fakediscord_server.DiscordServer` answers each request as Discord would:
status, `X-RateLimit-*` headers, 429s with `retry_after`, the JSON body; anything else fails the test.
Usage (the `fake` fixture in conftest.py does the install and the teardown checks):

    fake = FakeDiscord()
    fake.install()
    await fake.start(bot)                    # runs setup_hook: cogs load, persistent views register
    alice = fake.user(1, "alice")
    result = await fake.slash(alice, "clans move", {"from": 23, "to": 24})
    assert result.response.ephemeral and "turn" in result.response.content
"""

from __future__ import annotations

import asyncio
import contextvars
import copy
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import yarl
from discord.ext import commands
from discord.webhook.async_ import AsyncWebhookAdapter
from fakediscord_http import FakeSession, timed
from fakediscord_payloads import (
    MEMBER_PERMISSIONS,
    FakeChannel,
    FakeUser,
    Json,
    StoredMessage,
    command_data,
    component_on,
    find_command,
    interaction_payload,
    perf_now,
    quiet_now,
    visible_text,
)
from fakediscord_server import API_BASE, Call, DiscordServer, InteractionRecord, Notification, UnexpectedRequest

__all__ = [
    "MEMBER_PERMISSIONS",
    "Call",
    "FakeChannel",
    "FakeDiscord",
    "FakeUser",
    "InteractionResult",
    "Notification",
    "Sent",
    "UnexpectedRequest",
]

_active: FakeDiscord | None = None
LOOPBACK = ("127.0.0.1", "::1", "localhost")
"""The only hosts a test may reach besides the fake: the bot's own web server (web/), on this machine."""
_in_dispatch: contextvars.ContextVar[bool] = contextvars.ContextVar("fakediscord_in_dispatch", default=False)


@dataclass
class Sent:
    """What one call showed the user: a response, follow-up or edit, and the message it left."""

    call: Call
    body: Json  # the message fields sent (callback `data`, or the webhook body)
    callback_type: int | None = None
    message: Json | None = None  # the message as Discord stores it after this call

    @property
    def content(self) -> str:
        return self.body.get("content") or ""

    @property
    def embeds(self) -> list[Json]:
        return self.body.get("embeds") or []

    @property
    def components(self) -> list[Json]:
        return self.body.get("components") or []

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return self.call.files

    @property
    def flags(self) -> int:
        return (self.message or self.body).get("flags") or 0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & 64)

    @property
    def text(self) -> str:
        names = [{"filename": name} for name, _ in self.files]
        return "\n".join(visible_text({**self.body, "attachments": names}))


HANG_GUARD_S = 120.0
"""How long settle() and wait_until() wait before calling the bot hung. Only a guard: a correct run never reaches
it, however loaded the machine (a test's outcome never depends on how fast its machine is today); the bot's own
deadlines (Discord's 3-second first answer) are checked on a quiet machine's clock (quiet_now)."""


@dataclass
class InteractionResult:
    """Everything Discord received about one dispatched interaction, read from the live call log."""

    fake: FakeDiscord
    payload: Json
    dispatched_at: float
    first_call: int  # index into fake.calls at dispatch
    first_notification: int = 0  # index into fake.notifications at dispatch
    last_call: int | None = None  # index at the end of settle()
    last_notification: int | None = None
    dispatched_quiet: float = 0.0  # quiet_now() at dispatch

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def calls(self) -> list[Call]:
        """Calls for this interaction's token (response, follow-ups, edits), whenever made."""
        marker = f"/{self.payload['token']}"
        return [c for c in self.fake.calls if marker in c.path]

    @property
    def calls_during(self) -> list[Call]:
        """Every call made between dispatch and settle, including channel messages and DMs."""
        return self.fake.calls[self.first_call : self.last_call]

    @property
    def notified(self) -> list[int]:
        """Users Discord notified (in order) of messages created between dispatch and settle, by anything."""
        return [n.user_id for n in self.fake.notifications[self.first_notification : self.last_notification]]

    @property
    def response(self) -> Sent | None:
        for call in self.calls:
            if call.path.endswith("/callback") and call.status < 300:
                body = call.json.get("data") or {}
                return Sent(call, body, call.json["type"], self.fake._message_after(call))
        return None

    def _sent(self, method: str, suffix: str) -> list[Sent]:
        return [
            Sent(c, c.json or {}, None, self.fake._message_after(c))
            for c in self.calls
            if c.method == method and re.search(suffix, c.path) and c.status < 300
        ]

    @property
    def followups(self) -> list[Sent]:
        return self._sent("POST", r"/webhooks/\d+/[^/]+$")

    @property
    def posts(self) -> list[Sent]:
        """Messages the bot created in channels and threads (not through this interaction's webhook) between
        dispatch and settle, DMs excepted: the public posts an action made."""
        return [
            Sent(c, c.json or {}, None, self.fake._message_after(c))
            for c in self.calls_during
            if c.method == "POST"
            and re.fullmatch(r"/channels/\d+/messages", c.path)
            and c.status < 300
            and getattr(self.fake.channels.get(int(c.path.split("/")[2])), "recipient", None) is None
        ]

    @property
    def edits(self) -> list[Sent]:
        """Edits of @original or of a follow-up, through the interaction's webhook."""
        return self._sent("PATCH", r"/messages/")

    @property
    def choices(self) -> list[Json]:
        response = self.response
        assert response is not None and response.callback_type == 8, "the bot gave no autocomplete answer"
        return list(response.body.get("choices", []))

    @property
    def first_response_at(self) -> float | None:
        return self.calls[0].at if self.calls else None

    @property
    def latency(self) -> float:
        """Seconds from the interaction arriving to its first HTTP answer, on a quiet machine's clock (less the
        time the event loop waited for a CPU other processes held): what Discord's 3-second rule is checked on."""
        assert self.calls, "the interaction was never answered"
        return self.calls[0].quiet_at - self.dispatched_quiet

    @property
    def wall_latency(self) -> float:
        """The same in real seconds, load included."""
        assert self.first_response_at is not None, "the interaction was never answered"
        return self.first_response_at - self.dispatched_at

    @property
    def duration(self) -> float:
        """Seconds from the interaction arriving to the last HTTP call before settle (the whole reply)."""
        calls = self.calls_during
        assert calls and self.last_call is not None, "nothing was sent, or the dispatch was not settled"
        return calls[-1].at - self.dispatched_at

    @property
    def text(self) -> str:
        """All text of the response, follow-ups and edits, for quick `in` checks."""
        parts = [s.text for s in [self.response, *self.followups, *self.edits] if s is not None]
        return "\n".join(parts)


class _LogCollector(logging.Handler):
    def __init__(self, into: list[logging.LogRecord]) -> None:
        super().__init__(logging.ERROR)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        self.into.append(record)


class FakeDiscord(DiscordServer):
    def __init__(self, bot: commands.Bot | None = None, *, settle_timeout: float = HANG_GUARD_S, **world: Any) -> None:
        super().__init__(**world)
        self.bot = bot
        self.settle_timeout = settle_timeout
        self.guild_locale = "en-US"
        """The server's preferred locale (a community server's language), sent with every interaction in it."""
        self.task_errors: list[BaseException] = []
        self.logged_errors: list[logging.LogRecord] = []
        self._saved: list[tuple[type, str, Any]] = []
        self._log_handler = _LogCollector(self.logged_errors)
        self._bot_tasks: set[asyncio.Task[Any]] = set()  # created by a dispatch, or by tasks it created
        self._previous_task_factory: Any = None

    # --- lifecycle ------------------------------------------------------------------------------------

    def install(self) -> None:
        """Forbid aiohttp from reaching the network; `start` gives the bot a session wired to this fake.

        discord.py's own request methods still run (rate limits, retries); they are only wrapped to note when
        the bot asked for each request (`Call.asked_at`)."""
        global _active
        assert _active is None, "another FakeDiscord is installed"
        _active = self

        real_request = aiohttp.ClientSession.__dict__["_request"]

        async def no_network(session: Any, method: str, url: Any, *args: Any, **kwargs: Any) -> Any:
            if yarl.URL(str(url)).host in LOOPBACK:  # a test reading the bot's own web pages, as a browser would
                return await real_request(session, method, url, *args, **kwargs)
            call = Call(method, str(url), None, [], None, None, self.clock(), 599)
            self.unexpected.append(call)
            raise UnexpectedRequest(f"network use outside the Discord API: {method} {url}")

        http_request = discord.http.HTTPClient.__dict__["request"]
        webhook_request = AsyncWebhookAdapter.__dict__["request"]
        for owner, name, replacement in [
            (discord.http.HTTPClient, "request", timed(http_request, self.clock)),
            (AsyncWebhookAdapter, "request", timed(webhook_request, self.clock)),
            (aiohttp.ClientSession, "_request", no_network),
        ]:
            self._saved.append((owner, name, owner.__dict__[name]))
            setattr(owner, name, replacement)
        logging.getLogger().addHandler(self._log_handler)
        loop = asyncio.get_running_loop()
        self._previous_task_factory = loop.get_task_factory()
        loop.set_task_factory(self._make_task)

    def _make_task(self, loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Task[Any]:
        # A task inherits its creator's context, so tasks started while an interaction is being dispatched, and
        # every task those start, carry the flag: exactly the work settle() must wait for.
        previous = self._previous_task_factory
        task = previous(loop, coro, **kwargs) if previous else asyncio.Task(coro, loop=loop, **kwargs)
        if _in_dispatch.get():
            self._bot_tasks.add(task)
        return task

    def uninstall(self) -> None:
        global _active
        for owner, name, original in reversed(self._saved):
            setattr(owner, name, original)
        self._saved.clear()
        logging.getLogger().removeHandler(self._log_handler)
        asyncio.get_running_loop().set_task_factory(self._previous_task_factory)
        _active = None

    async def start(self, bot: commands.Bot | None = None, *, setup_hook: bool = True) -> commands.Bot:
        """Make `bot` look logged in and connected (without any gateway), optionally running setup_hook."""
        bot = self.bot = bot or self.bot
        assert bot is not None, "FakeDiscord.start needs a bot"
        await bot._async_setup_hook()  # binds loop-dependent state, as login() does
        self._wire(bot.http)
        state = bot._connection
        state.user = discord.ClientUser(
            state=state, data={**self.bot_user.user_object(), "verified": True, "mfa_enabled": False, "flags": 0}
        )
        state.application_id = self.application_id
        if setup_hook:
            await bot.setup_hook()
        bot._ready.set()
        return bot

    def http_client(self) -> discord.http.HTTPClient:
        """A second HTTPClient of the same bot talking to this Discord, with rate-limit buckets of its own (as
        another process of the bot, or a bot just restarted, knows nothing of the buckets the first one used)."""
        http = discord.http.HTTPClient(asyncio.get_running_loop())
        self._wire(http)
        return http

    def _wire(self, http: discord.http.HTTPClient) -> None:
        # What static_login sets up, without the network: the session, the global rate-limit gate, a token.
        http._HTTPClient__session = FakeSession(self.respond, API_BASE)  # type: ignore[attr-defined]
        http._global_over = asyncio.Event()
        http._global_over.set()
        http.token = "fake-bot-token"

    def guild_available(self, roles: dict[int, str] | None = None) -> None:
        """The gateway's GUILD_CREATE, as the real bot gets at connection (the guilds intent): from now on the
        bot's cache holds the guild's roles, channels, permission overwrites and threads."""
        assert self.bot is not None
        state = self.bot._connection
        state._add_guild(discord.Guild(data=self.guild_object(roles), state=state))  # type: ignore[arg-type]

    async def restart(self, new_bot: commands.Bot, *, setup_hook: bool = True) -> commands.Bot:
        """Close the running bot and start `new_bot` against the same Discord (messages, channels, DMs)."""
        if self.bot is not None and not self.bot.is_closed():
            await self.bot.close()
        return await self.start(new_bot, setup_hook=setup_hook)

    async def close(self) -> None:
        if self.bot is not None and not self.bot.is_closed():
            await self.bot.close()

    def assert_clean(self) -> None:
        assert not self.unexpected, f"unexpected Discord requests: {[(c.method, c.path) for c in self.unexpected]}"
        assert not self.task_errors, f"tasks failed: {self.task_errors!r}"

    # --- interactions ---------------------------------------------------------------------------------

    async def slash(
        self,
        user: FakeUser,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        channel: FakeChannel | None = None,
        locale: str | None = None,
        settle: bool = True,
    ) -> InteractionResult:
        channel = channel or self.channel
        command, is_guild = find_command(self._tree(), name, channel.guild_id)
        data = command_data(
            command, options or {}, guild_id=channel.guild_id, is_guild_command=is_guild, command_id=self._ids.next()
        )
        return await self._interact(2, user, channel, data, None, locale, settle)

    async def autocomplete(
        self,
        user: FakeUser,
        name: str,
        focused: str,
        options: dict[str, Any] | None = None,
        *,
        channel: FakeChannel | None = None,
    ) -> list[Json]:
        """The choices the bot offers while `user` types `options[focused]` (a string, as Discord sends it)."""
        channel = channel or self.channel
        command, is_guild = find_command(self._tree(), name, channel.guild_id)
        data = command_data(
            command,
            options or {},
            guild_id=channel.guild_id,
            is_guild_command=is_guild,
            focused=focused,
            command_id=self._ids.next(),
        )
        result = await self._interact(4, user, channel, data, None, None, True)
        return result.choices

    async def click(
        self, user: FakeUser, message: Json | int, custom_id: str, *, settle: bool = True
    ) -> InteractionResult:
        stored = self._stored(message)
        component = component_on(stored.data, custom_id)
        assert component["type"] == 2, f"{custom_id!r} is not a button"
        assert not component.get("disabled"), f"button {custom_id!r} is disabled; Discord would not send a click"
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(3, user, self.channels[int(stored.data["channel_id"])], data, stored, None, settle)

    async def select(
        self, user: FakeUser, message: Json | int, custom_id: str, values: list[str], *, settle: bool = True
    ) -> InteractionResult:
        stored = self._stored(message)
        component = component_on(stored.data, custom_id)
        assert component["type"] == 3, f"{custom_id!r} is not a string select"
        offered = [o["value"] for o in component.get("options", [])]
        assert all(v in offered for v in values), f"{values} not among the options {offered}"
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        assert low <= len(values) <= high, f"select {custom_id!r} takes {low}..{high} values"
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        return await self._interact(3, user, self.channels[int(stored.data["channel_id"])], data, stored, None, settle)

    async def _interact(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        data: Json,
        message: StoredMessage | None,
        locale: str | None,
        settle: bool,
    ) -> InteractionResult:
        self.users.setdefault(user.id, user)
        self.channels.setdefault(channel.id, channel)
        interaction_id = self._ids.next()
        payload = interaction_payload(
            kind=kind,
            interaction_id=interaction_id,
            application_id=self.application_id,
            token=f"tok{interaction_id}",
            user=user,
            channel=channel,
            data=data,
            app_permissions=self.app_permissions,
            message=message.data if message else None,
            locale=locale or user.locale,
            guild_locale=self.guild_locale,
        )
        return await self.dispatch(payload, settle=settle)

    async def dispatch(self, payload: Json, *, settle: bool = True) -> InteractionResult:
        """Deliver a raw INTERACTION_CREATE body to the bot, as its gateway connection would."""
        assert self.bot is not None, "call start(bot) first"
        message = payload.get("message")
        self._interactions[payload["token"]] = InteractionRecord(
            int(payload["id"]),
            payload["type"],
            int(payload["channel"]["id"]),
            self.clock(),
            quiet_now(),
            original=int(message["id"]) if message else None,
        )
        result = InteractionResult(self, payload, self.clock(), len(self.calls), len(self.notifications))
        result.dispatched_quiet = quiet_now()
        flag = _in_dispatch.set(True)
        try:
            self.bot._connection.parse_interaction_create(copy.deepcopy(payload))  # type: ignore[arg-type]
        finally:
            _in_dispatch.reset(flag)
        if settle:
            await self.settle()
            result.last_call = len(self.calls)
            result.last_notification = len(self.notifications)
        return result

    async def settle(self, timeout: float | None = None) -> None:
        """Wait until every task started by a dispatch (and every task those start) has finished.

        View timeout timers are not waited for; a task that died with an exception fails the test.
        """
        deadline = perf_now() + (timeout or self.settle_timeout)
        while True:
            await asyncio.sleep(0)
            finished = {t for t in self._bot_tasks if t.done()}
            self._bot_tasks -= finished
            for task in finished:
                if not task.cancelled() and task.exception() is not None:
                    self.task_errors.append(task.exception())  # type: ignore[arg-type]
                    raise AssertionError(f"bot task {task.get_name()} failed") from task.exception()
            pending = {t for t in self._bot_tasks if not _is_view_timer(t)}
            if not pending:
                return
            left = deadline - perf_now()
            if left <= 0:
                raise AssertionError(
                    f"bot tasks still running at the settle deadline: {sorted(t.get_name() for t in pending)}"
                )
            await asyncio.wait(pending, timeout=left, return_when=asyncio.FIRST_COMPLETED)

    async def wait_until(self, predicate: Callable[[], bool], timeout: float = HANG_GUARD_S) -> None:
        deadline = perf_now() + timeout
        while not predicate():
            assert perf_now() < deadline, "condition not met in time"
            await asyncio.sleep(0.001)

    def _stored(self, message: Json | int) -> StoredMessage:
        stored = self.messages[message if isinstance(message, int) else int(message["id"])]
        assert not stored.deleted, "that message was deleted"
        return stored

    def _tree(self) -> discord.app_commands.CommandTree:
        assert self.bot is not None, "call start(bot) first"
        return self.bot.tree


def _is_view_timer(task: asyncio.Task[Any]) -> bool:
    # A View with a timeout keeps a sleeping task alive for minutes; it is not work the dispatch started.
    return "timeout_task_impl" in getattr(task.get_coro(), "__qualname__", "")
