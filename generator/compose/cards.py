"""Card sheets: a deck's cards in a grid of touching cards (nine poker cards on A4 or Letter), and their backs.

Two ways to print, as for punch sheets (:mod:`generator.compose.punch`):
duplex (a fronts page, then a backs page where each back lands behind its
card, shifted for the printer's offset) and fold-over (fronts above the fold,
backs mirrored below). Every sheet holds one deck, so its backs are the
deck's one back. Cards share their cut lines; only the grid's outer sides
bleed, as far as the printer reaches, and crop ticks continue the cut lines
into the margins where there is room.
"""
from __future__ import annotations

from dataclasses import dataclass

import svgwrite.shapes
from svgwrite.container import Group

from ..cards import Card, Deck
from ..errors import SpecError
from ..pieces import Components
from ..printers import PaperSetup
from ..printspec import MIN_LINE_MM, MIN_TEXT_MM
from ..render.cards import Bleed, render_card, render_card_back
from ..theme import Theme
from .marks import crop_ticks, text
from .punch import FOLD_CLEAR_MM, Flip, Rect, drawing, duplex_safe

#: Colour of the cut lines between cards: a mid grey shows on light and dark grounds alike.
CUT_GREY = "#808080"


@dataclass(frozen=True)
class CardLayout:
    """Where a deck's cards go on one printer's paper: the grid, its flip, and the cards of each sheet.

    ``grid`` is the front rectangle the cards fill; ``limit`` the area art may
    reach on either side; ``offset`` the shift the backs make up for.
    """

    deck: Deck
    setup: PaperSetup
    flip: Flip
    offset: tuple[float, float]
    columns: int
    rows: int
    grid: Rect
    limit: Rect
    sheets: list[list[tuple[Card, tuple[float, float]]]]

    def back_of(self, x: float, y: float) -> tuple[float, float]:
        """Where the back of front point (x, y) is drawn on the other side, offset made up for."""
        return self.flip.back_of(x, y, self.offset)


