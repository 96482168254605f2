"""Grid geometry for square and hex boards: cell names, neighbours, centres and outlines.

Coordinates are in cell units with the origin at the top-left corner of the
grid's bounding box and y growing downwards (as in SVG); multiply by the cell
size in millimetres to place art on a page.
"""
from __future__ import annotations

import math
import string
from dataclasses import dataclass, field
from typing import Iterator

Point = tuple[float, float]
SQRT3 = math.sqrt(3.0)


def default_labels(count: int) -> str:
    """Column labels a, b, c, ... for ``count`` columns."""
    letters = string.ascii_lowercase + string.ascii_uppercase
    return letters[:count]


@dataclass(frozen=True)
class SquareGrid:
    """A rectangle of square cells named like chess squares: column letter, row number, row 1 at the bottom."""

    columns: int
    rows: int
    labels: str = ""
    shape: str = field(default="square", init=False)

    def __post_init__(self) -> None:
        if not self.labels:
            object.__setattr__(self, "labels", default_labels(self.columns))

    def name(self, col: int, row: int) -> str:
        """Name of the cell in 1-based column ``col`` and row ``row``."""
        return f"{self.labels[col - 1]}{row}"

    def coords(self, name: str) -> tuple[int, int] | None:
        """1-based (column, row) of a cell name, or None when it is not on this grid."""
        letters = name.rstrip("0123456789")
        digits = name[len(letters):]
        if len(letters) != 1 or not digits or letters not in self.labels or digits[0] == "0":
            return None
        col, row = self.labels.index(letters) + 1, int(digits)
        return (col, row) if 1 <= row <= self.rows else None

    def cells(self) -> Iterator[str]:
        """Every cell name, row by row from the bottom, west to east."""
        for row in range(1, self.rows + 1):
            for col in range(1, self.columns + 1):
                yield self.name(col, row)

    def size(self) -> tuple[float, float]:
        """Width and height of the grid in cell units."""
        return float(self.columns), float(self.rows)

    def centre(self, name: str) -> Point:
        """Centre of a cell in cell units (origin top-left, y down)."""
        col, row = self._need(name)
        return col - 0.5, self.rows - row + 0.5

    def outline(self, name: str) -> list[Point]:
        """Corners of a cell, clockwise from top-left."""
        x, y = self.centre(name)
        return [(x - .5, y - .5), (x + .5, y - .5), (x + .5, y + .5), (x - .5, y + .5)]

    def neighbours(self, name: str, diagonal: bool = True) -> list[str]:
        """Cells sharing an edge (or, with ``diagonal``, a corner) with ``name``."""
        col, row = self._need(name)
        steps = [(1, 0), (-1, 0), (0, 1), (0, -1)] + ([(1, 1), (1, -1), (-1, 1), (-1, -1)] if diagonal else [])
        return [self.name(col + dc, row + dr) for dc, dr in steps
                if 1 <= col + dc <= self.columns and 1 <= row + dr <= self.rows]

    def area(self, corner_a: str, corner_b: str) -> list[str]:
        """All cells of the rectangle with the two given corners."""
        (c1, r1), (c2, r2) = self._need(corner_a), self._need(corner_b)
        return [self.name(c, r) for r in range(min(r1, r2), max(r1, r2) + 1)
                for c in range(min(c1, c2), max(c1, c2) + 1)]

    def mirror(self, name: str, symmetry: str) -> str:
        """The cell matching ``name`` under a declared board symmetry."""
        col, row = self._need(name)
        if symmetry == "mirror-columns":
            return self.name(self.columns + 1 - col, row)
        if symmetry == "mirror-rows":
            return self.name(col, self.rows + 1 - row)
        if symmetry == "rotate-180":
            return self.name(self.columns + 1 - col, self.rows + 1 - row)
        return name

    def describe(self) -> str:
        """Human description of the valid names, for error messages."""
        return f"columns {self.labels[0]}..{self.labels[-1]}, rows 1..{self.rows}"

    def _need(self, name: str) -> tuple[int, int]:
        found = self.coords(name)
        if found is None:
            raise KeyError(f"{name} is not on this board ({self.describe()})")
        return found


