"""Board decals: one marked cell of the board drawn on its own, as a sticker with bleed, in millimetres."""
from __future__ import annotations

from dataclasses import dataclass

import svgwrite.container
import svgwrite.shapes
from svgwrite.container import Group

from .text import text, text_width
from ..model.game import Game
from ..model.pieces import DecalSettings
from ..model.printspec import MIN_LINE_MM, MIN_TEXT_MM
from ..model.theme import Theme, label_ink
from .board import CellPainter
from .pieces import cut_colour

#: How far inside its cut line a decal's art, text included, keeps: a small cutting error clips nothing.
DECAL_SAFE_MM = 1.5


@dataclass(frozen=True)
class Decal:
    """One decal: the cell it goes on, what it is (its kind's name or its zone's) and, for a zone's cell, the zone's
    name, which the decal prints (the board prints it once for the whole zone)."""

    cell: str
    what: str
    zone: str | None = None


def decal_cells(game: Game, settings: DecalSettings | None = None) -> list[Decal]:
    """The decals to print: the marked cells (marks, links and their targets) of the kinds ``settings`` names,
    kind by kind in the spec's order, then with ``settings.zones`` the cells of every zone, zone by zone."""
    board, wanted = game.board, (settings or DecalSettings()).marks
    names = board.kind_names()
    cells = [Decal(s, names[kind]) for kind in names if wanted is None or kind in wanted
             for s in board.squares if board.kind(s) == kind]
    if settings is not None and settings.zones:
        cells += [Decal(s, zone.name, zone.name) for zone in board.zones for s in zone.cells]
    return cells


def decals_what(game: Game, settings: DecalSettings) -> str:
    """What the decals are of, in words: 'The board's marked squares', 'The squares of the board's zones'..."""
    cells = game.board.grid.cells_word
    marked = settings.marks is None or bool(settings.marks)
    if settings.zones:
        return f"The board's marked {cells} and the {cells} of its zones" if marked \
            else f"The {cells} of the board's zones"
    return f"The board's marked {cells}"


def decal_squares(game: Game, settings: DecalSettings | None = None) -> list[str]:
    """The cells the decals print (:func:`decal_cells`), without what they are."""
    return [decal.cell for decal in decal_cells(game, settings)]


def render_decal(game: Game, theme: Theme, square: str, cx: float, cy: float, size: float, bleed: float,
                 zone: str | None = None) -> Group:
    """The board's art of ``square`` centred on (cx, cy), on a sticker ``size`` mm wide; for a cell of the zone
    named ``zone``, its ground in the zone's colour with the zone's name.

    The ground reaches ``bleed`` mm past the cut line; the cell's art, names included, is drawn
    :data:`DECAL_SAFE_MM` inside it.
    """
    painter = CellPainter(game, theme, size - 2 * DECAL_SAFE_MM, 0.0)  # the art, drawn at the safe area's size
    art = painter.plain(square) if zone else painter.cell(square)
    ground = (art.elements[0] if isinstance(art, Group) else art).attribs["fill"]  # a cell's ground comes first
    sx, sy = painter.centre(square)
    half = size / 2
    g = Group(class_=f"decal decal-{square}")
    g.add(svgwrite.shapes.Rect((round(cx - half - bleed, 3), round(cy - half - bleed, 3)),
                               (round(size + 2 * bleed, 3), round(size + 2 * bleed, 3)), fill=ground, class_="bleed"))
    placed = Group(transform=f"translate({cx - sx:.3f},{cy - sy:.3f})")
    placed.add(art)
    g.add(placed)
    if zone:
        name = zone.upper()
        room = size - 2 * DECAL_SAFE_MM - 1.0
        height = max(MIN_TEXT_MM, min(size * 0.14, room / max(1e-6, text_width(name, 1.0, "bold"))))
        if text_width(name, height, "bold") <= room:
            g.add(text(name, cx, cy + height * 0.36, height, label_ink(theme, ground, "text"), "bold",
                       anchor="middle", class_="decal-zone"))
    g.add(svgwrite.shapes.Rect((round(cx - half, 3), round(cy - half, 3)), (round(size, 3), round(size, 3)),
                               fill="none", stroke=cut_colour(ground), stroke_width=MIN_LINE_MM, class_="cut-line"))
    return g
