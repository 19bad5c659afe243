"""The rules of Clans (docs/RULES.md) as plain functions over a GameState."""

from __future__ import annotations

from collections.abc import Sequence
from operator import add, sub

from engine.clans.board import Board, Epoch
from engine.clans.clan import CLAN_COUNT, Terrain
from engine.clans.deal import MIN_PLAYERS, new_game
from engine.clans.hutmoves import IMMOBILE, MAY_MOVE, has_hut_move, may_move, move_table, villages_founded
from engine.clans.moves import (
    Action,
    ChooseVillageFirst,
    EmptyTerritory,
    GameIsOver,
    Move,
    NoSuchTerritory,
    NotInGame,
    NotNeighbours,
    NotYourTurn,
    OnlySmallerMoves,
    Resign,
    ResignOnlyYourself,
    SameTerritory,
    TooManyHuts,
)
from engine.clans.state import EndReason, FinalResult, GameState, Outcome, Phase, new_village

_NO_HUTS = (0,) * CLAN_COUNT
# The phases as plain names for the fast path: reading an enum member off its class costs a lookup in
# Python's enum machinery, several times a move.
_OVER, _ORDER, _MOVE = Phase.OVER, Phase.ORDER, Phase.MOVE


def legal_moves(state: GameState) -> list[Move]:
    """Every legal action, sorted by (src, dst); empty once the game is over."""
    if state.phase is Phase.OVER:
        return []
    table = move_table(state.board.size)
    if state.phase is Phase.ORDER:
        return [table[t][t] for t in state.pending]
    counts = state.counts
    neighbours = state.board.neighbours
    moves: list[Move] = []
    for src in range(1, len(counts)):
        n = counts[src]
        if not n:
            continue
        row = table[src]
        allowed = MAY_MOVE[n]
        for dst in neighbours[src]:
            if allowed[counts[dst]]:
                moves.append(row[dst])
    return moves


def check(state: GameState, action: Action, seat: int | None = None) -> None:
    """Raise the IllegalMove that says why, unless ``action`` is legal now."""
    if state.phase is Phase.OVER:
        raise GameIsOver()
    if isinstance(action, Resign):
        if not 0 <= action.seat < state.players or state.resigned[action.seat]:
            raise NotInGame(action.seat)
        if seat is not None and seat != action.seat:
            raise ResignOnlyYourself()
        return
    if seat is not None and seat != state.to_move:
        raise NotYourTurn()
    board = state.board
    for tid in (action.src, action.dst):
        if not board.has(tid):
            raise NoSuchTerritory(tid, board.size)
    if state.phase is Phase.ORDER:
        if not action.is_village_choice or action.src not in state.pending:
            raise ChooseVillageFirst(tuple(state.pending))
        return
    if action.is_village_choice:
        raise SameTerritory()
    src, dst = action.src, action.dst
    counts = state.counts
    if not counts[src]:
        raise EmptyTerritory(src)
    if not board.adjacent(src, dst):
        raise NotNeighbours(src, dst)
    if not counts[dst]:
        raise EmptyTerritory(dst)
    n, m = counts[src], counts[dst]
    if may_move(n, m):
        return
    if m < IMMOBILE:
        raise TooManyHuts(src, n)

    raise OnlySmallerMoves(src, n, dst, m)


def play(state: GameState, action: Action, seat: int | None = None) -> Outcome:
    """The checked path: validate ``action`` (for ``seat`` when given), apply it, report what happened."""
    check(state, action, seat)
    founded_before = len(state.villages)
    epoch_before = state.epoch
    actor = action.seat if isinstance(action, Resign) else state.to_move
    apply(state, action)
    epoch_after = state.chart.chip_epoch[len(state.villages) - 1] if state.chips_left == 0 else state.epoch
    return Outcome(
        move=action,
        seat=actor,
        villages=tuple(state.villages[founded_before:]),
        epochs_entered=tuple(range(epoch_before + 1, epoch_after + 1)),
        awaiting_order=state.pending if state.phase is Phase.ORDER else (),
        game_over=state.over,
        result=final_result(state) if state.over else None,
    )


def apply(state: GameState, action: Action) -> None:
    """The fast path: apply a legal action without checking it (search and replay)."""
    if isinstance(action, Resign):
        _resign(state, action.seat)
    elif action.src == action.dst:
        _choose_village(state, action.src)
    else:
        _move_huts(state, action)


def _move_huts(state: GameState, move: Move) -> None:
    src, dst = move.src, move.dst
    from_huts, to_huts = state.huts[src], state.huts[dst]
    to_huts[:] = map(add, to_huts, from_huts)
    from_huts[:] = _NO_HUTS
    counts = state.counts
    counts[dst] += counts[src]
    counts[src] = 0
    state.occupied &= ~(1 << src)
    state.ply += 1
    state.turn += 1
    state.last_move = move
    # Only the emptied territory's neighbours can have lost their last occupied neighbour.
    founded = villages_founded(state, src)
    if len(founded) > 1:
        state.phase = _ORDER
        state.pending = tuple(founded)
        return
    if founded:
        found_village(state, founded[0])
    _end_turn(state)


