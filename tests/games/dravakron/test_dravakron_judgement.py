"""The judgement a search uses to stop a playout early: the enemy flag carried home decides most."""
from __future__ import annotations

from generator.model.game import load_game
from generator.play.registry import rules_for


def test_the_enemy_flag_carried_near_home_is_judged_a_likely_win() -> None:
    """Red's piece with Black's flag on c3, one square from Red's flag squares: Red is judged well ahead; Black's
    piece with Red's flag on n3, beside Black's flag squares, the other way round."""
    rules = rules_for(load_game("dravakron"))
    red = rules.evaluate(rules.position({"pieces": {"c3": "red carrying black-flag", "h8": "black", "i9": "black"}}))
    black = rules.evaluate(rules.position({"pieces": {"n3": "black carrying red-flag", "h8": "red", "i9": "red"},
                                           "to_move": "black"}))
    assert red is not None and black is not None
    assert red["red"] > 0.85 and black["black"] > 0.85
    assert sum(red.values()) == 1.0 and sum(black.values()) == 1.0


def test_the_flag_farther_from_home_is_judged_less_sure() -> None:
    rules = rules_for(load_game("dravakron"))
    near, far = (rules.evaluate(rules.position({"pieces": {square: "red carrying black-flag", "h8": "black"}}))
                 for square in ("c3", "j9"))
    assert near is not None and far is not None and near["red"] > far["red"] > 0.5


def test_a_way_home_blocked_by_the_enemy_is_judged_less_sure() -> None:
    """Red's flag carrier on c3 with Black on all three of Red's flag squares (a2, b1, b2) is judged worse off than
    with those squares open."""
    rules = rules_for(load_game("dravakron"))
    open_way = rules.evaluate(rules.position({"pieces": {"c3": "red carrying black-flag", "h8": "black",
                                                         "i9": "black", "j9": "black"}}))
    blocked = rules.evaluate(rules.position({"pieces": {"c3": "red carrying black-flag", "a2": "black",
                                                        "b1": "black", "b2": "black"}}))
    assert open_way is not None and blocked is not None and open_way["red"] > blocked["red"]


def test_ways_count_steps_through_the_main_gates() -> None:
    """From d10, beside the gate e10 that leads to l3 and m3, Black's flag squares (o1, o2, p2) are three steps
    away (onto the gate and out on m3, then n2, then o2), far fewer than the eleven columns between."""
    rules = rules_for(load_game("dravakron"))
    to_ring = rules.judge.to_ring["black-flag"]
    assert to_ring["o2"] == 0 and to_ring["n3"] == 1
    assert to_ring["d10"] == 3 and rules.rules.tables.distance("d10", "o2") == 11
