"""Shared helpers of the Patrakill tests: the engines of both spec folders, variants, and quick assertions."""
from __future__ import annotations

import dataclasses
import random
from functools import cache
from typing import Any

from generator.model.game import Game, load_game
from generator.games.patrakill import make_rules
from generator.games.patrakill.engine import PatrakillRules
from generator.games.patrakill.state import Knight, State


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
    """An engine for a spec folder with some options changed (None leaves an option out)."""
    base = game(name)
    merged = {key: value for key, value in {**base.options, **options}.items() if value is not None}
    return make_rules(dataclasses.replace(base, options=merged))


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


def reachable(rules: PatrakillRules, state: State, rng: random.Random) -> State:
    """A random position put right where play could not have made it, so that the invariants accept it.

    Knights get the facing play gives them (their camp's or zone's; the reverse while a duel knight brings a
    tower home or walks home); in round 1 a knight walking home on a camp square is home, and one on a free X
    square with towers in reserve is walking home (it would have earned a tower). Knights are added on free
    squares, or the devoured count changed, until every knight of the game is on the board, devoured or (duel,
    round 2) kept out by a broken tower on its camp square; extra knights are taken off. In round 1 at least
    one knight is devoured for each broken tower.
    """
    lay = rules.layout
    towers = {t.square for t in state.towers}
    knights: list[Knight] = []
    for k in state.knights:
        if state.round == 1 and k.returning and k.square in lay.camp:
            k = k._replace(returning=False)
        if state.round == 1 and state.reserve and k.square in lay.x_squares and k.square not in towers \
                and not (k.carrying or k.returning):
            k = k._replace(returning=True)
        knights.append(k._replace(facing=rules.facing(state, k)))
    absent = sum(1 for s in state.broken if s in lay.camp) if lay.duel and state.round == 2 else 0
    room = {f: len(lay.camp) if lay.duel else len(lay.zones[lay.homes[f]].line) for f in lay.factions}
    for k in knights:
        room[k.faction] -= 1
    # a tower breaks only when the dragon eats its carrier (round 1); the skewer would have ended the game
    devoured = min(max(state.devoured, len(state.broken) if state.round == 1 else 0), lay.skewer - 1)
    rng.shuffle(knights)
    knights.sort(key=lambda k: k.carrying, reverse=True)  # a carried tower stays on the board
    while min(room.values()) < 0 or len(knights) + devoured + absent > lay.knight_total:
        over = [k for k in knights if room[k.faction] < 0] or knights
        gone = over[-1]
        knights.remove(gone)
        room[gone.faction] += 1
    taken = {k.square for k in knights} | set(state.broken) | {state.dragon}
    free = [s for s in lay.tables.cells if s not in taken and not (state.round == 1 and s in lay.x_squares)]
    rng.shuffle(free)
    while len(knights) + devoured + absent < lay.knight_total:
        faction = next(f for f in lay.factions if room[f] > 0)
        room[faction] -= 1
        fresh = Knight(free.pop(), "n", faction)
        knights.append(fresh._replace(facing=rules.facing(state, fresh)))
    order = lay.tables.index
    return state._replace(knights=tuple(sorted(knights, key=lambda k: order[k.square])), devoured=devoured,
                          absent=absent)
