"""Pieces on a neutral rule diagram, drawn from :class:`~generator.play.views.PieceView` values alone.

A piece's fill is its own colour key (``PieceView.colour``) or its owner's
player colour; its outline is the owner's colour, so owners stay apart even
when pieces carry colours of their own. Shape, badge, a stack's number, the
facing pointer, the face-down hatching and the ring of a marked piece are
cues that do not depend on colour.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import svgwrite.path
import svgwrite.shapes
from svgwrite.container import Group

from ..model.emblem_shapes import EMBLEMS
from ..play.views import FACINGS, PieceView
from ..model.theme import contrast
from .diagram_style import INK, label, r3
from .emblems import emblem

#: Radius of a piece, as a share of the cell size.
PIECE_RADIUS = 0.34
#: Grey of pieces without an owner, and of face-down backs.
NEUTRAL = "#8a8a8a"
#: The id of the hatching pattern face-down pieces are filled with (defined once per diagram).
FACE_DOWN_PATTERN = "face-down"
#: Colour of the ring around a marked piece (and of its legend entry).
MARKED_RING = "#7a3db8"


@dataclass(frozen=True)
class PieceColours:
    """The colours a piece is drawn in: its fill, its owner's rim and the ink of its badge."""

    fill: str
    rim: str
    ink: str


@dataclass(frozen=True)
class CarriedArt:
    """How a carried thing is drawn: an emblem (if one of the project's emblems fits) or a letter, in a colour."""

    emblem: str
    letter: str
    colour: str


def _outline(shape: str, cx: float, cy: float, radius: float) -> list[tuple[float, float]] | None:
    """The corners of a square or hex piece; None for round ones."""
    if shape == "square":
        s = radius * 0.9
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "hex":
        return [(cx + radius * math.cos(math.radians(30 + 60 * i)), cy + radius * math.sin(math.radians(30 + 60 * i)))
                for i in range(6)]
    return None


def _body(shape: str, cx: float, cy: float, radius: float, fill: str, rim: str, width: float) -> Group:
    """The piece's silhouette: a disc, a square, a hexagon, or a figure (head over a flared base)."""
    g = Group(class_=f"body {shape}")
    corners = _outline(shape, cx, cy, radius)
    attrs: dict[str, object] = {"fill": fill, "stroke": rim, "stroke_width": r3(width), "stroke_linejoin": "round"}
    if corners is not None:
        g.add(svgwrite.shapes.Polygon([(r3(x), r3(y)) for x, y in corners], **attrs))
    elif shape == "figure":
        head, base_top, base = radius * 0.42, cy - radius * 0.05, cy + radius
        d = (f"M{r3(cx - radius * 0.85)},{r3(base)} L{r3(cx - radius * 0.3)},{r3(base_top)} "
             f"L{r3(cx + radius * 0.3)},{r3(base_top)} L{r3(cx + radius * 0.85)},{r3(base)} Z")
        g.add(svgwrite.path.Path(d=d, **attrs))
        g.add(svgwrite.shapes.Circle((r3(cx), r3(cy - radius * 0.45)), r3(head), **attrs))
    else:
        g.add(svgwrite.shapes.Circle((r3(cx), r3(cy)), r3(radius), **attrs))
    return g


def _pointer(facing: str, cx: float, cy: float, radius: float, rim: str) -> svgwrite.shapes.Polygon:
    """A bold wedge outside the rim pointing to ``facing`` (north is up the page)."""
    angle = math.radians(-90 + 45 * FACINGS.index(facing))
    tip, base, half = radius * 1.42, radius * 0.78, radius * 0.38
    ux, uy, vx, vy = math.cos(angle), math.sin(angle), -math.sin(angle), math.cos(angle)
    points = [(cx + ux * tip, cy + uy * tip), (cx + ux * base + vx * half, cy + uy * base + vy * half),
              (cx + ux * base - vx * half, cy + uy * base - vy * half)]
    return svgwrite.shapes.Polygon([(r3(x), r3(y)) for x, y in points], fill=rim, stroke="#ffffff",
                                   stroke_width=r3(radius * 0.06), class_=f"facing facing-{facing}")


