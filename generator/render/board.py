"""Board art: every cell, zone, mark and link of a board, drawn from its spec's style table in millimetres."""
from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, replace

import svgwrite.container
import svgwrite.shapes
import svgwrite.text
from svgwrite.container import Group

from ..model.board import Board, Link, Mark
from ..errors import SpecError
from ..output.fonts import SANS
from ..model.game import Game
from ..model.geometry import Grid
from ..model.theme import Theme, contrast, label_ink, readable_on, text_on
from ..model.validate import did_you_mean
from .text import text_width
from ..model.printspec import MIN_TEXT_MM
from .emblems import emblem


Box = tuple[float, float, float, float]
#: Share of a label's size above its baseline (capitals) and below it (descenders), for its box.
CAP, DESCENT = 0.72, 0.25
#: The same below the baseline for text in capitals (no descenders but Q and J).
CAPS_DESCENT = 0.05
#: Room a label keeps from a line it must not touch (a cell's edge, a border), in mm.
LINE_CLEARANCE_MM = 0.3
#: Least contrast of a line that must be seen against the paper (WCAG's 3:1 for graphics).
MIN_LINE_CONTRAST = 3.0


def overlaps(a: Box, b: Box) -> bool:
    """Whether two boxes share more than a hair (0.05 mm) of area."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.05 and min(a[3], b[3]) - max(a[1], b[1]) > 0.05


def _round_box(x: float, y: float, radius: float) -> Box:
    return (x - radius, y - radius, x + radius, y + radius)


@dataclass(frozen=True)
class BoardArt:
    """A rendered board: the SVG group (origin at the frame's top-left) and its measurements in mm."""

    group: Group
    width: float
    height: float
    frame: float
    cell: float
    column_edges: tuple[float, ...]
    row_edges: tuple[float, ...]
    #: Where the drawing put its emblems (discs, rings, pictures) and its labels (names of zones, links, cells),
    #: as (x0, y0, x1, y1) boxes in art mm: labels are laid out to keep off emblems.
    emblems: tuple[Box, ...] = ()
    labels: tuple[Box, ...] = ()
    #: What each drawn cell inks (its outline, and the emblems and labels it carries, which may reach past it),
    #: by square, as (x0, y0, x1, y1) in art mm without the width of strokes: a page showing part of the board
    #: draws the cells that can show on it.
    cells: tuple[tuple[str, Box], ...] = ()

    @property
    def grid_box(self) -> tuple[float, float, float, float]:
        """x, y, width, height of the playing grid inside the art."""
        return (self.column_edges[0], self.row_edges[0], self.column_edges[-1] - self.column_edges[0],
                self.row_edges[-1] - self.row_edges[0])


def _text(content: str, x: float, y: float, size: float, fill: str, weight: str = "normal",
          anchor: str = "middle", **extra: object) -> svgwrite.text.Text:
    return svgwrite.text.Text(content, insert=(round(x, 3), round(y, 3)), font_family=SANS, font_size=round(size, 3),
                              font_weight=weight, fill=fill, text_anchor=anchor, **extra)


def _mix(a: str, b: str, amount: float) -> str:
    from coloraide import Color  # loads when first needed (50 ms at import; a plain board mixes no colours)

    return Color(a).mix(Color(b), amount, space="srgb").to_string(hex=True)


def base_fill(board: Board, game: Game, theme: Theme, square: str) -> str:
    """The ground colour of a cell: its zone's tint, shaded by the grid's pattern fill when the theme asks for it."""
    zone = board.zone_of(square)
    if zone is None:
        colour = theme.colour("square-light")
    elif zone.owner:
        colour = theme.colours.get(f"zone-{game.player(zone.owner).colour}", theme.colour("square-light"))
    else:
        colour = theme.colour("zone-neutral")
    shade = board.grid.pattern(square) if theme.style.get("checker") else 0.0
    if shade:
        colour = _mix(colour, theme.colour("square-dark"), 0.55 * shade)
    return colour


class CellPainter:
    """Draws one board; holds the shared measurements so each drawing step stays small."""

    def __init__(self, game: Game, theme: Theme, cell: float, frame: float):
        self.game, self.board, self.theme = game, game.board, theme
        self.cell_mm, self.frame = cell, frame
        self.paper = theme.colour("paper")
        self.ink = theme.colour("text")
        self.emblems: list[Box] = []
        self.labels: list[Box] = []
        #: The area inside each inset border drawn, with room to the line: a name printed in the cell stays in it.
        self.insides: dict[str, list[tuple[float, float]]] = {}
        #: The box of every marked cell drawn: a zone's name too wide for its zone keeps off them.
        self.marked: list[Box] = []

    def centre(self, square: str) -> tuple[float, float]:
        x, y = self.board.grid.centre(square)
        return self.frame + x * self.cell_mm, self.frame + y * self.cell_mm

    def outline(self, square: str) -> list[tuple[float, float]]:
        return [(round(self.frame + x * self.cell_mm, 3), round(self.frame + y * self.cell_mm, 3))
                for x, y in self.board.grid.outline(square)]

    def cell_shape(self, square: str, fill: str, **extra: object) -> svgwrite.shapes.Polygon:
        return svgwrite.shapes.Polygon(self.outline(square), fill=fill, **extra)

    def spec_colour(self, key: str, where: tuple[object, ...]) -> str:
        """A colour the board spec names at ``where``; a located error when the theme has no such colour."""
        if key not in self.theme.colours:
            raise SpecError([self.game.documents["board"].problem(
                where, f"the theme '{self.theme.name}' has no colour '{key}'",
                did_you_mean(key, sorted(self.theme.colours)) or "add it to the theme's colours")])
        return self.theme.colour(key)

    def player_colour(self, owner: str | None) -> str:
        return self.theme.colour(self.game.player(owner).colour) if owner else self.ink

    def item_colour(self, item_id: str) -> str:
        item = self.game.item(item_id)
        return self.theme.colours.get(item.colour or "", self.ink)

    def cell(self, square: str) -> Group | svgwrite.shapes.Polygon:
        """A cell drawn as the board's style table says: a mark, a link, a link's target, or plain."""
        board = self.board
        mark, link, target = board.mark_at(square), board.link_at(square), board.link_to(square)
        if mark is not None:
            return self.mark(mark, square)
        if link is not None:
            return self.link(link, square)
        if target is not None:
            return self.target(target, square)
        return self.plain(square)

    def mark_colour(self, mark: Mark) -> str:
        """The colour of what a mark belongs to: its owner, its item, or the item of the cell it faces."""
        if mark.owner:
            return self.player_colour(mark.owner)
        faced = self.board.mark_at(mark.faces) if mark.faces else None
        item = mark.item or (faced.item if faced else None)
        return self.item_colour(item) if item else self.ink

    def mark(self, mark: Mark, square: str) -> Group:
        """A marked cell: ground, inset border, disc, emblem and glyph, each as its kind's style asks."""
        t, c = self.theme, self.cell_mm
        style = self.board.mark_kinds[mark.kind]
        x, y = self.centre(square)
        g = Group(id=f"sq-{square}", class_=f"square mark {mark.kind}")
        corners = self.outline(square)
        self.marked.append((min(px for px, _ in corners), min(py for _, py in corners),
                            max(px for px, _ in corners), max(py for _, py in corners)))
        colour, cutout = self.mark_colour(mark), self.paper
        if style.fill == "owner":
            # A cell in its owner's colour (paper in outline themes) carries its emblem in a colour readable on it.
            ground = cutout = colour if not t.outline else self.paper
            colour = text_on(t, ground) if not t.outline else colour
        else:
            ground = self.spec_colour(style.fill, ("mark_kinds", mark.kind, "fill")) if style.fill \
                else base_fill(self.board, self.game, t, square)
        g.add(self.cell_shape(square, ground))
        if style.border:
            g.add(self._inset_border(square, self.player_colour(mark.owner) if style.border == "owner"
                                     else self.spec_colour(style.border, ("mark_kinds", mark.kind, "border"))))
        if style.disc:
            stroke = round(max(0.3, c * 0.04), 3)
            g.add(svgwrite.shapes.Circle((round(x, 3), round(y, 3)), round(c * 0.4, 3), fill=self.paper,
                                         stroke=colour, stroke_width=stroke))
            self.emblems.append(_round_box(x, y, c * 0.4 + stroke / 2))
        name, angle = self._emblem(mark, style.emblem, x, y)
        if name:
            ex, ey = (x + c * 0.28, y - c * 0.28) if style.emblem_corner else (x, y)
            g.add(emblem(name, ex, ey, c * style.emblem_size, colour, cutout, t.outline, rotate=angle))
            self.emblems.append(_round_box(ex, ey, c * style.emblem_size / 2))
        if style.glyph:
            size, baseline = max(MIN_TEXT_MM, c * 0.4), y + c * 0.14
            g.add(_text(style.glyph, x, baseline, size, readable_on(colour, ground), "bold"))
            half = max(text_width(style.glyph, size, "bold"), size * 0.6) / 2
            self.emblems.append((x - half, baseline - size * CAP, x + half, baseline + size * CAPS_DESCENT))
        return g

    def _emblem(self, mark: Mark, wanted: str | None, x: float, y: float) -> tuple[str | None, float]:
        """The emblem a style names for a mark, and its rotation in degrees."""
        if wanted == "owner":
            return (self.game.player(mark.owner).emblem if mark.owner else None), 0.0
        if wanted == "item":
            return (self.game.item(mark.item).kind if mark.item else None), 0.0
        if wanted == "facing":
            fx, fy = self.centre(mark.faces) if mark.faces else (x + 1, y)
            return "arrow", math.degrees(math.atan2(fy - y, fx - x))
        return wanted, 0.0

    def _inset_border(self, square: str, colour: str) -> svgwrite.shapes.Polygon:
        x, y = self.centre(square)
        pts = [(round(x + (px - x) * 0.84, 3), round(y + (py - y) * 0.84, 3)) for px, py in self.outline(square)]
        width = round(max(0.3, self.cell_mm * 0.03), 3)
        inner = 0.84 - (width / 2 + LINE_CLEARANCE_MM) / (self.cell_mm / 2)  # a cell's outline is c/2 from its centre
        self.insides[square] = [(x + (px - x) * inner, y + (py - y) * inner) for px, py in self.outline(square)]
        return svgwrite.shapes.Polygon(pts, fill="none", stroke=colour, stroke_width=width)

    def link(self, link: Link, square: str) -> Group:
        """A link's own cell: filled in the link's colour, ringed, with its glyph and name."""
        t, c = self.theme, self.cell_mm
        x, y = self.centre(square)
        colour = self.spec_colour(link.colour, ("links", self.board.links.index(link), "colour"))
        g = Group(id=f"sq-{square}", class_=f"square link {link.kind} {link.kind}-{link.id}")
        g.add(self.cell_shape(square, colour if not t.outline else self.paper))
        ring_colour = text_on(t, colour) if not t.outline else readable_on(colour, self.paper)
        g.add(svgwrite.shapes.Circle((round(x, 3), round(y, 3)), round(c * 0.36, 3), fill="none",
                                     stroke=ring_colour, stroke_width=round(c * 0.05, 3)))
        self.emblems.append(_round_box(x, y, c * 0.385))
        g.add(_text(link.glyph, x, y + c * 0.13, max(MIN_TEXT_MM, c * 0.4), ring_colour, "bold"))
        # The name goes below the ring, inside the cell; a name that does not fit there is left out.
        name, size = link.name.upper(), max(MIN_TEXT_MM, c * 0.11)
        width = text_width(name, size, "600") + 0.2 * (len(name) - 1)
        baseline = y + c * 0.39 + size * CAP
        if width <= c * 0.92 and baseline + size * CAPS_DESCENT <= y + c * 0.5 - grid_width(c) / 2 - LINE_CLEARANCE_MM:
            g.add(_text(name, x, baseline, size, ring_colour, "600", letter_spacing="0.2"))
            self.labels.append((x - width / 2, baseline - size * CAP, x + width / 2, baseline + size * CAPS_DESCENT))
        return g

    def target(self, link: Link, square: str) -> Group:
        """A cell a link leads to: its ground, ringed in the link's colour, with the link's glyph."""
        t, c = self.theme, self.cell_mm
        x, y = self.centre(square)
        colour = self.spec_colour(link.colour, ("links", self.board.links.index(link), "colour"))
        ground = base_fill(self.board, self.game, t, square)
        kind = self.board.kind(square)
        g = Group(id=f"sq-{square}", class_=f"square target {kind} {kind}-{link.id}")
        g.add(self.cell_shape(square, ground))
        g.add(svgwrite.shapes.Circle((round(x, 3), round(y, 3)), round(c * 0.33, 3), fill="none", stroke=colour,
                                     stroke_width=round(c * 0.09, 3)))
        self.emblems.append(_round_box(x, y, c * 0.375))
        g.add(_text(link.glyph, x, y + c * 0.08, max(MIN_TEXT_MM, c * 0.22), readable_on(colour, ground), "bold"))
        return g

    def plain(self, square: str) -> svgwrite.shapes.Polygon:
        """A plain cell: its ground alone, one shape (no group: a board has hundreds, and each costs cairo time)."""
        return self.cell_shape(square, base_fill(self.board, self.game, self.theme, square), id=f"sq-{square}",
                               class_="square plain")


def render_board(game: Game, theme: Theme, cell: float, frame: float | None = None,
                 only: Collection[str] | None = None) -> BoardArt:
    """Draw ``game``'s board with ``theme``, squares ``cell`` mm wide, inside a coordinate frame ``frame`` mm wide.

    ``frame=0`` draws the squares alone, without frame or coordinates (for close-ups that label their own edges);
    ``only`` limits the drawing to some squares (a close-up), keeping every square where it lies on the full board.
    """
    board = game.board
    frame = round(cell * 0.32, 2) if frame is None else frame
    p = CellPainter(game, theme, cell, frame)
    size = measure_board(game, cell, frame)
    width, height = size.width, size.height
    root = Group(id="board", class_=f"board theme-{theme.name}")
    root.add(svgwrite.shapes.Rect((0, 0), (round(width, 3), round(height, 3)), fill=theme.colour("frame"),
                                  id="frame"))
    drawn = [sq for sq in board.squares if only is None or sq in only]
    squares = Group(id="squares")
    cells = []
    for square in drawn:
        emblems, labels = len(p.emblems), len(p.labels)
        squares.add(p.cell(square) if theme.show_features else p.plain(square))
        corners = p.outline(square)
        boxes = [(min(x for x, _ in corners), min(y for _, y in corners),
                  max(x for x, _ in corners), max(y for _, y in corners))] + p.emblems[emblems:] + p.labels[labels:]
        cells.append((square, (min(b[0] for b in boxes), min(b[1] for b in boxes),
                               max(b[2] for b in boxes), max(b[3] for b in boxes))))
    root.add(squares)
    root.add(_grid_lines(p, drawn))
    if theme.show_features:
        root.add(_zone_outlines(p, drawn))
    if frame > 0:
        root.add(_coordinates(p, width, height))
    return replace(size, group=root, emblems=tuple(p.emblems), labels=tuple(p.labels), cells=tuple(cells))


def measure_board(game: Game, cell: float, frame: float, group: Group | None = None) -> BoardArt:
    """The measurements of the board art at a square size and frame width (with ``group`` as its drawing)."""
    grid = game.board.grid
    gw, gh = grid.size()
    width, height = gw * cell + 2 * frame, gh * cell + 2 * frame
    col_edges = tuple(round(frame + x * cell, 4) for x in grid.seams("x"))
    row_edges = tuple(round(frame + y * cell, 4) for y in grid.seams("y"))
    return BoardArt(group if group is not None else Group(), width, height, frame, cell, col_edges, row_edges)


def cell_swatch(grid: Grid, cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The outline of one of the grid's cells (a square, a hex) centred on (cx, cy), as large as fits a ``size`` mm
    square: a sample of the board's cells in a legend."""
    cell = next(iter(grid.cells()))
    x, y = grid.centre(cell)
    corners = [(px - x, py - y) for px, py in grid.outline(cell)]
    extent = max(max(abs(px) for px, _ in corners), max(abs(py) for _, py in corners))
    k = size / 2 / extent
    return [(round(cx + px * k, 3), round(cy + py * k, 3)) for px, py in corners]


def grid_width(cell: float) -> float:
    """The width of the grid lines of cells ``cell`` mm wide, in mm."""
    return round(max(0.25, cell * 0.018), 3)


def _grid_lines(p: CellPainter, drawn: list[str]) -> Group:
    stroke = p.theme.colour("grid-line")
    width = grid_width(p.cell_mm)
    g = Group(id="grid", fill="none", stroke=stroke, stroke_width=width, stroke_linejoin="round")
    for square in drawn:
        g.add(svgwrite.shapes.Polygon(p.outline(square)))
    return g


def _zone_outlines(p: CellPainter, drawn: list[str]) -> Group:
    """Thicker lines around zones and their names; owned halves meet on a bold seam."""
    g = Group(id="zones", class_="zones")
    width = round(max(0.5, p.cell_mm * 0.05), 3)
    corners = [pt for sq in drawn for pt in p.outline(sq)]
    x_min, x_max = min(x for x, _ in corners) - 0.01, max(x for x, _ in corners) + 0.01
    y_min, y_max = min(y for _, y in corners) - 0.01, max(y for _, y in corners) + 0.01
    for zone in p.board.zones:
        colour = p.theme.colour("frame") if zone.owner else p.theme.colours.get("zone-line", p.theme.colour("frame"))
        # A zone's line the colour of paper (a white frame, in an ink-saving theme) would wipe out the board's edge
        # and the grid lines it runs over: it is drawn in the grid's colour instead, and its name tab outlined.
        faint = contrast(colour, p.paper) < MIN_LINE_CONTRAST
        line = p.theme.colour("grid-line") if faint else colour
        edges = Group(class_=f"zone zone-{zone.id}", stroke=line, stroke_width=width, stroke_linecap="square")
        for (x1, y1), (x2, y2) in _boundary(p, zone.cells):
            if x_min <= (x1 + x2) / 2 <= x_max and y_min <= (y1 + y2) / 2 <= y_max:
                edges.add(svgwrite.shapes.Line((x1, y1), (x2, y2)))
        g.add(edges)
        if not zone.owner and zone.cells:
            xs = [x for s in zone.cells for x, _ in p.outline(s)]
            ys = [y for s in zone.cells for _, y in p.outline(s)]
            left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
            name, size = zone.name.upper(), max(MIN_TEXT_MM, p.cell_mm * 0.2)
            grid_box = (x_min, y_min, x_max, y_max)
            tab_w = _tab_width(name, size)
            # wider than its zone: the tab reaches past it, off every marked cell; else (or when nowhere is clear)
            # made to fit the zone, as small as that takes
            spot = _clear_spot(p, (left, top, right, bottom), (tab_w, size * 1.4), grid_box, p.marked) \
                if tab_w > right - left else None
            if spot is None:
                size = _tab_text_size(name, size, right - left)
                tab_w = min(right - left, max(size * 0.62 * len(name) + size, _tab_width(name, size)))
                spot = _label_spot(p, (left, top, right, bottom), (tab_w, size * 1.4), grid_box)
            cx, cy = spot
            outline = {"stroke": line, "stroke_width": 0.25} if faint else {}
            g.add(svgwrite.shapes.Rect((round(cx - tab_w / 2, 3), round(cy - size * 0.7, 3)),
                                       (round(tab_w, 3), round(size * 1.4, 3)), rx=size * 0.3, fill=colour, **outline))
            g.add(_text(name, cx, cy + size * 0.36, size,
                        text_on(p.theme, colour), "bold", letter_spacing=f"{size * 0.12:.2f}"))
    return g


def _tab_width(name: str, size: float) -> float:
    """How wide a zone's name tab must be for ``name`` in bold capitals at ``size`` mm, its letters spaced by
    12 % of the size, with a little room at both ends."""
    return text_width(name, size, "bold") + size * 0.12 * len(name) + size * 0.8


def _tab_text_size(name: str, size: float, room: float) -> float:
    """The size of a zone's name: ``size``, or smaller (down to :data:`MIN_TEXT_MM`) for its tab to fit the
    zone's width ``room``."""
    while _tab_width(name, size) > room and size > MIN_TEXT_MM:
        size = max(MIN_TEXT_MM, size * room / _tab_width(name, size) - 0.01)
    return size


def _spots(zone: Box, size: tuple[float, float]) -> list[tuple[float, float]]:
    """Where a zone's name tab may go, best first: along its top or bottom edge (straddling it, just outside, just
    inside; centred, then to either side)."""
    (left, top, right, bottom), (w, h) = zone, size
    return [(x, y) for edge, out in ((top, -1.0), (bottom, 1.0))
            for y in (edge, edge + out * (h / 2 + 0.3), edge - out * (h / 2 + 0.3))
            for x in ((left + right) / 2, left + w / 2 + 0.5, right - w / 2 - 0.5)]


def _clear_spot(p: CellPainter, zone: Box, size: tuple[float, float], inside: Box,
                avoid: list[Box]) -> tuple[float, float] | None:
    """The centre of the first spot for a zone's name tab (:func:`_spots`) that covers no emblem and nothing of
    ``avoid`` and stays on the grid ``inside``, or None. The tab's box is noted among the painter's labels."""
    w, h = size

    def box(x: float, y: float) -> Box:
        return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)

    fits = [spot for spot in _spots(zone, size) if not any(overlaps(box(*spot), e) for e in p.emblems + avoid)
            and inside[0] <= box(*spot)[0] and box(*spot)[2] <= inside[2]
            and inside[1] <= box(*spot)[1] and box(*spot)[3] <= inside[3]]
    if fits:
        p.labels.append(box(*fits[0]))
        return fits[0]
    return None


def _label_spot(p: CellPainter, zone: Box, size: tuple[float, float], inside: Box) -> tuple[float, float]:
    """The centre of a zone's name tab: on the zone's top edge if it covers no emblem there, else the first spot
    (:func:`_spots`) that covers none and stays on the grid ``inside``; the first spot when none does. The tab's
    box is noted among the painter's labels."""
    found = _clear_spot(p, zone, size, inside, [])
    if found is not None:
        return found
    x, y = _spots(zone, size)[0]
    p.labels.append((x - size[0] / 2, y - size[1] / 2, x + size[0] / 2, y + size[1] / 2))
    return x, y


def _boundary(p: CellPainter, cells: tuple[str, ...]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Edges of a group of cells that no other cell of the group shares: its outline, in drawing order."""
    seen: dict[tuple[float, float], tuple[tuple[float, float], tuple[float, float]] | None] = {}
    for square in cells:
        pts = p.outline(square)
        for a, b in zip(pts, pts[1:] + pts[:1]):
            key = (round((a[0] + b[0]) / 2, 2), round((a[1] + b[1]) / 2, 2))
            seen[key] = None if key in seen else (a, b)
    return [edge for edge in seen.values() if edge is not None]


def _coordinates(p: CellPainter, width: float, height: float) -> Group:
    """The grid's edge labels in the frame; cell names inside the cells where the frame cannot name them all."""
    t, frame, grid = p.theme, p.frame, p.board.grid
    colour = t.colour("frame-text")
    g = Group(id="coordinates", class_="coordinates")
    size = max(MIN_TEXT_MM, min(frame * 0.62, p.cell_mm * 0.3))
    for label in grid.edge_labels():
        x, y = frame + label.x * p.cell_mm, frame + label.y * p.cell_mm + size * 0.35
        if label.side == "top":
            y = frame * 0.5 + size * 0.35
        elif label.side == "bottom":
            y = height - frame * 0.5 + size * 0.35
        elif label.side == "left":
            x = frame * 0.5
        else:
            x = width - frame * 0.5
        g.add(_text(label.text, x, y, size, colour, "600"))
    if grid.names_in_cells:
        for square in p.board.squares:
            spot = name_spot(p, square)
            if spot is not None:
                x, baseline, size, box = spot
                g.add(_text(square, x, baseline, size, label_ink(t, ground_at(p, square))))
                p.labels.append(box)
    return g


def name_spot(p: CellPainter, square: str, sizes: tuple[float, ...] | None = None, low: float = 0.38,
              line: float | None = None) -> tuple[float, float, float, Box] | None:
    """Where a cell's name goes, for a painter that has drawn the cell: (x, baseline, size, box). Low in the cell
    (its baseline ``low`` cells below the centre), clear of its edge (a grid line ``line`` mm wide), inside its
    inset border, raised and then made smaller (``sizes``, largest first) to stay inside, never over an emblem;
    None when nowhere fits."""
    c = p.cell_mm
    x, y = p.centre(square)
    edge = (grid_width(c) if line is None else line) / 2 + LINE_CLEARANCE_MM
    inside = p.insides.get(square) or _inset(p.outline(square), (x, y), edge)
    for size in sizes or (max(MIN_TEXT_MM, c * 0.16), max(MIN_TEXT_MM, c * 0.13)):
        half = text_width(square, size) / 2
        for lift in range(0, 11):
            baseline = y + c * (low - 0.01 * lift)
            box = (x - half, baseline - size * CAP, x + half, baseline + size * DESCENT)
            corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
            if all(_within(inside, corner) for corner in corners) and not any(overlaps(box, e) for e in p.emblems):
                return x, baseline, size, box
    return None


def _inset(outline: list[tuple[float, float]], centre: tuple[float, float], by: float) -> list[tuple[float, float]]:
    """A regular cell's outline moved ``by`` mm towards its centre (its edges all lie as far from the centre)."""
    (x, y), (ax, ay), (bx, by_) = centre, outline[0], outline[1]
    apothem = math.dist((x, y), ((ax + bx) / 2, (ay + by_) / 2))
    k = (apothem - by) / apothem
    return [(x + (px - x) * k, y + (py - y) * k) for px, py in outline]


def _within(polygon: list[tuple[float, float]], point: tuple[float, float]) -> bool:
    """Whether ``point`` lies inside a convex polygon given clockwise (on screen, y down)."""
    return all((bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax) >= 0
               for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1]))


def ground_at(p: CellPainter, square: str) -> str:
    """The colour printed under a cell's name: its mark's fill (its owner's, in a filled theme) or its ground."""
    mark = p.board.mark_at(square)
    if mark is not None and p.theme.show_features:
        fill = p.board.mark_kinds[mark.kind].fill
        if fill == "owner" and not p.theme.outline:
            return p.mark_colour(mark)
        if fill and fill != "owner":
            return p.theme.colour(fill)
    return base_fill(p.board, p.game, p.theme, square)
