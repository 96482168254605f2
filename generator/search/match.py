"""One seeded game between players, one per seat, and what it showed.

The game's seed fixes the opening (:meth:`~generator.play.contract.GameRules.new_game`) and every chance
outcome; the players bring their own seeds. A game ends when the rules end it or at the engine's action cap
(:attr:`~generator.play.contract.GameRules.max_plies`, which is no rule of the game: such a game counts as
undecided, like a draw).
"""
from __future__ import annotations

import hashlib
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..play.contract import CHANCE, GameRules
from .player import Player

#: The ending of a game stopped at the engine's action cap.
CAPPED = "cap"


@dataclass(frozen=True)
class GameRecord:
    """What one game showed.

    ``winners`` is empty for a draw or a game stopped at the cap; ``ending`` is the result's reason code or
    :data:`CAPPED`. ``plies`` counts every action (chance outcomes included), ``decisions`` the players'
    actions only. ``actions`` counts the players' actions by kind, ``events`` the events of every action
    (chance's included) by kind.
    """

    winners: tuple[str, ...]
    ending: str
    plies: int
    decisions: int
    actions: Mapping[str, int] = field(default_factory=dict)
    events: Mapping[str, int] = field(default_factory=dict)


def mix(*numbers: int) -> int:
    """A seed made from several numbers (a run's seed, a game's number, a seat), the same on every machine."""
    text = ",".join(str(n) for n in numbers).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def play(rules: GameRules[Any, Any], players: Mapping[str, Player[Any, Any]], seed: int,
         max_plies: int | None = None) -> GameRecord:
    """Play one game: ``players`` maps every seat to its player; ``seed`` fixes the opening and chance."""
    rng = random.Random(mix(seed, -1))
    state = rules.new_game(seed)
    cap = rules.max_plies if max_plies is None else max_plies
    actions: Counter[str] = Counter()
    events: Counter[str] = Counter()
    ply = decisions = 0
    while ply < cap:
        decider = rules.decision(state)
        if decider is None:
            break
        if decider == CHANCE:
            action = rules.sample_chance(state, rng)
        else:
            action = players[decider].act(state, ply)
            actions[rules.action_kind(action)] += 1
            decisions += 1
        outcome = rules.apply(state, action)
        events.update(event.kind for event in outcome.events)
        state = outcome.state
        ply += 1
    result = rules.result(state)
    if result is None:
        return GameRecord((), CAPPED, ply, decisions, dict(actions), dict(events))
    return GameRecord(tuple(result.winners), result.reason, ply, decisions, dict(actions), dict(events))
