"""Reason codes: why the rules refuse an action, found by looking at what the action tries to do."""
from __future__ import annotations

from typing import Mapping

from ...play.contract import Verdict
from .compass import OPPOSITE, STRAIGHT
from .layout import DRAGON, Layout
from .moves import Occupancy
from .state import Action, State

#: Every reason code :meth:`PatrakillRules.check` gives, with the forbidden thing it names (diagrams print
#: "Not allowed: <this>.").
REASONS: Mapping[str, str] = {
    "game-over": "a move after the game has ended",
    "bad-action": "a move that does not name the squares it needs",
    "wrong-turn": "a move of a piece whose side is not the one to play",
    "no-piece": "a move from a square where the side to play has no piece",
    "place-dragon-first": "any other move before the dragon is placed for the round",
    "already-placed": "placing the dragon a second time in a round",
    "occupied": "a piece placed or moved onto a square that holds a knight or the dragon",
    "broken-square": "a knight's move onto a broken tower",
    "dragon-no-tower": "a dragon's move that ends on a tower or a broken tower",
    "too-far": "a step to a square that does not touch the piece",
    "knight-diagonal": "a knight's move on a slant",
    "no-backward": "a step backwards by a knight that is not in a tower",
    "one-tower-per-square": "a carried tower brought onto a square that already has one",
    "not-in-tower": "leaving a tower, or taking a passage, with a knight that is not in one",
    "passages-closed": "a passage between towers in round 1",
    "passage-target": "a passage to a square with no tower, or to a tower with a knight in it",
    "ejected-no-return": "a thrown-out knight stepping straight back into its tower",
    "must-devour": "a dragon's move that eats no knight when it could eat one",
    "bad-jump": "a leap that does not cross a knight, tower or broken tower next to the dragon onto the square "
                "just beyond",
    "jump-twice": "a chain of leaps that crosses or lands on the same square twice",
    "pass-not-allowed": "passing while a piece of the side can still move",
    "not-legal": "a move the rules do not allow here",
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
