"""The conditions actions must meet, one function per rule, shared by checking and generating.

Each function returns None when its condition holds, or a refusal
``(code, details)`` naming the first thing that breaks it. The checker
(:mod:`.check`) calls them to explain one action; the generator
(:mod:`.generate`) calls them on every candidate square, so both always
agree on what is legal.
"""
from __future__ import annotations

from typing import Iterator

from .reasons import BLOCKS, CROSSES, ENTERS, Refusal
from .state import Piece, State
from .tables import ACQUISITION, RESTRICTED, BoardTables

#: How far the Zagmora and the Elvindra reach.
WEAPON_RANGE = 3
#: How far an item can be passed between two pieces of one side.
PASS_RANGE = 3
#: How far the Arxval carries a piece.
TRANSPORT_RANGE = 5


def gate_details(tb: BoardTables, gate: str) -> dict[str, str]:
    """The gate's id and landing squares, for the sentences of gate refusals."""
    return {"gate": tb.gate_ids[gate], "landings": ", ".join(tb.gate_landings[gate])}


def arrival(tb: BoardTables, state: State, mover: Piece, to: str, land: str | None) -> Refusal | None:
    """Can a moving piece end its move on ``to`` (and, when ``to`` is a main gate, on ``land``)?

    Landing squares are reached only through their gate; an opponent there
    is out of reach from outside. Ending on an opponent eliminates it; a
    player never stands on its own thrown flag.
    """
    kind = tb.kind[to]
    if kind == "gate":
        landings = tb.gate_landings[to]
        if land is None:
            return "landing-missing", gate_details(tb, to)
        if land not in landings:
            return "not-a-landing", {"land": land, **gate_details(tb, to)}
        return stand_on(tb, state, mover.owner, land)
    if land is not None:
        return "landing-without-gate", {}
    if kind in RESTRICTED:
        return ENTERS[kind], {"square": to}
    if kind == "landing":
        occupant = state.pieces.get(to)
        gate = tb.gate_ids[tb.gate_of_landing[to]]
        if occupant is not None and occupant.owner != mover.owner:
            return "target-in-stronghold", {"square": to, "gate": gate}
        return "enters-landing", {"square": to, "gate": gate}
    return stand_on(tb, state, mover.owner, to)


def stand_on(tb: BoardTables, state: State, owner: str, square: str) -> Refusal | None:
    """Can a piece of ``owner`` end a move on the square it may enter (not its own piece or thrown flag)?"""
    occupant = state.pieces.get(square)
    if occupant is not None:
        if occupant.owner == owner:
            return "own-piece-there", {"square": square, "player": owner}
        return None
    flag = state.lying.get(square)
    if flag is not None and tb.flag_owner[flag] == owner:
        return "own-flag-there", {"square": square, "player": owner}
    return None


def crossing(tb: BoardTables, state: State, owner: str, squares: tuple[str, ...]) -> Refusal | None:
    """Can a merged move or a rapid transport pass over these squares?

    Restricted squares can never be crossed; neither can a square where the
    mover's own thrown flag lies. Pieces, gates and landing squares can.
    """
    for square in squares:
        kind = tb.kind[square]
        if kind in RESTRICTED:
            return CROSSES[kind], {"square": square}
        flag = state.lying.get(square)
        if flag is not None and tb.flag_owner[flag] == owner:
            return "path-crosses-own-flag", {"square": square, "player": owner}
    return None


def blast(tb: BoardTables, state: State, owner: str, line: tuple[str, ...]) -> Iterator[tuple[str, Refusal | None]]:
    """Walk a weapon along a line: each square it reaches, then the square that stops it, if any.

    Restricted squares, main gates, landing squares and the user's own pieces
    stop a weapon (the stopping square is yielded with its refusal and the
    walk ends); opponent pieces and thrown flags do not.
    """
    for square in line:
        code = BLOCKS.get(tb.kind[square])
        if code is not None:
            details = {"square": square}
            if code == "blocked-by-gate":
                details["gate"] = tb.gate_ids[square]
            yield square, (code, details)
            return
        occupant = state.pieces.get(square)
        if occupant is not None and occupant.owner == owner:
            yield square, ("blocked-by-own-piece", {"square": square, "player": owner})
            return
        yield square, None


def through_gate(tb: BoardTables, frm: str, square: str) -> bool:
    """True when ``square`` is a landing square of a main gate next to ``frm``."""
    gate = tb.gate_of_landing.get(square)
    return gate is not None and gate in tb.gates_next_to[frm]


def weapon_target(tb: BoardTables, state: State, owner: str, square: str, freeze: bool) -> Refusal | None:
    """Can the Zagmora (or, with ``freeze``, the Elvindra) hit the piece on ``square``?

    Any opponent piece can be bombed. A freeze needs a piece that is not
    frozen already and has no unfrozen piece of its own side beside it.
    """
    target = state.pieces.get(square)
    if target is None:
        return "no-target", {"square": square}
    if target.owner == owner:
        return "own-target", {"square": square, "player": owner}
    if freeze:
        if target.frozen:
            return "target-frozen", {"square": square}
        friend = guarded_by(tb, state, square, target.owner)
        if friend is not None:
            return "target-protected", {"square": square, "friend": friend}
    return None


