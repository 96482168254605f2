"""The marks of a diagram, all computed by the rules model from an example's position and actions."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..examples import Run
from ..rules import Action, Rules, State

#: How each action kind is drawn.
ARROW_STYLE = {
    "step": "step", "merge": "step", "unmerge": "step", "unmerge-merge": "step", "merged-move": "jump",
    "rapid-transport": "transport", "throw-flag": "throw", "bomb": "strike", "freeze": "strike",
    "send": "send", "exchange": "exchange", "drop": "drop", "discard-weapon": "return",
}
#: Action kinds whose reach (where a weapon gets to) is worth drawing.
WEAPON_KINDS = ("bomb", "freeze")


@dataclass(frozen=True)
class Arrow:
    """One drawn move or pass: the squares it runs through, in order, and how it is drawn."""

    step: int
    style: str
    squares: tuple[str, ...]
    gate_to: str | None = None  # landing square reached through a gate at squares[-1]


@dataclass
class Marks:
    """Everything a diagram draws on top of the position."""

    arrows: list[Arrow] = field(default_factory=list)
    destinations: list[str] = field(default_factory=list)
    merges: list[str] = field(default_factory=list)
    reach: list[str] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)
    blocked: list[tuple[str, str]] = field(default_factory=list)
    illegal_at: str | None = None
    reason: str = ""
    eliminated: list[str] = field(default_factory=list)
    returned: list[tuple[str, str]] = field(default_factory=list)  # (item, square it went back to)
    winner: str | None = None
    win_reason: str | None = None


def _arrow(rules: Rules, state: State, action: Action, step: int, legal: bool) -> Arrow | None:
    style = ARROW_STYLE.get(action.kind)
    if style is None:
        return None
    tables = rules.tables
    if action.kind == "drop":
        return Arrow(step, style, (tables.home[action.player][0], tables.start[action.player]))
    if action.kind == "discard-weapon":
        item = state.pieces[action.frm].item if action.frm in state.pieces else None  # type: ignore[index]
        return Arrow(step, style, (action.frm, tables.origin[item])) if item else None  # type: ignore[arg-type]
    if action.frm is None or action.to is None:
        return None
    if not legal:
        return Arrow(step, style, (action.frm, action.to))
    trace = rules.trace(state, action)
    if trace.gate and action.land is None:  # an item or blast passed through a gate from beside it
        return Arrow(step, style, (action.frm, trace.gate), gate_to=action.to)
    squares = (action.frm,) + tuple(trace.passed) + (action.to,)
    return Arrow(step, style, squares, gate_to=action.land)


def compute_marks(run: Run, rules: Rules) -> Marks:
    """Ask the engine for every mark of the example's diagram."""
    example, marks = run.example, Marks()
    overlays = set(example.overlays)
    legal_steps = len(run.outcomes)
    if "moves" in overlays:
        for n, action in enumerate(example.actions[:legal_steps + 1]):
            state = run.states[min(n, len(run.states) - 1)]
            arrow = _arrow(rules, state, action, n + 1, n < legal_steps)
            if arrow:
                marks.arrows.append(arrow)
    first = run.states[0]
    focus = example.focus
    if "destinations" in overlays and focus and focus in first.pieces and first.pieces[focus].owner == first.actor:
        for action in rules.piece_actions(first, focus):
            if action.kind in ("step", "merged-move", "rapid-transport"):
                target = action.land or action.to
                if target and target not in marks.destinations:
                    marks.destinations.append(target)
            elif action.kind == "merge" and action.to not in marks.merges:
                marks.merges.append(action.to)  # type: ignore[arg-type]
    weapon_action = next((a for a in example.actions if a.kind in WEAPON_KINDS), None)
    if "reach" in overlays:
        holder, kind = None, None
        if weapon_action and weapon_action.frm in run.before_last.pieces:
            holder, kind = weapon_action.frm, weapon_action.kind
        elif focus and focus in first.pieces:
            item = first.pieces[focus].item
            carried = rules.tables.item_kind.get(item) if item else None
            if carried in WEAPON_KINDS and not first.pieces[focus].frozen:
                holder, kind = focus, carried
        if holder and kind:
            state = run.before_last if weapon_action else first
            reach = rules.weapon_reach(state, holder, kind)
            marks.reach, marks.targets, marks.blocked = list(reach.open), list(reach.targets), list(reach.blocked)
    if run.verdict is not None and not run.verdict.legal:
        last = example.actions[legal_steps]
        marks.illegal_at = last.land or last.to or last.frm
        marks.reason = run.verdict.message
    if "result" in overlays:
        for outcome in run.outcomes:
            marks.eliminated += [sq for sq, _, _ in outcome.eliminated]
            marks.returned += [(e.item, e.square) for e in outcome.of_kind("returned") if e.item and e.square]
        marks.winner, marks.win_reason = run.final.winner, run.final.win_reason
    return marks
