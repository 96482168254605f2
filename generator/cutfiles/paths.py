"""Cut paths: one closed outline per piece (and a standee's fold lines, to score), in millimetres on the page.

Every path is made from a layout the sheet composers computed (a punch
sheet's placements, a card sheet's grid, a decal sheet's centres): the
piece's shape, centre and size are theirs, so a path lies exactly on the cut
line the sheet prints. Shapes are the printed ones: a disc is a circle, a hex
a pointy-top hexagon measured across its flats, a square or a decal a
rectangle, a card a rectangle with the deck's rounded corners, a standee its
strip (two figures and two base tabs) with three fold lines.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from ..compose.cards import CardLayout
from ..compose.punch import Placement
from ..model.pieces import STANDEE_BASE
from ..render.cards import rounded_rect

Point = tuple[float, float]


@dataclass(frozen=True)
class CutPath:
    """One piece to cut: its outline (``shape`` centred on ``centre``, ``size`` wide and tall, corners rounded by
    ``radius``) and the lines to score on it (a standee's folds), page coordinates in mm, y down."""

    piece: str
    shape: str
    centre: Point
    size: tuple[float, float]
    radius: float = 0.0
    scores: tuple[tuple[Point, Point], ...] = ()

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the outline."""
        (x, y), (w, h) = self.centre, self.size
        return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)

    def corners(self) -> list[Point]:
        """The outline's corners: a hexagon's six (clockwise from the top), a rectangle's four; none for a circle."""
        x, y = self.centre
        if self.shape == "disc":
            return []
        if self.shape == "hex":
            r = self.size[0] / math.sqrt(3)
            return [(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a))) for a in range(-90, 270, 60)]
        x0, y0, x1, y1 = self.bounds
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]

    def geometry(self) -> BaseGeometry:
        """The outline as a shapely polygon (a circle and rounded corners to within 0.01 mm)."""
        if self.shape == "disc":
            from shapely.geometry import Point as ShapelyPoint

            return ShapelyPoint(self.centre).buffer(self.size[0] / 2, quad_segs=64)
        if self.radius:
            x0, y0, x1, y1 = self.bounds
            r = self.radius
            return box(x0 + r, y0 + r, x1 - r, y1 - r).buffer(r, quad_segs=32)
        return Polygon(self.corners())

    def svg_d(self) -> str:
        """The outline as SVG path data: one closed subpath."""
        def f(v: float) -> str:
            return f"{v:.4f}".rstrip("0").rstrip(".")

        x, y = self.centre
        if self.shape == "disc":
            r = self.size[0] / 2
            return (f"M{f(x - r)} {f(y)}A{f(r)} {f(r)} 0 1 0 {f(x + r)} {f(y)}"
                    f"A{f(r)} {f(r)} 0 1 0 {f(x - r)} {f(y)}Z")
        if self.radius:
            return rounded_rect(*self.bounds, self.radius)
        return "M" + "L".join(f"{f(px)} {f(py)}" for px, py in self.corners()) + "Z"


def placement_path(p: Placement) -> CutPath:
    """The cut of one piece on a punch sheet: its outline, and a standee's strip with its three fold lines."""
    w, h = p.extent
    x, y = p.centre
    shape = p.component.shape
    if shape != "standee":
        return CutPath(p.component.id, shape, p.centre, (w, h))
    base = STANDEE_BASE * p.width
    top, half = y - h / 2, p.width / 2
    folds = tuple(((x - half, fy), (x + half, fy)) for fy in (top + base, y, top + h - base))
    return CutPath(p.component.id, shape, p.centre, (w, h), scores=folds)


def card_paths(layout: CardLayout, sheet: int) -> list[CutPath]:
    """The cuts of one card sheet: each card's rectangle, a cell of the grid, with the deck's rounded corners."""
    x0, y0, x1, y1 = layout.grid
    cell = ((x1 - x0) / layout.columns, (y1 - y0) / layout.rows)
    return [CutPath(f"card-{layout.deck.id}", "card", centre, cell, layout.deck.radius_mm)
            for _, centre in layout.sheets[sheet]]


def decal_paths(centres: list[Point], size: float) -> list[CutPath]:
    """The cuts of one decal sheet: each sticker's square."""
    return [CutPath("decal", "square", centre, (size, size)) for centre in centres]
