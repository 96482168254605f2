"""Grid geometry for square and hex boards: cell names, neighbours, centres, outlines, lines and print seams.

Coordinates are in cell units with the origin at the top-left corner of the
grid's bounding box and y growing downwards (as in SVG); multiply by the cell
size in millimetres to place art on a page. :class:`Grid` is the one interface
shared code uses; :class:`SquareGrid` and :class:`HexGrid` implement it.
"""
from __future__ import annotations

import math
import string
from collections import deque
from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterator, Protocol

Point = tuple[float, float]
Step = tuple[int, int]
SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class EdgeLabel:
    """A coordinate printed on the board's frame: its text, where it meets the grid box (cell units), which side."""

    text: str
    x: float
    y: float
    side: str  # top, bottom, left or right


class Grid(Protocol):
    """What every board grid answers; renderers, composers and rules tables go through this and nothing else."""

    @property
    def shape(self) -> str:
        """'square' or 'hex'."""

    @property
    def cell_word(self) -> str:
        """What a cell is called in print: 'square' or 'hex'."""

    @property
    def cells_word(self) -> str:
        """The same, for many: 'squares' or 'hexes'."""

    @property
    def labels(self) -> str:
        """The letters that start cell names, in order."""

    @property
    def names_in_cells(self) -> bool:
        """True when the frame's labels alone do not name every cell, so boards print names inside cells."""

    def cells(self) -> Iterator[str]:
        """Every cell name, in the grid's reading order."""

    def coords(self, name: str) -> Step | None:
        """Integer coordinates of a cell (directions step in them), or None when it is not on the grid."""

    def name_at(self, coords: Step) -> str | None:
        """The cell at integer coordinates, or None off the grid."""

    def size(self) -> Point:
        """Width and height of the grid's bounding box in cell units."""

    def centre(self, name: str) -> Point:
        """Centre of a cell in cell units (origin top-left, y down)."""

    def outline(self, name: str) -> list[Point]:
        """Corners of a cell, clockwise."""

    def neighbours(self, name: str, diagonal: bool = True) -> list[str]:
        """Cells next to ``name`` (on squares, ``diagonal`` adds those sharing a corner only)."""

    def directions(self, diagonal: bool = True) -> tuple[Step, ...]:
        """The steps between neighbouring cells, in coordinates."""

    def ray(self, name: str, direction: Step, length: int | None = None) -> tuple[str, ...]:
        """The cells along a straight line from ``name`` (not included) in ``direction``, up to ``length``."""

    def distance(self, a: str, b: str) -> int:
        """Fewest steps between neighbouring cells (diagonals count one on squares) from ``a`` to ``b``."""

    def area(self, corner_a: str, corner_b: str) -> list[str]:
        """The cells of a rectangle given by two corners (raises KeyError where a grid has none)."""

    def region(self, view: str | list[str]) -> tuple[str, ...]:
        """The cells a close-up view names: 'board', a list of cells, 'a1:c3' or a disc 'f6+2'."""

    def seams(self, axis: str) -> tuple[float, ...]:
        """Where a board may be cut into sheets along ``axis`` ('x' or 'y'), in cell units, both ends included."""

    def edge_labels(self) -> list[EdgeLabel]:
        """The coordinates to print on the frame around the grid."""

    def pattern(self, name: str) -> float:
        """How dark a cell's shade is in the grid's pattern fill, 0 to 1; neighbours never share a shade."""

    def mirror(self, name: str, symmetry: str) -> str:
        """The cell matching ``name`` under a declared board symmetry."""

    def describe(self) -> str:
        """Human description of the valid names, for error messages."""


def _ray(grid: Grid, name: str, direction: Step, length: int | None) -> tuple[str, ...]:
    start = grid.coords(name)
    if start is None:
        raise KeyError(f"{name} is not on this board ({grid.describe()})")
    out: list[str] = []
    while length is None or len(out) < length:
        cell = grid.name_at((start[0] + direction[0] * (len(out) + 1), start[1] + direction[1] * (len(out) + 1)))
        if cell is None:
            break
        out.append(cell)
    return tuple(out)


