"""Neutral drawing data: what stands on each square, and the marks that show an action or its refusal."""
from __future__ import annotations

from typing import Mapping

from ...play.contract import Outcome, Verdict
from ...play.views import DiagramMark, PieceView
from .layout import DRAGON, Layout
from .state import Action, State


def piece_views(layout: Layout, state: State) -> Mapping[str, tuple[PieceView, ...]]:
    """Bottom to top on each square: a tower or broken tower, then a knight (with its facing) or the dragon.

    Shapes are the printed tokens': round towers, square knights. A tower of no faction carries the duel's
    letter T, or in Vatrakill the neutral towers' N.
    """
    found: dict[str, list[PieceView]] = {}
    plain = "T" if layout.duel else "N"
    for tower in state.towers:
        found.setdefault(tower.square, []).append(
            PieceView(tower.faction, "disc", badge=layout.badges.get(tower.faction or "", plain)))
    for square in state.broken:
        found.setdefault(square, []).append(PieceView(None, "disc", face_down=True, badge="B", marked="broken"))
    for knight in state.knights:
        found.setdefault(knight.square, []).append(
            PieceView(knight.faction, "square", facing=knight.facing, badge=layout.badges[knight.faction],
                      carried="tower" if knight.carrying else "", marked="returning" if knight.returning else ""))
    if state.dragon is not None:
        found.setdefault(state.dragon, []).append(PieceView(DRAGON, "figure", badge=layout.badges[DRAGON]))
    return {square: tuple(views) for square, views in found.items()}


#: How an event of an action is marked: (mark kind, role, the note players read).
EVENT_MARKS: Mapping[str, tuple[str, str, str]] = {
    "devour": ("cross", "capture", "eaten"),
    "eject": ("arrow", "push", "thrown out of its tower"),
    "break-tower": ("cross", "capture", "tower broken"),
    "earn-tower": ("ring", "info", "tower earned"),
    "set-tower": ("ring", "info", "tower set down"),
    "camp": ("ring", "info", "turned round in camp"),
    "capture": ("highlight", "result", "dragon caught"),
    "immobilised": ("highlight", "result", "dragon trapped"),
    "skewer": ("highlight", "result", "skewer full"),
}


def action_marks(layout: Layout, action: Action, outcome: Outcome[State] | None,
                 verdict: Verdict) -> list[DiagramMark]:
    """The path of the action, its captures, ejections, broken towers and the end, or the refusal."""
    if action.kind == "pass":
        return [DiagramMark("label", (), "info", "nothing can move: the turn passes") if verdict
                else DiagramMark("label", (), "blocked", verdict.code)]
    if action.kind == "place":
        role = "move" if verdict else "blocked"
        marks = [DiagramMark("ring", action.path, role, "the dragon's starting square")]
    elif action.kind == "passage":
        marks = [DiagramMark("line", action.path, "move" if verdict else "blocked", "underground passage")]
    else:
        marks = [DiagramMark("path" if len(action.path) > 2 else "arrow", action.path,
                             "move" if verdict else "blocked")]
    if not verdict:
        marks.append(DiagramMark("cross", action.path[-1:], "blocked", verdict.code))
        return marks
    assert outcome is not None
    for event in outcome.events:
        if event.kind in EVENT_MARKS:
            kind, role, text = EVENT_MARKS[event.kind]
            cells = event.cells[1:2] if event.kind == "devour" else event.cells[:1] if kind == "ring" else event.cells
            marks.append(DiagramMark(kind, cells, role, text))
    return marks


def focus_marks(actions: list[Action], square: str) -> list[DiagramMark]:
    """Dots where the piece on ``square`` may end its move: its steps, its ways out of a tower, the towers its
    passages reach, or the landing squares of its leaps."""
    ends = list(dict.fromkeys(a.path[-1] for a in actions if a.path[:1] == (square,) and len(a.path) > 1))
    return [DiagramMark("dot", tuple(ends), "choice", "where it may go")] if ends else []
