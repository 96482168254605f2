"""Reason codes: why the rules refuse an action, found by looking at what the action tries to do."""
from __future__ import annotations

from typing import Mapping

from ...play.contract import Verdict
from .compass import OPPOSITE, STRAIGHT
from .layout import DRAGON, Layout
from .moves import Occupancy
from .state import Action, State

#: Every reason code :meth:`PatrakillRules.check` gives, with what it means.
REASONS: Mapping[str, str] = {
    "game-over": "The game has ended; nothing moves any more.",
    "bad-action": "The action does not name the squares its kind needs.",
    "wrong-turn": "That piece belongs to a side whose turn it is not.",
    "no-piece": "No piece stands on the square the action starts from.",
    "place-dragon-first": "The dragon has to be placed on the board before any other move of the round.",
    "already-placed": "The dragon is already on the board; it is placed only at the start of a round.",
    "occupied": "Pieces only ever stop on a free square, and this one holds a knight or the dragon.",
    "broken-square": "A broken tower is lost ground for knights: none may stop there.",
    "dragon-no-tower": "The dragon never stops on a tower or a broken tower; it can only jump it.",
    "too-far": "Knights and the dragon move one square at a time (the dragon jumps two).",
    "knight-diagonal": "Knights move along rows and columns only, never on a diagonal.",
    "no-backward": "A knight on foot never steps back; only leaving a tower may turn it around.",
    "one-tower-per-square": "A square holds at most one tower, so a carried tower cannot go onto another.",
    "not-in-tower": "Only a knight standing in a tower, or carrying one, can step out of a tower or use a passage.",
    "passages-closed": "The passages between the towers open only in round 2 (and in Vatrakill).",
    "passage-target": "A passage leads only to another tower that has no knight in it.",
    "ejected-no-return": "A knight thrown out of its tower may not step straight back into that tower.",
    "must-devour": "The dragon can devour a knight this turn, so its move has to devour at least one.",
    "bad-jump": "Each jump crosses a knight, tower or broken tower next to the dragon and lands just beyond it.",
    "jump-twice": "In one move the dragon crosses any square at most once and lands on any square at most once.",
    "pass-not-allowed": "A side may pass only when none of its pieces can move.",
    "not-legal": "That action is not one of the moves the rules allow here.",
}


def refuse(code: str) -> Verdict:
    """The illegal verdict of a reason code, with its sentence."""
    return Verdict(False, code, REASONS[code])


def _landing(occ: Occupancy, square: str) -> str | None:
    if square in occ.knights or square == occ.dragon:
        return "occupied"
    if square in occ.towers or square in occ.broken:
        return "dragon-no-tower"
    return None


def _dragon_reason(layout: Layout, occ: Occupancy, action: Action) -> str:
    path = action.path
    if path[0] != occ.dragon:
        return "no-piece"
    tables = layout.tables
    if action.kind == "dragon-step":
        if tables.direction(path[0], path[1]) is None:
            return "too-far"
        return _landing(occ, path[1]) or "must-devour"
    over: list[str] = []
    for n, (origin, land) in enumerate(zip(path, path[1:])):
        mid = tables.between(origin, land)
        if mid is None or not occ.jumpable(mid) or (mid == occ.dragon):
            return "bad-jump"
        if mid in over or land in path[:n + 1]:
            return "jump-twice"
        over.append(mid)
        found = _landing(occ, land)
        if found:
            return found
    return "must-devour"


def _knight_reason(layout: Layout, occ: Occupancy, action: Action, seat: str) -> str:
    start, end = action.path
    knight = occ.knights.get(start)
    if knight is None:
        return "wrong-turn" if start == occ.dragon else "no-piece"
    if knight.faction not in layout.factions_of(seat):
        return "wrong-turn"
    in_tower = start in occ.towers
    if action.kind == "passage":
        if occ.state.round == 1:
            return "passages-closed"
        if not in_tower:
            return "not-in-tower"
        return "passage-target"
    d = layout.tables.direction(start, end)
    if d is None:
        return "too-far"
    if d not in STRAIGHT:
        return "knight-diagonal"
    if action.kind == "exit" and not (in_tower or knight.carrying):
        return "not-in-tower"
    if action.kind == "step" and d == OPPOSITE[knight.facing] and not in_tower:
        return "no-backward"
    if end in occ.knights or end == occ.dragon:
        return "occupied"
    if end in occ.broken:
        return "broken-square"
    if action.kind == "step" and knight.carrying and end in occ.towers:
        return "one-tower-per-square"
    if any(b.knight == start and b.tower == end for b in occ.state.barred):
        return "ejected-no-return"
    return "not-legal"


def diagnose(layout: Layout, state: State, action: Action, seat: str | None) -> Verdict:
    """Why ``action`` is refused in ``state`` (called only for an action outside the legal list)."""
    if seat is None or state.ending is not None:
        return refuse("game-over")
    shape = {"place": 1, "step": 2, "exit": 2, "passage": 2, "dragon-step": 2, "pass": 0}
    if action.kind not in shape and not (action.kind == "jump" and len(action.path) >= 2) \
            or action.kind in shape and len(action.path) != shape[action.kind] \
            or any(square not in layout.tables.index for square in action.path):
        return refuse("bad-action")
    occ = Occupancy(state)
    if action.kind == "pass":
        return refuse("pass-not-allowed")
    if occ.dragon is None:
        if action.kind != "place":
            return refuse("place-dragon-first")
        return refuse(_landing(occ, action.path[0]) or "not-legal")
    if action.kind == "place":
        return refuse("already-placed")
    dragon_kind = action.kind in ("dragon-step", "jump")
    if (seat == DRAGON) != dragon_kind:
        return refuse("wrong-turn")
    if dragon_kind:
        return refuse(_dragon_reason(layout, occ, action))
    return refuse(_knight_reason(layout, occ, action, seat))
