"""Write example boards for the maintainers to look at: ``python -m render.clans.gallery OUTDIR``.

start.png (a new game), midgame.png, crowded.png (a territory holding all five clans), preview.png (the move
panel's preview of a move that founds a village, strife included), three-ai-moves.png (the post after
three AI moves: three numbered arrows, the villages they founded highlighted), multivillage.png
(right after a move that founded two or more villages, all highlighted), order.png (the same move while
the mover picks the villages' order), private.png (crowded.png as the player to move sees it with
``/clans board``), names.png (names in several scripts), final.png (the final-result variant), and
replay.gif (the animated replay of a seeded game) with replay-frame.png, one of its frames as a phone receives
it; printed-start.png, printed-midgame.png and printed-private.png, the printed board's map. Each PNG is also
written scaled to 400 px wide (``*-400.png``): what a phone shows in the chat; maps-start.png and maps-midgame.png
put today's map and the printed one side by side at that width.

The module uses only what the renderers have long offered, so that ``make gallery BEFORE=<rev>`` can run it
against an older checkout too (tools/gallery.py) and show the same positions before and after a change.
"""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

from PIL import Image

import engine.clans as engine
from engine.clans import GameState, Move, Outcome, Phase, PublicView
from render.clans import render_board, render_final, render_preview
from render.clans.layout import PHONE_WIDTH

NAMES = ("Alice", "Bob", "Chandrasekhar the Bold", "Dee")


def play_random(state: GameState, moves: int, rng: random.Random) -> None:
    """Play up to ``moves`` uniformly random legal actions (village-order choices included)."""
    for _ in range(moves):
        if state.over:
            return
        engine.play(state, rng.choice(engine.legal_moves(state)))


def midgame(seed: int = 3, players: int = 3, moves: int = 32) -> GameState:
    state = engine.new_game(players, seed)
    play_random(state, moves, random.Random(seed))
    return state


def order_phase(first_seed: int = 1) -> GameState:
    """The first position, over seeded random games, where a move has just founded 2+ villages and the
    mover must now choose their order."""
    for seed in range(first_seed, first_seed + 500):
        state = engine.new_game(4, seed)
        rng = random.Random(seed)
        while not state.over:
            engine.play(state, rng.choice(engine.legal_moves(state)))
            if state.phase is Phase.ORDER and state.villages:
                return state
    raise RuntimeError("no seeded game founded two villages with one move")


def multivillage(first_seed: int = 1) -> GameState:
    """Right after a move that founded 2+ villages, once their order is chosen: all highlighted."""
    state = order_phase(first_seed)
    while state.phase is Phase.ORDER:
        engine.play(state, engine.legal_moves(state)[0])
    return state


def crowded(seed: int = 31, moves: int = 39) -> GameState:
    """A 4-player game after ``moves`` seeded random moves where one territory holds all five clans."""
    state = engine.new_game(4, seed)
    play_random(state, moves, random.Random(seed))
    return state


def preview_case(first_seed: int = 1) -> tuple[PublicView, Outcome]:
    """The first position over seeded random games where a legal move founds a village with strife (else any
    village): the view after that move, played on a copy, and the engine's outcome."""
    fallback = None
    for seed in range(first_seed, first_seed + 300):
        state = engine.new_game(4, seed)
        rng = random.Random(seed)
        while not state.over:
            if state.phase is Phase.MOVE and state.turn >= 20:
                for move in engine.legal_moves(state):
                    trial = state.copy()
                    outcome = engine.play(trial, move)
                    if any(v.huts_before != v.huts and not v.destroyed for v in outcome.villages):
                        return engine.public_view(trial), outcome
                    if outcome.villages and fallback is None:
                        fallback = (engine.public_view(trial), outcome)
            engine.play(state, rng.choice(engine.legal_moves(state)))
        if fallback is not None and seed > first_seed + 30:
            return fallback
    if fallback is None:
        raise RuntimeError("no seeded game has a move that founds a village")
    return fallback


def after_three_moves(seed: int = 8, moves: int = 30) -> tuple[PublicView, list[tuple[int, Move]]]:
    """A 4-player game whose last three hut moves (the AI seats after the viewer's turn) founded a village:
    the view and those moves with their numbers, as the cog passes them."""
    for s in range(seed, seed + 200):
        state = engine.new_game(4, s)
        rng = random.Random(s)
        recent: list[tuple[int, Move]] = []
        for _ in range(moves):
            if state.over:
                break
            move = rng.choice(engine.legal_moves(state))
            engine.play(state, move)
            if not move.is_village_choice:
                recent = [*recent[-2:], (state.turn, move)]
        numbers = {n for n, _ in recent}
        if not state.over and state.phase is Phase.MOVE and any(v.turn in numbers for v in state.villages):
            return engine.public_view(state), recent
    raise RuntimeError("no seeded game founded a village in three moves")


