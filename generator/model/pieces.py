"""The game's pieces: what the punch sheets hold, their shapes, how big each is for a board format, and its two sides.

A piece is a disc, a square, a hex (pointy-top, sized across its flats) or a
standee (a figure printed front and back on one strip that folds over, with a
base tab at each end). Its size is a named fraction of the board's cell
(``sizes``), a fraction given on the piece, or millimetres (``size_mm``).
Cards and mats, the other components, are in :mod:`generator.model.cards` and
:mod:`generator.model.mats`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from .cards import Deck, load_decks
from ..errors import Problem, SpecError
from .faces import Face as Face  # the pieces' faces, re-exported for their users
from .faces import check_face
from .game import Game
from .mats import Mat, load_mats
from .printspec import PrintFormat
from .punches import snap_to_punch
from .theme import Theme, srgb_hex
from .validate import check_schema, did_you_mean
from .yamlsource import Document, load_document


#: The shapes a piece on a punch sheet may have.
SHAPES = ("disc", "square", "hex", "standee")
#: A standee's figure: its height over its width when a fraction of a cell gives its size.
STANDEE_ASPECT = 2.0
#: Depth of a standee's base tabs, as a share of its width.
STANDEE_BASE = 0.6


def shape_height(shape: str, width: float) -> float:
    """Height of a face of ``shape`` that is ``width`` mm wide (a pointy-top hex: width across its flats)."""
    return {"hex": 2 / math.sqrt(3), "standee": STANDEE_ASPECT}.get(shape, 1.0) * width


def outline_size(shape: str, width: float, height: float) -> tuple[float, float]:
    """Width and height of a piece's whole cut outline: a standee's strip holds two figures and two base tabs."""
    if shape == "standee":
        return width, 2 * height + 2 * STANDEE_BASE * width
    return width, height


@dataclass(frozen=True)
class Component:
    """A kind of piece in the kit: a player's playing piece, an item (see game.yaml's items) or a piece of the game's own.

    ``size`` names one of the spec's sizes; ``fraction`` (of a cell) or
    ``size_mm`` (width, height), when given, are the piece's own size
    instead. ``spares`` overrides the sheet's spares for this piece. ``owner`` is the player whose pieces
    these are (an entry that names a player); ``back_note`` what its back is for, in words, for the print guide's
    checklist.
    """

    id: str
    name: str
    size: str
    count: int
    front: Face
    back: Face
    shape: str = "disc"
    fraction: float | None = None
    size_mm: tuple[float, float] | None = None
    spares: int | None = None
    owner: str | None = None
    back_note: str = ""

    @property
    def two_faced(self) -> bool:
        """True when the back shows something else than the front."""
        return self.front != self.back


@dataclass(frozen=True)
class SheetSettings:
    """Punch-sheet spacing: bleeds past the cut line, space between pieces, spare copies, and whether pieces that
    share a back are mixed over the sheets (see :func:`generator.compose.spread.spread`)."""

    bleed_mm: float = 1.5
    back_bleed_mm: float = 3.0
    gutter_mm: float = 6.0
    spares: int = 0
    mix: bool = False

    @property
    def reach_mm(self) -> float:
        """How far art reaches past a cut line on either side of the sheet."""
        return max(self.bleed_mm, self.back_bleed_mm)


@dataclass(frozen=True)
class DecalSettings:
    """Board decals: square size, bleed, space between decals, and which cells get one: the marked cells of the
    kinds ``marks`` names (every kind when None) and, with ``zones``, every cell of the board's zones."""

    square_mm: float = 25.0
    bleed_mm: float = 1.5
    gutter_mm: float = 6.0
    marks: tuple[str, ...] | None = None
    zones: bool = False


