"""Every knight action the board allows, built once per engine so that move generation only looks them up."""
from __future__ import annotations

from .compass import STRAIGHT, Neighbours
from .state import Action


class ActionTables:
    """Prebuilt actions by square: a knight's steps for each facing, its straight exits, every passage; and the
    distance tables the self-play player reads."""

    def __init__(self, tables: Neighbours):
        self._coords = tables.coords
        self._distances: dict[tuple[str, ...], dict[str, int]] = {}
        #: For each square and facing, (target, step action) pairs: forward, then the sides.
        self.steps: dict[str, dict[str, tuple[tuple[str, Action], ...]]] = {
            cell: {f: tuple((to, Action("step", (cell, to))) for to in tables.knight_steps[cell][f])
                   for f in STRAIGHT} for cell in tables.cells}
        #: For each square, (target, exit action) pairs in the four straight directions.
        self.exits: dict[str, tuple[tuple[str, Action], ...]] = {
            cell: tuple((to, Action("exit", (cell, to))) for to in tables.straight[cell]) for cell in tables.cells}
        #: The passage action between any two squares.
        self.passages: dict[tuple[str, str], Action] = {
            (a, b): Action("passage", (a, b)) for a in tables.cells for b in tables.cells if a != b}

    def distances(self, targets: tuple[str, ...]) -> dict[str, int]:
        """Every square's king-move distance to the nearest of ``targets``, built on first use and kept (the
        self-play player asks the same few sets again and again: the camp, the X squares, the dragon's square)."""
        found = self._distances.get(targets)
        if found is None:
            coords = self._coords
            ends = [coords[t] for t in targets]
            found = self._distances[targets] = {
                cell: min(max(abs(col - tc), abs(row - tr)) for tc, tr in ends) for cell, (col, row) in coords.items()}
        return found
