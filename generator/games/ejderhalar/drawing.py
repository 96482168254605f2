"""What diagrams draw of Ejderhalar positions and actions.

Player one's tokens are discs and player two's squares; each dragon has a
colour key ``dragon-<n>`` and a glyph ``<n>`` (its place in its owner's
set-up list), so colour is never the only cue.
"""
from __future__ import annotations

from typing import Mapping

from ...play.contract import Outcome, Verdict
from ...play.views import DiagramMark, PieceView
from .layout import Layout
from .reasons import count_words
from .state import EMPTY, Action, State
from .turn import Trace, winners

#: Token shapes by player seat.
SHAPES = ("disc", "square")
#: Reason codes about the picked-up token (the refusal is drawn on the path's first square).
PICKUP_CODES = ("empty-square", "not-your-dragon", "dragon-stunned", "same-token", "token-pinned")
#: Reason codes about the push (drawn on the target square).
PUSH_CODES = ("nothing-to-push", "own-dragon", "push-too-weak", "won-before-push", "choice-missing",
              "choice-extra")


def glyph(layout: Layout, dragon: int) -> int:
    """A dragon's number among its owner's dragons, from 1."""
    owner = layout.owner_of[dragon]
    return sum(1 for k in range(dragon) if layout.owner_of[k] == owner) + 1


def piece_views(layout: Layout, state: State) -> Mapping[str, tuple[PieceView, ...]]:
    """Each occupied square's stack as one piece: owner, shape, height, glyph, colour, stun."""
    found: dict[str, tuple[PieceView, ...]] = {}
    for c, k in enumerate(state.dragon_at):
        if k == EMPTY:
            continue
        owner = layout.owner_of[k]
        number = glyph(layout, k)
        found[layout.cells[c]] = (PieceView(layout.players[owner], SHAPES[owner % 2], state.height[c],
                                            badge=str(number), marked="stunned" if state.stun[k] else "",
                                            colour=f"dragon-{number}"),)
    return found


def action_marks(layout: Layout, state: State, action: Action, done: Trace | None,
                 outcome: Outcome[State] | None, verdict: Verdict) -> list[DiagramMark]:
    """The marks of an action: its path, target square, push route, stuns, win and refusal."""
    cells = tuple(layout.cells[c] for c in action.path)
    marks: list[DiagramMark] = []
    if cells:
        marks.append(DiagramMark("path", cells, "move" if verdict else "blocked", "move"))
    if done is not None and done.target >= 0:
        marks.append(DiagramMark("ring", (layout.cells[done.target],), "push" if action.push else "info",
                                 f"target, strength {done.strength}" if done.strength else "target"))
    if done is not None and done.route is not None and verdict:
        for point in done.route.steps:
            marks.append(DiagramMark("arrow", (layout.cells[point.frm], layout.cells[point.to]), "push", point.rule))
            for square in point.gathered:
                marks.append(DiagramMark("arrow", (layout.cells[square], layout.cells[point.to]), "push", "gathers"))
            if point.choice:
                marks.append(DiagramMark("label", (layout.cells[point.frm],), "choice", f"chose {point.choice}"))
    if outcome is not None:
        after = outcome.state
        for k, n in enumerate(after.stun):
            if n and n > state.stun[k]:
                marks.append(DiagramMark("ring", tuple(layout.cells[c] for c in after.squares_of(k)), "result",
                                         "stunned" if n == 1 else f"stunned for {count_words(n)} of its owner's turns"))
        for p in winners(layout, after.dragon_at):
            held = tuple(layout.cells[c] for c in layout.control
                         if after.dragon_at[c] != EMPTY and layout.owner_of[after.dragon_at[c]] == p)
            marks.append(DiagramMark("highlight", held, "result", f"{layout.names[p]} wins"))
    if not verdict:
        where = cells[:1] if verdict.code in PICKUP_CODES else \
            ((layout.cells[done.target],) if done is not None and done.target >= 0 and verdict.code in PUSH_CODES
             else cells[-1:])
        marks.append(DiagramMark("cross", where, "blocked", verdict.code))
    return marks
