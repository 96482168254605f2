"""Patrakill's and Vatrakill's part of their rulebooks: the facts templates print, the pictures, the examples.

Templates write no number or square of their own: the board size, the camp,
the X squares, the zones, the towers, the skewer, the factions, the piece
counts and the print sizes come from :func:`book_facts`, read from the same
spec files as the rules engine (:func:`.layout.load_layout`) and the punch
sheets, so a changed spec changes the book. Rule examples are drawn by the
shared renderer (:func:`generator.rulebook.diagram_art.draw_rule_example`).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ...render.text import text
from ...model.game import Game
from ...model.pieces import Components
from ...play.registry import load_components
from ...rulebook.diagram_art import draw_rule_example
from ...render.pieces import render_face
from ...rulebook.board_art import board_map, cell_sample, document
from ...rulebook.hooks import BookHooks, FigureArt
from ...rulebook.ledger import Group, load_ledger
from ...model.theme import Theme
from .engine import PatrakillRules
from .layout import DRAGON, FACTIONS, KNIGHTS, Layout, load_layout

#: Square size (mm) the book's board map is drawn at; the layout scales it to the page.
BOARD_CELL_MM = 12.0
#: Square size of one-square swatches in legend tables.
SWATCH_CELL_MM = 9.0
#: Width of the largest piece in the picture of the pieces.
CHART_PIECE_MM = 15.0
#: Compass letters as words.
FACING_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}
#: The other way round.
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}


@dataclass(frozen=True)
class Side:
    """A part of the player aid: the dragon, or the knights (the duel's, or any Vatrakill faction)."""

    id: str
    name: str
    colour: str
    role: str


@dataclass(frozen=True)
class ZoneFacts:
    """A starting zone of Vatrakill: its name, its line of squares, the tower's square and the facing."""

    id: str
    name: str
    first: str
    last: str
    tower: str
    facing: str
    faction: str


@dataclass(frozen=True)
class PieceRow:
    """One kind of printed piece: name, shape, count, spares and whether its back differs."""

    name: str
    shape: str
    count: int
    spares: int
    two_faced: bool


@dataclass(frozen=True)
class FormatRow:
    """A board format of print.yaml: name, paper, sheets, square size and the knight token's size (mm)."""

    name: str
    paper: str
    sheets: int
    square_mm: float
    knight_mm: float
    tower_mm: float


@dataclass(frozen=True)
class BookFacts:
    """Everything the templates may print about Patrakill or Vatrakill (from the specs the engine reads)."""

    title: str
    designer: str
    sides: tuple[Side, ...]
    duel: bool
    columns: int
    rows: int
    corner: str
    far_corner: str
    middle: str
    camp: tuple[str, ...]
    camp_facing: str
    home_facing: str
    x_squares: tuple[str, ...]
    zones: tuple[ZoneFacts, ...]
    towers: int
    skewer: int
    knights: int
    players: int
    factions: tuple[str, ...]
    order: tuple[str, ...]
    pieces: tuple[PieceRow, ...]
    formats: tuple[FormatRow, ...]
    action_cap: int

    @property
    def board(self) -> str:
        """'9 by 9' (columns by rows)."""
        return f"{self.columns} by {self.rows}"

    @property
    def pieces_total(self) -> int:
        """Every piece the punch sheets hold, spares included."""
        return sum(p.count + p.spares for p in self.pieces)

    def zone(self, zone_id: str) -> ZoneFacts:
        """A zone by id."""
        return next(z for z in self.zones if z.id == zone_id)


def _sorted(layout: Layout, squares: object) -> tuple[str, ...]:
    """Squares in reading order of the chess convention: by rank, then by file."""
    coords = layout.tables.coords
    return tuple(sorted(squares, key=lambda s: (coords[s][1], coords[s][0])))  # type: ignore[call-overload]


def _piece_rows(kit: Components | None) -> tuple[PieceRow, ...]:
    if kit is None:
        return ()
    return tuple(PieceRow(f"{c.name} ({c.front.glyph})" if c.front.glyph and c.front.glyph.isalpha() else c.name,
                          c.shape, c.count, kit.copies(c) - c.count, c.two_faced) for c in kit.components)


def book_facts(game: Game, layout: Layout) -> BookFacts:
    """The facts of Patrakill (``mode: duel``) or Vatrakill (``mode: multi``) for the book."""
    grid = layout.tables.grid
    kit = load_components(game)
    names = {p.id: p.name for p in game.players}
    colours = {p.id: p.colour for p in game.players}
    if layout.duel:
        sides = (Side(KNIGHTS, names[KNIGHTS], colours[KNIGHTS], "knights"),
                 Side(DRAGON, names[DRAGON], colours[DRAGON], "dragon"))
    else:
        sides = (Side("factions", "A knight faction", "purple", "knights"),
                 Side(DRAGON, names[DRAGON], colours[DRAGON], "dragon"))
    owner = {zone: faction for faction, zone in layout.homes.items()}
    zone_names = {z.id: z.name for z in game.board.zones}
    zones = tuple(ZoneFacts(z.id, zone_names[z.id], z.line[0], z.line[-1], z.tower, FACING_WORDS[z.facing],
                            owner.get(z.id, "")) for z in layout.zones.values())
    formats: list[FormatRow] = []
    knight = next((c for c in kit.components if c.shape == "square"), None) if kit else None
    tower = next((c for c in kit.components if c.size == "tower"), None) if kit else None
    for name, fmt in game.formats.items():
        formats.append(FormatRow(name, "US Letter" if fmt.paper == "letter" else fmt.paper, fmt.sheet_count,
                                 fmt.square_mm, kit.dims(knight, fmt)[0] if kit and knight else 0.0,
                                 kit.dims(tower, fmt)[0] if kit and tower else 0.0))
    columns, rows = grid.columns, grid.rows
    middle = grid.name((columns + 1) // 2, (rows + 1) // 2)
    return BookFacts(
        title=game.title, designer=game.designer, sides=sides, duel=layout.duel, columns=columns, rows=rows,
        corner=grid.name(1, 1), far_corner=grid.name(columns, rows), middle=middle,
        camp=_sorted(layout, layout.camp), camp_facing=FACING_WORDS[layout.camp_facing],
        home_facing=FACING_WORDS[OPPOSITE[layout.camp_facing]], x_squares=_sorted(layout, layout.x_squares),
        zones=zones, towers=layout.towers, skewer=layout.skewer, knights=layout.knight_total,
        players=int(game.options.get("players", 2)), factions=layout.factions if not layout.duel else FACTIONS,
        order=layout.seats,
        pieces=_piece_rows(kit), formats=tuple(formats), action_cap=PatrakillRules.max_plies)


def pieces_chart(game: Game, theme: Theme) -> str:
    """One of every kind of piece as the punch sheets print it, front (and back when it differs), named."""
    kit = load_components(game)
    pitch = CHART_PIECE_MM * 1.55
    if kit is None:
        return str(document(pitch, pitch).tostring())
    palette = kit.palette(theme)
    faces = []
    for c in kit.components:
        faces.append((c, c.front, c.name))
        if c.two_faced:
            faces.append((c, c.back, f"{c.name}, back"))
    biggest = max(kit.sizes.values())
    per_row = 4  # the chart fits the A5 booklet at natural size, its names at 6 pt or more
    rows = (len(faces) + per_row - 1) // per_row
    doc = document(per_row * pitch, rows * (pitch + 4.0))
    for n, (c, face, name) in enumerate(faces):
        row, col = divmod(n, per_row)
        x, y = (col + 0.5) * pitch, row * (pitch + 4.0) + CHART_PIECE_MM * 0.55
        size = (c.fraction or kit.sizes.get(c.size, biggest)) / biggest * CHART_PIECE_MM
        doc.add(render_face(face, palette, x, y, size, 0.0, cut_line=True, shape=c.shape))
        doc.add(text(name, x, y + CHART_PIECE_MM * 0.55 + 4.0, 2.6, theme.colour("muted-text"), anchor="middle"))
    return str(doc.tostring())


def readings(game: Game) -> list[Group]:
    """The ledger's readings for players: the game's own, else (Vatrakill) those of the Patrakill folder it
    shares its board with."""
    groups, _ = load_ledger(game.folder / "rules-interpretations.md")
    if not groups:
        board = game.path("board")
        groups = load_ledger(board.parent / "rules-interpretations.md")[0] if board is not None else []
    return groups


def book_hooks(game: Game, theme: Theme) -> BookHooks:
    """The facts, pictures and example diagrams of Patrakill or Vatrakill for the shared typesetter."""
    layout = load_layout(game)
    facts = book_facts(game, layout)
    figures: dict[str, Callable[[], FigureArt]] = {
        "board-map": lambda: FigureArt(board_map(game, theme, BOARD_CELL_MM)),
        "pieces": lambda: FigureArt(pieces_chart(game, theme)),
    }
    context = {"facts": facts, "knights": facts.sides[0], "dragon": facts.sides[1], "readings": readings(game)}

    def example(path: Path) -> FigureArt:
        return draw_rule_example(game, path, captioned=False)

    return BookHooks(facts, context, figures, example,
                     lambda cell: cell_sample(game, theme, cell, SWATCH_CELL_MM), facts.sides)
