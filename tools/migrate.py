"""Moving up to PostgreSQL: ``python -m tools.migrate var/clans.db postgresql://clans:secret@db.example/clans``
(or ``make migrate-to-postgres SQLITE=var/clans.db PG=postgresql://...``). Stop the bot first.

The store copies every table and compares them (store.topostgres); this check then replays every game's
move log on the copy with the game's own rules, from its seed: it must give the stored snapshot and, for a
finished game, the stored points and winners.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence

from engine.rules import replay
from registry import rules_of
from store import Store
from store.errors import StoreError
from store.topostgres import copy_to_postgres


async def replay_games(store: Store, game_ids: Sequence[int]) -> tuple[int, list[str]]:
    """Replay each game's move log; a problem for each snapshot or result it does not give."""
    problems: list[str] = []
    replayed = 0
    for game_id in game_ids:
        game = await store.get_game(game_id)
        assert game is not None
        moves = await store.moves(game_id)
        if game.status == "lobby" or game.snapshot is None:
            if moves:
                problems.append(f"game #{game_id}: {len(moves)} moves but never started")
            continue
        rules = rules_of(game.game)
        try:
            state = replay(rules, len(game.seats), game.seed, [move.action for move in moves], game.board)
        except Exception as exc:  # an illegal logged action: report it, check the other games
            problems.append(f"game #{game_id}: the move log does not replay: {exc!r}")
            continue
        replayed += 1
        if [move.ply for move in moves] != list(range(1, len(moves) + 1)) or game.snapshot_ply != len(moves):
            problems.append(f"game #{game_id}: snapshot at ply {game.snapshot_ply}, log of {len(moves)} moves")
        if json.loads(rules.to_json(state)) != json.loads(game.snapshot):
            problems.append(f"game #{game_id}: replaying the log does not give the stored snapshot")
        standing = rules.result(state)
        if (game.status == "finished") != (standing is not None):
            over = "over" if standing is not None else "not over"
            problems.append(f"game #{game_id}: status {game.status} but the replayed game is {over}")
        results = await store.results(game_id)
        if results and standing is not None:
            expected = [(seat, total, seat in standing.winners) for seat, total in enumerate(standing.scores)]
            if [(r.seat, r.total, r.winner) for r in results] != expected:
                problems.append(f"game #{game_id}: the stored results differ from the replayed game's")
    return replayed, problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.migrate", description=__doc__.split("\n")[0])
    parser.add_argument("sqlite", help="the SQLite database file, e.g. var/clans.db")
    parser.add_argument("postgres", help="the target, postgresql://user:password@host:port/dbname (empty)")
    args = parser.parse_args(argv)
    try:
        report = asyncio.run(copy_to_postgres(args.sqlite, args.postgres, check=replay_games))
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for table, count in report.rows.items():
        print(f"copied {count:>8} rows of {table}")
    print(f"replayed {report.games_replayed} games on the copy")
    for problem in report.problems:
        print(f"PROBLEM: {problem}", file=sys.stderr)
    print("the copy matches" if report.ok else f"{len(report.problems)} problems: do not switch yet")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
