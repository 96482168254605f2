"""Board art: every square, zone, marked square and gate of a board, drawn from its spec in millimetres."""
from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, replace

import svgwrite.container
import svgwrite.shapes
import svgwrite.text
from svgwrite.container import Group
from coloraide import Color

from ..board import Board, Feature
from ..fonts import SANS
from ..game import Game
from ..theme import Theme, readable_on, text_on
from .emblems import emblem


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


class _Painter:
    """Draws one board; holds the shared measurements so each drawing step stays small."""

    def __init__(self, game: Game, theme: Theme, cell: float, frame: float):
        self.game, self.board, self.theme = game, game.board, theme
        self.cell, self.frame = cell, frame
        self.paper = theme.colour("paper")
        self.ink = theme.colour("text")

    def centre(self, square: str) -> tuple[float, float]:
        x, y = self.board.grid.centre(square)
        return self.frame + x * self.cell, self.frame + y * self.cell

    def outline(self, square: str) -> list[tuple[float, float]]:
        return [(round(self.frame + x * self.cell, 3), round(self.frame + y * self.cell, 3))
                for x, y in self.board.grid.outline(square)]

    def cell_shape(self, square: str, fill: str, **extra: object) -> svgwrite.shapes.Polygon:
        return svgwrite.shapes.Polygon(self.outline(square), fill=fill, **extra)

    def player_colour(self, owner: str | None) -> str:
        return self.theme.colour(self.game.player(owner).colour) if owner else self.ink

    def item_colour(self, item_id: str) -> str:
        item = self.game.item(item_id)
        return self.theme.colours.get(item.colour or "", self.ink)

    def feature(self, feature: Feature, square: str) -> Group:
        t, c = self.theme, self.cell
        x, y = self.centre(square)
        g = Group(id=f"sq-{square}", class_=f"square feature {feature.kind}")
        owner_colour = self.player_colour(feature.owner)
        if feature.kind == "home":
            g.add(self.cell_shape(square, t.colour("home")))
            player = self.game.player(feature.owner)  # type: ignore[arg-type]
            g.add(emblem(player.emblem, x, y, c * 0.62, owner_colour, self.paper, t.outline))
        elif feature.kind == "start":
            g.add(self.cell_shape(square, t.colour("start")))
            g.add(emblem("start", x, y, c * 0.62, owner_colour, self.paper, t.outline))
        elif feature.kind == "flag":
            fill = owner_colour if not t.outline else t.colour("paper")
            g.add(self.cell_shape(square, fill))
            mark = text_on(t, fill) if not t.outline else owner_colour
            g.add(emblem("flag", x, y, c * 0.66, mark, fill, t.outline))
        elif feature.kind == "flag-acquisition":
            g.add(self.cell_shape(square, t.colour("flag-acquisition")))
            g.add(self._inset_border(square, owner_colour))
            g.add(emblem("flag", x + c * 0.28, y - c * 0.28, c * 0.3, owner_colour, self.paper, t.outline))
        elif feature.kind == "storage":
            g.add(self.cell_shape(square, t.colour("storage")))
            colour = self.item_colour(feature.item or "")
            g.add(svgwrite.shapes.Circle((round(x, 3), round(y, 3)), round(c * 0.4, 3), fill=self.paper,
                                         stroke=colour, stroke_width=round(max(0.3, c * 0.04), 3)))
            kind = self.game.item(feature.item or "").kind
            g.add(emblem(kind, x, y, c * 0.52, colour, self.paper, t.outline))
        elif feature.kind == "weapon-acquisition":
            g.add(self.cell_shape(square, t.colour("weapon-acquisition")))
            faced = self.board.feature(feature.faces or "")
            colour = self.item_colour(faced.item) if faced and faced.item else self.ink
            fx, fy = self.centre(feature.faces) if feature.faces else (x + 1, y)
            angle = math.degrees(math.atan2(fy - y, fx - x))
            g.add(emblem("arrow", x, y, c * 0.5, colour, self.paper, t.outline, rotate=angle))
        return g

    def _inset_border(self, square: str, colour: str) -> svgwrite.shapes.Polygon:
        x, y = self.centre(square)
        pts = [(round(x + (px - x) * 0.84, 3), round(y + (py - y) * 0.84, 3)) for px, py in self.outline(square)]
        return svgwrite.shapes.Polygon(pts, fill="none", stroke=colour, stroke_width=round(max(0.3, self.cell * 0.03), 3))

    def gate(self, square: str) -> Group:
        gate = self.board.gate_at(square)
        assert gate is not None
        t, c = self.theme, self.cell
        x, y = self.centre(square)
        colour = t.colour(gate.colour)
        g = Group(id=f"sq-{square}", class_=f"square gate gate-{gate.id}")
        g.add(self.cell_shape(square, colour if not t.outline else self.paper))
        ring_colour = text_on(t, colour) if not t.outline else readable_on(colour, self.paper)
        g.add(svgwrite.shapes.Circle((round(x, 3), round(y, 3)), round(c * 0.36, 3), fill="none",
                                     stroke=ring_colour, stroke_width=round(c * 0.05, 3)))
        g.add(_text(gate.glyph, x, y + c * 0.13, c * 0.4, ring_colour, "bold"))
        g.add(_text(gate.name.upper(), x, y + c * 0.47, c * 0.11, ring_colour, "600", letter_spacing="0.2"))
        return g

    def landing(self, square: str) -> Group:
        gate = self.board.landing_of(square)
        assert gate is not None
        t, c = self.theme, self.cell
        x, y = self.centre(square)
        colour = t.colour(gate.colour)
        ground = base_fill(self.board, self.game, t, square)
        g = Group(id=f"sq-{square}", class_=f"square landing landing-{gate.id}")
        g.add(self.cell_shape(square, ground))
        g.add(svgwrite.shapes.Circle((round(x, 3), round(y, 3)), round(c * 0.33, 3), fill="none", stroke=colour,
                                     stroke_width=round(c * 0.09, 3)))
        g.add(_text(gate.glyph, x, y + c * 0.08, c * 0.22, readable_on(colour, ground), "bold"))
        return g

    def plain(self, square: str) -> Group:
        g = Group(id=f"sq-{square}", class_="square plain")
        g.add(self.cell_shape(square, base_fill(self.board, self.game, self.theme, square)))
        return g


