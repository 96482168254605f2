"""Board tables computed once per engine: hexes as numbers, neighbours, lines in the six directions.

Hexes are numbered in the grid's cell order; every look-up the rules make
during play (neighbours, distance, the line from one hex to another) is an
index into a table built here.
"""
from __future__ import annotations

from collections import deque

from ...model.geometry import HexGrid

#: The six directions of a flat-topped and of a pointy-topped hex board: name and axial step.
DIRECTIONS = {
    "flat": (("n", (0, -1)), ("ne", (1, -1)), ("se", (1, 0)), ("s", (0, 1)), ("sw", (-1, 1)), ("nw", (-1, 0))),
    "pointy": (("e", (1, 0)), ("ne", (1, -1)), ("nw", (0, -1)), ("w", (-1, 0)), ("sw", (-1, 1)), ("se", (0, 1))),
}


class BoardTables:
    """Hex names and numbers, neighbours, rays in each direction and the hexes between two hexes in line."""

    def __init__(self, grid: HexGrid):
        self.grid = grid
        self.names: tuple[str, ...] = tuple(grid.cells())
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        axial = [grid.axial(name) for name in self.names]
        self.axial: tuple[tuple[int, int], ...] = tuple(a for a in axial if a is not None)
        at = {qr: i for i, qr in enumerate(self.axial)}
        self.direction_names: tuple[str, ...] = tuple(name for name, _ in DIRECTIONS[grid.orientation])
        steps = [step for _, step in DIRECTIONS[grid.orientation]]
        rays: list[tuple[tuple[int, ...], ...]] = []
        for q, r in self.axial:
            cell_rays: list[tuple[int, ...]] = []
            for dq, dr in steps:
                ray: list[int] = []
                nq, nr = q + dq, r + dr
                while (nq, nr) in at:
                    ray.append(at[(nq, nr)])
                    nq, nr = nq + dq, nr + dr
                cell_rays.append(tuple(ray))
            rays.append(tuple(cell_rays))
        #: ``rays[cell][direction]``: the hexes from ``cell`` to the edge, nearest first.
        self.rays: tuple[tuple[tuple[int, ...], ...], ...] = tuple(rays)
        #: ``neighbours[cell]``: the adjacent hexes, in direction order.
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(tuple(ray[0] for ray in cell if ray) for cell in rays)
        between: dict[tuple[int, int], tuple[int, ...]] = {}
        for cell, outward in enumerate(rays):
            for line in outward:
                for k, far in enumerate(line):
                    between[(cell, far)] = line[:k]
        self._between = between
        self._distance = tuple(tuple(max(abs(q1 - q2), abs(r1 - r2), abs(q1 + r1 - q2 - r2))
                                     for q2, r2 in self.axial) for q1, r1 in self.axial)
        #: ``_balls[cell][k]``: the hexes within ``k`` steps of ``cell`` on the empty board, in number order, and
        #: ``_inner[cell][k]`` the same hexes but ``cell`` (the hexes a path of ``k + 1`` steps may cross).
        self._balls = tuple(self._rings(cell) for cell in range(len(self.names)))
        self._inner = tuple(tuple(frozenset(ball) - {cell} for ball in balls) for cell, balls in enumerate(self._balls))

    def distance(self, a: int, b: int) -> int:
        """Steps between two hexes on an empty board."""
        return self._distance[a][b]

    def between(self, a: int, b: int) -> tuple[int, ...] | None:
        """The hexes strictly between two hexes on one line, nearest ``a`` first; None when not in line."""
        return self._between.get((a, b))

    def reach(self, start: int, steps: int, blocked: frozenset[int] | set[int]) -> dict[int, int]:
        """Every hex a figure on ``start`` reaches in at most ``steps`` steps through unblocked hexes.

        Maps each hex to the hex it is entered from (``start`` maps to itself), so a path can be read back.
        """
        came = {start: start}
        frontier = deque([(start, 0)])
        while frontier:
            cell, used = frontier.popleft()
            if used == steps:
                continue
            for near in self.neighbours[cell]:
                if near not in came and near not in blocked:
                    came[near] = cell
                    frontier.append((near, used + 1))
        return came

    def _rings(self, start: int) -> tuple[tuple[int, ...], ...]:
        """The hexes within 0, 1, 2... steps of ``start`` on the empty board (up to the farthest), in number
        order."""
        steps = {start: 0}
        frontier = deque([start])
        while frontier:
            cell = frontier.popleft()
            for near in self.neighbours[cell]:
                if near not in steps:
                    steps[near] = steps[cell] + 1
                    frontier.append(near)
        return tuple(tuple(sorted(c for c, k in steps.items() if k <= most)) for most in range(max(steps.values()) + 1))

    def crossed(self, start: int, steps: int) -> frozenset[int]:
        """The hexes a path of at most ``steps`` steps from ``start`` may pass through (``start`` left out): a
        figure there may block the way to others; anywhere else it blocks only its own hex."""
        inner = self._inner[start]
        return inner[min(steps - 1, len(inner) - 1)] if steps > 0 else frozenset()

    def reachable(self, start: int, steps: int, blocked: frozenset[int] | set[int]) -> list[int]:
        """The hexes of :meth:`reach`, in number order, without the paths. When no blocked hex lies where a path
        could pass (within ``steps - 1`` of ``start``), they are the free hexes within ``steps``, read from a
        table."""
        if steps > 0 and blocked.isdisjoint(self.crossed(start, steps)):
            ball = self._balls[start]
            return [cell for cell in ball[min(steps, len(ball) - 1)] if cell == start or cell not in blocked]
        seen, frontier = {start}, [start]
        for _ in range(steps):
            reached = []
            for cell in frontier:
                for near in self.neighbours[cell]:
                    if near not in seen and near not in blocked:
                        seen.add(near)
                        reached.append(near)
            frontier = reached
        return sorted(seen)

    def path(self, came: dict[int, int], end: int) -> tuple[int, ...]:
        """The hexes from the start of a :meth:`reach` to ``end``, both included."""
        cells = [end]
        while came[cells[-1]] != cells[-1]:
            cells.append(came[cells[-1]])
        return tuple(reversed(cells))

    def cell(self, name: str) -> int:
        """The number of a hex by name; ValueError naming the board when it is off it."""
        if name not in self.index:
            raise ValueError(f"'{name}' is not a hex of the board ({self.grid.describe()})")
        return self.index[name]
