"""Text: actions in the game's notation, positions as text, and rule-example positions and result claims.

Actions: ``@d5`` places the dragon; ``c2-c3`` steps a knight or the dragon; ``e8>e7`` steps a knight
out of a tower (setting a carried tower down); ``e1=a5`` takes a passage between towers; ``d5xd7xf7`` is a
jump chain of the dragon through its landing squares; ``pass`` lets a side with no move pass.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from .layout import FACTIONS, KNIGHTS, Layout, opening_towers
from .moves import Occupancy
from .state import Action, Barred, Knight, State, Tower

SQUARE: dict[str, Any] = {"type": "string", "pattern": "^[a-z][0-9]+$", "description": "A square, e.g. e4."}
FACING: dict[str, Any] = {"enum": ["n", "e", "s", "w"], "description": "The way a knight faces: n, e, s or w."}

#: A rule example's ``position``.
POSITION_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "start": {"const": True, "description": "The opening position of the game, nothing else given."},
        "round": {"enum": [1, 2], "description": "The duel's round (Vatrakill plays by round 2's rules)."},
        "to_move": {"type": "string", "description": "The seat to move once the dragon is on the board."},
        "dragon": {**SQUARE, "description": "The dragon's square; leave it out while it waits to be placed."},
        "knights": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["at", "facing"],
            "properties": {"at": SQUARE, "facing": FACING, "faction": {"enum": [KNIGHTS, *FACTIONS]},
                           "carrying": {"type": "boolean"}, "returning": {"type": "boolean"}}}},
        "towers": {"description": "The towers standing on the board; left out in Vatrakill, where the set-up "
                              "puts them (and they never move).", "type": "array", "items": {"anyOf": [SQUARE, {
            "type": "object", "additionalProperties": False, "required": ["at"],
            "properties": {"at": SQUARE, "faction": {"enum": list(FACTIONS)}}}]}},
        "broken": {"type": "array", "items": SQUARE, "description": "Squares of broken towers."},
        "reserve": {"type": "integer", "minimum": 0, "description": "Duel round 1: towers not yet earned."},
        "devoured": {"type": "integer", "minimum": 0, "description": "Knights devoured so far this round."},
        "barred": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["knight", "tower"],
            "properties": {"knight": SQUARE, "tower": SQUARE}}},
    },
}

#: A rule example's ``result``: claims about what the last action did.
RESULT_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "winner": {"type": "string"},
        "faction": {"type": "string", "description": "The winning faction, or none."},
        "reason": {"enum": ["capture", "immobilised", "skewer", "none"]},
        "devoured": {"type": "array", "items": SQUARE, "description": "Squares whose knights were devoured."},
        "ejected": {"type": "array", "items": SQUARE, "description": "Squares ejected knights landed on."},
        "broken": {"type": "array", "items": SQUARE, "description": "Squares where a tower was broken."},
        "round": {"enum": [1, 2]},
        "events": {"type": "array", "items": {"type": "string"}, "description": "Event kinds that happened."},
        "facing": {"type": "object", "additionalProperties": FACING,
                   "description": "Knights' facings after the action, by square."},
        "towers": {"type": "array", "items": SQUARE, "description": "Every tower square after the action."},
        "dragon": {"type": "string", "description": "The dragon's square after the action, or none."},
        "to_move": {"type": "string", "description": "Who decides next, or none."},
    },
}

_SQ = r"[a-z][0-9]+"
_PATTERNS = (
    ("place", re.compile(rf"^@({_SQ})$")),
    ("step", re.compile(rf"^({_SQ})-({_SQ})$")),
    ("exit", re.compile(rf"^({_SQ})>({_SQ})$")),
    ("passage", re.compile(rf"^({_SQ})=({_SQ})$")),
    ("jump", re.compile(rf"^{_SQ}(?:x{_SQ})+$")),
)
_SIGN = {"step": "-", "dragon-step": "-", "exit": ">", "passage": "="}


def action_text(action: Action) -> str:
    """An action in the notation (see the module docstring)."""
    if action.kind == "pass":
        return "pass"
    if action.kind == "place":
        return "@" + action.path[0]
    if action.kind == "jump":
        return "x".join(action.path)
    return _SIGN[action.kind].join(action.path)


def parse_action(layout: Layout, state: State, text: str) -> Action:
    """Read an action; a step from the dragon's square is the dragon's, a step out of a tower is an exit."""
    text = text.strip()
    if text == "pass":
        return Action("pass")
    for kind, pattern in _PATTERNS:
        if pattern.match(text):
            squares = tuple(re.findall(_SQ, text))
            for square in squares:
                if square not in layout.tables.index:
                    raise ValueError(f"'{square}' is off the board ({layout.tables.grid.describe()})")
            if kind == "step":
                occ = Occupancy(state)
                knight = occ.knights.get(squares[0])
                if squares[0] == state.dragon:
                    kind = "dragon-step"
                elif knight is not None and squares[0] in occ.towers and not knight.carrying:
                    kind = "exit"
            return Action(kind, squares)
    raise ValueError(f"'{text}' is not an action: write @d5 (place the dragon), c2-c3 (step), e8>e7 (leave a "
                     "tower), e1=a5 (passage), d5xd7xf7 (jumps) or pass")


def _knight_text(knight: Knight, in_tower: bool) -> str:
    flags = [flag for flag, on in (("in tower", in_tower), ("carrying a tower", knight.carrying),
                                   ("returning", knight.returning)) if on]
    return f"{knight.square} {knight.facing}" + (f" ({', '.join(flags)})" if flags else "")


def state_text(layout: Layout, state: State, decider: str | None) -> str:
    """A position in a few lines."""
    title = f"Patrakill duel, round {state.round}" if layout.duel else "Vatrakill"
    lines = [f"{title}; to decide: {decider or 'nobody'}"]
    dragon = f"dragon on {state.dragon}" if state.dragon else "dragon waiting to be placed"
    extra = f"; towers in reserve {state.reserve}" if layout.duel and state.round == 1 else ""
    lines.append(f"{dragon}; devoured {state.devoured} of {layout.skewer}; out of play {state.absent}{extra}")
    towers = {t.square for t in state.towers}
    for faction in layout.factions:
        mine = [_knight_text(k, k.square in towers) for k in state.knights if k.faction == faction]
        lines.append(f"{faction}: " + (", ".join(mine) or "no knights"))
    lines.append("towers: " + (", ".join(t.square + (f" {t.faction}" if t.faction else "") for t in state.towers)
                               or "none"))
    lines.append("broken towers: " + (", ".join(state.broken) or "none"))
    if state.barred:
        lines.append("barred: " + ", ".join(f"{b.knight} may not re-enter {b.tower}" for b in state.barred))
    if state.ending is not None:
        lines.append(f"over: {', '.join(state.ending.winners)} ({state.ending.reason}"
                     + (f", {state.ending.faction} faction)" if state.ending.faction else ")"))
    return "\n".join(lines)


def _square(layout: Layout, square: str, what: str) -> str:
    if square not in layout.tables.index:
        raise ValueError(f"{what} '{square}' is off the board ({layout.tables.grid.describe()})")
    return square


def read_position(layout: Layout, data: Mapping[str, Any]) -> State:
    """A position from a rule example's mapping; ValueError naming what is impossible."""
    duel = layout.duel
    rnd = int(data.get("round", 1 if duel else 2))
    if not duel and rnd != 2:
        raise ValueError("Vatrakill has a single round, played by round 2's rules: leave 'round' out")
    seen: dict[str, str] = {}

    def claim(square: str, what: str) -> None:
        _square(layout, square, what)
        if square in seen:
            raise ValueError(f"{what} on {square} shares the square with {seen[square]}")
        seen[square] = what

    towers: dict[str, Tower] = {}
    listed = data.get("towers")
    if listed is None and not duel:  # Vatrakill's towers stand where the set-up puts them
        listed = [{"at": tower.square, "faction": tower.faction} for tower in opening_towers(layout)]
    for entry in listed or []:
        square, faction = (entry, None) if isinstance(entry, str) else (entry["at"], entry.get("faction"))
        if faction is not None and faction not in layout.factions:
            raise ValueError(f"tower on {square} belongs to '{faction}', which is not a faction in play "
                             f"({', '.join(layout.factions)}); duel towers have no faction")
        claim(square, "a tower")
        towers[square] = Tower(square, faction)
    broken = tuple(data.get("broken", []))
    for square in broken:
        claim(square, "a broken tower")
    dragon = data.get("dragon")
    if dragon is not None:
        claim(dragon, "the dragon")
    knights: dict[str, Knight] = {}
    for entry in data.get("knights", []):
        square = _square(layout, str(entry.get("at")), "knight")
        if entry.get("facing") not in ("n", "e", "s", "w"):
            raise ValueError(f"knight on {square} faces '{entry.get('facing')}': a knight faces n, e, s or w")
        faction = entry.get("faction", KNIGHTS if duel else None)
        if faction not in layout.factions:
            raise ValueError(f"knight on {square} needs a faction in play ({', '.join(layout.factions)})")
        carrying, returning = bool(entry.get("carrying", False)), bool(entry.get("returning", False))
        if (carrying or returning) and not (duel and rnd == 1):
            raise ValueError(f"knight on {square}: carrying and returning happen only in round 1 of the duel")
        if carrying and returning:
            raise ValueError(f"knight on {square} cannot carry a tower and be returning from setting one down")
        if square in knights or (square in seen and seen[square] != "a tower"):
            raise ValueError(f"knight on {square} shares the square with {seen.get(square, 'another knight')}")
        if carrying and square in towers:
            raise ValueError(f"knight on {square} carries a tower onto a square that holds one")
        knights[square] = Knight(square, entry["facing"], faction, carrying, returning)
    for faction in layout.factions:
        count = sum(1 for k in knights.values() if k.faction == faction)
        limit = len(layout.camp) if duel else len(layout.zones[layout.homes[faction]].line)
        if count > limit:
            raise ValueError(f"{count} {faction} knights on the board, the faction has only {limit}")
    carried = sum(1 for k in knights.values() if k.carrying)
    used = len(towers) + carried + len(broken)
    if duel and used > layout.towers:
        raise ValueError(f"{used} towers (standing, carried or broken) but the duel has only {layout.towers}")
    reserve = int(data.get("reserve", layout.towers - used if duel and rnd == 1 else 0))
    if duel and rnd == 1 and reserve + used != layout.towers:
        raise ValueError(f"reserve {reserve} plus {used} towers in play should make {layout.towers}")
    if duel and rnd == 1 and reserve == 0 and carried == 0:
        raise ValueError("every tower is set down or broken: round 1 would already be over (write round: 2)")
    if reserve and not (duel and rnd == 1):
        raise ValueError("towers are held in reserve only in round 1 of the duel")
    devoured = int(data.get("devoured", 0))
    if devoured >= layout.skewer:
        raise ValueError(f"{devoured} knights devoured: the dragon's skewer of {layout.skewer} would have ended it")
    absent = layout.knight_total - len(knights) - devoured
    if absent < 0:
        raise ValueError(f"{len(knights)} knights on the board and {devoured} devoured: more than the "
                         f"{layout.knight_total} the game has")
    seat_name = str(data.get("to_move", layout.seats[0]))
    if seat_name not in layout.seats:
        raise ValueError(f"to_move '{seat_name}' is not a seat of this game ({', '.join(layout.seats)})")
    barred = []
    for entry in data.get("barred", []):
        knight = knights.get(entry["knight"])
        if knight is None or entry["knight"] in towers or entry["tower"] not in towers:
            raise ValueError(f"barred: {entry['knight']} must hold a knight outside a tower and "
                             f"{entry['tower']} a tower")
        barred.append(Barred(knight.square, entry["tower"], layout.seat_of(knight.faction)))
    order = layout.tables.index
    return State(rnd, dragon, tuple(sorted(knights.values(), key=lambda k: order[k.square])),
                 tuple(sorted(towers.values(), key=lambda t: order[t.square])),
                 tuple(sorted(broken, key=order.__getitem__)), reserve, devoured, absent,
                 layout.seats.index(seat_name), tuple(barred))


