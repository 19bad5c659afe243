"""Builders for the bot tests: a real GameBot on a temporary database, driven through the fake Discord.

bot = await start_bot(fake, tmp_path, seeds=[7])
game_id = await open_game(fake, [alice, bob])
final = await play_game(fake, bot, game_id, {alice.id: alice, bob.id: bob})
"""

from __future__ import annotations

import itertools
import logging
import random
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import discord
import pytest
from fakediscord import FakeChannel, FakeDiscord, FakeUser, InteractionResult
from fakediscord_payloads import interaction_payload, visible_text, walk_components

from bot import GameBot
from cogs.clans.cog import ClansCog
from config import Config
from engine.clans import (
    Board,
    GameState,
    Move,
    Phase,
    PublicView,
    apply,
    legal_moves,
    new_game,
    preview_move,
    public_view,
)
from service.ai_pool import AiPool
from service.claims import Claims
from service.pace import Clock
from store import GameRecord, MoveRecord, SeatRecord, Store

Json = dict[str, Any]
MovePicker = Callable[[GameState, list[Move]], Move]

DEADLINE_S = 3.0
"""Discord's limit for the first answer to an interaction."""
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
ORDER_SEED = 5
"""With random play from this seed, moves_until_order finds a move founding 2+ villages (move 41)."""


@pytest.fixture(autouse=True)
async def every_interaction_answered(fake: FakeDiscord) -> AsyncIterator[None]:
    """Import into a test module: after each test, every interaction dispatched there got an answer in time,
    and nothing was logged as an unexpected error (tests that provoke one clear ``fake.logged_errors``)."""
    yield
    unanswered = [(token, record.kind) for token, record in fake._interactions.items() if record.response_type is None]
    assert not unanswered, f"interactions never answered: {unanswered}"
    assert not bot_errors(fake), [record.getMessage() for record in bot_errors(fake)]


def bot_errors(fake: FakeDiscord) -> list[logging.LogRecord]:
    """Errors the bot logged. asyncio's own "Task was destroyed" notes are about a previous test's loop
    (discord.py gives ephemeral views a 15-minute timer that outlives it), not about this bot."""
    return [record for record in fake.logged_errors if record.name != "asyncio"]


class BotUnderTest(GameBot):
    """The real bot; closing it also closes its database (as `run()` does with `async with`)."""

    async def close(self) -> None:
        await super().close()
        await self.store.close()


folder_database: Callable[[Path], str] | None = None
"""Under ``CLANS_TEST_BACKEND=postgres`` (set by tests/discord/bot_fixtures.py): the URL of the PostgreSQL schema
that stands for a folder, the same one each time for the same folder (so a restart finds its games)."""


def database_of(where: Path | str) -> Path | str:
    """What ``Store.open`` takes for a bot on ``where``: a folder means ``clans.db`` in it (or, under
    ``CLANS_TEST_BACKEND=postgres``, the folder's own PostgreSQL schema); a string is taken as it is."""
    if isinstance(where, str):
        return where
    return where / "clans.db" if folder_database is None else folder_database(where)


def test_config(where: Path | str, **overrides: Any) -> Config:
    """Settings for a bot on ``where``: a folder (SQLite in it, or PostgreSQL under the switch above), or what
    ``database_target`` gives (a SQLite file or a PostgreSQL URL), for tests run on both backends."""
    database = database_of(where)
    # The sweep runs at start, then (in these tests) by hand only: a sweep on its own timer could play an AI
    # turn in a task no dispatch started, which settle() does not wait for (its loop: test_ai_sweep.py).
    settings: dict[str, Any] = dict(
        token=None,
        guild_id=None,
        database=database,
        ai_budget_s=0.05,
        ai_delay_s=0,
        log_level="INFO",
        ai_sweep_s=3600.0,
    )
    settings.update(overrides)
    return Config(**settings)


test_config.__test__ = False  # type: ignore[attr-defined]  # a builder, not a test


def seed_source(seeds: Iterable[int] | None) -> Callable[[], int]:
    """Lobby seeds in order: the given ones, then 1000, 1001, ... (always deterministic)."""
    queue: Iterator[int] = itertools.chain(seeds or (), itertools.count(1000))
    return lambda: next(queue)


