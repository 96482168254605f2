"""The board legend: one small sample cell per kind of marked cell on the board, named as the spec names it."""
from __future__ import annotations

import svgwrite.container
import svgwrite.shapes
from reportlab.pdfbase.pdfmetrics import stringWidth
from svgwrite.container import Group

from ..compose.marks import fit_size, text
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


def render_legend(game: Game, theme: Theme, width: float, pitch: float, swatch: float = 6.0) -> tuple[Group, float]:
    """The legend as a group (origin top-left) ``width`` mm wide; returns it with its height."""
    g = Group(id="legend", class_="legend")
    ink = theme.colour("text")
    painter = CellPainter(game, theme, swatch, 0.0)
    size = min(2.6, pitch * 0.36)
    y = 0.0
    for player in game.players:
        g.add(svgwrite.shapes.Rect((0, round(y, 3)), (swatch, swatch), fill=theme.colour(player.colour)))
        g.add(text(player.name, swatch + 2, y + swatch / 2 - 0.2, _bold_size(player.name, width - swatch - 2, size),
                   ink, "bold"))
        zone = next((z for z in game.board.zones if z.owner == player.id), None)
        if zone:
            first, last = zone.cells[0], zone.cells[-1]
            g.add(text(f"{first}\u2013{last}", swatch + 2, y + swatch / 2 + size, size * 0.85,
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
            room = width - swatch - 2
            words = label.split()
            if len(label) * size * 0.52 > room and len(words) > 1:
                half = (len(words) + 1) // 2
                lines = (" ".join(words[:half]), " ".join(words[half:]))
                line_size = min(fit_size(line, room, size) for line in lines)
                for n, line in enumerate(lines):
                    g.add(text(line, swatch + 2, y + swatch / 2 - 0.3 + n * (line_size + 0.3), line_size, ink))
            else:
                g.add(text(label, swatch + 2, y + swatch / 2 + size * 0.35, fit_size(label, room, size), ink))
            y += pitch
    return g, y
