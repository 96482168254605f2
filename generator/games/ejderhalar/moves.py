"""Move actions: which tokens may be picked up, the paths they may take, and why a path is refused.

A token is picked from the top of its square, advances one orthogonal step at
a time over squares holding its own dragon, never enters a square of its path
twice (its starting square included), and ends either on its own dragon or on a
free square bordering one that still holds its dragon (ledger entries 7-9).
"""
from __future__ import annotations

from ...play.contract import LEGAL, Verdict
from .layout import Layout
from .reasons import refuse, rest_words
from .state import EMPTY, State


def own_neighbours(layout: Layout, state: State, square: int) -> list[int]:
    """The neighbouring squares holding tokens of the dragon on ``square``."""
    dragon = state.dragon_at[square]
    return [n for n in layout.step[square] if n >= 0 and state.dragon_at[n] == dragon]


def pinned(layout: Layout, state: State, square: int) -> bool:
    """True when the token on ``square`` has its dragon on two or more neighbouring squares."""
    return len(own_neighbours(layout, state, square)) >= 2


def joins_dragon(layout: Layout, state: State, start: int, square: int, dragon: int) -> bool:
    """Whether ``square`` is next to a square holding ``dragon`` once the token on ``start`` is lifted."""
    for n in layout.step[square]:
        if n >= 0 and state.dragon_at[n] == dragon and (n != start or state.height[start] > 1):
            return True
    return False


def pickup_problem(layout: Layout, state: State, start: int) -> Verdict:
    """Whether the current player may pick up the top token of ``start`` now."""
    dragon = state.dragon_at[start]
    square = layout.cells[start]
    if dragon == EMPTY:
        return refuse("empty-square", square=square)
    owner = layout.owner_of[dragon]
    if owner != state.player:
        return refuse("not-your-dragon", square=square)
    if state.stun[dragon]:
        return refuse("dragon-stunned", square=square, rest=rest_words(state.stun[dragon]))
    if start == state.moved:
        return refuse("same-token", square=square)
    if pinned(layout, state, start):
        return refuse("token-pinned", square=square)
    return LEGAL


def path_problem(layout: Layout, state: State, path: tuple[int, ...]) -> Verdict:
    """Whether ``path`` (picked-up square first) is a legal move action for the current player."""
    if len(path) < 2:
        return refuse("no-step")
    start = path[0]
    verdict = pickup_problem(layout, state, start)
    if not verdict:
        return verdict
    dragon = state.dragon_at[start]
    for n in range(1, len(path)):
        frm, to = path[n - 1], path[n]
        if to not in layout.step[frm]:
            return refuse("not-a-step", frm=layout.cells[frm], to=layout.cells[to])
        if to in path[:n]:
            return refuse("path-revisits", square=layout.cells[to])
        held = state.dragon_at[to]
        if n < len(path) - 1 and held != dragon:
            return refuse("path-off-dragon", square=layout.cells[to])
    last = path[-1]
    held = state.dragon_at[last]
    if held not in (EMPTY, dragon):
        return refuse("square-taken", square=layout.cells[last])
    if held == EMPTY and not joins_dragon(layout, state, start, last, dragon):
        return refuse("dragon-apart", square=layout.cells[last])
    return LEGAL


def paths(layout: Layout, state: State, start: int) -> list[tuple[tuple[int, ...], int]]:
    """Every legal path of the top token of ``start`` (assumed free to move) with its last step's
    direction, in a stable order (depth first, directions clockwise from north)."""
    dragon_at, step = state.dragon_at, layout.step
    dragon = dragon_at[start]
    found: list[tuple[tuple[int, ...], int]] = []

    def walk(path: tuple[int, ...]) -> None:
        """Record every way on from the end of ``path``."""
        for direction, nxt in enumerate(step[path[-1]]):
            if nxt < 0 or nxt in path:
                continue
            held = dragon_at[nxt]
            if held == dragon:
                found.append((path + (nxt,), direction))
                walk(path + (nxt,))
            elif held == EMPTY and joins_dragon(layout, state, start, nxt, dragon):
                found.append((path + (nxt,), direction))

    walk((start,))
    return found


def movable(layout: Layout, state: State) -> list[int]:
    """The squares whose top token the current player may pick up, in board order."""
    player, stun, moved, at = state.player, state.stun, state.moved, state.dragon_at
    owner_of, step = layout.owner_of, layout.step
    found = []
    for c, k in enumerate(at):
        if k == EMPTY or owner_of[k] != player or stun[k] or c == moved:
            continue
        if sum(1 for n in step[c] if n >= 0 and at[n] == k) < 2:
            found.append(c)
    return found


def last_direction(layout: Layout, path: tuple[int, ...]) -> int:
    """The direction of a path's last step."""
    return layout.step[path[-2]].index(path[-1])