def guarded_by(tb: BoardTables, state: State, square: str, owner: str) -> str | None:
    """An unfrozen piece of ``owner`` next to ``square``, if any (it frees or shields a frozen piece)."""
    pieces = state.pieces
    for near in tb.neighbours[square]:
        piece = pieces.get(near)
        if piece is not None and piece.owner == owner and not piece.frozen:
            return near
    return None


def pass_path(tb: BoardTables, state: State, line: tuple[str, ...]) -> Refusal | None:
    """Are the squares between two pieces (``line`` without its last square) clear for an item?

    Restricted squares, main gates, landing squares and any piece stop a
    passed item.
    """
    for square in line[:-1]:
        kind = tb.kind[square]
        code = BLOCKS.get(kind)
        if code is not None:
            details = {"square": square}
            if kind == "gate":
                details["gate"] = tb.gate_ids[square]
            return code, details
        if square in state.pieces:
            return "blocked-by-piece", {"square": square}
    return None


def receiver(tb: BoardTables, state: State, sender: Piece, square: str, swap: bool) -> Refusal | None:
    """Can the piece on ``square`` receive the sender's item (or, with ``swap``, exchange with it)?

    The receiver is an own, unfrozen, single piece, empty-handed for a send
    and carrying an item for an exchange. Pieces on acquisition squares never
    receive, except under the golden rule: the opponent's flag sent to a piece
    on its own side's flag acquisition square.
    """
    piece = state.pieces.get(square)
    if piece is None:
        return "no-receiver", {"square": square}
    if piece.owner != sender.owner:
        return "receiver-not-own", {"square": square, "owner": piece.owner}
    if piece.frozen:
        return "receiver-frozen", {"square": square}
    if piece.merged:
        return "receiver-merged", {"square": square}
    if swap and piece.item is None:
        return "receiver-empty-handed", {"square": square}
    if not swap and piece.item is not None:
        return "receiver-hands-full", {"square": square, "item": piece.item}
    kind = tb.kind[square]
    if kind in ACQUISITION and not (not swap and golden(tb, sender, square)):
        return "receiver-on-acquisition-square", {"square": square}
    if kind in RESTRICTED:
        return BLOCKS[kind], {"square": square}
    return None


def golden(tb: BoardTables, sender: Piece, square: str) -> bool:
    """The golden rule: the sender carries the opponent's flag and ``square`` is an own flag acquisition square."""
    owner = sender.owner
    opponent_flag = tb.flag_item[tb.opponent[owner]]
    return sender.item == opponent_flag and square in tb.flag_acquisition[tb.flag_item[owner]]


def flag_spot(tb: BoardTables, state: State, square: str) -> Refusal | None:
    """Can a thrown flag come to rest on ``square`` (reached directly or through a gate)?"""
    kind = tb.kind[square]
    if kind in RESTRICTED:
        return ENTERS[kind], {"square": square}
    if kind in ACQUISITION:
        return "onto-acquisition-square", {"square": square}
    if square in state.pieces:
        return "square-occupied", {"square": square}
    if square in state.lying:
        return "flag-there", {"square": square}
    return None


def partner(tb: BoardTables, state: State, owner: str, square: str) -> Refusal | None:
    """Can a single piece of ``owner`` join the piece on ``square`` (next to it) to make a merged pair?

    The partner is an own, single, unfrozen piece carrying nothing, on a
    square the joining piece may enter (never a starting point, never a
    landing square from outside).
    """
    piece = state.pieces.get(square)
    if piece is None:
        return "no-partner", {"square": square}
    if piece.owner != owner:
        return "partner-not-own", {"square": square, "owner": piece.owner}
    if piece.merged:
        return "partner-merged", {"square": square}
    if piece.frozen:
        return "partner-frozen", {"square": square}
    if piece.item is not None:
        return "partner-hands-full", {"square": square, "item": piece.item}
    kind = tb.kind[square]
    if kind in RESTRICTED:
        return ENTERS[kind], {"square": square}
    if kind == "landing":
        return "enters-landing", {"square": square, "gate": tb.gate_ids[tb.gate_of_landing[square]]}
    return None


def set_down(tb: BoardTables, state: State, owner: str, square: str) -> Refusal | None:
    """Can a piece taken off a merged pair be set down alone on ``square``?"""
    kind = tb.kind[square]
    if kind in RESTRICTED:
        return ENTERS[kind], {"square": square}
    if kind == "gate":
        return "enters-gate", {"square": square}
    if kind == "landing":
        return "enters-landing", {"square": square, "gate": tb.gate_ids[tb.gate_of_landing[square]]}
    piece = state.pieces.get(square)
    if piece is not None:
        if piece.owner == owner:
            return "own-piece-there", {"square": square, "player": owner}
        return "square-occupied", {"square": square}
    flag = state.lying.get(square)
    if flag is not None and tb.flag_owner[flag] == owner:
        return "own-flag-there", {"square": square, "player": owner}
    return None


def drop(tb: BoardTables, state: State, player: str) -> Refusal | None:
    """Can ``player`` put a piece from the home base onto its starting point?"""
    if state.home[player] <= 0:
        return "home-empty", {"player": player}
    start = tb.start[player]
    piece = state.pieces.get(start)
    if piece is not None and not (piece.owner == player and piece.free_hands):
        return "start-full", {"square": start}
    return None
