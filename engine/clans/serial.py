"""The versioned JSON form of a GameState; the loader rejects impossible states."""

from __future__ import annotations

import json
from typing import Any

from engine.clans.board import MAP_FILES, PROJECT_MAP, load_board, load_chart
from engine.clans.clan import CLAN_COUNT, HUTS_PER_CLAN, Clan, Terrain
from engine.clans.moves import Move
from engine.clans.rules import strife, village_value
from engine.clans.state import EndReason, GameState, Phase, Village

FORMAT = "clans-state"
VERSION = 1


class BadState(ValueError):
    """A serialised state that cannot be a real game."""


def state_to_json(state: GameState) -> str:
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "map": state.board.map_id,
            "players": state.players,
            "seed": state.seed,
            "clans": [c.label for c in state.clans],
            "huts": state.huts[1:],
            "removed": state.removed,
            "villages": [_village_to_dict(v) for v in state.villages],
            "scores": state.scores,
            "chips": state.chips,
            "to_move": state.to_move,
            "ply": state.ply,
            "turn": state.turn,
            "phase": state.phase.value,
            "pending": list(state.pending),
            "last_move": state.last_move.text if state.last_move else None,
            "resigned": state.resigned,
            "end_reason": state.end_reason.value if state.end_reason else None,
        },
        separators=(",", ":"),
    )


def _village_to_dict(v: Village) -> dict[str, Any]:
    return {
        "number": v.number,
        "territory": v.territory,
        "terrain": v.terrain.label,
        "epoch": v.epoch,
        "huts_before": list(v.huts_before),
        "huts": list(v.huts),
        "value": v.value,
        "destroyed": v.destroyed,
        "founder": v.founder,
        "turn": v.turn,
    }


def state_from_json(text: str) -> GameState:
    try:
        raw = json.loads(text)
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise BadState("Not a saved Clans game")
        if raw.get("version") != VERSION:
            raise BadState(f"Unsupported saved-game version {raw.get('version')!r} (expected {VERSION})")
        state = _build(raw)
    except BadState:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise BadState(f"Saved game is malformed: {error}") from error
    _validate(state)
    return state


def _build(raw: dict[str, Any]) -> GameState:
    # States saved before maps could be chosen name none: they were all played on the project's map.
    map_id = raw.get("map", PROJECT_MAP)
    if map_id not in MAP_FILES:
        raise BadState(f"Saved game is on an unknown map {map_id!r}")
    board, chart = load_board(map_id), load_chart()
    huts = [[0] * CLAN_COUNT] + [[int(n) for n in row] for row in raw["huts"]]
    if len(huts) != board.size + 1 or any(len(row) != CLAN_COUNT for row in huts):
        raise BadState(f"Saved game must list {CLAN_COUNT} hut counts for each of {board.size} territories")
    counts = [sum(row) for row in huts]
    villages = [
        Village(
            number=int(v["number"]),
            territory=int(v["territory"]),
            terrain=Terrain.parse(v["terrain"]),
            epoch=int(v["epoch"]),
            huts_before=tuple(int(n) for n in v["huts_before"]),
            huts=tuple(int(n) for n in v["huts"]),
            value=int(v["value"]),
            destroyed=bool(v["destroyed"]),
            founder=int(v["founder"]),
            turn=int(v["turn"]),
        )
        for v in raw["villages"]
    ]
    return GameState(
        board=board,
        chart=chart,
        players=int(raw["players"]),
        seed=int(raw["seed"]),
        clans=tuple(Clan.parse(c) for c in raw["clans"]),
        huts=huts,
        counts=counts,
        removed=[int(n) for n in raw["removed"]],
        occupied=sum(1 << t for t, n in enumerate(counts) if n),
        villages=villages,
        scores=[int(n) for n in raw["scores"]],
        chips=[int(n) for n in raw["chips"]],
        to_move=int(raw["to_move"]),
        ply=int(raw["ply"]),
        turn=int(raw["turn"]),
        phase=Phase(raw["phase"]),
        pending=tuple(int(t) for t in raw["pending"]),
        last_move=Move.parse(raw["last_move"]) if raw["last_move"] else None,
        resigned=[bool(r) for r in raw["resigned"]],
        end_reason=EndReason.read(raw["end_reason"]) if raw["end_reason"] else None,
    )


