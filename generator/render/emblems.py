"""Emblems: SVG paths in a 100 x 100 box centred on the origin, drawn filled or as outlines.

Each emblem is a list of shapes; a shape is drawn either filled (full-colour
themes) or as an outline (ink-saving themes). :func:`emblem` places one at a
given centre and size in millimetres. A few plain emblems are shared; a game
brings its own as SVG files in ``specs/<game>/emblems/`` (one ``<path>`` per
shape, its ``class`` the shape's role, an optional ``transform="rotate(N)"``),
registered when the game loads (:func:`register_folder`) and, for the games
under ``specs/``, when this module is first imported.

A face may show two emblems at once (a card with two options): their names
joined by ``+`` (``attack+defence``) draw the first up and to the left, the
second down and to the right, each a little over half the size.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

import svgwrite.container
import svgwrite.path
import svgwrite.shapes
from svgwrite.container import Group

from ..errors import Problem
from ..printspec import MIN_LINE_MM

#: The roles a shape may have (its ``class`` in an emblem file).
ROLES = ("body", "detail", "stroke", "ring", "detail-stroke")
#: Joins the names of two emblems drawn as one (see :func:`emblem`).
PAIR = "+"
#: In a pair, each emblem's size as a share of the pair's, and how far its centre lies from the pair's centre,
#: across and down, as a share of the pair's size.
PAIR_SHARE, PAIR_OFFSET = 0.52, 0.312
_ROTATE = re.compile(r"^rotate\((-?\d+(?:\.\d+)?)\)$")


@dataclass(frozen=True)
class Shape:
    """One path of an emblem. ``role`` picks its colour: 'body', 'detail' (cut-out) or 'stroke' (line art)."""

    d: str
    role: str = "body"


#: Emblem name -> shapes: the shared ones below, then every game's ``specs/<game>/emblems/*.svg``.
EMBLEMS: dict[str, list[Shape]] = {
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


def read_emblem(path: Path) -> tuple[list[Shape], list[Problem]]:
    """The shapes of one emblem file, and what is wrong with it."""
    try:
        root = ElementTree.parse(path).getroot()
    except (ElementTree.ParseError, OSError) as exc:
        return [], [Problem(path, None, None, f"cannot read the emblem: {exc}", "save it as a plain SVG file")]
    shapes: list[Shape] = []
    problems: list[Problem] = []
    for element in root.iter():
        if not element.tag.endswith("path"):
            continue
        role, d, transform = element.get("class", "body"), element.get("d", ""), element.get("transform", "")
        turn = _ROTATE.match(transform) if transform else None
        if role not in ROLES or not d or (transform and turn is None):
            problems.append(Problem(path, None, None, f"a path with class '{role}' and transform '{transform}' "
                                    "cannot be drawn", f"give each path a d, a class of {', '.join(ROLES)} and at "
                                    "most transform=\"rotate(N)\""))
            continue
        shapes.append(Shape(d, f"{role}:{turn.group(1)}" if turn else role))
    if not shapes and not problems:
        problems.append(Problem(path, None, None, "the emblem has no <path>", "draw it with <path> elements"))
    return shapes, problems


def register_folder(folder: Path) -> list[Problem]:
    """Add every ``*.svg`` of a game's emblems folder to :data:`EMBLEMS`; the problems of those that fail."""
    problems: list[Problem] = []
    for path in sorted(folder.glob("*.svg")) if folder.is_dir() else []:
        shapes, found = read_emblem(path)
        problems += found
        if found:
            continue
        if path.stem in EMBLEMS and EMBLEMS[path.stem] != shapes:
            problems.append(Problem(path, None, None, f"another emblem is already named '{path.stem}'",
                                    "rename the file: emblem names are shared by every game"))
            continue
        EMBLEMS[path.stem] = shapes
    return problems


for _folder in sorted((Path(__file__).resolve().parents[2] / "specs").glob("*/emblems")):
    register_folder(_folder)


def known_emblem(name: str) -> bool:
    """True when :func:`emblem` can draw ``name``: an emblem of :data:`EMBLEMS`, or two joined by :data:`PAIR`."""
    parts = name.split(PAIR)
    return len(parts) <= 2 and all(part in EMBLEMS for part in parts)


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
