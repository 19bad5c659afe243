"""What `moves` prints in the Clans terminal game: the best few moves with what their villages would score, to
whom, or that they are doomed; `moves all` lists every legal move by the territory it leaves, as the bot's
autocomplete ranks them."""

from __future__ import annotations

from collections.abc import Sequence

from engine.clans import Clan, GameState, Move, Phase, Village, legal_moves, move_foundings, preview_move, public_view
from service.clans.suggest import suggest_sources, suggest_targets
from terminal.hotseat import command_word, wrap_items
from texts import Texts
from texts.clans.game import huts, village_worth
from texts.clans.terms import clan_name, terrain_name

BEST_FEW = 8
"""How many moves `moves` shows; `moves all` shows every one."""


def founds_words(t: Texts, founds: Sequence[int], target: bool) -> str:
    """Why a move is listed first: the villages it would found (the bot's autocomplete words)."""
    n = len(founds)
    if target:
        return t.n_(
            "would found a village at {territories}",
            "would found {count} villages at {territories}",
            n,
            count=n,
            territories=t.listing(map(str, founds)),
        )
    return t.n_("would found a village", "would found {count} villages", n, count=n)


def village_words(t: Texts, village: Village) -> str:
    """ "24: worth 5 to red, blue" or "24: doomed, 0; red and blue lose their huts": what a village would score."""
    clans = t.listing(clan_name(t, Clan(c)) for c in village.colours)
    if village.destroyed and village.colours:
        return t.n_(
            "{territory}: {worth}; {clans} loses its huts",
            "{territory}: {worth}; {clans} lose their huts",
            len(village.colours),
            territory=village.territory,
            worth=village_worth(t, village),
            clans=clans,
        )
    if not village.colours:
        return t._("{territory}: {worth}", territory=village.territory, worth=village_worth(t, village))
    return t._(
        "{territory}: {worth} to {clans}",
        territory=village.territory,
        worth=village_worth(t, village),
        clans=clans,
    )


def order_choices_text(t: Texts, state: GameState, width: int) -> str:
    choices = [f"{command_word(t, 'village')} {m.src}" for m in legal_moves(state)]
    head = t.n_("{count} legal move:", "{count} legal moves:", len(choices), count=len(choices))
    return "\n".join(wrap_items(head, choices, width, "  "))


def best_moves_text(t: Texts, state: GameState, width: int, few: int = BEST_FEW) -> str:
    """The best ``few`` moves: those that found villages first (more villages, then more points), each with what
    its villages would score and to whom, or that they are doomed; then the largest groups. While villages wait
    for their order: those choices."""
    if state.phase is Phase.ORDER:
        return order_choices_text(t, state, width)
    view = public_view(state)
    count = len(legal_moves(state))
    founding: list[tuple[tuple[int, int], Move, tuple[Village, ...], bool]] = []
    for move, founds in move_foundings(view).items():
        if founds:
            results = preview_move(view, move)
            villages = results[0].villages
            score = sum(v.value for v in villages if not v.destroyed)
            founding.append(((-len(villages), -score), move, villages, len(results) > 1))
    founding.sort(key=lambda entry: (entry[0], entry[1].src, entry[1].dst))
    lines = [t.n_("{count} legal move; the best:", "{count} legal moves; the best:", count, count=count)]
    for _, move, villages, ordered in founding[:few]:
        said = "; ".join(village_words(t, v) for v in villages)
        if ordered:
            said += " " + t._("(in map order: you choose the order)")
        lines.append(
            f"  {move.src:>2}-{move.dst:<3} " + t.n_("village {what}", "villages {what}", len(villages), what=said)
        )
    chosen = {move for _, move, _, _ in founding[:few]}
    for source in suggest_sources(view, limit=None):
        if len(lines) > few:
            break
        for target in suggest_targets(view, source.territory, limit=None):
            move = Move(source.territory, target.territory)
            if move in chosen or target.founds or len(lines) > few:
                continue
            lines.append(f"  {move.src:>2}-{move.dst:<3} {huts(t, source.huts)}, {terrain_name(t, source.terrain)}")
            chosen.add(move)
    if count > len(lines) - 1:
        more = f"{command_word(t, 'moves')} {command_word(t, 'all')}"
        lines.append("  " + t._("Type '{more}' for all {count}.", more=more, count=count))
    return "\n".join(lines)


def moves_text(t: Texts, state: GameState, width: int) -> str:
    """Every legal move, by the territory it leaves, ranked as the bot's autocomplete ranks them: moves that
    found villages first (with why), then the largest groups. While villages wait for their order: those."""
    if state.phase is Phase.ORDER:
        return order_choices_text(t, state, width)
    view = public_view(state)
    sources = suggest_sources(view, limit=None)
    count = sum(len(suggest_targets(view, s.territory, limit=None)) for s in sources)
    lines = [t.n_("{count} legal move:", "{count} legal moves:", count, count=count)]
    for source in sources:
        head = f"{huts(t, source.huts)}, {terrain_name(t, source.terrain)}"
        if source.founds:
            head = f"{founds_words(t, source.founds, target=False)}, {head}"
        targets = [
            f"{source.territory}-{s.territory}" + (f" ({founds_words(t, s.founds, target=True)})" if s.founds else "")
            for s in suggest_targets(view, source.territory, limit=None)
        ]
        lines += wrap_items(f"  {source.territory:>2} ({head}):", targets, width, "      ")
    return "\n".join(lines)
