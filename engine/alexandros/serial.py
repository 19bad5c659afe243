"""The versioned JSON form of an Alexandros GameState; the loader rejects impossible states (A9)."""

from __future__ import annotations

import json
from typing import Any

from engine.alexandros.board import CARDS_PER_SYMBOL, GUARDS, SYMBOLS, Board, Symbol, load_board
from engine.alexandros.geometry import provinces
from engine.alexandros.state import EndReason, GameState, Phase

FORMAT = "alexandros-state"
VERSION = 1


class BadState(ValueError):
    """A serialised state that cannot be a real game."""


def state_to_json(state: GameState) -> str:
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "board": state.board.name,
            "players": state.players,
            "seed": state.seed,
            "walls": [s for s in range(len(state.board.sides)) if state.walls >> s & 1],
            "red": [s for s in range(len(state.board.sides)) if state.red >> s & 1],
            "black_left": state.black_left,
            "red_left": state.red_left,
            "alexander": [state.alexander_point, state.alexander_space],
            "guards": state.guards,
            "guards_left": state.guards_left,
            "hands": state.hands,
            "face_up": [None if c is None else c.label for c in state.face_up],
            "supply": [c.label for c in state.supply],
            "discard": [c.label for c in state.discard],
            "reshuffles": state.reshuffles,
            "scores": state.scores,
            "to_move": state.to_move,
            "resigned": state.resigned,
            "phase": state.phase.value,
            "actions_left": state.actions_left,
            "taxed": state.taxed,
            "last_turn": state.last_turn,
            "refill": state.refill,
            "path_from": state.path_from,
            "give_to": state.give_to,
            "give_from": [c.label for c in state.give_from],
            "turn": state.turn,
            "ply": state.ply,
            "end_reason": state.end_reason.value if state.end_reason else None,
        },
        separators=(",", ":"),
    )


def state_from_json(text: str, board: Board | None = None) -> GameState:
    try:
        raw = json.loads(text)
        if raw.get("format") != FORMAT or raw.get("version") != VERSION:
            raise BadState("not an alexandros-state of version 1")
        board = board or load_board()
        if raw.get("board") != board.name:
            raise BadState(f"a state of another board: {raw.get('board')!r}")
        state = _build(raw, board)
    except BadState:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise BadState(f"malformed state: {error!r}") from error
    check_invariants(state)
    return state


def _build(raw: dict[str, Any], board: Board) -> GameState:
    def bits(ids: list[int]) -> int:
        return sum(1 << int(i) for i in set(ids))

    def card(value: str | None) -> Symbol | None:
        return None if value is None else Symbol.parse(value)

    walls = bits(raw["walls"])
    return GameState(
        board=board,
        players=int(raw["players"]),
        seed=int(raw["seed"]),
        walls=walls,
        red=bits(raw["red"]),
        black_left=int(raw["black_left"]),
        red_left=int(raw["red_left"]),
        alexander_point=int(raw["alexander"][0]),
        alexander_space=int(raw["alexander"][1]),
        guards=[int(g) for g in raw["guards"]],
        guards_left=[int(g) for g in raw["guards_left"]],
        hands=[[int(n) for n in h] for h in raw["hands"]],
        face_up=[card(c) for c in raw["face_up"]],
        supply=[Symbol.parse(c) for c in raw["supply"]],
        discard=[Symbol.parse(c) for c in raw["discard"]],
        reshuffles=int(raw["reshuffles"]),
        scores=[int(s) for s in raw["scores"]],
        to_move=int(raw["to_move"]),
        resigned=[bool(r) for r in raw["resigned"]],
        province=provinces(board, walls),
        phase=Phase(raw["phase"]),
        actions_left=int(raw["actions_left"]),
        taxed=bool(raw["taxed"]),
        last_turn=bool(raw["last_turn"]),
        refill=[int(s) for s in raw["refill"]],
        path_from=int(raw["path_from"]),
        give_to=int(raw["give_to"]),
        give_from=[Symbol.parse(c) for c in raw["give_from"]],
        turn=int(raw["turn"]),
        ply=int(raw["ply"]),
        end_reason=None if raw["end_reason"] is None else EndReason(raw["end_reason"]),
    )


def check_invariants(state: GameState) -> None:
    """Raise BadState unless ``state`` can be a real game (docs/RULES.md A9.2)."""
    board = state.board
    n = state.players

    def need(condition: bool, what: str) -> None:
        if not condition:
            raise BadState(what)

    need(2 <= n <= 4, "players")
    need(all(len(x) == n for x in (state.guards_left, state.hands, state.scores, state.resigned)), "seat lists")
    need(len(state.guards) == board.space_count and len(state.face_up) == 2, "board lists")
    need((0 <= state.to_move < n and not state.resigned[state.to_move]) or state.over, "player to move")
    sides = len(board.sides)
    need(state.walls < 1 << sides and state.red & ~state.walls == 0, "walls")
    red_used = bin(state.red).count("1")
    need(state.red_left >= 0 and red_used + state.red_left == board.red_walls, "red walls")
    black_used = bin(state.walls).count("1") - red_used
    need(state.black_left >= 0 and black_used + state.black_left == board.black_walls, "black walls")
    need(not red_used or state.black_left == 0, "red walls before the black ones ran out")
    need(0 <= state.alexander_space < board.space_count, "Alexander's space")
    need(state.alexander_point in board.space_points[state.alexander_space], "Alexander's point")
    for seat in range(n):
        placed = state.guards.count(seat)
        need(state.guards_left[seat] >= 0 and placed + state.guards_left[seat] == GUARDS, f"guards of {seat}")
        hand = state.hands[seat]
        need(len(hand) == len(SYMBOLS) and all(c >= 0 for c in hand), f"hand of {seat}")
        need(state.scores[seat] >= 0, f"score of {seat}")
    owners: dict[int, int] = {}
    for space, seat in enumerate(state.guards):
        need(seat >= -1, f"guard on space {space}")
        if seat < 0:
            continue
        need(seat < n and board.symbol[space] is not None, f"guard on space {space}")
        pid = state.province[space]
        need(owners.setdefault(pid, seat) == seat, f"two players' guards in province {pid}")
    for symbol in SYMBOLS:
        total = (
            sum(h[symbol] for h in state.hands)
            + state.face_up.count(symbol)
            + state.supply.count(symbol)
            + state.discard.count(symbol)
            + state.give_from.count(symbol)
        )
        need(total == CARDS_PER_SYMBOL, f"{symbol.label} cards")
    need(state.province == provinces(board, state.walls), "provinces")
    phase = state.phase
    need((phase is Phase.PATH) == (state.path_from >= 0), "path phase")
    need((phase is Phase.GIVE) == (state.give_to >= 0) and (phase is Phase.GIVE) == bool(state.give_from), "give")
    need(phase not in (Phase.ACTIONS, Phase.GIVE) or 1 <= state.actions_left <= 2, "actions left")
    need((phase is Phase.OVER) == (state.end_reason is not None), "end")
    need(state.reshuffles >= 0 and state.turn >= 0 and state.ply >= 0, "counters")
    need(all(slot in (0, 1) and state.face_up[slot] is None for slot in state.refill), "face-up places to refill")
