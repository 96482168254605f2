"""What the specs say about one game: the board, the duel's camp and X squares, the four zones and the options.

Nothing about the board is written in the engine: every square comes from
``board.yaml`` (mark kinds ``camp`` and ``x-square``, the four ``zones``) and
every number and choice from ``game.yaml``'s ``options``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from ...errors import Problem, SpecError
from ...model.geometry import SquareGrid
from ...play.contract import LayoutProblem
from ...model.validate import check_instance, option
from .compass import WORDS, Neighbours
from .state import Tower
from .tables import ActionTables

if TYPE_CHECKING:
    from ...model.game import Game

#: Mark kind of the duel knights' starting camp.
CAMP_MARK = "camp"
#: Mark kind of the squares where a duel knight earns a tower.
X_MARK = "x-square"
#: The player id of the dragon in both games.
DRAGON = "dragon"
#: The seat of a player who moves every knight faction (the duel, and Vatrakill for two).
KNIGHTS = "knights"
#: Ids in components.yaml of the towers and their tokens: a duel tower (a faction's is ``tower-<faction>``), the
#: neutral tower of an empty zone, the token of a tower broken while carried, and the duel's round marker.
TOWER, NEUTRAL_TOWER, BROKEN_TOWER, ROUND_MARKER = "tower", "tower-neutral", "broken-tower", "round-marker"
#: The four knight factions of Vatrakill.
FACTIONS = ("purple", "blue", "green", "yellow")

#: The game's variants, as ``game.yaml`` lists them under ``options``.
OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "mode": {"enum": ["duel", "multi"],
                 "description": "duel: Patrakill, knights against the dragon over two rounds; multi: Vatrakill."},
        "towers": {"type": "integer", "minimum": 1, "maximum": 9, "default": 5,
                   "description": "Duel: towers the knights may earn in round 1 (and broken-tower tokens)."},
        "skewer": {"type": "integer", "minimum": 1, "maximum": 12, "default": 5,
                   "description": "Knights the dragon must devour to win (or to end round 1)."},
        "players": {"type": "integer", "minimum": 2, "maximum": 5, "default": 5,
                    "description": "Vatrakill: players at the table."},
        "factions": {"type": "array", "items": {"enum": list(FACTIONS)}, "uniqueItems": True, "minItems": 2,
                     "maxItems": 4, "default": list(FACTIONS),
                     "description": "Vatrakill: the factions in play. Left out: the first two of purple, blue, "
                                    "green, yellow for 2 or 3 players, else one fewer than the players (all four "
                                    "for the default five)."},
        "seating": {"type": "array", "items": {"enum": [*FACTIONS, KNIGHTS, DRAGON]}, "uniqueItems": True,
                    "default": [*FACTIONS, DRAGON],
                    "description": "Vatrakill: the players round the table, by faction (or 'dragon'), starting with "
                                   "the one who plays first (the youngest) and each sitting on the left of the one "
                                   "before; play passes in this order. Factions not in play are skipped."},
        "zones": {"type": "object", "additionalProperties": {"type": "string"},
                  "description": "Vatrakill: the zone id (from board.yaml) each faction sets up in."},
    },
}


@dataclass(frozen=True)
class Zone:
    """A starting zone: its front line, the square of its tower (the line's middle) and the facing of its knights."""

    id: str
    line: tuple[str, ...]
    tower: str
    facing: str


@dataclass(frozen=True)
class Layout:
    """Everything the engine reads from the specs, checked and with its look-up tables built."""

    mode: str
    tables: Neighbours
    seats: tuple[str, ...]
    factions: tuple[str, ...]
    control: Mapping[str, str]
    badges: Mapping[str, str]
    camp: tuple[str, ...]
    camp_facing: str
    x_squares: frozenset[str]
    zones: Mapping[str, Zone]
    homes: Mapping[str, str]
    towers: int
    skewer: int
    actions: ActionTables
    moves_of: Mapping[str, tuple[str, ...]]

    @property
    def duel(self) -> bool:
        """True for Patrakill, the two-round duel."""
        return self.mode == "duel"

    @property
    def knight_total(self) -> int:
        """How many knights the game starts with."""
        return len(self.camp) if self.duel else sum(len(self.zones[self.homes[f]].line) for f in self.factions)

    def seat_of(self, faction: str) -> str:
        """The seat (player id) that moves a faction's knights."""
        return self.control[faction]

    def factions_of(self, seat: str) -> tuple[str, ...]:
        """The factions a seat moves (none for the dragon)."""
        return self.moves_of[seat]


def _line_zone(tables: Neighbours, zone_id: str, cells: tuple[str, ...]) -> tuple[Zone | None, str]:
    """A zone whose cells form one straight line of odd length, or a sentence saying why not."""
    if len(cells) % 2 == 0 or len(cells) < 3:
        return None, f"zone '{zone_id}' has {len(cells)} squares: a front line needs an odd number, at least 3"
    cols = {tables.coords[c][0] for c in cells}
    rows = {tables.coords[c][1] for c in cells}
    if len(cols) != 1 and len(rows) != 1:
        return None, f"zone '{zone_id}' is not one straight row or column of squares"
    ordered = tuple(sorted(cells, key=lambda c: tables.coords[c]))
    return Zone(zone_id, ordered, ordered[len(ordered) // 2], tables.towards_centre(ordered)), ""


def _seats(options: Mapping[str, Any], control: Mapping[str, str]) -> tuple[tuple[str, ...], list[tuple[str, str, str]]]:
    """Vatrakill's seats in the order they play: round the table to the left from the first player
    (``seating``, factions not in play skipped); and the problems found, as (option, what is wrong, fix).

    With two players one seat (``knights``) moves both factions.
    """
    def seat(name: str) -> str | None:
        """The seat a name of the options stands for, or None when it does not play."""
        if name == DRAGON or name == KNIGHTS and KNIGHTS in control.values():
            return name
        return control.get(name)

    table = tuple(dict.fromkeys(control[f] for f in control)) + (DRAGON,)
    seating = option(options, OPTIONS_SCHEMA, "seating")
    named = tuple(dict.fromkeys(s for s in (seat(str(name)) for name in seating) if s is not None))
    missing = [s for s in table if s not in named]
    if missing:
        return table, [("seating", f"the seating leaves out {', '.join(missing)}: everyone who plays needs a seat",
                        "name every faction in play and the dragon, starting with the first player")]
    return named, []


def load_layout(game: "Game") -> Layout:
    """Read and check the layout of a loaded game; :class:`SpecError` located in the spec files when it is wrong."""
    game_doc = game.documents["game"]
    board_doc = game.documents["board"]
    problems: list[Problem] = check_instance(game_doc, OPTIONS_SCHEMA, ("options",))
    grid = game.board.grid
    if not isinstance(grid, SquareGrid):
        problems.append(board_doc.problem(("grid", "shape"), "Patrakill is played on a square board",
                                          "use 'shape: square' with columns and rows"))
    if problems:
        raise SpecError(problems)
    assert isinstance(grid, SquareGrid)
    options = game.options
    tables = Neighbours(grid)
    mode = str(options.get("mode", "duel"))
    if mode not in ("duel", "multi"):
        raise SpecError([game_doc.problem(("options", "mode"), f"mode '{mode}' is neither 'duel' nor 'multi'",
                                          "write 'mode: duel' (Patrakill) or 'mode: multi' (Vatrakill)")])
    players = {p.id: p for p in game.players}
    badges = {p.id: p.name[:1].upper() for p in game.players}
    zones: dict[str, Zone] = {}
    for zone in game.board.zones:
        made, why = _line_zone(tables, zone.id, zone.cells)
        if made is None:
            problems.append(board_doc.problem(("zones",), why, "make each zone one straight line of 3, 5, 7... squares"))
        else:
            zones[zone.id] = made
    camp = game.board.marked_cells(CAMP_MARK)
    x_squares = frozenset(game.board.marked_cells(X_MARK))
    homes: dict[str, str] = {}
    if mode == "duel":
        needed = [KNIGHTS, DRAGON]
        factions: tuple[str, ...] = (KNIGHTS,)
        seats: tuple[str, ...] = (KNIGHTS, DRAGON)
        control = {KNIGHTS: KNIGHTS}
        if not camp:
            problems.append(board_doc.problem(("marks",), "the duel needs the knights' camp (mark kind 'camp')",
                                              "mark the starting squares of the duel's knights"))
        if not x_squares:
            problems.append(board_doc.problem(("marks",), "the duel needs X squares (mark kind 'x-square')",
                                              "mark the squares where a knight earns a tower"))
        if x_squares & set(camp):
            problems.append(board_doc.problem(("marks",), "an X square lies inside the camp",
                                              "move the X squares away from the camp"))
    else:
        count = int(option(options, OPTIONS_SCHEMA, "players"))
        factions = tuple(options.get("factions", FACTIONS[:2] if count <= 3 else FACTIONS[:count - 1]))
        wanted = 2 if count <= 3 else count - 1
        if len(factions) != wanted:
            problems.append(game_doc.problem(("options", "factions"),
                                             f"{count} players use {wanted} factions, the options list {len(factions)}",
                                             "two factions for 2 or 3 players, otherwise one fewer than the players"))
        control = {f: KNIGHTS if count == 2 else f for f in factions}
        seats, trouble = _seats(options, control)
        problems += [game_doc.problem(("options", key), why, fix) for key, why, fix in trouble]
        needed = list(seats)
        chosen = dict(options.get("zones", {}))
        for faction in FACTIONS:
            zone_id = chosen.get(faction)
            if zone_id is None or zone_id not in zones:
                problems.append(game_doc.problem(("options", "zones"),
                                                 f"faction '{faction}' has no zone of the board "
                                                 f"(zones: {', '.join(sorted(zones)) or 'none'})",
                                                 "map every faction to a zone id from board.yaml"))
            else:
                homes[faction] = zone_id
        in_play = [homes[f] for f in factions if f in homes]
        if len(set(in_play)) != len(in_play):
            problems.append(game_doc.problem(("options", "zones"), "two factions in play share a zone",
                                             "give each faction its own zone"))
        elif all(zone_id in zones for zone_id in in_play):
            # The opening puts a knight on every square of a faction's line and a neutral tower on the
            # middle of each empty zone: no two of these may fall on one square.
            taken: dict[str, str] = {}
            for start in zones.values():
                squares = start.line if start.id in in_play else (start.tower,)
                for square in squares:
                    if square in taken and taken[square] != start.id:
                        problems.append(board_doc.problem(
                            ("zones",), f"zones '{taken[square]}' and '{start.id}' both need square {square} "
                                        "for their opening pieces",
                            "keep the starting zones apart"))
                    taken.setdefault(square, start.id)
    for pid in needed:
        if pid not in players:
            problems.append(game_doc.problem(("players",), f"the {mode} game needs a player with id '{pid}'",
                                             f"add '- {{id: {pid}, name: ..., colour: ...}}' to players"))
    if problems:
        raise SpecError(problems)
    towers = int(option(options, OPTIONS_SCHEMA, "towers"))
    facing = tables.towards_centre(camp) if camp else "n"
    moves_of = {seat: tuple(f for f in factions if control[f] == seat) for seat in seats}
    return Layout(mode, tables, seats, factions, control, badges, camp, facing, x_squares, zones, homes,
                  towers, int(option(options, OPTIONS_SCHEMA, "skewer")), ActionTables(tables), moves_of)


def opening_towers(layout: Layout) -> tuple[Tower, ...]:
    """Vatrakill's towers, where the set-up puts them for good: each faction's on the middle of its zone, a
    neutral one on the middle of each zone no faction uses; in board order."""
    owner = {zone: faction for faction, zone in layout.homes.items() if faction in layout.factions}
    towers = [Tower(zone.tower, owner.get(zone.id)) for zone in layout.zones.values()]
    return tuple(sorted(towers, key=lambda t: layout.tables.index[t.square]))


def layout_warnings(layout: Layout) -> list[str]:
    """Layout facts that allow play but make a poor game: a camp no bigger than the skewer, X squares unreachable."""
    found: list[str] = []
    if layout.duel and len(layout.camp) <= layout.skewer:
        found.append(LayoutProblem(f"the camp holds {len(layout.camp)} knights and the dragon needs "
                                   f"{layout.skewer}: round 1 would end before the knights could move",
                                   option="skewer", hint=f"set skewer below {len(layout.camp)}, or mark a "
                                                         "bigger camp in board.yaml"))
    if not layout.duel and layout.knight_total < layout.skewer:
        found.append(LayoutProblem(f"the factions bring {layout.knight_total} knights and the dragon needs "
                                   f"{layout.skewer}: the dragon could never win", option="skewer",
                                   hint=f"set skewer to {layout.knight_total} or less"))
    rows = {layout.tables.coords[c][1] for c in layout.camp}
    cols = {layout.tables.coords[c][0] for c in layout.camp}
    for square in sorted(layout.x_squares):
        col, row = layout.tables.coords[square]
        ahead = {"n": row > max(rows, default=0), "s": row < min(rows, default=0),
                 "e": col > max(cols, default=0), "w": col < min(cols, default=0)}[layout.camp_facing]
        if not ahead:
            found.append(LayoutProblem(f"X square {square} is not ahead of the camp: knights could earn towers "
                                       "without crossing", cells=(square,),
                                       hint="move it beyond the camp, towards the "
                                            f"{WORDS[layout.camp_facing]} edge the knights face"))
    return found
