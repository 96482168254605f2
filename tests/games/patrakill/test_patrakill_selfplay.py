"""Seeded self-play: invariants after every action, check() agrees with legal_actions(), same seed same game."""
from __future__ import annotations

import random

import pytest
from patrakill_support import duel, game, multi, variant

from generator.games.patrakill.engine import PatrakillRules
from generator.games.patrakill.state import Action
from generator.play.playthrough import playthrough_text, recording_path
from generator.games.patrakill import PLUGIN
from generator.play.selfplay import final_state, random_game


def candidates(rules: PatrakillRules, state: object, rng: random.Random) -> list[Action]:
    """Some actions that are probably illegal: shifted steps, placements, random passages and jumps."""
    cells = rules.layout.tables.cells
    picks = [rng.choice(cells) for _ in range(6)]
    return [Action("step", (picks[0], picks[1])), Action("exit", (picks[1], picks[2])),
            Action("passage", (picks[2], picks[3])), Action("jump", (picks[3], picks[4], picks[5])),
            Action("place", (picks[4],)), Action("dragon-step", (picks[5], picks[0])), Action("pass")]


@pytest.mark.parametrize("name, seeds", [("patrakill", range(28)), ("vatrakill", range(30, 52))])
def test_self_play_keeps_the_invariants_and_check_agrees(name: str, seeds: range) -> None:
    rules = duel() if name == "patrakill" else multi()
    rng = random.Random(name)
    for seed in seeds:
        for ply in random_game(rules, seed):
            state = ply.state
            assert rules.invariants(state) == [], (seed, ply.number, rules.state_text(state))
            legal = ply.legal
            assert legal == rules.legal_actions(state)
            for action in legal:
                assert rules.parse_action(state, rules.action_text(action)) == action
            for action in rng.sample(legal, min(3, len(legal))):
                assert rules.check(state, action)
            texts = {rules.action_text(a) for a in legal}
            assert len(texts) == len(legal)
            for action in candidates(rules, state, rng):
                verdict = rules.check(state, action)
                assert bool(verdict) == (rules.action_text(action) in texts)
                assert verdict or verdict.code in rules.reasons
            if ply.outcome is not None:
                assert ply.action in legal


@pytest.mark.parametrize("players, factions", [(2, ["purple", "green"]), (3, ["blue", "yellow"]),
                                               (4, ["purple", "blue", "green"])])
def test_every_player_count_plays(players: int, factions: list[str]) -> None:
    rules = variant("vatrakill", players=players, factions=factions)
    for seed in range(4):
        for ply in random_game(rules, seed):
            assert rules.invariants(ply.state) == []


def test_games_reach_their_ends() -> None:
    reasons = set()
    for rules in (duel(), multi()):
        for seed in range(24):
            result = rules.result(final_state(rules, seed))
            reasons.add(result.reason if result else "cap")
    assert {"skewer", "capture"} <= reasons


def test_same_seed_same_game() -> None:
    for rules in (duel(), multi()):
        one = [(p.action, p.state) for p in random_game(rules, 17)]
        two = [(p.action, p.state) for p in random_game(rules, 17)]
        assert one == two


def test_no_hidden_information() -> None:
    rules = duel()
    state = final_state(rules, 3, 40)
    for player in rules.players:
        assert rules.view(state, player) == state
        assert rules.resample(state, player, random.Random(1)) == state


def test_golden_playthroughs_replay() -> None:
    assert len(PLUGIN.recordings) >= 2
    for recording in PLUGIN.recordings:
        rules = duel() if game(recording.game).options["mode"] == "duel" else multi()
        path = recording_path(recording)
        assert path.read_text(encoding="utf-8") == playthrough_text(rules, recording), path.name
