"""The board posted after a run of AI moves marks every move since the pinged player's last one with a
numbered arrow (not only the last), as the texts above it number them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    cog,
    every_interaction_answered,  # noqa: F401
    open_game,
    peek,
    start_bot,
    users,
)
from fakediscord import FakeDiscord
from PIL import Image

from engine.clans import legal_moves, parse_action
from render.clans import palette as pal
from render.clans.layout import layout_for

pytestmark = pytest.mark.backend_blind("what the posted board draws: its numbered arrows")


def _disc(image: Image.Image, centre: tuple[int, int]) -> int:
    """Pixels of the arrow's colour in the move-number disc that stands on a move's source centre."""
    x, y = centre
    return sum(1 for pixel in image.crop((x - 24, y - 24, x + 25, y + 25)).getdata() if pixel == pal.ARROW)


async def test_the_board_after_ai_moves_numbers_each_of_them(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[41])
    [alice] = users(fake, 1)
    await open_game(fake, [alice], ai=["easy", "easy"])
    await cog(bot).ai.idle()
    table = await peek(bot, 1)
    assert table.mover.user_id == alice.id
    move = legal_moves(table.state)[0]
    calls_before = len(fake.calls)
    answered(await fake.slash(alice, "clans move", {"from": move.src, "to": move.dst}))
    await cog(bot).ai.idle()
    log = await bot.store.moves(1)
    assert [m.user_id for m in log[-3:]] == [alice.id, None, None]
    ai_moves = [parse_action(m.action) for m in log[-2:]]
    boards = [f for c in fake.calls[calls_before:] for f in c.files if f[0] == "board.png"]
    image = Image.open(io.BytesIO(boards[-1][1])).convert("RGB")  # the run's message: the last board posted
    layout = layout_for(table.state.board)  # drawn on the game's own map
    for ai_move in ai_moves:
        assert _disc(image, layout.center(ai_move.src)) >= 80, ai_move.text
    assert _disc(image, layout.center(move.src)) < 20  # Alice's own move is not hers to be told again
