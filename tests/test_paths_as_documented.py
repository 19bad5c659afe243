"""Every path the code derives from where its modules are (the .env, the default database, fonts, game data,
catalogs) is where the README and the docs say it is, in this checkout: moving a folder cannot break the bot's
start silently. (tests/test_start_as_readme.py starts a fresh copy; scripts/check_install.sh an installed one.)"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

import config
from engine.alexandros.board import data_text as alexandros_data
from engine.clans.board import data_text as clans_data
from registry import GAME_NAMES, package_of
from render.fonts import FONT_FILES, font_bytes
from service.ratings import AI_RATINGS_FILE, published_ai_ratings
from texts.catalogs import LANGUAGES, SHARED, po_text
from tools import update_catalogs

ROOT = Path(__file__).resolve().parents[1]


def documented(doc: str, words: str) -> None:
    assert words in (ROOT / doc).read_text(encoding="utf-8"), f"{doc} no longer says {words!r}"


def test_the_env_file_and_the_default_database_are_in_the_projects_root() -> None:
    documented("README.md", "`cp .env.example .env`")
    documented("README.md", "`var/clans.db` by default")
    documented("docs/OPERATING.md", "`var/clans.db`")
    assert (ROOT / ".env.example").is_file()
    assert config.env_file() == ROOT / ".env"
    assert config.load_config({}).database == str(ROOT / "var" / "clans.db")


def test_the_fonts_are_read_from_data_fonts() -> None:
    documented("docs/MAINTAINING.md", "`data/fonts/`")
    assert Path(str(resources.files("data.fonts"))) == ROOT / "data" / "fonts"
    for index, name in enumerate(FONT_FILES):
        assert font_bytes(index) == (ROOT / "data" / "fonts" / name).read_bytes()


@pytest.mark.parametrize(
    ("read", "path"),
    [
        (clans_data, "data/clans/map.json"),
        (clans_data, "data/clans/epochs.json"),
        (alexandros_data, "data/alexandros/board.json"),
    ],
)
def test_each_games_data_is_read_from_data_game(read: object, path: str) -> None:
    documented("docs/MAINTAINING.md", "`data/<name>/`")
    assert callable(read)
    assert read(Path(path).name) == (ROOT / path).read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_games_published_ratings_are_its_data(game: str) -> None:
    package = package_of(game, "data")
    assert Path(str(resources.files(package))) == ROOT / "data" / game
    assert (ROOT / "data" / game / AI_RATINGS_FILE).is_file()
    assert published_ai_ratings(package)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogs_are_read_from_texts_locales(lang: str) -> None:
    documented("docs/TRANSLATING.md", "texts/locales/<lang>.po")
    assert po_text(lang, SHARED) == (ROOT / "texts" / "locales" / f"{lang}.po").read_bytes()
    for game in GAME_NAMES:
        documented("docs/TRANSLATING.md", f"texts/{game}/locales/<lang>.po")
        assert po_text(lang, game) == (ROOT / "texts" / game / "locales" / f"{lang}.po").read_bytes()


def test_make_catalogs_reads_the_code_of_this_checkout() -> None:
    assert update_catalogs.ROOT == ROOT
    assert all(path.is_relative_to(ROOT) for path in update_catalogs.source_files())