async def make_bot(
    fake: FakeDiscord,
    where: Path | str,
    seeds: Iterable[int] | None = None,
    now: Clock | None = None,
    *,
    clock: Callable[[], float] | None = None,
    ai_pool: AiPool | None = None,
    **config: Any,
) -> GameBot:
    """A GameBot (not started) on ``where`` (see test_config), with deterministic lobby seeds, the turn clock
    ``now`` and ``clock`` (seconds since the epoch) for its claims' leases.

    Without ``ai_pool``, its workers run at the tests' own priority: on a busy machine a lower one would
    starve them past the settle deadlines (tests/service/test_ai_pool.py checks that the bot's workers run at a
    lower priority). The benchmark passes the bot's real pool instead."""
    settings = test_config(where, **config)
    store = await Store.open(settings.database)
    pool = ai_pool or AiPool(niceness=0)
    claims = Claims(store, clock) if clock is not None else None
    return BotUnderTest(settings, store, ai_pool=pool, now=now, claims=claims, seed_source=seed_source(seeds))


async def start_bot(
    fake: FakeDiscord, where: Path | str, seeds: Iterable[int] | None = None, now: Clock | None = None, **config: Any
) -> GameBot:
    bot = await make_bot(fake, where, seeds, now, **config)
    await fake.start(bot)
    return bot


async def restart_bot(
    fake: FakeDiscord, where: Path | str, seeds: Iterable[int] | None = None, now: Clock | None = None, **config: Any
) -> GameBot:
    """Close the running bot and start a new one on the same database."""
    bot = await make_bot(fake, where, seeds, now, **config)
    await fake.restart(bot)
    return bot


def cog(bot: GameBot) -> ClansCog:
    found = bot.get_cog("Clans")
    assert found is not None, "the Clans cog is not loaded"
    return found  # type: ignore[return-value]  # load_extension makes a fresh module, so no isinstance


# --- checks every interaction must pass ------------------------------------------------------------------


def answered(result: InteractionResult) -> InteractionResult:
    """The interaction got a first answer within Discord's deadline, and no call failed."""
    calls = [(c.method, c.path, c.status) for c in result.calls]
    assert result.response is not None, f"unanswered interaction: {calls}"
    assert result.latency < DEADLINE_S
    assert all(c.status < 300 for c in result.calls), [(c.path, c.status, c.json) for c in result.calls]
    return result


def refused(result: InteractionResult, *phrases: str) -> str:
    """The user got only an ephemeral refusal (containing each phrase), and nothing public was posted."""
    answered(result)
    assert result.response is not None
    shown = [s for s in [result.response, *result.followups] if s.content or s.embeds]
    assert shown and all(s.ephemeral for s in shown), [(s.content, s.ephemeral) for s in shown]
    assert not [c for c in result.calls_during if c.method == "POST" and c.path.startswith("/channels/")]
    message = "\n".join(s.content for s in shown)
    assert "Traceback" not in message and "Error" not in message, message
    for phrase in phrases:
        assert phrase in message, f"{phrase!r} not in {message!r}"
    return message


def refused_meanwhile(result: InteractionResult, *phrases: str) -> str:
    """``refused`` for an interaction that ran while another one posted in the channel (their windows overlap):
    its own answers are all private and contain each phrase."""
    shown = [s for s in [result.response, *result.followups] if s is not None and (s.content or s.embeds)]
    assert shown and all(s.ephemeral for s in shown), [(s.content, s.ephemeral) for s in shown]
    message = "\n".join(s.content for s in shown)
    for phrase in phrases:
        assert phrase in message, f"{phrase!r} not in {message!r}"
    return message


def public_messages(fake: FakeDiscord, channel: FakeChannel | None = None) -> list[Json]:
    return fake.channel_messages(channel.id if channel else None)


def components_of(message: Json) -> list[Json]:
    return walk_components(message.get("components") or [])


def custom_ids(message: Json) -> list[str]:
    return [c["custom_id"] for c in components_of(message) if "custom_id" in c]


def message_with(fake: FakeDiscord, prefix: str, channel: FakeChannel | None = None) -> Json:
    """The newest public message carrying a component whose custom_id starts with ``prefix``."""
    for message in reversed(public_messages(fake, channel)):
        if any(cid.startswith(prefix) for cid in custom_ids(message)):
            return message
    raise LookupError(f"no public message with a component {prefix!r}")


def select_options(message: Json, custom_id: str) -> list[str]:
    [select] = [c for c in components_of(message) if c.get("custom_id") == custom_id]
    return [o["value"] for o in select["options"]]


def embed_text(embeds: list[Json]) -> str:
    parts: list[str] = []
    for embed in embeds:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f['name']}\n{f['value']}" for f in embed.get("fields") or []]
        parts.append((embed.get("footer") or {}).get("text") or "")
    return "\n".join(parts)


