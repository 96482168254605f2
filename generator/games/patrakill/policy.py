"""The self-play player: random, but leaning towards moves that make progress, so seeded games reach an end."""
from __future__ import annotations

import random
from typing import Sequence

from .layout import DRAGON, Layout
from .moves import Occupancy
from .state import Action, State

#: How often the self-play player takes one of its best-scored moves rather than any legal move.
PURPOSE = 0.9


def _exposed(layout: Layout, occ: Occupancy, start: str | None, end: str | None) -> bool:
    """After a knight goes from ``start`` to ``end``, could the dragon eat a knight with a single jump? (With
    ``start`` and ``end`` None: can it now?)"""
    dragon = occ.dragon
    if dragon is None:
        return False
    first = occ.state.round == 1
    near = layout.tables.near
    knights, towers = occ.knights, occ.towers
    for d, mid in near[dragon].items():
        if mid == end:
            edible = first or end not in towers
        else:
            edible = mid != start and mid in knights and (first or mid not in towers)
        if not edible:
            continue
        land = near[mid].get(d)
        if land is not None and land != end and (land == start or occ.empty(land)):
            return True
    return False


def _knight_scores(layout: Layout, occ: Occupancy, actions: Sequence[Action]) -> list[float]:
    """How much each knight action helps: head for the goal (the X squares, the camp, the dragon), stay out of
    the dragon's reach (a move that lets it eat scores 3 less) and, in round 1, out of its neighbourhood (1.5
    less within two squares of it)."""
    state = occ.state
    tables = layout.actions
    dragon = occ.dragon
    first = state.round == 1
    to_dragon = tables.distances((dragon,)) if dragon is not None else {}
    # A move that neither starts nor ends within two squares of the dragon changes none of its jumps.
    threat_now = _exposed(layout, occ, None, None)
    home = tuple(layout.camp)
    scores: list[float] = []
    for action in actions:
        kind = action.kind
        if kind == "pass":
            scores.append(0.0)
            continue
        start, end = action.path[0], action.path[-1]
        if first:
            knight = occ.knights[start]
            if knight.carrying:
                if kind == "exit":
                    progress = 3.0
                else:
                    to_home = tables.distances(home)
                    progress = to_home[start] - to_home[end]
            else:
                to_goal = tables.distances(home if knight.returning else tuple(layout.x_squares))
                progress = to_goal[start] - to_goal[end]
        else:
            progress = to_dragon[start] - to_dragon[end]
        if kind not in ("step", "exit"):
            scores.append(progress)
            continue
        if dragon is None:
            exposed = near = False
        else:
            close = to_dragon[end] <= 2
            exposed = _exposed(layout, occ, start, end) if close or to_dragon[start] <= 2 else threat_now
            near = first and close
        scores.append(progress - (3.0 if exposed else 0.0) - (1.5 if near else 0.0))
    return scores


def choose(layout: Layout, rng: random.Random, state: State, actions: Sequence[Action], seat: str | None) -> Action:
    """Mostly one of the best-scored actions (ties broken at random), sometimes any action."""
    if rng.random() >= PURPOSE or seat is None:
        return actions[rng.randrange(len(actions))]
    if seat == DRAGON and rng.random() < 0.5:
        return actions[rng.randrange(len(actions))]
    occ = Occupancy(state)
    scores = ([float(len(a.path)) for a in actions] if seat == DRAGON else _knight_scores(layout, occ, actions))
    best = max(scores)
    top = [a for a, s in zip(actions, scores) if s == best]
    return top[rng.randrange(len(top))]


def estimate(layout: Layout, state: State) -> dict[str, float]:
    """Each seat's share of the win in a game still being played, as a search scores a playout it stops early.

    The knights' side (all factions together, shared equally among their seats) holds more the fewer knights the
    dragon still has to devour and the fewer of the squares around the dragon are free; in round 1 of the duel,
    the more towers are set down or on their way (a broken tower counts against them).
    """
    if state.round == 1:
        carried = sum(1 for k in state.knights if k.carrying)
        knights = 0.2 + 0.5 * (len(state.towers) + 0.5 * carried - 0.5 * len(state.broken)) / max(1, layout.towers)
    else:
        margin = (layout.skewer - state.devoured) / layout.skewer
        freedom = 1.0
        if state.dragon is not None:
            around = layout.tables.near[state.dragon]
            occ = Occupancy(state)
            freedom = sum(1 for square in around.values() if occ.empty(square)) / len(around)
        knights = 0.6 * margin + 0.35 * (1.0 - freedom)
    knights = min(0.98, max(0.02, knights))
    sides = [seat for seat in layout.seats if seat != DRAGON]
    found = {seat: knights / len(sides) for seat in sides}
    found[DRAGON] = 1.0 - knights
    return found
