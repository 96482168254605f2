"""Where the cells of a diagram's view lie on the page: any grid, in millimetres.

The view is any set of cells of a square or hex grid; its bounding box is
scaled to a cell size and moved so that its top-left corner is at (0, 0).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model.geometry import Grid, Point


@dataclass(frozen=True)
class Canvas:
    """The cells of a view placed in mm: ``cell`` mm per cell unit, ``left``/``top`` the view's corner in cell units."""

    grid: Grid
    cells: tuple[str, ...]
    cell: float
    left: float
    top: float
    width: float
    height: float

    def place(self, x: float, y: float) -> Point:
        """A point in the grid's cell units, in mm on the canvas."""
        return (x - self.left) * self.cell, (y - self.top) * self.cell

    def centre(self, name: str) -> Point:
        """The centre of a cell, in mm."""
        return self.place(*self.grid.centre(name))

    def outline(self, name: str) -> list[Point]:
        """The corners of a cell, in mm."""
        return [self.place(x, y) for x, y in self.grid.outline(name)]

    def inside(self, name: str) -> bool:
        """True when ``name`` is a cell of the view."""
        return name in self.cells


def fit_canvas(grid: Grid, cells: tuple[str, ...], max_width: float, max_height: float, max_cell: float) -> Canvas:
    """The view's cells at the largest cell size up to ``max_cell`` mm that fits ``max_width`` x ``max_height``."""
    corners = [point for name in cells for point in grid.outline(name)]
    left, right = min(x for x, _ in corners), max(x for x, _ in corners)
    top, bottom = min(y for _, y in corners), max(y for _, y in corners)
    cell = round(min(max_cell, max_width / (right - left), max_height / (bottom - top)), 2)
    return Canvas(grid, cells, cell, left, top, (right - left) * cell, (bottom - top) * cell)
