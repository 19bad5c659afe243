"""The words for every reason below the text layer: the service's refusals, and through each game's words (its
registration record's ``words``: registry/<game>.py) why an engine refused a move, how a move is shown and why a
game ended.

The shared text layer knows no game: it reaches each game's words through the registry, by name.
"""

from __future__ import annotations

from errors import GameError, Why
from registry import every_game
from texts import Texts, mention, texts
from texts.usertext import shown_name


def illegal_reason(t: Texts, reason: object) -> str:
    """Why a game's engine refused a move, in its game's words; a generic refusal for anything else."""
    for game in every_game():
        if isinstance(reason, game.rules.illegal):
            return game.words.illegal(t, reason)
    return t._("That move is not allowed.")


def is_illegal_move(error: BaseException) -> bool:
    """Whether ``error`` is an illegal move of a game (a known refusal, not a bug)."""
    return any(isinstance(error, game.rules.illegal) for game in every_game())


def shown_move(t: Texts, move: object) -> str:
    """A move as a player recognises it: "23 → 24", "village 23"; a game without words for its moves shows the
    move's text form."""
    for game in every_game():
        words = game.words
        if words.move_type is not None and words.shown_move is not None and isinstance(move, words.move_type):
            return words.shown_move(t, move)
    return str(getattr(move, "text", move))


def end_reason(t: Texts, reason: object) -> str:
    """Why a game ended, as shown after "Game #12 is over —": its game's words for its rules' reasons, or the
    shared reasons for games closed by the lobby, not by their rules."""
    for game in every_game():
        if isinstance(reason, game.words.end_reason_type):
            return game.words.end_reason(t, reason)
    match reason:
        case "cancelled":
            return t._("cancelled")
        case "idle":
            return t._("closed after a day without players")
        case "unplaced":
            return t._("no place to play")
    return str(reason)


def listed(fact: object) -> list[str]:
    """A fact that names several things (levels, paces, permissions), each as text."""
    return [str(item) for item in fact] if isinstance(fact, list | tuple) else [str(fact)]


def _status_phrase(t: Texts, game: object, status: object) -> str:
    match status:
        case "lobby":
            return t._("Game #{game} is still in its lobby.", game=game)
        case "running":
            return t._("Game #{game} is still being played: its replay is shown once it is over.", game=game)
        case "cancelled":
            return t._("Game #{game} was cancelled.", game=game)
    return t._("Game #{game} is not over.", game=game)


