"""List the legal actions of a position, or of one piece.

Candidates come from the precomputed tables (neighbours, lines, gates next
to a square); each candidate is kept when the shared conditions of
:mod:`.conditions` accept it, which is what :mod:`.check` asks too.
"""
from __future__ import annotations

from . import conditions as cond
from .actions import Action
from .reasons import BLOCKS
from .state import Piece, State
from .tables import ACQUISITION, RESTRICTED, BoardTables


def legal_actions(tb: BoardTables, state: State) -> list[Action]:
    """Every legal action of the player to act, pieces in square order, the drop first."""
    if state.winner is not None:
        return []
    player = state.actor
    out: list[Action] = []
    if cond.drop(tb, state, player) is None:
        out.append(Action("drop", player, None, tb.start[player]))
    if state.setup:
        out.append(Action("skip-free-drop", player))
        return out
    for square, piece in state.pieces.items():
        if piece.owner == player and not piece.frozen:
            _piece(tb, state, square, piece, out)
    return out


def piece_actions(tb: BoardTables, state: State, square: str) -> list[Action]:
    """The legal actions of the piece on ``square`` (empty when it cannot act now)."""
    piece = state.pieces.get(square)
    if (state.winner is not None or state.setup or piece is None or piece.frozen
            or piece.owner != state.actor):
        return []
    out: list[Action] = []
    _piece(tb, state, square, piece, out)
    return out


def _piece(tb: BoardTables, state: State, square: str, piece: Piece, out: list[Action]) -> None:
    if piece.merged:
        _merged(tb, state, square, piece, out)
        return
    _steps(tb, state, square, piece, out)
    item = piece.item
    if item is None:
        return
    kind = tb.item_kind[item]
    if kind == "flag":
        _throws(tb, state, square, piece, out)
    elif tb.kind[square] != "weapon-acquisition":
        out.append(Action("discard-weapon", piece.owner, square))
    if kind == "bomb" or kind == "freeze":
        _strikes(tb, state, square, piece, kind, out)
    elif kind == "rapid-transport":
        _transports(tb, state, square, piece, out)
    _passes(tb, state, square, piece, out)


def _moves_to(tb: BoardTables, state: State, kind: str, square: str, piece: Piece, to: str,
              out: list[Action]) -> None:
    """Add the move of ``kind`` ending on ``to``: one per landing square when ``to`` is a gate."""
    landings = tb.gate_landings.get(to)
    if landings is None:
        if cond.arrival(tb, state, piece, to, None) is None:
            out.append(Action(kind, piece.owner, square, to))
        return
    for land in landings:
        if cond.arrival(tb, state, piece, to, land) is None:
            out.append(Action(kind, piece.owner, square, to, land))


def _steps(tb: BoardTables, state: State, square: str, piece: Piece, out: list[Action]) -> None:
    """Steps and merges. Step targets are squares a piece may enter or main gates, where
    :func:`.conditions.arrival` comes down to :func:`.conditions.stand_on` (on the landing square)."""
    pieces = state.pieces
    lying = state.lying
    flag_owner = tb.flag_owner
    owner = piece.owner
    gates = tb.gate_landings
    for to in tb.step_targets[square]:
        other = pieces.get(to)
        if other is not None and other.owner == owner:
            if piece.item is None and cond.partner(tb, state, owner, to) is None:
                out.append(Action("merge", owner, square, to))
        elif to in gates:
            for land in gates[to]:
                if cond.stand_on(tb, state, owner, land) is None:
                    out.append(Action("step", owner, square, to, land))
        elif other is not None or (flag := lying.get(to)) is None or flag_owner[flag] != owner:
            # an empty square: stand_on comes down to "not onto one's own thrown flag"
            out.append(Action("step", owner, square, to))


def _merged(tb: BoardTables, state: State, square: str, piece: Piece, out: list[Action]) -> None:
    owner = piece.owner
    for line in tb.orthogonal_lines[square]:
        if len(line) >= 2 and cond.crossing(tb, state, owner, line[:1]) is None:
            _moves_to(tb, state, "merged-move", square, piece, line[1], out)
    for to in tb.neighbours[square]:
        other = state.pieces.get(to)
        if other is not None and other.owner == owner:
            if cond.partner(tb, state, owner, to) is None:
                out.append(Action("unmerge-merge", owner, square, to))
        elif cond.set_down(tb, state, owner, to) is None:
            out.append(Action("unmerge", owner, square, to))


def _transports(tb: BoardTables, state: State, square: str, piece: Piece, out: list[Action]) -> None:
    owner = piece.owner
    kind = tb.kind
    lying = state.lying
    for line in tb.orthogonal_lines[square]:
        for to in line[:cond.TRANSPORT_RANGE]:
            _moves_to(tb, state, "rapid-transport", square, piece, to, out)
            if kind[to] in RESTRICTED or (to in lying and tb.flag_owner[lying[to]] == owner):
                break


def _strikes(tb: BoardTables, state: State, square: str, piece: Piece, weapon: str, out: list[Action]) -> None:
    owner = piece.owner
    freeze = weapon == "freeze"
    pieces = state.pieces
    for line in tb.lines[square]:
        for target, stop in cond.blast(tb, state, owner, line[:cond.WEAPON_RANGE]):
            if stop is None and target in pieces and cond.weapon_target(tb, state, owner, target, freeze) is None:
                out.append(Action(weapon, owner, square, target))
    for gate in tb.gates_next_to[square]:
        for target in tb.gate_landings[gate]:
            if target in pieces and cond.weapon_target(tb, state, owner, target, freeze) is None:
                out.append(Action(weapon, owner, square, target))


def _throws(tb: BoardTables, state: State, square: str, piece: Piece, out: list[Action]) -> None:
    if tb.kind[square] == "weapon-acquisition":
        return
    for to in tb.neighbours[square]:
        kind = tb.kind[to]
        if kind == "gate":
            for land in tb.gate_landings[to]:
                if cond.flag_spot(tb, state, land) is None:
                    out.append(Action("throw-flag", piece.owner, square, to, land))
        elif kind != "landing" and cond.flag_spot(tb, state, to) is None:
            out.append(Action("throw-flag", piece.owner, square, to))


def _passes(tb: BoardTables, state: State, square: str, piece: Piece, out: list[Action]) -> None:
    kind = tb.kind[square]
    if kind in ACQUISITION:
        return
    owner = piece.owner
    inside = kind == "landing"
    pieces = state.pieces
    for line in tb.orthogonal_lines[square]:
        for to in line[:cond.PASS_RANGE]:
            other = pieces.get(to)
            if other is not None:
                if tb.kind[to] != "landing" and not cond.through_gate(tb, square, to):
                    swap = other.item is not None
                    if not (swap and inside) and cond.receiver(tb, state, piece, to, swap) is None:
                        out.append(Action("exchange" if swap else "send", owner, square, to))
                break
            if tb.kind[to] in BLOCKS:
                break
    if inside:
        return
    for gate in tb.gates_next_to[square]:
        for to in tb.gate_landings[gate]:
            if cond.receiver(tb, state, piece, to, swap=False) is None:
                out.append(Action("send", owner, square, to))
