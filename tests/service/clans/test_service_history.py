"""The public history: replayed from the public start with stand-in clans, it tells the same villages,
values and epochs as the real game, and the catch-up starts after the player's own last action."""

import random

from engine.clans import Move, Resign, legal_moves, new_game, play, public_view
from service.clans.history import public_history, since_last_action


def _random_game(seed: int, players: int, limit: int = 400) -> tuple[list[str], list[object]]:
    state = new_game(players, seed)
    rng = random.Random(seed)
    actions, outcomes = [], []
    while not state.over and len(actions) < limit:
        move = rng.choice(legal_moves(state))
        outcomes.append(play(state, move))
        actions.append(move.text)
    return actions, outcomes


def test_public_history_tells_what_the_real_game_did() -> None:
    for seed in (3, 11):
        actions, outcomes = _random_game(seed, 3)
        facts = public_history(public_view(new_game(3, seed)), actions)
        assert [f.action.text for f in facts] == actions
        assert [f.seat for f in facts] == [o.seat for o in outcomes]  # type: ignore[attr-defined]
        assert [f.villages for f in facts] == [o.villages for o in outcomes]  # type: ignore[attr-defined]
        assert [f.epochs_entered for f in facts] == [o.epochs_entered for o in outcomes]  # type: ignore[attr-defined]
        assert facts[-1].game_over and not any(f.game_over for f in facts[:-1])
        assert sum(len(f.villages) for f in facts) >= 1
        assert [f.ply for f in facts] == list(range(1, len(actions) + 1))


def test_move_numbers_count_hut_moves_only() -> None:
    actions, _ = _random_game(5, 2)
    facts = public_history(public_view(new_game(2, 5)), actions)
    hut_moves = [f for f in facts if f.is_hut_move]
    assert [f.turn for f in hut_moves] == list(range(1, len(hut_moves) + 1))


def test_since_last_action_starts_after_the_seats_own_last_action() -> None:
    start = public_view(new_game(3, 7))
    state = new_game(3, 7)
    actions = []
    for _ in range(7):
        move = legal_moves(state)[0]
        play(state, move)
        actions.append(move)
    facts = public_history(start, actions)
    seat = facts[4].seat  # seats 0..2 take turns: this seat's last move is ply 5
    after = since_last_action(facts, seat)
    assert after and all(f.seat != seat for f in after)
    assert after[0].ply == max(f.ply for f in facts if f.seat == seat) + 1
    assert since_last_action(facts[:1], facts[1].seat) == facts[:1]  # not acted yet: everything


def test_a_resignation_is_told_but_is_not_the_seats_last_move() -> None:
    state = new_game(3, 2)
    mover = state.to_move
    first = legal_moves(state)[0]
    play(state, first)
    actions: list[Move | Resign] = [first, Resign(mover)]
    facts = public_history(public_view(new_game(3, 2)), actions)
    assert isinstance(facts[1].action, Resign) and facts[1].seat == mover
    assert since_last_action(facts, mover) == facts[1:]
