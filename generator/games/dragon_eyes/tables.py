"""The board as the engine uses it: cell numbers, the eyes, neighbours and straight lines, built once.

Cells are numbered in the grid's own order (row a first, each row from the
left), so a position is a tuple of small integers indexed by cell number.
Everything the move generator looks up is precomputed here at construction.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...model.geometry import HexGrid

#: The six directions of a hex grid in axial coordinates (q, r), r growing downwards.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True)
class Tables:
    """Precomputed look-ups of one board.

    ``names[i]`` is the name of cell ``i`` and ``index`` the reverse; ``eye[i]``
    says whether cell ``i`` is a Dragon Eye and ``eyes`` lists the eye cells; ``neighbours[i]`` lists the cells
    next to ``i``; ``rays[i]`` holds, for each of the six directions, the cells
    met going straight out from ``i`` to the edge of the board, nearest first.
    """

    names: tuple[str, ...]
    index: dict[str, int]
    eye: tuple[bool, ...]
    eyes: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    jumps: tuple[tuple[tuple[int, int], ...], ...]

    @property
    def size(self) -> int:
        """How many cells the board has."""
        return len(self.names)

    def cell(self, name: str) -> int:
        """The number of a named cell; ValueError naming the board's cells when it is not one."""
        found = self.index.get(name)
        if found is None:
            raise ValueError(f"'{name}' is not a cell of this board (rows a..k, numbered from 1 at the left)")
        return found


def build_tables(grid: HexGrid, eyes: tuple[str, ...]) -> Tables:
    """The look-ups of a hex board whose Dragon Eyes are ``eyes``."""
    names = tuple(grid.cells())
    index = {name: i for i, name in enumerate(names)}
    axial = [grid.axial(name) for name in names]
    at = {coords: i for i, coords in enumerate(axial)}
    rays = []
    for coords in axial:
        assert coords is not None
        q, r = coords
        per_direction = []
        for dq, dr in DIRECTIONS:
            line = []
            step = 1
            while (q + step * dq, r + step * dr) in at:
                line.append(at[(q + step * dq, r + step * dr)])
                step += 1
            per_direction.append(tuple(line))
        rays.append(tuple(per_direction))
    neighbours = tuple(tuple(ray[0] for ray in cell_rays if ray) for cell_rays in rays)
    jumps = tuple(tuple((ray[0], ray[1]) for ray in cell_rays if len(ray) >= 2) for cell_rays in rays)
    eye_set = set(eyes)
    eye = tuple(name in eye_set for name in names)
    return Tables(names, index, eye, tuple(i for i, flag in enumerate(eye) if flag), neighbours, tuple(rays),
                  jumps)
