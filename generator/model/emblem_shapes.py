"""The emblem table: every emblem's shapes, SVG paths in a 100 x 100 box centred on the origin.

This is model data, read by the spec checks (which emblem names exist) and
drawn by :mod:`generator.render.emblems`. A few plain emblems are shared; a
game brings its own as SVG files in ``specs/<game>/emblems/`` (one ``<path>``
per shape, its ``class`` the shape's role, an optional
``transform="rotate(N)"``), registered when the game loads
(:func:`register_folder`) and, for the games under ``specs/``, when this
module is first imported. Two emblem names joined by ``+`` name a pair drawn
as one (a card with two options).
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

from ..errors import Problem

#: The roles a shape may have (its ``class`` in an emblem file).
ROLES = ("body", "detail", "stroke", "ring", "detail-stroke")
#: Joins the names of two emblems drawn as one.
PAIR = "+"
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
    """True when ``name`` can be drawn: an emblem of :data:`EMBLEMS`, or two joined by :data:`PAIR`."""
    parts = name.split(PAIR)
    return len(parts) <= 2 and all(part in EMBLEMS for part in parts)
