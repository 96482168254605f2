"""Piece faces: a token of one ground colour (disc, square, hex or standee figure) with its marks, in millimetres.

A face is its shape exactly the piece's size over a wider copy of the same
colour (the bleed, so a cut a little outside the line shows no paper), with
every mark (emblem, glyph, label) kept well inside the edge so a back that
prints off its front still shows it whole. Given a safe area (a punch sheet's
:data:`~generator.model.printspec.SAFE_MM`), the marks stay that far inside the cut:
where their usual layout reaches farther, the whole layout shrinks about the
face's centre until it fits, its text no smaller than 6 pt. A standee is a
strip: base tab, front figure, back figure turned over, base tab, with fold
lines between.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import svgwrite.container
import svgwrite.shapes
from svgwrite.base import BaseElement
from svgwrite.container import Group

from .text import fit_size, text, text_width
from ..model.faces import Face
from ..model.pieces import STANDEE_BASE, outline_size
from ..model.printspec import MIN_DETAIL_MM, MIN_LINE_MM, MIN_TEXT_MM
from ..model.theme import contrast
from .emblems import emblem, emblem_balance, emblem_hull


#: Emblem width as a share of the piece's diameter.
EMBLEM_SHARE = 0.6
#: Emblem width when a form badge sits under it, and how far it moves up to make room (shares of the diameter).
BADGED_SHARE, BADGE_LIFT = 0.5, 0.07
#: The form badge's dots: how far below the centre, and how far apart (shares of the diameter).
BADGE_DROP, DOT_PITCH = 0.26, 0.11
#: A glyph's height, and a label's, as shares of the face's smaller side; the least label size in mm.
GLYPH_SHARE, LABEL_SHARE, LABEL_MIN_MM = 0.5, 0.13, MIN_TEXT_MM
#: How far a label sits below the centre, and how far marks move up to make room (shares of the smaller side).
LABEL_DROP, LABEL_LIFT = 0.33, 0.08
#: How far the sans font's letters reach above the baseline, below it in letters with descenders, and below it in
#: the others (round letters dip under the baseline, and a renderer may snap the baseline to its pixels): shares of
#: the font size.
ASCENT, DESCENT, OVERSHOOT = 0.72, 0.24, 0.05
#: Letters that reach below the baseline.
DESCENDERS = frozenset("gjpqyQ,;")
#: How much farther inside than the safe area a mark's measured outline keeps: the outline is sampled, and a printed
#: edge blurs a little.
SLACK_MM = 0.2
#: The least share of its usual size a face's layout shrinks to; steps of the search for the largest that fits.
LEAST_SHRINK, SHRINK_STEPS = 0.3, 20

#: Points a mark inks: x, y (mm) and how far round each point its ink spreads (mm).
Reach = list[tuple[float, float, float]]
#: A face's marks: the elements to draw, and the points they ink.
Marks = tuple[list[BaseElement], Reach]


def cut_colour(ground: str) -> str:
    """Colour of a cut line on ``ground``: black or white, whichever shows more."""
    return "#000000" if contrast(ground, "#000000") >= contrast(ground, "#ffffff") else "#ffffff"


def _badge(n: int, cx: float, cy: float, diameter: float, colour: str) -> tuple[Group, Reach]:
    """``n`` dots in a row centred on (cx, cy): an item's form number; and the dots as points with their radius."""
    g = Group(class_=f"badge form-{n}", fill=colour)
    radius = round(max(DOT_PITCH * diameter * 0.32, MIN_DETAIL_MM / 2), 3)
    # dots and the gaps between them stay legible, also once their centres are rounded to the micrometre
    pitch = math.ceil(max(DOT_PITCH * diameter, 2 * radius + MIN_DETAIL_MM) * 500) / 500
    cx = round(cx, 3)
    reach: Reach = []
    for i in range(n):
        x = cx + (i - (n - 1) / 2) * pitch
        g.add(svgwrite.shapes.Circle((round(x, 3), round(cy, 3)), round(radius, 3)))
        reach.append((x, cy, radius))
    return g, reach