def render_board(game: Game, theme: Theme, cell: float, frame: float | None = None,
                 only: Collection[str] | None = None) -> BoardArt:
    """Draw ``game``'s board with ``theme``, squares ``cell`` mm wide, inside a coordinate frame ``frame`` mm wide.

    ``frame=0`` draws the squares alone, without frame or coordinates (for close-ups that label their own edges);
    ``only`` limits the drawing to some squares (a close-up), keeping every square where it lies on the full board.
    """
    board = game.board
    frame = round(cell * 0.32, 2) if frame is None else frame
    p = _Painter(game, theme, cell, frame)
    size = measure_board(game, cell, frame)
    width, height = size.width, size.height
    root = Group(id="board", class_=f"board theme-{theme.name}")
    root.add(svgwrite.shapes.Rect((0, 0), (round(width, 3), round(height, 3)), fill=theme.colour("frame"),
                                  id="frame"))
    drawn = [sq for sq in board.squares if only is None or sq in only]
    squares = Group(id="squares")
    for square in drawn:
        kind = board.kind(square)
        if not theme.show_features or kind == "plain":
            squares.add(p.plain(square))
        elif kind == "gate":
            squares.add(p.gate(square))
        elif kind == "landing":
            squares.add(p.landing(square))
        else:
            squares.add(p.feature(board.feature(square), square))  # type: ignore[arg-type]
    root.add(squares)
    root.add(_grid_lines(p, drawn))
    if theme.show_features:
        root.add(_zone_outlines(p, drawn))
    if frame > 0:
        root.add(_coordinates(p, width, height))
    return replace(size, group=root)


