"""Ejderhalar's part of its rulebook: the facts templates print, the board map, the tokens, and example diagrams.

Templates never write a number of their own: the board size, the control
points, the dragons and their set-up squares, the tokens per dragon, the
control points needed, the variants and the piece counts come from
:func:`book_facts`, read from the same spec files as the rules engine, so a
changed spec changes the book.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ....render.text import text
from ....model.game import Game
from ....rulebook.diagram_art import draw_rule_example
from ....render.pieces import render_face
from ....rulebook.board_art import board_map, cell_sample, document
from ....rulebook.hooks import BookHooks, FigureArt
from ....model.theme import Theme
from ....rulebook.layout import NARROWEST_MEASURE_MM
from ..drawing import glyph
from ..engine import EjderhalarRules
from ..layout import STUN_ID, Layout, load_layout
from .tokens import CONTROL_ID, dragon_colour, kit_components, load_tokens_only, tokens_only_components

#: Square size (mm) the book's board map is drawn at; the layout scales it to the page.
BOARD_CELL_MM = 12.0
#: Square size of one-square swatches in legend tables.
SWATCH_CELL_MM = 9.0
#: Words for a player's token shape.
SHAPE_WORDS = {"disc": "round", "square": "square"}


@dataclass(frozen=True)
class Dragon:
    """One dragon as the book names it: its name, number among its owner's dragons, set-up square, colour key."""

    name: str
    number: int
    square: str
    colour: str


@dataclass(frozen=True)
class Side:
    """One player: id, name, the shape of their tokens and their dragons."""

    id: str
    name: str
    shape: str
    dragons: tuple[Dragon, ...]

    @property
    def squares(self) -> tuple[str, ...]:
        """The set-up squares of this player's dragons."""
        return tuple(d.square for d in self.dragons)

    @property
    def looks(self) -> str:
        """The shape of this player's tokens in words: 'round' or 'square'."""
        return SHAPE_WORDS.get(self.shape, self.shape)


@dataclass(frozen=True)
class FormatRow:
    """A board format of print.yaml as the defaults table gives it: its square, and each player's token (mm across,
    in player order; a round token is snapped to a standard circle punch, so it is not always the share exactly)."""

    name: str
    paper: str
    sheets: int
    square_mm: float
    token_mm: tuple[float, ...]


@dataclass(frozen=True)
class BookFacts:
    """Everything the templates may print about Ejderhalar (from the spec files the engine reads)."""

    title: str
    designer: str
    sides: tuple[Side, ...]
    columns: int
    rows: int
    first_file: str
    last_file: str
    corner: str
    far_corner: str
    control: tuple[str, ...]
    needed: int
    tokens: int
    dragons_each: int
    tokens_total: int
    stun_markers: int
    spares: int
    token_share: float
    stun_by_strength: bool
    push_own: bool
    action_cap: int
    formats: tuple[FormatRow, ...]
    chess_square_mm: float
    chess_token_mm: tuple[float, ...]

    @property
    def board(self) -> str:
        """'8 by 8' (columns by rows)."""
        return f"{self.columns} by {self.rows}"


