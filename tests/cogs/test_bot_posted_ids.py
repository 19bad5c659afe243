"""Custom ids already posted in servers are a contract: every id the bot has posted (each component's format before
its custom id was declared once, ``cogs/components.py``'s ``CustomId``) is still recognised, rebuilt into the same
id, and answered by its own component after a restart, never refused as unknown."""

from __future__ import annotations

import re
from pathlib import Path

from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    bot_errors,
    every_interaction_answered,  # noqa: F401
    open_game,
    raw_component,
    restart_bot,
    users,
)
from fakediscord import FakeDiscord
from test_bot_alexandros import bot_on

from bot import GameBot

NOT_VALID = "That button or menu is not valid (any more)."

POSTED = {
    # the lobbies (every game's): {g} the game, {p} its position
    "clans:join:{g}": None,
    "clans:leave:{g}": None,
    "clans:start:{g}": None,
    "clans:pace:{g}": ["fast"],
    "clans:language:{g}": ["de"],
    # Clans: results, clock, order menu, history, the turn post, the move panel
    "clans:cancel:{g}": None,
    "clans:replay:{g}": None,
    "clans:back:{g}": None,
    "clans:order:{g}:{p}": ["23"],
    "clans:history:{g}:0": None,
    "clans:history:{g}:12": None,
    "clans:turn:{g}": None,
    "clans:myclan:{g}": None,
    "clans:psrc:{g}:{p}:0": ["23"],
    "clans:psrc:{g}:{p}:1": ["23"],
    "clans:pdst:{g}:{p}:23": ["24"],
    "clans:ppage:{g}:{p}:1": None,
    "clans:pback:{g}:{p}:23": None,
    "clans:pord:{g}:{p}:23:24": ["1"],
    "clans:pord:{g}:{p}:0:0": ["0"],
    "clans:pgo:{g}:{p}:23:24:0": None,
    "clans:pgo:{g}:{p}:0:0:3": None,
    # Alexandros: the lobby, the turn post's button, the panel's menus (a page, a province), the replay
    "alex:join:{g}": None,
    "alex:leave:{g}": None,
    "alex:start:{g}": None,
    "alex:pace:{g}": ["fast"],
    "alex:language:{g}": ["it"],
    "alex:panel:{g}:{p}": None,
    "alex:do:{g}:{p}:m": ["x"],
    "alex:do:{g}:{p}:o:2": ["x"],
    "alex:do:{g}:{p}:c:0:z40": ["x"],
    "alex:do:{g}:{p}:t:1:z7": ["x"],
    "alex:replay:{g}": None,
}
"""Every kind of custom id posted before, as the code before the declarations wrote it (with its select values)."""


def posted(game: int, ply: int) -> dict[str, list[str] | None]:
    return {custom_id.format(g=game, p=ply): values for custom_id, values in POSTED.items()}


def test_every_posted_id_has_one_component_that_writes_it_the_same_way(fake: FakeDiscord) -> None:
    from cogs.alexandros.cog import AlexandrosCog
    from cogs.clans.cog import ClansCog
    from cogs.lobby_views import LOBBY_ITEMS
    from cogs.replay_button import ReplayButton

    components = (*ClansCog.components, *AlexandrosCog.components, *LOBBY_ITEMS, ReplayButton)
    for custom_id in posted(12, 345):
        matched = [
            (item, m) for item in components if (m := item.__discord_ui_compiled_template__.fullmatch(custom_id))
        ]
        assert len(matched) == 1, (custom_id, matched)
        [(item, match)] = matched
        assert item.ids.format(**item.ids.parse(match)) == custom_id  # type: ignore[attr-defined]


def test_a_changed_declaration_is_found() -> None:
    from cogs.components import GAME_ID, PLY, CustomId

    was = re.compile(CustomId("clans:turn", GAME_ID).template)
    now = CustomId("clans:turn", GAME_ID, PLY)  # a field added: the ids posted before no longer match
    assert was.fullmatch("clans:turn:12") and not re.fullmatch(now.template, "clans:turn:12")


async def test_every_posted_id_is_answered_by_its_component_after_a_restart(fake: FakeDiscord, tmp_path: Path) -> None:
    await bot_on(fake, tmp_path)
    alice, bob = users(fake, 2)
    clans_here, alex_here = fake.text_channel(941, "clans"), fake.text_channel(942, "alexandros")
    clans = await open_game(fake, [alice, bob], channel=clans_here)
    answered(await fake.slash(alice, "alexandros new", channel=alex_here))
    answered(await fake.slash(bob, "alexandros join", channel=alex_here))
    answered(await fake.slash(alice, "alexandros start", channel=alex_here))
    bot: GameBot = await restart_bot(fake, tmp_path)
    alexandros = 2
    plies = {clans: 0, alexandros: (await bot.services["alexandros"].record(alexandros)).snapshot_ply}
    for game, channel in ((clans, clans_here), (alexandros, alex_here)):
        prefix = "clans:" if game == clans else "alex:"
        message = fake.channel_messages(channel.id)[-1]
        for custom_id, values in posted(game, plies[game]).items():
            if not custom_id.startswith(prefix):
                continue
            result = await raw_component(fake, bob, message, custom_id, values)
            answered(result)
            assert NOT_VALID not in result.text, custom_id  # its own component answered (a refusal of its own is fine)
    assert bot_errors(fake) == []
