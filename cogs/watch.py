"""Discord's side of the bot's metrics (service/metrics.py): how fast interactions get their first answer, the waits
for Discord's rate limits, the errors logged, the gateway's latency.

discord.py has no event for any of these, so each is read where the library already says it: every first answer
(a message, a deferral, an update, a choice list, a modal) goes through the webhook adapter's
``create_interaction_response``, which the bot's own adapter times; every wait for a 429 is logged by discord.py
with its length; every error by the logging module. Only kinds and numbers are kept: never a message, a name or an
id (the first answer's time comes from the interaction's own snowflake).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Coroutine
from typing import Any

import discord
from discord.webhook import async_ as webhook

from service.metrics import Metrics

RATE_LIMIT_LOGGERS = {"discord.http": "bot", "discord.webhook.async_": "interaction"}
"""discord.py's loggers that say when a request waits for a rate limit, and the scope each stands for."""

ANSWER_KINDS = {
    discord.InteractionResponseType.channel_message.value: "message",
    discord.InteractionResponseType.deferred_channel_message.value: "deferred",
    discord.InteractionResponseType.deferred_message_update.value: "deferred_update",
    discord.InteractionResponseType.message_update.value: "update",
    discord.InteractionResponseType.autocomplete_result.value: "autocomplete",
    discord.InteractionResponseType.modal.value: "modal",
}

INTERACTION_KINDS = {
    discord.InteractionType.application_command: "command",
    discord.InteractionType.component: "component",
    discord.InteractionType.autocomplete: "autocomplete",
    discord.InteractionType.modal_submit: "modal",
}


def interaction_kind(interaction: discord.Interaction) -> str:
    return INTERACTION_KINDS.get(interaction.type, "other")


class TimedAdapter(webhook.AsyncWebhookAdapter):
    """discord.py's webhook adapter, telling the metrics how long each interaction waited for its first answer."""

    def __init__(self, metrics: Metrics) -> None:
        vars(webhook.AsyncWebhookAdapter)["__init__"](self)  # discord.py's own (untyped): its rate-limit locks
        self.metrics = metrics

    def create_interaction_response(self, interaction_id: int, token: str, **kwargs: Any) -> Coroutine[Any, Any, Any]:
        sent = super().create_interaction_response(interaction_id, token, **kwargs)
        params = kwargs.get("params")
        payload = getattr(params, "payload", None) or {}
        kind = payload.get("type") if isinstance(payload, dict) else None
        answer = ANSWER_KINDS.get(kind, "other") if isinstance(kind, int) else "other"
        return self._timed(sent, interaction_id, answer)

    async def _timed(self, sent: Any, interaction_id: int, answer: str) -> Any:
        result = await sent
        created = discord.utils.snowflake_time(interaction_id).timestamp()
        self.metrics.first_answer.labels(answer=answer).observe(max(0.0, time.time() - created))
        return result


class RateLimitLog(logging.Handler):
    """Counts discord.py's waits for a 429 and their seconds (the last number its warning gives)."""

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(logging.WARNING)
        self.metrics = metrics

    def emit(self, record: logging.LogRecord) -> None:
        said = str(record.msg)
        if "limit" not in said or "Retrying" not in said:  # discord.py's "… rate limited … Retrying in %.2f seconds."
            return
        args = record.args if isinstance(record.args, tuple) else ()
        seconds = next((float(a) for a in reversed(args) if isinstance(a, int | float)), 0.0)
        self.metrics.rate_limited(RATE_LIMIT_LOGGERS.get(record.name, "bot"), seconds)


class ErrorLog(logging.Handler):
    """Counts the errors logged, by kind: the exception's type, else the logger's name (never the message)."""

    def __init__(self, metrics: Metrics) -> None:
        super().__init__(logging.ERROR)
        self.metrics = metrics

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        self.metrics.error(type(error).__name__ if error is not None else record.name)


class Watch:
    """The hooks of one bot: installed at its start, removed at its close."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics
        self.rate_limits = RateLimitLog(metrics)
        self.errors = ErrorLog(metrics)
        self.adapter = TimedAdapter(metrics)
        self._replaced: webhook.AsyncWebhookAdapter | None = None

    def install(self) -> None:
        """From here on (in this context and the tasks it starts: the bot's, when called in its setup), first
        answers go through the timed adapter; discord.py's waits and the errors logged are counted."""
        self._replaced = webhook.async_context.get()
        webhook.async_context.set(self.adapter)
        for name in RATE_LIMIT_LOGGERS:
            logging.getLogger(name).addHandler(self.rate_limits)
        logging.getLogger().addHandler(self.errors)

    def uninstall(self) -> None:
        for name in RATE_LIMIT_LOGGERS:
            logging.getLogger(name).removeHandler(self.rate_limits)
        logging.getLogger().removeHandler(self.errors)
        if self._replaced is not None and webhook.async_context.get() is self.adapter:
            webhook.async_context.set(self._replaced)  # another bot's own stays (a restart starts it first)
        self._replaced = None

    def interaction(self, interaction: discord.Interaction, outcome: str) -> None:
        self.metrics.interactions.labels(kind=interaction_kind(interaction), outcome=outcome).inc()

    def gateway(self, client: discord.AutoShardedClient) -> None:
        """The gateway's figures as of now: each shard's latency, and whether all are connected."""
        connected = not client.is_closed() and client.is_ready()
        for shard_id, latency in client.latencies:
            if math.isfinite(latency):
                self.metrics.gateway_latency.labels(shard=str(shard_id)).set(latency)
            shard = client.get_shard(shard_id)
            connected = connected and shard is not None and not shard.is_closed()
        self.metrics.gateway_connected.set(1 if connected else 0)
