"""Dragon Eyes' part of its rulebook: the facts templates print, the board map, the pieces, and example diagrams.

Templates write no number of their own: hexes, eyes, piece counts, spares,
hex sizes and the draw variant come from :func:`book_facts`, read from the
same spec files as the rules engine and the punch sheets, so a changed spec
changes the book.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import svgwrite

from ...render.text import text
from ...model.game import Game
from ...play.registry import load_components
from ...rulebook.diagram_art import draw_rule_example
from ...play.registry import rules_for
from ...render.board import render_board
from ...render.pieces import render_face
from ...rulebook.board_art import board_map
from ...rulebook.hooks import BookHooks, FigureArt
from ...model.theme import Theme
from .engine import DragonEyesRules

#: Largest hex size (centre to centre, mm) of the book's board map; it is drawn smaller where the narrowest measure
#: of the books needs it (:func:`~generator.rulebook.board_art.map_cell`), so its 6 pt names never print smaller.
BOARD_CELL_MM = 10.0
#: Hex size of one-hex swatches in legend tables.
SWATCH_CELL_MM = 9.0
#: Width across the flats of the pieces drawn in the book's picture of the pieces.
PIECE_MM = 16.0


@dataclass(frozen=True)
class Side:
    """One player: id, name and colour key (the player aid has a part for each)."""

    id: str
    name: str
    colour: str


@dataclass(frozen=True)
class Format:
    """One print format of the board: name, paper, sheets and hex size (mm, centre to centre)."""

    name: str
    paper: str
    sheets: int
    square_mm: float


@dataclass(frozen=True)
class BookFacts:
    """Everything the templates may print about Dragon Eyes (from the spec files the engine reads)."""

    title: str
    designer: str
    sides: tuple[Side, ...]
    hexes: int
    rows: str
    eyes: tuple[str, ...]
    corner_eyes: tuple[str, ...]
    centre: str
    pieces: int
    per_side: int
    spares: int
    piece_share: float
    declare_draw: bool
    formats: tuple[Format, ...]


def book_facts(game: Game) -> BookFacts:
    """Dragon Eyes' facts for the book, from its specs."""
    cells = list(game.board.squares)
    rows = sorted({c[0] for c in cells})
    eyes = tuple(sorted(game.board.marked_cells("eye"), key=lambda c: (c[0], int(c[1:]))))
    middle = rows[len(rows) // 2]
    centre = next(e for e in eyes if e[0] == middle and 1 < int(e[1:]) < max(int(c[1:]) for c in cells if c[0] == middle))
    rules = rules_for(game)
    assert isinstance(rules, DragonEyesRules)
    per_side = rules.per_side
    components = load_components(game)
    spares = components.sheet.spares if components is not None else 0
    share = components.sizes.get("piece", 0.0) if components is not None else 0.0
    formats = tuple(Format(f.name, "US Letter" if f.paper == "letter" else f.paper, f.sheet_count, f.square_mm)
                    for f in game.formats.values())
    return BookFacts(game.title, game.designer, tuple(Side(p.id, p.name, p.colour) for p in game.players),
                     len(cells), f"{rows[0]}–{rows[-1]}", eyes, tuple(e for e in eyes if e != centre), centre,
                     2 * per_side, per_side, spares, share, rules.declare_draw, formats)


def _document(width: float, height: float, view: tuple[float, float, float, float] | None = None) -> svgwrite.Drawing:
    """An SVG document ``width`` x ``height`` mm showing ``view`` (the whole page when None)."""
    x, y, w, h = view or (0.0, 0.0, width, height)
    return svgwrite.Drawing(size=(f"{width:.3f}mm", f"{height:.3f}mm"), viewBox=f"{x:.3f} {y:.3f} {w:.3f} {h:.3f}")


def hex_sample(game: Game, theme: Theme, cell: str) -> str:
    """One hex of the board as the board draws it (for legend tables): the board art cropped to that hex."""
    art = render_board(game, theme, SWATCH_CELL_MM)
    cx, cy = game.board.grid.centre(cell)
    x, y = art.frame + cx * art.cell, art.frame + cy * art.cell
    half = SWATCH_CELL_MM * 0.62
    doc = _document(2 * half, 2 * half, (x - half, y - half, 2 * half, 2 * half))
    doc.add(art.group)
    return str(doc.tostring())


def pieces_picture(game: Game, theme: Theme) -> str:
    """A light front, a dark front and the shared back, drawn as the punch sheets print them, with names."""
    components = load_components(game)
    pitch = PIECE_MM * 2.2
    doc = _document(3 * pitch, PIECE_MM * 1.15 + 9.0)
    if components is None:
        return str(doc.tostring())
    palette = components.palette(theme)
    light, dark = components.components[0], components.components[1]
    faces = ((light.front, f"{light.name}, front"), (dark.front, f"{dark.name}, front"), (light.back, "Every back"))
    for n, (face, words) in enumerate(faces):
        x, y = (n + 0.5) * pitch, PIECE_MM * 0.6
        doc.add(render_face(face, palette, x, y, PIECE_MM, 0.0, True, "", light.shape))
        doc.add(text(words, x, PIECE_MM * 1.15 + 5.0, 3.0, theme.colour("text"), "600", anchor="middle"))
    return str(doc.tostring())


def book_hooks(game: Game, theme: Theme) -> BookHooks:
    """Dragon Eyes' facts, pictures and example diagrams for the shared typesetter."""
    facts = book_facts(game)
    figures: dict[str, Callable[[], FigureArt]] = {
        "board-map": lambda: FigureArt(board_map(game, theme, BOARD_CELL_MM)),
        "pieces": lambda: FigureArt(pieces_picture(game, theme)),
    }
    context = {"facts": facts, "light": facts.sides[0], "dark": facts.sides[1]}

    def example(path: Path) -> FigureArt:
        return draw_rule_example(game, path, captioned=False)

    return BookHooks(facts, context, figures, example, lambda cell: hex_sample(game, theme, cell), facts.sides)
