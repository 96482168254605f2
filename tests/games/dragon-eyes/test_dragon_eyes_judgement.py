"""The judgement a search uses to stop a playout early: eyes held decide, more so in the second phase."""
from __future__ import annotations

from generator.model.game import load_game
from generator.play.registry import rules_for

#: Light on three Dragon Eyes (a1, a6, f1) and dark on one (k1), nothing face down: the second phase.
AHEAD = {"light": ["a1", "a6", "f1", "b2", "c3"], "dark": ["k1", "h5", "g4", "b3"]}


def test_more_eyes_held_in_the_second_phase_is_judged_a_likely_win() -> None:
    rules = rules_for(load_game("dragon-eyes"))
    for mover in ("light", "dark"):
        shares = rules.evaluate(rules.position({**AHEAD, "to_move": mover}))
        assert shares is not None and shares["light"] > 0.9 and sum(shares.values()) == 1.0
        swapped = rules.evaluate(rules.position({"light": AHEAD["dark"], "dark": AHEAD["light"], "to_move": mover}))
        assert swapped is not None and swapped["dark"] > 0.9


def test_level_eyes_and_pieces_are_judged_near_even() -> None:
    rules = rules_for(load_game("dragon-eyes"))
    shares = rules.evaluate(rules.position({"light": ["a1", "b2"], "dark": ["k1", "h5"], "to_move": "light"}))
    assert shares is not None and abs(shares["light"] - 0.5) < 0.1
