"""Positions and action lists as plain text, for playthroughs and reports.

The board is drawn with four characters per square, north at the top:
a piece is its player's initial, followed by ``2`` for a merged pair, ``~``
when frozen, or a letter for what it carries (``f`` flag, ``z`` Zagmora,
``e`` Elvindra, ``x`` Arxval). Empty squares show their kind (see
:data:`LEGEND`, the lines explaining the drawing).
"""
from __future__ import annotations

from .actions import Action
from .state import State, describe_piece
from .tables import BoardTables

#: One letter per item kind, for pieces that carry something.
ITEM_MARK = {"flag": "f", "bomb": "z", "freeze": "e", "rapid-transport": "x"}

LEGEND = ("squares: . plain, : flag acquisition, ; weapon acquisition, H home base, S starting point, "
          "# main gate, o landing square, F flag at home (f: away), Z/E/X weapon in storage (_: away), ^ thrown flag",
          "pieces: the player's initial (R red, B black), then 2 merged pair, ~ frozen, "
          "f z e x carrying a flag, Zagmora, Elvindra, Arxval")


def _empty(tb: BoardTables, state: State, square: str) -> str:
    kind = tb.kind[square]
    if square in state.lying:
        return "^"
    if kind == "flag":
        flag = next(i for i, o in tb.origin.items() if o == square)
        return "F" if flag in state.stored else "f"
    if kind == "storage":
        item = next(i for i, o in tb.origin.items() if o == square)
        return ITEM_MARK[tb.item_kind[item]].upper() if item in state.stored else "_"
    return {"plain": ".", "flag-acquisition": ":", "weapon-acquisition": ";", "home": "H", "start": "S",
            "gate": "#", "landing": "o"}[kind]


def render_board(tb: BoardTables, state: State) -> str:
    """The board as a grid of text, with column letters and row numbers."""
    names = tb.squares
    columns = sorted({n.rstrip("0123456789") for n in names}, key=lambda c: names.index(c + "1"))
    rows = max(int(n[len(n.rstrip("0123456789")):]) for n in names)
    lines = ["    " + "".join(f"{c:<4}" for c in columns).rstrip()]
    for row in range(rows, 0, -1):
        cells = []
        for col in columns:
            square = f"{col}{row}"
            piece = state.pieces.get(square)
            if piece is None:
                cells.append(f"{_empty(tb, state, square):<4}")
                continue
            mark = "2" if piece.merged else "~" if piece.frozen else ""
            item = ITEM_MARK[tb.item_kind[piece.item]] if piece.item and not piece.frozen else ""
            cells.append(f"{piece.owner[0].upper()}{mark}{item}".ljust(4))
        lines.append(f"{row:>3} " + "".join(cells).rstrip())
    return "\n".join(lines)


def render_state(tb: BoardTables, state: State) -> str:
    """The board plus every detail the drawing cannot show: items, home counts, turn, winner."""
    lines = [render_board(tb, state)]
    for player in tb.players:
        mine = [f"{sq} {describe_piece(p).partition(' ')[2] or 'single'}"
                for sq, p in sorted(state.pieces.items(), key=lambda kv: tb.squares.index(kv[0]))
                if p.owner == player]
        lines.append(f"{player}: home {state.home[player]}; " + ("; ".join(mine) if mine else "no piece out"))
    stored = sorted(state.stored)
    lines.append("stored: " + (" ".join(stored) if stored else "nothing"))
    if state.lying:
        lines.append("lying: " + " ".join(f"{flag} on {sq}" for sq, flag in sorted(state.lying.items())))
    if state.winner:
        lines.append(f"winner: {state.winner} ({state.win_reason})")
    elif state.setup:
        lines.append(f"set-up: {state.actor} decides on the free drop")
    else:
        lines.append(f"to move: {state.to_move}")
    return "\n".join(lines)


def render_actions(actions: list[Action]) -> str:
    """Actions grouped by acting square, one line per square, each action shortened to its target."""
    groups: dict[str, list[str]] = {}
    for action in actions:
        words = str(action).split()[2:]
        key = words[0] if action.frm else "-"
        target = words[-1] if action.frm and len(words) > 1 else ""
        groups.setdefault(key, []).append(f"{action.kind} {target}".strip())
    return "\n".join(f"  {key}: " + ", ".join(items) for key, items in groups.items())