def draw_piece(piece: PieceView, cx: float, cy: float, cell: float, colours: PieceColours,
               carried: CarriedArt | None, scale: float = 1.0) -> Group:
    """One piece centred at (cx, cy) on a cell ``cell`` mm wide (``scale`` shrinks the upper pieces of a pile).

    A stack of ``height`` tokens shows offset tokens beneath and its number; a
    face-down piece is hatched in grey and shows nothing else of its face.
    """
    radius = cell * PIECE_RADIUS * scale
    width = max(0.3, cell * 0.03)
    classes = ["piece", f"shape-{piece.shape}", f"owner-{piece.owner or 'none'}"]
    classes += ["face-down"] if piece.face_down else []
    g = Group(class_=" ".join(classes))
    fill = f"url(#{FACE_DOWN_PATTERN})" if piece.face_down else colours.fill
    for level in range(min(piece.height, 4) - 1, 0, -1):
        shift = cell * 0.055 * level
        under = _body(piece.shape, cx + shift, cy + shift, radius, fill, colours.rim, width)
        under.attribs["class"] += " under"
        g.add(under)
    g.add(_body(piece.shape, cx, cy, radius, fill, colours.rim, width * (1.6 if piece.colour else 1)))
    if piece.facing:
        g.add(_pointer(piece.facing, cx, cy, radius, colours.rim))
    if piece.badge and not piece.face_down:
        size = radius * (0.95 if len(piece.badge) == 1 else 0.7)
        g.add(label(piece.badge, cx, cy + size * 0.36 + (radius * 0.25 if piece.shape == "figure" else 0), size,
                    colours.ink, "bold", class_="badge"))
    if piece.height > 1:
        bx, by, br = cx - radius * 0.85, cy + radius * 0.85, max(1.5, radius * 0.42)
        count = Group(class_="height")
        count.attribs["data-height"] = str(piece.height)
        count.add(svgwrite.shapes.Rect((r3(bx - br), r3(by - br)), (r3(2 * br), r3(2 * br)), rx=r3(br * 0.3),
                                       fill=INK, stroke="#ffffff", stroke_width=0.3))
        count.add(label(str(piece.height), bx, by + br * 0.45, br * 1.25, "#ffffff", "bold"))
        g.add(count)
    if piece.marked:
        ring = svgwrite.shapes.Circle((r3(cx), r3(cy)), r3(radius * 1.25), fill="none", stroke=MARKED_RING,
                                      stroke_width=r3(max(0.4, cell * 0.045)),
                                      stroke_dasharray=f"{cell * 0.09:.2f},{cell * 0.04:.2f}", class_="marked")
        ring.attribs["data-marked"] = piece.marked
        g.add(ring)
    if piece.carried and carried is not None:
        g.add(draw_carried(carried, cx + radius * 0.85, cy - radius * 0.85, max(3.2, cell * 0.3), piece.carried))
    return g


def draw_carried(art: CarriedArt, cx: float, cy: float, size: float, name: str) -> Group:
    """A carried thing as a small white token ``size`` mm wide: its emblem, or its letter."""
    g = Group(class_="carried")
    g.attribs["data-carried"] = name
    g.add(svgwrite.shapes.Circle((r3(cx), r3(cy)), r3(size / 2), fill="#ffffff", stroke=art.colour,
                                 stroke_width=r3(max(0.3, size * 0.08))))
    if art.emblem:
        g.add(emblem(art.emblem, cx, cy, size * 0.7, art.colour))
    else:
        g.add(label(art.letter, cx, cy + size * 0.22, size * 0.62, art.colour, "bold"))
    return g


def carried_art(name: str, item_kind: str | None, colour: str | None) -> CarriedArt:
    """How to draw a carried ``name``: the emblem of its item kind (or of its own name) when one exists."""
    for candidate in (item_kind, name):
        if candidate and candidate in EMBLEMS:
            return CarriedArt(candidate, "", colour or INK)
    return CarriedArt("", name[:1].upper(), colour or INK)


def piece_colours(fill: str, rim: str) -> PieceColours:
    """A piece's colours from its fill and its owner's colour, with a badge ink that reads on the fill."""
    return PieceColours(fill, rim, text_on_fill(fill))


def text_on_fill(fill: str) -> str:
    """Black or white, whichever reads better on ``fill``."""
    return INK if contrast(fill, INK) >= contrast(fill, "#ffffff") else "#ffffff"

