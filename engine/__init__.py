"""The pure Clans engine: no Discord, no database, no images. Deterministic from a seed."""

from engine.board import Board, Chart, Epoch, Lake, Territory, load_board, load_chart
from engine.clans import CLAN_COUNT, HUTS_PER_CLAN, Clan, Terrain
from engine.hutmoves import (
    IMMOBILE,
    MAY_MOVE,
    founding_moves,
    has_hut_move,
    live_territories,
    may_move,
    move_table,
    villages_founded,
)
from engine.moves import Action, IllegalMove, Move, Resign, parse_action
from engine.playout import draw_hut_move, draw_village_choice, random_playout
from engine.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    apply,
    check,
    final_result,
    legal_moves,
    new_game,
    play,
    replay,
    strife,
    village_value,
)
from engine.serial import BadState
from engine.state import EndReason, FinalResult, GameState, Outcome, Phase, Village
from engine.view import PublicView, order_choices, public_view, state_from_view

__all__ = [
    "CLAN_COUNT",
    "HUTS_PER_CLAN",
    "IMMOBILE",
    "MAX_PLAYERS",
    "MAY_MOVE",
    "MIN_PLAYERS",
    "Action",
    "BadState",
    "Board",
    "Chart",
    "Clan",
    "EndReason",
    "Epoch",
    "FinalResult",
    "GameState",
    "IllegalMove",
    "Lake",
    "Move",
    "Outcome",
    "Phase",
    "PublicView",
    "Resign",
    "Terrain",
    "Territory",
    "Village",
    "apply",
    "check",
    "draw_hut_move",
    "draw_village_choice",
    "final_result",
    "founding_moves",
    "has_hut_move",
    "legal_moves",
    "live_territories",
    "load_board",
    "load_chart",
    "may_move",
    "move_table",
    "new_game",
    "order_choices",
    "parse_action",
    "play",
    "public_view",
    "random_playout",
    "replay",
    "state_from_view",
    "strife",
    "village_value",
    "villages_founded",
]