@dataclass
class Components:
    """Everything a components spec says, checked against the game and its print formats."""

    sizes: dict[str, float]
    min_margin_mm: float
    min_rim_mm: float
    sheet: SheetSettings
    decals: DecalSettings
    colours: dict[str, str]
    components: list[Component]
    decks: list[Deck] = field(default_factory=list)
    mats: list[Mat] = field(default_factory=list)

    def diameter(self, component: Component, fmt: PrintFormat) -> float:
        """Width in mm of ``component`` for the board printed in ``fmt``: a disc's diameter, a hex across flats."""
        return self.dims(component, fmt)[0]

    def dims(self, component: Component, fmt: PrintFormat) -> tuple[float, float]:
        """(width, height) in mm of ``component``'s face for the board printed in ``fmt`` (a standee's figure)."""
        if component.size_mm is not None:
            return component.size_mm
        fraction = component.fraction or self.sizes[component.size]
        width = self.punched(fraction, fmt) if component.shape == "disc" else round(fraction * fmt.square_mm, 3)
        return width, round(shape_height(component.shape, width), 3)

    def punched(self, fraction: float, fmt: PrintFormat) -> float:
        """Diameter in mm of a round piece ``fraction`` of ``fmt``'s cell across, snapped to a circle punch.

        It keeps ``min_margin_mm`` to the edge of the cell; an item (the spec's ``item`` size) lies on a
        piece (``piece``) and leaves ``min_rim_mm`` of it showing (see :func:`generator.model.punches.snap_to_punch`).
        Two sizes of the spec that would snap to the same punch keep their own sizes: the spec tells them apart.
        """
        snapped = self._snap(fraction, fmt)
        if any(f != fraction and self._snap(f, fmt) == snapped for f in self.sizes.values()):
            return round(fraction * fmt.square_mm, 3)
        return snapped

    def _snap(self, fraction: float, fmt: PrintFormat) -> float:
        limit = fmt.square_mm - 2 * self.min_margin_mm
        if fraction == self.sizes.get("item") and "piece" in self.sizes:
            piece = self.sizes["piece"]  # the smaller of the piece's own size and its punch: the rim holds on both
            limit = min(limit, min(self._snap(piece, fmt), round(piece * fmt.square_mm, 3)) - 2 * self.min_rim_mm)
        return snap_to_punch(round(fraction * fmt.square_mm, 3), limit)

    def copies(self, component: Component) -> int:
        """How many of ``component`` the punch sheets hold: the spec's count plus spares."""
        return component.count + (self.sheet.spares if component.spares is None else component.spares)

    def palette(self, theme: Theme) -> dict[str, str]:
        """Colours of the pieces: the spec's own, and the theme's (which win where both define a key)."""
        return {**self.colours, **theme.colours}


def _default_faces(game: Game, entry: dict[str, Any], palette: set[str]) -> tuple[str, str, Face]:
    """(name, size, front face) of a component entry that names a valid player or item, or has its own front."""
    if "player" in entry:
        player = game.player(entry["player"])
        ink = f"on-{player.colour}" if f"on-{player.colour}" in palette else "paper"
        return player.name, "piece", Face(player.emblem, player.colour, ink)
    if "item" in entry:
        item = game.item(entry["item"])
        forms = [i for i in game.items if i.kind == item.kind]
        badge = item.form if len(forms) > 1 else None
        return item.name, "item", Face(item.kind, "square-light", item.colour or "text", badge)
    front = entry["front"]
    return entry["id"], "piece", Face(front.get("emblem", ""), front.get("ground", "paper"), front.get("ink", "text"))


def _check_size(doc: Document, n: int, entry: dict[str, Any], sizes: dict[str, float]) -> list[Problem]:
    """Problems in how one entry gives its size: both ways at once, an unknown size name, a standee without height."""
    if "size" in entry and "size_mm" in entry:
        return [doc.problem(("components", n, "size_mm"), "a piece has one size: 'size' or 'size_mm', not both",
                            "keep 'size' (a fraction of the board's cell) or 'size_mm' (millimetres)")]
    size = entry.get("size", "item" if "item" in entry else "piece")
    if "size_mm" not in entry and isinstance(size, str) and size not in sizes:
        return [doc.problem(("components", n, "size") if "size" in entry else ("components", n),
                            f"no size named '{size}' under 'sizes'",
                            did_you_mean(size, sorted(sizes)) or f"add '{size}: <fraction of a cell>' under 'sizes', "
                            "or give this piece 'size: <fraction>' or 'size_mm: <mm>'")]
    if entry.get("shape") == "standee" and isinstance(entry.get("size_mm"), (int, float)):
        return [doc.problem(("components", n, "size_mm"), "a standee's size_mm needs its width and its height",
                            "write 'size_mm: [<width>, <height>]'")]
    return []