def outline(shape: str, cx: float, cy: float, width: float, height: float, grow: float = 0.0,
            **attrs: Any) -> BaseElement:
    """The outline of a ``shape`` face centred on (cx, cy), ``grow`` mm larger all round (a bleed)."""
    if shape == "disc":
        return svgwrite.shapes.Circle((round(cx, 3), round(cy, 3)), round(width / 2 + grow, 3), **attrs)
    if shape == "hex":  # pointy-top: width across the flats, so growing by g adds 2g across them
        radius = (width + 2 * grow) / math.sqrt(3)
        points = [(round(cx + radius * math.cos(math.radians(a)), 4), round(cy + radius * math.sin(math.radians(a)), 4))
                  for a in range(-90, 270, 60)]
        return svgwrite.shapes.Polygon(points, **attrs)
    return svgwrite.shapes.Rect((round(cx - width / 2 - grow, 4), round(cy - height / 2 - grow, 4)),
                                (round(width + 2 * grow, 4), round(height + 2 * grow, 4)), **attrs)


def room(shape: str, width: float, height: float, inset: float) -> Callable[[float, float], float]:
    """How far a point (dx, dy) from a face's centre lies inside the face's outline moved ``inset`` mm inward
    (negative: outside it)."""
    if shape == "disc":
        return lambda dx, dy: width / 2 - inset - math.hypot(dx, dy)
    if shape == "hex":  # pointy-top: upright sides at the flats, the others slanting 30 degrees
        flat = width / 2 - inset
        return lambda dx, dy: flat - max(abs(dx), abs(dx) / 2 + abs(dy) * math.sqrt(3) / 2)
    return lambda dx, dy: min(width / 2 - inset - abs(dx), height / 2 - inset - abs(dy))


def _emblem_reach(name: str, cx: float, cy: float, size: float) -> Reach:
    """The outermost points emblem ``name`` inks when drawn ``size`` mm wide at (cx, cy) (no line thinner than
    :data:`MIN_DETAIL_MM`): the corners of :func:`~generator.render.emblems.emblem_hull`, as the outlines the marks
    must keep inside are convex."""
    scale = size / 100.0
    return [(cx + x * scale, cy + y * scale, max(h * scale, MIN_DETAIL_MM / 2) if h else 0.0)
            for x, y, h in emblem_hull(name)]


def _text_reach(content: str, cx: float, baseline: float, size: float, weight: str) -> Reach:
    """The corners of the box a line of text centred on ``cx`` inks."""
    half = text_width(content, size, weight) / 2
    low = baseline + (DESCENT if DESCENDERS & set(content) else OVERSHOOT) * size
    return [(cx + side * half, y, 0.0) for side in (-1, 1) for y in (baseline - ASCENT * size, low)]


def _balanced(name: str, x: float, y: float, size: float, balanced: bool) -> tuple[float, float]:
    """Where emblem ``name``, ``size`` mm wide, is drawn to stand at (x, y): its own centre, or (``balanced``) the
    centre of the smallest circle round it (see :func:`~generator.render.emblems.emblem_balance`)."""
    if not balanced:
        return x, y
    bx, by = emblem_balance(name)
    return x - bx * size / 100.0, y - by * size / 100.0


