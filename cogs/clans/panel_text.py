"""The words of the move panel: its prompts, its menu options, and the preview of a move's consequences. Public
information only, shown to the mover alone (whose huts lie where is on the board for all to see)."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.clans import messages as text
from engine.clans import Clan, Move, Preview, PublicView, Village
from service.clans.suggest import Suggestion
from texts import N_, Texts
from texts.clans.game import epoch_line, huts, village_line, village_order_part
from texts.clans.symbols import CLAN_SQUARE

FREE_ORDER = N_("The order of these villages changes nothing: they are founded in map order.")
"""Said with a move founding several villages when every order ends the same (nobody was asked)."""
LABEL, DESCRIPTION = 100, 100
"""Discord's limits for a select option's label and description."""


def owners(hut_row: Sequence[int]) -> str:
    """Whose huts a territory holds, as the clans' squares with their counts: "🟥2 🟦1"."""
    return " ".join(f"{CLAN_SQUARE[Clan(c)]}{n}" for c, n in enumerate(hut_row) if n)


def option_label(t: Texts, suggestion: Suggestion, target: bool) -> str:
    return text.suggestion_label(t, suggestion, target)[:LABEL]


def sources_prompt(t: Texts, game_id: int, view: PublicView, page: int, pages: int) -> str:
    lines = [
        t._("**Your move in game #{game}** (move {number}).", game=game_id, number=view.turn + 1),
        t._("Choose the territory whose huts move: the most useful first, then whose huts it holds."),
    ]
    if pages > 1:
        lines.append(t._("Page {page} of {pages}.", page=page + 1, pages=pages))
    return "\n".join(lines)


def targets_prompt(t: Texts, game_id: int, view: PublicView, source: int) -> str:
    return "\n".join(
        [
            t._("**Your move in game #{game}** (move {number}).", game=game_id, number=view.turn + 1),
            t._(
                "From {territory} ({huts}: {owners}): where do they go?",
                territory=source,
                huts=huts(t, view.count(source)),
                owners=owners(view.huts[source]),
            ),
        ]
    )


def scorers(t: Texts, village: Village) -> str:
    """Who a village scores for: nobody when it is worth 0 (doomed, or strife left nobody)."""
    if not village.value:
        return t._("nobody")
    return "".join(CLAN_SQUARE[c] for c in village.colours)


def order_label(t: Texts, preview: Preview) -> str:
    """ "36 first → 36: epoch 2, worth 5 · 55: epoch 3, doomed, 0"."""
    parts = [village_order_part(t, v) for v in preview.villages]
    parts += [t._("{territory}: not founded", territory=x) for x in preview.unfounded]
    first = t._("{territory} first → ", territory=preview.villages[0].territory) if preview.villages else ""
    label = first + " · ".join(parts)
    if len(label) > LABEL:
        short = [f"{v.territory} e{v.epoch}={v.value}" for v in preview.villages]
        label = first + " · ".join(short)
    return label[:LABEL]


def more_orders(t: Texts, first: int, last: int, count: int) -> str:
    """A menu option leading to more village orders: "More orders: 24 to 46 of 50"."""
    return t._("More orders: {first} to {last} of {count}", first=first + 1, last=last, count=count)[:LABEL]


def order_description(t: Texts, preview: Preview) -> str:
    scores = [t._("{territory} scores {clans}", territory=v.territory, clans=scorers(t, v)) for v in preview.villages]
    return " · ".join(scores)[:DESCRIPTION]


def preview_text(t: Texts, game_id: int, before: PublicView, move: Move | None, preview: Preview, free: bool) -> str:
    """What a move (or a village order) would do, before it is confirmed: moved huts, villages founded with their
    epoch, value and who scores, huts lost to strife, epochs begun, the end of the game."""
    if move is None:
        head = t._("**Preview, game #{game}**: the village order (nothing is played yet).", game=game_id)
    else:
        head = t._(
            "**Preview, game #{game}**: {src} → {dst} (nothing is played yet).",
            game=game_id,
            src=move.src,
            dst=move.dst,
        )
    lines = [head]
    if move is not None:
        founded_at_dst = any(v.territory == move.dst for v in preview.villages)
        if not founded_at_dst:
            row = preview.view.huts[move.dst]
            lines.append(
                t._(
                    "{territory} would hold {huts}: {owners}.",
                    territory=move.dst,
                    huts=huts(t, sum(row)),
                    owners=owners(row),
                )
            )
    if not preview.villages:
        lines.append(t._("No village is founded."))
    lines += [village_line(t, v) for v in preview.villages]
    if preview.unfounded:
        lines.append(
            t._(
                "Not founded (the 12th village ends the game first): {territories}.",
                territories=t.listing(map(str, preview.unfounded)),
            )
        )
    if free:
        lines.append(t._(FREE_ORDER))
    lines += [epoch_line(t, before.chart, e) for e in preview.epochs_entered]
    if preview.game_over:
        lines.append("🏁 " + t._("This ends the game."))
    lines.append(text.score_footer(t, preview.view))
    return "\n".join(lines)


def played_text(t: Texts, game_id: int, actions: Sequence[Move]) -> str:
    shown = ", ".join(f"{a.src} → {a.dst}" if not a.is_village_choice else str(a.src) for a in actions)
    return t._("Played in game #{game}: {actions}.", game=game_id, actions=shown)