def book_facts(game: Game, layout: Layout, cap: int) -> BookFacts:
    """Ejderhalar's facts for the book, from its specs."""
    grid = layout.grid
    sides = []
    components = kit_components(game)
    for p, pid in enumerate(layout.players):
        dragons = tuple(Dragon(name, glyph(layout, k), layout.cells[layout.start_of[k]], dragon_colour(layout, k))
                        for k, name in enumerate(layout.dragons) if layout.owner_of[k] == p)
        shape = next(c.shape for c in components.components if c.owner == pid)  # as components.yaml prints it
        sides.append(Side(pid, game.players[p].name, shape, dragons))
    firsts = tuple(next(name for k, name in enumerate(layout.dragons) if layout.owner_of[k] == p)
                   for p in range(len(layout.players)))
    first_token = tuple(next(c for c in components.components if c.id == name) for name in firsts)
    stun = next(c for c in components.components if c.id == STUN_ID)
    formats = tuple(FormatRow(name, "US Letter" if f.paper == "letter" else f.paper, f.sheet_count, f.square_mm,
                              tuple(components.dims(t, f)[0] for t in first_token))
                    for name, f in game.formats.items())
    chess, fmt = tokens_only_components(game)
    share = first_token[0].fraction or components.sizes[first_token[0].size]
    first, last = grid.name(1, 1), grid.name(grid.columns, grid.rows)
    return BookFacts(
        game.title, game.designer, tuple(sides), grid.columns, grid.rows, grid.labels[0],
        grid.labels[grid.columns - 1], first, last,
        tuple(layout.cells[c] for c in layout.control), layout.needed, layout.tokens,
        len(layout.dragons) // len(layout.players), len(layout.dragons) * layout.tokens, stun.count,
        components.sheet.spares, share, layout.stun_by_strength, layout.push_own, cap, formats, fmt.square_mm,
        tuple(chess.dims(t, fmt)[0] for t in first_token))


def token_chart(game: Game, theme: Theme) -> str:
    """Every kind of piece as the punch sheets print it: each player's dragons in a row behind the player's name,
    then the markers on a row of their own.

    A row holds as many dragons as fit the narrowest measure of the books (more go on a second row), so the chart
    prints at natural size, its token labels at 6 pt, in every edition.
    """
    components, _ = tokens_only_components(game)
    palette = components.palette(theme)
    pitch, size, names = 16.0, 12.0, 24.0
    sides = game.players[:2]
    dragons = [c for c in components.components if c.id not in (STUN_ID, CONTROL_ID)]
    per_side = max(1, len(dragons) // len(sides))
    per_row = max(1, min(per_side, int((NARROWEST_MEASURE_MM - names) // pitch)))
    lines = -(-per_side // per_row)
    width, markers = names + pitch * per_row, len(sides) * lines * pitch
    doc = document(width, markers + pitch + 4.0)
    for n, player in enumerate(sides):
        doc.add(text(player.name, 0.5, (n * lines + 0.5) * pitch - 0.4, 3.2, theme.colour("text"), "600"))
    for n, c in enumerate(dragons):
        side, place = divmod(n, per_side)
        row, col = side * lines + place // per_row, place % per_row
        x, y = names + (col + 0.5) * pitch, (row + 0.5) * pitch - 1.5
        doc.add(render_face(c.front, palette, x, y, size, 0.0, cut_line=True, shape=c.shape))
    for n, cid in enumerate((CONTROL_ID, STUN_ID)):
        c = next(k for k in components.components if k.id == cid)
        x, y = names + (n + 0.5) * (width - names) / 2, markers + 0.5 * pitch - 1.5
        doc.add(render_face(c.front, palette, x, y, size * (1.0 if cid == CONTROL_ID else 0.7), 0.0, cut_line=True,
                            shape=c.shape))
        doc.add(text("control point" if cid == CONTROL_ID else "stun marker", x, y + size / 2 + 3.0, 2.6,
                     theme.colour("muted-text"), anchor="middle"))
    return str(doc.tostring())


def book_hooks(game: Game, theme: Theme) -> BookHooks:
    """Ejderhalar's facts, pictures and example diagrams for the shared typesetter."""
    layout = load_layout(game)
    facts = book_facts(game, layout, EjderhalarRules.max_plies)
    load_tokens_only(game)
    figures: dict[str, Callable[[], FigureArt]] = {
        "board-map": lambda: FigureArt(board_map(game, theme, BOARD_CELL_MM)),
        "tokens": lambda: FigureArt(token_chart(game, theme)),
    }
    context = {"facts": facts, "one": facts.sides[0], "two": facts.sides[1]}

    def example(path: Path) -> FigureArt:
        return draw_rule_example(game, path, captioned=False)

    return BookHooks(facts, context, figures, example, lambda cell: cell_sample(game, theme, cell, SWATCH_CELL_MM), facts.sides)