def measure_board(game: Game, cell: float, frame: float, group: Group | None = None) -> BoardArt:
    """The measurements of the board art at a square size and frame width (with ``group`` as its drawing)."""
    grid = game.board.grid
    gw, gh = grid.size()
    width, height = gw * cell + 2 * frame, gh * cell + 2 * frame
    col_edges = tuple(round(frame + x * cell, 4) for x in grid.seams("x"))
    row_edges = tuple(round(frame + y * cell, 4) for y in grid.seams("y"))
    return BoardArt(group if group is not None else Group(), width, height, frame, cell, col_edges, row_edges)


def _grid_lines(p: _Painter, drawn: list[str]) -> Group:
    stroke = p.theme.colour("grid-line")
    width = round(max(0.25, p.cell * 0.018), 3)
    g = Group(id="grid", fill="none", stroke=stroke, stroke_width=width, stroke_linejoin="round")
    for square in drawn:
        g.add(svgwrite.shapes.Polygon(p.outline(square)))
    return g


def _zone_outlines(p: _Painter, drawn: list[str]) -> Group:
    """Thicker lines around zones and their names; owned halves meet on a bold seam."""
    g = Group(id="zones", class_="zones")
    width = round(max(0.5, p.cell * 0.05), 3)
    corners = [pt for sq in drawn for pt in p.outline(sq)]
    x_min, x_max = min(x for x, _ in corners) - 0.01, max(x for x, _ in corners) + 0.01
    y_min, y_max = min(y for _, y in corners) - 0.01, max(y for _, y in corners) + 0.01
    for zone in p.board.zones:
        colour = p.theme.colour("frame") if zone.owner else p.theme.colour("storage")
        edges = Group(class_=f"zone zone-{zone.id}", stroke=colour, stroke_width=width, stroke_linecap="square")
        for (x1, y1), (x2, y2) in _boundary(p, zone.cells):
            if x_min <= (x1 + x2) / 2 <= x_max and y_min <= (y1 + y2) / 2 <= y_max:
                edges.add(svgwrite.shapes.Line((x1, y1), (x2, y2)))
        g.add(edges)
        if not zone.owner and zone.cells:
            xs = [x for s in zone.cells for x, _ in p.outline(s)]
            ys = [y for s in zone.cells for _, y in p.outline(s)]
            size = p.cell * 0.2
            left, top, right = min(xs), min(ys), max(xs)
            tab_w = min(right - left, size * 0.62 * len(zone.name) + size)
            g.add(svgwrite.shapes.Rect((round((left + right - tab_w) / 2, 3), round(top - size * 0.7, 3)),
                                       (round(tab_w, 3), round(size * 1.4, 3)), rx=size * 0.3, fill=colour))
            g.add(_text(zone.name.upper(), (left + right) / 2, top + size * 0.36, size,
                        text_on(p.theme, colour), "bold", letter_spacing=f"{size * 0.12:.2f}"))
    return g


def _boundary(p: _Painter, cells: tuple[str, ...]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Edges of a group of cells that no other cell of the group shares: its outline, in drawing order."""
    seen: dict[tuple[float, float], tuple[tuple[float, float], tuple[float, float]] | None] = {}
    for square in cells:
        pts = p.outline(square)
        for a, b in zip(pts, pts[1:] + pts[:1]):
            key = (round((a[0] + b[0]) / 2, 2), round((a[1] + b[1]) / 2, 2))
            seen[key] = None if key in seen else (a, b)
    return [edge for edge in seen.values() if edge is not None]


def _coordinates(p: _Painter, width: float, height: float) -> Group:
    """The grid's edge labels in the frame; cell names inside the cells where the frame cannot name them all."""
    t, frame, grid = p.theme, p.frame, p.board.grid
    colour = t.colour("frame-text")
    g = Group(id="coordinates", class_="coordinates")
    size = min(frame * 0.62, p.cell * 0.3)
    for label in grid.edge_labels():
        x, y = frame + label.x * p.cell, frame + label.y * p.cell + size * 0.35
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
            x, y = p.centre(square)
            g.add(_text(square, x, y + p.cell * 0.38, p.cell * 0.16, t.colour("muted-text")))
    return g
