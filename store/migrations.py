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

V3_TURN_CLOCK: Final = """
-- Each game's pace and the clock of the turn being played (times as ISO 8601 text, UTC, like the rest).
ALTER TABLE games ADD COLUMN pace TEXT NOT NULL DEFAULT 'daily'
    CHECK (pace IN ('live', 'fast', 'daily', 'relaxed', 'untimed'));
ALTER TABLE games ADD COLUMN clock_seat INTEGER;                 -- the seat whose turn is timed
ALTER TABLE games ADD COLUMN turn_started_at TEXT;
ALTER TABLE games ADD COLUMN deadline_at TEXT;                   -- NULL: no clock (untimed, AI to move, over)
ALTER TABLE games ADD COLUMN clock_stage TEXT CHECK (clock_stage IN ('half', 'last', 'timeout', 'autopilot'));
ALTER TABLE games ADD COLUMN next_event_at TEXT;                 -- when clock_stage falls due
-- The last action a public message announced; behind snapshot_ply after a crash between commit and post.
ALTER TABLE games ADD COLUMN announced_ply INTEGER NOT NULL DEFAULT 0;
UPDATE games SET announced_ply = snapshot_ply;

-- The scheduler's one query: due clock events, a range scan whatever the number of games. Only running games
-- have a next_event_at (finishing or cancelling a game clears it), so the index holds running games only.
CREATE INDEX games_clock_due ON games (next_event_at) WHERE next_event_at IS NOT NULL;
CREATE INDEX games_unannounced ON games (id) WHERE announced_ply < snapshot_ply;

ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0);  -- in a row
ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1));
ALTER TABLE results ADD COLUMN away INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1));

-- Reminders by DM, per player (off unless asked for with /clans notify).
CREATE TABLE notify_prefs (
    user_id    INTEGER PRIMARY KEY,
    dm         INTEGER NOT NULL CHECK (dm IN (0, 1)),
    updated_at TEXT    NOT NULL
);
"""

MIGRATIONS: Final[tuple[str, ...]] = (V1_GAMES_SEATS_MOVES, V2_RESULTS_RATINGS, V3_TURN_CLOCK)