def _disc(grid: Grid, centre: str, radius: int) -> tuple[str, ...]:
    seen = {centre: 0}
    queue = deque([centre])
    while queue:
        cell = queue.popleft()
        if seen[cell] < radius:
            for near in grid.neighbours(cell, diagonal=True):
                if near not in seen:
                    seen[near] = seen[cell] + 1
                    queue.append(near)
    return tuple(c for c in grid.cells() if c in seen)


def _region(grid: Grid, view: str | list[str]) -> tuple[str, ...]:
    if isinstance(view, list):
        for cell in view:
            if grid.coords(cell) is None:
                raise KeyError(f"'{cell}' is off the board ({grid.describe()})")
        return tuple(view)
    if view == "board":
        return tuple(grid.cells())
    if "+" in view:
        centre, _, radius = view.partition("+")
        if grid.coords(centre) is None or not radius.isdigit():
            raise KeyError(f"'{view}' is not a centre cell on the board and a radius ({grid.describe()})")
        return _disc(grid, centre, int(radius))
    corners = view.split(":")
    for corner in corners:
        if grid.coords(corner) is None:
            raise KeyError(f"'{corner}' is off the board ({grid.describe()})")
    if len(corners) != 2:
        raise KeyError(f"'{view}' is neither 'board', a rectangle 'a1:c3', a disc 'f6+2' nor a list of cells")
    return tuple(grid.area(corners[0], corners[1]))


def _seams(grid: Grid, axis: str) -> tuple[float, ...]:
    """Cut lines midway between neighbouring lines of cell centres: grid lines on squares, never a centre."""
    index = 0 if axis == "x" else 1
    centres = sorted({round(grid.centre(c)[index], 6) for c in grid.cells()})
    inner = [round((a + b) / 2, 6) for a, b in zip(centres, centres[1:])]
    return (0.0, *inner, grid.size()[index])


