"""The board legend: one small sample cell per kind of marked cell on the board, named as the spec names it."""
from __future__ import annotations

import svgwrite.container
import svgwrite.shapes
from reportlab.pdfbase.pdfmetrics import stringWidth
from svgwrite.container import Group

from ..compose.marks import fit_lines, text, text_width
from ..printspec import MIN_TEXT_MM
from ..fonts import register_reportlab_fonts
from ..game import Game
from ..theme import Theme
from .board import CellPainter


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
    register_reportlab_fonts()
    return min(size, width / max(float(stringWidth(line, "Sans-Bold", 1.0)), 1e-6))


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
    """The legend as a group (origin top-left) ``width`` mm wide; returns it with its height."""
    g = Group(id="legend", class_="legend")
    ink = theme.colour("text")
    painter = CellPainter(game, theme, swatch, 0.0)
    size = max(MIN_TEXT_MM, min(2.6, pitch * 0.36))
    y = 0.0
    for player in game.players:
        g.add(svgwrite.shapes.Rect((0, round(y, 3)), (swatch, swatch), fill=theme.colour(player.colour)))
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
            g.add(svgwrite.shapes.Rect((0, round(y, 3)), (swatch, swatch), fill="none",
                                       stroke=theme.colour("grid-line"), stroke_width=0.25))
            line_size, lines = fit_lines(label, width - swatch - 2, size)
            first_y = y + swatch / 2 + line_size * 0.35 - (len(lines) - 1) * line_size * 0.6
            for n, line in enumerate(lines):
                g.add(text(line, swatch + 2, first_y + n * line_size * 1.2, line_size, ink))
            y += pitch
    return g, y
