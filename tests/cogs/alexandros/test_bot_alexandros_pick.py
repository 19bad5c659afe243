"""A pick in the Alexandros panel through the real interaction path reads its game once (the old panel read it
three times: the channel check, the action, the next panel), and the commit's follow-up, registered once per
game by its cog, wakes that game's clock once."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    components_of,
    custom_ids,
    every_interaction_answered,  # noqa: F401
    make_bot,
    message_with,
    users,
)
from fakediscord import FakeDiscord
from pytest import MonkeyPatch

import engine.alexandros as alex
from bot import GameBot
from service.alexandros import AlexandrosService
from store import GameRecord

Json = dict[str, Any]
SEED = 8


async def bot_on(fake: FakeDiscord, where: Path) -> GameBot:
    bot = await make_bot(fake, where)
    bot.services["alexandros"] = AlexandrosService(bot.store, seed_source=lambda: SEED)
    await fake.start(bot)
    return bot


def menu_of(message: Json) -> tuple[str, list[str]]:
    [(menu, values)] = [
        (c["custom_id"], [o["value"] for o in c["options"]])
        for c in components_of(message)
        if c.get("type") == 3 and c["custom_id"].startswith("alex:do:")
    ]
    return menu, values


async def test_a_pick_that_goes_on_with_the_turn_reads_its_game_once_and_wakes_the_clock_once(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: MonkeyPatch
) -> None:
    bot = await bot_on(fake, tmp_path)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new"))
    answered(await fake.slash(bob, "alexandros join"))
    answered(await fake.slash(alice, "alexandros start"))
    table = await bot.services["alexandros"].table(1)
    mover = alice if table.mover.user_id == alice.id else bob
    post = message_with(fake, "alex:panel:")
    [button] = [cid for cid in custom_ids(post) if cid.startswith("alex:panel:")]
    panel = answered(await fake.click(mover, post, button)).response
    assert panel is not None and panel.message is not None
    panel_id = int(panel.message["id"])
    menu, values = menu_of(fake.message(panel_id))
    assert menu.startswith(f"alex:do:1:{table.record.snapshot_ply}:m")  # where Alexander goes: the turn goes on

    reads: list[int] = []
    get_game = bot.store.get_game

    async def counted(game_id: int) -> GameRecord | None:
        reads.append(game_id)
        return await get_game(game_id)

    monkeypatch.setattr(bot.store, "get_game", counted)
    cog: Any = bot.get_cog("Alexandros")  # loaded as an extension: its own copy of the module
    woken: list[datetime | None] = []
    monkeypatch.setattr(cog.clock, "wake_by", woken.append)

    pick = next(v for v in values if not v.startswith("page:"))
    answered(await fake.select(mover, panel_id, menu, [pick]))

    assert reads == [1]  # one read of the game for the whole pick
    after = await bot.services["alexandros"].table(1)
    assert after.record.snapshot_ply == table.record.snapshot_ply + 1
    assert after.view.to_move == table.view.to_move and after.view.phase is not alex.Phase.MOVE
    menu_after, _ = menu_of(fake.message(panel_id))  # the next step's menu, built from the state the pick left
    assert menu_after.startswith(f"alex:do:1:{after.record.snapshot_ply}:")
    assert woken == [after.record.next_event_at]  # the commit's follow-up, once


async def test_each_games_cog_registers_its_clock_once_on_its_turn_pipeline(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await bot_on(fake, tmp_path)
    clans: Any = bot.get_cog("Clans")  # loaded as extensions: their own copies of the modules
    alexandros: Any = bot.get_cog("Alexandros")
    assert bot.services["clans"].turns.follow_ups == [clans.clock._committed]
    assert bot.services["alexandros"].turns.follow_ups == [alexandros.clock._committed]
    assert type(bot.services["clans"].turns) is type(bot.services["alexandros"].turns)
