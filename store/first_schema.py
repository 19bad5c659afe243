"""The schema the first two migrations make (``store/migrations.py`` lists every step): the games, their seats and
move log; then results and ratings. Each written for SQLite and for PostgreSQL. Never edit a migration that has
shipped: a change to the schema is a new step in store/migrations.py."""

from typing import Final

# The CHECKs on seats.seat (0 to 3) and seats.ai_level repeat engine.clans.MAX_PLAYERS (seats are 0-based) and
# ai.clans.AI_LEVELS, their one source; tests/store/test_store_bounds.py fails when they disagree.
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

V1_GAMES_SEATS_MOVES_POSTGRES: Final = """
-- SQLite's json_valid, so the snapshot CHECK reads (and refuses) the same on both backends.
CREATE FUNCTION json_valid(document TEXT) RETURNS BOOLEAN LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
    PERFORM document::json;
    RETURN TRUE;
EXCEPTION WHEN others THEN
    RETURN FALSE;
END
$$;

CREATE TABLE games (
    id               BIGINT  PRIMARY KEY,                     -- set by games_next_id when not given
    guild_id         BIGINT,
    channel_id       BIGINT  NOT NULL,
    host_id          BIGINT  NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
    seed             BIGINT  NOT NULL,
    created_at       TEXT    NOT NULL,
    started_at       TEXT,
    finished_at      TEXT,
    lobby_message_id BIGINT,
    has_ai           INTEGER NOT NULL DEFAULT 0 CHECK (has_ai IN (0, 1)),
    snapshot         TEXT    CHECK (snapshot IS NULL OR json_valid(snapshot)),
    snapshot_ply     INTEGER NOT NULL DEFAULT 0 CHECK (snapshot_ply >= 0),
    end_reason       TEXT
);

-- SQLite's INTEGER PRIMARY KEY: a new game gets the largest id + 1, so a refused insert leaves no gap (a
-- sequence would). Write transactions run one at a time, so two never pick the same id.
CREATE FUNCTION games_next_id() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.id IS NULL THEN
        SELECT COALESCE(MAX(id), 0) + 1 INTO NEW.id FROM games;
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER games_next_id BEFORE INSERT ON games FOR EACH ROW EXECUTE FUNCTION games_next_id();

CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_status ON games (status);

CREATE TABLE seats (
    game_id  BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id  BIGINT,
    name     TEXT    NOT NULL,
    ai_level TEXT    CHECK (ai_level IN ('easy', 'normal', 'hard')),
    CHECK ((user_id IS NULL) = (ai_level IS NOT NULL)),
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

CREATE TABLE moves (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL CHECK (ply >= 1),
    seat       INTEGER NOT NULL,
    user_id    BIGINT,
    action     TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""

V2_RESULTS_RATINGS_POSTGRES: Final = """
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));

CREATE TABLE results (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    user_id    BIGINT,
    name       TEXT    NOT NULL,
    clan       TEXT    NOT NULL,
    clan_score INTEGER NOT NULL,
    chips      INTEGER NOT NULL,
    total      INTEGER NOT NULL,
    winner     INTEGER NOT NULL CHECK (winner IN (0, 1)),
    resigned   INTEGER NOT NULL CHECK (resigned IN (0, 1)),
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX results_by_user ON results (user_id, game_id);

CREATE TABLE ratings (
    guild_id   BIGINT           NOT NULL,
    user_id    BIGINT           NOT NULL,
    name       TEXT             NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    games      INTEGER          NOT NULL DEFAULT 0,
    wins       INTEGER          NOT NULL DEFAULT 0,
    points     BIGINT           NOT NULL DEFAULT 0,
    updated_at TEXT             NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
"""
