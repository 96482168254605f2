"""The judgement a search uses to stop a playout early: control points held, and near, decide."""
from __future__ import annotations

from ejderhalar_support import engine

#: Player one on two control points (c5, d3) and a token on e3, two steps from the free f4; player two on none.
AHEAD = {"c5": ["p1-b2"] * 3, "d3": ["p1-d1"] * 2, "e3": ["p1-d1"], "a6": ["p2-a6"] * 3, "h5": ["p2-h5"] * 3}
#: The same with the players' roles swapped.
BEHIND = {"c5": ["p2-a6"] * 3, "d3": ["p2-c7"] * 2, "e3": ["p2-c7"], "a4": ["p1-a4"] * 3, "h3": ["p1-h3"] * 3}


def test_two_control_points_to_none_is_judged_a_likely_win() -> None:
    rules = engine()
    ahead = rules.evaluate(rules.position({"stacks": AHEAD}))
    behind = rules.evaluate(rules.position({"stacks": BEHIND}))
    assert ahead["p1"] > 0.85 and behind["p2"] > 0.85
    assert sum(ahead.values()) == 1.0 and sum(behind.values()) == 1.0


def test_a_third_point_in_reach_counts_more() -> None:
    """Player one's dragon on d3, e3 and f3, beside the free control point f4 (one point short): judged better."""
    rules = engine()
    near = dict(AHEAD, d3=["p1-d1"], f3=["p1-d1"])
    assert rules.evaluate(rules.position({"stacks": near}))["p1"] > rules.evaluate(rules.position({"stacks": AHEAD}))["p1"]
