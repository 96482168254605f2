"""Explain one action: legal, or the first rule it breaks.

:func:`refusal` validates the shape of the action (whose turn, which piece,
which squares) and then asks the shared conditions of :mod:`.conditions`,
so its answer always matches the generator's list of legal actions.
"""
from __future__ import annotations

from typing import Callable

from . import conditions as cond
from .actions import ACTION_KINDS, Action
from .reasons import Refusal
from .state import Piece, State
from .tables import ACQUISITION, BoardTables

#: What ``lacks-weapon`` calls each weapon kind.
WEAPON_WORDS = {"bomb": "a Zagmora (bomb)", "freeze": "an Elvindra (freeze)",
                "rapid-transport": "an Arxval (rapid transport)"}

#: Action kinds whose ``to`` may be a main gate with a landing square chosen beyond it.
LANDING_KINDS = ("step", "merged-move", "rapid-transport", "throw-flag")


def refusal(tb: BoardTables, state: State, action: Action) -> Refusal | None:
    """None when ``action`` is legal in ``state``, else the reason code and its details."""
    if state.winner is not None:
        return "game-over", {"winner": state.winner}
    if action.kind not in ACTION_KINDS:
        return "unknown-action", {"kind": action.kind}
    if action.player != state.actor:
        return "not-your-turn", {"actor": state.actor, "player": action.player}
    if state.setup and action.kind not in ("drop", "skip-free-drop"):
        return "setup-phase", {}
    if action.kind == "skip-free-drop":
        return None if state.setup else ("setup-over", {})
    if action.kind == "drop":
        start = tb.start[action.player]
        if action.to not in (None, start):
            return "not-start", {"start": start}
        return cond.drop(tb, state, action.player)
    for square in (action.frm, action.to, action.land):
        if square is not None and square not in tb.kind:
            return "unknown-square", {"square": square}
    frm = action.frm
    if frm is None:
        return "square-missing", {"role": "the square of the acting piece"}
    piece = state.pieces.get(frm)
    if piece is None:
        return "no-piece", {"square": frm}
    if piece.owner != action.player:
        return "not-your-piece", {"square": frm, "owner": piece.owner}
    if piece.frozen:
        return "piece-frozen", {"square": frm}
    if action.kind in ("merged-move", "unmerge", "unmerge-merge"):
        if not piece.merged:
            return "piece-not-merged", {"square": frm}
    elif piece.merged:
        return "piece-merged", {"square": frm}
    if action.kind == "discard-weapon":
        return _discard(tb, piece, frm)
    if action.to is None:
        return "square-missing", {"role": "a destination or target square"}
    if action.land is not None and action.kind not in LANDING_KINDS:
        return "landing-without-gate", {}
    return CHECKS[action.kind](tb, state, piece, frm, action.to, action.land)


def _step(tb: BoardTables, state: State, piece: Piece, frm: str, to: str, land: str | None) -> Refusal | None:
    if not tb.adjacent(frm, to):
        return "not-adjacent", {"frm": frm, "to": to}
    return cond.arrival(tb, state, piece, to, land)


def _merged_move(tb: BoardTables, state: State, piece: Piece, frm: str, to: str,
                 land: str | None) -> Refusal | None:
    line = tb.line_between(frm, to, orthogonal_only=True)
    if line is None:
        return "not-straight-line", {"frm": frm, "to": to}
    if len(line) != 2:
        return "wrong-distance", {"frm": frm, "to": to, "distance": _squares(len(line))}
    return cond.crossing(tb, state, piece.owner, line[:1]) or cond.arrival(tb, state, piece, to, land)


def _rapid_transport(tb: BoardTables, state: State, piece: Piece, frm: str, to: str,
                     land: str | None) -> Refusal | None:
    found = _weapon(tb, piece, frm, "rapid-transport")
    if found:
        return found
    line = tb.line_between(frm, to, orthogonal_only=True)
    if line is None:
        return "not-straight-line", {"frm": frm, "to": to}
    if len(line) > cond.TRANSPORT_RANGE:
        return "too-far", {"frm": frm, "to": to, "distance": len(line), "limit": cond.TRANSPORT_RANGE}
    return cond.crossing(tb, state, piece.owner, line[:-1]) or cond.arrival(tb, state, piece, to, land)


def _merge(tb: BoardTables, state: State, piece: Piece, frm: str, to: str, land: str | None) -> Refusal | None:
    if piece.item is not None:
        return "hands-full", {"square": frm, "item": piece.item}
    if not tb.adjacent(frm, to):
        return "not-adjacent", {"frm": frm, "to": to}
    return cond.partner(tb, state, piece.owner, to)


def _unmerge(tb: BoardTables, state: State, piece: Piece, frm: str, to: str, land: str | None) -> Refusal | None:
    if not tb.adjacent(frm, to):
        return "not-adjacent", {"frm": frm, "to": to}
    return cond.set_down(tb, state, piece.owner, to)


def _unmerge_merge(tb: BoardTables, state: State, piece: Piece, frm: str, to: str,
                   land: str | None) -> Refusal | None:
    if not tb.adjacent(frm, to):
        return "not-adjacent", {"frm": frm, "to": to}
    return cond.partner(tb, state, piece.owner, to)


