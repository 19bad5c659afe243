"""The wire between discord.py and the fake: an aiohttp-like session that discord.py's own HTTP code talks to.

discord.py's `HTTPClient.request` and `AsyncWebhookAdapter.request` run unchanged: they build the JSON or
multipart body, read status, headers and text, keep their rate-limit buckets from the `X-RateLimit-*` headers,
sleep `retry_after` on a 429 and retry. Only the socket is replaced: `FakeSession.request` hands the request
to `DiscordServer.respond` and wraps its answer in a `FakeResponse`.
"""

from __future__ import annotations

import contextvars
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any
from urllib.parse import unquote

import aiohttp
from multidict import CIMultiDict

Json = dict[str, Any]

asked: contextvars.ContextVar[Asked | None] = contextvars.ContextVar("fakediscord_asked", default=None)
"""The bot's request now in discord.py's hands: when it was asked for, and the calls it made on the wire."""


@dataclass
class Asked:
    at: float  # the fake's clock when the bot's code called discord.py's request method
    calls: list[Any] = field(default_factory=list)  # fakediscord_server.Call, each attempt (429s included)


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    body: Any  # the JSON body, or the decoded `payload_json` of a multipart body
    files: list[tuple[str, bytes]]
    reason: str | None
    params: dict[str, Any] | None
    asked: Asked | None


@dataclass
class Reply:
    status: int
    headers: dict[str, str] = field(default_factory=dict)
    body: Any = None  # JSON-able; None for 204


class FakeResponse:
    """What discord.py reads of an aiohttp.ClientResponse: status, reason, headers and the text."""

    def __init__(self, reply: Reply) -> None:
        self.status = reply.status
        self.reason = {200: "OK", 204: "No Content", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden"}.get(
            reply.status, {404: "Not Found", 429: "Too Many Requests"}.get(reply.status, "Error")
        )
        self.headers: CIMultiDict[str] = CIMultiDict(reply.headers)
        self._text = "" if reply.body is None else json.dumps(reply.body)
        if reply.body is not None:
            self.headers["Content-Type"] = "application/json"

    async def text(self, encoding: str | None = None) -> str:
        return self._text

    async def json(self) -> Any:
        return json.loads(self._text) if self._text else None


class _Exchange:
    """``async with session.request(...) as response``: the request is answered on entry."""

    def __init__(self, answer: Awaitable[Reply]) -> None:
        self._answer = answer

    async def __aenter__(self) -> FakeResponse:
        return FakeResponse(await self._answer)

    async def __aexit__(self, *_: type[BaseException] | BaseException | TracebackType | None) -> None:
        return None


class FakeSession:
    """Stands for the aiohttp.ClientSession discord.py logs in with (``HTTPClient.__session``)."""

    def __init__(self, respond: Callable[[Request], Awaitable[Reply]], api_base: str) -> None:
        self._respond = respond
        self._api_base = api_base
        self.closed = False

    def request(
        self, method: str, url: str, *, data: Any = None, headers: dict[str, str] | None = None, **kwargs: Any
    ) -> _Exchange:
        body, files = decode_body(data)
        reason = (headers or {}).get("X-Audit-Log-Reason")
        request = Request(
            method,
            str(url).removeprefix(self._api_base),
            body,
            files,
            unquote(reason) if reason else None,
            kwargs.get("params"),
            asked.get(),
        )
        return _Exchange(self._respond(request))

    async def close(self) -> None:
        self.closed = True


def decode_body(data: Any) -> tuple[Any, list[tuple[str, bytes]]]:
    """The JSON and the files of a body as discord.py sends it: a JSON string, or aiohttp.FormData whose
    ``payload_json`` field holds the JSON and whose other fields are the files."""
    if data is None:
        return None, []
    if isinstance(data, str | bytes):
        return json.loads(data), []
    assert isinstance(data, aiohttp.FormData), f"unexpected body {type(data).__name__}"
    body: Any = None
    files: list[tuple[str, bytes]] = []
    for options, _headers, value in data._fields:
        if options["name"] == "payload_json":
            body = json.loads(value)
        else:
            files.append((options["filename"], _read(value)))
    return body, files


def _read(value: Any) -> bytes:
    if isinstance(value, bytes):
        return value
    position = value.tell()
    blob = value.read()
    value.seek(position)
    return bytes(blob)


def timed(request: Callable[..., Awaitable[Any]], clock: Callable[[], float]) -> Callable[..., Awaitable[Any]]:
    """discord.py's own ``request`` method, noting when the bot asked and when discord.py gave the answer back
    (after any rate-limit wait, before or after the request), on every call the request made."""

    async def timed_request(*args: Any, **kwargs: Any) -> Any:
        this = Asked(clock())
        token = asked.set(this)
        try:
            return await request(*args, **kwargs)
        finally:
            asked.reset(token)
            done = clock()
            for call in this.calls:
                call.asked_at, call.returned_at = this.at, done

    return timed_request
