"""Punch sheets: pieces of any shape packed on A4 or Letter, fronts with cut lines and backs that land on them.

Two ways to print: duplex (a fronts page then a backs page per sheet; each
back sits where the sheet's flip brings it onto its front, shifted to make up
for the printer's measured offset) and fold-over (fronts above a fold line,
backs mirrored below it, for printers without two-sided printing). Discs
and hexes pack in interlocking rows when that saves height; smaller pieces
stand in columns beside taller rows (a figure, a row of big discs) before
they start rows of their own. A standee's back is on its own strip, so
nothing prints behind a standee. A fold-over sheet's heading takes only the
room its lines need, and how to fold stands at its foot.
All coordinates are millimetres on the page, origin top-left, y down.
"""
from __future__ import annotations

import math
import textwrap
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from itertools import groupby

import svgwrite
import svgwrite.container
import svgwrite.shapes
from svgwrite.container import Group

from ..errors import SpecError
from ..model.game import Game
from ..model.geometry import Grid, cell_size_text
from ..model.pieces import Component, Components, outline_size
from ..model.printers import PaperSetup
from ..model.printspec import MIN_LINE_MM, MIN_TEXT_MM, SAFE_MM, PrintFormat
from ..render.pieces import render_face, render_standee
from ..model.theme import Theme
from .marks import SCALE_BAR_DEPTH_MM, scale_bar, target
from ..render.text import fit_size, text
from .spread import place_groups, spread

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1

#: Room kept at the top of a front for its heading, and at the bottom for the scale bar.
HEADER_MM, FOOTER_MM = 21.0, 8.0
#: Size of the small print under a heading.
LINE_MM = 2.5
#: Clear band on each side of a fold line.
FOLD_CLEAR_MM = 2.0
#: Registration targets: radius, and distance of their centre from the safe area's corner.
MARK_RADIUS, MARK_INSET = 2.2, 3.5


@dataclass(frozen=True)
class Flip:
    """How the other side of a sheet lies behind this one.

    ``edge`` is 'long' or 'short' (two-sided printing, the sheet turning on
    that edge) or 'fold' (the page folded on the line y = ``fold_y``).
    :meth:`behind` is its own inverse: it maps a point of either side to the
    point of the other side at the same place on the paper.
    """

    edge: str
    page: tuple[float, float]
    fold_y: float = 0.0

    def behind(self, x: float, y: float) -> tuple[float, float]:
        """The point on the other side of the paper from (x, y)."""
        w, h = self.page
        if self.edge == "fold":
            return (x, 2 * self.fold_y - y)
        turns_sideways = (self.edge == "long") == (h >= w)
        return (w - x, y) if turns_sideways else (x, h - y)

    def back_of(self, x: float, y: float, offset: tuple[float, float]) -> tuple[float, float]:
        """Where to draw the back of front point (x, y) for a printer that lands backs ``offset`` mm off."""
        return self.behind(x - offset[0], y - offset[1])

    def rect_behind(self, rect: Rect) -> Rect:
        """The rectangle on the other side of the paper from ``rect``."""
        (ax, ay), (bx, by) = self.behind(rect[0], rect[1]), self.behind(rect[2], rect[3])
        return (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))


@dataclass(frozen=True)
class Placement:
    """One piece on a sheet: which component, its centre on the front, and its face's width and height."""

    component: Component
    centre: tuple[float, float]
    width: float
    height: float

    @property
    def extent(self) -> tuple[float, float]:
        """Width and height of the piece's whole cut outline (a standee's strip)."""
        return outline_size(self.component.shape, self.width, self.height)


@dataclass(frozen=True)
class SheetLayout:
    """Where the pieces of one board format go on one printer's paper, sheet by sheet.

    ``safe`` is the front area where art may go so that both it and whatever
    prints behind it stay inside the printer's reach; ``offset`` is the shift
    the backs make up for (zero for fold-over); ``grid`` the board's grid, whose word for its cells the sheets'
    headings use (squares when None).
    """

    fmt: PrintFormat
    setup: PaperSetup
    flip: Flip
    safe: Rect
    offset: tuple[float, float]
    sheets: list[list[Placement]]
    grid: Grid | None = None
    #: True while pieces that share a back still wait to be dealt over their places (:func:`dealt` deals them).
    undealt: bool = False

    def back_of(self, x: float, y: float) -> tuple[float, float]:
        """Where the back of front point (x, y) is drawn on the other side, offset made up for."""
        return self.flip.back_of(x, y, self.offset)


