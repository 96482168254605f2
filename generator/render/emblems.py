"""Drawing emblems: the shapes of :mod:`generator.model.emblem_shapes` filled (full-colour themes) or as outlines
(ink-saving themes), placed at a centre and size in millimetres.

A face may show two emblems at once (a card with two options): their names
joined by ``+`` (``attack+defence``) draw the first up and to the left, the
second down and to the right, each a little over half the size.
"""
from __future__ import annotations

import cmath
import math
from functools import cache

import svgwrite.path
from svg.path import parse_path
from svgwrite.container import Group

from ..model.emblem_shapes import EMBLEMS, PAIR, known_emblem
from ..model.printspec import MIN_LINE_MM

#: In a pair, each emblem's size as a share of the pair's, and how far its centre lies from the pair's centre,
#: across and down, as a share of the pair's size.
PAIR_SHARE, PAIR_OFFSET = 0.52, 0.312
#: Half the widest line each role is drawn with, filled or as outlines, in emblem units (a hundredth of its size);
#: details are cut out of a body (or drawn inside it), so they reach no farther than the body.
HALF_LINE = {"body": 2.5, "ring": 2.5, "stroke": 4.0}
#: Points taken along each segment of a path when its outline is measured; steps taken towards its balance point.
SAMPLES, BALANCE_STEPS = 24, 200

Point = tuple[float, float, float]


@cache
def emblem_points(name: str) -> tuple[Point, ...]:
    """Points along the edges of emblem ``name`` in its 100-unit box centred on the origin, each with half the width
    of the line drawn through it (emblem units; 0 where nothing but a fill edge runs): everything the emblem inks
    lies within those lines of these points. A pair's points are its two emblems', placed as :func:`emblem` draws
    them."""
    if PAIR in name:
        first, second = name.split(PAIR)
        shift = PAIR_OFFSET * 100.0
        return tuple((side * shift + PAIR_SHARE * x, side * shift + PAIR_SHARE * y, PAIR_SHARE * h)
                     for part, side in ((first, -1), (second, 1)) for x, y, h in emblem_points(part))
    points: list[Point] = []
    for shape in EMBLEMS[name]:
        role, _, angle = shape.role.partition(":")
        if role not in HALF_LINE:
            continue
        turn = cmath.rect(1.0, math.radians(float(angle or 0)))
        for segment in parse_path(shape.d):
            for i in range(SAMPLES + 1):
                z = segment.point(i / SAMPLES) * turn
                points.append((z.real, z.imag, HALF_LINE[role]))
    return tuple(points)


def emblem(name: str, cx: float, cy: float, size: float, colour: str, paper: str = "#ffffff",
           outline: bool = False, rotate: float = 0.0, ink: str | None = None, weight: float = 1.0,
           least: float = MIN_LINE_MM) -> Group:
    """Emblem ``name`` centred at (cx, cy), ``size`` mm wide, in ``colour``; two emblems for ``first+second``.

    Filled emblems are solid ``colour`` with details cut out in ``paper``;
    outline emblems are ``colour`` strokes on ``paper``. ``ink`` draws a thin
    edge around filled bodies (defaults to none). Lines are ``weight`` times
    their usual share of the size (the two emblems of a pair keep the lines
    of one emblem as large as the pair), and none is thinner than ``least`` mm.
    """
    if PAIR in name and known_emblem(name):
        shift = PAIR_OFFSET * size
        pair = Group(class_="emblem-pair")
        for part, side in zip(name.split(PAIR), (-1, 1)):
            pair.add(emblem(part, cx + side * shift, cy + side * shift, PAIR_SHARE * size, colour, paper, outline,
                            rotate, ink, weight / PAIR_SHARE, least))
        return pair
    if name not in EMBLEMS:
        raise KeyError(f"no emblem named '{name}'; known: {', '.join(sorted(EMBLEMS))}")
    scale = size / 100.0
    floor = least / scale  # thinnest line, in emblem units
    transform = f"translate({cx:.3f},{cy:.3f}) scale({scale:.5f})"
    if rotate:
        transform += f" rotate({rotate:.1f})"
    group = Group(transform=transform, class_=f"emblem emblem-{name}")
    line = max(5.0 * weight, floor) if outline else 0.0
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
                    attrs.update(stroke=ink, stroke_width=max(2.5 * weight, floor), stroke_linejoin="round")
        elif role == "ring":
            attrs.update(fill=colour if not outline else "none", fill_rule="evenodd",
                         stroke=colour if outline else "none", stroke_width=line)
        elif role == "detail":
            attrs.update(fill=paper if not outline else "none", stroke=colour if outline else "none",
                         stroke_width=max(line * 0.8, floor))
        elif role == "detail-stroke":
            attrs.update(fill="none", stroke=paper if not outline else colour, stroke_width=max(5.0 * weight, floor),
                         stroke_linecap="round")
        else:  # stroke
            attrs.update(fill="none", stroke=colour, stroke_width=max((8.0 if not outline else 6.0) * weight, floor),
                         stroke_linecap="round",
                         stroke_linejoin="round")
        group.add(svgwrite.path.Path(**attrs))
    return group



@cache
def emblem_hull(name: str) -> tuple[Point, ...]:
    """The points of :func:`emblem_points` that may lie farthest out: of the points drawn with the same line, the
    corners of their convex hull. Whatever convex outline keeps those corners (each its line's half width) inside
    keeps every point inside, scaled and moved as the emblem is drawn, so a fit is tested on these alone."""
    # Imported here, when first needed: only a kit's piece sheets fit marks (a diagram never loads shapely).
    from shapely.geometry import MultiPoint, Polygon

    lines: dict[float, list[tuple[float, float]]] = {}
    for x, y, width in emblem_points(name):
        lines.setdefault(width, []).append((x, y))
    corners: list[Point] = []
    for width, points in lines.items():
        hull = MultiPoint(points).convex_hull  # a polygon; a line or a point when the points are in a row or one
        ring = hull.exterior.coords if isinstance(hull, Polygon) else hull.coords
        corners += [(x, y, width) for x, y in dict.fromkeys(ring)]
    return tuple(corners)


@cache
def emblem_balance(name: str) -> tuple[float, float]:
    """The centre of the smallest circle round everything emblem ``name`` inks (emblem units; near enough, found by
    stepping towards the farthest point with ever smaller steps): an emblem drawn with this point on a face's centre
    keeps farthest from a round edge."""
    points = emblem_points(name)
    x, y = 0.0, 0.0
    for step in range(1, BALANCE_STEPS + 1):
        fx, fy, _ = max(points, key=lambda p: math.hypot(p[0] - x, p[1] - y) + p[2])
        x, y = x + (fx - x) / (step + 1), y + (fy - y) / (step + 1)
    return x, y
