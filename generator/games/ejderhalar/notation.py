"""Ejderhalar's notation: actions and positions as text, and positions from rule-example mappings.

An action is the token's path, squares joined by dashes (the picked-up square
first, the placing square last), then ``push`` when it pushes, then one
``left``/``right`` word per choice the push asks for, in order:
``b2-b3-c3``, ``d3-d4 push``, ``e4-e5 push left right``. A position names each
stack by its dragons bottom to top.
"""
from __future__ import annotations

from typing import Any, Mapping

from .layout import TURNS, Layout
from .state import EMPTY, Action, State

#: JSON Schema of a rule example's ``position``.
POSITION_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "setup": {"const": True, "description": "Start from the set-up position (nothing else may be given "
                                                "but 'stunned')."},
        "stacks": {"type": "object", "description": "square: [dragon, ...] bottom to top, e.g. a4: [p1-a4, p1-a4]. "
                                                    "A dragon left out entirely takes no part.",
                   "additionalProperties": {"type": "array", "items": {"type": "string"}, "minItems": 1}},
        "stunned": {"description": "Stunned dragons: a list (one turn each) or dragon: turns.",
                    "anyOf": [{"type": "array", "items": {"type": "string"}, "uniqueItems": True},
                              {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1}}]},
        "turn": {"type": "string", "description": "The player to act (default: the first player)."},
        "action": {"enum": [1, 2], "description": "Which action of the turn (default 1)."},
        "moved": {"type": "string", "description": "In action 2: the square of the token moved in action 1."},
        "opening": {"type": "boolean", "description": "True in the first player's single-action first turn."},
    },
}


def action_text(layout: Layout, action: Action) -> str:
    """An action in the game's notation."""
    text = "-".join(layout.cells[c] for c in action.path)
    return " ".join([text] + (["push"] if action.push else []) + list(action.choices))


def parse_action(layout: Layout, text: str) -> Action:
    """Read an action; ValueError saying what is wrong with the text."""
    words = text.strip().lower().split()
    if not words:
        raise ValueError("an action is a path like 'b2-b3', then 'push' and any 'left'/'right' it needs")
    squares = words[0].split("-")
    if len(squares) < 2:
        raise ValueError(f"'{words[0]}' is not a path: name the square picked from and each square entered, "
                         f"joined by '-', e.g. 'b2-b3'")
    path = tuple(layout.cell(square) for square in squares)
    rest = words[1:]
    push = bool(rest) and rest[0] == "push"
    choices = rest[1:] if push else rest
    for word in choices:
        if word not in TURNS:
            raise ValueError(f"unexpected '{word}' in '{text}': after the path comes 'push', then 'left' or "
                             f"'right' for each choice of the push")
    if choices and not push:
        raise ValueError(f"'{text}' gives left/right choices without 'push'")
    return Action(path, push, tuple(choices))


def state_text(layout: Layout, state: State) -> str:
    """A position in a few lines: each player's dragons with their squares, stuns, who acts."""
    lines = []
    for p, player in enumerate(layout.players):
        parts = []
        for k, name in enumerate(layout.dragons):
            if layout.owner_of[k] != p:
                continue
            where = [f"{layout.cells[c]}{'x' + str(state.height[c]) if state.height[c] > 1 else ''}"
                     for c in state.squares_of(k)]
            stun = f" (stunned {state.stun[k]})" if state.stun[k] else ""
            parts.append(f"{name}: {' '.join(where) or 'off'}{stun}")
        lines.append(f"{player}  " + "; ".join(parts))
    turn = "single action of the opening turn" if state.opening else f"action {state.action} of 2"
    moved = f", token moved first now on {layout.cells[state.moved]}" if state.moved >= 0 else ""
    lines.append(f"to act: {layout.players[state.player]}, {turn}{moved}")
    return "\n".join(lines)


def position(layout: Layout, data: Mapping[str, Any], setup: State) -> State:
    """A position from a rule example's mapping (see :data:`POSITION_SCHEMA`); ValueError when impossible."""
    if data.get("setup"):
        extra = sorted(set(data) - {"setup", "stunned"})
        if extra:
            raise ValueError(f"'setup: true' starts from the set-up position; remove {', '.join(extra)}")
        dragon_at, height = list(setup.dragon_at), list(setup.height)
    else:
        if "stacks" not in data:
            raise ValueError("a position needs 'stacks' (or 'setup: true')")
        dragon_at, height = [EMPTY] * len(layout.cells), [0] * len(layout.cells)
        for square, names in data["stacks"].items():
            c = layout.cell(str(square))
            kinds = {layout.dragon(str(n)) for n in names}
            if len(kinds) > 1:
                raise ValueError(f"the stack on {square} mixes dragons ({', '.join(sorted(set(map(str, names))))}): "
                                 f"tokens only ever stack on their own dragon")
            dragon_at[c], height[c] = kinds.pop(), len(names)
    for k, name in enumerate(layout.dragons):
        squares = [c for c, d in enumerate(dragon_at) if d == k]
        count = sum(height[c] for c in squares)
        if count not in (0, layout.tokens):
            raise ValueError(f"{name} has {count} token(s) on the board; a dragon has {layout.tokens} "
                             f"(or is left out entirely)")
        if not connected(layout, squares):
            raise ValueError(f"{name} is split: its squares {', '.join(layout.cells[c] for c in squares)} "
                             f"are not joined orthogonally")
    if all(d == EMPTY for d in dragon_at):
        raise ValueError("the board is empty: a position needs at least one dragon")
    stun = [0] * len(layout.dragons)
    stunned = data.get("stunned", [])
    for name in stunned:
        k = layout.dragon(str(name))
        if not any(d == k for d in dragon_at):
            raise ValueError(f"{name} is stunned but not on the board")
        stun[k] = int(stunned[name]) if isinstance(stunned, Mapping) else 1
    player = layout.players.index(data["turn"]) if data.get("turn") in layout.players else -1
    if "turn" in data and player < 0:
        raise ValueError(f"turn '{data['turn']}' is not a player ({', '.join(layout.players)})")
    player = max(player, 0)
    action = int(data.get("action", 1))
    opening = bool(data.get("opening", bool(data.get("setup"))))
    if opening and (player != 0 or action != 1):
        raise ValueError(f"the opening turn is the single action of {layout.players[0]}")
    moved = -1
    if action == 2:
        if "moved" not in data:
            raise ValueError("in action 2 'moved' names the square of the token moved in action 1")
        moved = layout.cell(str(data["moved"]))
        if dragon_at[moved] == EMPTY or layout.owner_of[dragon_at[moved]] != player:
            raise ValueError(f"'moved: {data['moved']}' must be a square holding a token of {layout.players[player]}")
    elif "moved" in data:
        raise ValueError("'moved' belongs to action 2 only")
    return State(tuple(dragon_at), tuple(height), tuple(stun), player, action, moved, opening)


def connected(layout: Layout, squares: list[int]) -> bool:
    """Whether the squares form one orthogonally joined group (true for none)."""
    if not squares:
        return True
    seen, todo = {squares[0]}, [squares[0]]
    while todo:
        for n in layout.step[todo.pop()]:
            if n in squares and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(squares)