def cell_size_text(grid: Grid, size_mm: float, number_first: bool = False) -> str:
    """A cell size in print words: 'squares 30 mm' ('30 mm squares' with ``number_first``), or on hexes, which are
    measured across their flats, 'hexes 18.7 mm across'."""
    if number_first and grid.shape == "square":
        return f"{size_mm:g} mm {grid.cells_word}"
    return f"{grid.cells_word} {size_mm:g} mm" + (" across" if grid.shape == "hex" else "")


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
    names_in_cells: bool = field(default=False, init=False)
    cell_word: str = field(default="square", init=False)
    cells_word: str = field(default="squares", init=False)

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

    def name_at(self, coords: Step) -> str | None:
        """The cell in 1-based (column, row), or None off the grid."""
        col, row = coords
        return self.name(col, row) if 1 <= col <= self.columns and 1 <= row <= self.rows else None

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

    def directions(self, diagonal: bool = True) -> tuple[Step, ...]:
        """(column, row) steps: the four orthogonal ones (north, east, south, west), then the diagonals."""
        orthogonal: tuple[Step, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
        return orthogonal + (((1, 1), (1, -1), (-1, -1), (-1, 1)) if diagonal else ())

    def ray(self, name: str, direction: Step, length: int | None = None) -> tuple[str, ...]:
        """The cells along a line from ``name`` (not included) in ``direction``, up to ``length`` of them."""
        return _ray(self, name, direction, length)

    def distance(self, a: str, b: str) -> int:
        """King steps from ``a`` to ``b``."""
        (c1, r1), (c2, r2) = self._need(a), self._need(b)
        return max(abs(c1 - c2), abs(r1 - r2))

    def area(self, corner_a: str, corner_b: str) -> list[str]:
        """All cells of the rectangle with the two given corners."""
        (c1, r1), (c2, r2) = self._need(corner_a), self._need(corner_b)
        return [self.name(c, r) for r in range(min(r1, r2), max(r1, r2) + 1)
                for c in range(min(c1, c2), max(c1, c2) + 1)]

    def region(self, view: str | list[str]) -> tuple[str, ...]:
        """The cells of a close-up view: 'board', a list of cells, a rectangle 'a1:c3' or a disc 'f6+2'."""
        return _region(self, view)

    def seams(self, axis: str) -> tuple[float, ...]:
        """Every grid line across ``axis`` ('x' or 'y'), in cell units."""
        return _seams(self, axis)

    def edge_labels(self) -> list[EdgeLabel]:
        """Column letters above and below the grid, row numbers left and right of it."""
        out = []
        for col in range(1, self.columns + 1):
            out += [EdgeLabel(self.labels[col - 1], col - 0.5, 0.0, "top"),
                    EdgeLabel(self.labels[col - 1], col - 0.5, float(self.rows), "bottom")]
        for row in range(1, self.rows + 1):
            out += [EdgeLabel(str(row), 0.0, self.rows - row + 0.5, "left"),
                    EdgeLabel(str(row), float(self.columns), self.rows - row + 0.5, "right")]
        return out

    def pattern(self, name: str) -> float:
        """Checkering: 1 on the squares whose column and row add up to an even number (a1 is dark), else 0."""
        col, row = self._need(name)
        return 1.0 if (col + row) % 2 == 0 else 0.0

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
    names_in_cells: bool = field(default=True, init=False)
    cell_word: str = field(default="hex", init=False)
    cells_word: str = field(default="hexes", init=False)

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
        return list(self._lines[index])

    @cached_property
    def _lines(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Every label's cells (q, r) in numbering order, worked out once per grid (grids are immutable)."""
        n = self.radius
        if self.naming == "rows":
            return tuple(tuple((q, n - index) for q in range(max(-n, index - 2 * n), min(n, index) + 1))
                         for index in range(2 * n + 1))
        return tuple(tuple((index - n, r) for r in reversed(self._column_rs(index - n))) for index in range(2 * n + 1))

    @cached_property
    def _names(self) -> dict[tuple[int, int], str]:
        """The name of every cell by its axial (q, r), in reading order (label by label)."""
        return {qr: f"{self.labels[index]}{number}" for index, line in enumerate(self._lines)
                for number, qr in enumerate(line, 1)}

    @cached_property
    def _axials(self) -> dict[str, tuple[int, int]]:
        """Axial (q, r) of every cell name."""
        return {name: qr for qr, name in self._names.items()}

    def name_of(self, q: int, r: int) -> str:
        """Name of axial cell (q, r)."""
        found = self._names.get((q, r))
        if found is None:
            raise ValueError(f"{(q, r)} is not on this board ({self.describe()})")
        return found

    def axial(self, name: str) -> tuple[int, int] | None:
        """Axial (q, r) of a cell name, or None when it is not on this grid."""
        return self._axials.get(name)

    def coords(self, name: str) -> tuple[int, int] | None:
        """Axial coordinates, under the name the square grid uses."""
        return self._axials.get(name)

    def name_at(self, coords: Step) -> str | None:
        """The cell at axial (q, r), or None off the board."""
        return self._names.get(coords)

    def cells(self) -> Iterator[str]:
        """Every cell name, label by label, each line in numbering order."""
        return iter(self._names.values())

    def _raw_centre(self, q: int, r: int) -> Point:
        if self.orientation == "pointy":
            return q + r / 2.0, r * SQRT3 / 2.0
        return q * SQRT3 / 2.0, r + q / 2.0

    def _corner_radius(self) -> float:
        return 1.0 / SQRT3

    @cached_property
    def _raw_outlines(self) -> dict[str, tuple[Point, ...]]:
        """The six corners of every hex around its raw centre (before the bounding box's offset)."""
        start = 30 if self.orientation == "pointy" else 0
        rad = self._corner_radius()
        out = {}
        for (q, r), name in self._names.items():
            cx, cy = self._raw_centre(q, r)
            out[name] = tuple((cx + rad * math.cos(math.radians(start + 60 * i)),
                               cy + rad * math.sin(math.radians(start + 60 * i))) for i in range(6))
        return out

    @cached_property
    def _box(self) -> tuple[float, float, float, float]:
        """The bounding box of every hex's corners: min x, min y, max x, max y (raw units)."""
        xs, ys = zip(*[p for corners in self._raw_outlines.values() for p in corners])
        return min(xs), min(ys), max(xs), max(ys)

    @cached_property
    def _centres(self) -> dict[str, Point]:
        """Every hex's centre, placed in the bounding box."""
        ox, oy = self._offset()
        return {name: (x + ox, y + oy) for name, (x, y) in
                ((name, self._raw_centre(q, r)) for (q, r), name in self._names.items())}

    @cached_property
    def _outlines(self) -> dict[str, tuple[Point, ...]]:
        """Every hex's corners, placed in the bounding box."""
        ox, oy = self._offset()
        return {name: tuple((x + ox, y + oy) for x, y in corners) for name, corners in self._raw_outlines.items()}

    def size(self) -> tuple[float, float]:
        """Width and height of the board's bounding box in cell units."""
        x0, y0, x1, y1 = self._box
        return x1 - x0, y1 - y0

    def _offset(self) -> Point:
        x0, y0, _, _ = self._box
        return -x0, -y0

    def centre(self, name: str) -> Point:
        """Centre of a hex in cell units (origin top-left of the bounding box, y down)."""
        found = self._centres.get(name)
        if found is None:
            raise self._off_board(name)
        return found

    def outline(self, name: str) -> list[Point]:
        """The six corners of a hex."""
        found = self._outlines.get(name)
        if found is None:
            raise self._off_board(name)
        return list(found)

    def neighbours(self, name: str, diagonal: bool = True) -> list[str]:
        """The up to six hexes sharing an edge with ``name`` (``diagonal`` is ignored)."""
        q, r = self._need(name)
        found = (self.name_at((q + dq, r + dr)) for dq, dr in self.directions())
        return [cell for cell in found if cell is not None]

    def directions(self, diagonal: bool = True) -> tuple[Step, ...]:
        """The six axial steps to the neighbours, anticlockwise from east (``diagonal`` is ignored)."""
        return ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

    def ray(self, name: str, direction: Step, length: int | None = None) -> tuple[str, ...]:
        """The hexes along a line from ``name`` (not included) in ``direction``, up to ``length`` of them."""
        return _ray(self, name, direction, length)

    def distance(self, a: str, b: str) -> int:
        """Steps between neighbouring hexes from ``a`` to ``b``."""
        (q1, r1), (q2, r2) = self._need(a), self._need(b)
        return max(abs(q1 - q2), abs(r1 - r2), abs(q1 + r1 - q2 - r2))

    def area(self, corner_a: str, corner_b: str) -> list[str]:
        """Hex boards have no rectangles: areas are lists of cells."""
        raise KeyError("areas (a1:b2) work on square boards only; list the hexes with 'at'")

    def region(self, view: str | list[str]) -> tuple[str, ...]:
        """The hexes of a close-up view: 'board', a list of hexes or a disc 'f6+2' (centre and radius)."""
        return _region(self, view)

    def seams(self, axis: str) -> tuple[float, ...]:
        """Cut lines midway between neighbouring lines of hex centres, so no cut runs through a centre."""
        return _seams(self, axis)

    def edge_labels(self) -> list[EdgeLabel]:
        """Each lettered line's letter on the frame beside both of its ends.

        A line running more across than down (rows of pointy hexes) is labelled left and right at its ends'
        height; any other line (columns) above and below at its ends' x.
        """
        out = []
        width, height = self.size()
        for index, letter in enumerate(self.labels):
            line = self._line(index)
            ends = [self.centre(self.name_of(*line[0])), self.centre(self.name_of(*line[-1]))]
            across = len(line) == 1 or abs(ends[1][0] - ends[0][0]) >= abs(ends[1][1] - ends[0][1])
            if across:
                (x0, y0), (x1, y1) = sorted(ends)
                out += [EdgeLabel(letter, 0.0, y0, "left"), EdgeLabel(letter, width, y1, "right")]
            else:
                (x0, y0), (x1, y1) = sorted(ends, key=lambda p: p[1])
                out += [EdgeLabel(letter, x0, 0.0, "top"), EdgeLabel(letter, x1, height, "bottom")]
        return out

    def pattern(self, name: str) -> float:
        """A three-colouring: 0, 0.5 or 1 by (q - r) mod 3, so no two neighbouring hexes share a shade."""
        q, r = self._need(name)
        return ((q - r) % 3) / 2.0

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
        found = self._axials.get(name)
        if found is None:
            raise self._off_board(name)
        return found

    def _off_board(self, name: str) -> KeyError:
        return KeyError(f"{name} is not on this board ({self.describe()})")

