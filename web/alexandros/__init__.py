"""Alexandros on its web page: where the game stands (every seat's points, the walls and cards left), each action
in the words of the table's posts (never a hand: cards given back are counted, not named), and the boards of
render/alexandros with the walls of each turn marked."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import engine.alexandros as alex
from engine.alexandros.facts import Told
from render.alexandros import render_board
from render.alexandros.replay import new_walls
from service.pace import final_winners
from service.web import GamePage
from texts import Texts
from texts.alexandros.names import end_reason_text
from texts.alexandros.story import told_clause
from texts.usertext import clean_name
from web.parts import Entry, Overview, SeatLine

BOARD_VERSION = 2
"""2: the region names and space numbers drawn over the walls, washes and paths."""


class AlexandrosPage:
    game = "alexandros"
    board_version = BOARD_VERSION
    picture_title = None

    async def picture(self, service: object, page: GamePage, t: Texts) -> Callable[[], bytes] | None:
        return None

    def title(self, t: Texts, game_id: int) -> str:
        return t._("Alexandros — game #{game}", game=game_id)

    def overview(self, t: Texts, page: GamePage, now: datetime) -> Overview:
        assert page.steps is not None
        view: alex.PublicView = page.steps.views[-1]
        seats = page.record.seats
        names = [clean_name(seat.name) for seat in seats]
        left = t._(
            "Walls left: {black} black, {red} red. Cards in the supply: {supply}.",
            black=view.black_left,
            red=view.red_left,
            supply=view.supply_size,
        )
        won: tuple[int, ...] = ()
        facts: tuple[str, ...]
        if view.phase is alex.Phase.OVER:
            gone = {s for s in range(view.players) if view.resigned[s]}
            away = {seat.seat for seat in seats if seat.away}
            won = final_winners(view.scores, alex.winners(view.scores, view.resigned), gone, away)
            if not won:
                state = t._("Nobody is left to win.")
            elif len(won) == 1:
                state = "🏆 " + t._("{player} wins!", player=names[won[0]])
            else:
                state = "🏆 " + t._("Shared win: {players}", players=t.listing(names[s] for s in won))
            facts = (t._("The game is over ({reason}).", reason=end_reason_text(t, view.end_reason)), left)
        else:
            state = t._("{player} is to move.", player=names[view.to_move])
            facts = (left,)
        lines = tuple(
            SeatLine(
                seat.name,
                seat.ai_level,
                str(view.scores[seat.seat]),
                to_move=view.phase is not alex.Phase.OVER and seat.seat == view.to_move,
                winner=seat.seat in won,
                note=_gone(t, view, seat.seat, seat.away),
            )
            for seat in seats
        )
        return Overview(state, facts, lines)

    def entries(self, t: Texts, page: GamePage) -> list[Entry]:
        assert page.steps is not None
        names = [clean_name(seat.name) for seat in page.record.seats]
        facts: tuple[Told, ...] = page.steps.facts
        return [Entry(names[told.seat], told_clause(t, names, told)) for told in facts]

    def draw(self, page: GamePage, step: int, t: Texts) -> bytes:
        assert page.steps is not None
        views: tuple[alex.PublicView, ...] = page.steps.views
        names = [clean_name(seat.name) for seat in page.record.seats]
        return render_board(views[step], names, t=t, new_walls=new_walls(views, step) if step else 0)


def _gone(t: Texts, view: alex.PublicView, seat: int, away: bool) -> str:
    if view.resigned[seat]:
        return t._("(resigned)")
    if away:
        return t._("(away: autopilot)")
    return ""


PART = AlexandrosPage()
