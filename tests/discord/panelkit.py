"""Playing Clans through the move panel only (buttons and menus, no slash command), for the bot tests and the
panel's benchmark (bench/move_panel.py).

    turn = await panel_turn(fake, bot, game_id, players, rng)
    turn.preview   # the preview message the mover confirmed (its text and its image)
    turn.taps      # screen taps it took: 1 per button, 2 per menu (open it, pick)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from botkit import answered, cog, components_of, custom_ids, message_with, peek, public_messages
from fakediscord import FakeDiscord, FakeUser, InteractionResult

from bot import GameBot
from engine.clans import Move, Phase, founding_moves, legal_moves

Json = dict[str, Any]


@dataclass
class PanelTurn:
    """One turn played through the panel: what the mover saw and how long each step took."""

    mover: FakeUser
    actions: list[str] = field(default_factory=list)
    """The actions it committed (as the move log writes them)."""
    preview: Json = field(default_factory=dict)
    """The preview message confirmed (content, attachments, components)."""
    preview_files: list[tuple[str, bytes]] = field(default_factory=list)
    confirmed: InteractionResult | None = None
    taps: int = 0
    interactions: int = 0
    open_s: float = 0.0
    """From pressing "Play my turn" to the panel."""
    preview_s: list[float] = field(default_factory=list)
    """From each press that asked for a preview to the preview with its image."""


def ids_with(message: Json, prefix: str) -> list[str]:
    return [c for c in custom_ids(message) if c.startswith(prefix)]


def options_of(message: Json, custom_id: str) -> list[str]:
    [select] = [c for c in components_of(message) if c.get("custom_id") == custom_id]
    return [o["value"] for o in select["options"]]


def shown(result: InteractionResult) -> Json:
    """The panel as the click left it (the ephemeral message its answer sent or edited)."""
    answered(result)
    assert result.response is not None and result.response.message is not None, result.text
    assert result.response.ephemeral, "the panel is the mover's alone"
    return result.response.message


def has_preview(message: Json) -> bool:
    return bool(ids_with(message, "clans:pgo:"))


async def open_panel(fake: FakeDiscord, user: FakeUser, game_id: int, turn: PanelTurn) -> Json:
    post = message_with(fake, f"clans:turn:{game_id}")
    result = await fake.click(user, post, f"clans:turn:{game_id}")
    turn.taps, turn.interactions, turn.open_s = turn.taps + 1, turn.interactions + 1, result.latency
    return shown(result)


async def _step(
    fake: FakeDiscord, user: FakeUser, panel: Json, custom_id: str, turn: PanelTurn, value: str | None
) -> Json:
    if value is None:
        result = await fake.click(user, panel, custom_id)
        turn.taps += 1
    else:
        result = await fake.select(user, panel, custom_id, [value])
        turn.taps += 2
    turn.interactions += 1
    after = shown(result)
    if has_preview(after) and result.response is not None and result.response.files:
        turn.preview_s.append(result.latency)
        turn.preview_files = list(result.response.files)
    return after


async def choose_move(fake: FakeDiscord, user: FakeUser, panel: Json, move: Move, turn: PanelTurn) -> Json:
    """From the sources page: turn pages until ``move.src`` is offered, pick it, then its destination."""
    while True:
        [source_id] = ids_with(panel, "clans:psrc:")
        if str(move.src) in options_of(panel, source_id):
            break
        forward = [c for c in ids_with(panel, "clans:ppage:") if not _disabled(panel, c)]
        assert forward, f"source {move.src} is on no page"
        panel = await _step(fake, user, panel, forward[-1], turn, None)
    panel = await _step(fake, user, panel, source_id, turn, str(move.src))
    if has_preview(panel):  # a source with one destination goes straight to its preview
        return panel
    [target_id] = ids_with(panel, "clans:pdst:")
    return await _step(fake, user, panel, target_id, turn, str(move.dst))


def _disabled(message: Json, custom_id: str) -> bool:
    return any(c.get("custom_id") == custom_id and c.get("disabled") for c in components_of(message))


async def panel_turn(
    fake: FakeDiscord,
    bot: GameBot,
    game_id: int,
    players: dict[int, FakeUser],
    rng: random.Random,
    founding: float = 0.0,
) -> PanelTurn | None:
    """The human to move plays a random legal move (and a random village order when one is asked) through the
    panel: open it, choose, look at the preview, confirm; with odds ``founding``, a random move that founds a
    village when there is one. None if an AI is to move (it is left to play)."""
    table = await peek(bot, game_id)
    if table.mover.user_id is None:
        await cog(bot).ai.idle()
        return None
    user = players[table.mover.user_id]
    turn = PanelTurn(user)
    panel = await open_panel(fake, user, game_id, turn)
    if table.state.phase is Phase.MOVE:
        founders = founding_moves(table.state) if founding and rng.random() < founding else []
        move = rng.choice(founders or legal_moves(table.state))
        panel = await choose_move(fake, user, panel, move, turn)
    assert has_preview(panel), panel["content"]
    orders = ids_with(panel, "clans:pord:")
    if orders:
        index = rng.choice(options_of(panel, orders[0]))
        panel = await _step(fake, user, panel, orders[0], turn, index)
    turn.preview = panel
    [confirm] = ids_with(panel, "clans:pgo:")
    before = len(await bot.store.moves(game_id))
    result = await fake.click(user, panel, confirm)
    answered(result)
    turn.taps, turn.interactions, turn.confirmed = turn.taps + 1, turn.interactions + 1, result
    after = (await bot.store.moves(game_id))[before:]  # the mover's actions, then any AI run that followed
    turn.actions = [m.action for m in after[: next((i for i, m in enumerate(after) if m.user_id != user.id), None)]]
    return turn


def public_turn_posts(fake: FakeDiscord, game_id: int) -> list[Json]:
    return [m for m in public_messages(fake) if f"clans:turn:{game_id}" in custom_ids(m)]
