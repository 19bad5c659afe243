"""/clans board is private: the viewer's own clan marked, their movable territories outlined; a seat's name
is the display name when the board can draw it, else the username."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    bot_errors,
    every_interaction_answered,  # noqa: F401
    peek,
    public_messages,
    start_bot,
    users,
)
from fakediscord import FakeDiscord
from fakediscord_payloads import FakeUser, Json
from PIL import Image

from engine.clans import Move, legal_moves
from render.clans import render_board

pytestmark = pytest.mark.backend_blind("what the private board draws and the names on it")


async def _board_png(fake: FakeDiscord, user: FakeUser) -> bytes:
    [shown] = answered(await fake.slash(user, "clans board")).followups
    assert shown.ephemeral
    return shown.files[0][1]


async def test_board_is_private_to_each_viewer(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    await fake.slash(alice, "clans new")
    await fake.slash(bob, "clans join")
    await fake.slash(alice, "clans start")
    table = await bot.services["clans"].table(1)
    state = (await peek(bot, 1)).state
    mover, waiting = (alice, bob) if table.mover.user_id == alice.id else (bob, alice)
    public = render_board(table.view, table.names)
    sources = frozenset(m.src for m in legal_moves(state) if isinstance(m, Move))

    mover_seat = table.seat_of(mover.id)
    assert mover_seat is not None
    mine = await _board_png(fake, mover)
    expected = render_board(table.view, table.names, viewer_clan=state.clans[mover_seat.seat], movable=sources)
    assert mine == expected and mine != public

    waiting_seat = table.seat_of(waiting.id)
    assert waiting_seat is not None
    theirs = await _board_png(fake, waiting)
    assert theirs == render_board(table.view, table.names, viewer_clan=state.clans[waiting_seat.seat])
    assert theirs != public and theirs != mine

    spectator = fake.user(300, "eve")
    assert await _board_png(fake, spectator) == public
    # the public board of the start announcement marks nobody
    [start] = [m for m in public_messages(fake) if m.get("attachments")]
    assert fake.files_of(start)[0][1] == public
    assert not bot_errors(fake)


@dataclass(frozen=True)
class NamedUser(FakeUser):
    """A user whose display name (global_name) differs from the username."""

    display: str = ""

    def user_object(self) -> Json:
        return {**super().user_object(), "global_name": self.display}


def _named(fake: FakeDiscord, user_id: int, username: str, display: str) -> NamedUser:
    user = NamedUser(user_id, username, display=display)
    fake.users[user_id] = user
    return user


async def test_a_display_name_the_board_cannot_draw_falls_back_to_the_username(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path)
    host = _named(fake, 101, "ada_l", "\ue000\ue001")  # private-use characters: no font has them
    guest = _named(fake, 102, "li.xiaolong", "李小龍")
    third = _named(fake, 103, "zoe_9", "Zoe\u0301 🐉")
    answered(await fake.slash(host, "clans new"))
    answered(await fake.slash(guest, "clans join"))
    answered(await fake.slash(third, "clans join"))
    game = await bot.services["clans"].record(1)
    assert [seat.name for seat in game.seats] == ["ada_l", "李小龍", "Zoe\u0301 🐉"]
    answered(await fake.slash(host, "clans start"))
    table = await bot.services["clans"].table(1)
    png = render_board(table.view, table.names)
    assert Image.open(io.BytesIO(png)).width > 0
    assert not bot_errors(fake)