def _check_entries(game: Game, doc: Document, palette: set[str], sizes: dict[str, float]) -> list[Problem]:
    """Problems in the ``components`` list: what each entry names, faces, sizes, duplicates, and what is missing."""
    problems: list[Problem] = []
    players, items = [p.id for p in game.players], [i.id for i in game.items]
    seen: dict[tuple[str, str], int] = {}
    if "components" not in doc.data:  # a game of cards or mats only
        return problems
    for n, entry in enumerate(doc.data["components"]):
        keys = [k for k in ("player", "item", "id") if k in entry]
        if len(keys) != 1:
            problems.append(doc.problem(("components", n), f"a component names one player or one item, not both "
                                        f"({' and '.join(keys)})" if keys else
                                        "a component names one player, one item, or an id of its own",
                                        "write 'player: <player id>', 'item: <item id>' or 'id: <new id>'"))
            continue
        key = keys[0]
        known = players if key == "player" else items if key == "item" else [entry["id"]]
        if key == "id" and "front" not in entry:
            problems.append(doc.problem(("components", n, "id"), f"piece '{entry['id']}' has no front",
                                        "add 'front: {ground: <colour>, glyph: <letter>}' (or an emblem, a label)"))
        if entry[key] not in known:
            problems.append(doc.problem(("components", n, key), f"unknown {key} '{entry[key]}'",
                                        did_you_mean(entry[key], known) or f"{key}s in game.yaml: {', '.join(known)}"))
        elif (key, entry[key]) in seen:
            problems.append(doc.problem(("components", n, key), f"{key} '{entry[key]}' is listed twice "
                                        f"(also entry {seen[(key, entry[key])] + 1})", "list it once, with a count"))
        seen.setdefault((key, entry[key]), n)
        for side in ("front", "back"):
            problems += check_face(doc, ("components", n, side), entry.get(side, {}), palette)
        problems += _check_size(doc, n, entry, sizes)
    missing = [("player", p) for p in players if ("player", p) not in seen]
    missing += [("item", i) for i in items if ("item", i) not in seen]
    for key, name in missing:
        problems.append(doc.problem(("components",), f"the game's {key} '{name}' has no piece",
                                    f"add '- {{{key}: {name}}}' to the list", of_key=True))
    return problems


def _check_decals(game: Game, doc: Document) -> list[Problem]:
    """The decals name kinds of marked cell the board declares, and zones only on a board that has some."""
    decals = doc.data.get("decals", {})
    problems = [doc.problem(("decals", "marks", n), f"the board has no kind of marked cell '{kind}'",
                            did_you_mean(kind, sorted(game.board.mark_kinds))
                            or f"kinds in board.yaml: {', '.join(game.board.mark_kinds) or 'none'}")
                for n, kind in enumerate(decals.get("marks") or []) if kind not in game.board.mark_kinds]
    if decals.get("zones") and not game.board.zones:
        problems.append(doc.problem(("decals", "zones"), "the board has no zones to print decals of",
                                    "remove 'zones: true', or add zones to board.yaml"))
    return problems


def _check_sizes(doc: Document, sizes: dict[str, float], margin: float, rim: float,
                 formats: dict[str, PrintFormat]) -> list[Problem]:
    """Every format's pieces must fit their square with ``margin``, and items leave ``rim`` of a piece showing."""
    problems: list[Problem] = []
    if "piece" not in sizes:
        return problems
    smallest = min(formats.values(), key=lambda f: f.square_mm)
    sq = smallest.square_mm
    piece, item = sizes["piece"] * sq, sizes.get("item", 0.0) * sq
    if (sq - piece) / 2 < margin - 1e-9:
        problems.append(doc.problem(("sizes", "piece"),
                                    f"pieces of {piece:.2f} mm leave {(sq - piece) / 2:.2f} mm to the edge of a "
                                    f"{sq:g} mm square (format '{smallest.name}'); min_margin_mm is {margin:g}",
                                    f"set piece to {int((1 - 2 * margin / sq) * 100) / 100:g} or less"))
    if "item" in sizes and (piece - item) / 2 < rim - 1e-9:
        problems.append(doc.problem(("sizes", "item"),
                                    f"an item of {item:.2f} mm on a piece of {piece:.2f} mm (format "
                                    f"'{smallest.name}') leaves {(piece - item) / 2:.2f} mm of the piece showing; "
                                    f"min_rim_mm is {rim:g}",
                                    f"set item to {int((sizes['piece'] - 2 * rim / sq) * 100) / 100:g} or less"))
    return problems


