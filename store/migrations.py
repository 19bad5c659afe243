"""The schema, as one ordered list of migrations for every backend.

Migration N (1-based) brings a database from schema version N-1 to N (SQLite keeps the version in
``PRAGMA user_version``, PostgreSQL in the one-row ``schema_version`` table). Never edit a migration that has
shipped: append a new one. An entry is either portable SQL (a ``str``, run as is on both backends) or a
``Migration`` holding each dialect's text for that step, so both histories share one numbering. Each step
runs inside one transaction together with the version bump: applied completely or not at all.

Dialect notes: Discord ids (snowflakes) need 64 bits, which SQLite's INTEGER has and PostgreSQL spells
BIGINT. Flags stay INTEGER 0/1 on both, so the queries compare and store them the same way.
"""

from dataclasses import dataclass
from typing import Final

from store.backend import Dialect


@dataclass(frozen=True, slots=True)
class Migration:
    """One step of the schema history, written once per dialect."""

    sqlite: str
    postgres: str

    def text(self, dialect: Dialect) -> str:
        return self.sqlite if dialect == "sqlite" else self.postgres


def migration_text(migration: Migration | str, dialect: Dialect) -> str:
    return migration if isinstance(migration, str) else migration.text(dialect)


# The CHECKs on seats.seat (0 to 3) and seats.ai_level repeat engine.MAX_PLAYERS (seats are 0-based) and
# ai.AI_LEVELS, their one source; tests/store/test_store_bounds.py fails when they disagree.
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


# A profile reads a bounded number of rows however many games its player finished: each result row carries
# its game's guild and end time (so the last five come from one index range, no join), and each rating
# keeps its best total up to date as results are written.
V3_PROFILE_AGGREGATES: Final = """
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

V4_TURN_CLOCK: Final = """
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

V5_SEATS_BY_USER: Final = """
-- `/clans games`: every running game a user is seated in, across servers (portable SQL).
CREATE INDEX seats_by_user ON seats (user_id, game_id);
"""


# Work that any of several bot processes may do (an AI's turn now, a turn's timeout later) is claimed in the
# database: one row per game and kind, with the ply it is for, who holds it and until when (milliseconds
# since the epoch, from the claimer's clock). ai_to_act is written with every move, so the sweep finds the
# games waiting for an AI through one partial index. Running games of older versions may have an AI to
# act: they are marked when they have AI seats, and the first sweep clears the mark where a human is next.
V6_CLAIMS: Final = """
ALTER TABLE games ADD COLUMN ai_to_act INTEGER NOT NULL DEFAULT 0 CHECK (ai_to_act IN (0, 1));
UPDATE games SET ai_to_act = has_ai WHERE status = 'running';
-- The sweep's index: only the games waiting for an AI are in it. Its columns repeat the predicate so that
-- SQLite's planner, without statistics, prefers it to games_by_status; rows come in id order.
CREATE INDEX games_ai_to_act ON games (status, ai_to_act, id) WHERE status = 'running' AND ai_to_act = 1;

CREATE TABLE claims (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL,                            -- 'ai'; later 'timeout'
    ply         INTEGER NOT NULL,                            -- the position the work is for
    holder      TEXT    NOT NULL,                            -- the claiming process (host:pid:random)
    lease_until INTEGER NOT NULL,                            -- ms since the epoch; free again after it
    PRIMARY KEY (game_id, kind)
);
"""

# Every bot process refreshes its set of away players in each scheduler tick (a player may have been marked
# away by another process): the partial index holds only the seats marked away, so that read stays small
# however many seats all the games ever had. Its columns repeat the predicate for SQLite's planner.
V7_SEATS_AWAY: Final = """
CREATE INDEX seats_away ON seats (away, game_id) WHERE away = 1;
"""

# End reasons were stored as English phrases; they are codes now (engine.EndReason), worded by the text layer in
# each reader's language. The saved snapshots carry the reason too: rewritten the same way (their loader also
# accepts the old phrases, for a snapshot written by an older process during an upgrade). Portable SQL.
V8_END_REASON_CODES: Final = """
UPDATE games SET end_reason = 'twelfth_village' WHERE end_reason = 'twelfth village';
UPDATE games SET end_reason = 'no_moves' WHERE end_reason = 'no moves left';
UPDATE games SET end_reason = 'resignations' WHERE end_reason = 'fewer than two players left';
UPDATE games SET snapshot = REPLACE(snapshot, '"end_reason":"twelfth village"', '"end_reason":"twelfth_village"')
    WHERE snapshot LIKE '%"end_reason":"twelfth village"%';
UPDATE games SET snapshot = REPLACE(snapshot, '"end_reason":"no moves left"', '"end_reason":"no_moves"')
    WHERE snapshot LIKE '%"end_reason":"no moves left"%';
UPDATE games SET snapshot = REPLACE(
    snapshot, '"end_reason":"fewer than two players left"', '"end_reason":"resignations"'
) WHERE snapshot LIKE '%"end_reason":"fewer than two players left"%';
"""

