"""A game's page as HTML: where it stands, its seats, its board at a step of its history, and the whole history,
each action a link to the board after it. Complete without a script (each step is a link); web/static/page.js
steps without a reload, plays the replay and follows the game live.

Every word and name reaches the page through ``h`` (texts/usertext.py's ``html_text``, the one escaping of the web
pages): a player named ``<script>`` is shown as typed. The page has no inline script or style, so the server's
Content-Security-Policy allows none.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from importlib import resources

from registry import rules_of
from service.web import GamePage, page_path
from texts import Texts
from texts.usertext import html_text
from web.follow import version_of
from web.parts import Entry, Overview, PagePart, SeatLine

LINE_LIMIT = 4000
"""A line of the page is at most this long (in graphemes); a name is capped like everywhere else."""
STATIC_FILES = ("page.css", "page.js", "icon.svg")


def h(text: str, limit: int = LINE_LIMIT) -> str:
    """Any text of the page, escaped (``html_text``); an empty text stays empty."""
    return html_text(text, limit=limit) if text else ""


@cache
def static_file(name: str) -> bytes:
    return resources.files("web").joinpath("static", name).read_bytes()


@cache
def static_url(name: str) -> str:
    """The file's address with its digest: browsers keep it for good, and a new version is a new address."""
    return f"/static/{name}?v={hashlib.sha256(static_file(name)).hexdigest()[:12]}"


@dataclass(frozen=True, slots=True)
class Shown:
    """What one page shows: the game, in one language, at one step of its history."""

    page: GamePage
    part: PagePart
    t: Texts
    lang: str
    token: str
    now: datetime
    step: int | None = None
    """The board shown (0: the setup); None: the latest."""

    @property
    def steps(self) -> int:
        """Positions the history has: the setup and one per action (0 before the game starts)."""
        return 0 if self.page.steps is None else len(self.page.steps.views)

    @property
    def shown_step(self) -> int:
        last = self.steps - 1
        return last if self.step is None else max(0, min(self.step, last))

    def board_url(self, step: int) -> str:
        version = self.part.board_version
        return f"{page_path(self.token)}/board/{step}.{self.lang}.png?v={version}"


def page_words(t: Texts) -> dict[str, str]:
    """The page's fixed words in the reader's language, escaped."""
    said = {
        "pause": t._("Pause"),
        "replay": t._("Replay"),
        "footer": t._("A read-only page of a game played on Discord. It follows the game as it goes."),
        "board": t._("Board"),
        "steps": t._("Steps"),
        "start": t._("Start position"),
        "previous": t._("Previous action"),
        "next": t._("Next action"),
        "latest": t._("Latest"),
        "hint": t._("Step through the game with ← and →, or play the replay."),
        "until": t._("Time to act until"),
        "seats": t._("Seats"),
        "player": t._("Player"),
        "points": t._("Points"),
        "history": t._("History"),
        "nothing": t._("Nothing has been played yet."),
        "waiting": t._("The board appears when the game starts."),
    }
    return {key: h(words) for key, words in said.items()}


def render_page(shown: Shown) -> str:
    t, page = shown.t, shown.page
    w = page_words(t)
    title = shown.part.title(t, page.record.id)
    overview = _overview(shown)
    state = _state_line(shown, overview)
    head = (
        "<!doctype html>\n"
        f'<html lang="{h(shown.lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="robots" content="noindex, nofollow">\n<meta name="referrer" content="no-referrer">\n'
        f"<title>{h(title)} · {h(state)}</title>\n"
        f'<link rel="icon" href="{h(static_url("icon.svg"))}">\n'
        f'<link rel="stylesheet" href="{h(static_url("page.css"))}">\n'
        f'<script src="{h(static_url("page.js"))}" defer></script>\n</head>\n'
    )
    follow = " data-follow" if shown.step is None else ""
    body = (
        f'<body data-version="{h(version_of(page.mark))}" data-events="{h(page_path(shown.token))}/events"'
        f' data-playing="{w["pause"]}" data-play="{w["replay"]}"{follow}>\n'
        f'<header class="top"><h1>{h(title)}</h1><p id="state" class="state">{h(state)}</p></header>\n'
        f"<main>\n{_board(shown, w)}{_summary(shown, overview, w)}{_picture(shown)}{_history(shown, w)}</main>\n"
        f"<footer><p>{w['footer']}"
        "</p></footer>\n</body>\n</html>\n"
    )
    return head + body


def _overview(shown: Shown) -> Overview:
    page, t = shown.page, shown.t
    if page.steps is not None:
        return shown.part.overview(t, page, shown.now)
    seats = tuple(SeatLine(seat.name, seat.ai_level) for seat in page.record.seats)
    return Overview("", (), seats)


def _state_line(shown: Shown, overview: Overview) -> str:
    t, record = shown.t, shown.page.record
    if record.status == "lobby":
        most = rules_of(record.game).max_players
        return t._("Waiting for players: {seated} of {most} seats taken", seated=len(record.seats), most=most)
    if record.status == "cancelled":
        return t._("This game was cancelled.")
    return overview.state


