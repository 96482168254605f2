"""Neutral drawing data: what stands on each square, and the marks that show an action or its refusal."""
from __future__ import annotations

from typing import Mapping

from ...play.contract import Outcome, Verdict
from ...play.views import DiagramMark, PieceView
from .layout import DRAGON, Layout
from .state import Action, State


def piece_views(layout: Layout, state: State) -> Mapping[str, tuple[PieceView, ...]]:
    """Bottom to top on each square: a tower or broken tower, then a knight (with its facing) or the dragon."""
    found: dict[str, list[PieceView]] = {}
    for tower in state.towers:
        found.setdefault(tower.square, []).append(
            PieceView(tower.faction, "square", badge=layout.badges.get(tower.faction or "", "T")))
    for square in state.broken:
        found.setdefault(square, []).append(PieceView(None, "square", face_down=True, badge="B", marked="broken"))
    for knight in state.knights:
        found.setdefault(knight.square, []).append(
            PieceView(knight.faction, "disc", facing=knight.facing, badge=layout.badges[knight.faction],
                      carried="tower" if knight.carrying else "", marked="returning" if knight.returning else ""))
    if state.dragon is not None:
        found.setdefault(state.dragon, []).append(PieceView(DRAGON, "figure", badge=layout.badges[DRAGON]))
    return {square: tuple(views) for square, views in found.items()}


def action_marks(layout: Layout, action: Action, outcome: Outcome[State] | None,
                 verdict: Verdict) -> list[DiagramMark]:
    """The path of the action, its captures, ejections, broken towers and the end, or the refusal."""
    if action.kind == "pass":
        return [DiagramMark("label", (), "info", "pass") if verdict else DiagramMark("label", (), "blocked", verdict.code)]
    if action.kind == "place":
        role = "move" if verdict else "blocked"
        marks = [DiagramMark("ring", action.path, role, "dragon enters")]
    elif action.kind == "passage":
        marks = [DiagramMark("line", action.path, "move" if verdict else "blocked", "passage")]
    else:
        marks = [DiagramMark("path" if len(action.path) > 2 else "arrow", action.path,
                             "move" if verdict else "blocked")]
    if not verdict:
        marks.append(DiagramMark("cross", action.path[-1:], "blocked", verdict.code))
        return marks
    assert outcome is not None
    for event in outcome.events:
        if event.kind == "devour":
            marks.append(DiagramMark("cross", event.cells[1:2], "capture", "devoured"))
        elif event.kind == "eject":
            marks.append(DiagramMark("arrow", event.cells, "push", "ejected"))
        elif event.kind == "break-tower":
            marks.append(DiagramMark("cross", event.cells, "capture", "tower broken"))
        elif event.kind in ("earn-tower", "set-tower", "camp"):
            marks.append(DiagramMark("ring", event.cells[:1], "info", event.kind.replace("-", " ")))
        elif event.kind in ("capture", "immobilised", "skewer"):
            marks.append(DiagramMark("highlight", event.cells, "result", event.kind))
    return marks