def _choose_village(state: GameState, territory: int) -> None:
    state.ply += 1
    rest = tuple(t for t in state.pending if t != territory)
    found_village(state, territory)
    if len(rest) == 1:
        found_village(state, rest[0])
        rest = ()
    if state.phase is _OVER:
        return
    state.pending = rest
    if not rest:
        _end_turn(state)


def found_village(state: GameState, territory: int) -> None:
    """Found one village: strife, value, scoring, the mover's chip (docs/RULES.md R6.2 to R6.10).

    Part of ``apply``, and of the random playout's own loop (which keeps the move's other counters itself)."""
    if state.phase is _OVER:
        return  # founded with or after the 12th village: it does not score
    chart = state.chart
    number = len(state.villages) + 1
    epoch = chart.epochs[chart.chip_epoch[number - 1] - 1]
    huts = state.huts[territory]
    before = tuple(huts)
    after = strife(before)
    removed = state.removed
    if after != before:
        removed[:] = map(add, removed, map(sub, before, after))
        huts[:] = after
    terrain = state.board.terrain[territory]
    size, value, destroyed = village_value(after, terrain, epoch)
    if destroyed or not size:  # doomed, or strife left nobody: nothing scores
        removed[:] = map(add, removed, huts)
        huts[:] = _NO_HUTS
        state.counts[territory] = 0
        state.occupied &= ~(1 << territory)
    else:
        state.counts[territory] = size
        scores = state.scores
        for c, n in enumerate(after):
            if n:
                scores[c] += value
    founder = state.to_move
    state.chips[founder] += 1
    state.villages.append(
        new_village(number, territory, terrain, epoch.number, before, after, value, destroyed, founder, state.turn)
    )
    if number == chart.chips:
        end_game(state, EndReason.TWELFTH_VILLAGE)


def strife(huts: Sequence[int]) -> tuple[int, ...]:
    """docs/RULES.md R6.6: the huts left when a village is founded: with all 5 colours present, single huts
    are lost."""
    return tuple(0 if n == 1 else n for n in huts) if all(huts) else tuple(huts)


def village_value(huts: Sequence[int], terrain: Terrain, epoch: Epoch) -> tuple[int, int, bool]:
    """(size, value, destroyed) of a village with ``huts`` after strife (docs/RULES.md R6.7)."""
    size = sum(huts)
    destroyed = terrain in epoch.unfavourable
    if destroyed or not size:
        return size, 0, destroyed
    return size, size + (epoch.bonus if terrain in epoch.favourable else 0), False


def _end_turn(state: GameState) -> None:
    if state.phase is _OVER:
        return
    if not has_hut_move(state):
        end_game(state, EndReason.NO_MOVES)
        return
    state.phase = _MOVE
    seat = state.to_move
    for _ in range(state.players):
        seat = (seat + 1) % state.players
        if not state.resigned[seat]:
            break
    state.to_move = seat


def end_game(state: GameState, reason: EndReason) -> None:
    """Part of ``apply``, and of the random playout's own loop."""
    state.phase = _OVER
    state.pending = ()
    state.end_reason = reason


def _resign(state: GameState, seat: int) -> None:
    state.ply += 1
    state.resigned[seat] = True
    if state.resigned.count(False) < MIN_PLAYERS:
        end_game(state, EndReason.RESIGNATIONS)
        return
    if seat != state.to_move:
        return
    # The resigning mover's pending villages are founded in map order, so the game can go on.
    for territory in state.pending:
        found_village(state, territory)
    state.pending = ()
    _end_turn(state)


def final_result(state: GameState) -> FinalResult:
    """Reveal the clans and add the chips (docs/RULES.md R7.3, R7.4, R8.1)."""
    totals = tuple(state.scores[clan] + chips for clan, chips in zip(state.clans, state.chips, strict=True))
    eligible = [seat for seat in range(state.players) if not state.resigned[seat]]
    best = max(totals[seat] for seat in eligible) if eligible else 0
    return FinalResult(
        reason=state.end_reason or EndReason.NO_MOVES,
        clans=state.clans,
        clan_scores=tuple(state.scores),
        chips=tuple(state.chips),
        totals=totals,
        winners=tuple(seat for seat in eligible if totals[seat] == best),
        resigned=tuple(seat for seat in range(state.players) if state.resigned[seat]),
    )


def replay(seed: int, players: int, actions: list[Action] | list[str], board: Board | None = None) -> GameState:
    """Rebuild a game from its seed and move log on ``board`` (the project's map if none), checking every action."""
    from engine.clans.moves import parse_action

    state = new_game(players, seed, board)
    for action in actions:
        play(state, parse_action(action) if isinstance(action, str) else action)
    return state
