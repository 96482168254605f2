"""Shared helpers of the Patrakill tests: the engines of both spec folders, variants, and quick assertions."""
from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from generator.game import Game, load_game
from generator.games.patrakill import make_rules
from generator.games.patrakill.engine import PatrakillRules
from generator.games.patrakill.state import State


@cache
def game(name: str) -> Game:
    """A spec folder's game, loaded once."""
    return load_game(name)


@cache
def duel() -> PatrakillRules:
    """The duel engine, as specs/patrakill/ sets it up."""
    return make_rules(game("patrakill"))


@cache
def multi() -> PatrakillRules:
    """The five-player Vatrakill engine, as specs/vatrakill/ sets it up."""
    return make_rules(game("vatrakill"))


def variant(name: str, **options: Any) -> PatrakillRules:
    """An engine for a spec folder with some options changed."""
    base = game(name)
    return make_rules(dataclasses.replace(base, options={**base.options, **options}))


def refused(rules: PatrakillRules, state: State, text: str) -> str:
    """The reason code of an action the rules must refuse (asserting it is refused)."""
    verdict = rules.check(state, rules.parse_action(state, text))
    assert not verdict, f"{text} should be refused"
    assert verdict.code in rules.reasons
    return verdict.code


def allowed(rules: PatrakillRules, state: State, text: str) -> State:
    """Play a legal action and return the position after it."""
    action = rules.parse_action(state, text)
    verdict = rules.check(state, action)
    assert verdict, f"{text} refused: {verdict.code}"
    return rules.apply(state, action).state


def knight_at(state: State, square: str) -> Any:
    """The knight on a square (None if none)."""
    return next((k for k in state.knights if k.square == square), None)
