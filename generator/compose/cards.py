"""Card sheets: a deck's cards in a grid of touching cards (nine poker cards on A4, eight turned on Letter), and their backs.

Two ways to print, as for punch sheets (:mod:`generator.compose.punch`):
duplex (a fronts page, then a backs page where each back lands behind its
card, shifted for the printer's offset) and fold-over (fronts above the fold,
backs mirrored below). Every sheet holds one deck, so its backs are the
deck's one back. Cards share their cut lines; the grid's outer sides bleed as
far as the printer reaches, at least :data:`~generator.model.printspec.MIN_BLEED_MM`
on every back, and crop ticks continue the cut lines into the margins where
there is room. Cards stand upright or lie turned, whichever puts more on a
sheet, with room for a 100 mm scale bar under the grid or beside it. The
cards of a deck are dealt over the places by :func:`~generator.compose.spread.spread`,
so that no sheet, row, column or half holds more of one kind than its share:
a sheet printed a little off groups no hidden hand.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import svgwrite.shapes
from svgwrite.container import Group

from ..model.cards import Card, Deck
from ..errors import SpecError
from ..model.pieces import Components
from ..model.printers import PaperSetup
from ..model.printspec import MIN_BLEED_MM, MIN_LINE_MM, MIN_TEXT_MM
from ..render.cards import Bleed, render_card, render_card_back
from ..model.theme import Theme
from .marks import crop_ticks, scale_bar
from ..render.text import text
from .punch import FOLD_CLEAR_MM, Flip, Rect, drawing, duplex_safe
from .spread import place_groups, spread

#: Colour of the cut lines between cards: a mid grey shows on light and dark grounds alike.
CUT_GREY = "#808080"
#: Room a scale bar takes beside the grid: the bar, its caption, and a little clear paper.
BAR_BAND_MM = 7.0
#: Length of the scale bar, mm.
BAR_MM = 100.0

Slot = tuple[Card, tuple[float, float]]


@dataclass(frozen=True)
class CardLayout:
    """Where a deck's cards go on one printer's paper: the grid, its flip, and the cards of each sheet.

    ``grid`` is the front rectangle the cards fill; ``limit`` the area art may
    reach on either side; ``offset`` the shift the backs make up for;
    ``turned`` says the cards lie on their side (turned a quarter clockwise);
    ``bar`` is where the scale bar starts and whether it runs down the side.
    """

    deck: Deck
    setup: PaperSetup
    flip: Flip
    offset: tuple[float, float]
    columns: int
    rows: int
    grid: Rect
    limit: Rect
    sheets: list[list[Slot]]
    turned: bool = False
    bar: tuple[float, float, bool] = (0.0, 0.0, False)
    #: True while the deck still waits to be dealt over the places (:func:`dealt_cards` deals it).
    undealt: bool = False

    def back_of(self, x: float, y: float) -> tuple[float, float]:
        """Where the back of front point (x, y) is drawn on the other side, offset made up for."""
        return self.flip.back_of(x, y, self.offset)

    @property
    def cell(self) -> tuple[float, float]:
        """Width and height a card takes on the sheet."""
        w, h = self.deck.size_mm
        return (h, w) if self.turned else (w, h)

    @property
    def back_turn(self) -> int:
        """How far (degrees) a back is turned: as its card, mirrored when the sheet turns over left to right."""
        if not self.turned:
            return 0
        (ax, _), (bx, _) = self.flip.behind(0.0, 0.0), self.flip.behind(1.0, 0.0)
        return -90 if bx < ax else 90


def _fits(area: Rect, cell: tuple[float, float]) -> list[tuple[int, int, bool]]:
    """(columns, rows, bar down the side) of every grid of ``cell`` that fits ``area`` with its bleed all round and
    a scale bar under it (or beside it), most cards first."""
    width, height = area[2] - area[0] - 2 * MIN_BLEED_MM, area[3] - area[1] - 2 * MIN_BLEED_MM
    found = []
    for columns in range(int(width // cell[0] + 1e-9), 0, -1):
        for rows in range(int(height // cell[1] + 1e-9), 0, -1):
            if height - rows * cell[1] >= BAR_BAND_MM and area[2] - area[0] >= BAR_MM:
                found.append((columns, rows, False))
            elif width - columns * cell[0] >= BAR_BAND_MM and area[3] - area[1] >= BAR_MM:
                found.append((columns, rows, True))
    return sorted(found, key=lambda f: -f[0] * f[1])


def deal(deck: Deck, slots: list[tuple[float, float]], per_sheet: int) -> list[list[Slot]]:
    """The deck's cards on its sheets, each kind spread over the sheets, rows, columns and halves."""
    cards = deck.copies()
    places = [slots[n % per_sheet] for n in range(len(cards))]
    xs, ys = [x for x, _ in slots], [y for _, y in slots]
    middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    order = spread([deck.cards.index(card) for card in cards],
                   [place_groups(n // per_sheet, x, y, middle) for n, (x, y) in enumerate(places)])
    dealt = [(cards[k], place) for k, place in zip(order, places)]
    return [dealt[n:n + per_sheet] for n in range(0, len(dealt), per_sheet)]


def card_layout(deck: Deck, setup: PaperSetup, foldover: bool = False, deal_now: bool = True) -> CardLayout:
    """The card sheets of ``deck``: two-sided (turning as the printer profile says) or fold-over. Without
    ``deal_now``, the grid is laid out (and checked) and the cards fill the sheets in the deck's order, to be
    dealt over the places only when the sheets are drawn (:func:`card_pages`): a kit plans its files first and
    draws them in several processes side by side."""
    layout, places = _grid(deck, setup, foldover)
    if not deal_now:
        cards = [(card, places[n % len(places)]) for n, card in enumerate(deck.copies())]
        return replace(layout, sheets=[cards[n:n + len(places)] for n in range(0, len(cards), len(places))],
                       undealt=True)
    return replace(layout, sheets=deal(deck, places, len(places)))


def dealt_cards(layout: CardLayout) -> CardLayout:
    """``layout`` with its deck dealt over its places, if it still waits for it."""
    if not layout.undealt:
        return layout
    return card_layout(layout.deck, layout.setup, layout.flip.edge == "fold")


def places_per_sheet(deck: Deck, setup: PaperSetup, foldover: bool = False) -> int:
    """How many cards one sheet of :func:`card_layout` holds (found without dealing the deck)."""
    return len(_grid(deck, setup, foldover)[1])


def _grid(deck: Deck, setup: PaperSetup, foldover: bool) -> tuple[CardLayout, list[tuple[float, float]]]:
    """The layout of :func:`card_layout` with no cards dealt yet, and the centres of a sheet's places."""
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
    choices = [(f, turned) for turned in (False, True) for f in _fits(area, (h, w) if turned else (w, h))[:1]]
    if not choices:
        raise SpecError([setup.problem(
            f"deck '{deck.id}' has {w:g} x {h:g} mm cards, but printer profile '{setup.profile}' leaves "
            f"{area[2] - area[0]:.1f} x {area[3] - area[1]:.1f} mm for them on {setup.label}"
            + (" above the fold" if foldover else "")
            + f" (with {MIN_BLEED_MM:g} mm of bleed all round and a {BAR_MM:g} mm scale bar)",
            "check the margins, or give the deck a smaller size_mm")])
    (columns, rows, side), turned = max(choices, key=lambda c: c[0][0] * c[0][1])  # upright when it holds as many
    cw, ch = (h, w) if turned else (w, h)
    gw, gh = columns * cw, rows * ch
    band = (BAR_BAND_MM, 0.0) if side else (0.0, BAR_BAND_MM)
    left = area[0] + MIN_BLEED_MM + (area[2] - area[0] - 2 * MIN_BLEED_MM - gw - band[0]) / 2
    top = area[1] + MIN_BLEED_MM + (area[3] - area[1] - 2 * MIN_BLEED_MM - gh - band[1]) / 2
    grid = (left, top, left + gw, top + gh)
    if side:
        bar = (round(grid[2] + MIN_BLEED_MM + 0.5, 3), round((grid[1] + grid[3]) / 2 + BAR_MM / 2, 3), True)
    else:
        bar = (round((grid[0] + grid[2]) / 2 - BAR_MM / 2, 3), round(grid[3] + MIN_BLEED_MM + 0.5, 3), False)
    slots = [(round(grid[0] + (c + 0.5) * cw, 4), round(grid[1] + (r + 0.5) * ch, 4))
             for r in range(rows) for c in range(columns)]
    return CardLayout(deck, setup, flip, offset, columns, rows, grid, limit, [], turned, bar), slots


def _bleed(centre: tuple[float, float], size: tuple[float, float], taken: list[tuple[float, float]], limit: Rect,
           reach: float) -> Bleed:
    """How far a card centred at ``centre`` bleeds on each side: only sides with no card of the sheet (centres
    ``taken``) beyond them, and never past ``limit``."""
    (x, y), (w, h) = centre, size
    x0, y0, x1, y1 = x - w / 2, y - h / 2, x + w / 2, y + h / 2
    outer = [not any(abs(tx - nx) < 0.01 and abs(ty - ny) < 0.01 for tx, ty in taken)
             for nx, ny in ((x - w, y), (x, y - h), (x + w, y), (x, y + h))]
    room = (x0 - limit[0], y0 - limit[1], limit[2] - x1, limit[3] - y1)
    left, top, right, bottom = (max(0.0, min(reach, r)) if o else 0.0 for o, r in zip(outer, room))
    return (left, top, right, bottom)


def _runs(cells: list[bool]) -> list[tuple[int, int]]:
    """The first and past-the-last index of each run of true values."""
    runs: list[tuple[int, int]] = []
    for n, on in enumerate(cells):
        if on and runs and runs[-1][1] == n:
            runs[-1] = (runs[-1][0], n + 1)
        elif on:
            runs.append((n, n + 1))
    return runs


def _cut_lines(grid: Rect, columns: int, rows: int, filled: int, printable: Rect) -> Group:
    """The cut lines round the sheet's ``filled`` cards (the first places, row by row), and crop ticks continuing
    each line past its ends."""
    g = Group(class_="cut-lines")
    x0, y0, x1, y1 = grid
    w, h = (x1 - x0) / columns, (y1 - y0) / rows
    half = MIN_LINE_MM / 2  # a cut line on the edge of the printable area keeps its whole width inside it

    def card(c: int, r: int) -> bool:
        return 0 <= c < columns and 0 <= r < rows and r * columns + c < filled

    for c in range(columns + 1):
        x = round(min(max(x0 + c * w, printable[0] + half), printable[2] - half), 3)
        for first, last in _runs([card(c - 1, r) or card(c, r) for r in range(rows)]):
            a, b = y0 + first * h, y1 if last == rows else y0 + last * h
            g.add(svgwrite.shapes.Line((x, round(a, 3)), (x, round(b, 3)), stroke=CUT_GREY, stroke_width=MIN_LINE_MM,
                                       class_="cut-line"))
            g.add(crop_ticks(x, a, x, b, printable, reach=4.0))
    for r in range(rows + 1):
        y = round(min(max(y0 + r * h, printable[1] + half), printable[3] - half), 3)
        for first, last in _runs([card(c, r - 1) or card(c, r) for c in range(columns)]):
            a, b = x0 + first * w, x1 if last == columns else x0 + last * w
            g.add(svgwrite.shapes.Line((round(a, 3), y), (round(b, 3), y), stroke=CUT_GREY, stroke_width=MIN_LINE_MM,
                                       class_="cut-line"))
            g.add(crop_ticks(a, y, b, y, printable, reach=4.0))
    return g


def _fronts(layout: CardLayout, sheet: list[Slot], palette: dict[str, str], bleed: float) -> Group:
    g = Group(class_="fronts")
    taken = [place for _, place in sheet]
    for n, (card, (x, y)) in enumerate(sheet):
        reach = _bleed((x, y), layout.cell, taken, layout.limit, bleed)
        g.add(render_card(card, layout.deck, palette, x, y, reach, f"slot-{n}", 90 if layout.turned else 0))
    return g


def _backs(layout: CardLayout, sheet: list[Slot], palette: dict[str, str], bleed: float) -> Group:
    g = Group(class_="backs")
    taken = [layout.back_of(x, y) for _, (x, y) in sheet]
    for bx, by in taken:
        reach = _bleed((bx, by), layout.cell, taken, layout.setup.printable, bleed)
        g.add(render_card_back(layout.deck, palette, bx, by, reach, layout.back_turn))
    return g


def card_pages(components: Components, theme: Theme, layout: CardLayout) -> list[str]:
    """SVG pages of a deck's card sheets: fronts and backs page after page, or fold-over pages."""
    layout = dealt_cards(layout)
    palette = components.palette(theme)
    bleed, back_bleed = components.sheet.bleed_mm, components.sheet.back_bleed_mm
    pages = []
    for sheet in layout.sheets:
        front = drawing(layout.setup.page)
        front.add(_fronts(layout, sheet, palette, bleed))
        front.add(_cut_lines(layout.grid, layout.columns, layout.rows, len(sheet), layout.setup.printable))
        front.add(scale_bar(*layout.bar[:2], BAR_MM, vertical=layout.bar[2], ink=theme.colour("text")))
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
