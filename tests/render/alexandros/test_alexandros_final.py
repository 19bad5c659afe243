"""The last image of a game says that it is over, why, who won and the final scores, as Clans' does: the line of
walls and supply gives way to the result, and the winners' rows are starred on a gold band (the old last image
looked like any other, the next player's triangle aside)."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest
from PIL import Image, ImageDraw

import engine.alexandros as alex
from render.alexandros import palette as pal
from render.alexandros import render_board
from render.alexandros.layout import HEADER_PAD, HEADER_ROW, WIDTH
from texts import texts

NAMES = ["Ada", "Bo", "Cy"]


def finished(seed: int = 3, players: int = 3) -> alex.PublicView:
    state = alex.new_game(players, seed)
    rng = random.Random(seed)
    while state.phase is not alex.Phase.OVER:
        state_actions = [a for a in alex.legal_actions(state) if not isinstance(a, alex.Resign)]
        alex.apply(state, rng.choice(state_actions))
    return alex.public_view(state)


@pytest.fixture
def drawn_words(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every string the renderer writes while the fixture is active."""
    words: list[str] = []
    real = ImageDraw.ImageDraw.text

    def recording(self: ImageDraw.ImageDraw, xy: object, text: object, *args: object, **kwargs: object) -> None:
        words.append(str(text))
        real(self, xy, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    yield words


@pytest.mark.parametrize(
    ("lang", "over", "winner"),
    [("en", "Game over: ", "Winner: "), ("de", "Partie vorbei: ", "Gewonnen: "), ("it", "Partita finita: ", "Vinc")],
)
def test_the_last_image_says_the_game_is_over_and_who_won(
    drawn_words: list[str], lang: str, over: str, winner: str
) -> None:
    view = finished()
    won = alex.winners(view.scores, view.resigned)
    render_board(view, NAMES, t=texts(lang, "alexandros"))
    text = " ".join(drawn_words)
    assert over in text and winner in text, text
    assert all(NAMES[seat] in text for seat in won)
    for seat in range(view.players):
        assert str(view.scores[seat]) in drawn_words  # the final scores, in the header's rows
    assert "Supply" not in text and "Vorrat" not in text


def test_before_the_end_no_image_says_it_is_over(drawn_words: list[str]) -> None:
    view = alex.public_view(alex.new_game(3, 3))
    render_board(view, NAMES)
    assert not any("Game over" in w or "Winner" in w for w in drawn_words)


def test_the_winners_rows_are_on_a_gold_band() -> None:
    view = finished()
    image = Image.open(io.BytesIO(render_board(view, NAMES))).convert("RGB")
    won = alex.winners(view.scores, view.resigned)
    for seat in range(view.players):
        y = round(HEADER_PAD + seat * HEADER_ROW + 6)
        band = sum(1 for x in range(WIDTH) if image.getpixel((x, y)) == pal.WINNER_BAND)
        assert (band > WIDTH // 2) == (seat in won), (seat, won, band)
