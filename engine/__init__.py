"""The pure Clans engine: no Discord, no database, no images. Deterministic from a seed."""

from engine.board import Board, Chart, Epoch, Lake, Territory, load_board, load_chart
from engine.clans import CLAN_COUNT, HUTS_PER_CLAN, Clan, Terrain
from engine.moves import Action, IllegalMove, Move, Resign, parse_action
from engine.playout import random_playout
from engine.rules import (
    IMMOBILE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    apply,
    check,
    final_result,
    has_hut_move,
    legal_moves,
    new_game,
    play,
    replay,
)
from engine.serial import BadState
from engine.state import EndReason, FinalResult, GameState, Outcome, Phase, Village
from engine.view import (
    OrderOption,
    PublicView,
    move_foundings,
    order_choices,
    order_consequences,
    public_view,
    state_from_view,
)

__all__ = [
    "CLAN_COUNT",
    "HUTS_PER_CLAN",
    "IMMOBILE",
    "MAX_PLAYERS",
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
    "OrderOption",
    "Outcome",
    "Phase",
    "PublicView",
    "Resign",
    "Terrain",
    "Territory",
    "Village",
    "apply",
    "check",
    "final_result",
    "has_hut_move",
    "legal_moves",
    "load_board",
    "load_chart",
    "move_foundings",
    "new_game",
    "order_choices",
    "order_consequences",
    "parse_action",
    "play",
    "public_view",
    "random_playout",
    "replay",
    "state_from_view",
]
