"""The board model: a grid plus zones, marked squares and gates, built from a validated board spec."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import Problem
from .geometry import Grid, HexGrid, SquareGrid
from .validate import check_schema, did_you_mean
from .yamlsource import Document

#: Kinds of marked square a board spec may use.
FEATURE_KINDS = ("home", "start", "flag", "flag-acquisition", "storage", "weapon-acquisition")


@dataclass(frozen=True)
class Zone:
    """A named area of the board (a player's half, a neutral region)."""

    id: str
    name: str
    owner: str | None
    cells: tuple[str, ...]


@dataclass(frozen=True)
class Feature:
    """A group of marked squares of one kind, e.g. a player's home base."""

    kind: str
    at: tuple[str, ...]
    owner: str | None = None
    item: str | None = None
    faces: str | None = None


@dataclass(frozen=True)
class Gate:
    """A main gate and the landing squares it leads to."""

    id: str
    name: str
    colour: str
    glyph: str
    at: str
    landing: tuple[str, ...]


@dataclass(frozen=True)
class MarkKind:
    """A kind of marked cell the board spec declares, with how it is drawn."""

    id: str
    name: str
    fill: str | None = None
    border: str | None = None
    glyph: str | None = None
    emblem: str | None = None
    label: str | None = None


@dataclass(frozen=True)
class Mark:
    """Cells of one declared kind, with their owner (if any) and an optional label of their own."""

    kind: str
    at: tuple[str, ...]
    owner: str | None = None
    label: str | None = None


@dataclass
class Board:
    """A board: its grid, zones, marked squares and gates, with fast look-ups by square."""

    grid: Grid
    symmetry: str = "none"
    zones: list[Zone] = field(default_factory=list)
    features: list[Feature] = field(default_factory=list)
    gates: list[Gate] = field(default_factory=list)
    legend: dict[str, str] = field(default_factory=dict)
    mark_kinds: dict[str, MarkKind] = field(default_factory=dict)
    marks: list[Mark] = field(default_factory=list)
    _kind: dict[str, str] = field(default_factory=dict, repr=False)
    _feature: dict[str, Feature] = field(default_factory=dict, repr=False)
    _gate: dict[str, Gate] = field(default_factory=dict, repr=False)
    _landing: dict[str, Gate] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for feature in self.features:
            for square in feature.at:
                self._kind[square] = feature.kind
                self._feature[square] = feature
        for gate in self.gates:
            self._kind[gate.at] = "gate"
            self._gate[gate.at] = gate
            for square in gate.landing:
                self._kind[square] = "landing"
                self._landing[square] = gate

    @property
    def squares(self) -> list[str]:
        """Every cell name of the board."""
        return list(self.grid.cells())

    def kind(self, square: str) -> str:
        """What a square is: a feature kind, 'gate', 'landing', or 'plain'."""
        return self._kind.get(square, "plain")

    def feature(self, square: str) -> Feature | None:
        """The marked-square group a square belongs to, if any."""
        return self._feature.get(square)

    def gate_at(self, square: str) -> Gate | None:
        """The gate whose main square this is, if any."""
        return self._gate.get(square)

    def landing_of(self, square: str) -> Gate | None:
        """The gate that leads to this landing square, if it is one."""
        return self._landing.get(square)

    def features_of(self, kind: str, owner: str | None = None) -> list[Feature]:
        """Every feature of one kind (and owner, when given)."""
        return [f for f in self.features if f.kind == kind and (owner is None or f.owner == owner)]

    def marks_of(self, kind: str, owner: str | None = None) -> list[Mark]:
        """Every mark of one declared kind (and owner, when given), in spec order."""
        return [m for m in self.marks if m.kind == kind and (owner is None or m.owner == owner)]

    def marked_cells(self, kind: str, owner: str | None = None) -> tuple[str, ...]:
        """The cells of every mark of one kind (and owner), in spec order."""
        return tuple(cell for m in self.marks_of(kind, owner) for cell in m.at)

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

    features = []
    for i, f in enumerate(data.get("features", [])):
        owner(("features", i, "owner"), f.get("owner"))
        at = tuple(s for j, s in enumerate(f["at"]) if square(("features", i, "at", j), s))
        if "item" in f and f["item"] not in items:
            problems.append(doc.problem(("features", i, "item"), f"unknown item '{f['item']}'",
                                        f"use an item id from game.yaml: {', '.join(sorted(items))}"))
        if f["kind"] in ("home", "start", "flag", "flag-acquisition") and "owner" not in f:
            problems.append(doc.problem(("features", i), f"a '{f['kind']}' feature needs an owner",
                                        "add 'owner: <player id>'"))
        if f["kind"] in ("flag", "storage") and "item" not in f:
            problems.append(doc.problem(("features", i), f"a '{f['kind']}' feature needs the item kept there",
                                        "add 'item: <item id>'"))
        if f["kind"] in ("flag-acquisition", "weapon-acquisition"):
            if "faces" not in f:
                problems.append(doc.problem(("features", i), f"a '{f['kind']}' feature needs 'faces'",
                                            "name the flag or storage square it serves: 'faces: <square>'"))
            else:
                square(("features", i, "faces"), f["faces"], claim=False)
        features.append(Feature(f["kind"], at, f.get("owner"), f.get("item"), f.get("faces")))

    gates = []
    seen_ids: dict[str, int] = {}
    for i, g in enumerate(data.get("gates", [])):
        if g["id"] in seen_ids:
            problems.append(doc.problem(("gates", i, "id"), f"gate id '{g['id']}' is used twice",
                                        "give every gate its own id"))
        seen_ids[g["id"]] = i
        main = square(("gates", i, "at"), g["at"])
        if len(g["landing"]) != 2:
            problems.append(doc.problem(("gates", i, "landing"),
                                        f"gate '{g['id']}' has {len(g['landing'])} landing squares, needs 2",
                                        "list exactly two landing squares: landing: [x1, x2]"))
        landing = tuple(s for j, s in enumerate(g["landing"]) if square(("gates", i, "landing", j), s))
        if main:
            gates.append(Gate(g["id"], g["name"], g["colour"], g["glyph"], main, landing))
    mark_kinds = {k: MarkKind(k, v["name"], v.get("fill"), v.get("border"), v.get("glyph"), v.get("emblem"),
                              v.get("label")) for k, v in data.get("mark_kinds", {}).items()}
    marks = []
    for i, m in enumerate(data.get("marks", [])):
        owner(("marks", i, "owner"), m.get("owner"))
        if m["kind"] not in mark_kinds:
            problems.append(doc.problem(("marks", i, "kind"), f"no mark kind named '{m['kind']}'",
                                        did_you_mean(m["kind"], sorted(mark_kinds))
                                        or "declare it under 'mark_kinds' first"))
        at = tuple(s for j, s in enumerate(m["at"]) if square(("marks", i, "at", j), s))
        marks.append(Mark(m["kind"], at, m.get("owner"), m.get("label")))
    # 'faces' must point at a square of the right kind.
    kinds = {s: f.kind for f in features for s in f.at}
    for i, f in enumerate(features):
        want = {"flag-acquisition": "flag", "weapon-acquisition": "storage"}.get(f.kind)
        if want and f.faces and grid.coords(f.faces) and kinds.get(f.faces) != want:
            problems.append(doc.problem(("features", i, "faces"), f"'{f.faces}' is not a {want} square",
                                        f"point 'faces' at one of the {want} squares"))
    if problems:
        return None, problems
    return Board(grid, data.get("symmetry", "none"), zones, features, gates, dict(data.get("legend", {})),
                 mark_kinds, marks), []