def read_components(game: Game, needed_counts: Callable[[], dict[str, int]]) -> Components | None:
    """Load and check the game's components spec (None when the game has none); raise :class:`SpecError`.

    ``needed_counts`` gives how many of each component the game's engine needs, by component id: the count of an
    entry that gives none (asked only when one gives none). The engine is a layer above the model:
    :func:`generator.play.registry.load_components` passes it."""
    path = game.path("components")
    if path is None:
        return None
    doc = load_document(path)
    problems = check_schema(doc, "components")
    if problems:
        raise SpecError(problems)
    data = doc.data
    colours: dict[str, str] = {}
    for key, value in data.get("colours", {}).items():
        colour = srgb_hex(value)
        if colour is not None:
            colours[key] = colour
        else:
            problems.append(doc.problem(("colours", key), f"'{value}' is not a colour",
                                        "write #rrggbb (e.g. #d6eef6) or a CSS colour name"))
    palette = set(game.theme(game.theme_names()[0]).colours) | set(data.get("colours", {}))
    sizes = {k: float(v) for k, v in data.get("sizes", {}).items()}
    problems += _check_entries(game, doc, palette, sizes)
    margin, rim = float(data.get("min_margin_mm", 1.0)), float(data.get("min_rim_mm", 1.0))
    problems += _check_sizes(doc, sizes, margin, rim, game.formats)
    sheet = SheetSettings(**data.get("sheet", {}))
    if sheet.gutter_mm < 2 * sheet.reach_mm:
        problems.append(doc.problem(("sheet", "gutter_mm"),
                                    f"a gutter of {sheet.gutter_mm:g} mm is less than twice the bleed "
                                    f"({sheet.reach_mm:g} mm): a shifted back would show its neighbour",
                                    f"set gutter_mm to {2 * sheet.reach_mm:g} or more"))
    problems += _check_decals(game, doc)
    decks, deck_problems = load_decks(doc, palette)
    mats, mat_problems = load_mats(doc, palette)
    problems += deck_problems + mat_problems
    if problems:
        raise SpecError(problems)
    entries = data.get("components", [])
    needed = needed_counts() if any("count" not in entry for entry in entries) else {}
    components = [_component(game, entry, palette, needed) for entry in entries]
    decals = data.get("decals", {})
    kinds = decals.get("marks")
    return Components(sizes, margin, rim, sheet,
                      DecalSettings(**{**decals, "marks": None if kinds is None else tuple(kinds)}), colours,
                      components, decks, mats)


def _component(game: Game, entry: dict[str, Any], palette: set[str], needed: dict[str, int]) -> Component:
    """The component a checked entry describes: its faces (the back repeats what it does not change), its size,
    and its count (when the entry gives none, what the engine needs, else one)."""
    name, size, front = _default_faces(game, entry, palette)
    front = replace(front, **{k: v for k, v in entry.get("front", {}).items()})
    back = replace(front, **entry.get("back", {}))
    if back.emblem != front.emblem:  # another emblem is a face shared by every form: no form badge
        back = replace(back, badge=None)
    given = entry.get("size", size)
    mm = entry.get("size_mm")
    shape = entry.get("shape", "disc")
    size_mm = None if mm is None else (float(mm[0]), float(mm[1])) if isinstance(mm, list) \
        else (float(mm), round(shape_height(shape, float(mm)), 3))
    ident = entry.get("player") or entry.get("item") or entry["id"]
    return Component(ident, entry.get("name", name), given if isinstance(given, str) else "",
                     entry.get("count", needed.get(ident, 1)), front, back, shape,
                     None if isinstance(given, str) else float(given), size_mm, entry.get("spares"),
                     entry.get("player"), entry.get("back_note", ""))
