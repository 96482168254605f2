"""Compass directions and the neighbour tables of a Patrakill board, built once per engine."""
from __future__ import annotations

from typing import Mapping

from ...model.geometry import SquareGrid

#: The eight compass directions as (column, row) steps; rows grow northwards (chess convention).
STEPS: Mapping[str, tuple[int, int]] = {
    "n": (0, 1), "ne": (1, 1), "e": (1, 0), "se": (1, -1),
    "s": (0, -1), "sw": (-1, -1), "w": (-1, 0), "nw": (-1, 1),
}
#: The four straight (orthogonal) directions, the only ones a knight ever faces or steps in.
STRAIGHT = ("n", "e", "s", "w")
#: The direction opposite each compass direction.
OPPOSITE: Mapping[str, str] = {"n": "s", "ne": "sw", "e": "w", "se": "nw", "s": "n", "sw": "ne", "w": "e", "nw": "se"}
#: For each facing, the directions a knight may step in: forward, then its two sides.
KNIGHT_STEPS: Mapping[str, tuple[str, str, str]] = {
    "n": ("n", "w", "e"), "e": ("e", "n", "s"), "s": ("s", "e", "w"), "w": ("w", "s", "n"),
}
#: Words for facings and directions, for sentences.
WORDS: Mapping[str, str] = {
    "n": "north", "ne": "north-east", "e": "east", "se": "south-east",
    "s": "south", "sw": "south-west", "w": "west", "nw": "north-west",
}


class Neighbours:
    """Every cell's neighbour in each of the eight directions, precomputed for a square grid."""

    def __init__(self, grid: SquareGrid):
        self.grid = grid
        self.cells: tuple[str, ...] = tuple(grid.cells())
        self.index: dict[str, int] = {cell: n for n, cell in enumerate(self.cells)}
        self.coords: dict[str, tuple[int, int]] = {}
        self.near: dict[str, dict[str, str]] = {}
        for cell in self.cells:
            found = grid.coords(cell)
            assert found is not None
            self.coords[cell] = found
        for cell, (col, row) in self.coords.items():
            self.near[cell] = {d: grid.name(col + dc, row + dr) for d, (dc, dr) in STEPS.items()
                               if 1 <= col + dc <= grid.columns and 1 <= row + dr <= grid.rows}
        #: For each cell and facing, the squares a knight may step to (forward, then its sides).
        self.knight_steps: dict[str, dict[str, tuple[str, ...]]] = {
            cell: {f: tuple(near[d] for d in KNIGHT_STEPS[f] if d in near) for f in STRAIGHT}
            for cell, near in self.near.items()}
        #: For each cell, the squares one straight step away (north, east, south, west), as tower exits use.
        self.straight: dict[str, tuple[str, ...]] = {
            cell: tuple(near[d] for d in STRAIGHT if d in near) for cell, near in self.near.items()}

    def direction(self, start: str, end: str) -> str | None:
        """The compass direction of the one step from ``start`` to ``end``, or None if they do not touch."""
        for d, cell in self.near[start].items():
            if cell == end:
                return d
        return None

    def between(self, start: str, end: str) -> str | None:
        """The square halfway between two squares two steps apart on a straight or diagonal line, else None."""
        (c1, r1), (c2, r2) = self.coords[start], self.coords[end]
        dc, dr = c2 - c1, r2 - r1
        if max(abs(dc), abs(dr)) != 2 or dc % 2 or dr % 2:
            return None
        return self.grid.name(c1 + dc // 2, r1 + dr // 2)

    def towards_centre(self, cells: tuple[str, ...]) -> str:
        """The straight direction from the middle of ``cells`` towards the middle of the board.

        The larger of the two offsets wins; a group in the very middle faces north.
        """
        cols = [self.coords[c][0] for c in cells]
        rows = [self.coords[c][1] for c in cells]
        dx = (self.grid.columns + 1) / 2 - sum(cols) / len(cols)
        dy = (self.grid.rows + 1) / 2 - sum(rows) / len(rows)
        if abs(dx) > abs(dy):
            return "e" if dx > 0 else "w"
        return "s" if dy < 0 else "n"
