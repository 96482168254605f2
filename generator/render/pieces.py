"""Piece faces: a token of one ground colour (disc, square, hex or standee figure) with its marks, in millimetres.

A face is its shape exactly the piece's size over a wider copy of the same
colour (the bleed, so a cut a little outside the line shows no paper), with
every mark (emblem, glyph, label) kept well inside the edge so a back that
prints off its front still shows it whole. A standee is a strip: base tab,
front figure, back figure turned over, base tab, with fold lines between.
"""
from __future__ import annotations

import math
from typing import Any

import svgwrite.container
import svgwrite.shapes
from svgwrite.base import BaseElement
from svgwrite.container import Group

from ..compose.marks import fit_size, text
from ..faces import Face
from ..pieces import STANDEE_BASE, outline_size
from ..printspec import MIN_DETAIL_MM, MIN_LINE_MM, MIN_TEXT_MM
from ..theme import contrast
from .emblems import emblem


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


def cut_colour(ground: str) -> str:
    """Colour of a cut line on ``ground``: black or white, whichever shows more."""
    return "#000000" if contrast(ground, "#000000") >= contrast(ground, "#ffffff") else "#ffffff"


def _badge(n: int, cx: float, cy: float, diameter: float, colour: str) -> Group:
    """``n`` dots in a row centred on (cx, cy): an item's form number."""
    g = Group(class_=f"badge form-{n}", fill=colour)
    radius = max(DOT_PITCH * diameter * 0.32, MIN_DETAIL_MM / 2)
    pitch = max(DOT_PITCH * diameter, 2 * radius + MIN_DETAIL_MM)  # dots and the gaps between them stay legible
    for i in range(n):
        x = cx + (i - (n - 1) / 2) * pitch
        g.add(svgwrite.shapes.Circle((round(x, 3), round(cy, 3)), round(radius, 3)))
    return g


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


def face_marks(face: Face, ink: str, ground: str, cx: float, cy: float, width: float, height: float) -> Group:
    """A face's emblem, glyph and label, centred on (cx, cy) and sized for the smaller side."""
    g = Group(class_="marks")
    side = min(width, height)
    lift = LABEL_LIFT * side if face.label else 0.0
    share = EMBLEM_SHARE - (0.2 if face.label or face.glyph and face.emblem else 0.0)
    if face.emblem:
        ey = cy - lift + (0.1 * side if face.glyph else 0.0)
        g.add(emblem(face.emblem, cx, ey, share * side, ink, ground, least=MIN_DETAIL_MM))
    if face.glyph:
        size = GLYPH_SHARE * side * (0.55 if face.emblem else 1.0)
        gy = cy - lift + size * 0.36 - (0.22 * side if face.emblem else 0.0)
        g.add(text(face.glyph, cx, gy, size, ink, "bold", "middle", class_="glyph"))
    if face.label:
        size = max(LABEL_MIN_MM, fit_size(face.label, 0.78 * width, LABEL_SHARE * side, 0.55))
        g.add(text(face.label, cx, cy + LABEL_DROP * side + size * 0.35, size, ink, "600", "middle", class_="label"))
    return g


def render_face(face: Face, palette: dict[str, str], cx: float, cy: float, diameter: float, bleed: float,
                cut_line: bool = False, class_: str = "", shape: str = "disc", height: float | None = None) -> Group:
    """One side of a piece centred on (cx, cy): ``diameter`` mm wide (``height`` mm tall), art ``bleed`` mm past it.

    ``palette`` maps the face's colour keys to colours; ``cut_line`` adds the
    thin outline to cut along (fronts only). ``shape`` is disc, square, hex
    (``diameter`` across the flats) or standee (one figure, ``height`` tall).
    """
    ground, ink = palette[face.ground], palette[face.ink]
    height = diameter if height is None else height
    g = Group(class_=f"piece-face {class_}".strip())
    g.add(outline(shape, cx, cy, diameter, height, bleed, fill=ground, class_="bleed"))
    g.add(outline(shape, cx, cy, diameter, height, fill=ground, class_="disc" if shape == "disc" else "face"))
    if face.badge:
        g.add(emblem(face.emblem, cx, cy - BADGE_LIFT * diameter, BADGED_SHARE * diameter, ink, ground,
                           least=MIN_DETAIL_MM))
        g.add(_badge(face.badge, cx, cy + BADGE_DROP * diameter, diameter, ink))
    elif face.glyph or face.label or shape != "disc":
        g.add(face_marks(face, ink, ground, cx, cy, diameter, height))
    else:
        g.add(emblem(face.emblem, cx, cy, EMBLEM_SHARE * diameter, ink, ground, least=MIN_DETAIL_MM))
    if cut_line:
        g.add(outline(shape, cx, cy, diameter, height, fill="none", stroke=cut_colour(ground),
                      stroke_width=MIN_LINE_MM, class_="cut-line"))
    return g


def render_standee(front: Face, back: Face, palette: dict[str, str], cx: float, cy: float, width: float,
                   height: float, bleed: float, class_: str = "") -> Group:
    """A standee's strip centred on (cx, cy): base tab, front figure, back figure upside down, base tab.

    Folded on the middle line the back lands behind the front, both reading
    upright; the outer tabs fold out the other way and make the base. The
    strip carries its cut outline and three dashed fold lines.
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
                      height))
    turned = render_face(back, palette, cx, cy + height / 2, width, 0.0, False, "back standee-back", "standee",
                         height)
    turned.attribs["transform"] = f"rotate(180 {cx:.3f} {cy + height / 2:.3f})"
    g.add(turned)
    ink = cut_colour(ground)
    for y in (top + base, cy, top + total_h - base):
        g.add(svgwrite.shapes.Line((round(cx - width / 2, 3), round(y, 3)), (round(cx + width / 2, 3), round(y, 3)),
                                   stroke=ink, stroke_width=MIN_LINE_MM, stroke_dasharray="2,1.5", class_="fold-line"))
    g.add(outline("square", cx, cy, total_w, total_h, fill="none", stroke=ink, stroke_width=MIN_LINE_MM,
                  class_="cut-line"))
    return g
