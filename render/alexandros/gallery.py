"""Write example Alexandros boards for the maintainers to look at: ``python -m render.alexandros.gallery OUTDIR``.

alexandros-start.png (a new four-player game, Alexander's destinations marked as the panel letters them),
alexandros-midgame.png (many walls and provinces, this turn's walls dotted), alexandros-takeover.png (right
after a take-over), alexandros-paths.png (the mover choosing among candidate wall paths, each labelled as the
panel numbers them), alexandros-names.png (long names in several scripts) and alexandros-final.png (the last
image of a game: the result, the winners starred), and alexandros-replay.gif (the animated replay of a seeded
game) with alexandros-replay-frame.png, one of its frames. Each PNG is also written scaled to 400 px wide
(``*-400.png``): what a phone shows in the chat.

The module uses only what the renderers have long offered, so that ``make gallery BEFORE=<rev>`` can run it
against an older checkout too (tools/gallery.py) and show the same positions before and after a change.
"""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from engine.alexandros import (
    ChoosePath,
    GameState,
    MoveAlexander,
    Phase,
    PublicView,
    Resign,
    TakeOver,
    apply,
    legal_actions,
    new_game,
    public_view,
)
from render.alexandros.board_image import render_board
from render.alexandros.layout import PHONE_WIDTH

NAMES = ("Alice", "Bob", "AI (normal) 3", "Dee")
NAMES_IN_SCRIPTS = ("李小龍", "محمد علي", "🐉 Drake", "Zoë Ångström-Łukasiewicz the Unreasona")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Game:
    """A seeded game of random legal actions (never a resignation) that remembers the walls standing when
    the turn began, to mark the ones built since."""

    def __init__(self, players: int, seed: int) -> None:
        self.state: GameState = new_game(players, seed)
        self.rng = random.Random(seed)
        self.turn_walls = self.state.walls

    def play(self, until: Callable[[GameState], bool], limit: int = 2000) -> bool:
        for _ in range(limit):
            if self.state.phase is Phase.OVER:
                return False
            if until(self.state):
                return True
            self.step(self.rng.choice([a for a in legal_actions(self.state) if not isinstance(a, Resign)]))
        return False

    def step(self, action: object) -> None:
        turn = self.state.turn
        apply(self.state, action)  # type: ignore[arg-type]
        if self.state.turn != turn:
            self.turn_walls = self.state.walls

    @property
    def view(self) -> PublicView:
        return public_view(self.state)

    @property
    def new_walls(self) -> int:
        return self.state.walls & ~self.turn_walls


def destinations(state: GameState) -> list[tuple[str, int]]:
    """Alexander's destinations lettered as the panel letters them (in the engine's order)."""
    points: list[int] = []
    for action in legal_actions(state):
        if isinstance(action, MoveAlexander) and action.point not in points:
            points.append(action.point)
    return [(LETTERS[k], point) for k, point in enumerate(points[: len(LETTERS)])]


def candidate_paths(state: GameState) -> list[tuple[str, tuple[int, ...]]]:
    """The wall paths the mover chooses among, numbered as the panel numbers them."""
    paths = [a.walls for a in legal_actions(state) if isinstance(a, ChoosePath)]
    return [(str(k + 1), walls) for k, walls in enumerate(paths)]


def start() -> bytes:
    state = new_game(4, 2)
    return render_board(public_view(state), NAMES, targets=destinations(state))


def midgame() -> bytes:
    game = Game(4, 5)
    game.play(lambda s: s.black_left <= 22 and s.phase is Phase.ACTIONS and sum(g >= 0 for g in s.guards) >= 7)
    return render_board(game.view, NAMES, new_walls=game.new_walls)


def takeover() -> bytes:
    for seed in range(1, 200):
        game = Game(3, seed)
        if game.play(lambda s: any(isinstance(a, TakeOver) for a in legal_actions(s))):
            game.step(next(a for a in legal_actions(game.state) if isinstance(a, TakeOver)))
            return render_board(game.view, NAMES[:3], new_walls=game.new_walls)
    raise RuntimeError("no seeded game offered a take-over")


def paths() -> bytes:
    for seed in range(1, 200):
        game = Game(4, seed)
        chosen = game.play(lambda s: s.phase is Phase.PATH and s.turn > 8 and 3 <= len(legal_actions(s)) <= 6)
        if chosen:
            return render_board(game.view, NAMES, paths=candidate_paths(game.state), new_walls=game.new_walls)
    raise RuntimeError("no seeded game offered three to six wall paths")


def names() -> bytes:
    game = Game(4, 7)
    game.play(lambda s: s.turn >= 10 and s.phase is Phase.MOVE)
    return render_board(game.view, NAMES_IN_SCRIPTS, targets=destinations(game.state))


def final() -> bytes:
    """The last image of a whole seeded game: the result, the winners starred."""
    game = Game(3, 3)
    game.play(lambda s: False, limit=5000)
    return render_board(game.view, NAMES[:3])


def replay_gif(seed: int = 6, players: int = 3, actions: int = 60) -> bytes:
    """The replay of a seeded random game's first ``actions`` actions: the public view after each."""
    from render.alexandros.replay import render_replay

    game = Game(players, seed)
    log: list[tuple[int, Any]] = []
    views = [game.view]
    for _ in range(actions):
        seat = game.state.to_move
        action = game.rng.choice([a for a in legal_actions(game.state) if not isinstance(a, Resign)])
        game.step(action)
        log.append((seat, action))
        views.append(game.view)
    return render_replay(views, log, None, list(NAMES[:players]))


def gif_frame(gif: bytes, index: int) -> bytes:
    """Frame ``index`` of an animated GIF as a PNG, as a viewer shows it."""
    with Image.open(io.BytesIO(gif)) as animation:
        animation.seek(min(index, animation.n_frames - 1))
        out = io.BytesIO()
        animation.convert("RGB").save(out, format="PNG")
        return out.getvalue()


def phone_size(png: bytes) -> Image.Image:
    """The image as a phone shows it: scaled to PHONE_WIDTH px wide."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.resize((PHONE_WIDTH, round(image.height * PHONE_WIDTH / image.width)), Image.Resampling.LANCZOS)


def write_gallery(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    boards = {"start": start, "midgame": midgame, "takeover": takeover, "paths": paths, "names": names, "final": final}
    gif = replay_gif()
    (out / "alexandros-replay.gif").write_bytes(gif)
    frame = gif_frame(gif, 45)
    boards["replay-frame"] = lambda: frame
    written = [out / "alexandros-replay.gif"]
    for name, draw in boards.items():
        png = draw()
        path = out / f"alexandros-{name}.png"
        path.write_bytes(png)
        small = out / f"alexandros-{name}-{PHONE_WIDTH}.png"
        phone_size(png).save(small)
        written += [path, small]
    return written


def main(argv: list[str]) -> None:
    for path in write_gallery(Path(argv[0] if argv else "gallery")):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
