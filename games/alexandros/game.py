"""Alexandros as the frame sees it: its rules behind the frame's contract, its AI levels, its commands."""

from __future__ import annotations

import games.alexandros.engine as alexandros
from frame.rules import Game, Standing
from games.alexandros.ai import LEVELS


class AlexandrosRules:
    name = "alexandros"
    min_players = alexandros.MIN_PLAYERS
    max_players = alexandros.MAX_PLAYERS

    def setup(self, players: int, seed: int) -> alexandros.GameState:
        return alexandros.new_game(players, seed)

    def legal_actions(self, state: alexandros.GameState) -> list[str]:
        return [action.text for action in alexandros.legal_actions(state)]

    def play(self, state: alexandros.GameState, action: str, seat: int) -> alexandros.Outcome:
        return alexandros.play(state, alexandros.parse_action(action), seat)

    def apply(self, state: alexandros.GameState, action: str) -> None:
        alexandros.apply(state, alexandros.parse_action(action))

    def to_move(self, state: alexandros.GameState) -> int:
        return state.to_move

    def public_view(self, state: alexandros.GameState) -> alexandros.PublicView:
        return alexandros.public_view(state)

    def private_view(self, state: alexandros.GameState, seat: int) -> alexandros.PrivateView:
        return alexandros.private_view(state, seat)

    def to_json(self, state: alexandros.GameState) -> str:
        return alexandros.state_to_json(state)

    def from_json(self, text: str) -> alexandros.GameState:
        return alexandros.state_from_json(text)

    def result(self, state: alexandros.GameState) -> Standing | None:
        done = alexandros.result(state)
        return None if done is None else Standing(done.scores, done.winners, str(done.reason))


GAME = Game(name="alexandros", rules=AlexandrosRules(), ai_levels=LEVELS, cog="games.alexandros.cogs.cog")
