"""Fast generation of the legal actions: the hot path of self-play and of the engine benchmark.

It yields exactly the actions, in exactly the order, that the plain definitions
of moves.py and push.py give (the squares whose top token may be picked up in
board order; each one's paths depth first, directions clockwise from north; each
path first without a push, then every way of pushing, left before right). It
only looks at the few squares of each of the player's dragons instead of the
whole board, knows that an empty square entered from another square of the
dragon always borders it, and decides "may this push happen" from the squares
involved, building the board after the move only for a push that may happen. Every path of up to three steps, and the
move action that ends it without a push, is made once per board (``Tables.walks``), so listing those moves
builds nothing new.
The review tests compare it with the plain definitions on many positions.
"""
from __future__ import annotations

from typing import Any

from .layout import Layout
from .push import push_routes
from .state import EMPTY, Action, State

#: Builds an Action from a ready tuple, skipping NamedTuple's Python-level constructor.
_new = tuple.__new__


def control_counts(layout: Layout, dragon_at: tuple[int, ...]) -> list[int]:
    """How many control points each player holds."""
    counts = [0] * len(layout.players)
    owner_of = layout.owner_of
    for c in layout.control:
        k = dragon_at[c]
        if k >= 0:
            counts[owner_of[k]] += 1
    return counts


#: The state :func:`starts` was last asked about, its layout and the answer: the end of a turn asks whether the next
#: player can move (:func:`can_move`) and the next decision lists the same state's actions; holding the state keeps
#: its identity from being reused. One (state, layout, answer) triple, replaced whole, so that a reader in another
#: thread never pairs one state with another's answer.
_LAST: list[tuple[Any, Any, list[tuple[int, int, list[int]]]]] = [(None, None, [])]


def starts(layout: Layout, state: State) -> list[tuple[int, int, list[int]]]:
    """``(square, dragon, squares of the dragon)`` for every square whose top token the player may pick up,
    in board order (the same squares as ``moves.movable``); the list is shared: read it, never change it."""
    known_state, known_layout, known = _LAST[0]
    if known_state is state and known_layout is layout:
        return known
    at, high, stun, moved = state.dragon_at, state.height, state.stun, state.moved
    tables = layout.tables
    tokens, neighbours = layout.tokens, tables.neighbours
    found: list[tuple[int, int, list[int]]] = []
    for k in tables.dragons_of[state.player]:
        if stun[k]:
            continue
        try:
            i = at.index(k)
        except ValueError:
            continue
        squares = [i]
        total = high[i]
        while total < tokens:
            i = at.index(k, i + 1)
            squares.append(i)
            total += high[i]
        if len(squares) < 3:
            # with fewer than three squares no square can have two neighbouring squares of its dragon
            found += [(c, k, squares) for c in squares if c != moved]
            continue
        for c in squares:
            if c == moved:
                continue
            near = 0
            for _, n in neighbours[c]:
                if at[n] == k:
                    near += 1
            if near < 2:
                found.append((c, k, squares))
    found.sort()
    _LAST[0] = (state, layout, found)
    return found


def can_move(layout: Layout, state: State) -> bool:
    """Whether the player to act has a move action (the same answer as generating them all).

    A free token with its dragon on a neighbouring square may always step onto it;
    a token with none is on the dragon's only square, so any free neighbour takes it.
    """
    at = state.dragon_at
    neighbours = layout.tables.neighbours
    for start, dragon, _ in starts(layout, state):
        for _, n in neighbours[start]:
            if at[n] == EMPTY or at[n] == dragon:
                return True
    return False


def legal_actions(layout: Layout, state: State) -> list[Action]:
    """Every legal action of ``state`` (none once someone holds enough control points).

    A dragon covers at most three squares (``tokens_per_dragon`` is 2 or 3), so a
    path crosses at most two squares of its dragon before it is placed: the walk is
    written out to that depth.
    """
    at, high = state.dragon_at, state.height
    counts = control_counts(layout, at)
    if max(counts) >= layout.needed:
        return []
    neighbours = layout.tables.neighbours
    found: list[Action] = []
    append = found.append

    def pushes(path: tuple[int, ...], direction: int, target: int, dragon: int, onto: bool) -> None:
        """Every way of pushing ``target`` after ``path`` (nothing when the push may not happen)."""
        pushed, start, last = at[target], path[0], path[-1]
        if layout.owner_of[pushed] == state.player and not layout.push_own:
            return
        mine = high[last] + 1
        if mine < high[target]:
            return
        is_control = layout.tables.is_control
        held = counts[state.player] - (high[start] == 1 and is_control[start]) + (is_control[last] and not onto)
        if held >= layout.needed:
            return  # the move alone wins: no push follows
        moved_at, moved_height = list(at), list(high)
        moved_height[start] -= 1
        if not moved_height[start]:
            moved_at[start] = EMPTY
        moved_at[last] = dragon
        moved_height[last] = mine
        for choices, _ in push_routes(layout, tuple(moved_at), tuple(moved_height), target, direction,
                                      mine - high[target] + 1):
            append(_new(Action, (path, True, choices)))

    walks = layout.tables.walks
    for start, dragon, squares in starts(layout, state):
        if len(squares) == 1:
            # the whole dragon stacked on ``start``: one step to any free neighbour
            for d1, n1, target, move, p1, _ in walks[start]:
                if at[n1] == EMPTY:
                    append(move)
                    if target >= 0 and at[target] >= 0:
                        pushes(p1, d1, target, dragon, False)
            continue
        # An empty square entered from another square of the dragon always borders it; one entered
        # straight from ``start`` borders the dragon if ``start`` keeps a token or another square does.
        spare = high[start] > 1
        for d1, n1, target, move, p1, second in walks[start]:
            held = at[n1]
            if held == dragon:
                append(move)
                if target >= 0 and at[target] >= 0 and at[target] != dragon:
                    pushes(p1, d1, target, dragon, True)
                for d2, n2, target, move, p2, third in second:
                    held = at[n2]
                    if held == dragon:
                        append(move)
                        if target >= 0 and at[target] >= 0 and at[target] != dragon:
                            pushes(p2, d2, target, dragon, True)
                        for d3, n3, target, move, p3, _ in third:
                            if at[n3] == EMPTY:
                                append(move)
                                if target >= 0 and at[target] >= 0 and at[target] != dragon:
                                    pushes(p3, d3, target, dragon, False)
                    elif held == EMPTY:
                        append(move)
                        if target >= 0 and at[target] >= 0 and at[target] != dragon:
                            pushes(p2, d2, target, dragon, False)
            elif held == EMPTY:
                if not spare:
                    for _, m in neighbours[n1]:
                        if m != start and at[m] == dragon:
                            break
                    else:
                        continue
                append(move)
                if target >= 0 and at[target] >= 0 and at[target] != dragon:
                    pushes(p1, d1, target, dragon, False)
    return found
