"""Why something cannot be done, as data: a code, and the facts the words need.

The service raises ``GameError(Why.…, **facts)`` (service.errors turns the store's refusals into them); the text
layer (texts.reasons) words each code in the reader's language. Nothing here writes a sentence, and this module
imports nothing of the project, so that every layer may raise and catch these errors.
"""

from __future__ import annotations

from enum import StrEnum


class Why(StrEnum):
    """Every reason the service refuses something. The facts each one carries are listed beside it."""

    GAME_GONE = "game_gone"
    CHANNEL_BUSY = "channel_busy"
    IN_LOBBY = "in_lobby"
    STARTED = "started"
    OVER = "over"  # that game (named by a button or an option) is over
    CANCELLED = "cancelled"
    ALREADY_SEATED = "already_seated"
    LOBBY_FULL = "lobby_full"  # seats
    NOT_AI_SEAT = "not_ai_seat"
    NOT_SEATED = "not_seated"
    STALE = "stale"
    NOT_FINISHED = "not_finished"
    CANNOT = "cannot"
    NOT_STARTED = "not_started"
    NOT_PLAYING = "not_playing"
    GAME_OVER = "game_over"  # the game this action is for is over
    RESIGNED = "resigned"
    GUESSES_AFTER_END = "guesses_after_end"
    TOLD_AFTER_END = "told_after_end"  # what each move told is shown once the game is over
    GAME_OVER_TOLD = "game_over_told"  # the game is over: its picture says what each move told
    NO_GAME_YET = "no_game_yet"  # game (whose history command to name)
    NO_SUCH_GAME = "no_such_game"  # game
    GAME_NOT_STARTED = "game_not_started"  # game
    NEVER_STARTED = "never_started"  # game (cancelled in its lobby)
    REPLAY_NOT_OVER = "replay_not_over"  # game, status
    ALREADY_PLAYED = "already_played"  # move (an engine Move)
    THEIR_TURN = "their_turn"  # name, user_id (None for an AI seat)
    MOVED_ON = "moved_on"
    ONLY_HOST_PACE = "only_host_pace"
    NO_GAME_IN_CHANNEL = "no_game_in_channel"  # game (whose command opens one)
    HOST_CANNOT_LEAVE = "host_cannot_leave"  # game
    AI_LEVELS = "ai_levels"  # levels
    JOIN_FIRST = "join_first"
    ONLY_HOST_START = "only_host_start"
    PLAYER_COUNT = "player_count"  # game, low, high, seated
    ONLY_HOST_CANCEL = "only_host_cancel"
    UNKNOWN_PACE = "unknown_pace"  # paces
    UNKNOWN_BOARD = "unknown_board"  # boards
    ILLEGAL_MOVE = "illegal_move"  # reason (an engine IllegalMove)
    NOT_AWAY = "not_away"
    MISSING_PERMISSIONS = "missing_permissions"  # permissions (Discord's names)
    ONLY_HOST_LANGUAGE = "only_host_language"
    ORDER_OWED = "order_owed"
    CANCEL_IS_RESIGN = "cancel_is_resign"  # a player's cancel of a game under way is their resignation
    CANCEL_MOVED_ON = "cancel_moved_on"  # a move landed while a free cancel was under way: its terms changed
    ELSEWHERE = "elsewhere"  # a component of a game in another server or channel
    NOT_VALID = "not_valid"  # a custom id no component accepts
    NOT_A_CHOICE = "not_a_choice"  # a select value that is not one of the menu's
    HIDDEN = "hidden"  # a game in a channel the member cannot see
    LOBBIES_PER_USER = "lobbies_per_user"  # lobbies (the member hosts that many open lobbies: the most)
    GAMES_PER_USER = "games_per_user"  # games (the member sits in that many lobbies and running games: the most)
    LOBBIES_PER_SERVER = "lobbies_per_server"  # lobbies (the server's open lobbies: the most)
    GAMES_PER_SERVER = "games_per_server"  # games (the server's running games: the most)
    REPLAY_COOLDOWN = "replay_cooldown"  # seconds (to wait before asking for another replay)
    OTHER_GAME = "other_game"  # game (a name of registry.GAME_NAMES): the channel or button is of another game
    SEATS_CHANGED = "seats_changed"  # seated (someone joined or left while the host pressed Start)
    DAYS_OFF_ALLOWANCE = "days_off_allowance"  # left (whole days), allowance, window (days)
    DAYS_OFF_START = "days_off_start"  # ahead (the most days ahead a start date may be)
    DAYS_OFF_UNDER_WAY = "days_off_under_way"  # days off under way cannot get a later start
    NO_DAYS_OFF = "no_days_off"  # nothing to end
    UNKNOWN_ZONE = "unknown_zone"  # zone (as typed, shortened)
    WAKING_HOURS = "waking_hours"  # start, end (hours that are not two different hours of the day)
    NO_ZONE = "no_zone"  # waking hours without a time zone given or known
    ONLY_HOST_WEB_LINK = "only_host_web_link"  # renewing or revoking the link to a game's web page
    WEB_OFF = "web_off"  # this bot serves no web pages (WEB_HOST is not set)
    RESTARTING = "restarting"  # the bot is stopping (SIGTERM, Ctrl-C): nothing new is taken
    OWNER_ONLY = "owner_only"  # a command for the bot application's owner alone


class GameError(Exception):
    """Something the player asked for cannot be done: ``why`` and its ``facts``. ``str()`` is the code and the
    facts, for logs (``lobby_full (seats=4)``); a player reads the text layer's words in their own language."""

    def __init__(self, why: Why, **facts: object) -> None:
        super().__init__(why, facts)
        self.why = why
        self.facts = facts

    def __str__(self) -> str:
        if not self.facts:
            return self.why.value
        return f"{self.why.value} ({', '.join(f'{name}={value!r}' for name, value in self.facts.items())})"
