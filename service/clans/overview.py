"""Looking across Clans games: where a player is expected, a game's history, what a channel last played, and
saying what happened to an action that arrived too late. Read-only; the Clans service (service/clans/games.py)
answers through these."""

from __future__ import annotations

from dataclasses import dataclass

from engine.clans import Action, GameState, Move, PublicView, board_named, new_game, public_view
from errors import GameError, Why
from service.clans.history import LogTail, LogTails, MoveFact, public_history
from service.clans.tables import Table
from service.games import public_record
from service.turns import Turns
from store import GameRecord, SeatRecord, Store


@dataclass(frozen=True, slots=True)
class SeatedGame:
    """A running game a player sits in, as `/clans games` lists it."""

    record: GameRecord
    mover: SeatRecord
    waiting_for_order: bool
    move_number: int
    yours: bool


@dataclass(frozen=True, slots=True)
class GameHistory:
    """A game's move log as public facts, with the seats to name the players."""

    record: GameRecord
    facts: tuple[MoveFact, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.record.seats)


async def seated_games(store: Store, turns: Turns[GameState], user_id: int) -> list[SeatedGame]:
    """Every running game the user sits in, on every server: their own turns first, then oldest first. Each
    game's state from its snapshot, else its log, through the one loader and its checks (``Turns.loaded``)."""
    listed = []
    for record in await store.seated_games(user_id, game=turns.rules.name):
        state = (await turns.loaded(record)).state  # inside the service only: it holds the clans
        mover = record.seats[state.to_move]
        listed.append(
            SeatedGame(public_record(record), mover, bool(state.pending), state.turn + 1, mover.user_id == user_id)
        )
    return sorted(listed, key=lambda game: (not game.yours, game.record.id))


async def history(store: Store, game_id: int | None, channel_id: int, guild_id: int | None) -> GameHistory:
    """The history of game ``game_id`` of this server, or else of this channel's current or last game."""
    if game_id is None:
        current = await store.active_game(channel_id) or await store.latest_game(channel_id)
        if current is None:
            raise GameError(Why.NO_GAME_YET, game="clans")
        game_id = current.id
    found = await store.game_log(game_id)
    if found is None or found[0].guild_id != guild_id:
        raise GameError(Why.NO_SUCH_GAME, game=game_id)
    record, moves = found
    if record.game != "clans":
        raise GameError(Why.OTHER_GAME, game=record.game)
    if record.status == "lobby":
        raise GameError(Why.GAME_NOT_STARTED, game=record.id)
    if record.started_at is None:  # a lobby cancelled before it started: no setup was ever dealt
        raise GameError(Why.NEVER_STARTED, game=record.id)
    facts = public_history(start_view(record), [m.action for m in moves])
    return GameHistory(public_record(record), tuple(facts))


async def catch_up(store: Store, tails: LogTails, table: Table, seat: int, shown: int = 0) -> GameHistory:
    """What happened in the game of ``table`` since ``seat``'s own last action, but for the last ``shown``
    actions (those the message carrying the catch-up shows anyway). Told from the game's kept tail: the
    log is read only for actions this process did not commit, and told from the seed only the first time."""
    facts = await _facts_since(store, tails, table, seat)
    told = facts[: max(len(facts) - shown, 0)]
    if shown and len(facts) > len(told):
        # The shown actions may end a turn that began earlier (a hut move, then its village choices):
        # the messages just above tell that turn.
        first = facts[len(told)]
        while told and told[-1].seat == first.seat and told[-1].turn == first.turn:
            told.pop()
    return GameHistory(table.record, tuple(told))


async def _facts_since(store: Store, tails: LogTails, table: Table, seat: int) -> list[MoveFact]:
    tail = tails.get(table.id)
    if tail is None or tail.ply < table.view.ply or (facts := tail.since(seat, table.view.ply)) is None:
        found = await store.game_log(table.id)
        if found is None:
            raise GameError(Why.GAME_GONE)
        record, moves = found
        tail = tails.get(table.id)  # this process may have committed more meanwhile
        if tail is None or tail.ply > len(moves) or tail.since(seat, table.view.ply) is None:
            tail = LogTail.replayed(start_view(record), [m.action for m in moves])
        else:
            for move in moves[tail.ply :]:  # what other processes committed
                tail.advance(move.action)
        tails.keep(table.id, tail)
        facts = tail.since(seat, table.view.ply)
        assert facts is not None, "a tail told from the seed keeps every seat's last action"
    return facts


async def finished_here(store: Store, channel_id: int) -> GameRecord | None:
    """The channel's last game if it is a finished Clans game (and no newer one has been opened since)."""
    record = await store.latest_game(channel_id)
    finished = record is not None and record.status == "finished" and record.game == "clans"
    return public_record(record) if finished and record is not None else None


async def too_late(
    store: Store, game: GameRecord, state: GameState, seat: int, action: Action, expected_ply: int
) -> GameError:
    """Why an action for the position after ``expected_ply`` cannot be played: it already was (a double
    click, a retried command), it is someone else's turn, or the game moved on."""
    for ply in range(expected_ply + 1, state.ply + 1):
        logged = await store.move_at(game.id, ply)
        if logged is not None and logged.seat == seat and logged.action == action.text:
            return GameError(Why.ALREADY_PLAYED, move=action)
    if state.over:
        return GameError(Why.GAME_OVER)
    if isinstance(action, Move) and seat != state.to_move:
        mover = game.seats[state.to_move]
        return GameError(Why.THEIR_TURN, name=mover.name, user_id=mover.user_id)
    return GameError(Why.MOVED_ON)


def start_view(record: GameRecord) -> PublicView:
    """The public position right after the game's setup (what the public log is told again from)."""
    return public_view(new_game(len(record.seats), record.seed, board_named(record.board)))
