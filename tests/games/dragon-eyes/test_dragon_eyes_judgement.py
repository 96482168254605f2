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


#: Light holds the Dragon Eye a1, dark none; dark, to move, has no capture and must step.
ONE_EYE = {"light": ["a1", "f4"], "dark": ["c5", "h5"], "to_move": "dark"}


def test_an_eye_whose_piece_must_fly_off_is_judged_held_loosely() -> None:
    """Dark on a3 lies on a1's row with a2 and a4 empty: light's enchanted piece can (so, alone, must) capture it
    and leave the eye; the same eye with dark out of its lines is worth more."""
    rules = rules_for(load_game("dragon-eyes"))
    secure = rules.evaluate(rules.position(ONE_EYE))
    loose = rules.evaluate(rules.position({**ONE_EYE, "dark": ["a3", "h5"]}))
    assert secure is not None and loose is not None
    assert secure["light"] > 0.8 and 0.5 < loose["light"] < secure["light"] - 0.2


def test_an_eye_counts_for_more_the_fewer_pieces_are_face_down() -> None:
    """The second phase, where the eyes decide at once, begins when the last piece is turned: the same eye lead is
    worth more with 2 pieces face down than with 8, and more with 8 than at the start of a game."""
    rules = rules_for(load_game("dragon-eyes"))
    late = {"face_down": ["j2", "j4"], "hidden": {"light": 1, "dark": 1}}
    middle = {"face_down": ["b4", "c3", "d6", "e7", "g3", "g8", "h3", "j3"], "hidden": {"light": 4, "dark": 4}}
    start = {"face_down": "rest", "empty": ["j2"], "hidden": {"light": 40, "dark": 40}}
    shares = [rules.evaluate(rules.position({**ONE_EYE, **down})) for down in (late, middle, start)]
    assert all(share is not None for share in shares)
    light = [share["light"] for share in shares if share is not None]
    assert light[0] > light[1] > light[2] > 0.5