# --- setting up and playing games ------------------------------------------------------------------------


def users(fake: FakeDiscord, count: int, first_id: int = 101) -> list[FakeUser]:
    names = ["alice", "bob", "carol", "dave", "erin", "frank"]
    return [fake.user(first_id + i, names[i]) for i in range(count)]


async def open_game(
    fake: FakeDiscord,
    players: list[FakeUser],
    ai: Iterable[str] = (),
    *,
    channel: FakeChannel | None = None,
    start: bool = True,
) -> int:
    """`/clans new` by the first player, `/clans join` by the others, `/clans addbot` per AI level, start."""
    host, *guests = players
    answered(await fake.slash(host, "clans new", channel=channel))
    for guest in guests:
        answered(await fake.slash(guest, "clans join", channel=channel))
    for level in ai:
        answered(await fake.slash(host, "clans addbot", {"level": level}, channel=channel))
    lobby = message_with(fake, "clans:join:", channel)
    game_id = int(custom_ids(lobby)[0].rsplit(":", 1)[1])
    if start:
        answered(await fake.slash(host, "clans start", channel=channel))
    return game_id


def random_picker(seed: int) -> MovePicker:
    rng = random.Random(seed)
    return lambda state, moves: rng.choice(moves)


def first_picker(state: GameState, moves: list[Move]) -> Move:
    return moves[0]


def founds_several(state: GameState, move: Move) -> bool:
    after = state.copy()
    apply(after, move)
    return after.phase is Phase.ORDER


def order_matters(state: GameState, move: Move) -> bool:
    """The move founds 2+ villages whose order changes something (so the mover is asked for it)."""
    return founds_several(state, move) and len(preview_move(public_view(state), move)) > 1


def order_seeking_picker(seed: int) -> MovePicker:
    """Random play, but a move that founds 2+ villages whose order matters whenever there is one."""
    rng = random.Random(seed)

    def pick(state: GameState, moves: list[Move]) -> Move:
        several = [m for m in moves if state.phase is Phase.MOVE and order_matters(state, m)]
        return several[0] if several else rng.choice(moves)

    return pick


def moves_until_order(
    seed: int, players: int, picker_seed: int = 0, limit: int = 200, board: Board | None = None
) -> list[Move] | None:
    """Offline search with the engine: hut moves from setup (on ``board``, else the project's map) until one
    founds 2+ villages whose order matters, so that the mover is asked for it (None if none does)."""
    state = new_game(players, seed, board)
    rng = random.Random(picker_seed)
    played: list[Move] = []
    while not state.over and len(played) < limit:
        moves = legal_moves(state)
        several = [m for m in moves if order_matters(state, m)]
        move = several[0] if several else rng.choice(moves)
        played.append(move)
        apply(state, move)
        if several:
            return played
    return None


async def reach_order(fake: FakeDiscord, bot: GameBot, players: dict[int, FakeUser], game_id: int = 1) -> FakeUser:
    """In a game opened with seed ORDER_SEED, play through /clans move the engine-found moves (on the game's own
    map) up to one that founds 2+ villages; return the mover, who now owes the village order."""
    moves = moves_until_order(ORDER_SEED, len(players), board=(await peek(bot, game_id)).state.board)
    assert moves is not None, "the offline search found no move founding several villages"
    for move in moves:
        table = await peek(bot, game_id)
        mover = players[table.mover.user_id]  # type: ignore[index]
        answered(await fake.slash(mover, "clans move", {"from": move.src, "to": move.dst}))
    table = await peek(bot, game_id)
    assert table.state.phase is Phase.ORDER and len(table.state.pending) >= 2
    return players[table.mover.user_id]  # type: ignore[index]


async def stored_moves(bot: GameBot, game_id: int) -> list[MoveRecord]:
    return await bot.store.moves(game_id)


async def play_turn(
    fake: FakeDiscord,
    bot: GameBot,
    game_id: int,
    players: dict[int, FakeUser],
    pick: MovePicker = first_picker,
    *,
    channel: FakeChannel | None = None,
) -> InteractionResult | None:
    """One action by whoever is to act: a slash move, or the order select. None if an AI acted instead."""
    table = await peek(bot, game_id)
    assert not table.state.over
    mover = table.mover
    if mover.user_id is None:
        await cog(bot).ai.idle()
        return None
    user = players[mover.user_id]
    moves = legal_moves(table.state)
    if table.state.phase is Phase.ORDER:
        menu = message_with(fake, f"clans:order:{game_id}:", channel)
        custom_id = next(c for c in custom_ids(menu) if c.startswith("clans:order:"))
        assert custom_id == f"clans:order:{game_id}:{table.state.ply}"
        choice = pick(table.state, moves)
        return answered(await fake.select(user, menu, custom_id, [str(choice.src)]))
    move = pick(table.state, moves)
    return answered(await fake.slash(user, "clans move", {"from": move.src, "to": move.dst}, channel=channel))


