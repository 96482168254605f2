"""The board legend: one small sample cell per kind of marked cell on the board, named as the spec names it."""
from __future__ import annotations

import math

import svgwrite.container
import svgwrite.shapes
from reportlab.pdfbase.pdfmetrics import stringWidth
from svgwrite.container import Group

from .text import fit_lines, text, text_width
from ..model.printspec import MIN_TEXT_MM
from ..output.fonts import register_reportlab_font
from ..model.game import Game
from ..model.geometry import Grid
from ..play.looks import look_palette, player_looks
from ..model.theme import Theme
from .board import CellPainter, cell_swatch


def legend_entries(game: Game) -> list[tuple[str, str, str]]:
    """(kind, sample cell, name) for every kind the spec declares that is on the board, in declaration order."""
    board = game.board
    out = []
    for kind, name in board.kind_names().items():
        cells = [s for s in board.squares if board.kind(s) == kind]
        if cells:
            out.append((kind, cells[0], name))
    return out


def _bold_size(line: str, width: float, size: float) -> float:
    """The largest size up to ``size`` at which ``line``, set in bold sans, fits ``width`` mm (real glyph widths)."""
    return min(size, width / max(float(stringWidth(line, register_reportlab_font("Sans-Bold"), 1.0)), 1e-6))


def legend_fits(game: Game, theme: Theme, width: float, pitch: float, swatch: float) -> bool:
    """Whether every name of the legend reads at :data:`MIN_TEXT_MM` or more in ``width`` mm, ``pitch`` mm a row."""
    room = width - swatch - 2
    names = [(p.name, "bold") for p in game.players]
    names += [(label, "normal") for _, _, label in legend_entries(game)] if theme.show_features else []
    for name, weight in names:
        size, lines = fit_lines(name, room, max(MIN_TEXT_MM, min(2.6, pitch * 0.36)), weight)
        if max(text_width(line, size, weight) for line in lines) > room + 1e-6 or len(lines) * size * 1.2 > pitch:
            return False
    return True


def render_legend(game: Game, theme: Theme, width: float, pitch: float, swatch: float = 6.0) -> tuple[Group, float]:
    """The legend as a group (origin top-left) ``width`` mm wide; returns it with its height.

    A player's swatch is a piece of theirs as printed (:mod:`generator.play.looks`: its shape, in its colour, or in
    stripes of each colour where the player's pieces differ in colour); a kind of marked cell is a sample cell
    drawn as the board draws it, inside an outline of the cell's own shape, all within ``swatch`` mm.
    """
    g = Group(id="legend", class_="legend")
    ink = theme.colour("text")
    grid = game.board.grid
    painter = CellPainter(game, theme, swatch * _fill_share(grid), 0.0)
    looks, palette = player_looks(game), look_palette(game, theme)
    size = max(MIN_TEXT_MM, min(2.6, pitch * 0.36))
    y = 0.0
    for player in game.players:
        colours = [palette.get(look.colour, theme.colour(player.colour)) for look in looks.get(player.id, [])]
        shape = looks[player.id][0].shape if player.id in looks else "square"
        g.add(token_swatch(shape, colours or [theme.colour(player.colour)], swatch / 2, y + swatch / 2, swatch,
                           theme.colour("grid-line")))
        g.add(text(player.name, swatch + 2, y + swatch / 2 - 0.2,
                   max(MIN_TEXT_MM, _bold_size(player.name, width - swatch - 2, size)), ink, "bold"))
        zone = next((z for z in game.board.zones if z.owner == player.id), None)
        if zone:
            first, last = zone.cells[0], zone.cells[-1]
            g.add(text(f"{first}\u2013{last}", swatch + 2, y + swatch / 2 + size, max(MIN_TEXT_MM, size * 0.85),
                       theme.colour("muted-text")))
        y += pitch
    if theme.show_features:
        for kind, square, label in legend_entries(game):
            sx, sy = painter.centre(square)
            sample = Group(transform=f"translate({-sx + swatch / 2:.3f},{-sy + swatch / 2 + y:.3f})")
            sample.add(painter.cell(square))
            g.add(sample)
            g.add(svgwrite.shapes.Polygon(cell_swatch(grid, swatch / 2, y + swatch / 2, swatch), fill="none",
                                          stroke=theme.colour("grid-line"), stroke_width=0.25)
                  if grid.shape != "square" else
                  svgwrite.shapes.Rect((0, round(y, 3)), (swatch, swatch), fill="none",
                                       stroke=theme.colour("grid-line"), stroke_width=0.25))
            line_size, lines = fit_lines(label, width - swatch - 2, size)
            first_y = y + swatch / 2 + line_size * 0.35 - (len(lines) - 1) * line_size * 0.6
            for n, line in enumerate(lines):
                g.add(text(line, swatch + 2, first_y + n * line_size * 1.2, line_size, ink))
            y += pitch
    return g, y


