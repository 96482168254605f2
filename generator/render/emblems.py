"""The project's own emblems, drawn as SVG paths in a 100 x 100 box centred on the origin.

Each emblem is a list of shapes; a shape is drawn either filled (full-colour
themes) or as an outline (ink-saving themes). :func:`emblem` places one at a
given centre and size in millimetres.
"""
from __future__ import annotations

from dataclasses import dataclass

import svgwrite.container
import svgwrite.path
import svgwrite.shapes
from svgwrite.container import Group

from ..printspec import MIN_LINE_MM


@dataclass(frozen=True)
class Shape:
    """One path of an emblem. ``role`` picks its colour: 'body', 'detail' (cut-out) or 'stroke' (line art)."""

    d: str
    role: str = "body"


def _snowflake() -> list[Shape]:
    arms = []
    for angle in range(0, 360, 60):
        arms.append(Shape("M0,0 L0,-42 M0,-26 L-11,-37 M0,-26 L11,-37 M0,-12 L-8,-20 M0,-12 L8,-20",
                          "stroke:" + str(angle)))
    return arms


#: Emblem name -> shapes. Names are referenced from the specs (players' emblems, item kinds, feature kinds).
EMBLEMS: dict[str, list[Shape]] = {
    # Draxeth: a horned dragon head in profile, facing east.
    "draxeth": [
        Shape("M-42,42 L-36,8 L-46,0 L-32,-6 L-40,-20 L-24,-20 L-28,-36 L-10,-26 L6,-30 L46,-14 L44,-4 "
              "L14,-2 L40,8 L34,14 L4,16 C-6,20 -10,28 -12,42 Z"),
        Shape("M-10,-26 L-2,-48 L8,-29 Z"),
        Shape("M6,-16 m-6,0 a6,4.5 0 1,0 12,0 a6,4.5 0 1,0 -12,0", "detail"),
        Shape("M38,-10 m-2.5,0 a2.5,2.5 0 1,0 5,0 a2.5,2.5 0 1,0 -5,0", "detail"),
    ],
    # Nerovax: a spread dragon wing with four ribs.
    "nerovax": [
        Shape("M-46,24 L-36,-8 C-24,-32 4,-44 46,-42 C36,-30 32,-18 32,-6 "
              "Q22,-6 16,8 Q8,0 -2,14 Q-10,6 -20,20 Q-30,14 -46,24 Z"),
        Shape("M-36,-8 L30,-10 M-36,-8 L16,6 M-36,-8 L-2,12 M-36,-8 L-20,18", "detail-stroke"),
    ],
    # A pennant on a pole.
    "flag": [
        Shape("M-24,-42 L-16,-42 L-16,40 L-24,40 Z"),
        Shape("M-16,-42 L38,-26 L-16,-8 Z"),
        Shape("M-36,44 L-4,44 L-8,36 L-32,36 Z"),
    ],
    # Zagmora: a round bomb with a burning fuse.
    "bomb": [
        Shape("M-4,10 m-32,0 a32,32 0 1,0 64,0 a32,32 0 1,0 -64,0"),
        Shape("M10,-26 L22,-16 L14,-8 L2,-18 Z"),
        Shape("M18,-22 C26,-34 30,-36 36,-40", "stroke:0"),
        Shape("M38,-42 L41,-49 L43,-42 L50,-44 L45,-38 L50,-32 L43,-34 L41,-27 L38,-34 L31,-32 L36,-38 "
              "L31,-44 Z"),
        Shape("M-22,-2 C-20,-10 -14,-16 -6,-18", "detail-stroke"),
    ],
    # Elvindra: a six-armed frost crystal.
    "freeze": _snowflake(),
    # Elvindra's activated face, lying on a frozen piece: the crystal inside a cracked hexagon.
    "freeze-active": [
        Shape("M0,-48 L42,-24 L42,24 L0,48 L-42,24 L-42,-24 Z"),
    ] + [Shape(s.d.replace("42", "34").replace("-26", "-22").replace("-37", "-31"), "detail-stroke:"
               + s.role.split(":")[1]) for s in _snowflake()],
    # Arxval: a double chevron, moving fast.
    "rapid-transport": [
        Shape("M-44,-32 L-18,-32 L10,0 L-18,32 L-44,32 L-16,0 Z"),
        Shape("M-6,-32 L20,-32 L48,0 L20,32 L-6,32 L22,0 Z"),
    ],
    # Home base: a small keep with battlements.
    "home": [
        Shape("M-30,40 L-30,-36 L-18,-36 L-18,-24 L-6,-24 L-6,-36 L6,-36 L6,-24 L18,-24 L18,-36 L30,-36 "
              "L30,40 Z"),
        Shape("M-10,40 L-10,18 A10,10 0 0,1 10,18 L10,40 Z", "detail"),
    ],
    # Starting point: an arrow dropping into a ring.
    "start": [
        Shape("M0,14 m-34,0 a34,22 0 1,0 68,0 a34,22 0 1,0 -68,0 M0,14 m-22,0 a22,12 0 1,0 44,0 "
              "a22,12 0 1,0 -44,0", "ring"),
        Shape("M-10,-46 L10,-46 L10,-12 L22,-12 L0,12 L-22,-12 L-10,-12 Z"),
    ],
    # A plain token, for players without an emblem of their own.
    "disc": [Shape("M0,0 m-36,0 a36,36 0 1,0 72,0 a36,36 0 1,0 -72,0")],
    # A small arrow, used to show which stored item an acquisition square faces.
    "arrow": [Shape("M-40,-12 L8,-12 L8,-30 L44,0 L8,30 L8,12 L-40,12 Z")],
}