def _face_marks(face: Face, ink: str, ground: str, cx: float, cy: float, width: float, height: float,
                balanced: bool = False, draw: bool = True) -> Marks:
    """The emblem, glyph and label of :func:`face_marks`, and the points they ink; ``balanced`` centres the emblem
    on the smallest circle round it. Without ``draw``, only the points (no elements: what a fit measures)."""
    parts: list[BaseElement] = []
    reach: Reach = []
    side = min(width, height)
    lift = LABEL_LIFT * side if face.label else 0.0
    share = EMBLEM_SHARE - (0.2 if face.label or face.glyph and face.emblem else 0.0)
    if face.emblem:
        ex, ey = _balanced(face.emblem, cx, cy - lift + (0.1 * side if face.glyph else 0.0), share * side, balanced)
        if draw:
            parts.append(emblem(face.emblem, ex, ey, share * side, ink, ground, least=MIN_DETAIL_MM))
        reach += _emblem_reach(face.emblem, ex, ey, share * side)
    if face.glyph:
        size = GLYPH_SHARE * side * (0.55 if face.emblem else 1.0)
        gy = cy - lift + size * 0.36 - (0.22 * side if face.emblem else 0.0)
        if draw:
            parts.append(text(face.glyph, cx, gy, size, ink, "bold", "middle", class_="glyph"))
        reach += _text_reach(face.glyph, cx, gy, size, "bold")
    if face.label:
        size = max(LABEL_MIN_MM, fit_size(face.label, 0.78 * width, LABEL_SHARE * side, 0.55))
        ly = cy + LABEL_DROP * side + size * 0.35
        if draw:
            parts.append(text(face.label, cx, ly, size, ink, "600", "middle", class_="label"))
        reach += _text_reach(face.label, cx, ly, size, "600")
    return parts, reach


def face_marks(face: Face, ink: str, ground: str, cx: float, cy: float, width: float, height: float) -> Group:
    """A face's emblem, glyph and label, centred on (cx, cy) and sized for the smaller side."""
    g = Group(class_="marks")
    for part in _face_marks(face, ink, ground, cx, cy, width, height)[0]:
        g.add(part)
    return g


def _marks(face: Face, ink: str, ground: str, cx: float, cy: float, diameter: float, height: float,
           shape: str, balanced: bool = False, draw: bool = True) -> Marks:
    """What a face of ``shape`` carries, laid out for ``diameter`` x ``height`` mm: an emblem over its form dots,
    the emblem, glyph and label of :func:`face_marks`, or an emblem alone; and the points they ink. ``balanced``
    centres an emblem on the smallest circle round it; without ``draw``, only the points are found (no elements)."""
    if face.badge:
        size = BADGED_SHARE * diameter
        ex, ey = _balanced(face.emblem, cx, cy - BADGE_LIFT * diameter, size, balanced)
        badge, dots = _badge(face.badge, cx, cy + BADGE_DROP * diameter, diameter, ink)
        return ([emblem(face.emblem, ex, ey, size, ink, ground, least=MIN_DETAIL_MM), badge] if draw else [],
                _emblem_reach(face.emblem, ex, ey, size) + dots)
    if face.glyph or face.label or shape != "disc":
        parts, reach = _face_marks(face, ink, ground, cx, cy, diameter, height, balanced, draw)
        if not draw:
            return [], reach
        g = Group(class_="marks")
        for part in parts:
            g.add(part)
        return [g], reach
    size = EMBLEM_SHARE * diameter
    ex, ey = _balanced(face.emblem, cx, cy, size, balanced)
    return [emblem(face.emblem, ex, ey, size, ink, ground, least=MIN_DETAIL_MM)] if draw else [], \
        _emblem_reach(face.emblem, ex, ey, size)


def fit_scale(face: Face, cx: float, cy: float, diameter: float, height: float, shape: str, safe: float) -> float:
    """How much a face's usual layout of marks shrinks about (cx, cy) so that every point they ink keeps ``safe``
    mm inside the face's outline: 1 when it fits as it is (or ``safe`` is 0), else the largest share that fits with
    its emblem balanced (to :data:`SHRINK_STEPS` halvings; no less than :data:`LEAST_SHRINK`)."""
    inside = room(shape, diameter, height, safe + SLACK_MM)

    def fits(share: float) -> bool:
        reach = _marks(face, "", "", cx, cy, share * diameter, share * height, shape, share < 1, draw=False)[1]
        return all(inside(x - cx, y - cy) >= spread for x, y, spread in reach)

    if not safe or fits(1.0):
        return 1.0
    low, high = LEAST_SHRINK, 1.0
    for _ in range(SHRINK_STEPS):
        middle = (low + high) / 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


