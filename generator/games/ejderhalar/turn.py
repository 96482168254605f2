"""One move action carried out: the move, the target square, the push, control and the turn's end.

Control is occupation only (ledger entry 17): it is counted after the move and
again after a completed push, never in the middle of a push.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ...play.contract import Verdict
from . import generate
from .layout import Layout
from .moves import last_direction, movable, paths
from .push import PushRoute, run_push
from .reasons import refuse, stack_words
from .state import EMPTY, Action, State


def control_counts(layout: Layout, dragon_at: tuple[int, ...]) -> list[int]:
    """How many control points each player holds (has at least one token on)."""
    counts = [0] * len(layout.players)
    for c in layout.control:
        k = dragon_at[c]
        if k != EMPTY:
            counts[layout.owner_of[k]] += 1
    return counts


#: The board :func:`winners` was last asked about, its layout and the answer: the engine asks about the same board
#: (the same tuple) several times in a row (the action's events, the turn's end, whose decision it is next), and
#: holding the tuple keeps its identity from being reused. One (board, layout, answer) triple, replaced whole, so
#: that a reader in another thread never pairs one board with another's answer.
_LAST: list[tuple[Any, Any, tuple[int, ...]]] = [(None, None, ())]


def winners(layout: Layout, dragon_at: tuple[int, ...]) -> tuple[int, ...]:
    """The players holding enough control points to win (at most one on a sound layout)."""
    board, known_layout, known = _LAST[0]
    if board is dragon_at and known_layout is layout:
        return known
    counts = control_counts(layout, dragon_at)
    needed = layout.needed
    found = tuple(p for p, n in enumerate(counts) if n >= needed) if max(counts) >= needed else ()
    _LAST[0] = (dragon_at, layout, found)
    return found


class Trace(NamedTuple):
    """What a (path-legal) move action does, step by step.

    ``moved_at``/``moved_height`` are the board after the move alone; ``target``
    the target square (-1 off the board); ``won_by_move`` whether the move alone
    wins; ``pushable`` whether the target may be pushed (with the reason when
    not); ``strength`` the push's strength (0 when no push is possible there);
    ``route`` the push carried out with the action's choices (None without push).
    """

    dragon: int
    moved_at: tuple[int, ...]
    moved_height: tuple[int, ...]
    direction: int
    target: int
    won_by_move: bool
    refusal: str
    strength: int
    route: PushRoute | None


def after_move(state: State, path: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The board once the top token of ``path[0]`` is placed on ``path[-1]``."""
    at, high = list(state.dragon_at), list(state.height)
    start, last = path[0], path[-1]
    dragon = at[start]
    high[start] -= 1
    if not high[start]:
        at[start] = EMPTY
    at[last] = dragon
    high[last] += 1
    return tuple(at), tuple(high)


def push_refusal(layout: Layout, player: int, dragon: int, at: tuple[int, ...], high: tuple[int, ...],
                 mine: int, target: int) -> str:
    """Why ``dragon``, ``mine`` tokens high after its move, may not push ``target``: a reason code, '' if it may."""
    pushed = at[target] if target >= 0 else EMPTY
    if pushed == EMPTY or pushed == dragon:
        return "nothing-to-push"
    if layout.owner_of[pushed] == player and not layout.push_own:
        return "own-dragon"
    return "push-too-weak" if mine < high[target] else ""


def trace(layout: Layout, state: State, action: Action) -> Trace:
    """Carry out a move action whose path is legal (the push only if asked and possible)."""
    path = action.path
    dragon = state.dragon_at[path[0]]
    at, high = after_move(state, path)
    direction = last_direction(layout, path)
    target = layout.step[path[-1]][direction]
    won = state.player in winners(layout, at)
    refusal = push_refusal(layout, state.player, dragon, at, high, high[path[-1]], target)
    strength = 0 if refusal else high[path[-1]] - high[target] + 1
    route = None
    if action.push and strength and not won:
        route = run_push(layout, at, high, target, direction, strength, action.choices)
    return Trace(dragon, at, high, direction, target, won, refusal, strength, route)


def advance(layout: Layout, state: State, dragon_at: tuple[int, ...], height: tuple[int, ...],
            stun: tuple[int, ...], placed: int) -> State:
    """The state after an action: the same player's second action, or the next player's turn.

    At the end of a turn the stuns of the player who acted count down by one.
    """
    if state.action == 1 and not state.opening:
        return State(dragon_at, height, stun, state.player, 2, placed, False)
    counted = tuple(n - 1 if n and layout.owner_of[k] == state.player else n for k, n in enumerate(stun))
    return State(dragon_at, height, counted, 1 - state.player, 1, -1, False)


def refusal_verdict(layout: Layout, done: Trace, placed: int) -> Verdict:
    """The verdict refusing the push of a traced move (``placed`` its placing square)."""
    target = done.target
    if done.refusal == "nothing-to-push":
        return refuse("nothing-to-push", where=f"with no dragon to push on the target square {layout.cells[target]}"
                      if target >= 0 else "when the target square is off the board")
    if done.refusal == "own-dragon":
        return refuse("own-dragon", square=layout.cells[target])
    return refuse("push-too-weak", mine=stack_words(done.moved_height[placed]),
                  theirs=f"{stack_words(done.moved_height[target])} on {layout.cells[target]}")


def can_move(layout: Layout, state: State) -> bool:
    """Whether the player to act has at least one move action (plain definition; settle uses the fast one)."""
    return any(paths(layout, state, start) for start in movable(layout, state))


def settle(layout: Layout, state: State) -> tuple[State, tuple[str, ...]]:
    """Skip every action of a player who has no move action; the skipped players in order.

    A skipped action still ends its turn as usual, so stuns count down. The loop
    ends: a dragon spread over two or more squares can always restack (an end
    token steps onto its neighbour), and a full stack is stuck only when every
    neighbouring square is taken. The board always has more squares than dragons
    (set-up squares and control points are different squares) and a position has
    at least one dragon, so once the stuns have run out some dragon can move.
    """
    skipped: list[str] = []
    while not winners(layout, state.dragon_at) and not generate.can_move(layout, state):
        skipped.append(layout.players[state.player])
        state = advance(layout, state, state.dragon_at, state.height, state.stun, -1)
    return state, tuple(skipped)
