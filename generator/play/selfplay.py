"""Seeded self-play for any game behind the contract: used by ``verify``, playthroughs, tests and benchmarks."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Generic, Iterator, TypeVar

from .contract import CHANCE, GameRules, Outcome

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True)
class Ply(Generic[S, A]):
    """One position of a game: who decided, the legal actions, the action taken and what it did.

    On the last position (game over, or the cap reached) ``action`` and ``outcome`` are None.
    At a chance node ``decider`` is :data:`~.contract.CHANCE` and ``legal`` lists the outcomes.
    """

    number: int
    state: S
    decider: str | None
    legal: list[A]
    action: A | None
    outcome: Outcome[S] | None


def random_game(rules: GameRules[S, A], seed: int, max_plies: int | None = None) -> Iterator[Ply[S, A]]:
    """Play one seeded game with the engine's own self-play policy, yielding every position.

    The same seed gives the same game. ``max_plies`` defaults to the engine's
    documented cap (:attr:`GameRules.max_plies`), which is no rule of the game.
    """
    rng = random.Random(seed)
    state = rules.new_game(seed)
    cap = rules.max_plies if max_plies is None else max_plies
    for number in range(cap):
        decider = rules.decision(state)
        if decider is None:
            break
        if decider == CHANCE:
            legal = [a for a, _ in rules.chance_outcomes(state)]
            action = rules.sample_chance(state, rng)
        else:
            legal = rules.legal_actions(state)
            if not legal:
                break
            action = rules.choose(rng, state, legal)
        outcome = rules.apply(state, action)
        yield Ply(number, state, decider, legal, action, outcome)
        state = outcome.state
    else:
        number = cap
    decider = rules.decision(state)
    legal = [a for a, _ in rules.chance_outcomes(state)] if decider == CHANCE else rules.legal_actions(state)
    yield Ply(number, state, decider, legal, None, None)


def final_state(rules: GameRules[Any, Any], seed: int, max_plies: int | None = None) -> Any:
    """The last position of one seeded self-play game."""
    last = None
    for last in random_game(rules, seed, max_plies):
        pass
    assert last is not None
    return last.state
