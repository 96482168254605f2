"""Dragon Eyes: 84 face-down pieces on a hexagon of 91 hexes, seven of them Dragon Eyes.

The package exposes :data:`PLUGIN`, found by the shared registry. Modules:
:mod:`.tables` (the board's precomputed look-ups), :mod:`.state`,
:mod:`.actions` (and their notation), :mod:`.captures` (jumps, flights and
chains), :mod:`.check` (reason codes), :mod:`.ending`, :mod:`.positions`
(rule-example positions and position text), :mod:`.drawing` and
:mod:`.engine`, which puts them together behind the shared contract.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...errors import SpecError
from ...model.geometry import HexGrid
from ...play.contract import LayoutProblem
from ...play.registry import GamePlugin, Recording
from ...model.validate import check_instance, option
from .engine import DragonEyesRules
from .tables import Tables, build_tables

if TYPE_CHECKING:
    from ...model.game import Game
    from ...rulebook.hooks import BookHooks
    from ...model.theme import Theme
    from ...tts.setup import TableSetup

#: The game's variants, as ``game.yaml`` lists them under ``options``.
OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "declare_draw": {"type": "boolean", "default": False,
                         "description": "Level Dragon Eyes at the start of a second-phase turn give a draw only "
                                        "if the player declares it."},
    },
}


def make_rules(game: "Game") -> DragonEyesRules:
    """The engine for a loaded game: two players, a hex board, its ``eye`` marks and its options."""
    doc = game.documents.get("game")
    board_doc = game.documents.get("board")
    problems = check_instance(doc, OPTIONS_SCHEMA, ("options",)) if doc is not None else []
    grid = game.board.grid
    if not isinstance(grid, HexGrid):
        message = "Dragon Eyes is played on hexes"
        hint = "set 'grid: {shape: hex, radius: 5, orientation: pointy, naming: rows}'"
        problems += [board_doc.problem(("grid",), message, hint)] if board_doc is not None else []
    if len(game.players) != 2 and doc is not None:
        problems.append(doc.problem(("players",), f"Dragon Eyes has two sides, not {len(game.players)}",
                                    "list exactly two players (the first owns the light pieces)"))
    eyes = game.board.marked_cells("eye")
    cells = sum(1 for _ in grid.cells())
    if isinstance(grid, HexGrid) and (cells - len(eyes)) % 2 and board_doc is not None:
        problems.append(board_doc.problem(("marks",), f"{cells - len(eyes)} hexes are not eyes: the pieces "
                                                      "cannot be shared equally between the two sides",
                                          "mark eyes so that an even number of hexes is left"))
    if problems:
        raise SpecError(problems)
    assert isinstance(grid, HexGrid)
    tables = build_tables(grid, eyes)
    players = (game.players[0].id, game.players[1].id)
    return DragonEyesRules(players, tables, (cells - len(eyes)) // 2,
                           bool(option(game.options, OPTIONS_SCHEMA, "declare_draw")), eye_layout_problems(tables),
                           (game.players[0].name, game.players[1].name))


def eye_layout_problems(tables: Tables) -> list[str]:
    """Where the marked eyes differ from the source's board: its six corners and its centre (each at its hex)."""
    corners = {i for i, near in enumerate(tables.neighbours) if len(near) == 3}
    centre = {i for i, rays in enumerate(tables.rays) if len({len(ray) for ray in rays}) == 1}
    wanted = corners | centre
    marked = set(tables.eyes)
    names = tables.names
    found: list[str] = []
    for i in sorted(marked - wanted):
        found.append(LayoutProblem(f"{names[i]} is marked as a Dragon Eye but is neither a corner nor the centre",
                                   cells=(names[i],), hint="the eyes are the six corners and the centre: remove it"))
    for i in sorted(wanted - marked):
        found.append(LayoutProblem(f"{names[i]} is a corner or the centre but is not marked as a Dragon Eye",
                                   hint=f"add {names[i]} to the eye mark's 'at'"))
    return found


def book(game: "Game", theme: "Theme") -> "BookHooks":
    """Dragon Eyes' part of its rulebook (imported on first use): facts, board map, pieces, example diagrams."""
    from .book import book_hooks

    return book_hooks(game, theme)


def table(game: "Game", seed: int) -> "TableSetup":
    """Dragon Eyes' table, set up for play (imported on first use)."""
    from .table import table as laid

    return laid(game, seed)


PLUGIN = GamePlugin(
    rules="dragon-eyes",
    make_rules=make_rules,
    options_schema=OPTIONS_SCHEMA,
    summary="Two sides turn over face-down pieces on a hexagon of 91 hexes; captures chain, and pieces on the "
            "seven Dragon Eyes are enchanted and fly.",
    recordings=(
        Recording("dragon-eyes", 19, 100, "flips and reveals, then captures, chains and enchanted flights"),
        Recording("dragon-eyes", 7, 120, "a slower opening that reaches chains and eye landings"),
    ),
    book=book,
    table=table,
)
