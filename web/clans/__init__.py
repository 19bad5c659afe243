"""Clans on its web page: where the game stands (the clans' scores while it runs, every seat's clan and total once
it is over), each action in the words of `/clans history`, and the boards of render/clans."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import partial

from engine.clans import Clan, PublicView
from render.clans import render_board, render_final
from render.clans.replay import RENDERER_VERSION
from render.clans.told_chart import TITLE, told_chart
from service.clans.games import ClansService
from service.clans.history import MoveFact
from service.pace import final_winners
from service.web import GamePage
from texts import Texts
from texts.clans.game import chips, clan_label
from texts.clans.reasons import end_reason
from texts.clans.story import action_line
from texts.clans.symbols import CLAN_SQUARE
from texts.usertext import clean_name
from web.parts import Entry, Overview, SeatLine


class ClansPage:
    game = "clans"
    board_version = RENDERER_VERSION
    picture_title = TITLE

    async def picture(self, service: object, page: GamePage, t: Texts) -> Callable[[], bytes] | None:
        """What each move told the table, once the game is over (worked out once, kept: service/clans/told.py)."""
        if page.record.status != "finished" or not isinstance(service, ClansService):
            return None
        told = await service.told(page.record.id)
        return partial(told_chart, t, told.seats, told.telling, told.moves)

    def title(self, t: Texts, game_id: int) -> str:
        return t._("Clans — game #{game}", game=game_id)

    def overview(self, t: Texts, page: GamePage, now: datetime) -> Overview:
        assert page.steps is not None
        view: PublicView = page.steps.views[-1]
        seats = page.record.seats
        names = [clean_name(seat.name) for seat in seats]
        if view.result is not None:
            result = view.result
            away = {seat.seat for seat in seats if seat.away}
            won = final_winners(result.totals, result.winners, result.resigned, away)
            if not won:
                state = t._("Nobody is left to win.")
            elif len(won) == 1:
                state = "🏆 " + t._("{player} wins!", player=names[won[0]])
            else:
                state = "🏆 " + t._("Shared win: {players}", players=t.listing(names[s] for s in won))
            reason = t._("Game #{game} is over — {reason}", game=page.record.id, reason=end_reason(t, result.reason))
            lines = tuple(
                SeatLine(
                    seat.name,
                    seat.ai_level,
                    str(result.totals[seat.seat]),
                    winner=seat.seat in won,
                    note=f"{clan_label(t, result.clans[seat.seat])}: {result.clan_scores[result.clans[seat.seat]]}"
                    f" + {chips(t, result.chips[seat.seat])}" + _gone(t, view, seat.seat, seat.away),
                )
                for seat in seats
            )
            return Overview(state, (reason, _scores(t, view)), lines)
        mover = names[view.to_move]
        if view.pending:
            state = t._("{player} to choose the village order", player=mover)
        else:
            state = t._("{player} to move", player=mover)
        lines = tuple(
            SeatLine(
                seat.name,
                seat.ai_level,
                to_move=seat.seat == view.to_move,
                note=chips(t, view.chips[seat.seat]) + _gone(t, view, seat.seat, seat.away),
            )
            for seat in seats
        )
        return Overview(state, (_scores(t, view),), lines)

    def entries(self, t: Texts, page: GamePage) -> list[Entry]:
        assert page.steps is not None
        names = [clean_name(seat.name) for seat in page.record.seats]
        facts: tuple[MoveFact, ...] = page.steps.facts
        # The page numbers each action itself (its step): the line does not number its hut move again.
        return [Entry(None, action_line(t, fact, names[fact.seat], unnumbered).lstrip()) for fact in facts]

    def draw(self, page: GamePage, step: int, t: Texts) -> bytes:
        assert page.steps is not None
        view: PublicView = page.steps.views[step]
        names = [clean_name(seat.name) for seat in page.record.seats]
        if view.over and step == len(page.steps.views) - 1:
            return render_final(view, names, t)
        return render_board(view, names, t=t)


def unnumbered(turn: int) -> str:
    return ""


def _scores(t: Texts, view: PublicView) -> str:
    """The scoring track, as every public post shows it (a clan's colour, never whose it is)."""
    scores = "  ".join(f"{CLAN_SQUARE[Clan(c)]} {s}" for c, s in enumerate(view.scores))
    chips_left = t.n_("{count} village chip left", "{count} village chips left", view.chips_left, count=view.chips_left)
    return t._("Epoch {epoch} · {chips} · Scores: {scores}", epoch=view.epoch, chips=chips_left, scores=scores)


def _gone(t: Texts, view: PublicView, seat: int, away: bool) -> str:
    if view.resigned[seat]:
        return " " + t._("(resigned)")
    if away:
        return " " + t._("(away: autopilot)")
    return ""


PART = ClansPage()