async def play_game(
    fake: FakeDiscord,
    bot: GameBot,
    game_id: int,
    players: dict[int, FakeUser],
    pick: MovePicker = first_picker,
    *,
    channel: FakeChannel | None = None,
    on_action: Callable[[InteractionResult], None] | None = None,
    max_actions: int = 500,
) -> InteractionResult | None:
    """Play the game to its end through real slash commands and selects; the last human interaction."""
    last: InteractionResult | None = None
    for _ in range(max_actions):
        table = await peek(bot, game_id)
        if table.state.over:
            await cog(bot).ai.idle()
            return last
        result = await play_turn(fake, bot, game_id, players, pick, channel=channel)
        if result is not None:
            last = result
            if on_action is not None:
                on_action(result)
    raise AssertionError(f"game {game_id} did not end within {max_actions} actions")


def by_id(*people: FakeUser) -> dict[int, FakeUser]:
    return {p.id: p for p in people}


def mention(user: FakeUser | discord.abc.Snowflake) -> str:
    return f"<@{user.id}>"


async def raw_component(
    fake: FakeDiscord, user: FakeUser, message: Json, custom_id: str, values: list[str] | None = None
) -> InteractionResult:
    """A click (or, with ``values``, a select) on ``message`` as it looked with a component ``custom_id``.

    For stale messages whose component was since changed or removed, and for old messages of other games.
    """
    data: Json = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
    component: Json = {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}
    if values is not None:
        data["values"] = values
        component = {
            "type": 3,
            "custom_id": custom_id,
            "options": [{"label": v, "value": v} for v in values],
            "min_values": 1,
            "max_values": 1,
        }
    message = {**message, "components": [{"type": 1, "components": [component]}]}
    interaction_id = fake._ids.next()
    payload = interaction_payload(
        kind=3,
        interaction_id=interaction_id,
        application_id=fake.application_id,
        token=f"tok{interaction_id}",
        user=user,
        channel=fake.channels[int(message["channel_id"])],
        data=data,
        app_permissions=fake.app_permissions,
        message=message,
    )
    return await fake.dispatch(payload)


def public_record(fake: FakeDiscord, channel: FakeChannel, until: int | None = None) -> list[tuple[str, list[bytes]]]:
    """Every public text and file sent to ``channel`` (calls[:until]), in order, as it was sent (edits too)."""
    record: list[tuple[str, list[bytes]]] = []
    for call in fake.calls[:until]:
        message = fake._message_after(call)
        if message is None or message["flags"] & 64 or message["channel_id"] != str(channel.id):
            continue
        body = (call.json.get("data") or {}) if call.path.endswith("/callback") else (call.json or {})
        shown = {**body, "attachments": [{"filename": name} for name, _ in call.files]}
        record.append(("\n".join(visible_text(shown)), [blob for _, blob in call.files]))
    return record


@dataclass(frozen=True)
class Peek:
    """What a test may see and a player may not: a game's record and its whole state, read from the store
    (the service hands the bot only the public view)."""

    record: GameRecord
    state: GameState

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def view(self) -> PublicView:
        return public_view(self.state)

    @property
    def mover(self) -> SeatRecord:
        return self.record.seats[self.state.to_move]

    def seat_of(self, user_id: int) -> SeatRecord | None:
        return self.record.seat_of(user_id)


async def peek(bot: GameBot, game_id: int) -> Peek:
    record = await bot.store.get_game(game_id)
    assert record is not None and record.snapshot is not None, f"game #{game_id} has not started"
    return Peek(record, GameState.from_json(record.snapshot))


# --- deadlines as Discord shows them ----------------------------------------------------------------------

DUE = r"due <t:\d+:f> \(<t:\d+:R>\)"
"""A turn's deadline in Discord's timestamp markup (each reader's client shows it in their own time zone)."""


def due(deadline: datetime | None) -> str:
    """'due <t:…:f> (<t:…:R>)': what a post says of ``deadline``."""
    assert deadline is not None, "the turn has no clock"
    moment = round(deadline.timestamp())
    return f"due <t:{moment}:f> (<t:{moment}:R>)"
