"""What holds in every Ejderhalar position: no token lost or doubled, no dragon apart, a sane turn."""
from __future__ import annotations

from .layout import Layout
from .notation import connected
from .state import EMPTY, State
from .turn import winners


def invariant_problems(layout: Layout, state: State) -> list[str]:
    """Every way ``state`` breaks what always holds: stacks of one dragon, whole joined dragons, a sane turn."""
    found: list[str] = []
    for c, (k, h) in enumerate(zip(state.dragon_at, state.height)):
        if (k == EMPTY) != (h == 0) or not 0 <= h <= layout.tokens:
            found.append(f"{layout.cells[c]} holds dragon {k} {h} high")
    for k, name in enumerate(layout.dragons):
        squares = state.squares_of(k)
        count = sum(state.height[c] for c in squares)
        if count not in (0, layout.tokens):
            found.append(f"{name} has {count} tokens")
        if not connected(layout, squares):
            found.append(f"{name} came apart")
        if state.stun[k] < 0 or (state.stun[k] and not squares):
            found.append(f"{name} has stun {state.stun[k]}")
    if state.action not in (1, 2) or (state.opening and (state.player != 0 or state.action != 1)):
        found.append(f"impossible turn: player {state.player}, action {state.action}, opening {state.opening}")
    if state.action == 1 and state.moved != -1:
        found.append("a token is marked as moved in action 1")
    if state.moved >= 0 and (state.dragon_at[state.moved] == EMPTY
                             or layout.owner_of[state.dragon_at[state.moved]] != state.player):
        found.append(f"the moved token's square {layout.cells[state.moved]} holds none of the player's tokens")
    if len(winners(layout, state.dragon_at)) > 1:
        found.append("both players hold enough control points")
    return found
