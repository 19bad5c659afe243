"""One Clans action in words, from public facts only (who moved where, which villages scored what, which epoch
began): the lines of `/clans history`, of the "your move" catch-up and of the game's web page. Nothing here
knows who holds which clan; the colour squares of a village are on the board for all to see."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from engine.clans import Action, Move, Resign, Village
from texts import Texts
from texts.clans.symbols import CLAN_SQUARE, TERRAIN_ICON


class ToldAction(Protocol):
    """What an action did, as everyone saw it (service/clans/history.py's MoveFact)."""

    @property
    def turn(self) -> int: ...

    @property
    def action(self) -> Action: ...

    @property
    def villages(self) -> Sequence[Village]: ...

    @property
    def epochs_entered(self) -> Sequence[int]: ...

    @property
    def game_over(self) -> bool: ...


def plain_number(turn: int) -> str:
    return f"{turn}."


def village_note(t: Texts, village: Village) -> str:
    where = f"{village.territory} {TERRAIN_ICON[village.terrain]}"
    if village.destroyed:
        return "💀 " + t._("{where} doomed", where=where)
    if not village.size:
        return "💨 " + t._("{where} worth 0", where=where)
    squares = "".join(CLAN_SQUARE[c] for c in village.colours)
    return f"🏠 {where} +{village.value} {squares}"


def action_line(t: Texts, fact: ToldAction, name: str, number: Callable[[int], str] = plain_number) -> str:
    """``12. alice 23 → 24 · 🏠 24 🌲 +5 🟥🟦 · ⏳ epoch 2``; ``name`` is the actor's, shown as the reader needs it
    (escaped for a message, cleaned for a page), ``number`` the hut move's number as the reader shows it."""
    action = fact.action
    if isinstance(action, Resign):
        head = t._("{player} resigned", player=name)
    elif isinstance(action, Move) and action.is_village_choice:
        head = "↳ " + t._("{player} founds {territory} next", player=name, territory=action.src)
    else:
        assert isinstance(action, Move)
        head = f"{number(fact.turn)} {name} {action.src} → {action.dst}"
    notes = [village_note(t, v) for v in fact.villages]
    notes += ["⏳ " + t._("epoch {epoch}", epoch=e) for e in fact.epochs_entered]
    if fact.game_over:
        notes.append("🏁 " + t._("game over"))
    return " · ".join([head, *notes])
