"""The engine's marks on a neutral rule diagram: paths, arrows, lines, dots, rings, crosses, labels, highlights.

Each :class:`~generator.play.views.DiagramMark` becomes one SVG group with
``data-kind``, ``data-role`` and ``data-cells``; each of its per-cell parts
carries ``data-cell``. The role gives colour, line pattern and weight
(:mod:`.diagram_style`); a mark's text that says more than its role is shown
as a numbered note, except a label's, which is printed on the board.
"""
from __future__ import annotations

import math

import svgwrite.base
import svgwrite.path
import svgwrite.shapes
from svgwrite.container import Group

from ..model.geometry import Point
from ..play.views import DiagramMark
from .diagram_canvas import Canvas
from .diagram_style import INK, MIN_TEXT_MM, arrowhead, label, r3, role_style, text_width

#: Kinds drawn as a line through the centres of their cells.
LINE_KINDS = ("path", "arrow", "line")


def _shorten(points: list[Point], start: float, end: float) -> list[Point]:
    """The polyline with its first and last segments pulled in by ``start`` and ``end`` mm."""
    (x0, y0), (x1, y1) = points[0], points[1]
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    first = (x0 + (x1 - x0) * start / d, y0 + (y1 - y0) * start / d)
    (xa, ya), (xb, yb) = points[-2], points[-1]
    d = math.hypot(xb - xa, yb - ya) or 1.0
    last = (xb - (xb - xa) * end / d, yb - (yb - ya) * end / d)
    return [first] + points[1:-1] + [last] if len(points) > 2 else [first, last]


def _stroke(role: str, cell: float, width: float) -> dict[str, object]:
    style = role_style(role)
    attrs: dict[str, object] = {"fill": "none", "stroke": style.colour, "stroke_width": r3(width * style.weight),
                                "stroke_linecap": "round", "stroke_linejoin": "round"}
    dash = style.dasharray(cell)
    if dash:
        attrs["stroke_dasharray"] = dash
        attrs["stroke_linecap"] = "butt"
    return attrs


def note_spots(mark: DiagramMark, canvas: Canvas) -> list[Point]:
    """Where a mark's note number may go, best first: beside the middle of its last segment, or the corners of its
    first cell in view (lower right, then lower left, upper left and upper right where a number fits whole in the
    view); none when no part of it is in view."""
    c = canvas.cell
    seen = [cell for cell in mark.cells if canvas.inside(cell)]
    if mark.kind in LINE_KINDS and len(mark.cells) >= 2:
        (xa, ya), (xb, yb) = canvas.centre(mark.cells[-2]), canvas.centre(mark.cells[-1])
        d = math.hypot(xb - xa, yb - ya) or 1.0
        return [((xa + xb) / 2 + (yb - ya) / d * c * 0.24, (ya + yb) / 2 - (xb - xa) / d * c * 0.24)]
    if not seen:
        return []
    x, y = canvas.centre(seen[0])
    r = note_radius(canvas)
    corners = [(x + dx * c * 0.36, y + dy * c * 0.36) for dx, dy in ((1, 1), (-1, 1), (-1, -1), (1, -1))]
    return [corners[0]] + [(px, py) for px, py in corners[1:]
                           if r <= px <= canvas.width - r and r <= py <= canvas.height - r]  # others only if whole


def _line_mark(g: Group, mark: DiagramMark, canvas: Canvas) -> None:
    c = canvas.cell
    cells = (mark.cells[0], mark.cells[-1]) if mark.kind == "arrow" else mark.cells
    points = [canvas.centre(cell) for cell in cells]
    headed = mark.kind != "line"
    if headed:
        points = _shorten(points, c * 0.2, c * 0.3)
    style = role_style(mark.role)
    g.add(svgwrite.shapes.Polyline([(r3(x), r3(y)) for x, y in points], **_stroke(mark.role, c, c * 0.07)))
    if headed:
        g.add(arrowhead(points[-2], points[-1], c * 0.26 * math.sqrt(style.weight), style.colour))


def _cell_part(mark: DiagramMark, cell: str, canvas: Canvas, occupied: bool) -> svgwrite.base.BaseElement:
    c = canvas.cell
    style = role_style(mark.role)
    x, y = canvas.centre(cell)
    part: svgwrite.base.BaseElement
    if mark.kind == "dot":
        dx = c * 0.3 if occupied else 0.0
        part = svgwrite.shapes.Circle((r3(x + dx), r3(y + dx)), r3(c * 0.11), fill=style.colour, stroke="#ffffff",
                                      stroke_width=r3(c * 0.03))
    elif mark.kind == "ring":
        part = svgwrite.shapes.Circle((r3(x), r3(y)), r3(c * 0.45), **_stroke(mark.role, c, c * 0.05))
    elif mark.kind == "cross":
        d = c * 0.3
        part = svgwrite.path.Path(d=f"M{r3(x - d)},{r3(y - d)} L{r3(x + d)},{r3(y + d)} M{r3(x - d)},{r3(y + d)} "
                                    f"L{r3(x + d)},{r3(y - d)}", fill="none", stroke=style.colour,
                                  stroke_width=r3(c * 0.08 * style.weight), stroke_linecap="round")
    elif mark.kind == "highlight":
        corners = [(x + (px - x) * 0.9, y + (py - y) * 0.9) for px, py in canvas.outline(cell)]
        attrs = _stroke(mark.role, c, c * 0.05)
        attrs.update(fill=style.colour, fill_opacity="0.22")
        part = svgwrite.shapes.Polygon([(r3(px), r3(py)) for px, py in corners], **attrs)
    else:  # label
        size = max(MIN_TEXT_MM, c * 0.2)
        width = text_width(mark.text, size) + size * 0.8
        left = min(max(x - width / 2, 0.0), canvas.width - width)
        top = y - c * 0.5 + c * 0.04
        part = Group()
        part.add(svgwrite.shapes.Rect((r3(left), r3(top)), (r3(width), r3(size * 1.35)), rx=r3(size * 0.3),
                                      fill="#ffffff", fill_opacity="0.92", stroke=style.colour,
                                      stroke_width=r3(max(0.3, c * 0.025))))
        part.add(label(mark.text, left + width / 2, top + size * 1.0, size, INK, "600"))
    part.attribs["class"] = "mark-cell"
    part.attribs["data-cell"] = cell
    return part