def duplex_safe(setup: PaperSetup, flip: Flip) -> Rect:
    """The front area whose every point, and the point drawn behind it (offset made up for), can be printed."""
    ox, oy = setup.offset
    a, b = setup.printable, flip.rect_behind(setup.printable)
    return (max(a[0], b[0] + ox), max(a[1], b[1] + oy), min(a[2], b[2] + ox), min(a[3], b[3] + oy))


def _row_plan(count: int, usable: float, pitch: float, step: float, interlocks: bool) -> tuple[int, bool]:
    """Pieces per row and whether rows interlock (alternate rows half a pitch aside), for the lowest block.

    ``pitch`` is the distance between neighbours in a row, ``step`` between
    straight rows; ``interlocks`` says the shape nests (discs, hexes).
    """
    straight = int(usable // pitch + 1e-9) + 1
    interlocked = int((usable - pitch / 2) // pitch + 1e-9) + 1 if interlocks and usable >= pitch / 2 else 0
    height = (math.ceil(count / straight) - 1) * step
    if interlocked and (math.ceil(count / interlocked) - 1) * pitch * math.sqrt(3) / 2 < height - 1e-6:
        rows = math.ceil(count / interlocked)
        return math.ceil(count / rows), True
    rows = math.ceil(count / straight)
    return math.ceil(count / rows), False


Piece = tuple[Component, tuple[float, float]]  # a copy of a component and its face's (width, height)


@dataclass
class _Shelf:
    """A straight row on a sheet and what stands beside it: its sheet, top, height, the width its pieces take from
    the first cut to the last, and the indexes of its pieces in the sheet."""

    sheet: int
    top: float
    height: float
    width: float
    places: list[int] = field(default_factory=list)


def _beside(sheets: list[list[Placement]], shelf: _Shelf, items: list[Piece], w: float, h: float, gutter: float,
            room: float) -> list[Piece]:
    """Columns of ``items`` (``w`` x ``h`` mm) added beside a shelf while the sheet has room (``room`` mm from side
    to side), each column as tall as the shelf allows and centred on it; the shelf moves left by half of what it
    gained, so that it stays centred. The items left over."""
    stack = int((shelf.height + gutter) // (h + gutter) + 1e-9)
    while items and stack and shelf.width + gutter + w <= room + 1e-9:
        column, items = items[:stack], items[stack:]
        shift = (gutter + w) / 2
        for i in shelf.places:
            p = sheets[shelf.sheet][i]
            sheets[shelf.sheet][i] = replace(p, centre=(round(p.centre[0] - shift, 4), p.centre[1]))
        right = max(sheets[shelf.sheet][i].centre[0] + sheets[shelf.sheet][i].extent[0] / 2 for i in shelf.places)
        drop = (shelf.height - (len(column) * (h + gutter) - gutter)) / 2
        for j, (component, (fw, fh)) in enumerate(column):
            shelf.places.append(len(sheets[shelf.sheet]))
            sheets[shelf.sheet].append(Placement(component, (round(right + gutter + w / 2, 4),
                                                             round(shelf.top + drop + h / 2 + j * (h + gutter), 4)),
                                                 fw, fh))
        shelf.width += gutter + w
    return items


def pack(pieces: list[Piece], area: Rect, gutter: float, reach: float) -> list[list[Placement]]:
    """Place pieces in balanced, centred rows inside ``area``, sheet after sheet.

    ``pieces`` are (component, (width, height)), biggest first; neighbouring
    cut lines stay ``gutter`` apart and art reaching ``reach`` past a cut line
    stays inside ``area``. Pieces of one shape and size share rows; rows of
    discs and hexes interlock when that saves height. Smaller pieces first
    fill the room beside the straight rows already placed (on any sheet), in
    columns as tall as the row, before they start rows of their own.
    """
    sheets: list[list[Placement]] = [[]]
    shelves: list[_Shelf] = []
    last: tuple[float, float] | None = None
    middle = (area[0] + area[2]) / 2
    for (shape, dims), group in groupby(pieces, key=lambda p: (p[0].shape, p[1])):
        items = list(group)
        w, h = outline_size(shape, *dims)
        for shelf in shelves:  # beside the straight rows already placed
            items = _beside(sheets, shelf, items, w, h, gutter, area[2] - area[0] - 2 * reach)
        if not items:
            continue
        pitch = w + gutter
        usable = area[2] - area[0] - 2 * (w / 2 + reach)
        per_row, interlock = _row_plan(len(items), usable, pitch, h + gutter, shape in ("disc", "hex"))
        step = pitch * math.sqrt(3) / 2 if interlock else h + gutter
        for n, start in enumerate(range(0, len(items), per_row)):
            row = items[start:start + per_row]
            if last is None:
                cy = area[1] + h / 2 + reach
            else:
                cy = last[0] + (step if n else last[1] + h / 2 + gutter)
            if cy + h / 2 + reach > area[3] + 1e-9:
                sheets.append([])
                cy = area[1] + h / 2 + reach
            if interlock:  # rows stay on one lattice, alternate rows half a pitch aside
                left = middle - (per_row - 1) * pitch / 2 + (pitch / 4 if n % 2 else -pitch / 4) \
                    + (per_row - len(row)) // 2 * pitch
            else:
                left = middle - (len(row) - 1) * pitch / 2
                shelves.append(_Shelf(len(sheets) - 1, cy - h / 2, h, len(row) * pitch - gutter,
                                      list(range(len(sheets[-1]), len(sheets[-1]) + len(row)))))
            for i, (component, (fw, fh)) in enumerate(row):
                sheets[-1].append(Placement(component, (round(left + i * pitch, 4), round(cy, 4)), fw, fh))
            last = (cy, h / 2)
    return sheets


def mix(sheets: list[list[Placement]]) -> list[list[Placement]]:
    """The same places, with the pieces that share a shape, size and back dealt over them by :func:`spread`, so
    that no sheet, row, column or half of a sheet holds more of one kind than its share."""
    classes: dict[tuple[Hashable, ...], list[tuple[int, int]]] = {}
    for s, sheet in enumerate(sheets):
        for i, p in enumerate(sheet):
            classes.setdefault((p.component.shape, p.width, p.height, p.component.back), []).append((s, i))
    out = [list(sheet) for sheet in sheets]
    for places in classes.values():
        pieces = [sheets[s][i] for s, i in places]
        middle: dict[int, tuple[float, float]] = {}
        for s in {s for s, _ in places}:
            xs = [sheets[s][i].centre[0] for t, i in places if t == s]
            ys = [sheets[s][i].centre[1] for t, i in places if t == s]
            middle[s] = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        order = spread([p.component.id for p in pieces],
                       [place_groups(s, *sheets[s][i].centre, middle[s]) for s, i in places])
        for (s, i), k in zip(places, order):
            out[s][i] = replace(sheets[s][i], component=pieces[k].component)
    return out


def piece_list(components: Components, fmt: PrintFormat) -> list[Piece]:
    """Every copy of every component, spares included, with its face's size, tallest (then widest) first."""
    out = [(c, components.dims(c, fmt)) for c in components.components for _ in range(components.copies(c))]
    return sorted(out, key=lambda p: (-outline_size(p[0].shape, *p[1])[1], -p[1][0]))


def _check_room(pieces: list[Piece], area: Rect, components: Components, setup: PaperSetup, fmt: PrintFormat) -> None:
    """Raise a located error when the biggest piece does not fit ``area`` at all."""
    extents = [outline_size(c.shape, *dims) for c, dims in pieces]
    wide = max(w for w, _ in extents) + 2 * components.sheet.reach_mm
    tall = max(h for _, h in extents) + 2 * components.sheet.reach_mm
    if area[2] - area[0] < wide or area[3] - area[1] < tall:
        raise SpecError([setup.problem(
            f"pieces for format '{fmt.name}' need {wide:.1f} x {tall:.1f} mm with their bleed, but printer profile "
            f"'{setup.profile}' leaves {area[2] - area[0]:.1f} x {area[3] - area[1]:.1f} mm on {setup.paper}",
            "check the margins, or use smaller sizes in the components spec")])


def duplex_layout(components: Components, fmt: PrintFormat, setup: PaperSetup,
                  grid: Grid | None = None, deal: bool = True) -> SheetLayout:
    """Punch sheets printed two-sided, turning on the edge the printer profile names (``grid``: the board's, for
    the words of the headings). ``deal=False`` leaves the dealing of the pieces (:func:`mix`) to :func:`dealt`:
    a kit plans its files first and deals when it draws them, in its worker processes side by side."""
    flip = Flip(setup.duplex, setup.page)
    safe = duplex_safe(setup, flip)
    area = (safe[0], safe[1] + header_height(small_print(components, fmt, setup, flip.edge, grid), safe), safe[2],
            safe[3] - FOOTER_MM)
    pieces = piece_list(components, fmt)
    _check_room(pieces, area, components, setup, fmt)
    sheets = pack(pieces, area, components.sheet.gutter_mm, components.sheet.reach_mm)
    return dealt(SheetLayout(fmt, setup, flip, safe, setup.offset, sheets, grid, components.sheet.mix), deal)


def foldover_layout(components: Components, fmt: PrintFormat, setup: PaperSetup,
                    grid: Grid | None = None, deal: bool = True) -> SheetLayout:
    """Punch sheets printed one-sided: fronts above the middle of the printable area, backs folded under. Half a
    page is short, so the heading takes no more room than its lines need. ``deal``: as for :func:`duplex_layout`."""
    x0, y0, x1, y1 = setup.printable
    flip = Flip("fold", setup.page, round((y0 + y1) / 2, 4))
    lines = small_print(components, fmt, setup, "fold", grid)[:-1]  # how to fold goes at the foot: foldover_pages
    area = (x0, y0 + header_height(lines, (x0, y0, x1, flip.fold_y), 0.0), x1, flip.fold_y - FOLD_CLEAR_MM)
    pieces = piece_list(components, fmt)
    _check_room(pieces, area, components, setup, fmt)
    sheets = pack(pieces, area, components.sheet.gutter_mm, components.sheet.reach_mm)
    return dealt(SheetLayout(fmt, setup, flip, setup.printable, (0.0, 0.0), sheets, grid, components.sheet.mix),
                 deal)


def dealt(layout: SheetLayout, deal: bool = True) -> SheetLayout:
    """``layout`` with its pieces dealt over their places (:func:`mix`) if they still wait for it (and ``deal``)."""
    return replace(layout, sheets=mix(layout.sheets), undealt=False) if layout.undealt and deal else layout


def drawing(page: tuple[float, float]) -> svgwrite.Drawing:
    """An empty SVG page of ``page`` (width, height) mm, drawn in millimetres."""
    w, h = page
    return svgwrite.Drawing(size=(f"{w:g}mm", f"{h:g}mm"), viewBox=f"0 0 {w:g} {h:g}", profile="full", debug=False)


def mark_points(safe: Rect) -> list[tuple[float, float]]:
    """Centres of the four registration targets in the corners of ``safe``."""
    x0, y0, x1, y1 = safe
    return [(x0 + MARK_INSET, y0 + MARK_INSET), (x1 - MARK_INSET, y0 + MARK_INSET),
            (x0 + MARK_INSET, y1 - MARK_INSET), (x1 - MARK_INSET, y1 - MARK_INSET)]


def heading(title: str, lines: list[str], safe: Rect, theme: Theme) -> Group:
    """A centred title over small print at the top of ``safe``, wrapped to fit between the corner marks."""
    g = Group(class_="heading")
    middle, width = (safe[0] + safe[2]) / 2, safe[2] - safe[0] - 4 * MARK_INSET
    size = fit_size(title, width, 5.0, 0.7)
    g.add(text(title, middle, safe[1] + size + 0.5, size, theme.colour("accent"), "bold", "middle",
               letter_spacing="0.3"))
    y = safe[1] + size + 4.7
    for line in _wrapped(lines, safe):
        g.add(text(line, middle, y, LINE_MM, theme.colour("text"), anchor="middle"))
        y += LINE_MM + 0.6
    return g


def _wrapped(lines: list[str], safe: Rect) -> list[str]:
    """The small print of a heading broken into lines that fit between the corner marks of ``safe``."""
    width = safe[2] - safe[0] - 4 * MARK_INSET
    return [part for line in lines for part in textwrap.wrap(line, int(width / (LINE_MM * 0.5)))]


def header_height(lines: list[str], safe: Rect, least: float = HEADER_MM) -> float:
    """Room a heading with this small print takes at the top of ``safe``: ``least``, or more when its lines run
    lower (the title at its largest, each line, its descenders and 1 mm of clear paper)."""
    return max(least, 5.0 + 4.7 + (len(_wrapped(lines, safe)) - 1) * (LINE_MM + 0.6) + 1.7)


def small_print(components: Components, fmt: PrintFormat, setup: PaperSetup, edge: str,
                grid: Grid | None = None) -> list[str]:
    """The lines under a sheet's title: what the pieces are for (the board's cells in ``grid``'s own word;
    squares when none is given), what the sheet holds, and how to print it."""
    how = ("Print one-sided. Fold back on the dashed line, glue the halves together, let dry under a book, "
           "then cut through both layers on the lines." if edge == "fold" else
           f"Print two-sided, turning on the {edge} edge (printer profile '{setup.profile}'). "
           "Cut on the lines: the colour runs past them.")
    return [_describe(components, fmt, grid), contents_line(components), how]


def _describe(components: Components, fmt: PrintFormat, grid: Grid | None) -> str:
    names = {"piece": "playing pieces", "item": "items"}
    sizes: dict[str, str] = {}
    for c in components.components:
        w, h = components.dims(c, fmt)
        size = f"{w:g} mm" if c.shape in ("disc", "hex", "square") else f"{w:g} x {h:g} mm"
        key = names.get(c.size, c.name) if c.shape == "disc" and c.fraction is None and c.size_mm is None \
            else f"{c.name} ({c.shape})"
        sizes.setdefault(key, size)
    cells = cell_size_text(grid, fmt.square_mm, number_first=True) if grid else f"{fmt.square_mm:g} mm squares"
    return (f"For the {fmt.name} board ({cells}): "
            + ", ".join(f"{name} {size}" for name, size in sizes.items()) + ". Print at 100 % (actual size).")


def contents_line(components: Components) -> str:
    """What a sheet holds, in words: each component's count, spares, form dots, and backs that differ."""
    parts = []
    for name, group in groupby(components.components, key=lambda c: c.name):
        same = list(group)
        own = same[0].spares
        parts.append(f"{name} \u00d7{same[0].count}" + (" per form" if len(same) > 1 else "")
                     + ("" if own is None else f" (+{own} spare{'s' if own > 1 else ''})" if own else " (no spare)"))
    notes = []
    if components.sheet.spares:
        notes.append(f"{components.sheet.spares} spare of each" if components.sheet.spares == 1
                     else f"{components.sheet.spares} spares of each")
    if any(c.front.badge for c in components.components):
        notes.append("dots give an item's form")
    notes += _backs_line(components)
    return ", ".join(parts) + (f"; {'; '.join(notes)}." if notes else ".")


def _backs_line(components: Components) -> list[str]:
    """What the backs are, in words: pieces that share one back are named together (every piece, when all do),
    so pieces with the same back never read as if their backs differed."""
    shared: dict[object, list[str]] = {}
    for c in components.components:
        if c.two_faced:
            shared.setdefault(c.back, []).append(c.name)
    lines = []
    for names in shared.values():
        names = list(dict.fromkeys(names))
        if len(names) == 1:
            lines.append(f"{names[0]} has a different back")
        elif len(shared) == 1 and all(c.two_faced for c in components.components):
            lines.append("every piece has the same back")
        else:
            lines.append(f"{', '.join(names[:-1])} and {names[-1]} have the same back")
    return lines


def _fronts(components: Components, sheet: list[Placement], palette: dict[str, str]) -> Group:
    g = Group(class_="fronts")
    for p in sheet:
        c = p.component
        if c.shape == "standee":
            g.add(render_standee(c.front, c.back, palette, p.centre[0], p.centre[1], p.width, p.height,
                                 components.sheet.bleed_mm, f"piece-{c.id}", SAFE_MM))
        else:
            g.add(render_face(c.front, palette, p.centre[0], p.centre[1], p.width, components.sheet.bleed_mm, True,
                              f"front piece-{c.id}", c.shape, p.height, SAFE_MM))
    return g


def _backs(layout: SheetLayout, components: Components, sheet: list[Placement], palette: dict[str, str]) -> Group:
    g = Group(class_="backs")
    for p in sheet:
        if p.component.shape == "standee":  # its back is on its own strip
            continue
        x, y = layout.back_of(*p.centre)
        g.add(render_face(p.component.back, palette, x, y, p.width, components.sheet.back_bleed_mm, False,
                          f"back piece-{p.component.id}", p.component.shape, p.height, SAFE_MM))
    return g


def duplex_pages(game: Game, components: Components, theme: Theme, layout: SheetLayout) -> list[str]:
    """SVG pages of a duplex punch-sheet file: the fronts of sheet 1, its backs, the fronts of sheet 2..."""
    layout = dealt(layout)
    palette, ink = components.palette(theme), theme.colour("text")
    safe, count = layout.safe, len(layout.sheets)
    pages = []
    for n, sheet in enumerate(layout.sheets, 1):
        front = drawing(layout.setup.page)
        front.add(heading(f"{game.title.upper()} PIECES \u00b7 SHEET {n} OF {count} \u00b7 FRONTS",
                          small_print(components, layout.fmt, layout.setup, layout.flip.edge, layout.grid), safe, theme))
        front.add(_fronts(components, sheet, palette))
        for x, y in mark_points(safe):
            front.add(target(x, y, MARK_RADIUS, ink))
        front.add(scale_bar((safe[0] + safe[2]) / 2 - 50, safe[3] - SCALE_BAR_DEPTH_MM, 100.0, ink=ink))
        back = drawing(layout.setup.page)
        back.add(_backs(layout, components, sheet, palette))
        for x, y in mark_points(safe):
            back.add(target(*layout.back_of(x, y), MARK_RADIUS, ink))
        lx, ly = layout.back_of((safe[0] + safe[2]) / 2, safe[1] + 5.0)
        back.add(text(f"{game.title} pieces \u00b7 sheet {n} of {count} \u00b7 backs", lx, ly, 2.6,
                      theme.colour("muted-text"), anchor="middle"))
        pages += [front.tostring(), back.tostring()]
    return pages


def foldover_pages(game: Game, components: Components, theme: Theme, layout: SheetLayout) -> list[str]:
    """SVG pages of a fold-over punch-sheet file: fronts above a fold line, their backs mirrored below it.

    The heading says what the sheet holds; how to fold and glue it stands at
    the foot, above the scale bar, where the backs leave the mirror of the
    heading's room free (a heading of every line ran into the first row).
    """
    layout = dealt(layout)
    palette, ink = components.palette(theme), theme.colour("text")
    safe, fold_y, count = layout.safe, layout.flip.fold_y, len(layout.sheets)
    top = (safe[0], safe[1], safe[2], fold_y)
    *lines, how = small_print(components, layout.fmt, layout.setup, "fold", layout.grid)
    pages = []
    for n, sheet in enumerate(layout.sheets, 1):
        page = drawing(layout.setup.page)
        page.add(heading(f"{game.title.upper()} PIECES \u00b7 FOLD-OVER SHEET {n} OF {count}", lines, top, theme))
        foot = _wrapped([how], safe)
        for k, line in enumerate(foot):
            page.add(text(line, (safe[0] + safe[2]) / 2, safe[3] - FOOTER_MM - (len(foot) - 1 - k) * (LINE_MM + 0.6),
                          LINE_MM, theme.colour("text"), anchor="middle"))
        page.add(_fronts(components, sheet, palette))
        page.add(_backs(layout, components, sheet, palette))
        page.add(svgwrite.shapes.Line((round(safe[0], 3), fold_y), (round(safe[2], 3), fold_y), stroke=ink,
                                      stroke_width=MIN_LINE_MM, stroke_dasharray="3,2", class_="fold-line"))
        for anchor, x in (("start", safe[0]), ("end", safe[2])):
            page.add(text("fold", x, fold_y - 0.5, MIN_TEXT_MM, ink, anchor=anchor))
        for x, y in mark_points(safe):
            page.add(target(x, y, MARK_RADIUS, ink))
        page.add(scale_bar((safe[0] + safe[2]) / 2 - 50, safe[3] - SCALE_BAR_DEPTH_MM, 100.0, ink=ink))
        pages.append(page.tostring())
    return pages
