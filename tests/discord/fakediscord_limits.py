"""Discord's limits for the fake: per-route and global rate limits, and the size limits of a message.

Rate limits are fixed windows counted on the fake's clock. `speed` compresses Discord's time: at speed 100 the
5-second window of a channel's messages lasts 0.05 s, and every header and ``retry_after`` is given in those
real seconds, because discord.py sleeps them for real. The counts (5 messages, 50 requests) never change.
"""

from __future__ import annotations

import hashlib
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Json = dict[str, Any]

CHANNEL_MESSAGES = (5, 5.0)
"""Creating messages in one channel: 5 per 5 seconds."""
GLOBAL_REQUESTS = (50, 1.0)
"""All requests of one bot, except interaction endpoints: 50 per second."""
OTHER_ROUTES = (50, 1.0)
"""Every other route has a bucket the fake does not tighten: only the global limit binds it."""

_CALLBACK = re.compile(r"/interactions/\d+/[^/]+/callback")
_INTERACTION_WEBHOOK = re.compile(r"/webhooks/(?P<wid>\d+)/(?P<token>[^/]+)(?:/messages/.*)?")
_MESSAGE_CREATE = re.compile(r"/channels/(?P<cid>\d+)/messages")
_MAJOR = re.compile(r"/(?:channels|guilds)/(?P<major>\d+)")


@dataclass
class _Window:
    limit: int
    length: float  # seconds of the fake's clock (already divided by speed)
    reset_at: float = -math.inf
    used: int = 0

    def roll(self, now: float) -> None:
        if now >= self.reset_at:
            self.reset_at, self.used = now + self.length, 0

    def left(self, now: float) -> float:
        return max(self.reset_at - now, 0.0)


@dataclass(frozen=True)
class Answer:
    """What Discord says about a request's rate limits: headers to add, and a 429 body when refused."""

    headers: dict[str, str]
    refusal: Json | None = None


