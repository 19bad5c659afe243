"""The Discord side of the fake: what Discord stores (channels, messages, DMs) and how it answers each route.

`fakediscord.FakeDiscord` builds on this to drive a bot; tests normally use only that.
"""

from __future__ import annotations

import asyncio
import copy
import re
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, NoReturn

import discord
from fakediscord_http import Reply, Request
from fakediscord_limits import RateLimits, form_errors
from fakediscord_payloads import (
    BOT_PERMISSIONS,
    MEMBER_PERMISSIONS,
    MENTION,
    FakeChannel,
    FakeUser,
    Json,
    Snowflakes,
    StoredMessage,
    apply_edit,
    message_object,
    perf_now,
    quiet_now,
    visible_text,
)

API_BASE = "https://discord.com/api/v10"


TOKEN_LIFETIME = 15 * 60.0
"""Seconds an interaction's token lets the bot follow up or edit (webhook routes) after the interaction."""


class UnexpectedRequest(AssertionError):
    """The bot called a Discord route the fake does not know: a test failure, never a network call."""


class Refusal(Exception):
    """Discord answers the request with an error status and body (raised inside a route handler)."""

    def __init__(self, status: int, body: Json) -> None:
        super().__init__(status, body)
        self.status = status
        self.body = body


@dataclass
class Call:
    method: str
    path: str  # e.g. "/interactions/123/tok/callback"
    json: Any  # the JSON body, or the decoded `payload_json` of a multipart body
    files: list[tuple[str, bytes]]
    reason: str | None
    params: dict[str, Any] | None
    at: float  # the fake's clock (fake.clock()) when Discord received the request
    status: int = 200
    asked_at: float | None = None  # the fake's clock when the bot's code asked discord.py for this request
    returned_at: float | None = None  # ... and when discord.py gave the bot the answer (set once it has)
    quiet_at: float = 0.0  # quiet_now() when Discord received the request: a quiet machine's clock

    @property
    def waited(self) -> float:
        """Seconds the bot's code waited for this request beyond Discord's answer: discord.py's rate-limit
        waits before sending it, its retries after a 429, and its hold of a request that emptied a bucket
        until the window resets. 0 for a request made outside discord.py's request methods."""
        if self.asked_at is None or self.returned_at is None:
            return 0.0
        return max(self.returned_at - self.asked_at, 0.0)


@dataclass(frozen=True)
class Notification:
    """Discord told ``user_id`` about message ``message_id``: a mention it allowed in a created message, or a DM."""

    user_id: int
    message_id: int
    channel_id: int
    at: float  # the fake's clock at the request that created the message


@dataclass
class InteractionRecord:
    id: int
    kind: int
    channel_id: int
    dispatched_at: float
    dispatched_quiet: float  # quiet_now() at the dispatch
    original: int | None = None  # message id of @original (the component's message for clicks)
    response_type: int | None = None


@dataclass
class _Failure:
    method: str
    path: re.Pattern[str]
    status: int
    code: int
    message: str


