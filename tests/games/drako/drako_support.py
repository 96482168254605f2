"""Shared helpers of the Drako tests: the engine for the shipped specs, positions and actions by text."""
from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from generator.model.game import load_game
from generator.games.drako.engine import DrakoRules
from generator.games.drako.spec import load_spec
from generator.games.drako.state import State
from generator.play.contract import Verdict

START = {"brald": "d6", "urpen": "f2", "morin": "b2"}


@cache
def rules(**options: bool) -> DrakoRules:
    """The engine for specs/drako, with options changed where asked."""
    spec = load_spec(load_game("drako"))
    return DrakoRules(dataclasses.replace(spec, **options))


def position(options: dict[str, bool] | None = None, **data: Any) -> State:
    """A position in the rule-example format (on the engine with ``options``); the dragon on d4 and the
    first-game dwarves by default."""
    data.setdefault("dragon", "d4")
    data.setdefault("dwarves", dict(START))
    return rules(**(options or {})).position(data)


def verdict(state: State, *texts: str, options: dict[str, bool] | None = None) -> Verdict:
    """Play all but the last action (they must be legal) and check the last one."""
    engine = rules(**(options or {}))
    state = engine.play(state, *texts[:-1])
    return engine.check(state, engine.parse_action(state, texts[-1]))


def code(state: State, *texts: str, options: dict[str, bool] | None = None) -> str:
    """'legal', or the reason code of the refused last action."""
    found = verdict(state, *texts, options=options)
    return "legal" if found.legal else found.code
