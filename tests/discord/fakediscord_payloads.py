"""Raw Discord JSON for the fake: users, channels, interactions and messages, shaped as Discord sends them.

Everything here is plain data; `fakediscord.FakeDiscord` decides when to build what.
"""

from __future__ import annotations

import itertools
import re
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord
from discord import AppCommandOptionType, app_commands

Json = dict[str, Any]

#: What an ordinary member may do in a channel; commands that need more must be given it explicitly.
MEMBER_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_application_commands=True,
).value
#: What the invite URL grants the bot (sent as `app_permissions`).
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    use_external_emojis=True,
).value
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


class Snowflakes:
    """Fresh, increasing snowflakes stamped with the current time, as Discord makes them."""

    def __init__(self) -> None:
        self._counter = itertools.count()

    def next(self) -> int:
        return discord.utils.time_snowflake(datetime.now(UTC)) + next(self._counter) % 4096


@dataclass(frozen=True)
class FakeUser:
    id: int
    name: str
    permissions: int = MEMBER_PERMISSIONS
    roles: tuple[int, ...] = ()
    bot: bool = False
    nick: str | None = None
    """The member's server nickname, their display name there (any text the member chooses)."""
    locale: str = "en-US"
    """The user's Discord language: every interaction of theirs carries it."""

    def user_object(self) -> Json:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def member_object(self, *, with_user: bool = True) -> Json:
        member: Json = {
            "roles": [str(r) for r in self.roles],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "nick": self.nick,
            "avatar": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "premium_since": None,
            "permissions": str(self.permissions),
        }
        if with_user:
            member["user"] = self.user_object()
        return member


@dataclass(frozen=True)
class FakeChannel:
    id: int
    type: int = 0  # 0 text, 11 public thread, 1 DM
    guild_id: int | None = None
    name: str = "clans"
    parent_id: int | None = None
    recipient: FakeUser | None = None
    overwrites: tuple[Json, ...] = ()
    """Permission overwrites as Discord sends them: ``{"id", "type": 0 role / 1 member, "allow", "deny"}``."""

    def channel_object(self) -> Json:
        if self.type == 1:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": 1,
                "last_message_id": None,
                "flags": 0,
                "recipients": [self.recipient.user_object()],
            }
        data: Json = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": 0,
            "permission_overwrites": list(self.overwrites),
            "nsfw": False,
            "flags": 0,
            "rate_limit_per_user": 0,
            "topic": None,
            "last_message_id": None,
            "parent_id": str(self.parent_id) if self.parent_id else None,
        }
        if self.type in (10, 11, 12):
            data.update(
                owner_id="1",
                member_count=1,
                message_count=0,
                total_message_sent=0,
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "locked": False,
                    "archive_timestamp": "2024-01-01T00:00:00+00:00",
                },
            )
        return data


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


# --- application commands -------------------------------------------------------------------------------


def find_command(
    tree: app_commands.CommandTree, qualified_name: str, guild_id: int | None
) -> tuple[app_commands.Command[Any, ..., Any], bool]:
    """The registered command for "clans move", and whether it is a guild command (its data has guild_id)."""
    root_name, *rest = qualified_name.split()
    root = tree.get_command(root_name, guild=discord.Object(guild_id)) if guild_id else None
    is_guild = root is not None
    root = root or tree.get_command(root_name)
    node: Any = root
    for part in rest:
        node = node.get_command(part) if isinstance(node, app_commands.Group) else None
    if not isinstance(node, app_commands.Command):
        raise LookupError(f"no slash command /{qualified_name} in the bot's tree")
    return node, is_guild


def command_data(
    command: app_commands.Command[Any, ..., Any],
    options: dict[str, Any],
    *,
    guild_id: int | None,
    is_guild_command: bool,
    focused: str | None = None,
    command_id: int = 0,
) -> Json:
    """`data` of an APPLICATION_COMMAND (or AUTOCOMPLETE when `focused` is set) interaction."""
    params = {p.display_name: p for p in command.parameters}
    unknown = set(options) - set(params) - ({focused} if focused else set())
    if unknown:
        raise ValueError(f"/{command.qualified_name} has no option(s) {sorted(unknown)}; it has {sorted(params)}")
    resolved: Json = {}
    leaf: list[Json] = []
    for name, param in params.items():
        if name == focused:
            # Discord sends what the user has typed so far, unvalidated, always a string.
            leaf.append({"name": name, "type": param.type.value, "value": str(options.get(name, "")), "focused": True})
        elif name in options:
            value = _option_value(param, options[name], resolved, guild_id)
            leaf.append({"name": name, "type": param.type.value, "value": value})
        elif param.required and focused is None:
            raise ValueError(f"Discord would not send /{command.qualified_name} without required option {name!r}")
    data: Json = {"id": str(command_id), "name": "", "type": 1}
    node: Any = command
    nested = leaf
    while node.parent is not None:
        nested = [{"name": node.name, "type": 1 if isinstance(node, app_commands.Command) else 2, "options": nested}]
        node = node.parent
    data.update(name=node.name, options=nested)
    if resolved:
        data["resolved"] = resolved
    if is_guild_command:
        data["guild_id"] = str(guild_id)
    return data


