"""Piece faces: a round token of one ground colour with its emblem, drawn in millimetres.

A face is a disc exactly the piece's diameter over a wider disc of the same
colour (the bleed, so a cut a little outside the line shows no paper), with
every mark kept well inside the edge so a back that prints off its front
still shows its emblem whole.
"""
from __future__ import annotations

import svgwrite.container
import svgwrite.shapes
from svgwrite.container import Group

from ..compose.marks import MIN_LINE_MM
from ..pieces import Face
from ..theme import contrast
from .emblems import emblem


#: Emblem width as a share of the piece's diameter.
EMBLEM_SHARE = 0.6
#: Emblem width when a form badge sits under it, and how far it moves up to make room (shares of the diameter).
BADGED_SHARE, BADGE_LIFT = 0.5, 0.07
#: The form badge's dots: how far below the centre, and how far apart (shares of the diameter).
BADGE_DROP, DOT_PITCH = 0.26, 0.11


def cut_colour(ground: str) -> str:
    """Colour of a cut line on ``ground``: black or white, whichever shows more."""
    return "#000000" if contrast(ground, "#000000") >= contrast(ground, "#ffffff") else "#ffffff"


def _badge(n: int, cx: float, cy: float, diameter: float, colour: str) -> Group:
    """``n`` dots in a row centred on (cx, cy): a weapon's form number."""
    g = Group(class_=f"badge form-{n}", fill=colour)
    pitch = DOT_PITCH * diameter
    for i in range(n):
        x = cx + (i - (n - 1) / 2) * pitch
        g.add(svgwrite.shapes.Circle((round(x, 3), round(cy, 3)), round(pitch * 0.32, 3)))
    return g


def render_face(face: Face, palette: dict[str, str], cx: float, cy: float, diameter: float, bleed: float,
                cut_line: bool = False, class_: str = "") -> Group:
    """One side of a piece centred on (cx, cy): ``diameter`` mm across, art ``bleed`` mm past its edge.

    ``palette`` maps the face's colour keys to colours; ``cut_line`` adds the
    thin circle to cut along (fronts only).
    """
    ground, ink = palette[face.ground], palette[face.ink]
    r = diameter / 2
    g = Group(class_=f"piece-face {class_}".strip())
    g.add(svgwrite.shapes.Circle((round(cx, 3), round(cy, 3)), round(r + bleed, 3), fill=ground, class_="bleed"))
    g.add(svgwrite.shapes.Circle((round(cx, 3), round(cy, 3)), round(r, 3), fill=ground, class_="disc"))
    if face.badge:
        g.add(emblem(face.emblem, cx, cy - BADGE_LIFT * diameter, BADGED_SHARE * diameter, ink, ground))
        g.add(_badge(face.badge, cx, cy + BADGE_DROP * diameter, diameter, ink))
    else:
        g.add(emblem(face.emblem, cx, cy, EMBLEM_SHARE * diameter, ink, ground))
    if cut_line:
        g.add(svgwrite.shapes.Circle((round(cx, 3), round(cy, 3)), round(r, 3), fill="none",
                                     stroke=cut_colour(ground), stroke_width=MIN_LINE_MM, class_="cut-line"))
    return g
