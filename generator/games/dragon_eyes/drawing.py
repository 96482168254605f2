"""Neutral drawing data: pieces per hex and the marks that show an action, computed from the rules."""
from __future__ import annotations

from ...play.contract import Event, Outcome, Verdict
from ...play.views import DiagramMark, PieceView
from .actions import Action, Capture, DeclareDraw, Flip, Reveal, Step
from .state import DOWN, EMPTY, State
from .tables import Tables


def piece_views(tables: Tables, players: tuple[str, ...], state: State) -> dict[str, tuple[PieceView, ...]]:
    """What stands on each occupied hex: face-down pieces have no owner; pieces on eyes are enchanted."""
    views: dict[str, tuple[PieceView, ...]] = {}
    for cell, code in enumerate(state.board):
        if code == EMPTY:
            continue
        if code == DOWN:
            views[tables.names[cell]] = (PieceView(None, face_down=True),)
            continue
        owner = players[code - 1]
        views[tables.names[cell]] = (PieceView(owner, badge=owner[0].upper(),
                                               marked="enchanted" if tables.eye[cell] else ""),)
    return views


def action_marks(tables: Tables, players: tuple[str, ...], action: Action, outcome: Outcome[State] | None,
                 verdict: Verdict) -> list[DiagramMark]:
    """The marks that draw ``action``: a capture's path, its captures and enchantments, or the refusal.

    A refused action is drawn in the blocked role, its cross labelled with the reason code only: the diagram
    prints the reason's sentence once, under the board, so no note repeats it.
    """
    names = tables.names
    role = "blocked" if outcome is None else "move"
    if isinstance(action, Capture):
        cells = tuple(names[cell] for cell in action.path)
        if outcome is None:
            return [DiagramMark("path", cells, "blocked"), DiagramMark("cross", cells[-1:], "blocked", verdict.code)]
        return [DiagramMark("path", cells, "capture")] + _event_marks(outcome.events)
    if isinstance(action, Step):
        return [DiagramMark("arrow", (names[action.frm], names[action.to]), role)]
    if isinstance(action, Flip):
        return [DiagramMark("ring", (names[action.cell],), "choice" if outcome else "blocked", "turned over")]
    if isinstance(action, Reveal):
        return [DiagramMark("label", (names[action.cell],), "result" if outcome else "blocked", players[action.seat])]
    assert isinstance(action, DeclareDraw)
    eyes = tuple(names[cell] for cell in tables.eyes)
    return [DiagramMark("highlight", eyes, "result" if outcome else "blocked", "draw declared")]


def _event_marks(events: tuple[Event, ...]) -> list[DiagramMark]:
    marks = []
    for event in events:
        if event.kind == "capture":
            marks.append(DiagramMark("cross", (event.cells[1],), "capture"))
        elif event.kind == "enchanted":
            marks.append(DiagramMark("ring", event.cells, "info", "enchanted"))
    return marks
