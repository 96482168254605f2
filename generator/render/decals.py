"""Board decals: one marked cell of the board drawn on its own, as a sticker with bleed, in millimetres."""
from __future__ import annotations

import svgwrite.container
import svgwrite.shapes
from svgwrite.container import Group

from ..printspec import MIN_LINE_MM
from ..game import Game
from ..theme import Theme
from .board import CellPainter
from .pieces import cut_colour

#: How far inside its cut line a decal's art, text included, keeps: a small cutting error clips nothing.
DECAL_SAFE_MM = 1.5


def decal_squares(game: Game) -> list[str]:
    """Every marked cell of the board (marks, links and their targets), kind by kind in the spec's order."""
    board = game.board
    return [s for kind in board.kind_names() for s in board.squares if board.kind(s) == kind]


def render_decal(game: Game, theme: Theme, square: str, cx: float, cy: float, size: float, bleed: float) -> Group:
    """The board's art of ``square`` centred on (cx, cy), on a sticker ``size`` mm wide.

    The ground reaches ``bleed`` mm past the cut line; the cell's art, names included, is drawn
    :data:`DECAL_SAFE_MM` inside it.
    """
    painter = CellPainter(game, theme, size - 2 * DECAL_SAFE_MM, 0.0)  # the art, drawn at the safe area's size
    art = painter.cell(square)
    ground = art.elements[0].attribs["fill"]  # the painter draws a square's ground first
    sx, sy = painter.centre(square)
    half = size / 2
    g = Group(class_=f"decal decal-{square}")
    g.add(svgwrite.shapes.Rect((round(cx - half - bleed, 3), round(cy - half - bleed, 3)),
                               (round(size + 2 * bleed, 3), round(size + 2 * bleed, 3)), fill=ground, class_="bleed"))
    placed = Group(transform=f"translate({cx - sx:.3f},{cy - sy:.3f})")
    placed.add(art)
    g.add(placed)
    g.add(svgwrite.shapes.Rect((round(cx - half, 3), round(cy - half, 3)), (round(size, 3), round(size, 3)),
                               fill="none", stroke=cut_colour(ground), stroke_width=MIN_LINE_MM, class_="cut-line"))
    return g
