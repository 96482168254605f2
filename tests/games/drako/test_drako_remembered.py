"""What Drako's engine and its own player remember from one position to the next changes no answer: the plays
of each card where the figures stand, and the scores of the plays the player met before."""
from __future__ import annotations

import random

from drako_support import rules

from generator.games.drako import policy
from generator.games.drako.engine import DrakoRules
from generator.play.contract import CHANCE
from generator.play.selfplay import random_game


def test_plays_and_choices_are_the_same_remembered_or_worked_out_afresh() -> None:
    engine = rules()
    fresh = DrakoRules(engine.spec)  # an engine that remembers nothing yet, and a player with nothing remembered
    look = policy.known(fresh.core)
    rng = random.Random(7)
    checked = 0
    for seed in (1, 2):
        for ply in random_game(engine, seed):  # the shared engine remembers the places of every game played before
            if ply.decider in (None, CHANCE):
                continue
            state = engine.resample(ply.state, ply.decider, rng)  # other hands on the same hexes
            legal = engine.legal_actions(state)
            fresh.core.known_plays.clear()
            assert fresh.legal_actions(state) == legal
            look.memos.clear()
            first = policy.choose(fresh.core, random.Random(checked), state, legal)
            assert policy.choose(engine.core, random.Random(checked), state, legal) == first
            side = engine.core.decider(state)
            for action, value in policy.known(engine.core).memo(side, state).items():
                assert value == policy.score(fresh.core, state, side, action)
            checked += 1
    assert checked > 100