def draw_mark(mark: DiagramMark, ident: str, canvas: Canvas, occupied: frozenset[str]) -> Group:
    """One engine mark as a group ``ident`` (its note's number, if it has one, is drawn apart: see
    :func:`note_badge`)."""
    g = Group(id=ident, class_=f"mark kind-{mark.kind} role-{mark.role}")
    g.attribs.update({"data-kind": mark.kind, "data-role": mark.role, "data-cells": " ".join(mark.cells)})
    if mark.text:
        g.attribs["data-text"] = mark.text
    if mark.kind in LINE_KINDS and len(mark.cells) >= 2:
        _line_mark(g, mark, canvas)
    else:
        shown = DiagramMark("dot", mark.cells, mark.role, mark.text) if mark.kind in LINE_KINDS else mark
        for cell in mark.cells:
            if canvas.inside(cell):
                g.add(_cell_part(shown, cell, canvas, cell in occupied))
    return g


def note_radius(canvas: Canvas) -> float:
    """The radius of a note's number on the board, in mm."""
    return max(1.5, canvas.cell * 0.13)


#: A circle on the board a note number keeps clear of: centre x, y and radius, in mm.
Obstacle = tuple[float, float, float]


def free_spot(spots: list[Point], taken: list[Obstacle], radius: float) -> Point:
    """The first of ``spots`` where a badge of ``radius`` clears every circle already ``taken`` (other badges,
    labels, tokens); when none does, the first moved up (and, at the top edge, one column left) until it clears them.

    The badge found joins ``taken``.
    """
    def clear(x: float, y: float) -> bool:
        return all(math.hypot(x - tx, y - ty) >= radius * 1.1 + tr for tx, ty, tr in taken)

    x, y = next((s for s in spots if clear(*s)), spots[0])
    while not clear(x, y):
        y -= radius * 2.2
        if y < radius:
            x, y = x - radius * 2.2, spots[0][1]
    taken.append((x, y, radius))
    return x, y


def note_badge(number: int, x: float, y: float, radius: float, role: str) -> Group:
    """A note's number in a small white disc ringed in its role's colour."""
    g = Group(class_="note-number")
    g.attribs["data-note"] = str(number)
    g.add(svgwrite.shapes.Circle((r3(x), r3(y)), r3(radius), fill="#ffffff", stroke=role_style(role).colour,
                                 stroke_width=r3(max(0.3, radius * 0.2))))
    g.add(label(str(number), x, y + MIN_TEXT_MM * 0.36, radius * 1.2, INK, "bold"))
    return g


def role_icon(role: str, x: float, y: float, kind: str = "arrow") -> Group:
    """A legend sample of a role drawn as the figure draws its marks of ``kind``: a short line in the role's colour,
    pattern and weight (with an arrowhead for paths and arrows), or a small ring, dot, cross, tinted cell or label
    box."""
    g = Group(class_=f"legend-icon role-{role} kind-{kind}")
    style = role_style(role)
    if kind in LINE_KINDS:
        g.add(svgwrite.shapes.Line((r3(x), r3(y)), (r3(x + 6.0), r3(y)), **_stroke(role, 9.0, 0.6)))
        if kind != "line":
            g.add(arrowhead((x, y), (x + 7.6, y), 1.9, style.colour))
        return g
    cx, cy = x + 2.8, y
    if kind == "ring":
        g.add(svgwrite.shapes.Circle((r3(cx), r3(cy)), 2.2, **_stroke(role, 6.0, 0.35)))
    elif kind == "dot":
        g.add(svgwrite.shapes.Circle((r3(cx), r3(cy)), 1.0, fill=style.colour, stroke="#ffffff", stroke_width=0.2))
    elif kind == "cross":
        d = 1.8
        g.add(svgwrite.path.Path(d=f"M{r3(cx - d)},{r3(cy - d)} L{r3(cx + d)},{r3(cy + d)} M{r3(cx - d)},{r3(cy + d)} "
                                   f"L{r3(cx + d)},{r3(cy - d)}", fill="none", stroke=style.colour,
                                 stroke_width=r3(0.5 * style.weight), stroke_linecap="round"))
    elif kind == "highlight":
        attrs = _stroke(role, 6.0, 0.3)
        attrs.update(fill=style.colour, fill_opacity="0.22")
        g.add(svgwrite.shapes.Rect((r3(cx - 2.2), r3(cy - 2.2)), (4.4, 4.4), **attrs))
    else:  # a label's box
        g.add(svgwrite.shapes.Rect((r3(cx - 2.6), r3(cy - 1.4)), (5.2, 2.8), rx=0.6, fill="#ffffff",
                                   stroke=style.colour, stroke_width=0.3))
    return g
