"""What Dravakron's rule diagrams show, as data for the shared neutral renderer.

The engine's traces and weapon reach become :class:`~generator.play.views.DiagramMark`
values: a move's path (with the hop through a gate), a weapon's reach, the
pieces it can hit and what stops each line, eliminations, items sent home and
the refusal of an illegal action. Pieces become :class:`~generator.play.views.PieceView`
values: a disc per piece (two for a merged pair) with its side's initial, the
carried item and a ring when frozen; a thrown flag lying on a square is an
ownerless disc carrying it.
"""
from __future__ import annotations

from typing import Mapping

from ...play.contract import Outcome, Verdict
from ...play.views import DiagramMark, PieceView
from .rules import Action, Rules, State

#: How each action kind's line is labelled in the diagram's notes ("" for a plain move).
LINE_TEXT = {
    "step": "", "merge": "", "unmerge": "", "unmerge-merge": "", "merged-move": "", "drop": "",
    "rapid-transport": "rapid transport", "throw-flag": "flag thrown", "send": "item passed",
    "exchange": "items exchanged", "discard-weapon": "weapon put back", "bomb": "", "freeze": "",
}
#: How a diagram's notes name what stops a weapon's line (one entry per code the weapon walk gives).
STOP_TEXT = {
    "blocked-by-home-base": "stopped by the home base", "blocked-by-start": "stopped by a starting point",
    "blocked-by-flag-square": "stopped by a flag square", "blocked-by-storage": "stopped by weapon storage",
    "blocked-by-gate": "stopped by a main gate", "blocked-by-landing": "stopped by a landing square",
    "blocked-by-own-piece": "stopped by a piece of the same side",
}
#: Action kinds that use a weapon (drawn with the weapon's reach).
WEAPON_KINDS = ("bomb", "freeze")
#: Action kinds whose focus piece's destinations are dotted.
MOVING_KINDS = ("step", "merged-move", "rapid-transport")


def piece_views(initials: Mapping[str, str], state: State) -> dict[str, tuple[PieceView, ...]]:
    """Each occupied square: its piece (height 2 when merged) with the side's initial, item and frozen ring;
    and each thrown flag lying on a square."""
    found: dict[str, tuple[PieceView, ...]] = {
        square: (PieceView(piece.owner, height=piece.count, badge=initials.get(piece.owner, ""),
                           carried=piece.item or "", marked="frozen" if piece.frozen else ""),)
        for square, piece in state.pieces.items()}
    found.update({square: (PieceView(None, carried=flag),) for square, flag in state.lying.items()})
    return found


def empty_origins(rules: Rules, state: State) -> dict[str, str]:
    """The squares where an item's print on the board stands for nothing now (the item is elsewhere)."""
    return {square: "empty" for item, square in rules.tables.origin.items() if item not in state.stored}


def _line(rules: Rules, state: State, action: Action, legal: bool) -> list[DiagramMark]:
    """The line of a move, throw, pass or strike, and its hop through a gate."""
    tables, kind = rules.tables, action.kind
    text = LINE_TEXT.get(kind)
    if text is None:
        return []
    role = "capture" if kind in WEAPON_KINDS else "move"
    if kind == "drop":
        cells: tuple[str, ...] = (tables.home[action.player][0], tables.start[action.player])
        return [DiagramMark("arrow", cells, role, "piece enters from the home base")]
    if kind == "discard-weapon":
        piece = state.pieces.get(action.frm or "")
        if piece is None or piece.item is None:
            return []
        return [DiagramMark("arrow", (action.frm or "", tables.origin[piece.item]), role, text)]
    if action.frm is None or action.to is None:
        return []
    if not legal:
        return [DiagramMark("arrow", (action.frm, action.to), "blocked", text)]
    trace = rules.trace(state, action)
    if trace.gate and action.land is None:  # passed through a gate from beside it
        return [DiagramMark("arrow", (action.frm, trace.gate), role, text),
                DiagramMark("arrow", (trace.gate, action.to), "move", "through the gate")]
    cells = (action.frm,) + tuple(trace.passed) + (action.to,)
    marks = [DiagramMark("path" if len(cells) > 2 else "arrow", cells, role, text)]
    if action.land:
        marks.append(DiagramMark("arrow", (action.to, action.land), "move", "through the gate"))
    return marks


def reach_marks(rules: Rules, state: State, square: str, weapon: str) -> list[DiagramMark]:
    """Where the weapon held on ``square`` reaches, what it can hit, and what stops each line."""
    reach = rules.weapon_reach(state, square, weapon)
    marks = [DiagramMark("highlight", reach.open, "reach", f"the {weapon} reaches")] if reach.open else []
    if reach.targets:
        marks.append(DiagramMark("ring", reach.targets, "capture", "can be hit"))
    for cell, code in reach.blocked:
        marks.append(DiagramMark("cross", (cell,), "blocked", STOP_TEXT[code]))
    return marks


def action_marks(rules: Rules, state: State, action: Action, outcome: Outcome[State] | None,
                 verdict: Verdict) -> list[DiagramMark]:
    """The marks of one action: its line, a weapon's reach, what it did, or where it is refused."""
    marks = _line(rules, state, action, bool(verdict))
    piece = state.pieces.get(action.frm or "")
    if action.kind in WEAPON_KINDS and piece is not None and not piece.frozen:
        marks = reach_marks(rules, state, action.frm or "", action.kind) + marks
    if outcome is not None:
        gone = tuple(e.cells[0] for e in outcome.events if e.kind == "eliminated" and e.cells)
        if gone:
            marks.append(DiagramMark("cross", gone, "result", "eliminated"))
        back = tuple(e.cells[0] for e in outcome.events if e.kind == "returned" and e.cells)
        if back:
            marks.append(DiagramMark("dot", back, "result", "item back at its origin"))
    if not verdict:
        where = action.land or action.to or action.frm
        if where:
            marks.append(DiagramMark("cross", (where,), "blocked", verdict.code))
    return marks


def focus_marks(rules: Rules, state: State, square: str) -> list[DiagramMark]:
    """For the piece on ``square``: where it can move, where it can merge, and its weapon's reach."""
    piece = state.pieces.get(square)
    if piece is None or piece.owner != state.actor:
        return []
    ends: list[str] = []
    merges: list[str] = []
    for action in rules.piece_actions(state, square):
        if action.kind in MOVING_KINDS and (action.land or action.to) and (action.land or action.to) not in ends:
            ends.append(action.land or action.to or "")
        elif action.kind == "merge" and action.to and action.to not in merges:
            merges.append(action.to)
    marks = [DiagramMark("dot", tuple(ends), "choice", "legal destination")] if ends else []
    if merges:
        marks.append(DiagramMark("ring", tuple(merges), "choice", "can merge here"))
    weapon = rules.tables.item_kind.get(piece.item or "")
    if weapon in WEAPON_KINDS and not piece.frozen:
        marks += reach_marks(rules, state, square, weapon)
    return marks