def _fill_share(grid: Grid) -> float:
    """The cell size whose cell just fills a swatch one mm across: a hex is taller than it is wide."""
    cell = next(iter(grid.cells()))
    x, y = grid.centre(cell)
    extent = max(max(abs(px - x), abs(py - y)) for px, py in grid.outline(cell))
    return 0.5 / extent


def token_swatch(shape: str, colours: list[str], cx: float, cy: float, size: float, rim: str) -> Group:
    """A printed piece's shape (disc, square, hex, figure) ``size`` mm across centred on (cx, cy), filled with its
    colour, or in vertical stripes of each of ``colours``, outlined in ``rim``."""
    g = Group(class_=f"token-swatch shape-{shape}")
    stroke = {"stroke": rim, "stroke_width": 0.25, "stroke_linejoin": "round"}
    for part in _token_parts(shape, cx, cy, size):
        if len(colours) == 1:
            g.add(svgwrite.shapes.Polygon(part, fill=colours[0], **stroke))
            continue
        left, right = cx - size / 2, cx + size / 2
        step = (right - left) / len(colours)
        for n, colour in enumerate(colours):
            piece = _slice(part, left + n * step, left + (n + 1) * step + 0.05)  # a hair over: no seam
            if len(piece) >= 3:
                g.add(svgwrite.shapes.Polygon(piece, fill=colour))
        g.add(svgwrite.shapes.Polygon(part, fill="none", **stroke))
    return g


def _token_parts(shape: str, cx: float, cy: float, size: float) -> list[list[tuple[float, float]]]:
    """A piece's outline within a ``size`` mm square, as polygons: a disc (a fine polygon), a square, a pointy hex,
    or a figure (a flared base under a round head)."""
    r = size / 2

    def ring(x: float, y: float, radius: float) -> list[tuple[float, float]]:
        return [(x + radius * math.cos(math.radians(a)), y + radius * math.sin(math.radians(a)))
                for a in range(0, 360, 8)]

    if shape == "square":
        s = r * 0.88
        parts = [[(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]]
    elif shape == "hex":
        parts = [[(cx + r * math.cos(math.radians(30 + 60 * i)), cy + r * math.sin(math.radians(30 + 60 * i)))
                  for i in range(6)]]
    elif shape == "figure":
        parts = [[(cx - r * 0.3, cy - r * 0.05), (cx + r * 0.3, cy - r * 0.05), (cx + r * 0.8, cy + r),
                  (cx - r * 0.8, cy + r)], ring(cx, cy - r * 0.55, r * 0.42)]
    else:
        parts = [ring(cx, cy, r)]
    return [[(round(x, 3), round(y, 3)) for x, y in part] for part in parts]


def _slice(polygon: list[tuple[float, float]], left: float, right: float) -> list[tuple[float, float]]:
    """The part of a polygon between two vertical lines (each kept half-plane clipped in turn)."""
    def clip(points: list[tuple[float, float]], x: float, keep_right: bool) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for a, b in zip(points, points[1:] + points[:1]):
            a_in, b_in = (a[0] >= x) == keep_right, (b[0] >= x) == keep_right
            if a_in:
                out.append(a)
            if a_in != b_in:
                t = (x - a[0]) / (b[0] - a[0])
                out.append((x, a[1] + t * (b[1] - a[1])))
        return out
    return [(round(x, 3), round(y, 3)) for x, y in clip(clip(polygon, left, True), right, False)]
