"""The self-play policy of Dravakron: what :func:`generator.play.selfplay.random_game` plays with.

The random player is random with a purpose, so that games reach the rare
situations (exchanges, sieges, flags carried home) instead of wandering:
now and then it makes the move that brings a piece closest to its goal
(the opponent's flag ring or a weapon waiting in storage when empty-handed,
its own ring when carrying the opponent's flag, the nearest opponent piece
when armed); otherwise it picks
a kind of action by weight, then an action of that kind at random.
"""
from __future__ import annotations

import random

from .actions import MOVE_KINDS, Action
from .state import State
from .tables import BoardTables


#: How likely the random player is to pick each kind of action, relative to the others present.
KIND_WEIGHTS = {"drop": 2.0, "skip-free-drop": 1.0, "step": 4.0, "merged-move": 2.0, "rapid-transport": 3.0,
                "merge": 1.0, "unmerge": 1.0, "unmerge-merge": 0.5, "throw-flag": 0.5, "discard-weapon": 0.3,
                "bomb": 6.0, "freeze": 6.0, "send": 2.0, "exchange": 6.0}
#: How often the random player makes the move that best approaches a goal.
DRIVE = 0.4


def goals(tb: BoardTables, state: State, square: str) -> tuple[str, ...]:
    """The squares the piece on ``square`` heads for when the random player drives it."""
    piece = state.pieces[square]
    own_flag, their_flag = tb.flag_item[piece.owner], tb.flag_item[tb.opponent[piece.owner]]
    if piece.item == their_flag:
        return tb.flag_acquisition[own_flag]
    if piece.item is not None and tb.item_kind[piece.item] != "flag":
        targets = tuple(s for s, p in state.pieces.items() if p.owner != piece.owner)
        if targets:
            return targets
    if piece.item is None:
        stored = state.stored
        weapons = tuple(s for s, i in tb.weapon_acquisition if i in stored)
        return tb.flag_acquisition[their_flag] + weapons
    return tb.flag_acquisition[their_flag]


def choose(rng: random.Random, tb: BoardTables, state: State, actions: list[Action]) -> Action:
    """The random player's pick among ``actions`` (see the module docstring)."""
    if rng.random() < DRIVE:
        moves = [a for a in actions if a.kind in MOVE_KINDS]
        if moves:
            targets: dict[str, tuple[str, ...]] = {}
            distances = tb.distances
            scores = []
            for a in moves:
                frm = a.frm or ""
                aims = targets.get(frm)
                if aims is None:
                    aims = targets[frm] = goals(tb, state, frm)
                scores.append(min(map(distances[a.land or a.to or ""].__getitem__, aims)))
            best = min(scores)
            return rng.choice([a for a, score in zip(moves, scores) if score == best])
    kinds = sorted({a.kind for a in actions})
    kind = rng.choices(kinds, [KIND_WEIGHTS[k] for k in kinds])[0]
    return rng.choice([a for a in actions if a.kind == kind])
