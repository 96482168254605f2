"""The judgement a search uses to stop a playout early: wounds, deaths and the dwarves' cards decide."""
from __future__ import annotations

import random

from generator.model.game import load_game
from generator.play.contract import CHANCE
from generator.play.registry import rules_for
from generator.play.selfplay import random_game

FIGURES = {"dragon": "d4", "hands": {"dragon": ["A3"], "dwarves": ["D"]}}


def test_a_dragon_one_wound_from_death_is_judged_lost() -> None:
    rules = rules_for(load_game("drako"))
    shares = rules.evaluate(rules.position({**FIGURES, "dwarves": {"brald": "d5", "urpen": "f2", "morin": "b2"},
                                            "wounds": {"armour": 4, "flight": 2, "move": 2}}))
    assert shares is not None and shares["dwarves"] > 0.9 and sum(shares.values()) == 1.0


def test_two_dwarves_dead_and_the_third_wounded_is_judged_won_by_the_dragon() -> None:
    rules = rules_for(load_game("drako"))
    shares = rules.evaluate(rules.position({**FIGURES, "dwarves": {"brald": "dead", "urpen": "dead", "morin": "b2"},
                                            "wounds": {"brald": 6, "urpen": 5, "morin": 3}}))
    assert shares is not None and shares["dragon"] > 0.9


def test_hidden_hands_dealt_afresh_are_judged_without_fault() -> None:
    """A search judges positions whose hidden hands and decks it drew itself: each is judged, shares adding to 1."""
    rules = rules_for(load_game("drako"))
    rng = random.Random(3)
    for ply in list(random_game(rules, 3))[::25]:
        if ply.decider in (None, CHANCE):
            continue
        drawn = rules.resample(ply.state, ply.decider, rng)
        shares = rules.evaluate(drawn)
        assert shares is not None and abs(sum(shares.values()) - 1.0) < 1e-12
        assert all(0.0 < share < 1.0 for share in shares.values())


def test_the_race_between_the_dwarves_cards_and_the_dragons_wounds_is_judged() -> None:
    """The same hexes and wounds: the fewer cards the dwarves have left, the better for the dragon; the more
    wounds on the dragon, the better for the dwarves."""
    rules = rules_for(load_game("drako"))
    dwarves = {"brald": "d5", "urpen": "f2", "morin": "b2"}

    def dragon(cards: int, armour: int) -> float:
        state = rules.position({**FIGURES, "dwarves": dwarves, "decks": {"dwarves": cards},
                                "wounds": {"armour": armour}})
        return rules.evaluate(state)["dragon"]

    assert dragon(4, 2) > dragon(15, 2) > dragon(30, 2)
    assert dragon(15, 0) > dragon(15, 2) > dragon(15, 4)


def test_the_cards_in_hand_are_judged_by_what_they_can_do() -> None:
    """The same hexes, wounds and hand sizes: a dragon holding a defence stands better than one holding a move, and
    dwarves next to the dragon stand better holding an attack than a move."""
    rules = rules_for(load_game("drako"))
    dwarves = {"brald": "d5", "urpen": "f2", "morin": "b2"}

    def dragon(own: str, theirs: str) -> float:
        state = rules.position({**FIGURES, "dwarves": dwarves, "hands": {"dragon": [own], "dwarves": [theirs]}})
        return rules.evaluate(state)["dragon"]

    assert dragon("D", "M2") > dragon("M1", "M2")
    assert dragon("M1", "A2") < dragon("M1", "M2")