def card_layout(deck: Deck, setup: PaperSetup, foldover: bool = False) -> CardLayout:
    """The card sheets of ``deck``: two-sided (turning as the printer profile says) or fold-over."""
    if foldover:
        x0, y0, x1, y1 = setup.printable
        flip = Flip("fold", setup.page, round((y0 + y1) / 2, 4))
        limit, offset = setup.printable, (0.0, 0.0)
        area: Rect = (x0, y0, x1, flip.fold_y - FOLD_CLEAR_MM)
    else:
        flip = Flip(setup.duplex, setup.page)
        limit = area = duplex_safe(setup, flip)
        offset = setup.offset
    w, h = deck.size_mm
    fit = 1e-6  # three poker cards fill a Letter page inside quarter-inch margins exactly: rounding must not lose one
    columns, rows = int((area[2] - area[0] + fit) // w), int((area[3] - area[1] + fit) // h)
    if not columns or not rows:
        raise SpecError([setup.problem(
            f"deck '{deck.id}' has {w:g} x {h:g} mm cards, but printer profile '{setup.profile}' leaves "
            f"{area[2] - area[0]:.1f} x {area[3] - area[1]:.1f} mm for them on {setup.label}"
            + (" above the fold" if foldover else ""),
            "check the margins, or give the deck a smaller size_mm")])
    cx, cy = (area[0] + area[2]) / 2, (area[1] + area[3]) / 2
    grid = (cx - columns * w / 2, cy - rows * h / 2, cx + columns * w / 2, cy + rows * h / 2)
    slots = [(round(grid[0] + (c + 0.5) * w, 4), round(grid[1] + (r + 0.5) * h, 4))
             for r in range(rows) for c in range(columns)]
    cards = deck.copies()
    sheets = [list(zip(cards[n:n + len(slots)], slots)) for n in range(0, len(cards), len(slots))]
    return CardLayout(deck, setup, flip, offset, columns, rows, grid, limit, sheets)


def _bleed(centre: tuple[float, float], size: tuple[float, float], grid: Rect, limit: Rect, reach: float) -> Bleed:
    """How far a card centred at ``centre`` bleeds on each side: only outer sides, and never past ``limit``."""
    (x, y), (w, h) = centre, size
    x0, y0, x1, y1 = x - w / 2, y - h / 2, x + w / 2, y + h / 2
    outer = (abs(x0 - grid[0]) < 1e-6, abs(y0 - grid[1]) < 1e-6, abs(x1 - grid[2]) < 1e-6, abs(y1 - grid[3]) < 1e-6)
    room = (x0 - limit[0], y0 - limit[1], limit[2] - x1, limit[3] - y1)
    left, top, right, bottom = (max(0.0, min(reach, r)) if o else 0.0 for o, r in zip(outer, room))
    return (left, top, right, bottom)


def _cut_lines(grid: Rect, columns: int, rows: int, printable: Rect) -> Group:
    """The grid of cut lines over the cards, and crop ticks continuing each into the margins."""
    g = Group(class_="cut-lines")
    x0, y0, x1, y1 = grid
    w, h = (x1 - x0) / columns, (y1 - y0) / rows
    half = MIN_LINE_MM / 2  # a cut line on the edge of the printable area keeps its whole width inside it
    for c in range(columns + 1):
        x = round(min(max(x0 + c * w, printable[0] + half), printable[2] - half), 3)
        g.add(svgwrite.shapes.Line((x, round(y0, 3)), (x, round(y1, 3)), stroke=CUT_GREY, stroke_width=MIN_LINE_MM,
                                   class_="cut-line"))
        g.add(crop_ticks(x, y0, x, y1, printable, reach=4.0))
    for r in range(rows + 1):
        y = round(min(max(y0 + r * h, printable[1] + half), printable[3] - half), 3)
        g.add(svgwrite.shapes.Line((round(x0, 3), y), (round(x1, 3), y), stroke=CUT_GREY, stroke_width=MIN_LINE_MM,
                                   class_="cut-line"))
        g.add(crop_ticks(x0, y, x1, y, printable, reach=4.0))
    return g


def _fronts(layout: CardLayout, sheet: list[tuple[Card, tuple[float, float]]], palette: dict[str, str],
            bleed: float) -> Group:
    g = Group(class_="fronts")
    for n, (card, (x, y)) in enumerate(sheet):
        reach = _bleed((x, y), layout.deck.size_mm, layout.grid, layout.limit, bleed)
        g.add(render_card(card, layout.deck, palette, x, y, reach, f"slot-{n}"))
    return g


def _backs(layout: CardLayout, sheet: list[tuple[Card, tuple[float, float]]], palette: dict[str, str],
           bleed: float) -> Group:
    g = Group(class_="backs")
    ox, oy = layout.offset
    grid = layout.grid
    back_grid = layout.flip.rect_behind((grid[0] - ox, grid[1] - oy, grid[2] - ox, grid[3] - oy))
    for _, (x, y) in sheet:
        bx, by = layout.back_of(x, y)
        reach = _bleed((bx, by), layout.deck.size_mm, back_grid, layout.setup.printable, bleed)
        g.add(render_card_back(layout.deck, palette, bx, by, reach))
    return g


def card_pages(components: Components, theme: Theme, layout: CardLayout) -> list[str]:
    """SVG pages of a deck's card sheets: fronts and backs page after page, or fold-over pages."""
    palette = components.palette(theme)
    bleed, back_bleed = components.sheet.bleed_mm, components.sheet.back_bleed_mm
    pages = []
    for sheet in layout.sheets:
        front = drawing(layout.setup.page)
        front.add(_fronts(layout, sheet, palette, bleed))
        front.add(_cut_lines(layout.grid, layout.columns, layout.rows, layout.setup.printable))
        back = front if layout.flip.edge == "fold" else drawing(layout.setup.page)
        back.add(_backs(layout, sheet, palette, back_bleed))
        if layout.flip.edge == "fold":
            fold_y = layout.flip.fold_y
            x0, _, x1, _ = layout.setup.printable
            front.add(svgwrite.shapes.Line((round(x0, 3), fold_y), (round(x1, 3), fold_y), stroke=CUT_GREY,
                                           stroke_width=MIN_LINE_MM, stroke_dasharray="3,2", class_="fold-line"))
            for anchor, x in (("start", x0), ("end", x1)):
                front.add(text("fold", x, fold_y - 0.5, MIN_TEXT_MM, theme.colour("text"), anchor=anchor))
            pages.append(front.tostring())
        else:
            pages += [front.tostring(), back.tostring()]
    return pages
