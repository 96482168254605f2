"""The rulebook's own pictures, as SVG documents sized in millimetres.

The board and its close-ups come from :func:`generator.render.board.render_board`;
the components and the movement patterns are drawn from the emblems. Every
function is pure: specs in, SVG text out.
"""
from __future__ import annotations

import svgwrite
import svgwrite.container
import svgwrite.path
import svgwrite.shapes
from svgwrite.container import Group

from ....render.text import text
from ....model.game import Game
from ....render.board import BoardArt, render_board
from ....model.pieces import Components, Face
from ....model.printspec import MIN_TEXT_MM
from ....render.emblems import emblem
from ....render.pieces import render_face
from ....rulebook.board_art import document
from ....model.theme import Theme
from ....rulebook.layout import NARROWEST_MEASURE_MM
from ..rules.tables import square_grid
from .facts import BookFacts, Side


#: Colour of marked squares in the pattern diagrams.
REACH_FILL = "#f6dcc4"
REACH_DOT = "#9c3d10"




def _square_box(art: BoardArt, game: Game, squares: list[str]) -> tuple[float, float, float, float]:
    xs, ys = [], []
    for square in squares:
        cx, cy = game.board.grid.centre(square)
        xs += [art.frame + (cx - 0.5) * art.cell, art.frame + (cx + 0.5) * art.cell]
        ys += [art.frame + (cy - 0.5) * art.cell, art.frame + (cy + 0.5) * art.cell]
    return min(xs), min(ys), max(xs), max(ys)


def _board_part(art: BoardArt, game: Game, squares: set[str]) -> Group:
    """The board art limited to ``squares``: their squares and grid lines, the zone edges, and the name of a
    zone only when it lies wholly inside (nothing drawn outside the view is left in the file as hidden text)."""
    part = Group()
    order = game.board.squares
    for layer in art.group.elements:
        name = layer.attribs.get("id")
        if name == "squares":
            kept = Group(id="squares")
            for square in layer.elements:
                if square.attribs.get("id", "")[3:] in squares:
                    kept.add(square)
            part.add(kept)
        elif name == "grid":
            kept = Group(**{k: v for k, v in layer.attribs.items() if k != "id"})
            for square, outline in zip(order, layer.elements):
                if square in squares:
                    kept.add(outline)
            part.add(kept)
        elif name == "zones":
            inside = any(not z.owner and set(z.cells) <= squares for z in game.board.zones)
            kept = Group(id="zones")
            for element in layer.elements:
                if isinstance(element, Group) or inside:
                    kept.add(element)
            part.add(kept)
    return part


def close_up(game: Game, theme: Theme, cell: float, corner_a: str, corner_b: str) -> str:
    """A rectangle of the board (two corner squares) as the board draws it, with its coordinates."""
    art = render_board(game, theme, cell)
    grid = square_grid(game)
    squares = grid.area(corner_a, corner_b)
    x0, y0, x1, y1 = _square_box(art, game, squares)
    pad = cell * 0.45
    doc = document(x1 - x0 + 2 * pad, y1 - y0 + 2 * pad, (x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad))
    clip = doc.defs.add(doc.clipPath(id="close-up"))
    clip.add(doc.rect((x0, y0), (x1 - x0, y1 - y0)))
    shown = Group(clip_path="url(#close-up)")
    shown.add(_board_part(art, game, set(squares)))
    doc.add(shown)
    doc.add(doc.rect((x0, y0), (x1 - x0, y1 - y0), fill="none", stroke=theme.colour("grid-line"), stroke_width=0.4))
    size = cell * 0.26
    ink = theme.colour("muted-text")
    columns = sorted({grid.coords(s)[0] for s in squares})  # type: ignore[index]
    rows = sorted({grid.coords(s)[1] for s in squares})  # type: ignore[index]
    for col in columns:
        cx, _ = grid.centre(grid.name(col, rows[0]))
        x = art.frame + cx * art.cell
        doc.add(text(grid.labels[col - 1], x, y1 + pad * 0.75, size, ink, "600", anchor="middle"))
    for row in rows:
        _, cy = grid.centre(grid.name(columns[0], row))
        doc.add(text(str(row), x0 - pad * 0.5, art.frame + cy * art.cell + size * 0.35, size, ink, "600",
                     anchor="middle"))
    return str(doc.tostring())