NAMES_IN_SCRIPTS = ("李小龍", "محمد علي", "🐉 Drake", "Zoë Ångström-Łukasiewicz the Unreasonably Long")


def phone_size(png: bytes) -> Image.Image:
    """The image as a phone shows it: scaled to PHONE_WIDTH px wide."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(image.height * PHONE_WIDTH / image.width)
    return image.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS)


def final(seed: int = 5, players: int = 4) -> GameState:
    state = engine.new_game(players, seed)
    engine.random_playout(state, random.Random(seed))
    return state


def replay_gif(seed: int = 4, players: int = 3, moves: int = 40) -> bytes:
    """The replay of a seeded random game's first ``moves`` actions (not to its end: no clan is revealed), from
    the public view after each."""
    from render.clans.replay import render_replay

    state = engine.new_game(players, seed)
    rng = random.Random(seed)
    views = [engine.public_view(state)]
    for _ in range(moves):
        engine.play(state, rng.choice(engine.legal_moves(state)))
        views.append(engine.public_view(state))
    return render_replay(views, list(NAMES[:players]))


def gif_frame(gif: bytes, index: int) -> bytes:
    """Frame ``index`` of an animated GIF as a PNG, as a viewer shows it (the frames before it drawn under it)."""
    with Image.open(io.BytesIO(gif)) as animation:
        animation.seek(min(index, animation.n_frames - 1))
        out = io.BytesIO()
        animation.convert("RGB").save(out, format="PNG")
        return out.getvalue()


def printed_boards(names: list[str]) -> dict[str, bytes]:
    """The printed map (data/clans/printed_map.json) in mid-game, public and as the player to move sees it; none
    in a checkout older than that map."""
    import json

    from engine.clans.board import board_from_dict, data_text

    try:
        board = board_from_dict(json.loads(data_text("printed_map.json")))
    except FileNotFoundError:
        return {}
    state = engine.new_game(3, 3, board)
    play_random(state, 32, random.Random(3))
    movable = frozenset(m.src for m in engine.legal_moves(state) if isinstance(m, Move))
    view = engine.public_view(state)
    return {
        "printed-start.png": render_board(engine.public_view(engine.new_game(4, 2, board)), names),
        "printed-midgame.png": render_board(view, names[:3]),
        "printed-private.png": render_board(view, names[:3], viewer_clan=state.clans[state.to_move], movable=movable),
    }


def beside(left: Image.Image, right: Image.Image, gap: int = 16) -> Image.Image:
    """Two images side by side on white, ``left`` first."""
    sheet = Image.new("RGB", (left.width + gap + right.width, max(left.height, right.height)), (255, 255, 255))
    sheet.paste(left.convert("RGB"), (0, 0))
    sheet.paste(right.convert("RGB"), (left.width + gap, 0))
    return sheet


def write_gallery(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    names = list(NAMES)
    busy = crowded()
    mover_clan = busy.clans[busy.to_move]
    movable = frozenset(m.src for m in engine.legal_moves(busy) if isinstance(m, Move))
    preview_view, preview_outcome = preview_case()
    three_view, three_moves = after_three_moves()
    boards = {
        "preview.png": render_preview(preview_view, preview_outcome, names, viewer_clan=None),
        "three-ai-moves.png": render_board(three_view, names, recent=three_moves),
        "start.png": render_board(engine.public_view(engine.new_game(4, 2)), names),
        "midgame.png": render_board(engine.public_view(midgame()), names[:3]),
        "crowded.png": render_board(engine.public_view(busy), names),
        "private.png": render_board(engine.public_view(busy), names, viewer_clan=mover_clan, movable=movable),
        "names.png": render_board(engine.public_view(busy), list(NAMES_IN_SCRIPTS)),
        "multivillage.png": render_board(engine.public_view(multivillage()), names),
        "order.png": render_board(engine.public_view(order_phase()), names),
        "final.png": render_final(engine.public_view(final()), names),
        **printed_boards(names),
    }
    gif = replay_gif()
    (out / "replay.gif").write_bytes(gif)
    boards["replay-frame.png"] = gif_frame(gif, 30)
    paths = [out / "replay.gif"]
    for name, png in boards.items():
        path = out / name
        path.write_bytes(png)
        small = out / name.replace(".png", f"-{PHONE_WIDTH}.png")
        phone_size(png).save(small)
        paths += [path, small]
    if "printed-start.png" in boards:  # both maps as a phone shows them, today's on the left
        for name in ("start", "midgame"):
            sheet = beside(phone_size(boards[f"{name}.png"]), phone_size(boards[f"printed-{name}.png"]))
            sheet.save(out / f"maps-{name}.png")
            paths.append(out / f"maps-{name}.png")
    return paths


def main(argv: list[str]) -> None:
    out = Path(argv[0] if argv else "gallery")
    for path in write_gallery(out):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
