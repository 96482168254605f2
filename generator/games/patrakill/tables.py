"""Every knight action the board allows, built once per engine so that move generation only looks them up."""
from __future__ import annotations

from .compass import STRAIGHT, Neighbours
from .state import Action


class ActionTables:
    """Prebuilt actions by square: a knight's steps for each facing, its straight exits, every passage."""

    def __init__(self, tables: Neighbours):
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
