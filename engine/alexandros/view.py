"""What a player may see: the public view (hands and the supply's order are secret) and a player's
private view (the public view and their own hand). docs/RULES.md A8."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.alexandros.board import CARDS_PER_SYMBOL, SYMBOLS, Board, Symbol
from engine.alexandros.legal import legal_actions
from engine.alexandros.state import EndReason, GameState, Phase


@dataclass(frozen=True, slots=True)
class PublicView:
    board: Board
    players: int
    walls: int
    red: int
    black_left: int
    red_left: int
    alexander_point: int
    alexander_space: int
    guards: tuple[int, ...]
    guards_left: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    face_up: tuple[Symbol | None, ...]
    supply_size: int
    discard: tuple[int, ...]
    """Cards of each symbol on the discard pile (paid face up, so public)."""
    scores: tuple[int, ...]
    to_move: int
    resigned: tuple[bool, ...]
    province: tuple[int, ...]
    phase: Phase
    actions_left: int
    taxed: bool
    last_turn: bool
    path_from: int
    give_to: int
    give_from: tuple[Symbol, ...]
    turn: int
    ply: int
    end_reason: EndReason | None


@dataclass(frozen=True, slots=True)
class PrivateView:
    public: PublicView
    seat: int
    hand: tuple[int, ...]
    """Cards of each symbol in this seat's hand."""
    legal: tuple[str, ...]
    """The text of every legal action, when it is this seat's move (else empty)."""


def public_view(state: GameState) -> PublicView:
    return PublicView(
        board=state.board,
        players=state.players,
        walls=state.walls,
        red=state.red,
        black_left=state.black_left,
        red_left=state.red_left,
        alexander_point=state.alexander_point,
        alexander_space=state.alexander_space,
        guards=tuple(state.guards),
        guards_left=tuple(state.guards_left),
        hand_sizes=tuple(sum(h) for h in state.hands),
        face_up=tuple(state.face_up),
        supply_size=len(state.supply),
        discard=tuple(state.discard.count(s) for s in SYMBOLS),
        scores=tuple(state.scores),
        to_move=state.to_move,
        resigned=tuple(state.resigned),
        province=tuple(state.province),
        phase=state.phase,
        actions_left=state.actions_left,
        taxed=state.taxed,
        last_turn=state.last_turn,
        path_from=state.path_from,
        give_to=state.give_to,
        give_from=tuple(state.give_from),
        turn=state.turn,
        ply=state.ply,
        end_reason=state.end_reason,
    )


def private_view(state: GameState, seat: int) -> PrivateView:
    """What ``seat`` may know: the public view and their own hand (and, on their move, the legal actions:
    those depend on their hand)."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat}")
    acting = state.phase is not Phase.OVER and state.to_move == seat
    return PrivateView(
        public=public_view(state),
        seat=seat,
        hand=tuple(state.hands[seat]),
        legal=tuple(a.text for a in legal_actions(state)) if acting else (),
    )


def sample_state(view: PrivateView, rng: random.Random) -> GameState:
    """A full state consistent with what ``view``'s seat knows: the unseen cards (other hands, the supply's
    order) dealt at random, and a made-up seed for later reshuffles. For the AI, which must never see the
    real state (docs/RULES.md A8.1); its legal actions are the real ones, as they depend on nothing hidden."""
    public = view.public
    board = public.board
    unseen: list[Symbol] = []
    for symbol in SYMBOLS:
        seen = (
            view.hand[symbol] + public.face_up.count(symbol) + public.discard[symbol] + public.give_from.count(symbol)
        )
        unseen.extend([symbol] * (CARDS_PER_SYMBOL - seen))
    rng.shuffle(unseen)
    hands: list[list[int]] = []
    for seat, size in enumerate(public.hand_sizes):
        if seat == view.seat:
            hands.append(list(view.hand))
            continue
        hand = [0] * len(SYMBOLS)
        for _ in range(size):
            hand[unseen.pop()] += 1
        hands.append(hand)
    if len(unseen) != public.supply_size:
        raise ValueError("the view's card counts do not add up")
    return GameState(
        board=board,
        players=public.players,
        seed=rng.randrange(2**31),
        walls=public.walls,
        red=public.red,
        black_left=public.black_left,
        red_left=public.red_left,
        alexander_point=public.alexander_point,
        alexander_space=public.alexander_space,
        guards=list(public.guards),
        guards_left=list(public.guards_left),
        hands=hands,
        face_up=list(public.face_up),
        supply=unseen,
        discard=[s for s in SYMBOLS for _ in range(public.discard[s])],
        reshuffles=0,
        scores=list(public.scores),
        to_move=public.to_move,
        resigned=list(public.resigned),
        province=list(public.province),
        phase=public.phase,
        actions_left=public.actions_left,
        taxed=public.taxed,
        last_turn=public.last_turn,
        refill=[slot for slot, card in enumerate(public.face_up) if card is None and public.phase is Phase.ACTIONS],
        path_from=public.path_from,
        give_to=public.give_to,
        give_from=list(public.give_from),
        turn=public.turn,
        ply=public.ply,
        end_reason=public.end_reason,
    )