def refusal(t: Texts, error: GameError) -> str:
    """The sentence for a refusal of the service, in ``t``'s language."""
    facts = error.facts
    match error.why:
        case Why.GAME_GONE:
            return t._("That game no longer exists.")
        case Why.CHANNEL_BUSY:
            return t._("This channel already has a game; finish or cancel it first.")
        case Why.IN_LOBBY:
            return t._("That game is still in its lobby.")
        case Why.STARTED:
            return t._("That game has already started.")
        case Why.OVER:
            return t._("That game is over.")
        case Why.CANCELLED:
            return t._("That game was cancelled.")
        case Why.ALREADY_SEATED:
            return t._("You are already in this game.")
        case Why.LOBBY_FULL:
            seats = int(str(facts["seats"]))
            return t.n_(
                "This game already has {seats} player.", "This game already has {seats} players.", seats, seats=seats
            )
        case Why.NOT_AI_SEAT:
            return t._("That seat is not an AI seat.")
        case Why.NOT_SEATED:
            return t._("You are not in this game.")
        case Why.STALE:
            return t._("That move was already played: the game has moved on.")
        case Why.NOT_FINISHED:
            return t._("That game is not over yet.")
        case Why.NOT_STARTED:
            return t._("The game has not started yet.")
        case Why.NOT_PLAYING:
            return t._("You are not playing in this game.")
        case Why.GAME_OVER:
            return t._("The game is over.")
        case Why.RESIGNED:
            return t._("You have resigned from this game.")
        case Why.TOLD_AFTER_END:
            return t._("What each move told is shown once the game is over.")
        case Why.GAME_OVER_TOLD:
            return t._("This game is over: its last post shows what each move told.")
        case Why.GUESSES_AFTER_END:
            return t._("The AI's guesses are only shown once the game is over.")
        case Why.NO_GAME_YET:
            return t._(
                "No game has been played in this channel yet. Name one: {command}.",
                command=t.command(str(facts["game"]), "history", game=12),
            )
        case Why.NO_SUCH_GAME:
            return t._("There is no game #{game} in this server.", game=facts["game"])
        case Why.GAME_NOT_STARTED:
            return t._("Game #{game} has not started yet.", game=facts["game"])
        case Why.NEVER_STARTED:
            return t._("Game #{game} was cancelled before it started: it has no moves to show.", game=facts["game"])
        case Why.REPLAY_NOT_OVER:
            return _status_phrase(t, facts["game"], facts["status"])
        case Why.ALREADY_PLAYED:
            return t._("Your move {move} was already played.", move=shown_move(t, facts["move"]))
        case Why.THEIR_TURN:
            user_id = facts["user_id"]
            who = mention(user_id) if isinstance(user_id, int) else shown_name(str(facts["name"]))
            return t._("It is {player}'s turn.", player=who)
        case Why.MOVED_ON:
            return t._("Too late: the game moved on while you were choosing. Look at the latest board.")
        case Why.ONLY_HOST_PACE:
            return t._("Only the host can change the pace.")
        case Why.ONLY_HOST_LANGUAGE:
            return t._("Only the host can change the language.")
        case Why.NO_GAME_IN_CHANNEL:
            return t._(
                "There is no game in this channel. Open one with {command}.",
                command=t.command(str(facts["game"]), "new"),
            )
        case Why.HOST_CANNOT_LEAVE:
            return t._(
                "You are the host: use {command} to close the lobby.", command=t.command(str(facts["game"]), "cancel")
            )
        case Why.AI_LEVELS:
            return t._("The AI levels are {levels}.", levels=", ".join(listed(facts["levels"])))
        case Why.JOIN_FIRST:
            return t._("Join the game first to add AI players.")
        case Why.ONLY_HOST_START:
            return t._("Only the host can start the game.")
        case Why.PLAYER_COUNT:
            return t._(
                "{game} needs {low} to {high} players; this lobby has {seated}.",
                game=str(facts["game"]).capitalize(),
                low=facts["low"],
                high=facts["high"],
                seated=facts["seated"],
            )
        case Why.ONLY_HOST_CANCEL:
            return t._("Only the host or a member with Manage Messages can cancel the game.")
        case Why.ONLY_HOST_WEB_LINK:
            return t._("Only the host or a member with Manage Messages can renew or revoke the game's web link.")
        case Why.WEB_OFF:
            return t._("This bot serves no web pages: its operator has not set WEB_HOST.")
        case Why.UNKNOWN_PACE:
            return t._("The paces are {paces}", paces=", ".join(listed(facts["paces"])))
        case Why.UNKNOWN_BOARD:
            return t._("The maps are {maps}", maps=", ".join(listed(facts["boards"])))
        case Why.ILLEGAL_MOVE:
            return illegal_reason(t, facts["reason"])
        case Why.NOT_AWAY:
            return t._("You are not away in this game: nothing to do.")
        case Why.ORDER_OWED:
            return t._("First choose which of your villages is founded next:")
        case Why.CANCEL_IS_RESIGN:
            return t._("This game is under way: for a player, cancelling it means resigning.")
        case Why.CANCEL_MOVED_ON:
            return t._("A move was made while you were cancelling, so the game was not cancelled. Try again.")
        case Why.ELSEWHERE:
            return t._("This button belongs to a game in another channel: use the one under that game.")
        case Why.RESTARTING:
            return t._("The bot is restarting: nothing was changed. Try again in a minute.")
        case Why.OWNER_ONLY:
            return t._("Only the owner of this bot can use that.")
        case Why.NOT_VALID:
            return t._("That button or menu is not valid (any more).")
        case Why.NOT_A_CHOICE:
            return t._("That choice is not one of the menu's.")
        case Why.HIDDEN:
            return t._("That game is in a channel you cannot see.")
        case Why.LOBBIES_PER_USER:
            lobbies = int(str(facts["lobbies"]))
            return t.n_(
                "You already host {lobbies} open lobby, the most one member may: start or cancel it before opening "
                "another.",
                "You already host {lobbies} open lobbies, the most one member may: start or cancel one before "
                "opening another.",
                lobbies,
                lobbies=lobbies,
            )
        case Why.GAMES_PER_USER:
            games = int(str(facts["games"]))
            return t.n_(
                "You already sit in {games} game (open lobbies and running games), the most one member may: finish "
                "or leave it first.",
                "You already sit in {games} games (open lobbies and running games), the most one member may: finish "
                "or leave one first.",
                games,
                games=games,
            )
        case Why.LOBBIES_PER_SERVER:
            lobbies = int(str(facts["lobbies"]))
            return t.n_(
                "This server already has {lobbies} open lobby, the most it may: join it, or open yours once it has "
                "started.",
                "This server already has {lobbies} open lobbies, the most it may: join one of them, or open yours "
                "once one has started.",
                lobbies,
                lobbies=lobbies,
            )
        case Why.GAMES_PER_SERVER:
            games = int(str(facts["games"]))
            return t.n_(
                "This server already runs {games} game, the most it may at once: start this one when it has ended.",
                "This server already runs {games} games, the most it may at once: start this one when another has "
                "ended.",
                games,
                games=games,
            )
        case Why.REPLAY_COOLDOWN:
            seconds = int(str(facts["seconds"]))
            return t.n_(
                "You asked for a replay a moment ago: try again in {seconds} second.",
                "You asked for a replay a moment ago: try again in {seconds} seconds.",
                seconds,
                seconds=seconds,
            )
        case Why.OTHER_GAME:
            return t._(
                "This channel's game is a game of {game}: use `/{command}` for it.",
                game=str(facts["game"]).capitalize(),
                command=facts["game"],
            )
        case Why.SEATS_CHANGED:
            seated = int(str(facts["seated"]))
            return t.n_(
                "The players changed as you pressed Start: {seated} player sits here now. Check the lobby and press "
                "Start again.",
                "The players changed as you pressed Start: {seated} players sit here now. Check the lobby and press "
                "Start again.",
                seated,
                seated=seated,
            )
        case Why.DAYS_OFF_ALLOWANCE:
            left = int(str(facts["left"]))
            return t.n_(
                "That would pass the allowance of {allowance} days off in any {window} days: {left} day is left.",
                "That would pass the allowance of {allowance} days off in any {window} days: {left} days are left.",
                left,
                left=left,
                allowance=facts["allowance"],
                window=facts["window"],
            )
        case Why.DAYS_OFF_START:
            return t._(
                "Days off begin today or on a day up to {ahead} days ahead, written YYYY-MM-DD (pick one from the "
                "list).",
                ahead=facts["ahead"],
            )
        case Why.DAYS_OFF_UNDER_WAY:
            return t._(
                "Your days off are under way: give only the days (counted from now) to change them, or 0 to end them."
            )
        case Why.NO_DAYS_OFF:
            return t._("You have no days off to end.")
        case Why.UNKNOWN_ZONE:
            return t._(
                "{zone} is not a time zone I know: pick one from the list, like Europe/Rome or America/New_York.",
                zone=shown_name(str(facts["zone"])) or "…",
            )
        case Why.WAKING_HOURS:
            return t._("Waking hours run from one hour of the day (0 to 23) to another, different one.")
        case Why.NO_ZONE:
            return t._("Name your time zone too (zone:), like Europe/Rome: your waking hours are in it.")
        case Why.MISSING_PERMISSIONS:
            names = [f"**{t.p_('permission', name)}**" for name in listed(facts["permissions"])]
            return t.n_(
                "I cannot run a game here: I need the {names} permission in this channel. Ask a moderator to grant it.",
                "I cannot run a game here: I need the {names} permissions in this channel. Ask a moderator to grant "
                "it.",
                len(names),
                names=t.listing(names),
            )
    return t._("That cannot be done with this game.")


def say(t: Texts, error: BaseException) -> str:
    """A refusal of the service or a game's illegal move, in ``t``'s language."""
    return refusal(t, error) if isinstance(error, GameError) else illegal_reason(t, error)


def english(error: BaseException) -> str:
    """The English words of a refusal or an illegal move (``str()`` gives its code and facts, for logs)."""
    return say(texts("en"), error)
