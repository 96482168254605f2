"""The engine contract, checked on every game whose specs are in the repository.

Each registered game is held to the same promises: the check agrees with the
legal actions (also for actions taken in other positions), applying keeps
every invariant, the same seed gives the same game, actions and positions
read back from their text, a player's view hides only what the table hides,
chance outcomes are proper probabilities, and recorded games replay.
"""
from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from fixture_games import FIXTURES
from generator.model.game import Game, game_folders, load_game
from generator.play.contract import CHANCE, GameRules
from generator.play.playthrough import regenerate
from generator.play.registry import plugins, rules_for
from generator.play.selfplay import random_game

FOLDERS = game_folders()
#: The real games and the two fixture games.
ENGINES = FOLDERS + [FIXTURES / "race", FIXTURES / "claims"]
#: Self-play games per engine, and the plies of each looked at closely.
GAMES, PLIES = 4, 60


@pytest.fixture(scope="module", params=ENGINES, ids=[f.name for f in ENGINES])
def engine(request: pytest.FixtureRequest) -> tuple[Game, GameRules[Any, Any]]:
    game = load_game(request.param)
    return game, rules_for(game)


def positions(rules: GameRules[Any, Any]) -> list[Any]:
    """Positions from short seeded games, the first and every fourth."""
    found = []
    for seed in range(GAMES):
        found += [ply.state for ply in random_game(rules, seed, PLIES) if ply.number % 4 == 0]
    return found


def test_every_spec_folder_names_a_registered_engine() -> None:
    names = {load_game(folder).rules for folder in FOLDERS}
    assert names <= set(plugins()), names - set(plugins())
    assert "dravakron" in plugins()


def test_players_reasons_and_kinds_are_declared(engine: tuple[Game, GameRules[Any, Any]]) -> None:
    game, rules = engine
    assert 2 <= len(rules.players) <= 5 and len(set(rules.players)) == len(rules.players)
    assert rules.reasons and rules.action_kinds and rules.max_plies > 0
    assert all(isinstance(text, str) and text for text in rules.reasons.values())


def test_check_agrees_with_the_legal_actions(engine: tuple[Game, GameRules[Any, Any]]) -> None:
    _, rules = engine
    seen = positions(rules)
    strangers: list[Any] = []
    for state in seen:
        if rules.decision(state) in (None, CHANCE):
            continue
        legal = rules.legal_actions(state)
        texts = [rules.action_text(a) for a in legal]
        assert len(set(texts)) == len(texts), "legal actions repeat"
        for action in legal:
            verdict = rules.check(state, action)
            assert verdict.legal, (rules.action_text(action), verdict)
        legal_texts = set(texts)
        for action in strangers[-30:]:
            verdict = rules.check(state, action)
            assert verdict.legal == (rules.action_text(action) in legal_texts), rules.action_text(action)
            if not verdict.legal:
                assert verdict.code in rules.reasons, verdict.code
        strangers += legal


def test_legal_actions_come_in_a_stable_order(engine: tuple[Game, GameRules[Any, Any]]) -> None:
    _, rules = engine
    for state in positions(rules)[:20]:
        if rules.decision(state) not in (None, CHANCE):
            first = [rules.action_text(a) for a in rules.legal_actions(state)]
            assert first == [rules.action_text(a) for a in rules.legal_actions(state)]


def test_applying_never_breaks_an_invariant(engine: tuple[Game, GameRules[Any, Any]]) -> None:
    _, rules = engine
    for seed in range(GAMES):
        for ply in random_game(rules, seed, PLIES):
            assert rules.invariants(ply.state) == [], (seed, ply.number)
            if ply.decider is not None and ply.action is None:
                assert not ply.legal or ply.number == PLIES, "a decision with legal actions was left unmade"
            if ply.decider is None:
                assert rules.result(ply.state) is not None, "nobody decides but the game has no result"


def test_the_same_seed_gives_the_same_game(engine: tuple[Game, GameRules[Any, Any]]) -> None:
    _, rules = engine

    def record(seed: int) -> list[str]:
        return [rules.action_text(p.action) for p in random_game(rules, seed, PLIES) if p.action is not None]

    assert record(7) == record(7)
    assert record(7) != record(8) or len(record(7)) < 3


