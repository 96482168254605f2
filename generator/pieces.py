"""The game's pieces: what the punch sheets hold, how big each piece is for a board format, and its two sides."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from coloraide import Color

from .errors import Problem, SpecError
from .game import Game
from .printspec import PrintFormat
from .render.emblems import EMBLEMS
from .theme import Theme
from .validate import check_schema, did_you_mean
from .yamlsource import Document, load_document


@dataclass(frozen=True)
class Face:
    """One side of a piece: ``emblem`` in colour ``ink`` on a disc of colour ``ground`` (palette keys).

    ``badge`` is the form number of a weapon that comes in several forms,
    shown as dots so that the forms differ by more than their colour.
    """

    emblem: str
    ground: str
    ink: str
    badge: int | None = None


@dataclass(frozen=True)
class Component:
    """A kind of piece in the kit: a player's playing piece or an item (weapon, flag)."""

    id: str
    name: str
    size: str  # 'piece' or 'item': which of the spec's sizes it has
    count: int
    front: Face
    back: Face

    @property
    def two_faced(self) -> bool:
        """True when the back shows something else than the front."""
        return self.front != self.back


@dataclass(frozen=True)
class SheetSettings:
    """Punch-sheet spacing: bleeds past the cut line, space between pieces, and spare copies."""

    bleed_mm: float = 1.5
    back_bleed_mm: float = 3.0
    gutter_mm: float = 6.0
    spares: int = 0

    @property
    def reach_mm(self) -> float:
        """How far art reaches past a cut line on either side of the sheet."""
        return max(self.bleed_mm, self.back_bleed_mm)


@dataclass(frozen=True)
class DecalSettings:
    """Board decals: square size, bleed, and space between decals."""

    square_mm: float = 25.0
    bleed_mm: float = 1.5
    gutter_mm: float = 6.0


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

    def diameter(self, component: Component, fmt: PrintFormat) -> float:
        """Diameter in mm of ``component`` for the board printed in ``fmt``."""
        return round(self.sizes[component.size] * fmt.square_mm, 3)

    def copies(self, component: Component) -> int:
        """How many of ``component`` the punch sheets hold: the spec's count plus spares."""
        return component.count + self.sheet.spares

    def palette(self, theme: Theme) -> dict[str, str]:
        """Colours of the pieces: the spec's own, and the theme's (which win where both define a key)."""
        return {**self.colours, **theme.colours}


def _default_faces(game: Game, entry: dict[str, Any], palette: set[str]) -> tuple[str, str, Face]:
    """(name, size, front face) of a component entry that names a valid player or item."""
    if "player" in entry:
        player = game.player(entry["player"])
        ink = f"on-{player.colour}" if f"on-{player.colour}" in palette else "paper"
        return player.name, "piece", Face(player.emblem, player.colour, ink)
    item = game.item(entry["item"])
    forms = [i for i in game.items if i.kind == item.kind]
    badge = item.form if len(forms) > 1 else None
    return item.name, "item", Face(item.kind, "square-light", item.colour or "text", badge)


def _check_entries(game: Game, doc: Document, palette: set[str]) -> list[Problem]:
    """Problems in the ``components`` list: what each entry names, duplicates, and what is missing."""
    problems: list[Problem] = []
    players, items = [p.id for p in game.players], [i.id for i in game.items]
    seen: dict[tuple[str, str], int] = {}
    for n, entry in enumerate(doc.data["components"]):
        keys = [k for k in ("player", "item") if k in entry]
        if len(keys) != 1:
            problems.append(doc.problem(("components", n), "a component names one player or one item"
                                        + (", not both" if keys else ""),
                                        "write 'player: <player id>' or 'item: <item id>'"))
            continue
        key = keys[0]
        known = players if key == "player" else items
        if entry[key] not in known:
            problems.append(doc.problem(("components", n, key), f"unknown {key} '{entry[key]}'",
                                        did_you_mean(entry[key], known) or f"{key}s in game.yaml: {', '.join(known)}"))
        elif (key, entry[key]) in seen:
            problems.append(doc.problem(("components", n, key), f"{key} '{entry[key]}' is listed twice "
                                        f"(also entry {seen[(key, entry[key])] + 1})", "list it once, with a count"))
        seen.setdefault((key, entry[key]), n)
        back = entry.get("back", {})
        if "emblem" in back and back["emblem"] not in EMBLEMS:
            problems.append(doc.problem(("components", n, "back", "emblem"), f"no emblem named '{back['emblem']}'",
                                        did_you_mean(back["emblem"], sorted(EMBLEMS))
                                        or f"emblems: {', '.join(sorted(EMBLEMS))}"))
        for part in ("ground", "ink"):
            if part in back and back[part] not in palette:
                problems.append(doc.problem(("components", n, "back", part), f"unknown colour '{back[part]}'",
                                            did_you_mean(back[part], sorted(palette))
                                            or "use a theme colour key or one listed under 'colours'"))
    missing = [("player", p) for p in players if ("player", p) not in seen]
    missing += [("item", i) for i in items if ("item", i) not in seen]
    for key, name in missing:
        problems.append(doc.problem(("components",), f"the game's {key} '{name}' has no piece",
                                    f"add '- {{{key}: {name}}}' to the list", of_key=True))
    return problems