def _option_value(param: app_commands.Parameter, value: Any, resolved: Json, guild_id: int | None) -> Any:
    kind = param.type
    if kind is AppCommandOptionType.user:
        user = value if isinstance(value, FakeUser) else FakeUser(int(value), f"user{value}")
        resolved.setdefault("users", {})[str(user.id)] = user.user_object()
        if guild_id:
            resolved.setdefault("members", {})[str(user.id)] = user.member_object(with_user=False)
        return str(user.id)
    if kind is AppCommandOptionType.channel:
        channel: FakeChannel = value
        resolved.setdefault("channels", {})[str(channel.id)] = {
            **channel.channel_object(),
            "permissions": str(MEMBER_PERMISSIONS),
        }
        return str(channel.id)
    expected = {
        AppCommandOptionType.integer: int,
        AppCommandOptionType.string: str,
        AppCommandOptionType.boolean: bool,
        AppCommandOptionType.number: (int, float),
    }.get(kind)
    if expected is None:
        raise NotImplementedError(f"option type {kind.name} is not supported by the fake")
    if not isinstance(value, expected) or (kind is AppCommandOptionType.integer and isinstance(value, bool)):
        raise TypeError(f"option {param.display_name!r} is {kind.name}; Discord would not send {value!r}")
    if param.choices and value not in [c.value for c in param.choices]:
        raise ValueError(f"{value!r} is not one of the choices of {param.display_name!r}")
    low, high = param.min_value, param.max_value
    if (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and ((low is not None and value < low) or (high is not None and value > high))
    ):
        raise ValueError(f"Discord's client rejects {param.display_name}={value} (range {low}..{high})")
    return value


# --- interactions ------------------------------------------------------------------------------------


def interaction_payload(
    *,
    kind: int,
    interaction_id: int,
    application_id: int,
    token: str,
    user: FakeUser,
    channel: FakeChannel,
    data: Json,
    app_permissions: int,
    message: Json | None = None,
    locale: str = "en-US",
    guild_locale: str = "en-US",
) -> Json:
    """A gateway INTERACTION_CREATE body as Discord sends it to a guild-installed app."""
    payload: Json = {
        "id": str(interaction_id),
        "application_id": str(application_id),
        "type": kind,
        "data": data,
        "token": token,
        "version": 1,
        "locale": locale,
        "app_permissions": str(app_permissions),
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        "channel": channel.channel_object(),
        "channel_id": str(channel.id),
    }
    if channel.guild_id is not None:
        payload.update(
            guild_id=str(channel.guild_id),
            guild_locale=guild_locale,
            member=user.member_object(),
            guild={"id": str(channel.guild_id), "locale": guild_locale, "features": []},
            context=0,
            authorizing_integration_owners={"0": str(channel.guild_id)},
        )
    else:
        payload.update(user=user.user_object(), context=1, authorizing_integration_owners={"0": "0"})
    if message is not None:
        payload["message"] = message
    return payload


def walk_components(components: list[Json]) -> list[Json]:
    """Every component in a message, flattening action rows (and any other container with `components`)."""
    found: list[Json] = []
    for component in components:
        found.append(component)
        found.extend(walk_components(component.get("components", [])))
    return found


def component_on(message: Json, custom_id: str) -> Json:
    for component in walk_components(message.get("components", [])):
        if component.get("custom_id") == custom_id:
            return component
    ids = [c.get("custom_id") for c in walk_components(message.get("components", [])) if c.get("custom_id")]
    raise LookupError(f"message {message['id']} has no component {custom_id!r}; it has {ids}")


# --- messages ---------------------------------------------------------------------------------------


@dataclass
class StoredMessage:
    """Discord's view of one message: the JSON it would return, plus the uploaded file bytes."""

    data: Json
    files: list[tuple[str, bytes]] = field(default_factory=list)
    deleted: bool = False

    @property
    def id(self) -> int:
        return int(self.data["id"])

    @property
    def ephemeral(self) -> bool:
        return bool(self.data.get("flags", 0) & 64)


MENTION = re.compile(r"<@!?(\d+)>")


