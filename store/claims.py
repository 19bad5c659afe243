"""Claims: which process does a piece of background work on a game, so that each is done by exactly one.

Several bot processes may share one database (PostgreSQL). Work nobody asked for through a command — an AI's
turn now, a turn's timeout later — is done by whichever process *claims* it first:

- the ``claims`` table (migration 4) holds one row per game and ``kind`` (``'ai'``, later ``'timeout'``): the
  ``ply`` it is for, the ``holder`` (a process's random id, ``new_holder()``) and ``lease_until`` (milliseconds
  since the epoch, on the claimer's clock: keep the machines' clocks in sync, e.g. with NTP);
- ``claim(game_id, kind, ply, holder, now_ms, lease_ms)`` takes the work in one atomic statement (an INSERT of
  the game's row, only while it is running at that ply, ``ON CONFLICT DO UPDATE ... WHERE`` the existing claim
  is for an older ply or expired) and says whether it is ours now; a live claim is never taken twice, not
  even by its own holder (two coroutines of one process never both think it theirs);
- ``renew(...)`` pushes our lease on while the work goes on (False: it expired and another process took it);
- ``release(game_id, kind, holder)`` frees it once the work is committed (a claim for an older ply than the
  game's is free anyway, so a crash between the commit and the release loses nothing);
- ``due_ai_turns(now_ms, limit)`` is the sweep's one query: running games with ``ai_to_act = 1`` (set with
  every move, through the partial index ``games_ai_to_act``) whose ``'ai'`` claim is missing, stale or expired.

The work itself stays idempotent through the move log's key (game, ply): a process whose lease ran out while it
was still thinking gets ``StaleAction`` at its commit, so even then an action is applied once.
"""

from __future__ import annotations

import os
import secrets
import socket
from typing import Literal

from store.db import Database

ClaimKind = Literal["ai", "timeout"]


def new_holder() -> str:
    """A claimer's id: the machine and process (for people reading the table) and a random part (for two
    claimers in one process)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


CLAIM = """
INSERT INTO claims (game_id, kind, ply, holder, lease_until)
SELECT id, ?, snapshot_ply, ?, ? FROM games WHERE id = ? AND snapshot_ply = ? AND status = 'running'
ON CONFLICT (game_id, kind) DO UPDATE
    SET ply = excluded.ply, holder = excluded.holder, lease_until = excluded.lease_until
    WHERE claims.ply < excluded.ply OR claims.lease_until <= ?
RETURNING holder
"""

DUE_AI_TURNS = """
SELECT games.id, games.snapshot_ply FROM games
LEFT JOIN claims ON claims.game_id = games.id AND claims.kind = 'ai'
WHERE games.status = 'running' AND games.ai_to_act = 1
  AND (claims.game_id IS NULL OR claims.ply < games.snapshot_ply OR claims.lease_until <= ?)
ORDER BY games.id
LIMIT ?
"""

DUE_AI_TURNS_OF_GAME = DUE_AI_TURNS.replace("games.ai_to_act = 1", "games.ai_to_act = 1 AND games.game = ?")
"""The sweep's query for one game's kind (each game's sweep looks for its own): the same index range."""


class ClaimQueries(Database):
    async def claim(self, game_id: int, kind: ClaimKind, ply: int, holder: str, now_ms: int, lease_ms: int) -> bool:
        """Claim ``kind`` work on ``game_id`` at ``ply`` until ``now_ms + lease_ms``: True if it is ours now.

        False when the game is not running at that ply, or another holder's claim for it is still live."""
        async with self._write() as conn:
            async with conn.execute(CLAIM, (kind, holder, now_ms + lease_ms, game_id, ply, now_ms)) as cursor:
                row = await cursor.fetchone()
            return row is not None

    async def renew(self, game_id: int, kind: ClaimKind, ply: int, holder: str, now_ms: int, lease_ms: int) -> bool:
        """Extend our claim; False if it is no longer ours (it expired and was taken over, or released)."""
        async with (
            self._write() as conn,
            conn.execute(
                "UPDATE claims SET lease_until = ? WHERE game_id = ? AND kind = ? AND ply = ? AND holder = ?"
                " RETURNING holder",
                (now_ms + lease_ms, game_id, kind, ply, holder),
            ) as cursor,
        ):
            return await cursor.fetchone() is not None

    async def release(self, game_id: int, kind: ClaimKind, holder: str) -> None:
        """Free our claim (if it is still ours)."""
        async with self._write() as conn:
            await conn.execute(
                "DELETE FROM claims WHERE game_id = ? AND kind = ? AND holder = ?", (game_id, kind, holder)
            )

    async def claim_holder(self, game_id: int, kind: ClaimKind) -> tuple[str, int, int] | None:
        """Who holds the claim (holder, ply, lease_until), if anyone: for logs and tests."""
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT holder, ply, lease_until FROM claims WHERE game_id = ? AND kind = ?", (game_id, kind)
            ) as cursor,
        ):
            row = await cursor.fetchone()
        return None if row is None else (str(row["holder"]), int(row["ply"]), int(row["lease_until"]))

    async def due_ai_turns(self, now_ms: int, limit: int = 100, *, game: str) -> list[tuple[int, int]]:
        """(game id, ply) of running games of ``game`` waiting for an AI that no live claim covers, oldest
        first."""
        async with self._read() as conn, conn.execute(DUE_AI_TURNS_OF_GAME, (game, now_ms, limit)) as cursor:
            return [(int(row["id"]), int(row["snapshot_ply"])) for row in await cursor.fetchall()]

    async def no_ai_to_act(self, game_id: int, ply: int) -> None:
        """Clear a game's AI mark found wrong at ``ply`` (a human acts there): only games migrated from before
        the mark existed can have one."""
        async with self._write() as conn:
            await conn.execute("UPDATE games SET ai_to_act = 0 WHERE id = ? AND snapshot_ply = ?", (game_id, ply))