def fitted_marks(face: Face, ink: str, ground: str, cx: float, cy: float, diameter: float, height: float,
                 shape: str, safe: float) -> list[BaseElement]:
    """The marks of a face, their usual layout shrunk by :func:`fit_scale` to stay ``safe`` mm inside the face (an
    emblem shrunk is balanced on the face's centre)."""
    share = fit_scale(face, cx, cy, diameter, height, shape, safe)
    return _marks(face, ink, ground, cx, cy, share * diameter, share * height, shape, share < 1)[0]


def render_face(face: Face, palette: dict[str, str], cx: float, cy: float, diameter: float, bleed: float,
                cut_line: bool = False, class_: str = "", shape: str = "disc", height: float | None = None,
                safe: float = 0.0) -> Group:
    """One side of a piece centred on (cx, cy): ``diameter`` mm wide (``height`` mm tall), art ``bleed`` mm past it.

    ``palette`` maps the face's colour keys to colours; ``cut_line`` adds the
    thin outline to cut along (fronts only). ``shape`` is disc, square, hex
    (``diameter`` across the flats) or standee (one figure, ``height`` tall).
    ``safe`` keeps the marks that far inside the outline (see :func:`fitted_marks`).
    """
    ground, ink = palette[face.ground], palette[face.ink]
    height = diameter if height is None else height
    g = Group(class_=f"piece-face {class_}".strip())
    g.add(outline(shape, cx, cy, diameter, height, bleed, fill=ground, class_="bleed"))
    g.add(outline(shape, cx, cy, diameter, height, fill=ground, class_="disc" if shape == "disc" else "face"))
    for part in fitted_marks(face, ink, ground, cx, cy, diameter, height, shape, safe):
        g.add(part)
    if cut_line:
        g.add(outline(shape, cx, cy, diameter, height, fill="none", stroke=cut_colour(ground),
                      stroke_width=MIN_LINE_MM, class_="cut-line"))
    return g


def render_standee(front: Face, back: Face, palette: dict[str, str], cx: float, cy: float, width: float,
                   height: float, bleed: float, class_: str = "", safe: float = 0.0) -> Group:
    """A standee's strip centred on (cx, cy): base tab, front figure, back figure upside down, base tab.

    Folded on the middle line the back lands behind the front, both reading
    upright; the outer tabs fold out the other way and make the base. The
    strip carries its cut outline and three dashed fold lines; ``safe`` keeps each figure's marks that far inside
    its sides (see :func:`fitted_marks`).
    """
    total_w, total_h = outline_size("standee", width, height)
    base = STANDEE_BASE * width
    top = cy - total_h / 2
    ground = palette[front.ground]
    g = Group(class_=f"standee {class_}".strip())
    g.add(outline("square", cx, cy, total_w, total_h, bleed, fill=ground, class_="bleed"))
    for y in (top + base / 2, top + total_h - base / 2):
        g.add(outline("square", cx, y, width, base, fill=ground, class_="base-tab"))
    g.add(render_face(front, palette, cx, cy - height / 2, width, 0.0, False, "front standee-front", "standee",
                      height, safe))
    turned = render_face(back, palette, cx, cy + height / 2, width, 0.0, False, "back standee-back", "standee",
                         height, safe)
    turned.attribs["transform"] = f"rotate(180 {cx:.3f} {cy + height / 2:.3f})"
    g.add(turned)
    ink = cut_colour(ground)
    for y in (top + base, cy, top + total_h - base):
        g.add(svgwrite.shapes.Line((round(cx - width / 2, 3), round(y, 3)), (round(cx + width / 2, 3), round(y, 3)),
                                   stroke=ink, stroke_width=MIN_LINE_MM, stroke_dasharray="2,1.5", class_="fold-line"))
    g.add(outline("square", cx, cy, total_w, total_h, fill="none", stroke=ink, stroke_width=MIN_LINE_MM,
                  class_="cut-line"))
    return g
