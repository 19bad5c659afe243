"""service/web.py on both backends: a link opens its game's public page, steps are told once per game and move, one
read serves every page asking at once and a read begun before a change is not kept; renewing and revoking a link
is the host's or a moderator's, of the channel's own game."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from webkit import ANN, BOB, CHANNEL, GUILD, clans_game, play_clans, services, token_of

from engine.clans import PublicView
from errors import GameError, Why
from service.clans.history import MoveFact
from service.web import WebPages
from store import Store


async def test_a_link_opens_its_game_s_public_page_and_steps_are_told_once_per_move(store: Store) -> None:
    games = services(store)
    game_id = await clans_game(games["clans"], moves=5)
    token = await token_of(store, game_id)
    now = [0.0]
    pages = WebPages(store, clock=lambda: now[0])
    page = await pages.page(token)
    assert page is not None and page.record.id == game_id
    assert page.record.snapshot is None and page.record.seed == 0  # nothing secret leaves the service
    assert page.steps is not None and len(page.steps.views) == 6 and len(page.moves) == 5
    assert all(isinstance(view, PublicView) for view in page.steps.views)
    assert all(isinstance(fact, MoveFact) for fact in page.steps.facts)
    now[0] += 5
    assert (await pages.page(token)) is not None and pages.told == 1  # the same move: its steps as told
    await play_clans(games["clans"], game_id, 1)
    pages.forget(game_id)
    again = await pages.page(token)
    assert again is not None and again.steps is not None and len(again.steps.views) == 7 and pages.told == 2
    assert await pages.page("x" * 22) is None


class HeldStore:
    """A store whose link reads each wait until let go (``go[i]`` the ``i``-th read): reads under way while the
    game changes."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.go = [asyncio.Event() for _ in range(3)]
        self.reads = 0

    async def game_by_web_token(self, token: str) -> Any:
        number = self.reads
        self.reads += 1
        found = await self.store.game_by_web_token(token)
        await self.go[number].wait()
        return found


async def test_one_read_serves_every_page_asking_at_once_and_a_read_from_before_a_change_is_not_kept(
    store: Store,
) -> None:
    games = services(store)
    game_id = await clans_game(games["clans"], moves=2)
    token = await token_of(store, game_id)
    held = HeldStore(store)
    now = [0.0]
    pages = WebPages(held, clock=lambda: now[0])  # type: ignore[arg-type]  # the store's one query it uses
    asking = [asyncio.create_task(pages.page(token)) for _ in range(20)]
    while held.reads < 1:
        await asyncio.sleep(0.01)
    await play_clans(games["clans"], game_id, 1)  # the game changes while that read is under way
    now[0] += 0.1
    pages.forget(game_id)
    now[0] += 0.1
    later = asyncio.create_task(pages.page(token))
    while held.reads < 2:
        await asyncio.sleep(0.01)
    held.go[1].set()  # the read begun after the change ends first ...
    assert (await later) is not None
    held.go[0].set()  # ... the one from before it last
    answers = await asyncio.gather(*asking)
    assert held.reads == 2  # one read for the twenty that asked together, one after the change
    assert {page.record.snapshot_ply for page in answers if page is not None} == {2}  # they asked before it
    now[0] += 0.1
    kept = await pages.page(token)
    assert held.reads == 2 and kept is not None and kept.record.snapshot_ply == 3  # not the read from before


async def test_renewing_and_revoking_is_the_host_s_or_a_moderator_s_of_the_channel_s_own_game(store: Store) -> None:
    games = services(store)
    game_id = await clans_game(games["clans"], moves=1)
    pages = WebPages(store)
    for kind, user, manage, why in [
        ("clans", BOB, False, Why.ONLY_HOST_WEB_LINK),
        ("alexandros", ANN, False, Why.OTHER_GAME),
    ]:
        with pytest.raises(GameError) as refused:
            await pages.revoke(kind, CHANNEL, user, manage)
        assert refused.value.why is why
    with pytest.raises(GameError) as refused:
        await pages.renew("clans", CHANNEL + 99, ANN, True)
    assert refused.value.why is Why.NO_GAME_IN_CHANNEL
    assert (await pages.revoke("clans", CHANNEL, BOB, True)).web_token is None  # a moderator
    assert (await store.get_game(game_id)).web_token is None  # type: ignore[union-attr]
    renewed = await pages.renew("clans", CHANNEL, ANN, False)  # the host
    assert renewed.web_token and (await store.get_game(game_id)).web_token == renewed.web_token  # type: ignore[union-attr]
    assert renewed.guild_id == GUILD and renewed.snapshot is None
