"""The words around a village order and the scores: a village worth 0 scores nobody; the clans are their
squares everywhere, never letters."""

from __future__ import annotations

from positions import m
from test_rules_order import two_villages

from cogs.clans.messages import score_footer
from cogs.clans.order_menus import order_option_description
from cogs.clans.panel_text import order_description, scorers
from engine.clans import order_consequences, order_results, play, public_view
from texts import texts

EN = texts("en")


def test_a_village_worth_nothing_scores_nobody() -> None:
    """4th and 5th villages: 19 (mountain) first is doomed in epoch 1 and 1 (grassland) then in epoch 2."""
    state = two_villages(prior=3)
    play(state, m("9-10"))
    view = public_view(state)
    nineteen_first = next(o for o in order_consequences(view) if o.territory == 19)
    assert nineteen_first.chosen.value == 0 and nineteen_first.chosen.colours  # blue huts stood there
    assert "scores nobody" in order_option_description(EN, nineteen_first)
    one_first = next(o for o in order_consequences(view) if o.territory == 1)
    assert "scores red" in order_option_description(EN, one_first)
    doomed = next(r for r in order_results(view) if r.choices == (19,))
    assert [scorers(EN, v) for v in doomed.villages] == ["nobody", "nobody"]
    assert order_description(EN, doomed) == "19 scores nobody · 1 scores nobody"


def test_the_score_footer_shows_the_clans_squares() -> None:
    state = two_villages(prior=3)
    play(state, m("9-10"))
    play(state, m("v1"))
    footer = score_footer(EN, public_view(state))
    assert footer.endswith("Scores: 🟥 2  🟦 5  🟩 0  🟨 0  ⬛ 0") and " K " not in footer


def test_every_village_order_is_reachable_past_25() -> None:
    """Never dropped silently: with more orders than a menu holds, its ends lead to the orders before and after."""
    from cogs.clans.move_panel import order_options

    state = two_villages(prior=3)
    play(state, m("9-10"))
    previews = order_results(public_view(state)) * 30  # stand-ins: 60 orders to list
    seen: set[int] = set()
    frontier, visited = [0], set()
    while frontier:
        index = frontier.pop()
        if index in visited:
            continue
        visited.add(index)
        options = order_options(EN, previews, index)
        assert len(options) <= 25 and [o.value for o in options if o.default] == [str(index)]
        seen |= {int(o.value) for o in options}
        frontier += [int(o.value) for o in options if o.label.startswith("More orders")]
    assert seen == set(range(len(previews)))