class DiscordServer:
    """One fake Discord: a guild with a default text channel, a bot user, and every request ever made.

    ``speed`` compresses Discord's rate-limit windows (see fakediscord_limits): 1 is Discord's real time.
    """

    def __init__(
        self,
        *,
        bot_user_id: int = 1000,
        guild_id: int = 900,
        channel_id: int = 901,
        response_deadline: float = 3.0,
        speed: float = 1.0,
    ) -> None:
        self.bot_user = FakeUser(bot_user_id, "Clans", bot=True)
        self.application_id = bot_user_id
        self.guild_id = guild_id
        self.channel = FakeChannel(channel_id, 0, guild_id, "clans")
        self.response_deadline = response_deadline
        self.app_permissions = BOT_PERMISSIONS
        self.calls: list[Call] = []
        """Every request Discord processed (answered with a success or an error), in order; never a 429."""
        self.rate_limited: list[Call] = []
        """Every request Discord refused with 429 (per route or global); discord.py waited and retried it."""
        self._offset = 0.0
        self.rate_limits = RateLimits(self.clock, speed)
        self.unexpected: list[Call] = []
        self.users: dict[int, FakeUser] = {}
        self.application_owner: int | None = None
        """The user who owns the bot's application (the developer portal's owner); None: nobody here."""
        self.channels: dict[int, FakeChannel] = {channel_id: self.channel}
        self.messages: dict[int, StoredMessage] = {}
        self.synced_commands: dict[int | None, list[Json]] = {}
        self.closed_dms: set[int] = set()
        self.notifications: list[Notification] = []
        self._dm_by_user: dict[int, int] = {}
        self._interactions: dict[str, InteractionRecord] = {}
        self._after_call: dict[int, Json] = {}  # id(call) -> the message it created or changed, as it left it
        self._failures: list[_Failure] = []
        self._holds: list[tuple[str, re.Pattern[str], asyncio.Event]] = []
        self._ids = Snowflakes()
        self._routes: list[tuple[str, re.Pattern[str], Callable[..., Any]]] = [
            (m, re.compile(p), h)
            for m, p, h in [
                ("POST", r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback", self._callback),
                (
                    "GET|PATCH|DELETE",
                    r"/webhooks/\d+/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
                    self._webhook_message,
                ),
                ("POST", r"/webhooks/\d+/(?P<token>[^/]+)", self._followup),
                ("POST", r"/channels/(?P<cid>\d+)/messages", self._channel_send),
                ("GET|PATCH|DELETE", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", self._channel_message),
                ("GET", r"/channels/(?P<cid>\d+)", self._get_channel),
                ("DELETE", r"/channels/(?P<cid>\d+)", self._delete_channel),
                ("POST", r"/channels/(?P<cid>\d+)/typing", lambda call, cid: None),
                ("POST", r"/channels/(?P<cid>\d+)/threads", self._start_thread),
                ("POST", r"/users/@me/channels", self._open_dm),
                ("GET", r"/users/(?P<uid>\d+)", self._get_user),
                ("GET", r"/oauth2/applications/@me", self._application),
                ("GET|PUT", r"/applications/\d+(?:/guilds/(?P<gid>\d+))?/commands", self._commands),
            ]
        ]

    # --- time ---------------------------------------------------------------------------------------------

    def clock(self) -> float:
        """Discord's clock: real seconds (perf_counter) plus every `advance`."""
        return perf_now() + self._offset

    def set_speed(self, speed: float) -> None:
        """Run Discord's rate-limit windows ``speed`` times faster than real time from now on (1: Discord's own
        5 s and 1 s); the windows counted so far are forgotten."""
        self.rate_limits = RateLimits(self.clock, speed)

    def advance(self, seconds: float) -> None:
        """Move Discord's clock forward without sleeping: interaction tokens age, rate-limit windows pass."""
        self._offset += seconds

    # --- the world ------------------------------------------------------------------------------------

    def user(
        self,
        user_id: int,
        name: str | None = None,
        *,
        permissions: int = MEMBER_PERMISSIONS,
        roles: tuple[int, ...] = (),
        nick: str | None = None,
    ) -> FakeUser:
        user = FakeUser(user_id, name or f"user{user_id}", permissions, roles, nick=nick)
        self.users[user_id] = user
        return user

    def text_channel(self, channel_id: int, name: str = "clans") -> FakeChannel:
        self.channels[channel_id] = FakeChannel(channel_id, 0, self.guild_id, name)
        return self.channels[channel_id]

    def private_channel(self, channel_id: int, name: str, role_id: int) -> FakeChannel:
        """A text channel @everyone cannot see; members with role ``role_id`` can."""
        view = str(discord.Permissions(view_channel=True).value)
        overwrites = (
            {"id": str(self.guild_id), "type": 0, "allow": "0", "deny": view},  # @everyone's role id is the guild's
            {"id": str(role_id), "type": 0, "allow": view, "deny": "0"},
        )
        self.channels[channel_id] = FakeChannel(channel_id, 0, self.guild_id, name, overwrites=overwrites)
        return self.channels[channel_id]

    def guild_object(self, roles: dict[int, str] | None = None) -> Json:
        """The guild as the gateway's GUILD_CREATE carries it: its roles (@everyone with the ordinary
        member's permissions), its channels with their permission overwrites, and its active threads."""
        everyone = {"id": str(self.guild_id), "name": "@everyone", "permissions": str(MEMBER_PERMISSIONS)}
        others = [{"id": str(rid), "name": name, "permissions": "0"} for rid, name in (roles or {}).items()]
        mine = [c for c in self.channels.values() if c.guild_id == self.guild_id]
        return {
            "id": str(self.guild_id),
            "name": "Test server",
            "icon": None,
            "owner_id": "1",
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": [
                {"position": i, "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0, **r}
                for i, r in enumerate([everyone, *others])
            ],
            "channels": [c.channel_object() for c in mine if c.type not in (10, 11, 12)],
            "threads": [c.channel_object() for c in mine if c.type in (10, 11, 12)],
            "members": [],
            "member_count": len(self.users),
            "large": False,
            "unavailable": False,
            "preferred_locale": "en-US",
            "system_channel_flags": 0,
            "premium_tier": 0,
            "nsfw_level": 0,
        }

    def thread(self, channel_id: int, name: str = "clans-game", parent_id: int | None = None) -> FakeChannel:
        parent = parent_id or self.channel.id
        self.channels[channel_id] = FakeChannel(channel_id, 11, self.guild_id, name, parent)
        return self.channels[channel_id]

    def close_dms(self, user_id: int) -> None:
        """Sending to this user's DMs now fails with 403 / 50007, as when they block DMs from the server."""
        self.closed_dms.add(user_id)

    def fail_next(
        self, method: str, path_regex: str, status: int = 500, *, code: int = 0, message: str = "injected failure"
    ) -> None:
        """Make the next matching request fail (for 5xx: as discord.py reports it after its retries)."""
        self._failures.append(_Failure(method, re.compile(path_regex), status, code, message))

    def hold_next(self, method: str, path_regex: str) -> asyncio.Event:
        """Make the next matching request wait until the returned event is set (Discord slow or rate limiting);
        the request is recorded when it goes through."""
        gate = asyncio.Event()
        self._holds.append((method, re.compile(path_regex), gate))
        return gate

    # --- what users see -------------------------------------------------------------------------------

    def channel_messages(self, channel_id: int | None = None) -> list[Json]:
        """Messages anyone in the channel can see (no ephemeral ones), oldest first, as last edited."""
        cid = str(channel_id or self.channel.id)
        return [
            m.data for m in self.messages.values() if m.data["channel_id"] == cid and not m.ephemeral and not m.deleted
        ]

    def dms(self, user_id: int) -> list[Json]:
        channel_id = self._dm_by_user.get(user_id)
        return self.channel_messages(channel_id) if channel_id else []

    def message(self, message_id: int) -> Json:
        return self.messages[message_id].data

    def notified(self, user_id: int) -> list[Json]:
        """The messages that notified ``user_id`` (as they read now), oldest first."""
        return [self.messages[n.message_id].data for n in self.notifications if n.user_id == user_id]

    def notified_users(self, since: int = 0) -> list[int]:
        """Who was notified, in order, by the messages created after ``len(fake.notifications) == since``."""
        return [n.user_id for n in self.notifications[since:]]

    def files_of(self, message: Json) -> list[tuple[str, bytes]]:
        return self.messages[int(message["id"])].files

    def responses_to(self, interaction_id: int) -> list[Call]:
        token = next(t for t, i in self._interactions.items() if i.id == interaction_id)
        return [c for c in self.calls if f"/{token}" in c.path]

    def all_public_text(self) -> str:
        """Every text ever shown outside DMs and ephemeral replies (including versions later edited away)."""
        texts: list[str] = []
        for call in self.calls:
            message = self._after_call.get(id(call))
            if message is None or message["flags"] & 64 or self.channels[int(message["channel_id"])].type == 1:
                continue
            body = (call.json.get("data") or {}) if call.path.endswith("/callback") else (call.json or {})
            texts += visible_text({**body, "attachments": [{"filename": n} for n, _ in call.files]})
        return "\n".join(texts)

    # --- the HTTP side ---------------------------------------------------------------------------------

    async def respond(self, request: Request) -> Reply:
        """Discord's answer to one HTTP request from discord.py (see fakediscord_http.FakeSession)."""
        await asyncio.sleep(0)  # a real request always yields to the loop
        method, path = request.method, request.path
        for hold in self._holds:
            if hold[0] == method and hold[1].search(path):
                self._holds.remove(hold)
                await hold[2].wait()
                break
        fields = (request.body, request.files, request.reason, request.params, self.clock())
        call = Call(method, path, *fields, quiet_at=quiet_now())
        if request.asked is not None:
            request.asked.calls.append(call)
        limits = self.rate_limits.admit(method, path)
        if limits.refusal is not None:
            call.status = 429
            self.rate_limited.append(call)
            return Reply(429, limits.headers, limits.refusal)
        self.calls.append(call)
        try:
            return Reply(200, limits.headers, self._route(call))
        except Refusal as refusal:
            if refusal.status >= 500:  # as discord.py reports a server error it met on every retry
                response = SimpleNamespace(status=refusal.status, reason="Error")
                raise discord.DiscordServerError(response, refusal.body) from None  # type: ignore[arg-type]
            return Reply(refusal.status, limits.headers, refusal.body)

    def _route(self, call: Call) -> Any:
        for failure in self._failures:
            if failure.method == call.method and failure.path.search(call.path):
                self._failures.remove(failure)
                _raise(call, failure.status, failure.code, failure.message)
        if call.method in ("POST", "PATCH") and isinstance(call.json, dict):
            message = call.json.get("data") if call.path.endswith("/callback") else call.json
            errors = form_errors(message or {})
            if errors:
                _raise(call, 400, 50035, "Invalid Form Body", errors)
        for methods, pattern, handler in self._routes:
            match = pattern.fullmatch(call.path)
            if match and call.method in methods.split("|"):
                # discord.py mutates what it parses; hand it a copy so the fake's records stay as sent.
                return copy.deepcopy(handler(call, **match.groupdict()))
        self.unexpected.append(call)
        raise UnexpectedRequest(f"the fake Discord has no route for {call.method} {call.path}")

    def _callback(self, call: Call, iid: str, token: str) -> Json:
        info = self._interactions.get(token)
        # The 3-second first answer, on a quiet machine's clock: time the loop waited for a CPU other processes
        # held is not the bot's (tokens still age on Discord's clock, below).
        if info is None or call.quiet_at - info.dispatched_quiet > self.response_deadline:
            _raise(call, 404, 10062, "Unknown interaction")
        if info.response_type is not None:
            _raise(call, 400, 40060, "Interaction has already been acknowledged.")
        kind, data = call.json["type"], call.json.get("data") or {}
        info.response_type = kind
        answer: Json = {"interaction": {"id": iid, "type": info.kind}}
        if kind in (4, 5):
            sent = {**data, "flags": (data.get("flags") or 0) | (128 if kind == 5 else 0)}
            stored = self._create(call, info.channel_id, sent, interaction=True)
            info.original = stored.id
        elif kind == 7:
            stored = self._edit(call, self.messages[info.original or 0], data)
        else:
            return answer
        answer["interaction"].update(
            response_message_id=str(stored.id),
            response_message_ephemeral=stored.ephemeral,
            response_message_loading=kind == 5,
        )
        answer["resource"] = {"type": kind, "message": stored.data}
        return answer

    def _webhook_message(self, call: Call, token: str, mid: str) -> Json | None:
        info = self._interaction(call, token)
        stored = self.messages.get(info.original or 0 if mid == "@original" else int(mid))
        if stored is None or stored.deleted:
            _raise(call, 404, 10008, "Unknown Message")
        return self._message_verb(call, stored)

    def _followup(self, call: Call, token: str) -> Json:
        info = self._interaction(call, token)
        original = self.messages.get(info.original or 0)
        if info.response_type == 5 and original is not None and original.data["flags"] & 128 and not original.deleted:
            # The first follow-up after a "thinking..." defer replaces it and keeps the defer's visibility (once
            # the placeholder is deleted, a follow-up is a new message of its own).
            return self._edit(call, original, call.json).data
        return self._create(call, info.channel_id, call.json, interaction=True).data

    def _channel_send(self, call: Call, cid: str) -> Json:
        channel = self.channels.get(int(cid))
        if channel is None:
            _raise(call, 404, 10003, "Unknown Channel")
        if channel.recipient is not None and channel.recipient.id in self.closed_dms:
            _raise(call, 403, 50007, "Cannot send messages to this user")
        return self._create(call, channel.id, call.json or {}, interaction=False).data

    def _channel_message(self, call: Call, cid: str, mid: str) -> Json | None:
        stored = self.messages.get(int(mid))
        # Ephemeral messages exist only for their interaction's webhook, never under /channels.
        if stored is None or stored.deleted or stored.ephemeral or stored.data["channel_id"] != cid:
            _raise(call, 404, 10008, "Unknown Message")
        return self._message_verb(call, stored)

    def _get_channel(self, call: Call, cid: str) -> Json:
        if int(cid) not in self.channels:
            _raise(call, 404, 10003, "Unknown Channel")
        return self.channels[int(cid)].channel_object()

    def _delete_channel(self, call: Call, cid: str) -> Json:
        """Delete a channel or thread: it is gone, with its messages."""
        channel = self.channels.pop(int(cid), None)
        if channel is None:
            _raise(call, 404, 10003, "Unknown Channel")
        return channel.channel_object()

    def _start_thread(self, call: Call, cid: str) -> Json:
        """Start Thread without Message: a new public thread of a text channel."""
        parent = self.channels.get(int(cid))
        if parent is None:
            _raise(call, 404, 10003, "Unknown Channel")
        if parent.type != 0:
            _raise(call, 400, 50024, "Cannot execute action on this channel type")
        thread = FakeChannel(self._ids.next(), call.json.get("type", 11), parent.guild_id, call.json["name"], parent.id)
        self.channels[thread.id] = thread
        return thread.channel_object()

    def _open_dm(self, call: Call) -> Json:
        user_id = int(call.json["recipient_id"])
        user = self.users.get(user_id) or FakeUser(user_id, f"user{user_id}")
        channel_id = self._dm_by_user.setdefault(user_id, self._ids.next())
        self.channels[channel_id] = FakeChannel(channel_id, 1, None, "", None, user)
        return self.channels[channel_id].channel_object()

    def _application(self, call: Call) -> Json:
        """The bot's application as Discord describes it to the bot, with its owner."""
        owner = self.users.get(self.application_owner) if self.application_owner is not None else None
        owner_object = (
            owner.user_object()
            if owner is not None
            else {"id": "1", "username": "someone", "discriminator": "0", "avatar": None, "public_flags": 0}
        )
        return {
            "id": str(self.application_id),
            "name": "Clans",
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": owner_object,
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
        }

    def _get_user(self, call: Call, uid: str) -> Json:
        if int(uid) not in self.users:
            _raise(call, 404, 10013, "Unknown User")
        return self.users[int(uid)].user_object()

    def _commands(self, call: Call, gid: str | None) -> list[Json]:
        scope = int(gid) if gid else None
        if call.method == "PUT":
            self.synced_commands[scope] = [
                {
                    **c,
                    "id": str(self._ids.next()),
                    "application_id": str(self.application_id),
                    "version": "1",
                    "default_member_permissions": c.get("default_member_permissions"),
                    **({"guild_id": gid} if gid else {}),
                }
                for c in call.json
            ]
        return self.synced_commands.get(scope, [])

    # --- message store ---------------------------------------------------------------------------------

    def _message_verb(self, call: Call, stored: StoredMessage) -> Json | None:
        if call.method == "PATCH":
            return self._edit(call, stored, call.json or {}).data
        if call.method == "DELETE":
            stored.deleted = True
            return None
        return stored.data

    def _create(self, call: Call, channel_id: int, sent: Json, *, interaction: bool) -> StoredMessage:
        data = message_object(
            message_id=self._ids.next(),
            channel_id=channel_id,
            author=self.bot_user.user_object(),
            sent=sent,
            files=call.files,
            attachment_ids=[self._ids.next() for _ in call.files],
            known_users=self.users,
            message_type=20 if interaction else 0,
            application_id=self.application_id if interaction else None,
        )
        stored = self.messages[int(data["id"])] = StoredMessage(data, list(call.files))
        self._after_call[id(call)] = copy.deepcopy(stored.data)
        self._notify(call, stored, sent)
        return stored

    def _notify(self, call: Call, stored: StoredMessage, sent: Json) -> None:
        """Discord's notifications for a newly created message (edits never notify, whatever they mention).

        A DM notifies its recipient. In a server channel, a user mentioned in the content is notified when
        ``allowed_mentions`` lets the mention through: absent, Discord parses every mention; present, a user
        is pinged when listed in its ``users`` or when ``parse`` holds "users". Ephemeral messages and
        mentions inside embeds notify nobody.
        """
        if stored.ephemeral:
            return
        channel = self.channels.get(int(stored.data["channel_id"]))
        targets: list[int] = []
        if channel is not None and channel.recipient is not None:
            targets.append(channel.recipient.id)
        else:
            allowed = sent.get("allowed_mentions")
            listed = {int(u) for u in (allowed or {}).get("users", [])}
            parse_all = allowed is None or "users" in (allowed.get("parse") or [])
            for raw in MENTION.findall(sent.get("content") or ""):
                user_id = int(raw)
                if (parse_all or user_id in listed) and user_id not in targets and user_id != self.bot_user.id:
                    targets.append(user_id)
        for user_id in targets:
            self.notifications.append(Notification(user_id, stored.id, int(stored.data["channel_id"]), call.at))

    def _edit(self, call: Call, stored: StoredMessage, sent: Json) -> StoredMessage:
        apply_edit(stored.data, sent, call.files, [self._ids.next() for _ in call.files], self.users)
        kept = {a["filename"] for a in stored.data["attachments"]}
        stored.files = [f for f in stored.files + call.files if f[0] in kept]
        self._after_call[id(call)] = copy.deepcopy(stored.data)
        return stored

    def _message_after(self, call: Call) -> Json | None:
        return self._after_call.get(id(call))

    def _interaction(self, call: Call, token: str) -> InteractionRecord:
        info = self._interactions.get(token)
        if info is None or info.response_type is None:
            _raise(call, 404, 10015, "Unknown Webhook")
        if call.at - info.dispatched_at > TOKEN_LIFETIME:
            _raise(call, 401, 50027, "Invalid Webhook Token")
        return info


def _raise(call: Call, status: int, code: int, message: str, errors: Json | None = None) -> NoReturn:
    call.status = status
    raise Refusal(status, {"code": code, "message": message, **({"errors": errors} if errors else {})})