def _check_sizes(doc: Document, sizes: dict[str, float], margin: float, rim: float,
                 formats: dict[str, PrintFormat]) -> list[Problem]:
    """Every format's pieces must fit their square with ``margin``, and items leave ``rim`` of a piece showing."""
    problems = []
    smallest = min(formats.values(), key=lambda f: f.square_mm)
    sq = smallest.square_mm
    piece, item = sizes["piece"] * sq, sizes["item"] * sq
    if (sq - piece) / 2 < margin - 1e-9:
        problems.append(doc.problem(("sizes", "piece"),
                                    f"pieces of {piece:.2f} mm leave {(sq - piece) / 2:.2f} mm to the edge of a "
                                    f"{sq:g} mm square (format '{smallest.name}'); min_margin_mm is {margin:g}",
                                    f"set piece to {int((1 - 2 * margin / sq) * 100) / 100:g} or less"))
    if (piece - item) / 2 < rim - 1e-9:
        problems.append(doc.problem(("sizes", "item"),
                                    f"an item of {item:.2f} mm on a piece of {piece:.2f} mm (format "
                                    f"'{smallest.name}') leaves {(piece - item) / 2:.2f} mm of the piece showing; "
                                    f"min_rim_mm is {rim:g}",
                                    f"set item to {int((sizes['piece'] - 2 * rim / sq) * 100) / 100:g} or less"))
    return problems


def load_components(game: Game) -> Components | None:
    """Load and check the game's components spec (None when the game has none); raise :class:`SpecError`."""
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
        try:
            colours[key] = Color(value).convert("srgb").fit("srgb").to_string(hex=True)
        except (ValueError, TypeError, AttributeError):
            problems.append(doc.problem(("colours", key), f"'{value}' is not a colour",
                                        "write #rrggbb (e.g. #d6eef6) or a CSS colour name"))
    palette = set(game.theme(game.theme_names()[0]).colours) | set(data.get("colours", {}))
    problems += _check_entries(game, doc, palette)
    sizes = {k: float(v) for k, v in data["sizes"].items()}
    margin, rim = float(data.get("min_margin_mm", 1.0)), float(data.get("min_rim_mm", 1.0))
    problems += _check_sizes(doc, sizes, margin, rim, game.formats)
    sheet = SheetSettings(**data.get("sheet", {}))
    if sheet.gutter_mm < 2 * sheet.reach_mm:
        problems.append(doc.problem(("sheet", "gutter_mm"),
                                    f"a gutter of {sheet.gutter_mm:g} mm is less than twice the bleed "
                                    f"({sheet.reach_mm:g} mm): a shifted back would show its neighbour",
                                    f"set gutter_mm to {2 * sheet.reach_mm:g} or more"))
    if problems:
        raise SpecError(problems)
    components = []
    for entry in data["components"]:
        name, size, front = _default_faces(game, entry, palette)
        back = replace(front, **entry.get("back", {}))
        if back.emblem != front.emblem:  # another emblem is a face shared by every form: no form badge
            back = replace(back, badge=None)
        components.append(Component(entry.get("player") or entry["item"], entry.get("name", name), size,
                                    entry.get("count", 1), front, back))
    return Components(sizes, margin, rim, sheet, DecalSettings(**data.get("decals", {})), colours, components)