def emblem(name: str, cx: float, cy: float, size: float, colour: str, paper: str = "#ffffff",
           outline: bool = False, rotate: float = 0.0, ink: str | None = None) -> Group:
    """Emblem ``name`` centred at (cx, cy), ``size`` mm wide, in ``colour``.

    Filled emblems are solid ``colour`` with details cut out in ``paper``;
    outline emblems are ``colour`` strokes on ``paper``. ``ink`` draws a thin
    edge around filled bodies (defaults to none).
    """
    if name not in EMBLEMS:
        raise KeyError(f"no emblem named '{name}'; known: {', '.join(sorted(EMBLEMS))}")
    scale = size / 100.0
    floor = MIN_LINE_MM / scale  # thinnest line, in emblem units
    transform = f"translate({cx:.3f},{cy:.3f}) scale({scale:.5f})"
    if rotate:
        transform += f" rotate({rotate:.1f})"
    group = Group(transform=transform, class_=f"emblem emblem-{name}")
    line = max(5.0, floor) if outline else 0.0
    for shape in EMBLEMS[name]:
        role, _, angle = shape.role.partition(":")
        attrs: dict[str, object] = {"d": shape.d}
        if angle:
            attrs["transform"] = f"rotate({angle})"
        if role == "body":
            if outline:
                attrs.update(fill=paper, stroke=colour, stroke_width=line, stroke_linejoin="round")
            else:
                attrs.update(fill=colour)
                if ink:
                    attrs.update(stroke=ink, stroke_width=max(2.5, floor), stroke_linejoin="round")
        elif role == "ring":
            attrs.update(fill=colour if not outline else "none", fill_rule="evenodd",
                         stroke=colour if outline else "none", stroke_width=line)
        elif role == "detail":
            attrs.update(fill=paper if not outline else "none", stroke=colour if outline else "none",
                         stroke_width=max(line * 0.8, floor))
        elif role == "detail-stroke":
            attrs.update(fill="none", stroke=paper if not outline else colour, stroke_width=max(5.0, floor),
                         stroke_linecap="round")
        else:  # stroke
            attrs.update(fill="none", stroke=colour, stroke_width=max(8.0 if not outline else 6.0, floor),
                         stroke_linecap="round",
                         stroke_linejoin="round")
        group.add(svgwrite.path.Path(**attrs))
    return group
