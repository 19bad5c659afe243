"""Build hand-made positions on the real map, keeping every invariant of a GameState.

A position starts from ``new_game`` and overwrites the huts of chosen territories:

    place(state, {23: "4k 2r 1g 1y 1b", 24: "1r"}, empty=[13, 14, 22, 32, 33])

Hut letters: r red, b blue, g green, y yellow, k black. Huts taken off the board go to
``state.removed`` so that every colour still sums to 12; when a spec needs more huts of a colour
than 12, the single huts of untouched territories are recoloured to make room.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from engine.clans import (
    CLAN_COUNT,
    HUTS_PER_CLAN,
    Board,
    Clan,
    GameState,
    Move,
    Phase,
    Terrain,
    Village,
    legal_moves,
    new_game,
    play,
)

LETTERS = {"r": Clan.RED, "b": Clan.BLUE, "g": Clan.GREEN, "y": Clan.YELLOW, "k": Clan.BLACK}


def huts(spec: str) -> list[int]:
    """``"4k 2r 1g"`` -> huts per clan [red, blue, green, yellow, black]."""
    row = [0] * CLAN_COUNT
    for word in spec.split():
        row[LETTERS[word[-1]]] += int(word[:-1] or 1)
    return row


def place(
    state: GameState,
    spec: Mapping[int, str],
    empty: Iterable[int] = (),
    *,
    keep_only: Iterable[int] | None = None,
    allow_isolated: bool = False,
) -> GameState:
    """Overwrite huts in place and return ``state``.

    ``empty`` territories are cleared; with ``keep_only``, every territory not in ``keep_only``
    nor in ``spec`` is cleared. Unless ``allow_isolated``, no occupied territory may end up
    isolated (a real game never has an isolated territory that is not a village).
    """
    board = state.board
    cleared = set(empty)
    if keep_only is not None:
        kept = set(keep_only) | set(spec)
        cleared |= {t for t in range(1, board.size + 1) if t not in kept}
    assert not cleared & set(spec), "a territory cannot be both placed and emptied"
    for t in cleared:
        state.huts[t] = [0] * CLAN_COUNT
    for t, text in spec.items():
        state.huts[t] = huts(text)
    _make_room(state, fixed=set(spec), touched=set(spec) | cleared)
    state.counts = [sum(row) for row in state.huts]
    state.removed = [HUTS_PER_CLAN - sum(row[c] for row in state.huts) for c in range(CLAN_COUNT)]
    state.occupied = sum(1 << t for t, n in enumerate(state.counts) if n)
    assert all(n >= 0 for n in state.removed), state.removed
    if not allow_isolated:
        lonely = isolated(state)
        assert not lonely, f"position leaves occupied territories isolated: {lonely}"
    return state


def _make_room(state: GameState, fixed: set[int], touched: set[int]) -> None:
    """Make the board hold at most 12 huts of each colour, without disturbing ``touched``.

    Surplus huts are taken from territories far (3+ steps) from every touched territory,
    never leaving a territory isolated; then single huts outside ``fixed`` are recoloured.
    """
    board = state.board
    surplus = sum(map(sum, state.huts)) - CLAN_COUNT * HUTS_PER_CLAN
    if surplus > 0:
        near = set(touched)
        for _ in range(3):
            near |= {n for t in near for n in board.neighbours[t]}
        for t in range(board.size, 0, -1):
            if surplus <= 0:
                break
            if t in near or not any(state.huts[t]):
                continue
            row = state.huts[t]
            state.huts[t] = [0] * CLAN_COUNT
            if any(
                any(state.huts[n]) and not any(any(state.huts[k]) for k in board.neighbours[n])
                for n in board.neighbours[t]
            ):
                state.huts[t] = row  # emptying t would isolate a neighbour
                continue
            surplus -= sum(row)
        assert surplus <= 0, "no room left on the board for the huts asked for"
    on_board = [sum(row[c] for row in state.huts) for c in range(CLAN_COUNT)]
    for c in range(CLAN_COUNT):
        for t in range(1, board.size + 1):
            if on_board[c] <= HUTS_PER_CLAN:
                break
            row = state.huts[t]
            if t in fixed or not row[c]:
                continue
            spare = min(range(CLAN_COUNT), key=lambda k: on_board[k])
            assert on_board[spare] < HUTS_PER_CLAN, "more than 60 huts asked for"
            row[c] -= 1
            row[spare] += 1
            on_board[c] -= 1
            on_board[spare] += 1
        assert on_board[c] <= HUTS_PER_CLAN, f"cannot fit the {Clan(c).label} huts asked for"


def isolated(state: GameState) -> list[int]:
    """Occupied territories none of whose neighbours holds a hut (villages included)."""
    masks = state.board.neighbour_mask
    return [t for t in range(1, state.board.size + 1) if state.counts[t] and not state.occupied & masks[t]]


def others(state: GameState, territory: int, *keep: int) -> list[int]:
    """The neighbours of ``territory`` except ``keep``: the ones to empty to isolate it."""
    return [n for n in state.board.neighbours[territory] if n not in keep]


def prior_villages(state: GameState, number: int, chips_to: int | None = None) -> GameState:
    """Pretend ``number`` villages were already founded (worth 0, on no real territory).

    Only the village count matters to the rules (it fixes the epoch of the next chip); these
    stand-ins are not valid for JSON. ``chips_to`` gives their chips to that seat.
    """
    chart = state.chart
    for n in range(len(state.villages) + 1, len(state.villages) + number + 1):
        state.villages.append(
            Village(
                number=n,
                territory=0,
                terrain=Terrain.FOREST,
                epoch=chart.chip_epoch[n - 1],
                huts_before=(0,) * CLAN_COUNT,
                huts=(0,) * CLAN_COUNT,
                value=0,
                destroyed=True,
                founder=chips_to or 0,
                turn=0,
            )
        )
        if chips_to is not None:
            state.chips[chips_to] += 1
    return state


def game(players: int = 2, seed: int = 0, to_move: int = 0, clans: Iterable[Clan] | None = None) -> GameState:
    """A fresh game with a chosen mover (and chosen secret clans)."""
    state = new_game(players, seed)
    state.to_move = to_move
    if clans is not None:
        state.clans = tuple(clans)
    return state


def random_position(seed: int, plies: int, players: int = 3, board: Board | None = None) -> GameState:
    """The state after ``plies`` random checked actions (fewer if the game ends first), on ``board`` (the
    project's map if none)."""
    rng = random.Random(seed)
    state = new_game(players, seed, board)
    for _ in range(plies):
        if state.phase is Phase.OVER:
            break
        play(state, rng.choice(legal_moves(state)))
    return state


def m(text: str) -> Move:
    return Move.parse(text)


def village_by_move(
    terrain: Terrain, village: str, mover: str = "1r", players: int = 2, seed: int = 0
) -> tuple[GameState, Move]:
    """A position where one move founds exactly one village, on a territory of ``terrain``.

    The village territory T holds ``village``; its only occupied neighbour S holds ``mover``;
    the returned move S-T brings S's huts into T and isolates it, founding nothing else.
    """
    board = new_game(players, seed).board
    for t in range(1, board.size + 1):
        if board.terrain[t] is not terrain:
            continue
        for s in board.neighbours[t]:
            state = game(players, seed)
            try:
                place(state, {t: village, s: mover}, empty=others(state, t, s))
            except AssertionError:
                continue
            trial = state.copy()
            play(trial, Move(s, t))
            if trial.phase is Phase.MOVE and [v.territory for v in trial.villages] == [t]:
                return state, Move(s, t)
    raise AssertionError(f"no {terrain.label} territory fits")
