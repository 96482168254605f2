"""Book pictures of any game's board, drawn by the board renderer: the whole board, and one cell cropped out."""
from __future__ import annotations

import svgwrite

from ..model.game import Game
from ..render.board import render_board
from ..model.theme import Theme


def document(width: float, height: float, view: tuple[float, float, float, float] | None = None) -> svgwrite.Drawing:
    """An SVG document ``width`` x ``height`` mm showing ``view`` (x, y, w, h in mm; the whole page by default)."""
    x, y, w, h = view or (0.0, 0.0, width, height)
    return svgwrite.Drawing(size=(f"{width:.3f}mm", f"{height:.3f}mm"), viewBox=f"{x:.3f} {y:.3f} {w:.3f} {h:.3f}")


def board_map(game: Game, theme: Theme, cell: float) -> str:
    """The whole board with its coordinates and marked cells, as the board sheets draw it."""
    art = render_board(game, theme, cell)
    doc = document(art.width, art.height)
    doc.add(art.group)
    return str(doc.tostring())


def cell_sample(game: Game, theme: Theme, name: str, cell: float, crop: float = 0.6) -> str:
    """One cell of the board as the board draws it (for legend tables): the board art cropped around it.

    ``crop`` is half the picture's side as a fraction of the cell size.
    """
    art = render_board(game, theme, cell)
    cx, cy = game.board.grid.centre(name)
    x, y = art.frame + cx * art.cell, art.frame + cy * art.cell
    half = cell * crop
    doc = document(2 * half, 2 * half, (x - half, y - half, 2 * half, 2 * half))
    doc.add(art.group)
    return str(doc.tostring())
