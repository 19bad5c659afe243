"""The hard level: normal's best choices, each played on through a round of replies in several deals of the
unseen cards, and judged where the AI's next turn begins.

Normal judges a turn by the position it leaves; hard asks what the rivals do with it. From the public view
and its own hand it deals the cards it cannot see several times over (``engine.sample_state``, each deal a
*world*). Normal's search ranks the choices open now; the best ``CANDIDATES`` are each played in every world:
the rest of hard's turn by normal's search, then every rival's turn by a quick rival (its best move of
Alexander for the position and the single action it sets up, then its actions one at a time, each the best
for it), until hard's next turn or the game's end. A choice is worth its mean over the worlds, judged by the
same evaluation, so a free province left to the next player, a province the next move of Alexander can
divide or a rival's take-over now count against the choice that allows them. The worlds and the rivals'
tie-breaks are the same for every choice (common random numbers), so the choices differ by what they do.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ai.alexandros.evaluate import NORMAL, Weights, evaluate
from ai.alexandros.players import BEAM, FOLLOW_UP
from ai.alexandros.search import Line, TurnSearch, choose_give, play_turn
from engine.alexandros import (
    SUPPLY,
    Action,
    GameState,
    Phase,
    PrivateView,
    TakeCard,
    apply,
    legal_actions,
    sample_state,
)


@dataclass(frozen=True, slots=True)
class HardSettings:
    worlds: int = 3
    """Deals of the unseen cards each choice is played in."""
    candidates: int = 4
    """Normal's best choices played on."""
    follow: int = 3
    """Hard's own turn, played on after a choice: the first actions searched through the second one."""
    rival_scout: int = 2
    """A rival's moves of Alexander judged through their best single action (the rest by the position alone)."""
    paths: int = 6
    """Played on, a move of Alexander is judged with at most this many of its wall paths (drawn at random)."""
    rival_beam: int = 0
    """A rival's best moves of Alexander searched through both actions (none: its actions one at a time)..."""
    rival_follow: int = 0
    """...and its first actions searched through the second one."""
    rivals: int = 0
    """How many rivals' turns are played on (0: all of them, until hard's next turn)."""
    blend: float = 0.0
    """A choice's worth: its mean over the worlds, and this share of normal's own value of it."""
    late_walls: int = 3
    """The game's last round, about: black walls left at most this many times the players..."""
    late_worlds: int = 12
    """...where the choices are played in this many worlds (the end decides the game, and the played-on turns
    are short there)."""
    common: bool = True
    """Played-on turns draw no randomness of their own (``TurnSearch.common``): in a world, every choice meets
    the same replies to the same positions, so the choices differ by what they do, not by the draws."""


HARD = HardSettings()


def choose_hard(
    mine: PrivateView, rng: random.Random, weights: Weights = NORMAL, settings: HardSettings = HARD
) -> Action:
    seat = mine.seat
    first = sample_state(mine, rng)
    if first.phase is Phase.GIVE:
        return choose_give(first)
    candidates: dict[Action, Line] = {}
    for line in TurnSearch(seat, weights, rng, beam=BEAM, follow=FOLLOW_UP).lines(first):
        candidates.setdefault(line.first, line)
        if len(candidates) == settings.candidates:
            break
    if len(candidates) == 1:
        return next(iter(candidates))
    count = settings.late_worlds if first.black_left <= settings.late_walls * first.players else settings.worlds
    worlds = [first] + [sample_state(mine, rng) for _ in range(count - 1)]
    seeds = [rng.randrange(2**32) for _ in worlds]
    best: tuple[float, Action] | None = None
    for action, line in candidates.items():
        total = 0.0
        for world, seed in zip(worlds, seeds, strict=True):
            total += play_on(world, line, seat, random.Random(seed), weights, settings)
        worth = (1 - settings.blend) * total / len(worlds) + settings.blend * line.value
        if best is None or worth > best[0]:
            best = (worth, action)
    assert best is not None
    return best[1]


def play_on(
    world: GameState, line: Line, seat: int, rng: random.Random, weights: Weights, settings: HardSettings
) -> float:
    """The value for ``seat`` of playing ``line`` in ``world``: normal's line for the rest of its turn (as far as
    it is legal there: a card drawn from the supply differs between worlds; a quick search finishes the turn),
    then the rivals' turns by the quick rival, judged when its next turn begins (or the game ends)."""
    state = world.copy()
    drawn = False
    for action in line.actions:
        if state.over or state.to_move != seat:
            break
        if drawn and action not in legal_actions(state):
            break
        apply(state, action)
        drawn = drawn or action == TakeCard(SUPPLY)
        if state.phase is Phase.GIVE and state.to_move == seat:
            apply(state, choose_give(state))
    common = rng.randrange(2**32) if settings.common else None
    own = TurnSearch(
        seat,
        weights,
        rng,
        beam=1,
        follow=settings.follow,
        scout=settings.rival_scout,
        paths=settings.paths,
        common=common,
    )
    play_turn(state, own)
    played = 0
    while not state.over and state.to_move != seat and (not settings.rivals or played < settings.rivals):
        played += 1
        rival = TurnSearch(
            state.to_move,
            weights,
            rng,
            beam=settings.rival_beam,
            follow=settings.rival_follow,
            scout=settings.rival_scout,
            paths=settings.paths,
            common=common,
        )
        play_turn(state, rival)
    return evaluate(state, seat, weights)
