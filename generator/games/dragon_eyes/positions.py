"""Positions as rule examples write them, and as recorded games print them.

A rule example's ``position`` lists the face-up pieces of each side by hex,
the face-down hexes (a list, or ``rest`` for every non-eye hex not named
elsewhere, ``empty`` naming the ones left bare), how many face-down pieces
belong to each side (never which), the side to move, and optionally a
``flipped`` hex whose owner chance has still to reveal::

    position:
      light: [f5, c3]
      dark: [f7]
      face_down: rest
      empty: [d4, e4]
      hidden: {light: 40, dark: 39}
      to_move: dark
"""
from __future__ import annotations

from typing import Any, Mapping

from .state import DOWN, EMPTY, State, piece_of
from .tables import Tables

CELL = {"type": "string", "pattern": "^[a-z][0-9]+$", "description": "A hex, e.g. f6."}
CELLS = {"type": "array", "items": CELL, "uniqueItems": True}


def position_schema(players: tuple[str, ...]) -> dict[str, Any]:
    """JSON Schema of a rule example's ``position`` for a game with these two players."""
    return {
        "type": "object", "additionalProperties": False, "required": ["to_move"],
        "properties": {
            **{player: {**CELLS, "description": f"Hexes of {player}'s face-up pieces."} for player in players},
            "face_down": {"description": "Hexes of face-down pieces, or 'rest' for every non-eye hex not named "
                                         "elsewhere.", "anyOf": [{"const": "rest"}, CELLS]},
            "empty": {**CELLS, "description": "With face_down: rest, the non-eye hexes left empty."},
            "hidden": {"type": "object", "additionalProperties": False, "required": list(players),
                       "description": "How many face-down pieces belong to each side (never which).",
                       "properties": {player: {"type": "integer", "minimum": 0} for player in players}},
            "to_move": {"enum": list(players), "description": "The side whose turn it is."},
            "flipped": {**CELL, "description": "A face-down hex just turned over, awaiting chance's reveal."},
        },
    }


def read_position(tables: Tables, players: tuple[str, ...], per_side: int, data: Mapping[str, Any]) -> State:
    """The state a rule example's ``position`` describes (``over`` left unset); ValueError when impossible."""
    board = [EMPTY] * tables.size
    named: dict[int, str] = {}

    def place(cell_name: str, code: int, role: str) -> int:
        """Put ``code`` on a named hex, refusing a hex named twice."""
        cell = tables.cell(cell_name)
        if cell in named:
            raise ValueError(f"{cell_name} is named twice (as {named[cell]} and as {role})")
        named[cell] = role
        board[cell] = code
        return cell

    for seat, player in enumerate(players):
        for name in data.get(player, []):
            place(name, piece_of(seat), f"a {player} piece")
    for name in data.get("empty", []):
        place(name, EMPTY, "empty")
    face_down = data.get("face_down", [])
    if "empty" in data and face_down != "rest":
        raise ValueError("'empty' goes with 'face_down: rest' only (elsewhere every hex not named is empty)")
    if face_down == "rest":
        down = [name for cell, name in enumerate(tables.names) if cell not in named and not tables.eye[cell]]
    else:
        down = list(face_down)
    for name in down:
        cell = place(name, DOWN, "face down")
        if tables.eye[cell]:
            raise ValueError(f"{name} is a Dragon Eye: eyes start empty, so no face-down piece can stand there")
    hidden_data = data.get("hidden", {player: 0 for player in players})
    missing = [player for player in players if not isinstance(hidden_data.get(player), int)]
    if missing:
        raise ValueError(f"'hidden' must give a whole number of face-down pieces for {', '.join(missing)}")
    hidden = (int(hidden_data[players[0]]), int(hidden_data[players[1]]))
    if sum(hidden) != len(down) or min(hidden) < 0:
        raise ValueError(f"'hidden' gives {hidden[0]} + {hidden[1]} face-down pieces, but {len(down)} hexes "
                         "are face down: say how many of them belong to each side")
    captured = []
    for seat, player in enumerate(players):
        count = board.count(piece_of(seat)) + hidden[seat]
        if count > per_side:
            raise ValueError(f"{player} has {count} pieces here, more than the {per_side} each side owns")
        captured.append(per_side - count)
    if data.get("to_move") not in players:
        raise ValueError(f"to_move must be one of {', '.join(players)}, not {data.get('to_move')!r}")
    flipped = None
    if "flipped" in data:
        flipped = tables.cell(data["flipped"])
        if board[flipped] != DOWN:
            raise ValueError(f"flipped hex {data['flipped']} holds no face-down piece")
    return State(tuple(board), players.index(data["to_move"]), hidden, (captured[0], captured[1]), flipped)


def state_text(tables: Tables, players: tuple[str, ...], state: State) -> str:
    """A position as text: a heading line, then the rows from the top, pieces as letters.

    A face-up piece shows its side's initial (capital on a Dragon Eye, where it
    is enchanted), ``?`` a face-down piece, ``*`` an empty eye, ``.`` an empty hex.
    """
    letters = [player[0] for player in players]
    if letters[0] == letters[1]:
        letters = ["1", "2"]
    heading = [f"{players[state.to_move]} to move", f"phase {state.phase}",
               f"face down {sum(state.hidden)} ({', '.join(f'{p} {n}' for p, n in zip(players, state.hidden))})",
               f"captured {', '.join(f'{p} {n}' for p, n in zip(players, state.captured))}"]
    if state.flipped is not None:
        heading.append(f"{tables.names[state.flipped]} turned over, awaiting its reveal")
    if state.over is not None:
        heading.append("draw" if state.over.draw else f"{state.over.winners[0]} has won")
    rows: dict[str, list[str]] = {}
    for cell, name in enumerate(tables.names):
        code = state.board[cell]
        if code == DOWN:
            mark = "?"
        elif code == EMPTY:
            mark = "*" if tables.eye[cell] else "."
        else:
            mark = letters[code - 1].upper() if tables.eye[cell] else letters[code - 1].lower()
        rows.setdefault(name[0], []).append(mark)
    widest = max(len(marks) for marks in rows.values())
    lines = [f"{row} {' ' * (widest - len(marks))}{' '.join(marks)}" for row, marks in reversed(rows.items())]
    return "; ".join(heading) + "\n" + "\n".join(lines)
