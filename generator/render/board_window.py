"""Part of a board's art: the drawing with only what can show in a window of it (one sheet of a tiled board).

A sheet clips the board to its own part; drawing the rest under the clip would cost the PDF writer and the
printer the whole board on every sheet. The window keeps every element whose ink may meet it, so that the
clipped sheet prints the same, and leaves out the others.
"""
from __future__ import annotations

import copy

import svgwrite.shapes
import svgwrite.text
from svgwrite.base import BaseElement
from svgwrite.container import Group

from .board import Box, BoardArt
from .text import text_width


def stroke_room(cell: float) -> float:
    """How far past its outline an element of a board with cells ``cell`` mm wide may ink, in mm: half its widest
    line (zone lines and rings, under a tenth of a cell), with room to spare for joins and anti-aliasing."""
    return max(1.0, cell * 0.1)


def window(art: BoardArt, box: Box) -> Group:
    """A copy of ``art``'s drawing that keeps the elements whose ink may meet ``box`` (art mm) and leaves out the rest.

    Cells are measured by what they ink (:attr:`BoardArt.cells`), other shapes and text by their own geometry; an
    element of a kind not measured here is kept.
    """
    room = stroke_room(art.cell)
    area = (box[0] - room, box[1] - room, box[2] + room, box[3] + room)
    part = _keep(art.group, area, dict(art.cells))
    assert isinstance(part, Group)  # the board's frame meets every window of it
    return part


def _keep(element: BaseElement, area: Box, cells: dict[str, Box]) -> BaseElement | None:
    """``element`` if its ink may meet ``area``, a group with the children that may, or None."""
    square = str(element.attribs.get("id", ""))
    if square.startswith("sq-") and square[3:] in cells:
        return element if _meets(cells[square[3:]], area) else None
    if isinstance(element, Group) and "transform" not in element.attribs:
        kept = [_keep(child, area, cells) for child in element.elements]
        children = [child for child in kept if child is not None]
        if not children and element.elements:
            return None
        if all(part is child for part, child in zip(kept, element.elements)):
            return element
        part = copy.copy(element)
        part.elements = children
        return part
    bounds = _bounds(element)
    return element if bounds is None or _meets(bounds, area) else None


def _meets(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _bounds(element: BaseElement) -> Box | None:
    """The box a shape or a line of text covers, without its stroke; None for an element of another kind."""
    a = element.attribs
    if isinstance(element, svgwrite.shapes.Polygon):
        xs, ys = [x for x, _ in element.points], [y for _, y in element.points]
        return (min(xs), min(ys), max(xs), max(ys))
    if isinstance(element, svgwrite.shapes.Line):
        return (min(a["x1"], a["x2"]), min(a["y1"], a["y2"]), max(a["x1"], a["x2"]), max(a["y1"], a["y2"]))
    if isinstance(element, svgwrite.shapes.Rect):
        return (a["x"], a["y"], a["x"] + a["width"], a["y"] + a["height"])
    if isinstance(element, svgwrite.shapes.Circle):
        return (a["cx"] - a["r"], a["cy"] - a["r"], a["cx"] + a["r"], a["cy"] + a["r"])
    if isinstance(element, svgwrite.text.Text) and not element.elements:
        size, content = float(a["font-size"]), str(element.text)
        spacing = float(str(a.get("letter-spacing", 0)))
        # wider than set, whatever the anchor: the text's width on either side of its point
        reach = text_width(content, size, str(a.get("font-weight", "normal"))) + spacing * len(content) + size
        x, y = float(a["x"]), float(a["y"])
        return (x - reach, y - size, x + reach, y + size)
    return None
