"""The board model: a grid plus zones, marked cells and links between cells, built from a validated board spec.

A board spec declares its own kinds of marked cell (``mark_kinds``, each with how it is drawn) and of link
(``link_kinds``: a cell leading to target cells); the shared loader checks cells, owners, items and that no
cell has two roles, and a game's engine adds the checks its rules need.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Problem
from .geometry import Grid, HexGrid, SquareGrid
from .emblem_shapes import EMBLEMS
from .validate import check_schema, did_you_mean
from .yamlsource import Document


#: Emblems a mark kind may name that stand for something of the mark's: its owner's, its item's, an arrow to its cell.
STYLE_EMBLEMS = ("owner", "item", "facing")


@dataclass(frozen=True)
class Zone:
    """A named area of the board (a player's half, a neutral region)."""

    id: str
    name: str
    owner: str | None
    cells: tuple[str, ...]


@dataclass(frozen=True)
class MarkKind:
    """A kind of marked cell the board spec declares, with how it is drawn.

    ``fill`` and ``border`` name theme colours, or ``owner`` for the mark's owner's colour; ``emblem`` names an
    emblem, or ``owner`` (the owner's emblem), ``item`` (the emblem of the item kept there) or ``facing`` (an
    arrow towards the cell the mark faces).
    """

    id: str
    name: str
    fill: str | None = None
    border: str | None = None
    glyph: str | None = None
    emblem: str | None = None
    emblem_size: float = 0.6
    emblem_corner: bool = False
    disc: bool = False
    label: str | None = None


@dataclass(frozen=True)
class Mark:
    """Cells of one declared kind, with their owner, the item kept there and the cell they face (each optional)."""

    kind: str
    at: tuple[str, ...]
    owner: str | None = None
    label: str | None = None
    item: str | None = None
    faces: str | None = None


@dataclass(frozen=True)
class LinkKind:
    """A kind of link the board spec declares: what the legend calls its cell and the cells it leads to."""

    id: str
    name: str
    target: str
    target_name: str


@dataclass(frozen=True)
class Link:
    """A cell that leads to other cells, with its own name, colour and glyph."""

    kind: str
    id: str
    name: str
    colour: str
    glyph: str
    at: str
    to: tuple[str, ...]


@dataclass
class Board:
    """A board: its grid, zones, marks and links, with fast look-ups by cell."""

    grid: Grid
    symmetry: str = "none"
    zones: list[Zone] = field(default_factory=list)
    mark_kinds: dict[str, MarkKind] = field(default_factory=dict)
    marks: list[Mark] = field(default_factory=list)
    link_kinds: dict[str, LinkKind] = field(default_factory=dict)
    links: list[Link] = field(default_factory=list)
    _kind: dict[str, str] = field(default_factory=dict, repr=False)
    _mark: dict[str, Mark] = field(default_factory=dict, repr=False)
    _link: dict[str, Link] = field(default_factory=dict, repr=False)
    _target: dict[str, Link] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for mark in self.marks:
            for cell in mark.at:
                self._kind[cell] = mark.kind
                self._mark[cell] = mark
        for link in self.links:
            self._kind[link.at] = link.kind
            self._link[link.at] = link
            for cell in link.to:
                self._kind[cell] = self.link_kinds[link.kind].target
                self._target[cell] = link

    @property
    def squares(self) -> list[str]:
        """Every cell name of the board."""
        return list(self.grid.cells())

    def kind(self, cell: str) -> str:
        """What a cell is: a mark kind, a link kind, a link kind's target kind, or 'plain'."""
        return self._kind.get(cell, "plain")

    def mark_at(self, cell: str) -> Mark | None:
        """The mark a cell belongs to, if any."""
        return self._mark.get(cell)

    def link_at(self, cell: str) -> Link | None:
        """The link that starts on this cell, if any."""
        return self._link.get(cell)

    def link_to(self, cell: str) -> Link | None:
        """The link that leads to this cell, if it is a target."""
        return self._target.get(cell)

    def marks_of(self, kind: str, owner: str | None = None) -> list[Mark]:
        """Every mark of one declared kind (and owner, when given), in spec order."""
        return [m for m in self.marks if m.kind == kind and (owner is None or m.owner == owner)]

    def marked_cells(self, kind: str, owner: str | None = None) -> tuple[str, ...]:
        """The cells of every mark of one kind (and owner), in spec order."""
        return tuple(cell for m in self.marks_of(kind, owner) for cell in m.at)

    def links_of(self, kind: str | None = None) -> list[Link]:
        """Every link (of one kind, when given), in spec order."""
        return [link for link in self.links if kind is None or link.kind == kind]

    def kind_names(self) -> dict[str, str]:
        """Every kind of marked cell the spec declares and what the legend calls it: marks, then links and targets."""
        names = {k: v.name for k, v in self.mark_kinds.items()}
        for link in self.link_kinds.values():
            names.update({link.id: link.name, link.target: link.target_name})
        return names

    def zone_of(self, square: str) -> Zone | None:
        """The first zone that holds a square (player halves come first in Dravakron's spec)."""
        for zone in self.zones:
            if square in zone.cells:
                return zone
        return None


def make_grid(spec: dict[str, Any]) -> Grid:
    """Build the grid described by a board spec's ``grid`` mapping."""
    if spec["shape"] == "hex":
        return HexGrid(spec.get("radius", 5), spec.get("orientation", "pointy"), spec.get("column_labels", ""),
                       spec.get("naming", "columns"))
    return SquareGrid(spec.get("columns", 8), spec.get("rows", 8), spec.get("column_labels", ""))


def load_board(doc: Document, players: set[str], items: set[str]) -> tuple[Board | None, list[Problem]]:
    """Validate a board document against the schema and the game's players and items, and build it."""
    problems = check_schema(doc, "board")
    if problems:
        return None, problems
    data = doc.data
    grid_spec = data["grid"]
    if grid_spec["shape"] == "square":
        for key in ("columns", "rows"):
            if key not in grid_spec:
                problems.append(doc.problem(("grid",), f"a square grid needs '{key}'", f"add '{key}: <number>'"))
    if "column_labels" in grid_spec:
        labels = grid_spec["column_labels"]
        needed = grid_spec.get("columns", 0) if grid_spec["shape"] == "square" else 2 * grid_spec.get("radius", 5) + 1
        if len(labels) != needed or len(set(labels)) != len(labels):
            problems.append(doc.problem(("grid", "column_labels"),
                                        f"column_labels must be {needed} different letters, found {len(labels)}",
                                        "give one letter per column"))
    if grid_spec["shape"] == "hex" and grid_spec.get("naming") == "rows" \
            and grid_spec.get("orientation", "pointy") != "pointy":
        problems.append(doc.problem(("grid", "naming"), "cells can be named by rows only on pointy hexes",
                                    "use 'orientation: pointy', or 'naming: columns'"))
    if problems:
        return None, problems
    grid = make_grid(grid_spec)
    used: dict[str, tuple[Any, ...]] = {}

    def square(path: tuple[Any, ...], name: str, claim: bool = True) -> str | None:
        if grid.coords(name) is None:
            problems.append(doc.problem(path, f"square '{name}' is off the board",
                                        f"use a square inside the grid ({grid.describe()})"))
            return None
        if claim:
            if name in used:
                line, _ = doc.where(used[name])
                problems.append(doc.problem(path, f"square '{name}' is used twice (also on line {line})",
                                            "give each marked square one role only"))
            else:
                used[name] = path
        return name

    def owner(path: tuple[Any, ...], value: str | None) -> None:
        if value is not None and value not in players:
            problems.append(doc.problem(path, f"unknown player '{value}'",
                                        f"use one of the players in game.yaml: {', '.join(sorted(players))}"))

    zones = []
    for i, z in enumerate(data.get("zones", [])):
        owner(("zones", i, "owner"), z.get("owner"))
        cells: list[str] = []
        if "area" in z:
            a, b = z["area"].split(":")
            ok = [square(("zones", i, "area"), s, claim=False) for s in (a, b)]
            if all(ok):
                try:
                    cells = grid.area(a, b)
                except KeyError as exc:
                    problems.append(doc.problem(("zones", i, "area"), str(exc.args[0]), "list the cells with 'at'"))
        for j, s in enumerate(z.get("at", [])):
            if square(("zones", i, "at", j), s, claim=False):
                cells.append(s)
        zones.append(Zone(z["id"], z["name"], z.get("owner"), tuple(cells)))

    for k, v in data.get("mark_kinds", {}).items():
        if v.get("emblem") not in (None, *STYLE_EMBLEMS, *EMBLEMS):
            problems.append(doc.problem(("mark_kinds", k, "emblem"), f"no emblem named '{v['emblem']}'",
                                        did_you_mean(v["emblem"], [*STYLE_EMBLEMS, *EMBLEMS])
                                        or f"use one of: {', '.join([*STYLE_EMBLEMS, *sorted(EMBLEMS)])}"))
    mark_kinds = {k: MarkKind(k, v["name"], v.get("fill"), v.get("border"), v.get("glyph"), v.get("emblem"),
                              float(v.get("emblem_size", 0.6)), bool(v.get("emblem_corner", False)),
                              bool(v.get("disc", False)), v.get("label"))
                  for k, v in data.get("mark_kinds", {}).items()}
    marks = []
    for i, m in enumerate(data.get("marks", [])):
        owner(("marks", i, "owner"), m.get("owner"))
        if m["kind"] not in mark_kinds:
            problems.append(doc.problem(("marks", i, "kind"), f"no mark kind named '{m['kind']}'",
                                        did_you_mean(m["kind"], sorted(mark_kinds))
                                        or "declare it under 'mark_kinds' first"))
        at = tuple(s for j, s in enumerate(m["at"]) if square(("marks", i, "at", j), s))
        if "item" in m and m["item"] not in items:
            problems.append(doc.problem(("marks", i, "item"), f"unknown item '{m['item']}'",
                                        f"use an item id from game.yaml: {', '.join(sorted(items)) or '(none)'}"))
        if "faces" in m:
            square(("marks", i, "faces"), m["faces"], claim=False)
        marks.append(Mark(m["kind"], at, m.get("owner"), m.get("label"), m.get("item"), m.get("faces")))
    link_kinds = {k: LinkKind(k, v["name"], v["target"], v["target_name"])
                  for k, v in data.get("link_kinds", {}).items()}
    for k, link_kind in link_kinds.items():
        for name in (k, link_kind.target):
            if name in mark_kinds:
                problems.append(doc.problem(("link_kinds", k), f"'{name}' names both a mark kind and a link kind",
                                            "give links and their targets kinds of their own"))
    links = []
    seen_ids: dict[str, int] = {}
    for i, g in enumerate(data.get("links", [])):
        if g["kind"] not in link_kinds:
            problems.append(doc.problem(("links", i, "kind"), f"no link kind named '{g['kind']}'",
                                        did_you_mean(g["kind"], sorted(link_kinds))
                                        or "declare it under 'link_kinds' first"))
        if g["id"] in seen_ids:
            problems.append(doc.problem(("links", i, "id"), f"link id '{g['id']}' is used twice",
                                        "give every link its own id"))
        seen_ids[g["id"]] = i
        main = square(("links", i, "at"), g["at"])
        to = tuple(s for j, s in enumerate(g["to"]) if square(("links", i, "to", j), s))
        if main:
            links.append(Link(g["kind"], g["id"], g["name"], g["colour"], g["glyph"], main, to))
    if problems:
        return None, problems
    return Board(grid, data.get("symmetry", "none"), zones, mark_kinds, marks, link_kinds, links), []
