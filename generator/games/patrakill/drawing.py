"""Neutral drawing data: what stands on each square, and the marks that show an action or its refusal."""
from __future__ import annotations

from typing import Mapping

from ...play.contract import Outcome, Verdict
from ...play.views import DiagramMark, PieceView
from .layout import BROKEN_TOWER, DRAGON, NEUTRAL_TOWER, TOWER, Layout
from .state import Action, State


def piece_views(layout: Layout, state: State) -> Mapping[str, tuple[PieceView, ...]]:
    """Bottom to top on each square: a tower or broken tower, then a knight (with its facing) or the dragon.

    Each names the printed piece it is (components.yaml): the faction's tower (``tower-<faction>`` in
    Vatrakill, ``tower`` in the duel), the broken tower, a knight and the dragon by their player.
    """
    found: dict[str, list[PieceView]] = {}
    for tower in state.towers:
        found.setdefault(tower.square, []).append(
            PieceView(tower.faction, badge=layout.badges.get(tower.faction or "", "T"),
                      component=tower_component(layout, tower.faction)))
    for square in state.broken:
        found.setdefault(square, []).append(PieceView(None, badge="B", marked="broken", component=BROKEN_TOWER))
    for knight in state.knights:
        found.setdefault(knight.square, []).append(
            PieceView(knight.faction, facing=knight.facing, badge=layout.badges[knight.faction],
                      carried="tower" if knight.carrying else "", marked="returning" if knight.returning else ""))
    if state.dragon is not None:
        found.setdefault(state.dragon, []).append(PieceView(DRAGON, badge=layout.badges[DRAGON]))
    return {square: tuple(views) for square, views in found.items()}


def tower_component(layout: Layout, faction: str | None) -> str:
    """The printed piece of a tower: the duel's one kind, or in Vatrakill its faction's (or the neutral one)."""
    if layout.duel:
        return TOWER
    return f"{TOWER}-{faction}" if faction else NEUTRAL_TOWER


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