def test_actions_and_positions_read_back_from_their_text(engine: tuple[Game, GameRules[Any, Any]]) -> None:
    _, rules = engine
    for state in positions(rules)[:15]:
        if rules.decision(state) in (None, CHANCE):
            continue
        for action in rules.legal_actions(state)[:25]:
            again = rules.parse_action(state, rules.action_text(action))
            assert rules.action_text(again) == rules.action_text(action)
            assert rules.check(state, again).legal
        assert rules.state_text(state).strip()
    with pytest.raises(ValueError):
        rules.parse_action(rules.new_game(0), "!! not an action of any game")


def test_chance_outcomes_are_probabilities(engine: tuple[Game, GameRules[Any, Any]]) -> None:
    _, rules = engine
    for state in positions(rules):
        outcomes = rules.chance_outcomes(state)
        if rules.decision(state) == CHANCE:
            assert outcomes and sum(p for _, p in outcomes) == 1
            assert all(isinstance(p, Fraction) and 0 < p <= 1 for _, p in outcomes)
            assert all(rules.check(state, a).legal for a, _ in outcomes)
        else:
            assert outcomes == []


def test_the_next_state_is_the_applied_one(engine: tuple[Game, GameRules[Any, Any]]) -> None:
    """``next_state`` (what a search plays through, without events) reaches the state ``apply`` gives."""
    _, rules = engine
    for state in positions(rules):
        decider = rules.decision(state)
        if decider is None:
            continue
        actions = ([a for a, _ in rules.chance_outcomes(state)] if decider == CHANCE
                   else rules.legal_actions(state))
        for action in actions[:8] + actions[-4:]:
            assert rules.next_state(state, action) == rules.apply(state, action).state


def test_a_search_weighs_legal_actions_that_reach_every_next_state(engine: tuple[Game, GameRules[Any, Any]]) -> None:
    """``search_actions`` keeps legal actions only, in the legal order, and at least one for each next state the
    legal actions reach."""
    _, rules = engine
    for state in positions(rules):
        decider = rules.decision(state)
        if decider is None or decider == CHANCE:
            continue
        legal = rules.legal_actions(state)
        weighed = rules.search_actions(state)
        places = [legal.index(a) for a in weighed]  # a ValueError for an action that is not legal
        assert places == sorted(places)
        reached = [rules.next_state(state, a) for a in weighed]
        assert all(rules.next_state(state, a) in reached for a in legal)


def test_a_players_view_hides_only_what_the_table_hides(engine: tuple[Game, GameRules[Any, Any]]) -> None:
    _, rules = engine
    rng = random.Random(5)
    for state in positions(rules)[:20]:
        for player in rules.players:
            seen = rules.view(state, player)
            assert rules.view(seen, player) == seen, "a view must be stable"
            other = rules.resample(state, player, rng)
            assert rules.view(other, player) == seen, "a resampled truth must look the same to the player"


def test_recorded_games_replay() -> None:
    for path, (fresh, stored) in regenerate().items():
        assert stored is not None, f"{path} is missing: python -m generator.play.playthrough --write"
        assert fresh == stored, (f"{path.name} changed; if intended, rewrite it with "
                                 "python -m generator.play.playthrough --write and read the diff")



def test_the_components_meet_what_the_engine_needs(engine: tuple[Game, GameRules[Any, Any]]) -> None:
    from generator.play.setup import component_problems

    game, rules = engine
    if game.path("components") is not None:
        assert component_problems(game, rules) == []
    if game.folder in FOLDERS:
        assert rules.component_needs(), "every real game names the components it needs"


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_every_need_of_a_real_game_is_enforced(folder: Path, tmp_path: Path) -> None:
    """Each count the engine needs, broken in a copy of the specs (one more of an exact need, one fewer of an
    at-least need), is refused naming the component."""
    import shutil

    import yaml

    from generator.errors import SpecError
    from generator.play.setup import component_problems

    shutil.copytree(folder.parent, tmp_path / "specs")
    copy = tmp_path / "specs" / folder.name
    game = load_game(copy)
    path = game.path("components")
    assert path is not None
    original = path.read_text(encoding="utf-8")
    tried = 0
    for ident, need in rules_for(game).component_needs().items():
        if not need.exact and need.count < 2:
            continue
        data = yaml.safe_load(original)
        entry = next(e for e in data["components"] if ident in (e.get("player"), e.get("item"), e.get("id")))
        entry["count"] = need.count + 1 if need.exact else need.count - 1
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        broken = load_game(copy)
        try:
            found = component_problems(broken, rules_for(broken))
        except SpecError as exc:  # a count the components schema itself refuses
            found = exc.problems
        assert [p for p in found if f"('{ident}')" in p.message], f"{ident}: {need}"
        tried += 1
    assert tried