def _board(shown: Shown, w: dict[str, str]) -> str:
    if shown.steps == 0:
        return f'<section class="board"><p class="waiting">{w["waiting"]}</p></section>\n'
    step, last = shown.shown_step, shown.steps - 1
    caption = _caption(shown, step)

    def link(ident: str, target: int | None, label: str, symbol: str) -> str:
        href = "?" if target is None or target >= last else f"?step={target}"
        named = f'title="{h(label)}" aria-label="{h(label)}"'
        return f'<a id="{ident}" class="button" href="{h(href)}" {named}>{symbol}</a>'

    return (
        f'<section class="board" aria-label="{w["board"]}">\n'
        f'<figure><img id="board" src="{h(shown.board_url(step))}" alt="{h(caption)}">'
        f'<figcaption id="caption">{h(caption)}</figcaption></figure>\n'
        f'<nav class="steps" aria-label="{w["steps"]}">'
        f"{link('first', 0, w['start'], '⇤')}"
        f"{link('prev', max(step - 1, 0), w['previous'], '←')}"
        f'<button id="play" type="button" hidden title="{w["replay"]}" aria-label="{w["replay"]}">▶</button>'
        f"{link('next', step + 1, w['next'], '→')}"
        f"{link('last', None, w['latest'], '⇥')}</nav>\n"
        f'<p class="hint">{w["hint"]}</p>\n'
        "</section>\n"
    )


def _caption(shown: Shown, step: int) -> str:
    t = shown.t
    if step == 0:
        return t._("Start position")
    count = shown.steps - 1
    entry = _entries(shown)[step - 1]
    said = f"{entry.who}: {entry.text}" if entry.who else entry.text
    return t._("Action {number} of {count}", number=step, count=count) + " · " + said


def _entries(shown: Shown) -> list[Entry]:
    return [] if shown.page.steps is None else shown.part.entries(shown.t, shown.page)


def _summary(shown: Shown, overview: Overview, w: dict[str, str]) -> str:
    t, record = shown.t, shown.page.record
    parts = ['<section id="summary" class="summary">\n']
    if record.status == "running" and record.deadline_at is not None:
        moment = record.deadline_at.astimezone(UTC)
        parts.append(
            f'<p class="deadline">{w["until"]} '
            f'<time datetime="{h(moment.strftime("%Y-%m-%dT%H:%M:%SZ"))}">'
            f"{h(moment.strftime('%Y-%m-%d %H:%M UTC'))}</time></p>\n"
        )
    if overview.facts:
        parts.append('<ul class="facts">' + "".join(f"<li>{h(fact)}</li>" for fact in overview.facts) + "</ul>\n")
    parts.append(
        f'<table class="seats"><caption>{w["seats"]}</caption><thead><tr><th>#</th>'
        f"<th>{w['player']}</th><th>{w['points']}</th></tr></thead><tbody>\n"
    )
    for number, seat in enumerate(overview.seats, start=1):
        parts.append(_seat_row(t, number, seat))
    parts.append("</tbody></table>\n</section>\n")
    return "".join(parts)


def _seat_row(t: Texts, number: int, seat: SeatLine) -> str:
    classes = " ".join(c for c, on in (("to-move", seat.to_move), ("winner", seat.winner)) if on)
    marker = "▶ " if seat.to_move else ("🏆 " if seat.winner else "")
    ai = ""
    if seat.ai_level:
        level = h(t._("AI ({level})", level=seat.ai_level))
        ai = f' <span class="ai">{level}</span>'
    note = f' <span class="note">{h(seat.note)}</span>' if seat.note else ""
    return (
        f'<tr class="{classes}"><td>{number}</td><td>{marker}<span class="name">{html_text(seat.name)}</span>'
        f"{ai}{note}</td><td>{h(seat.score) or '–'}</td></tr>\n"
    )


def _picture(shown: Shown) -> str:
    """A finished game's picture (Clans: what each move told), when its game has one."""
    title = shown.part.picture_title
    if title is None or shown.page.record.status != "finished":
        return ""
    heading = h(shown.t._(title))
    source = h(f"{page_path(shown.token)}/picture.{shown.lang}.png?v={shown.part.board_version}")
    return (
        f'<section class="picture"><h2>{heading}</h2>\n'
        f'<img src="{source}" alt="{heading}" width="800" loading="lazy"></section>\n'
    )


def _history(shown: Shown, w: dict[str, str]) -> str:
    t = shown.t
    parts = [f'<section class="history"><h2>{w["history"]}</h2>\n<ol id="steps">\n']
    if shown.steps:
        current, last = shown.shown_step, shown.steps - 1
        items: list[tuple[int, str | None, str]] = [(0, None, t._("Start position"))]
        items += [(i, e.who, e.text) for i, e in enumerate(_entries(shown), start=1)]
        for step, who, text in items:
            mark = ' aria-current="step"' if step == current else ""
            name = f"<b>{h(who)}</b> " if who else ""
            said = f"{who}: {text}" if who else text
            line = (
                w["start"]
                if step == 0
                else h(t._("Action {number} of {count}", number=step, count=last) + " · " + said)
            )
            parts.append(
                f'<li data-step="{step}" data-board="{h(shown.board_url(step))}" data-caption="{line}"{mark}>'
                f'<a href="?step={step}"><span class="n">{step}</span> {name}{h(text)}</a></li>\n'
            )
    else:
        parts.append(f"<li>{w['nothing']}</li>\n")
    parts.append("</ol>\n</section>\n")
    return "".join(parts)