@dataclass(frozen=True)
class HexGrid:
    """A hexagon-shaped board of hexes, ``radius`` rings around the centre (radius 5 gives 91 cells).

    With ``naming="columns"`` (the default) cells are named by column letter
    (west to east) and position in the column counted from the bottom, so
    names read like square boards. With ``naming="rows"`` (pointy hexes) the
    horizontal rows are lettered from the bottom and cells numbered from 1 at
    the left end of their row, so the middle row of radius 5 runs f1..f11.
    Axial coordinates (q, r) are used inside, r growing downwards; the cell
    size is the distance between the centres of two neighbours.
    """

    radius: int
    orientation: str = "pointy"
    labels: str = ""
    naming: str = "columns"
    shape: str = field(default="hex", init=False)

    def __post_init__(self) -> None:
        if self.naming not in ("columns", "rows"):
            raise ValueError(f"hex naming must be 'columns' or 'rows', not {self.naming!r}")
        if not self.labels:
            object.__setattr__(self, "labels", default_labels(2 * self.radius + 1))

    def _column_rs(self, q: int) -> list[int]:
        n = self.radius
        return list(range(max(-n, -q - n), min(n, -q + n) + 1))

    def _line(self, index: int) -> list[tuple[int, int]]:
        """The cells (q, r) sharing a label, in numbering order (1 first)."""
        n = self.radius
        if self.naming == "rows":
            r = n - index
            return [(q, r) for q in range(max(-n, -r - n), min(n, -r + n) + 1)]
        q = index - n
        return [(q, r) for r in reversed(self._column_rs(q))]

    def name_of(self, q: int, r: int) -> str:
        """Name of axial cell (q, r)."""
        index = self.radius - r if self.naming == "rows" else q + self.radius
        return f"{self.labels[index]}{self._line(index).index((q, r)) + 1}"

    def axial(self, name: str) -> tuple[int, int] | None:
        """Axial (q, r) of a cell name, or None when it is not on this grid."""
        letters = name.rstrip("0123456789")
        digits = name[len(letters):]
        if len(letters) != 1 or not digits or letters not in self.labels or digits[0] == "0":
            return None
        line = self._line(self.labels.index(letters))
        number = int(digits)
        return line[number - 1] if 1 <= number <= len(line) else None

    def coords(self, name: str) -> tuple[int, int] | None:
        """Axial coordinates, under the name the square grid uses."""
        return self.axial(name)

    def cells(self) -> Iterator[str]:
        """Every cell name, label by label, each line in numbering order."""
        for index in range(2 * self.radius + 1):
            for q, r in self._line(index):
                yield self.name_of(q, r)

    def _raw_centre(self, q: int, r: int) -> Point:
        if self.orientation == "pointy":
            return q + r / 2.0, r * SQRT3 / 2.0
        return q * SQRT3 / 2.0, r + q / 2.0

    def _corner_radius(self) -> float:
        return 1.0 / SQRT3

    def size(self) -> tuple[float, float]:
        """Width and height of the board's bounding box in cell units."""
        xs, ys = zip(*[p for name in self.cells() for p in self._raw_outline(name)])
        return max(xs) - min(xs), max(ys) - min(ys)

    def _offset(self) -> Point:
        xs, ys = zip(*[p for name in self.cells() for p in self._raw_outline(name)])
        return -min(xs), -min(ys)

    def _raw_outline(self, name: str) -> list[Point]:
        q, r = self._need(name)
        cx, cy = self._raw_centre(q, r)
        start = 30 if self.orientation == "pointy" else 0
        rad = self._corner_radius()
        return [(cx + rad * math.cos(math.radians(start + 60 * i)),
                 cy + rad * math.sin(math.radians(start + 60 * i))) for i in range(6)]

    def centre(self, name: str) -> Point:
        """Centre of a hex in cell units (origin top-left of the bounding box, y down)."""
        q, r = self._need(name)
        x, y = self._raw_centre(q, r)
        ox, oy = self._offset()
        return x + ox, y + oy

    def outline(self, name: str) -> list[Point]:
        """The six corners of a hex."""
        ox, oy = self._offset()
        return [(x + ox, y + oy) for x, y in self._raw_outline(name)]

    def neighbours(self, name: str, diagonal: bool = True) -> list[str]:
        """The up to six hexes sharing an edge with ``name`` (``diagonal`` is ignored)."""
        q, r = self._need(name)
        out = []
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            nq, nr = q + dq, r + dr
            if max(abs(nq), abs(nr), abs(nq + nr)) <= self.radius:
                out.append(self.name_of(nq, nr))
        return out

    def area(self, corner_a: str, corner_b: str) -> list[str]:
        """Hex boards have no rectangles: areas are lists of cells."""
        raise KeyError("areas (a1:b2) work on square boards only; list the hexes with 'at'")

    def mirror(self, name: str, symmetry: str) -> str:
        """The cell matching ``name`` under a declared symmetry (rotate-180 on hex boards)."""
        q, r = self._need(name)
        if symmetry == "rotate-180":
            return self.name_of(-q, -r)
        if symmetry == "mirror-columns":
            return self.name_of(-q, q + r)
        return name

    def describe(self) -> str:
        """Human description of the valid names, for error messages."""
        lines = "rows" if self.naming == "rows" else "columns"
        return f"a hexagon of radius {self.radius}, {lines} {self.labels[0]}..{self.labels[-1]}"

    def _need(self, name: str) -> tuple[int, int]:
        found = self.axial(name)
        if found is None:
            raise KeyError(f"{name} is not on this board ({self.describe()})")
        return found


Grid = SquareGrid | HexGrid
