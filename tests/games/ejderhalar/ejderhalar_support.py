"""Shared helpers of the Ejderhalar tests: the engine of the real spec, variants, positions in short form."""
from __future__ import annotations

import dataclasses
import shutil
from functools import cache
from pathlib import Path
from typing import Any

from generator.model.game import SPECS_DIR, Game, load_game
from generator.games.ejderhalar.engine import EjderhalarRules
from generator.games.ejderhalar.state import State
from generator.play.contract import Verdict
from generator.play.registry import rules_for

SPEC = SPECS_DIR / "ejderhalar"


@cache
def spec_game() -> Game:
    """The Ejderhalar game as specs/ejderhalar describes it."""
    return load_game("ejderhalar")


@cache
def engine(**options: Any) -> EjderhalarRules:
    """The engine of the real spec, with variant options switched (stun_by_strength, push_own)."""
    rules = rules_for(spec_game())
    assert isinstance(rules, EjderhalarRules)
    return EjderhalarRules(dataclasses.replace(rules.layout, **options)) if options else rules


def stacks(**squares: str) -> dict[str, list[str]]:
    """Stacks in short form: ``c3="p1-b2*2"`` is two tokens of p1-b2 on c3."""
    out = {}
    for square, text in squares.items():
        name, _, count = text.partition("*")
        out[square] = [name] * int(count or 1)
    return out


def pos(rules: EjderhalarRules | None = None, **data: Any) -> State:
    """A position from rule-example data, with ``stacks`` given in short form as a dict."""
    rules = rules or engine()
    if "stacks" in data and all(isinstance(v, str) for v in data["stacks"].values()):
        data["stacks"] = stacks(**data["stacks"])
    return rules.position(data)


def verdict(state: State, text: str, rules: EjderhalarRules | None = None) -> Verdict:
    """The engine's verdict on an action in notation, checking it agrees with legal_actions."""
    rules = rules or engine()
    action = rules.parse_action(state, text)
    found = rules.check(state, action)
    assert bool(found) == (action in rules.legal_actions(state)), (text, found)
    return found


def after(state: State, text: str, rules: EjderhalarRules | None = None) -> State:
    """The position after a legal action in notation."""
    rules = rules or engine()
    return rules.play(state, text)


def on(rules: EjderhalarRules, state: State, square: str) -> list[str]:
    """The stack on a square as dragon names, bottom to top."""
    c = rules.layout.cell(square)
    k = state.dragon_at[c]
    return [rules.layout.dragons[k]] * state.height[c] if k >= 0 else []


def spec_copy(tmp_path: Path) -> Path:
    """A writable copy of specs/ejderhalar."""
    target = tmp_path / "ejderhalar"
    shutil.copytree(SPEC, target)
    return target
