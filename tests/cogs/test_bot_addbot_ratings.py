"""`/clans addbot` and `/alexandros addbot` show each AI level's rating: in the level's choices as Discord shows
them (English, German, Italian) and in the private answer that seats the AI. The numbers are the registry's
published ratings (each game's data/<game>/ai_ratings.json), shown as a player's are: 1500 + 20 × (μ − 3σ)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from botkit import answered, every_interaction_answered, start_bot, users  # noqa: F401
from fakediscord import FakeDiscord

from registry import game
from service.ratings import ai_rating

pytestmark = pytest.mark.backend_blind(
    "the words of the level choices and of the answers: the ratings are the registry's published "
    "figures (data/<game>/ai_ratings.json), not stored rows"
)


NAMES = {
    "de": {"easy": "leicht", "normal": "normal", "hard": "schwer"},
    "it": {"easy": "facile", "normal": "normale", "hard": "difficile"},
}
RATING_WORD = {"de": "Wertung", "it": "punteggio"}


def shown(game_name: str, level: str) -> int:
    return ai_rating(*game(game_name).ai_ratings[level])


def level_option(fake: FakeDiscord, game_name: str) -> dict[str, Any]:
    """The `level` option of the game's `addbot`, as the bot's sync left it with Discord."""
    [group] = [c for c in fake.synced_commands[None] if c["name"] == game_name]
    [addbot] = [o for o in group["options"] if o["name"] == "addbot"]
    [level] = addbot["options"]
    return level


@pytest.mark.parametrize("game_name", ["clans", "alexandros"])
async def test_the_level_choices_name_each_level_with_its_rating(
    fake: FakeDiscord, tmp_path: Path, game_name: str
) -> None:
    await start_bot(fake, tmp_path)
    choices = level_option(fake, game_name)["choices"]
    assert [c["value"] for c in choices] == list(game(game_name).ai_levels)
    for choice in choices:
        level = choice["value"]
        rating = shown(game_name, level)
        assert choice["name"] == f"{level} (rating {rating})"
        for lang in ("de", "it"):
            assert choice["name_localizations"][lang] == f"{NAMES[lang][level]} ({RATING_WORD[lang]} {rating})"
    # Each level shows its own number: the ratings differ, so a level named with another's would show.
    assert len({shown(game_name, c["value"]) for c in choices}) == len(choices)


async def test_alexandros_levels_are_shown_weakest_first_and_rated_in_that_order(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    await start_bot(fake, tmp_path)
    names = [c["name"] for c in level_option(fake, "alexandros")["choices"]]
    assert [name.split()[0] for name in names] == ["easy", "normal", "hard"]
    ratings = [int(name.rsplit(" ", 1)[1].rstrip(")")) for name in names]
    assert ratings == sorted(ratings) and len(set(ratings)) == 3


@pytest.mark.parametrize("game_name", ["clans", "alexandros"])
async def test_the_answer_that_seats_an_ai_names_its_rating_in_the_readers_language(
    fake: FakeDiscord, tmp_path: Path, game_name: str
) -> None:
    await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, f"{game_name} new"))
    answered(await fake.slash(bob, f"{game_name} join"))
    added = answered(await fake.slash(alice, f"{game_name} addbot", {"level": "hard"}))
    assert added.response is not None and added.response.ephemeral
    assert added.response.content == f"AI (hard, rating {shown(game_name, 'hard')}) joined game #1."
    assert added.notified == []  # a private answer, and the lobby's edit, notify nobody
    german = answered(await fake.slash(bob, f"{game_name} addbot", {"level": "easy"}, locale="de"))
    assert german.response is not None and german.response.ephemeral
    assert german.response.content == f"KI (leicht, Wertung {shown(game_name, 'easy')}) ist Partie #1 beigetreten."