def _throw_flag(tb: BoardTables, state: State, piece: Piece, frm: str, to: str,
                land: str | None) -> Refusal | None:
    if piece.item is None:
        return "carries-nothing", {"square": frm}
    if tb.item_kind[piece.item] != "flag":
        return "not-a-flag", {"square": frm, "item": piece.item}
    if tb.kind[frm] == "weapon-acquisition":
        return "on-acquisition-square", {"square": frm}
    if not tb.adjacent(frm, to):
        return "not-adjacent", {"frm": frm, "to": to}
    if tb.kind[to] == "gate":
        if land is None:
            return "landing-missing", cond.gate_details(tb, to)
        if land not in tb.gate_landings[to]:
            return "not-a-landing", {"land": land, **cond.gate_details(tb, to)}
        return cond.flag_spot(tb, state, land)
    if land is not None:
        return "landing-without-gate", {}
    if tb.kind[to] == "landing":
        return "enters-landing", {"square": to, "gate": tb.gate_ids[tb.gate_of_landing[to]]}
    return cond.flag_spot(tb, state, to)


def _discard(tb: BoardTables, piece: Piece, frm: str) -> Refusal | None:
    if piece.item is None:
        return "carries-nothing", {"square": frm}
    if tb.item_kind[piece.item] == "flag":
        return "not-a-weapon", {"square": frm, "item": piece.item}
    if tb.kind[frm] == "weapon-acquisition":
        return "on-acquisition-square", {"square": frm}
    return None


def _weapon(tb: BoardTables, piece: Piece, frm: str, kind: str) -> Refusal | None:
    if piece.item is None or tb.item_kind[piece.item] != kind:
        return "lacks-weapon", {"square": frm, "weapon": WEAPON_WORDS[kind]}
    return None


def _strike(tb: BoardTables, state: State, piece: Piece, frm: str, to: str, freeze: bool) -> Refusal | None:
    found = _weapon(tb, piece, frm, "freeze" if freeze else "bomb")
    if found:
        return found
    if not cond.through_gate(tb, frm, to):
        line = tb.line_between(frm, to)
        if line is None:
            return "not-on-line", {"frm": frm, "to": to}
        if len(line) > cond.WEAPON_RANGE:
            return "too-far", {"frm": frm, "to": to, "distance": len(line), "limit": cond.WEAPON_RANGE}
        for square, stop in cond.blast(tb, state, piece.owner, line):
            if stop is None:
                continue
            if square != to:
                return stop
            if stop[0] == "blocked-by-own-piece":
                return "own-target", {"square": to, "player": piece.owner}
            if stop[0] == "blocked-by-landing" and to in state.pieces:
                return "target-in-stronghold", {"square": to, "gate": tb.gate_ids[tb.gate_of_landing[to]]}
            return stop
    return cond.weapon_target(tb, state, piece.owner, to, freeze)


def _bomb(tb: BoardTables, state: State, piece: Piece, frm: str, to: str, land: str | None) -> Refusal | None:
    return _strike(tb, state, piece, frm, to, freeze=False)


def _freeze(tb: BoardTables, state: State, piece: Piece, frm: str, to: str, land: str | None) -> Refusal | None:
    return _strike(tb, state, piece, frm, to, freeze=True)


def _pass(tb: BoardTables, state: State, piece: Piece, frm: str, to: str, swap: bool) -> Refusal | None:
    if piece.item is None:
        return "carries-nothing", {"square": frm}
    if tb.kind[frm] in ACQUISITION:
        return "on-acquisition-square", {"square": frm}
    sender_inside = tb.kind[frm] == "landing"
    if tb.kind[to] == "landing":
        if not cond.through_gate(tb, frm, to):
            return "into-stronghold", {"square": to}
        if swap:
            return "gate-sends-only", {"gate": tb.gate_ids[tb.gate_of_landing[to]]}
        if sender_inside:
            return "sender-in-stronghold", {"square": frm}
        return cond.receiver(tb, state, piece, to, swap=False)
    if swap and sender_inside:
        return "sender-in-stronghold", {"square": frm}
    line = tb.line_between(frm, to, orthogonal_only=True)
    if line is None:
        return "not-straight-line", {"frm": frm, "to": to}
    if len(line) > cond.PASS_RANGE:
        return "too-far", {"frm": frm, "to": to, "distance": len(line), "limit": cond.PASS_RANGE}
    return cond.pass_path(tb, state, line) or cond.receiver(tb, state, piece, to, swap)


def _send(tb: BoardTables, state: State, piece: Piece, frm: str, to: str, land: str | None) -> Refusal | None:
    return _pass(tb, state, piece, frm, to, swap=False)


def _exchange(tb: BoardTables, state: State, piece: Piece, frm: str, to: str, land: str | None) -> Refusal | None:
    return _pass(tb, state, piece, frm, to, swap=True)


def _squares(count: int) -> str:
    return f"{count} square{'s' if count != 1 else ''}"


#: The checks of each kind of action that has an acting piece and a destination or target.
CHECKS: dict[str, Callable[[BoardTables, State, Piece, str, str, str | None], Refusal | None]] = {
    "step": _step,
    "merged-move": _merged_move,
    "rapid-transport": _rapid_transport,
    "merge": _merge,
    "unmerge": _unmerge,
    "unmerge-merge": _unmerge_merge,
    "throw-flag": _throw_flag,
    "bomb": _bomb,
    "freeze": _freeze,
    "send": _send,
    "exchange": _exchange,
}
