"""Legal actions: knight steps, tower exits and passages, the dragon's placement, steps and jump chains."""
from __future__ import annotations

from typing import Iterator

from .compass import STEPS
from .layout import DRAGON, Layout
from .state import Action, Knight, State, Tower


class Occupancy:
    """Fast look-ups of one position: which knight, tower or broken tower stands on each square."""

    def __init__(self, state: State):
        self.state = state
        self.knights: dict[str, Knight] = {k.square: k for k in state.knights}
        self.towers: dict[str, Tower] = {t.square: t for t in state.towers}
        self.broken = frozenset(state.broken)
        self.dragon = state.dragon

    def empty(self, square: str) -> bool:
        """No knight, tower, broken tower or dragon on the square: a free square in every sense."""
        return (square not in self.knights and square not in self.towers and square not in self.broken
                and square != self.dragon)

    def jumpable(self, square: str) -> bool:
        """The dragon may jump this square: a knight, a tower (empty, held or carried) or a broken tower."""
        return square in self.knights or square in self.towers or square in self.broken

    def devourable(self, square: str, first_round: bool) -> bool:
        """Jumping this square devours a knight: any knight in round 1; only one outside a tower after."""
        return square in self.knights and (first_round or square not in self.towers)


def knight_actions(layout: Layout, occ: Occupancy, factions: tuple[str, ...]) -> list[Action]:
    """Every move of the knights of ``factions``, square by square in board order (the order of the state)."""
    state = occ.state
    prebuilt = layout.actions
    barred = {(b.knight, b.tower) for b in state.barred}
    towers = occ.towers
    blocked = set(occ.knights) | occ.broken
    if occ.dragon is not None:
        blocked.add(occ.dragon)
    free_towers = [t.square for t in state.towers if t.square not in occ.knights] if state.round == 2 else []
    found: list[Action] = []
    for knight in state.knights:
        if knight.faction not in factions:
            continue
        here = knight.square
        in_tower = here in towers
        if knight.carrying:
            found += [a for to, a in prebuilt.steps[here][knight.facing] if to not in blocked and to not in towers]
        elif not in_tower:
            found += [a for to, a in prebuilt.steps[here][knight.facing]
                      if to not in blocked and (here, to) not in barred]
        if knight.carrying or in_tower:
            found += [a for to, a in prebuilt.exits[here] if to not in blocked]
        if in_tower and free_towers:
            found += [prebuilt.passages[here, there] for there in free_towers]
    return found


def jump_chains(layout: Layout, occ: Occupancy) -> Iterator[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every jump chain of the dragon: (its start and landing squares, the squares jumped), depth first.

    A chain may turn after any jump, never jumps one square twice and never lands twice on one square
    (nor back where it started); the pieces jumped stay in place until the move is over.
    """
    assert occ.dragon is not None
    near = layout.tables.near

    def grow(path: tuple[str, ...], over: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], tuple[str, ...]]]:
        ahead = near[path[-1]]
        for d in STEPS:
            mid = ahead.get(d)
            if mid is None or mid in over or not occ.jumpable(mid):
                continue
            land = near[mid].get(d)
            if land is None or land in path or not occ.empty(land):
                continue
            yield path + (land,), over + (mid,)
            yield from grow(path + (land,), over + (mid,))

    yield from grow((occ.dragon,), ())


def dragon_actions(layout: Layout, occ: Occupancy) -> list[Action]:
    """The dragon's placement squares, or its steps and jumps (only devouring ones when it can devour)."""
    if occ.dragon is None:
        return [Action("place", (square,)) for square in layout.tables.cells if occ.empty(square)]
    first = occ.state.round == 1
    jumps: list[Action] = []
    feeding: list[Action] = []
    for path, over in jump_chains(layout, occ):
        action = Action("jump", path)
        jumps.append(action)
        if any(occ.devourable(square, first) for square in over):
            feeding.append(action)
    if feeding:
        return feeding
    steps = [Action("dragon-step", (occ.dragon, to)) for d, to in layout.tables.near[occ.dragon].items()
             if occ.empty(to)]
    return steps + jumps


def dragon_can_move(layout: Layout, occ: Occupancy) -> bool:
    """The dragon has at least one step or jump (the test of a closed trap)."""
    dragon = occ.dragon
    assert dragon is not None
    near = layout.tables.near
    for d, to in near[dragon].items():
        if occ.empty(to):
            return True
        if occ.jumpable(to):
            land = near[to].get(d)
            if land is not None and occ.empty(land):
                return True
    return False


def legal_actions(layout: Layout, state: State, seat: str) -> list[Action]:
    """Every legal action of ``seat`` (the one whose turn it is); a lone pass when it has no move."""
    occ = Occupancy(state)
    if seat == DRAGON:
        found = dragon_actions(layout, occ)
    else:
        found = knight_actions(layout, occ, layout.moves_of[seat])
    return found or [Action("pass")]
