"""The game's mats: sheets whose spaces (boxes, circles, hexes) and tracks (rows of numbered spaces) come from YAML.

A mat sits under ``mats:`` in the components spec. Every place is given in
millimetres from the page's top-left corner, the centre of a space; a track
is a row of equal spaces starting at ``at_mm`` and stepping ``pitch_mm`` in
its direction, numbered from ``first``. Loading checks that spaces stay on the
page and do not overlap, with the printer's margins checked when the mat is
laid out.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..errors import Problem
from .faces import check_face
from .printspec import PAPER_MM
from .yamlsource import Document

#: Unit steps of a track's directions, page axes (y down).
DIRECTIONS = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}


@dataclass(frozen=True)
class Space:
    """One space on a mat: its shape (box, circle, hex), centre, width and height in mm, and label."""

    id: str
    shape: str
    centre: tuple[float, float]
    size: tuple[float, float]
    label: str
    track: str = ""

    @property
    def box(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the space's outline."""
        (x, y), (w, h) = self.centre, self.size
        return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


@dataclass(frozen=True)
class Track:
    """A row of numbered spaces and its name, written before its first space."""

    id: str
    label: str
    direction: str
    spaces: tuple[Space, ...]


@dataclass(frozen=True)
class Mat:
    """One mat: its title, page (paper and orientation), colours, loose spaces and tracks."""

    id: str
    title: str
    paper: str
    page: tuple[float, float]
    ground: str
    ink: str
    spaces: tuple[Space, ...]
    tracks: tuple[Track, ...]

    def all_spaces(self) -> list[tuple[Space, tuple[Any, ...]]]:
        """Every space with the key of the spec entry it comes from (a track's spaces share the track's key)."""
        n_spaces = [(s, ("spaces", n)) for n, s in enumerate(self.spaces)]
        return n_spaces + [(s, ("tracks", n)) for n, t in enumerate(self.tracks) for s in t.spaces]


def _size(shape: str, value: float | list[float]) -> tuple[float, float]:
    """(width, height) of a space: one number is a box's side, a circle's diameter, a hex's width across flats."""
    if isinstance(value, list):
        return float(value[0]), float(value[1])
    return float(value), float(value) * (2 / math.sqrt(3) if shape == "hex" else 1.0)


def _track(entry: dict[str, Any]) -> Track:
    dx, dy = DIRECTIONS[entry.get("direction", "right")]
    x, y = entry["at_mm"]
    shape = entry.get("shape", "box")
    pitch = float(entry["pitch_mm"])
    size = _size(shape, entry.get("size_mm", pitch * 0.9))
    first = int(entry.get("first", 1))
    spaces = tuple(Space(f"{entry['id']}-{first + i}", shape, (x + dx * pitch * i, y + dy * pitch * i), size,
                         str(first + i), entry["id"]) for i in range(entry["count"]))
    return Track(entry["id"], entry.get("label", ""), entry.get("direction", "right"), spaces)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def _check_mat(doc: Document, n: int, mat: Mat) -> list[Problem]:
    """Spaces off the page, overlapping spaces, and ids used twice on one mat."""
    problems: list[Problem] = []
    placed = mat.all_spaces()
    w, h = mat.page
    ids: dict[str, tuple[Any, ...]] = {}
    for i, (space, key) in enumerate(placed):
        where = ("mats", n, *key)
        x0, y0, x1, y1 = space.box
        if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
            problems.append(doc.problem((*where, "at_mm"), f"space '{space.id}' reaches from ({x0:.1f}, {y0:.1f}) "
                                        f"to ({x1:.1f}, {y1:.1f}) mm, off the {w:g} x {h:g} mm page",
                                        "move it (at_mm is its centre, from the page's top-left) or make it smaller"))
        if space.id in ids and not space.track:
            problems.append(doc.problem((*where, "id"), f"space id '{space.id}' is used twice on this mat",
                                        "give each space its own id"))
        ids.setdefault(space.id, key)
        for other, other_key in placed[:i]:
            if other_key != key and _overlap(space.box, other.box):
                problems.append(doc.problem((*where, "at_mm"), f"space '{space.id}' overlaps space '{other.id}'",
                                            "move one of them, or make them smaller"))
                break
    return problems


def load_mats(doc: Document, palette: set[str]) -> tuple[list[Mat], list[Problem]]:
    """The mats a components spec (already checked against its schema) lists, and the problems in them."""
    problems: list[Problem] = []
    mats = []
    for n, entry in enumerate(doc.data.get("mats", [])):
        problems += check_face(doc, ("mats", n), entry, palette)
        paper = entry.get("paper", "A4")
        pw, ph = PAPER_MM[paper]
        page = (max(pw, ph), min(pw, ph)) if entry.get("orientation") == "landscape" else (min(pw, ph), max(pw, ph))
        spaces = tuple(Space(s["id"], s.get("shape", "box"), (float(s["at_mm"][0]), float(s["at_mm"][1])),
                             _size(s.get("shape", "box"), s["size_mm"]), s.get("label", ""))
                       for s in entry.get("spaces", []))
        mat = Mat(entry["id"], entry.get("title", entry["id"]), paper, page, entry.get("ground", "paper"),
                  entry.get("ink", "text"), spaces, tuple(_track(t) for t in entry.get("tracks", [])))
        problems += _check_mat(doc, n, mat)
        mats.append(mat)
    return mats, problems