def _validate(s: GameState) -> None:
    def require(ok: bool, message: str) -> None:
        if not ok:
            raise BadState(message)

    board = s.board
    require(2 <= s.players <= 4, "A game has 2 to 4 players")
    require(len(s.clans) == s.players and len(set(s.clans)) == s.players, "Each player needs a different clan")
    require(len(s.chips) == s.players and len(s.resigned) == s.players, "Per-player lists must match players")
    require(0 <= s.to_move < s.players, "The player to move is not in the game")
    require(len(s.removed) == CLAN_COUNT and len(s.scores) == CLAN_COUNT, "Per-clan lists need 5 entries")
    require(all(n >= 0 for row in s.huts for n in row), "Hut counts cannot be negative")
    require(all(n >= 0 for n in s.removed), "Removed hut counts cannot be negative")
    for c in range(CLAN_COUNT):
        on_board = sum(row[c] for row in s.huts)
        require(
            on_board + s.removed[c] == HUTS_PER_CLAN,
            f"{Clan(c).label} huts do not add up: {on_board} on the board + {s.removed[c]} removed",
        )
    require(len(s.villages) <= s.chart.chips, f"At most {s.chart.chips} villages")
    require(sum(s.chips) == len(s.villages), "Village chips taken must equal villages founded")
    seen: set[int] = set()
    scores = [0] * CLAN_COUNT
    for number, v in enumerate(s.villages, start=1):
        require(board.has(v.territory), f"Unknown territory {v.territory}")
        require(v.territory not in seen, f"Territory {v.territory} holds two villages")
        seen.add(v.territory)
        require(v.number == number, "Villages must be numbered in founding order")
        require(v.epoch == s.chart.chip_epoch[number - 1], f"Village {number} has the wrong epoch")
        require(v.terrain == board.terrain[v.territory], f"Village {number} has the wrong terrain")
        expected = () if v.destroyed else v.huts
        require(tuple(s.huts[v.territory]) == (expected or (0,) * CLAN_COUNT), f"Village {number} huts differ")
        require(not s.occupied & board.neighbour_mask[v.territory], f"Village {number} is not isolated")
        require(v.huts == strife(v.huts_before), f"Village {number} did not lose the right huts to strife")
        _, value, destroyed = village_value(v.huts, v.terrain, s.chart.epoch(v.epoch))
        require((v.value, v.destroyed) == (value, destroyed), f"Village {number} cannot be worth {v.value}")
        require(0 <= v.founder < s.players and 1 <= v.turn <= s.turn, f"Village {number} has an impossible founder")
        for c in v.colours:
            scores[c] += v.value
    require(scores == s.scores, "Clan scores do not match the villages founded")
    for t in s.pending:
        require(board.has(t) and s.counts[t] > 0, f"Pending village {t} is empty")
        require(not s.occupied & board.neighbour_mask[t], f"Pending village {t} is not isolated")
    require((s.phase is Phase.ORDER) == bool(s.pending), "Pending villages exist exactly while ordering")
    require(0 <= s.turn <= s.ply, "The move counters do not add up")
    if s.phase is not Phase.OVER:
        require(not s.resigned[s.to_move], "The player to move has resigned")
        isolated = [
            t
            for t in range(1, board.size + 1)
            if s.counts[t] and not s.occupied & board.neighbour_mask[t] and t not in seen and t not in s.pending
        ]
        require(not isolated, f"Territory {isolated[0] if isolated else 0} is cut off but is not a village")
    require((s.phase is Phase.OVER) == (s.end_reason is not None), "Only a finished game has an end reason")
    if s.last_move is not None:
        require(board.has(s.last_move.src) and board.has(s.last_move.dst), "Unknown territory in last move")