class RateLimits:
    """Discord's buckets. `admit(method, path)` counts the request or refuses it with a 429."""

    def __init__(self, clock: Callable[[], float], speed: float = 1.0) -> None:
        self.clock = clock
        self.speed = speed
        self._buckets: dict[tuple[str, str], _Window] = {}
        self._global: _Window | None = None
        self.refused_global = 0
        """429s with ``"global": true`` (the rest of fake.rate_limited were a route's)."""
        self.emptied: list[str] = []
        """"METHOD path" of each answer that left its route's bucket empty (``X-RateLimit-Remaining: 0``):
        discord.py holds that request until the window resets."""

    def admit(self, method: str, path: str) -> Answer:
        if method == "POST" and _CALLBACK.fullmatch(path):
            return Answer({})  # interaction callbacks have no rate limit
        now = self.clock()
        bucket_hash, major, (limit, length) = _bucket_of(method, path)
        window = self._buckets.setdefault((bucket_hash, major), _Window(limit, length / self.speed))
        window.roll(now)
        interaction_webhook = _INTERACTION_WEBHOOK.fullmatch(path) is not None
        if not interaction_webhook:  # interaction endpoints are not bound to the global limit
            overall = self._global = self._global or _Window(GLOBAL_REQUESTS[0], GLOBAL_REQUESTS[1] / self.speed)
            overall.roll(now)
            if overall.used >= overall.limit:
                wait = _seconds(overall.left(now))
                self.refused_global += 1
                body = {"message": "You are being rate limited.", "retry_after": wait, "global": True}
                headers = {"Retry-After": str(wait), "X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}
                return Answer({**headers, "Via": "1.1 google"}, body)
        refused = window.used >= window.limit
        if not refused:
            window.used += 1
            if window.used == window.limit:
                self.emptied.append(f"{method} {path}")
        headers = self._headers(window, bucket_hash, now)
        if refused:
            wait = _seconds(window.left(now))
            body = {"message": "You are being rate limited.", "retry_after": wait, "global": False}
            return Answer({**headers, "Retry-After": str(wait), "X-RateLimit-Scope": "user", "Via": "1.1 google"}, body)
        if not interaction_webhook and self._global is not None:
            self._global.used += 1
        return Answer(headers)

    def _headers(self, window: _Window, bucket_hash: str, now: float) -> dict[str, str]:
        left = _seconds(window.left(now))
        return {
            "X-RateLimit-Limit": str(window.limit),
            "X-RateLimit-Remaining": str(window.limit - window.used),
            "X-RateLimit-Reset": f"{time.time() + left:.3f}",
            "X-RateLimit-Reset-After": str(left),
            "X-RateLimit-Bucket": bucket_hash,
        }


def _bucket_of(method: str, path: str) -> tuple[str, str, tuple[int, float]]:
    """Discord's bucket hash (shared by every channel), the top-level resource, and the route's limit."""
    if method == "POST" and (created := _MESSAGE_CREATE.fullmatch(path)):
        return _hash("POST /channels/{id}/messages"), created["cid"], CHANNEL_MESSAGES
    webhook = _INTERACTION_WEBHOOK.fullmatch(path)
    major = f"{webhook['wid']}:{webhook['token']}" if webhook else ((m := _MAJOR.match(path)) and m["major"]) or ""
    template = re.sub(r"/\d+", "/{id}", re.sub(r"/webhooks/(\d+)/[^/]+", "/webhooks/{id}/{token}", path))
    return _hash(f"{method} {template}"), major, OTHER_ROUTES


def _hash(route: str) -> str:
    return hashlib.sha1(route.encode()).hexdigest()[:16]


def _seconds(value: float) -> float:
    # Discord's headers carry milliseconds; rounding up never lets a retry land just before the reset.
    return math.ceil(value * 1000) / 1000


# --- message size limits ------------------------------------------------------------------------------

CONTENT_LIMIT = 2000
EMBEDS_LIMIT = 10
ROWS_LIMIT = 5
SELECT_OPTIONS_LIMIT = 25
CUSTOM_ID_LIMIT = 100
CHOICES_LIMIT = 25


def form_errors(body: Json) -> Json:
    """Discord's ``errors`` object for a message body past its limits (empty when the body is valid)."""
    errors: Json = {}
    content = body.get("content")
    if isinstance(content, str) and len(content) > CONTENT_LIMIT:
        errors["content"] = _error("BASE_TYPE_MAX_LENGTH", f"Must be {CONTENT_LIMIT} or fewer in length.")
    if len(body.get("embeds") or []) > EMBEDS_LIMIT:
        errors["embeds"] = _error("BASE_TYPE_MAX_LENGTH", f"Must be {EMBEDS_LIMIT} or fewer in length.")
    rows = body.get("components") or []
    if len(rows) > ROWS_LIMIT:
        errors["components"] = _error("BASE_TYPE_MAX_LENGTH", f"Must be {ROWS_LIMIT} or fewer in length.")
    for r, row in enumerate(rows):
        for c, component in enumerate(row.get("components") or []):
            where = f"components.{r}.components.{c}"
            if len(component.get("custom_id") or "") > CUSTOM_ID_LIMIT:
                errors[f"{where}.custom_id"] = _error(
                    "BASE_TYPE_MAX_LENGTH", f"Must be {CUSTOM_ID_LIMIT} or fewer in length."
                )
            errors.update(_button_errors(component, where))
            if len(component.get("options") or []) > SELECT_OPTIONS_LIMIT:
                errors[f"{where}.options"] = _error(
                    "BASE_TYPE_MAX_LENGTH", f"Must be {SELECT_OPTIONS_LIMIT} or fewer in length."
                )
    if len(body.get("choices") or []) > CHOICES_LIMIT:
        errors["choices"] = _error("BASE_TYPE_MAX_LENGTH", f"Must be {CHOICES_LIMIT} or fewer in length.")
    return errors


URL_LIMIT = 512
LINK_STYLE = 5


def _button_errors(component: Json, where: str) -> Json:
    """A link button (style 5) has a well-formed http(s) URL of a host with a domain (Discord refuses
    ``http://localhost``) and no custom id; every other button has a custom id and no URL."""
    if component.get("type") != 2:
        return {}
    url = component.get("url")
    if component.get("style") != LINK_STYLE:
        if url is not None:
            return {f"{where}.url": _error("BUTTON_COMPONENT_URL_NOT_ALLOWED", "A non-link button cannot have a url.")}
        return {}
    if component.get("custom_id") is not None:
        return {f"{where}.custom_id": _error("BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED", "A link button has no id.")}
    scheme, sep, rest = str(url or "").partition("://")
    host = rest.split("/", 1)[0].split(":", 1)[0]
    if not url or len(url) > URL_LIMIT or scheme not in ("http", "https") or not sep or "." not in host:
        return {f"{where}.url": _error("URL_TYPE_INVALID_URL", "Not a well formed URL.")}
    return {}


def _error(code: str, message: str) -> Json:
    return {"_errors": [{"code": code, "message": message}]}
