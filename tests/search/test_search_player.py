"""The search player on every game: legal actions only, blind to what its seat cannot see, seeded."""
from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from generator.model.game import load_game
from generator.play.contract import CHANCE, GameRules
from generator.play.registry import rules_for, variant_rules
from generator.play.selfplay import random_game
from generator.search.match import play
from generator.search.player import Budget, SearchPlayer, Settings, tree_for

#: Every game, and Vatrakill for three players (seats that are neither the first nor the dragon).
GAMES = ["dravakron", "ejderhalar", "dragon-eyes", "patrakill", "vatrakill", "vatrakill-3", "drako"]


@cache
def engine(name: str) -> GameRules[Any, Any]:
    """The game's engine (``vatrakill-3``: Vatrakill for three players)."""
    if name == "vatrakill-3":
        return variant_rules(load_game("vatrakill"))({"players": 3, "factions": ["purple", "blue"]})
    return rules_for(load_game(name))


@cache
def positions(name: str) -> tuple[Any, ...]:
    """Seeded positions where a player decides: the opening, and some from early, middle and late play."""
    rules = engine(name)
    found = []
    for seed in range(3):
        plies = [p for p in random_game(rules, seed) if p.decider not in (None, CHANCE) and len(p.legal) > 1]
        found += [plies[i * (len(plies) - 1) // 4].state for i in range(5)]
    return tuple(found)


@pytest.mark.parametrize("name", GAMES)
def test_the_search_player_plays_only_legal_actions(name: str) -> None:
    rules = engine(name)
    for number, state in enumerate(positions(name)):
        player = SearchPlayer(rules, number, Settings(Budget(4), ("policy", "random")[number % 2]))
        action = player.act(state, 0)
        assert action in rules.legal_actions(state), (name, rules.action_text(action))
        assert rules.check(state, action).legal


@pytest.mark.parametrize("name", GAMES)
def test_the_choice_ignores_what_the_seat_cannot_see(name: str) -> None:
    """Two positions with the same view for the deciding seat, different hidden truths: the same choice."""
    rules = engine(name)
    hidden = 0
    for number, state in enumerate(positions(name)):
        seat = rules.decision(state)
        other = rules.resample(state, seat, random.Random(number))
        assert rules.view(other, seat) == rules.view(state, seat)
        if other == state:
            continue
        hidden += 1
        chosen = {rules.action_text(SearchPlayer(rules, 7, Settings(Budget(6))).act(s, 0)) for s in (state, other)}
        assert len(chosen) == 1, (name, rules.state_text(state), rules.state_text(other))
    if name == "drako":
        assert hidden >= 10, "Drako hides the other side's hand: the positions should differ in it"
    else:
        assert hidden == 0, f"{name} hides nothing from a seat, so no hidden truth can differ"
        state = positions(name)[-1]
        assert all(rules.view(state, seat) == state for seat in rules.players)


@pytest.mark.parametrize("name", ["patrakill", "drako", "vatrakill-3"])
def test_same_seeds_same_game(name: str) -> None:
    rules = engine(name)

    def game() -> Any:
        players = {seat: SearchPlayer(rules, 11 + n, Settings(Budget(3), "random")) for n, seat in enumerate(rules.players)}
        return play(rules, players, 5, max_plies=30)

    first = game()
    assert first == game()
    assert first.plies == 30 or first.winners


def test_a_winning_action_is_taken_at_once() -> None:
    """Patrakill's dragon with a jump that devours the last knight it needs wins at once, whatever the budget."""
    rules = engine("patrakill")
    for ply in random_game(rules, 28):
        if ply.action is not None and ply.decider == "dragon":
            result = rules.result(ply.outcome.state) if ply.outcome else None
            if result is not None:
                action = SearchPlayer(rules, 0, Settings(Budget(1))).act(ply.state, 0)
                after = rules.result(rules.apply(ply.state, action).state)
                assert after is not None and after.winners == ("dragon",)
                return
    pytest.fail("seed 28 should end with the dragon's winning jump")


def test_budgets() -> None:
    assert Budget.parse("200") == Budget(200)
    assert Budget.parse("0.5s") == Budget(seconds=0.5)
    for bad in ("", "many", "0", "-1s", "1.5", "nans", "infs"):
        with pytest.raises(ValueError):
            Budget.parse(bad)
    with pytest.raises(ValueError):
        Settings(rollout="greedy")


@pytest.mark.parametrize("name", GAMES)
def test_playouts_cut_at_the_horizon_are_scored_by_the_engine(name: str) -> None:
    """The engine judges positions still in play (every seat a share between 0 and 1, the shares adding up to 1);
    a search that cuts its playouts there plays a legal action and runs its rollouts only to the horizon."""
    rules = engine(name)
    for state in positions(name):
        shares = rules.evaluate(state)
        assert shares is not None and set(shares) == set(rules.players)
        assert all(0.0 <= share <= 1.0 for share in shares.values())
        assert sum(shares.values()) == pytest.approx(1.0)
    state = positions(name)[2]
    player = SearchPlayer(rules, 3, Settings(Budget(12), horizon=5))
    assert player.act(state, 0) in rules.legal_actions(state)
    assert 0 < player.stats.actions <= 5 * player.stats.playouts



def test_an_engine_may_shape_the_tree_and_what_is_asked_for_comes_first() -> None:
    """Dravakron, whose own policy plays mostly at random, weighs more actions a node and gives the policy's pick no
    head start; Ejderhalar keeps the search's defaults; a widening or bias asked for overrides either, and a report
    names a shape that is not the default."""
    dravakron, ejderhalar = engine("dravakron"), engine("ejderhalar")
    assert tree_for(dravakron) == {"widening": dravakron.search_widening, "bias": dravakron.search_bias, "halving": 0}
    assert tree_for(dravakron) != {"widening": Settings.widening, "bias": Settings.bias, "halving": 0}
    assert tree_for(ejderhalar) == {"widening": Settings.widening, "bias": Settings.bias, "halving": 0}
    # Dragon Eyes' own player picks uniformly at random: its pick is worth no head start either, and a node weighs more
    assert tree_for(engine("dragon-eyes")) == {"widening": 4.0, "bias": 0.0, "halving": 0}
    assert tree_for(dravakron, 3.0, 0.5) == {"widening": 3.0, "bias": 0.5, "halving": 0}
    assert tree_for(ejderhalar, bias=0.0) == {"widening": Settings.widening, "bias": 0.0, "halving": 0}
    assert "widening" not in Settings(horizon=20).text() and "cut after 20 actions" in Settings(horizon=20).text()
    assert Settings(horizon=1, widening=4.0, bias=0.0).text().endswith("cut after 1 action, widening 4, bias 0")


def test_sequential_halving_weighs_the_policys_first_picks_and_spends_the_budget() -> None:
    """With ``halving`` the root weighs only that many of the rollout policy's first picks, shares the budget out
    in rounds and plays the one left: a legal action, the budget spent (less what the
    rounds' even shares leave over), the same action from the same seed; no game halves unless its engine asks
    for it, and a report names it."""
    rules = engine("drako")
    for number, state in enumerate(positions("drako")[:6]):
        player = SearchPlayer(rules, number, Settings(Budget(24), halving=4))
        action = player.act(state, 0)
        assert action in rules.legal_actions(state)
        if player.stats.decisions:
            assert 16 <= player.stats.playouts <= 24
        assert SearchPlayer(rules, number, Settings(Budget(24), halving=4)).act(state, 0) == action
    assert all(not tree_for(engine(name))["halving"] for name in GAMES if name != "drako")
    assert Settings(halving=4).text().endswith("the best of 4 by halving") and "halving" not in Settings().text()


@pytest.mark.parametrize("name", ["dragon-eyes", "ejderhalar"])
def test_a_game_that_hides_nothing_keeps_its_tree_and_chooses_the_same(name: str) -> None:
    """Where nothing is hidden, a node stands for one position: the search keeps each node's position and actions
    instead of working them out again in every playout, and plays exactly what it played when it worked them out
    (the same actions, playouts and rollout actions), for fewer steps of the rules."""
    rules = engine(name)
    calls = {"kept": 0, "again": 0}
    for number, state in enumerate(positions(name)[::3]):
        chosen = []
        for way in calls:
            player = SearchPlayer(rules, number, Settings(Budget(60), horizon=rules.search_horizon or 4))
            player._hides = way == "again"  # the path a game with hidden information takes
            counted = _counting(rules, calls, way)
            player.rules = counted
            chosen.append((player.act(state, 0), player.stats.playouts, player.stats.actions))
        assert chosen[0] == chosen[1], (name, number)
    assert calls["kept"] < calls["again"], calls


def _counting(rules: GameRules[Any, Any], calls: dict[str, int], way: str) -> GameRules[Any, Any]:
    """``rules`` with its ``next_state`` and ``search_actions`` counted under ``calls[way]``."""

    class Counted(type(rules)):  # type: ignore[misc]
        def next_state(self, state: Any, action: Any) -> Any:
            calls[way] += 1
            return super().next_state(state, action)

        def search_actions(self, state: Any) -> list[Any]:
            calls[way] += 1
            return super().search_actions(state)

    counted = object.__new__(Counted)
    counted.__dict__.update(rules.__dict__)
    return counted
