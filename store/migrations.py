"""The schema, as an ordered list of migrations.

Migration N (1-based) brings a database from ``PRAGMA user_version`` N-1 to N. Never edit a migration that
has shipped: append a new one. Each script is run statement by statement inside one transaction, together
with the ``user_version`` bump, so a migration is applied completely or not at all.
"""

from typing import Final

V1_GAMES_SEATS_MOVES: Final = """
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER,                                 -- NULL: a DM or terminal game
    channel_id       INTEGER NOT NULL,
    host_id          INTEGER NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
    seed             INTEGER NOT NULL,
    created_at       TEXT    NOT NULL,                        -- ISO 8601, UTC
    started_at       TEXT,
    finished_at      TEXT,
    lobby_message_id INTEGER,
    has_ai           INTEGER NOT NULL DEFAULT 0 CHECK (has_ai IN (0, 1)),
    snapshot         TEXT    CHECK (snapshot IS NULL OR json_valid(snapshot)),
    snapshot_ply     INTEGER NOT NULL DEFAULT 0 CHECK (snapshot_ply >= 0),
    end_reason       TEXT
);

-- At most one open game (lobby or running) per channel.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_status ON games (status);

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),   -- 0-based, in join order
    user_id  INTEGER,                                         -- NULL for an AI seat
    name     TEXT    NOT NULL,                                -- display name when joining
    ai_level TEXT    CHECK (ai_level IN ('easy', 'normal', 'hard')),
    CHECK ((user_id IS NULL) = (ai_level IS NOT NULL)),
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

-- The append-only move log: with the seed, the source of truth for every game.
CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL CHECK (ply >= 1),            -- the n-th action of the game
    seat       INTEGER NOT NULL,
    user_id    INTEGER,
    action     TEXT    NOT NULL,                             -- e.g. '23-24', 'v17', 'resign:2'
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
"""

V2_RESULTS_RATINGS: Final = """
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));

CREATE TABLE results (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    user_id    INTEGER,                                      -- NULL for an AI seat
    name       TEXT    NOT NULL,
    clan       TEXT    NOT NULL,
    clan_score INTEGER NOT NULL,
    chips      INTEGER NOT NULL,
    total      INTEGER NOT NULL,
    winner     INTEGER NOT NULL CHECK (winner IN (0, 1)),
    resigned   INTEGER NOT NULL CHECK (resigned IN (0, 1)),
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE INDEX results_by_user ON results (user_id, game_id);

-- Per guild; only rated games count here. name is the last known display name.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    points     INTEGER NOT NULL DEFAULT 0,                   -- sum of totals
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
"""

# A profile reads a bounded number of rows however many games its player finished: each result row carries
# its game's guild and end time (so the last five come from one index range, no join), and each rating
# keeps its best total up to date as results are written.
V3_PROFILE_AGGREGATES = """
ALTER TABLE results ADD COLUMN guild_id INTEGER;
ALTER TABLE results ADD COLUMN finished_at TEXT;
UPDATE results SET
    guild_id = (SELECT games.guild_id FROM games WHERE games.id = results.game_id),
    finished_at = (SELECT games.finished_at FROM games WHERE games.id = results.game_id);
CREATE INDEX results_recent ON results (guild_id, user_id, finished_at, game_id);

ALTER TABLE ratings ADD COLUMN best_total INTEGER;
UPDATE ratings SET best_total = (
    SELECT MAX(results.total) FROM results JOIN games ON games.id = results.game_id
    WHERE games.guild_id = ratings.guild_id AND games.rated = 1 AND results.user_id = ratings.user_id
);
"""

MIGRATIONS: Final[tuple[str, ...]] = (V1_GAMES_SEATS_MOVES, V2_RESULTS_RATINGS, V3_PROFILE_AGGREGATES)
