"""Seeded self-play: invariants after every action, check() against legal_actions(), reproducibility,
the view of each player, and the golden playthroughs."""
from __future__ import annotations

import random

import pytest

from generator.model.game import load_game
from generator.games.dragon_eyes.actions import Action, Capture, DeclareDraw, Flip, Reveal, Step
from generator.games.dragon_eyes.engine import DragonEyesRules
from generator.games.dragon_eyes.state import State
from generator.play.contract import CHANCE
from generator.play.playthrough import recording_path, regenerate
from generator.play.registry import plugins
from generator.play.selfplay import random_game


@pytest.fixture(scope="module")
def rules() -> DragonEyesRules:
    found = plugins()["dragon-eyes"].make_rules(load_game("dragon-eyes"))
    assert isinstance(found, DragonEyesRules)
    return found


def candidates(rules: DragonEyesRules, state: State, legal: list[Action], rng: random.Random) -> set[Action]:
    """The legal actions, shortened and lengthened chains, and a sample of illegal actions of every kind."""
    t = rules.tables
    found: set[Action] = set(legal) | {DeclareDraw()}
    for action in legal:
        if isinstance(action, Capture) and len(action.path) > 2:
            found.add(Capture(action.path[:-1]))
        if isinstance(action, Capture):
            found.add(Capture(action.path + (action.path[-1],)))
    for cell in rng.sample(range(t.size), 12):
        found |= {Flip(cell), Reveal(cell, 0), Reveal(cell, 1)}
        for ray in t.rays[cell]:
            if ray:
                found.add(Step(cell, ray[0]))
            for land in ray[:4]:
                found.add(Capture((cell, land)))
        found.add(Step(cell, rng.randrange(t.size)))
    return found


def test_fifty_games_keep_the_invariants_and_check_agrees(rules: DragonEyesRules) -> None:
    rng = random.Random(99)
    endings = set()
    kinds = set()
    for seed in range(52):
        for ply in random_game(rules, seed):
            assert rules.invariants(ply.state) == [], (seed, ply.number)
            if ply.decider == CHANCE:
                assert rules.legal_actions(ply.state) == []
            if seed % 4 == 0 and ply.number % 3 == 0:
                legal = set(ply.legal)
                for action in candidates(rules, ply.state, ply.legal, rng):
                    verdict = rules.check(ply.state, action)
                    assert bool(verdict) == (action in legal), (seed, ply.number, rules.action_text(action))
                    assert verdict or verdict.code in rules.reasons
            if ply.action is not None:
                kinds.add(rules.action_kind(ply.action))
                assert rules.check(ply.state, ply.action)
        result = rules.result(ply.state)
        assert result is not None, f"seed {seed} reached the self-play cap"
        endings.add(result.reason)
    assert kinds == {"flip", "reveal", "capture", "step"} == set(rules.action_kinds) | {"reveal"}
    assert {"eye-majority", "eyes-level"} <= endings


def test_same_seed_same_game(rules: DragonEyesRules) -> None:
    def moves(seed: int) -> list[str]:
        return [rules.action_text(p.action) for p in random_game(rules, seed) if p.action is not None]
    assert moves(5) == moves(5)
    assert moves(5) != moves(6)


def test_views_show_what_the_table_shows(rules: DragonEyesRules) -> None:
    rng = random.Random(1)
    for ply in random_game(rules, 11, 60):
        for player in rules.players:
            view = rules.view(ply.state, player)
            assert view == ply.state
            assert rules.view(rules.resample(ply.state, player, rng), player) == view
        # nothing in a state tells which face-down piece is whose: only the counts
        assert ply.state.board.count(3) == sum(ply.state.hidden)


def test_chance_outcomes_sum_to_one(rules: DragonEyesRules) -> None:
    for ply in random_game(rules, 2, 40):
        if ply.decider == CHANCE:
            outcomes = rules.chance_outcomes(ply.state)
            assert sum(p for _, p in outcomes) == 1
            assert all(rules.check(ply.state, a) for a, _ in outcomes)


def test_golden_playthroughs_replay() -> None:
    recordings = plugins()["dragon-eyes"].recordings
    assert 2 <= len(recordings) <= 3 and all(r.max_plies <= 120 for r in recordings)
    found = regenerate(["dragon-eyes"])
    assert {recording_path(r) for r in recordings} == set(found)
    for path, (fresh, stored) in found.items():
        assert stored is not None, f"{path.name} is missing: run python -m generator.play.playthrough --write"
        assert fresh == stored, f"{path.name} differs from what the engine plays now"
