"""Hostile names in a real game: no ping beyond the game's players, no live link, no control characters,
in any request body the bot sends to Discord."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    by_id,
    every_interaction_answered,  # noqa: F401
    open_game,
    play_game,
    random_picker,
    start_bot,
)
from fakediscord import FakeDiscord

OUTSIDER = 555
"""Someone in the server who plays no part in the game: the names below try to ping them."""
HOSTILE = {
    101: ("alice", f"<@{OUTSIDER}> @everyone @here <@&77>"),
    102: ("bob", "[free nitro](https://evil.example) " + "\u202e" + "x" * 80),
    103: ("carol", "\u200b\u200d\u3164\u2060\u202e"),  # nothing visible: falls back to the username
}
LIVE_LINK = re.compile(r"(?<!\\)\[([^\]]*)(?<!\\)\]\(([^)]*)\)")


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def bodies(fake: FakeDiscord) -> Iterator[tuple[bool, dict[str, Any]]]:
    """Every message body the bot sent (posts, edits, interaction responses, follow-ups), and whether it
    made a new message (an edit notifies nobody, whatever it mentions)."""
    for call in fake.calls:
        body = call.json
        if not isinstance(body, dict):
            continue
        new = call.method == "POST"
        if call.path.endswith("/callback"):
            new = body.get("type") in (4, 5)
            body = body.get("data") or {}
        yield new, body


async def test_hostile_names_never_ping_link_or_smuggle_controls(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path, seeds=[3])
    fake.user(OUTSIDER, "outsider")
    players = [fake.user(uid, name, nick=nick) for uid, (name, nick) in HOSTILE.items()]
    game_id = await open_game(fake, players)
    answered(await fake.slash(players[0], "clans status"))
    answered(await fake.slash(players[1], "clans history"))
    await play_game(fake, fake.bot, game_id, by_id(*players), random_picker(4))  # type: ignore[arg-type]
    answered(await fake.slash(players[2], "clans history", {"game": game_id}))

    pinged: set[int] = set()
    mentioning = 0
    for new, body in bodies(fake):
        allowed = body.get("allowed_mentions") or {}
        said = body.get("content") or body.get("embeds")
        assert allowed or not (new and said), body  # the bot's default (none) travels with every new message
        assert allowed.get("parse", []) == [], allowed  # never @everyone, roles, or any user by parsing
        users = {int(u) for u in allowed.get("users", [])}
        assert users <= set(HOSTILE), allowed
        pinged |= users
        text = "\n".join(strings({k: v for k, v in body.items() if k != "allowed_mentions"}))
        if re.search(r"<@!?\d+>", text):
            mentioning += 1
        assert f"<@{OUTSIDER}>" not in text.replace("\\<\\@", "")
        for label, url in LIVE_LINK.findall(text):
            assert "evil" not in url and "evil" not in label, (label, url)
        controls = {hex(ord(c)) for c in text if unicodedata.category(c) in ("Cf", "Cc") and c not in "\n"}
        assert not controls, (controls, text[:200])
    assert pinged == set(HOSTILE)  # every player was pinged on their turn: pings still work, for them alone
    assert mentioning > 10

    public = json.dumps([b for _, b in bodies(fake)], ensure_ascii=False)
    assert r"\[free nitro\](https\://evil.ex" in public.replace("\\\\", "\\")  # shown, escaped
    assert "carol" in public
