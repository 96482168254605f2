"""The board legend: one small sample square per kind of square on the board, with its label from the spec."""
from __future__ import annotations

import svgwrite.container
import svgwrite.shapes
from svgwrite.container import Group

from ..compose.marks import fit_size, text
from ..game import Game
from ..theme import Theme
from .board import _Painter


#: Order in which kinds appear in the legend.
KIND_ORDER = ("home", "start", "flag", "flag-acquisition", "storage", "weapon-acquisition", "gate", "landing")


def legend_entries(game: Game) -> list[tuple[str, str, str]]:
    """(kind, sample square, label) for every kind present on the board that has a legend label."""
    board = game.board
    out = []
    for kind in KIND_ORDER:
        squares = [s for s in board.squares if board.kind(s) == kind]
        if squares and kind in board.legend:
            out.append((kind, squares[0], board.legend[kind]))
    return out


def render_legend(game: Game, theme: Theme, width: float, pitch: float, swatch: float = 6.0) -> tuple[Group, float]:
    """The legend as a group (origin top-left) ``width`` mm wide; returns it with its height."""
    g = Group(id="legend", class_="legend")
    ink = theme.colour("text")
    painter = _Painter(game, theme, swatch, 0.0)
    size = min(2.6, pitch * 0.36)
    y = 0.0
    for player in game.players:
        g.add(svgwrite.shapes.Rect((0, round(y, 3)), (swatch, swatch), fill=theme.colour(player.colour)))
        g.add(text(player.name, swatch + 2, y + swatch / 2 - 0.2, size, ink, "bold"))
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
            if kind == "gate":
                sample.add(painter.gate(square))
            elif kind == "landing":
                sample.add(painter.landing(square))
            else:
                sample.add(painter.feature(game.board.feature(square), square))  # type: ignore[arg-type]
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