def square_sample(game: Game, theme: Theme, cell: float, square: str) -> str:
    """One square of the board, exactly as the board draws it (its own group of the board art)."""
    art = render_board(game, theme, cell)
    x0, y0, x1, y1 = _square_box(art, game, [square])
    doc = document(x1 - x0, y1 - y0, (x0, y0, x1 - x0, y1 - y0))
    for part in art.group.elements:
        if part.attribs.get("id") == "squares":
            doc.add(next(e for e in part.elements if e.attribs.get("id") == f"sq-{square}"))
    doc.add(doc.rect((x0, y0), (x1 - x0, y1 - y0), fill="none", stroke=theme.colour("grid-line"), stroke_width=0.4))
    return str(doc.tostring())


def gate_map(game: Game, theme: Theme, cell: float) -> str:
    """The whole board with an arrow from every main gate to its two landing squares."""
    art = render_board(game, theme, cell)
    doc = document(art.width, art.height)
    doc.add(art.group)
    grid = square_grid(game)
    for gate in game.board.links_of("gate"):
        colour = theme.colour(gate.colour)
        gx, gy = grid.centre(gate.at)
        lx = sum(grid.centre(s)[0] for s in gate.to) / len(gate.to)
        ly = sum(grid.centre(s)[1] for s in gate.to) / len(gate.to)
        start = (art.frame + gx * cell, art.frame + gy * cell)
        end = (art.frame + lx * cell, art.frame + ly * cell)
        bend = ((start[0] + end[0]) / 2 - (end[1] - start[1]) * 0.18,
                (start[1] + end[1]) / 2 + (end[0] - start[0]) * 0.18)
        d = f"M{start[0]:.2f},{start[1]:.2f} Q{bend[0]:.2f},{bend[1]:.2f} {end[0]:.2f},{end[1]:.2f}"
        doc.add(svgwrite.path.Path(d=d, fill="none", stroke="#ffffff", stroke_width=cell * 0.14,
                                   stroke_linecap="round"))
        doc.add(svgwrite.path.Path(d=d, fill="none", stroke=colour, stroke_width=cell * 0.07,
                                   stroke_dasharray=f"{cell * 0.22:.2f},{cell * 0.1:.2f}", stroke_linecap="round"))
        doc.add(_arrowhead(bend, end, cell * 0.3, colour))
    return str(doc.tostring())


def _arrowhead(tail: tuple[float, float], tip: tuple[float, float], size: float,
               colour: str) -> svgwrite.shapes.Polygon:
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    length = max((dx * dx + dy * dy) ** 0.5, 1e-6)
    ux, uy = dx / length, dy / length
    back = (tip[0] - ux * size, tip[1] - uy * size)
    left = (back[0] - uy * size * 0.5, back[1] + ux * size * 0.5)
    right = (back[0] + uy * size * 0.5, back[1] - ux * size * 0.5)
    return svgwrite.shapes.Polygon([tip, left, right], fill=colour, stroke="#ffffff", stroke_width=size * 0.12)


def _token(x: float, y: float, radius: float, colour: str, mark: str, paper: str, rim: str | None = None) -> Group:
    g = Group()
    g.add(svgwrite.shapes.Circle((round(x, 3), round(y, 3)), round(radius, 3), fill=paper, stroke=rim or colour,
                                 stroke_width=round(radius * 0.12, 3)))
    g.add(emblem(mark, x, y, radius * 1.25, colour, paper))
    return g


