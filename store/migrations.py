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
from store.first_schema import (
    V1_GAMES_SEATS_MOVES,
    V1_GAMES_SEATS_MOVES_POSTGRES,
    V2_RESULTS_RATINGS,
    V2_RESULTS_RATINGS_POSTGRES,
)


@dataclass(frozen=True, slots=True)
class Migration:
    """One step of the schema history, written once per dialect."""

    sqlite: str
    postgres: str

    def text(self, dialect: Dialect) -> str:
        return self.sqlite if dialect == "sqlite" else self.postgres


def migration_text(migration: Migration | str, dialect: Dialect) -> str:
    return migration if isinstance(migration, str) else migration.text(dialect)


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

# End reasons were stored as English phrases; they are codes now (engine.clans.EndReason), worded by the text layer in
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

# Every game row knows its game (the registry's names), and results and ratings are kept per game: a
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

# Alexandros games get the shared turn clock, AI claims and catch-up (service/alexandros/games.py). Games of
# before this step never recorded their announcements: all they did was posted, so it counts as announced. A
# running one with an AI seat is marked for the AI sweep, which clears the mark if a human is to act.
V12_ALEXANDROS_CLOCK: Final = """
UPDATE games SET announced_ply = snapshot_ply WHERE game = 'alexandros' AND announced_ply < snapshot_ply;
UPDATE games SET ai_to_act = 1 WHERE game = 'alexandros' AND status = 'running' AND has_ai = 1;
"""

# Days off and waking hours (service/days_off.py, docs/PLAYING.md "Days off and waking hours"). A player has one
# latest declaration of days off (under way, coming, or ended), the one a seat's record reads; the earlier ones
# stay, as long as they lasted, for the allowance over its rolling window. A game's clock may be held for its
# player's days off (held_until: then it restarts with the whole turn time); begun marks the days off whose start
# was applied, so the clocks of days off declared ahead are held once, when they begin. Waking hours: the hours
# (from, to: 0-23, in the IANA zone) a player wants reminders in.
V13_DAYS_OFF: Final = """
CREATE TABLE days_off (
    user_id   INTEGER NOT NULL,
    starts_at TEXT    NOT NULL,
    ends_at   TEXT    NOT NULL,                              -- as declared, or when the player came back early
    latest    INTEGER NOT NULL DEFAULT 1 CHECK (latest IN (0, 1)),
    begun     INTEGER NOT NULL DEFAULT 0 CHECK (begun IN (0, 1)),
    CHECK (starts_at <= ends_at),
    PRIMARY KEY (user_id, starts_at)
);
CREATE UNIQUE INDEX days_off_latest ON days_off (user_id) WHERE latest = 1;
CREATE INDEX days_off_to_begin ON days_off (starts_at) WHERE begun = 0;

CREATE TABLE waking_hours (
    user_id    INTEGER PRIMARY KEY,
    zone       TEXT    NOT NULL,                              -- an IANA time zone, e.g. 'Australia/Sydney'
    wake_from  INTEGER NOT NULL CHECK (wake_from BETWEEN 0 AND 23),
    wake_to    INTEGER NOT NULL CHECK (wake_to BETWEEN 0 AND 23),
    updated_at TEXT    NOT NULL,
    CHECK (wake_from <> wake_to)
);

ALTER TABLE games ADD COLUMN held_until TEXT;                   -- the turn waits for its player's days off
"""

# Every game has a web page (web/) at an unguessable link: a random token per game, never its id alone. NULL: the
# link is revoked (the page answers 404) until the host or a moderator renews it. Games of before this step get a
# token here, from each database's own strong random source; new ones get theirs from the service.
V14_WEB_TOKENS_SQLITE: Final = """
ALTER TABLE games ADD COLUMN web_token TEXT;
UPDATE games SET web_token = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX games_by_web_token ON games (web_token);
"""

V14_WEB_TOKENS_POSTGRES: Final = """
ALTER TABLE games ADD COLUMN web_token TEXT;
UPDATE games SET web_token = replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX games_by_web_token ON games (web_token);
"""

# A result keeps what is only its game's in ``detail``, a JSON object the game writes and reads (Clans: the clan
# the seat held, its score and the seat's village chips); the shared columns are every game's. Clans' columns,
# which every other game filled with "" and 0, move there (Clans rows only) and are dropped.
V15_RESULT_DETAIL: Final = Migration(
    sqlite="""
ALTER TABLE results ADD COLUMN detail TEXT CHECK (detail IS NULL OR json_valid(detail));
UPDATE results SET detail = json_object('clan', clan, 'clan_score', clan_score, 'chips', chips) WHERE game = 'clans';
ALTER TABLE results DROP COLUMN clan;
ALTER TABLE results DROP COLUMN clan_score;
ALTER TABLE results DROP COLUMN chips;
""",
    postgres="""
ALTER TABLE results ADD COLUMN detail TEXT CHECK (detail IS NULL OR json_valid(detail));
UPDATE results SET detail = json_build_object('clan', clan, 'clan_score', clan_score, 'chips', chips)::text
    WHERE game = 'clans';
ALTER TABLE results DROP COLUMN clan, DROP COLUMN clan_score, DROP COLUMN chips;
""",
)

# A reminder a turn left out (its player asleep until past its limit): the turn's next step says so.
V16_REMINDER_LEFT_OUT: Final = """
ALTER TABLE games ADD COLUMN reminder_left_out TEXT CHECK (reminder_left_out IN ('half', 'last'));
"""

# What each move of a finished Clans game told the table (store/told.py): worked out once, kept as JSON.
V17_TOLD: Final = """
CREATE TABLE told (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    body    TEXT    NOT NULL
);
"""

# The board a game is played on, named by the game (Clans: 'printed' or 'project'); '' is the game's original
# board, which every game of before this step was played on, so their replays and pages stay as they were.
V18_GAME_BOARD: Final = """
ALTER TABLE games ADD COLUMN board TEXT NOT NULL DEFAULT '';
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
    Migration(
        sqlite=V13_DAYS_OFF,
        # user ids are Discord snowflakes: BIGINT on PostgreSQL.
        postgres=V13_DAYS_OFF.replace("user_id   INTEGER", "user_id   BIGINT").replace(
            "user_id    INTEGER", "user_id    BIGINT"
        ),
    ),
    Migration(sqlite=V14_WEB_TOKENS_SQLITE, postgres=V14_WEB_TOKENS_POSTGRES),
    V15_RESULT_DETAIL,
    V16_REMINDER_LEFT_OUT,
    Migration(sqlite=V17_TOLD, postgres=V17_TOLD.replace("game_id INTEGER", "game_id BIGINT")),
    V18_GAME_BOARD,
)
