"""The self-play player: random, but leaning towards moves that make progress, so seeded games reach an end."""
from __future__ import annotations

import random
from typing import Sequence

from .layout import DRAGON, Layout
from .moves import Occupancy
from .state import Action, State

#: How often the self-play player takes one of its best-scored moves rather than any legal move.
PURPOSE = 0.9


def _distance(layout: Layout, a: str, targets: Sequence[str]) -> int:
    (ac, ar) = layout.tables.coords[a]
    return min(max(abs(ac - layout.tables.coords[t][0]), abs(ar - layout.tables.coords[t][1])) for t in targets)


def _exposed(layout: Layout, occ: Occupancy, start: str, end: str) -> bool:
    """After a knight goes from ``start`` to ``end``, could the dragon eat a knight with a single jump?"""
    dragon = occ.dragon
    if dragon is None:
        return False
    first = occ.state.round == 1
    near = layout.tables.near
    for d, mid in near[dragon].items():
        if mid == end:
            edible = first or end not in occ.towers
        else:
            edible = mid != start and occ.devourable(mid, first)
        land = near[mid].get(d)
        if edible and land is not None and land != end and (land == start or occ.empty(land)):
            return True
    return False


def _score(layout: Layout, occ: Occupancy, action: Action) -> float:
    """How much an action helps its side: devour more, head for the goal, stay out of the dragon's reach."""
    if action.kind not in ("step", "exit"):
        return _progress(layout, occ, action)
    start, end = action.path
    near = occ.dragon is not None and occ.state.round == 1 and _distance(layout, end, (occ.dragon,)) <= 2
    return _progress(layout, occ, action) - (3.0 if _exposed(layout, occ, start, end) else 0.0) - (
        1.5 if near else 0.0)


def _progress(layout: Layout, occ: Occupancy, action: Action) -> float:
    state = occ.state
    if action.kind in ("jump", "dragon-step", "place", "pass"):
        return len(action.path)
    start, end = action.path[0], action.path[-1]
    knight = occ.knights[start]
    if state.round == 1:
        home = layout.camp
        if knight.carrying:
            if action.kind == "exit":
                return 3.0
            return _distance(layout, start, home) - _distance(layout, end, home)
        goal = tuple(home) if knight.returning else tuple(layout.x_squares)
        return _distance(layout, start, goal) - _distance(layout, end, goal)
    assert state.dragon is not None
    return _distance(layout, start, (state.dragon,)) - _distance(layout, end, (state.dragon,))


def choose(layout: Layout, rng: random.Random, state: State, actions: Sequence[Action], seat: str | None) -> Action:
    """Mostly one of the best-scored actions (ties broken at random), sometimes any action."""
    if rng.random() >= PURPOSE or seat is None:
        return actions[rng.randrange(len(actions))]
    occ = Occupancy(state)
    scores = [_score(layout, occ, a) for a in actions]
    best = max(scores)
    top = [a for a, s in zip(actions, scores) if s == best]
    if seat == DRAGON:
        top = list(actions) if rng.random() < 0.5 else top
    return top[rng.randrange(len(top))]