def claims_problems(layout: Layout, before: State, events: list[tuple[str, tuple[str, ...]]], after: State,
                    decider: str | None, claims: Mapping[str, Any]) -> list[str]:
    """Where the game's own result claims disagree with what happened (the shared ``winner`` aside)."""
    found: list[str] = []
    kinds = [kind for kind, _ in events]
    ending = after.ending
    got: dict[str, Any] = {
        "faction": (ending.faction if ending else None) or "none",
        "reason": ending.reason if ending else "none",
        "devoured": [cells[1] for kind, cells in events if kind == "devour"],
        "ejected": [cells[1] for kind, cells in events if kind == "eject"],
        "broken": [cells[0] for kind, cells in events if kind == "break-tower"],
        "round": after.round,
        "facing": {k.square: k.facing for k in after.knights},
        "towers": sorted(t.square for t in after.towers),
        "dragon": after.dragon or "none",
        "to_move": decider or "none",
    }
    for key, claim in claims.items():
        if key == "winner":
            continue
        if key == "events":
            missing = [kind for kind in claim if kind not in kinds]
            if missing:
                found.append(f"result claims events {', '.join(missing)}, the action gave {', '.join(kinds)}")
        elif key == "facing":
            for square, facing in claim.items():
                if got["facing"].get(square) != facing:
                    found.append(f"result says the knight on {square} faces {facing}, the rules say "
                                 f"{got['facing'].get(square, 'no knight there')}")
        elif key in ("devoured", "ejected", "broken", "towers"):
            if sorted(claim) != sorted(got[key]):
                found.append(f"result says {key} {sorted(claim)}, the rules say {sorted(got[key])}")
        elif claim != got[key]:
            found.append(f"result says {key} {claim}, the rules say {got[key]}")
    return found