def components(game: Game, theme: Theme, kit: Components) -> str:
    """Every kind of token the components spec lists, front faces at their true relative sizes, labelled.

    A two-faced token (the Elvindra) also shows its back. As many go to a row as fit the narrowest measure of the
    books, so the chart prints at natural size in every edition.
    """
    palette = kit.palette(theme)
    ink, muted, rim = theme.colour("text"), theme.colour("muted-text"), theme.colour("grid-line")
    faces: list[tuple[Face, str, str, str]] = []  # face, size key, label, count
    for part in kit.components:
        item = next((i for i in game.items if i.id == part.id), None)
        label = f"{part.name} {item.form}" if item and item.form else part.name
        faces.append((part.front, part.size, label, f"\u00d7{part.count}"))
        if part.two_faced:
            faces.append((part.back, part.size, f"{label}, back", "frozen face"))
    pitch_x, pitch_y, full = 26.0, 27.0, 17.0
    columns = max(1, min(len(faces), int(NARROWEST_MEASURE_MM // pitch_x)))
    scale = full / max(kit.sizes.values())
    rows = (len(faces) + columns - 1) // columns
    doc = document(columns * pitch_x, rows * pitch_y)
    for n, (face, size, label, count) in enumerate(faces):
        x = (n % columns + 0.5) * pitch_x
        y = (n // columns) * pitch_y + full / 2 + 1.0
        diameter = kit.sizes[size] * scale
        doc.add(render_face(face, palette, x, y, diameter, 0.0))
        doc.add(svgwrite.shapes.Circle((round(x, 3), round(y, 3)), round(diameter / 2, 3), fill="none", stroke=rim,
                                       stroke_width=0.25))
        doc.add(text(label, x, y + full / 2 + 4.2, 3.0, ink, "600", anchor="middle"))
        doc.add(text(count, x, y + full / 2 + 7.8, 3.0, muted, anchor="middle"))
    return str(doc.tostring())


def _offsets(pattern: str, facts: BookFacts) -> tuple[int, list[tuple[int, int, int]]]:
    """Grid radius and the marked squares (dx, dy, distance) of a movement or reach pattern."""
    straight = [(0, 1), (1, 0), (0, -1), (-1, 0)]
    every = straight + [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    if pattern == "step":
        return 1, [(dx, dy, 1) for dx, dy in every]
    if pattern == "merged":
        d = facts.merged_distance
        return d, [(dx * d, dy * d, d) for dx, dy in straight]
    if pattern == "transport":
        r = facts.transport_range
        return r, [(dx * k, dy * k, k) for dx, dy in straight for k in range(1, r + 1)]
    r = facts.weapon_range
    return r, [(dx * k, dy * k, k) for dx, dy in every for k in range(1, r + 1)]


#: What the piece in the middle of each pattern carries or is.
PATTERN_BADGE = {"step": None, "merged": "merged", "transport": "rapid-transport", "weapon": "bomb"}


def _pattern(kind: str, facts: BookFacts, theme: Theme, cell: float, side: Side) -> tuple[Group, float]:
    """One movement or reach grid as a group (origin top-left), with its side length in mm."""
    radius, marked = _offsets(kind, facts)
    size = 2 * radius + 1
    colour = theme.colour(side.colour)
    paper = theme.colour("paper")
    line = theme.colour("grid-line")
    g = Group()
    for col in range(size):
        for row in range(size):
            g.add(svgwrite.shapes.Rect((col * cell, row * cell), (cell, cell), fill=paper, stroke=line,
                                       stroke_width=0.18))
    for dx, dy, distance in marked:
        x, y = (radius + dx) * cell, (radius - dy) * cell
        g.add(svgwrite.shapes.Rect((x, y), (cell, cell), fill=REACH_FILL, stroke=line, stroke_width=0.18))
        digit = max(cell * 0.46, MIN_TEXT_MM)
        g.add(text(str(distance), x + cell / 2, y + cell / 2 + digit * 0.36, digit, REACH_DOT, "600", anchor="middle"))
    centre = (radius + 0.5) * cell
    badge = PATTERN_BADGE[kind]
    if badge == "merged":
        g.add(_token(centre + cell * 0.06, centre + cell * 0.1, cell * 0.4, colour, side.emblem, paper))
        g.add(_token(centre - cell * 0.06, centre - cell * 0.08, cell * 0.4, colour, side.emblem, paper))
    else:
        g.add(_token(centre, centre, cell * 0.42, colour, side.emblem, paper))
    if badge in ("rapid-transport", "bomb"):
        g.add(svgwrite.shapes.Circle((centre + cell * 0.3, centre - cell * 0.3), cell * 0.2, fill=paper,
                                     stroke=theme.colour("text"), stroke_width=0.15))
        g.add(emblem(badge, centre + cell * 0.3, centre - cell * 0.3, cell * 0.3, theme.colour("text"), paper))
    return g, size * cell


def patterns(kinds: tuple[str, ...], facts: BookFacts, theme: Theme, cell: float, gap: float = 8.0,
             side: Side | None = None) -> str:
    """Movement and reach grids side by side, bottoms aligned: each of 'step', 'merged', 'transport', 'weapon'.

    The piece in the middle is ``side``'s (the first side's by default).
    """
    drawn = [_pattern(kind, facts, theme, cell, side or facts.first) for kind in kinds]
    width = sum(size for _, size in drawn) + gap * (len(drawn) - 1)
    height = max(size for _, size in drawn)
    doc = document(width, height)
    x = 0.0
    for group, size in drawn:
        group.translate(round(x, 3), round(height - size, 3))
        doc.add(group)
        x += size + gap
    return str(doc.tostring())