def message_object(
    *,
    message_id: int,
    channel_id: int,
    author: Json,
    sent: Json,
    files: list[tuple[str, bytes]],
    attachment_ids: list[int],
    known_users: dict[int, FakeUser],
    message_type: int = 0,
    application_id: int | None = None,
) -> Json:
    """The message Discord returns after `sent` (a message create body) was posted."""
    data: Json = {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "type": message_type,
        "author": author,
        "content": "",
        "embeds": [],
        "components": [],
        "attachments": [],
        "mentions": [],
        "mention_roles": [],
        "mention_everyone": False,
        "pinned": False,
        "tts": False,
        "timestamp": iso_now(),
        "edited_timestamp": None,
        "flags": 0,
    }
    if application_id is not None:
        data.update(webhook_id=str(application_id), application_id=str(application_id))
    apply_edit(data, {**sent, "flags": None}, files, attachment_ids, known_users)
    data["flags"] = sent.get("flags") or 0
    data["edited_timestamp"] = None
    return data


def apply_edit(
    data: Json, sent: Json, files: list[tuple[str, bytes]], new_ids: list[int], known_users: dict[int, FakeUser]
) -> None:
    """Change a message JSON as Discord does for a PATCH (fields absent from `sent` are kept)."""
    for key in ("content", "embeds", "components", "tts", "poll"):
        if key in sent and sent[key] is not None:
            data[key] = sent[key]
    if sent.get("flags") is not None:
        # Ephemerality is fixed at creation; an edit may only change flags such as SUPPRESS_EMBEDS.
        data["flags"] = (data["flags"] & 64) | (sent["flags"] & ~(64 | 128))
    data["flags"] &= ~128  # any edit ends the "thinking..." state
    kept = {str(a["id"]): a for a in data["attachments"]}
    uploaded = dict(enumerate(files))
    attachments: list[Json] = []
    for wanted in sent.get("attachments", [*kept.values(), *({"id": i} for i in uploaded)]):
        old = kept.get(str(wanted["id"]))
        if old is not None:
            attachments.append(old)
        elif int(wanted["id"]) in uploaded:
            name, blob = uploaded[int(wanted["id"])]
            new_id = new_ids[int(wanted["id"])]
            url = f"https://cdn.discordapp.com/attachments/{data['channel_id']}/{new_id}/{name}"
            attachments.append(
                {
                    "id": str(new_id),
                    "filename": name,
                    "size": len(blob),
                    "url": url,
                    "proxy_url": url,
                    "content_type": _content_type(name),
                    "description": wanted.get("description"),
                }
            )
    data["attachments"] = attachments
    data["mentions"] = [
        known_users[int(i)].user_object() for i in MENTION.findall(data.get("content") or "") if int(i) in known_users
    ]
    data["edited_timestamp"] = iso_now()


def _content_type(filename: str) -> str:
    suffix = filename.rsplit(".", 1)[-1].lower()
    return {"png": "image/png", "jpg": "image/jpeg", "txt": "text/plain", "json": "application/json"}.get(
        suffix, "application/octet-stream"
    )


def visible_text(message: Json) -> list[str]:
    """Everything a reader of `message` can see as text: content, embeds, file names, component labels."""
    texts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        texts += [
            embed.get("title") or "",
            embed.get("description") or "",
            (embed.get("footer") or {}).get("text") or "",
            (embed.get("author") or {}).get("name") or "",
        ]
        for embed_field in embed.get("fields") or []:
            texts += [embed_field.get("name") or "", embed_field.get("value") or ""]
    texts += [a["filename"] for a in message.get("attachments") or []]
    for component in walk_components(message.get("components") or []):
        texts += [component.get("label") or "", component.get("placeholder") or "", component.get("content") or ""]
        for option in component.get("options") or []:
            texts += [option.get("label") or "", option.get("description") or ""]
    return [t for t in texts if t]


def perf_now() -> float:
    return time.perf_counter()


def cpu_wait() -> float:
    """Seconds the calling thread (the event loop's) has spent ready to run but waiting for a CPU that other
    processes held: the second field of Linux's per-thread schedstat."""
    with open(f"/proc/self/task/{threading.get_native_id()}/schedstat", encoding="ascii") as stat:
        return int(stat.read().split()[1]) / 1e9


def quiet_now() -> float:
    """Real seconds less every second the event loop waited for a CPU: the clock of a quiet machine. Discord's
    3-second first answer is measured on it, so a machine loaded by other work (CI beside a CPU hog) does not
    decide whether the bot answered in time, while a bot that is itself slow still fails."""
    return time.perf_counter() - cpu_wait()
