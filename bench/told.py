"""What each move told: the CPU of working out a finished game's picture (the public reading after every action,
``ai.clans.told``, then the picture, render/clans/told_chart.py), on games played by the AI levels and by random
players standing in for people, per player count. ``python -m bench.told [--games N] [--seed S]``.

The reading runs once per finished game in the AI's worker pool (service/clans/told.py) and is kept; this prints
what one costs, the median and the slowest, so that a long game's is known."""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from ai.clans import choose_action
from ai.clans.belief import forget_tracks
from ai.clans.told import readings
from engine.clans import Action, GameState, apply, legal_moves, new_game, public_view
from render.clans.layout import PHONE_WIDTH
from render.clans.told_chart import told_chart
from service.clans.told import TableTold, table_told
from texts import texts

NAMES = ("Alice", "Bob", "Chiara", "Dieter")


def play(players: int, seed: int, levels: Sequence[str | None]) -> tuple[GameState, list[Action], list[int]]:
    """A whole game: each seat an AI level, or a random player (None) standing in for a person."""
    state = new_game(players, seed)
    start = public_view(state)
    rng = random.Random(seed)
    history: list[Action] = []
    movers: list[int] = []
    while not state.over:
        seat = state.to_move
        level = levels[seat]
        if level is None:
            action: Action = rng.choice(legal_moves(state))
        else:
            action = choose_action(
                level,
                start,
                history,
                seat,
                state.clans[seat],
                rng.randrange(2**31),
                0.05,
                iterations=60,
                levels=list(levels),
            )
        movers.append(seat)
        apply(state, action)
        history.append(action)
    return state, history, movers


def told_game(players: int, seed: int, levels: Sequence[str | None]) -> tuple[TableTold, float, float, int]:
    """The game's picture figures, the CPU seconds of its reading and of its picture, and its actions."""
    state, history, movers = play(players, seed, levels)
    start = public_view(new_game(players, seed))
    forget_tracks()  # the AIs' own readings while they played are cached: time this one from nothing
    began = time.process_time()
    found = readings(start, history)
    reading = time.process_time() - began
    told = table_told(found, history, movers, state.clans, NAMES[:players])
    began = time.process_time()
    told_chart(texts("en", "clans"), told.seats, told.telling, told.moves)
    return told, reading, time.process_time() - began, len(history)


GALLERY = (
    ("person-easy", 2, 5, (None, "easy")),
    ("person-normal-hard", 3, 6, (None, "normal", "hard")),
    ("ai-levels", 4, 7, ("easy", "normal", "hard", "normal")),
)
"""The gallery's games: a random player standing in for a person against AI levels, and AI levels alone."""


def write_gallery(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, players, seed, levels in GALLERY:
        told, reading_s, picture_s, actions = told_game(players, seed, levels)
        print(f"{name}: {actions} actions, reading {reading_s:.3f} s CPU, picture {picture_s:.3f} s CPU")
        for lang in ("en", "de"):
            png = told_chart(texts(lang, "clans"), told.seats, told.telling, told.moves)
            path = out / f"told-{name}-{lang}.png"
            path.write_bytes(png)
            image = Image.open(io.BytesIO(png))
            small = image.resize(
                (PHONE_WIDTH, round(image.height * PHONE_WIDTH / image.width)), Image.Resampling.LANCZOS
            )
            small.save(out / f"told-{name}-{lang}-{PHONE_WIDTH}.png")
            print(path)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per player count")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--gallery", type=Path, help="write the gallery's pictures in this folder instead")
    args = parser.parse_args(argv)
    if args.gallery is not None:
        write_gallery(args.gallery / "told")
        return
    print("players  games  actions(max)  reading CPU s (median / max)  picture CPU s (median)")
    for players in (2, 3, 4):
        readings_s, pictures_s, lengths = [], [], []
        for game in range(args.games):
            levels = [None, *(("easy", "normal", "hard")[(game + s) % 3] for s in range(players - 1))]
            _, reading, picture, actions = told_game(players, args.seed + game, levels)
            readings_s.append(reading)
            pictures_s.append(picture)
            lengths.append(actions)
        print(
            f"{players:7d}  {args.games:5d}  {max(lengths):12d}  {statistics.median(readings_s):13.3f} / "
            f"{max(readings_s):.3f}  {statistics.median(pictures_s):22.3f}"
        )


if __name__ == "__main__":
    main()
