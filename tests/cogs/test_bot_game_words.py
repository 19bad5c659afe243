"""Every refusal names the right game: an Alexandros player reads Alexandros' commands and name, in their own
language, never Clans' (`/clans new`, "Clans needs 2 to 4 players"), and an apology names the game's status."""

from __future__ import annotations

from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    every_interaction_answered,  # noqa: F401
    refused,
    start_bot,
    users,
)
from fakediscord import FakeDiscord

pytestmark = pytest.mark.backend_blind("the words of refusals and apologies, in each language")


@pytest.mark.parametrize(
    ("locale", "no_game", "host_leaves", "too_few"),
    [
        (
            "en-US",
            "There is no game in this channel. Open one with `/alexandros new`.",
            "You are the host: use `/alexandros cancel` to close the lobby.",
            "Alexandros needs 2 to 4 players; this lobby has 1.",
        ),
        (
            "de",
            "In diesem Kanal gibt es keine Partie. Eröffne eine mit `/alexandros neu`.",
            "Du bist der Gastgeber: schließe die Lobby mit `/alexandros abbrechen`.",
            "Alexandros braucht 2 bis 4 Spieler; diese Lobby hat 1.",
        ),
        (
            "it",
            "In questo canale non c'è nessuna partita. Aprine una con `/alexandros nuova`.",
            "Sei tu a ospitare: chiudi la sala d'attesa con `/alexandros annulla`.",
            "Alexandros richiede da 2 a 4 giocatori; questa sala d'attesa ne ha 1.",
        ),
    ],
)
async def test_alexandros_refusals_name_alexandros_commands(
    fake: FakeDiscord, tmp_path: Path, locale: str, no_game: str, host_leaves: str, too_few: str
) -> None:
    await start_bot(fake, tmp_path)
    [alice] = users(fake, 1)
    assert refused(await fake.slash(alice, "alexandros status", locale=locale)) == no_game
    answered(await fake.slash(alice, "alexandros new"))
    assert refused(await fake.slash(alice, "alexandros leave", locale=locale)) == host_leaves
    assert refused(await fake.slash(alice, "alexandros start", locale=locale)) == too_few
    assert "clans" not in fake.all_public_text().lower()


async def test_clans_refusals_still_name_clans_commands(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    [alice] = users(fake, 1)
    assert "`/clans new`" in refused(await fake.slash(alice, "clans status"))
    assert "`/clans verlauf partie:12`" in refused(await fake.slash(alice, "clans history", locale="de"))


async def test_a_bug_in_an_alexandros_command_apologises_with_alexandros_status(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await start_bot(fake, tmp_path)
    [alice] = users(fake, 1)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(bot.services["alexandros"], "table_in", broken)
    result = await fake.slash(alice, "alexandros status")
    assert result.response is not None and result.response.ephemeral
    assert result.response.content == (
        "Sorry, something went wrong on my side. `/alexandros status` shows where the game stands."
    )
    fake.logged_errors.clear()
