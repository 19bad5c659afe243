"""Autocomplete for /clans move: Discord shows 25 choices, so the most relevant come first.

With nothing typed: moves that would found a village first (more villages first), then the largest
groups, then map order. Typed digits filter by prefix, in map order. What a move would do is the
engine's answer (``move_foundings``); the cog only turns a Suggestion into words.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.clans import Move, PublicView, Terrain, Village, move_foundings, preview_move

MAX_CHOICES = 25


@dataclass(frozen=True, slots=True)
class Suggestion:
    territory: int
    huts: int
    """Huts on the territory now."""
    terrain: Terrain
    founds: tuple[int, ...]
    """Territories that would become villages: for a source, by its best move; for a target, by that move."""


def suggest_sources(view: PublicView, typed: str = "", limit: int | None = MAX_CHOICES) -> list[Suggestion]:
    """The territories the mover can move from, most useful first (the first ``limit``; None: every one)."""
    foundings = move_foundings(view)
    best: dict[int, tuple[int, ...]] = {}
    for move, founds in foundings.items():
        if len(founds) > len(best.get(move.src, ())) or move.src not in best:
            best[move.src] = founds
    return _ranked(view, best, typed, limit)


def suggest_targets(
    view: PublicView, source: int, typed: str = "", limit: int | None = MAX_CHOICES
) -> list[Suggestion]:
    foundings = move_foundings(view)
    targets = {move.dst: founds for move, founds in foundings.items() if move.src == source}
    return _ranked(view, targets, typed, limit)


def _ranked(view: PublicView, founds: dict[int, tuple[int, ...]], typed: str, limit: int | None) -> list[Suggestion]:
    typed = typed.strip()
    suggestions = [
        Suggestion(t, view.count(t), view.board.terrain[t], f)
        for t, f in founds.items()
        if not typed or str(t).startswith(typed)
    ]
    if typed:
        suggestions.sort(key=lambda s: s.territory)
    else:
        suggestions.sort(key=lambda s: (-len(s.founds), -s.huts, s.territory))
    return suggestions[:limit]


@dataclass(frozen=True, slots=True)
class Founding:
    """A move that founds villages, and what they would score (the terminal's `moves`)."""

    move: Move
    villages: tuple[Village, ...]
    """As founded in map order when the mover owes an order."""
    order_matters: bool
    """The order the mover picks changes what the villages score."""


def best_foundings(view: PublicView) -> list[Founding]:
    """Every move that founds villages, the best first: more villages, then more points (the engine's preview of
    each, from the public view), then map order."""
    found = []
    for move, founds in move_foundings(view).items():
        if founds:
            results = preview_move(view, move)
            found.append(Founding(move, results[0].villages, len(results) > 1))

    def rank(f: Founding) -> tuple[int, int, int, int]:
        return (-len(f.villages), -sum(v.value for v in f.villages if not v.destroyed), f.move.src, f.move.dst)

    return sorted(found, key=rank)