# The language a game's public messages, boards and replays speak (chosen at /clans new, changed in the lobby),
# and each user's last known Discord language, for the DMs sent outside any interaction.
V9_LANGUAGES: Final = """
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

CREATE TABLE user_languages (
    user_id    INTEGER PRIMARY KEY,
    language   TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);
"""

# A finished game's replay is drawn once and kept (store/replays.py), shared by every process on the database;
# ``version`` is the renderer's (render.clans.replay.RENDERER_VERSION). The cache is not copied by topostgres.
V10_REPLAYS: Final = """
CREATE TABLE replays (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    gif     BLOB    NOT NULL,
    PRIMARY KEY (game_id, version)
);
"""

# Every game row knows its game (engine.games registry names), and results and ratings are kept per game: a
# result row carries its game like its guild (a profile reads one index range), and a rating is keyed by guild,
# game and player. Clans rows, all there is before this step, default to 'clans'. SQLite cannot change a
# primary key in place, so its ratings table is rebuilt; PostgreSQL swaps the constraint.
V11_GAME_KIND_SQLITE: Final = """
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'clans';
ALTER TABLE results ADD COLUMN game TEXT NOT NULL DEFAULT 'clans';
DROP INDEX results_recent;
CREATE INDEX results_recent ON results (guild_id, user_id, game, finished_at, game_id);

CREATE TABLE ratings_per_game (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    points     INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT    NOT NULL,
    best_total INTEGER,
    game       TEXT    NOT NULL DEFAULT 'clans',                -- last, as PostgreSQL adds it
    PRIMARY KEY (guild_id, game, user_id)
) WITHOUT ROWID;
INSERT INTO ratings_per_game (guild_id, game, user_id, name, mu, sigma, games, wins, points, updated_at, best_total)
    SELECT guild_id, 'clans', user_id, name, mu, sigma, games, wins, points, updated_at, best_total FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_per_game RENAME TO ratings;
"""

V11_GAME_KIND_POSTGRES: Final = """
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'clans';
ALTER TABLE results ADD COLUMN game TEXT NOT NULL DEFAULT 'clans';
DROP INDEX results_recent;
CREATE INDEX results_recent ON results (guild_id, user_id, game, finished_at, game_id);
ALTER TABLE ratings ADD COLUMN game TEXT NOT NULL DEFAULT 'clans';
ALTER TABLE ratings DROP CONSTRAINT ratings_pkey;
ALTER TABLE ratings ADD PRIMARY KEY (guild_id, game, user_id);
"""

V11_GAME_KIND: Final = Migration(sqlite=V11_GAME_KIND_SQLITE, postgres=V11_GAME_KIND_POSTGRES)

# Alexandros games get the frame's turn clock, AI claims and catch-up (service/alexandros/games.py). Games of
# before this step never recorded their announcements: all they did was posted, so it counts as announced. A
# running one with an AI seat is marked for the AI sweep, which clears the mark if a human is to act.
V12_ALEXANDROS_CLOCK: Final = """
UPDATE games SET announced_ply = snapshot_ply WHERE game = 'alexandros' AND announced_ply < snapshot_ply;
UPDATE games SET ai_to_act = 1 WHERE game = 'alexandros' AND status = 'running' AND has_ai = 1;
"""

MIGRATIONS: Final[tuple[Migration | str, ...]] = (
    Migration(sqlite=V1_GAMES_SEATS_MOVES, postgres=V1_GAMES_SEATS_MOVES_POSTGRES),
    Migration(sqlite=V2_RESULTS_RATINGS, postgres=V2_RESULTS_RATINGS_POSTGRES),
    Migration(
        sqlite=V3_PROFILE_AGGREGATES,
        # Discord snowflakes need BIGINT on PostgreSQL; SQLite's INTEGER is already 64-bit.
        postgres=V3_PROFILE_AGGREGATES.replace("guild_id INTEGER", "guild_id BIGINT"),
    ),
    Migration(
        sqlite=V4_TURN_CLOCK,
        # notify_prefs.user_id is a Discord snowflake: BIGINT on PostgreSQL.
        postgres=V4_TURN_CLOCK.replace("user_id    INTEGER PRIMARY KEY", "user_id    BIGINT  PRIMARY KEY"),
    ),
    V5_SEATS_BY_USER,
    Migration(
        sqlite=V6_CLAIMS,
        postgres=V6_CLAIMS.replace("game_id     INTEGER", "game_id     BIGINT").replace(
            "lease_until INTEGER", "lease_until BIGINT"
        ),
    ),
    V7_SEATS_AWAY,
    V8_END_REASON_CODES,
    Migration(
        sqlite=V9_LANGUAGES,
        # user_languages.user_id is a Discord snowflake: BIGINT on PostgreSQL.
        postgres=V9_LANGUAGES.replace("user_id    INTEGER PRIMARY KEY", "user_id    BIGINT  PRIMARY KEY"),
    ),
    Migration(
        sqlite=V10_REPLAYS,
        postgres=V10_REPLAYS.replace("game_id INTEGER", "game_id BIGINT").replace("gif     BLOB", "gif     BYTEA"),
    ),
    V11_GAME_KIND,
    V12_ALEXANDROS_CLOCK,
)
