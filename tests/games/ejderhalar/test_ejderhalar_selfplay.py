"""Seeded self-play: invariants after every action, check() agreeing with legal_actions(), determinism,
no hidden information, and the golden playthroughs."""
from __future__ import annotations

import random

import pytest
from ejderhalar_support import engine

from generator.games.ejderhalar.engine import EjderhalarRules
from generator.games.ejderhalar.state import Action, State
from generator.play.contract import Verdict
from generator.play.playthrough import playthrough_text, recording_path
from generator.play.selfplay import random_game
from generator.games.ejderhalar import PLUGIN

GAMES = 50
CAP = 160


def candidates(rules: EjderhalarRules, state: State, rng: random.Random) -> list[Action]:
    """Legal actions plus many near misses: every short path from occupied squares, with and without pushes."""
    step = rules.layout.step
    found = [Action(()), Action((0,)), Action((0, 9))]
    occupied = [c for c, k in enumerate(state.dragon_at) if k >= 0]
    for start in rng.sample(occupied, min(6, len(occupied))):
        paths = [(start,)]
        for _ in range(3):
            paths = [p + (n,) for p in paths for n in step[p[-1]] if n >= 0]
            for path in paths:
                found.append(Action(path))
                found.append(Action(path, True, rng.choice([(), ("left",), ("right", "left")])))
    return found


def test_self_play_keeps_invariants_and_tokens() -> None:
    rules = engine()
    finished = 0
    for seed in range(GAMES):
        for ply in random_game(rules, seed, CAP):
            assert rules.invariants(ply.state) == [], (seed, ply.number)
            assert sum(ply.state.height) == 30
            if ply.action is not None:
                assert rules.check(ply.state, ply.action)
        finished += rules.result(ply.state) is not None
    assert finished >= GAMES // 5


@pytest.mark.parametrize("options", [{}, {"stun_by_strength": True, "push_own": True}])
def test_check_agrees_with_legal_actions(options: dict[str, bool]) -> None:
    rules = engine(**options)
    rng = random.Random(7)
    codes: set[str] = set()
    for seed in range(6):
        for ply in random_game(rules, seed, 90):
            if ply.number % 5:
                continue
            legal = set(ply.legal)
            assert len(legal) == len(ply.legal), "legal actions repeat"
            for action in ply.legal:
                assert rules.check(ply.state, action), rules.action_text(action)
            for action in candidates(rules, ply.state, rng):
                verdict: Verdict = rules.check(ply.state, action)
                assert bool(verdict) == (action in legal), (rules.state_text(ply.state), action, verdict)
                assert verdict or verdict.code in rules.reasons
                codes.add(verdict.code)
    assert {"not-your-dragon", "path-off-dragon", "token-pinned", "nothing-to-push", "choice-extra"} <= codes


def test_same_seed_same_game() -> None:
    rules = engine()
    first = [(p.state, p.action) for p in random_game(rules, 5, 120)]
    again = [(p.state, p.action) for p in random_game(rules, 5, 120)]
    other = [(p.state, p.action) for p in random_game(rules, 6, 120)]
    assert first == again and first != other


def test_variants_self_play_soundly() -> None:
    rules = engine(stun_by_strength=True, push_own=True)
    for seed in range(10):
        for ply in random_game(rules, seed, 120):
            assert rules.invariants(ply.state) == []
            assert max(ply.state.stun) <= 4


def test_no_hidden_information() -> None:
    rules = engine()
    state = rules.play(rules.new_game(), "a4-a5")
    assert rules.view(state, "p2") == state and rules.resample(state, "p2", random.Random(1)) == state


def test_legal_actions_are_stable_and_play_for_all_kinds() -> None:
    rules = engine()
    kinds: set[str] = set()
    for seed in range(20):
        for ply in random_game(rules, seed, 200):
            if ply.action is not None:
                kinds.add(rules.action_kind(ply.action))
            if ply.number == 40:
                assert rules.legal_actions(ply.state) == ply.legal
    assert {"move", "push"} <= kinds <= set(rules.action_kinds)


@pytest.mark.parametrize("recording", PLUGIN.recordings, ids=lambda r: r.filename)
def test_golden_playthroughs_replay(recording: object) -> None:
    path = recording_path(recording)  # type: ignore[arg-type]
    assert path.is_file(), "run: python -m generator.play.playthrough --write ejderhalar"
    assert playthrough_text(engine(), recording) == path.read_text(encoding="utf-8")  # type: ignore[arg-type]
