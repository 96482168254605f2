"""A neutral rule diagram: any game's position and the engine's marks on any grid, with no rule knowledge.

:func:`render_diagram` draws a :class:`Scene` (the cells in view, one or two
panels of pieces and marks, the cards the action plays beside them, title,
caption and verdict) as a standalone SVG document sized in millimetres. Everything it knows of the game comes from
the validated model (grid, marked cells and their kinds, players' colours,
items) and the theme; everything it knows of the position comes from the
engine's neutral views (:mod:`generator.play.views`).

Parts carry ids and data attributes a test can read back: cells
``<panel>cell-<name>``, pieces ``<panel>piece-<name>``, marks
``<panel>mark-<n>`` with ``data-kind``, ``data-role`` and ``data-cells``, cards
beside the board ``aside-<n>`` with ``data-deck`` and ``data-caption``.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass, field, replace
from typing import Mapping

import svgwrite
import svgwrite.base
import svgwrite.pattern
import svgwrite.shapes
from svgwrite.container import Group

from ..model.cards import Card, Deck
from ..model.game import Game
from ..model.geometry import Grid
from ..play.looks import look_palette, piece_looks
from ..play.contract import Verdict
from ..play.views import MARK_KINDS, MARK_ROLES, DiagramMark, PieceView
from ..model.theme import Theme, label_ink, readable_on, text_on
from .board import CellPainter, cell_swatch, ground_at, name_spot
from .cards import render_card
from .diagram_canvas import Canvas, fit_canvas
from .diagram_marks import LINE_KINDS, Obstacle, draw_mark, free_spot, note_badge, note_radius, note_spots, role_icon
from .diagram_pieces import (FACE_DOWN_PATTERN, MARKED_RING, NEUTRAL, CarriedArt, PieceColours, carried_art,
                             draw_carried, draw_piece, piece_colours)
from .diagram_style import ALERT, INK, MIN_TEXT_MM, label, r3, role_style, text_width

#: Width of a diagram's grid lines, in mm.
GRID_LINE_MM = 0.25
#: Widest the panels of a diagram get together, and the tallest, in mm.
MAX_WIDTH_MM, MAX_HEIGHT_MM = 112.0, 110.0
#: Largest cell of a diagram, in mm.
MAX_CELL_MM = 14.0
#: Narrowest diagram, so that its caption and legend have room, in mm.
MIN_WIDTH_MM = 90.0
#: Gap between two panels, and the width of one legend column, in mm.
PANEL_GAP_MM, LEGEND_COLUMN_MM = 8.0, 44.0
#: Text sizes in mm: title, caption and verdict, legend, coordinates.
TITLE_MM, CAPTION_MM, LEGEND_MM, COORD_MM = 3.6, 2.9, 2.5, 2.6
#: Widest and narrowest card drawn beside the board (cards shrink between the two to stand no taller than the
#: panels), the gap between the board and the cards, and between two cards, in mm.
ASIDE_CARD_MM, ASIDE_MIN_MM, ASIDE_GAP_MM, ASIDE_SPACING_MM = 30.0, 22.0, 6.0, 3.0


@dataclass(frozen=True)
class Panel:
    """One position drawn on the view: its pieces by cell (bottom to top), the marks on it, cell texts, a heading."""

    pieces: Mapping[str, tuple[PieceView, ...]]
    marks: tuple[DiagramMark, ...] = ()
    cell_labels: Mapping[str, str] = field(default_factory=dict)
    heading: str = ""


@dataclass(frozen=True)
class Aside:
    """A card drawn beside the board as it is printed (``palette`` maps its colour keys), with a caption under it."""

    card: Card
    deck: Deck
    palette: Mapping[str, str]
    caption: str = ""

    @property
    def ratio(self) -> float:
        """The card's height over its width."""
        return self.deck.size_mm[1] / self.deck.size_mm[0]

    @property
    def lines(self) -> list[tuple[str, str]]:
        """The text under the card, (line, weight): the card's title (too small to read on the shrunk card, so
        printed here instead), then the caption; wrapped to the narrowest card."""
        return [(t, "normal") for t in _wrap(self.card.face.label, ASIDE_MIN_MM, LEGEND_MM)] \
            + [(t, "bold") for t in _wrap(self.caption, ASIDE_MIN_MM, CAPTION_MM)]

    @property
    def caption_height(self) -> float:
        """The room the text under the card takes, in mm."""
        return sum(CAPTION_MM * 1.3 for _ in self.lines) + (CAPTION_MM * 0.4 if self.lines else 0.0)


def _aside_width(asides: tuple[Aside, ...], room: float) -> float:
    """How wide the cards beside the board are drawn: stacked, no taller than ``room`` mm if they can be."""
    if not asides:
        return 0.0
    fixed = sum(a.caption_height for a in asides) + ASIDE_SPACING_MM * (len(asides) - 1)
    return max(ASIDE_MIN_MM, min(ASIDE_CARD_MM, (room - fixed) / sum(a.ratio for a in asides)))


@dataclass(frozen=True)
class Scene:
    """What a diagram shows: the cells in view, its panels, and the texts under them ('' for none).

    ``verdict`` is the engine's word on the action shown (None when the
    diagram shows a position only); ``outcome`` says how the game stands after
    it (a winner), in words; ``asides`` are the cards the action plays,
    drawn beside the panels.
    """

    id: str
    cells: tuple[str, ...]
    panels: tuple[Panel, ...]
    title: str = ""
    caption: str = ""
    verdict: Verdict | None = None
    outcome: str = ""
    asides: tuple[Aside, ...] = ()


def _redundant(mark: DiagramMark, verdict: Verdict | None) -> bool:
    """True when a mark's text says no more than a role or kind word (or than the verdict printed under the diagram)."""
    text = mark.text.strip().lower()
    words = MARK_ROLES + MARK_KINDS + (role_style(mark.role).label,)
    return not text or text in words or (verdict is not None and text == verdict.code.lower())


def _is_note(mark: DiagramMark, verdict: Verdict | None) -> bool:
    """True when a mark's text goes to the numbered notes (a label on cells is printed on the board instead)."""
    return not (mark.kind == "label" and mark.cells) and not _redundant(mark, verdict)


def _notes(scene: Scene) -> dict[str, int]:
    """Numbered notes: each distinct text of a mark that says more than its role, in order of appearance."""
    found: dict[str, int] = {}
    for panel in scene.panels:
        for mark in panel.marks:
            if _is_note(mark, scene.verdict) and mark.text not in found:
                found[mark.text] = len(found) + 1
    return found


class _Painter:
    """Draws one scene; holds the game, theme and canvas so each step stays small."""

    def __init__(self, game: Game, theme: Theme, scene: Scene, canvas: Canvas):
        self.game, self.theme, self.scene, self.canvas = game, theme, scene, canvas
        self.notes = _notes(scene)
        self.looks = piece_looks(game)
        self.palette = look_palette(game, theme)
        #: Free hexes whose name has no room inside their border: it goes on a plaque (:meth:`cell_names`).
        self.plaques: set[str] = set()

    # -- colours -----------------------------------------------------------------------------------

    def player_colour(self, owner: str | None) -> str:
        players = {p.id: p for p in self.game.players}
        if owner in players:
            return self.theme.colours.get(players[owner].colour, NEUTRAL)
        return NEUTRAL

    def carried(self, name: str) -> CarriedArt:
        items = {i.id: i for i in self.game.items}
        item = items.get(name)
        colour = self.theme.colours.get(item.colour or "") if item else None
        return carried_art(name, item.kind if item else None, colour)

    def carried_label(self, name: str) -> str:
        """How the legend names a carried token: the game's name of the item (with its form), else its id in words."""
        item = next((i for i in self.game.items if i.id == name), None)
        if item is None:
            return name.replace("-", " ")
        return f"{item.name} {item.form}" if item.form is not None else item.name

    # -- cells ---------------------------------------------------------------------------------------

    def cell_kinds(self) -> dict[str, list[tuple[str, str | None]]]:
        """For each cell in view, the (mark kind, owner) pairs the board gives it."""
        found: dict[str, list[tuple[str, str | None]]] = {}
        for mark in self.game.board.marks:
            if mark.kind in self.game.board.mark_kinds:
                for cell in mark.at:
                    if self.canvas.inside(cell):
                        found.setdefault(cell, []).append((mark.kind, mark.owner))
        return found

    def cells(self, prefix: str, occupied: frozenset[str]) -> Group:
        """Every cell in view drawn as the printed board draws it (:class:`~generator.render.board.CellPainter`),
        the art of each named as the cell (id, ``data-cell``) and moved to its place; on hexes, with its name
        (a cell with pieces on it gets its name over them: :meth:`cell_names`)."""
        c, canvas, theme = self.canvas.cell, self.canvas, self.theme
        kinds = self.cell_kinds()
        board_cells = CellPainter(self.game, theme, c, 0.0)
        g = Group(class_="cells")
        for name in canvas.cells:
            x, y = canvas.centre(name)
            bx, by = board_cells.centre(name)
            classes = ["cell"] + [f"mark-{k}" for k, _ in kinds.get(name, [])]
            art = board_cells.cell(name) if theme.show_features else board_cells.plain(name)
            art.attribs.update({"id": f"{prefix}cell-{name}", "class": " ".join([*classes, art.attribs["class"]]),
                                "data-cell": name, "transform": f"translate({r3(x - bx)},{r3(y - by)})"})
            g.add(art)
            if canvas.grid.shape == "hex" and name not in occupied:
                spot = name_spot(board_cells, name, (max(MIN_TEXT_MM, c * 0.15),), 0.42, GRID_LINE_MM)
                if spot is None:  # no room inside its border: on a plaque, as over a piece
                    self.plaques.add(name)
                    continue
                nx, baseline, size, _ = spot
                g.add(label(name, nx + x - bx, baseline + y - by, size,
                            label_ink(theme, ground_at(board_cells, name)), class_="cell-name"))
        g.add(self.grid_lines())
        return g

    def cell_names(self, occupied: frozenset[str]) -> Group:
        """The names of the hexes with pieces on them (and of those with no room inside their border), each on a
        small plaque of paper over the pieces, where the pieces would hide it."""
        c, canvas = self.canvas.cell, self.canvas
        g = Group(class_="cell-names")
        if canvas.grid.shape != "hex":
            return g
        ink = self.theme.colours.get("muted-text", INK)
        for name in canvas.cells:
            if name in occupied or name in self.plaques:
                x, y = canvas.centre(name)
                size = max(MIN_TEXT_MM, c * 0.15)
                width, top = text_width(name, size) + size * 0.5, y + c * 0.42 - size * 0.9
                g.add(svgwrite.shapes.Rect((r3(x - width / 2), r3(top)), (r3(width), r3(size * 1.15)),
                                           rx=r3(size * 0.3), fill="#ffffff", fill_opacity="0.9",
                                           class_="cell-name-plaque"))
                g.add(label(name, x, y + c * 0.42, size, readable_on(ink, "#ffffff"), class_="cell-name"))
        return g

    def grid_lines(self) -> Group:
        """The outline of every cell in view, in the theme's grid colour."""
        g = Group(class_="grid-lines", fill="none", stroke=self.theme.colours.get("grid-line", INK),
                  stroke_width=GRID_LINE_MM)
        for name in self.canvas.cells:
            g.add(svgwrite.shapes.Polygon([(r3(px), r3(py)) for px, py in self.canvas.outline(name)]))
        return g

    # -- coordinates -----------------------------------------------------------------------------------

    def coordinates(self) -> list[tuple[str, float, float]]:
        """Coordinate texts along the view's edges: (text, x, baseline y) in canvas mm."""
        canvas, grid = self.canvas, self.canvas.grid
        size = self.coord_size
        by_letter: dict[str, list[str]] = {}
        for name in canvas.cells:
            by_letter.setdefault(name.rstrip("0123456789"), []).append(name)
        out: list[tuple[str, float, float]] = []
        if grid.shape == "square":
            rows: dict[str, float] = {}
            for letter, names in by_letter.items():
                out.append((letter, canvas.centre(names[0])[0], canvas.height + size * 1.35))
                rows.update({n[len(letter):]: canvas.centre(n)[1] for n in names})
            out += [(row, -size * 0.9, y + size * 0.35) for row, y in rows.items()]
            return out
        for letter, names in by_letter.items():
            first = min(names, key=lambda n: int(n[len(letter):]))
            number = int(first[len(letter):])
            step = next((f"{letter}{number + d}" for d in (1, -1) if grid.coords(f"{letter}{number + d}")), None)
            if step is None:
                continue
            (x0, y0), (x1, y1) = canvas.centre(first), canvas.centre(step)
            sign = 1 if step.endswith(str(number + 1)) else -1
            dx, dy = (x0 - x1) * sign / canvas.cell, (y0 - y1) * sign / canvas.cell
            out.append((letter, x0 + dx * canvas.cell * 0.78, y0 + dy * canvas.cell * 0.78 + size * 0.35))
        return out

    @property
    def coord_size(self) -> float:
        return max(MIN_TEXT_MM, min(COORD_MM, self.canvas.cell * 0.24))

    def panel_box(self) -> tuple[float, float, float, float]:
        """The panel's extent around the canvas (coordinates included): left, top, right, bottom in mm."""
        size = self.coord_size
        xs = [0.0, self.canvas.width] + [x + s * text_width(t, size) / 2 for t, x, _ in self.coordinates()
                                         for s in (-1, 1)]
        ys = [0.0, self.canvas.height] + [y + d for _, _, y in self.coordinates() for d in (-size, size * 0.3)]
        return min(xs) - 0.5, min(ys) - 0.5, max(xs) + 0.5, max(ys) + 0.5

    def pieces(self, panel: Panel, prefix: str) -> Group:
        """Every pile of the panel's pieces in view, bottom to top: lower pieces show to the lower right, upper ones
        are smaller and to the upper left."""
        canvas, c = self.canvas, self.canvas.cell
        pieces = Group(class_="pieces")
        for name in canvas.cells:
            stack = panel.pieces.get(name, ())
            if not stack:
                continue
            x, y = canvas.centre(name)
            pile = Group(id=f"{prefix}piece-{name}", class_="pile")
            pile.attribs["data-cell"] = name
            for level, piece in enumerate(stack):
                piece, colours = self.as_printed(piece)
                shift = c * 0.12 * ((len(stack) - 1) / 2 - level)
                pile.add(draw_piece(piece, x + shift, y + shift, c, colours,
                                    self.carried(piece.carried) if piece.carried else None, 1 - 0.18 * level))
            pieces.add(pile)
        return pieces

    def as_printed(self, piece: PieceView) -> tuple[PieceView, PieceColours]:
        """A piece in the shape and colour of the printed piece it is (:mod:`generator.play.looks`), and its colours:
        a fill of its own is rimmed in its owner's colour, so owners stay apart."""
        look = self.looks.get(piece.component or piece.owner or "")
        owner = self.player_colour(piece.owner)
        key = piece.colour or (look.colour if look else "")
        fill = self.palette.get(key, owner) if key else owner
        if not piece.shape:
            piece = replace(piece, shape=look.shape if look is not None else "disc")
        own = bool(piece.colour) or fill != owner
        if own and not piece.colour:
            piece = replace(piece, colour=key)
        return piece, piece_colours(fill, owner if own else INK)

    # -- one panel ---------------------------------------------------------------------------------------

    def panel(self, panel: Panel, prefix: str) -> Group:
        canvas, c = self.canvas, self.canvas.cell
        g = Group(id=f"{prefix}panel", class_="panel")
        occupied = frozenset(n for n, stack in panel.pieces.items() if stack)
        g.add(self.cells(prefix, occupied))
        coords = Group(class_="coordinates")
        for content, x, y in self.coordinates():
            coords.add(label(content, x, y, self.coord_size, INK, "600"))
        g.add(coords)
        under = Group(class_="marks under", clip_path=f"url(#{prefix}clip)")
        over = Group(class_="marks", clip_path=f"url(#{prefix}clip)")
        notes = Group(class_="notes", clip_path=f"url(#{prefix}clip)")
        pieces = self.pieces(panel, prefix)
        labels = [(content, *canvas.centre(name)) for name, content in panel.cell_labels.items() if canvas.inside(name)]
        radius = note_radius(canvas)
        taken = [spot for content, x, y in labels for spot in _label_spots(content, x, y + c * 0.4, c * 0.16)]
        if canvas.grid.shape == "hex":  # the plaques of the names over pieces
            size = max(MIN_TEXT_MM, c * 0.15)
            taken += [spot for name in canvas.cells if name in occupied or name in self.plaques
                      for spot in _label_spots(name, canvas.centre(name)[0], canvas.centre(name)[1] + c * 0.42
                                               - size * 0.35, size)]
        taken += _carried_tokens(pieces)
        for n, mark in enumerate(panel.marks):
            ident = f"{prefix}mark-{n}"
            (under if mark.kind == "highlight" else over).add(draw_mark(mark, ident, canvas, occupied))
            spots = note_spots(mark, canvas) if _is_note(mark, self.scene.verdict) else []
            if spots:
                badge = note_badge(self.notes[mark.text], *free_spot(spots, taken, radius), radius, mark.role)
                badge.attribs["data-mark"] = ident
                notes.add(badge)
        g.add(under)
        g.add(pieces)
        g.add(self.cell_names(occupied))
        texts = Group(class_="cell-labels")
        for content, x, y in labels:
            texts.add(label(content, x, y + c * 0.46, c * 0.16, INK, "600", class_="cell-label"))
        g.add(texts)
        g.add(over)
        g.add(notes)  # last: a number is never under a piece, even for a mark drawn under the pieces
        return g


def _carried_tokens(pieces: Group) -> list[Obstacle]:
    """The carried tokens drawn on the pieces, as circles: note badges keep clear of them."""
    found: list[Obstacle] = []
    for element in pieces.elements:
        if isinstance(element, Group):
            if element.attribs.get("class") == "carried":
                disc = element.elements[0].attribs
                found.append((float(disc["cx"]), float(disc["cy"]), float(disc["r"])))
            else:
                found += _carried_tokens(element)
    return found


def _label_spots(content: str, x: float, y: float, size: float) -> list[Obstacle]:
    """A cell label's line (centred on x, middle at y) as a row of circles of its height: note badges keep clear
    of them, so a number never sits on the label."""
    half = text_width(content, size) / 2
    steps = max(1, round(2 * half / (size * 0.5)))
    return [(x - half + 2 * half * n / steps, y, size * 0.5) for n in range(steps + 1)]


def _wrap(content: str, width: float, size: float) -> list[str]:
    return textwrap.wrap(content, max(12, int(width / (size * 0.5))))


def _cell_sample(grid: Grid, size: float, **style: object) -> svgwrite.base.BaseElement:
    """A legend's sample of the board's cell (a square or a hex) ``size`` mm across, centred on the icon's spot."""
    if grid.shape == "square":
        return svgwrite.shapes.Rect((r3(2.8 - size / 2), r3(-0.3 - size / 2)), (size, size), **style)
    return svgwrite.shapes.Polygon(cell_swatch(grid, 2.8, -0.3, size), **style)


def _draws(mark: DiagramMark, canvas: Canvas) -> bool:
    """Whether a mark draws anything on the board: a line through two cells or more, or a part on a cell in view
    (a label without cells is said in words only)."""
    if mark.kind in LINE_KINDS and len(mark.cells) >= 2:
        return True
    return any(canvas.inside(cell) for cell in mark.cells)


def _legend(painter: _Painter) -> list[tuple[str, Group]]:
    """The legend entries this scene needs: roles used, marked cells in view, piece states, carried things."""
    scene, board, theme = painter.scene, painter.game.board, painter.theme
    marks = [m for p in scene.panels for m in p.marks]
    pieces = [piece for p in scene.panels for name, stack in p.pieces.items() if painter.canvas.inside(name)
              for piece in stack]
    out: list[tuple[str, Group]] = []
    for role in MARK_ROLES:
        drawn = [m.kind for m in marks if m.role == role and _draws(m, painter.canvas)]
        if drawn:
            out.append((role_style(role).label, role_icon(role, 0, 0, drawn[0])))
    seen_kinds: list[tuple[str, str | None]] = []
    for pairs in painter.cell_kinds().values():
        seen_kinds += [p for p in pairs if p not in seen_kinds]
    order = list(board.mark_kinds)
    for kind_id, owner in sorted(seen_kinds, key=lambda p: (order.index(p[0]), p[1] or "")):
        kind = board.mark_kinds[kind_id]
        swatch = Group(class_=f"legend-icon cell-kind {kind_id}")
        ground = theme.colours.get(kind.fill or "", theme.colours.get("square-light", "#ffffff"))
        swatch.add(_cell_sample(board.grid, 4.6, fill=ground, stroke=INK, stroke_width=0.25))
        if kind.border and kind.border in theme.colours:
            swatch.add(_cell_sample(board.grid, 3.4, fill="none", stroke=theme.colours[kind.border], stroke_width=0.4))
        if kind.glyph:
            ink = readable_on(painter.player_colour(owner), ground) if owner else text_on(theme, ground)
            swatch.add(label(kind.glyph, 2.8, 0.7, MIN_TEXT_MM, ink, "bold"))
        who = f" ({painter.game.player(owner).name})" if owner and owner in {p.id for p in painter.game.players} else ""
        out.append((kind.name + who, swatch))
    for state in dict.fromkeys(p.marked for p in pieces if p.marked):
        ring = Group(class_="legend-icon marked")
        ring.add(svgwrite.shapes.Circle((2.8, -0.4), 2.2, fill="none", stroke=MARKED_RING, stroke_width=0.45,
                                        stroke_dasharray="0.9,0.4"))
        out.append((state, ring))
    if any(p.face_down for p in pieces):
        back = Group(class_="legend-icon face-down")
        back.add(svgwrite.shapes.Circle((2.8, -0.4), 2.0, fill=f"url(#{FACE_DOWN_PATTERN})", stroke=INK,
                                        stroke_width=0.3))
        out.append(("face down", back))
    for name in dict.fromkeys(p.carried for p in pieces if p.carried):
        token = Group(class_="legend-icon carried")
        token.add(draw_carried(painter.carried(name), 2.8, -0.4, 4.0, name))
        out.append((f"carries {painter.carried_label(name)}", token))
    return out


def _legend_block(entries: list[tuple[str, Group]], notes: dict[str, int], width: float) -> tuple[Group, float]:
    """The legend laid out in rows ``width`` mm wide (entries flow in columns, notes one per line) and its height."""
    g = Group(id="legend", class_="legend")
    x, y = 0.0, 0.0 if not entries else 4.5
    for content, icon in entries:
        lines = _wrap(content, width - 12.0, LEGEND_MM)
        need = 9.5 + max(text_width(line, LEGEND_MM) for line in lines) + 2.5
        span = LEGEND_COLUMN_MM * -(-need // LEGEND_COLUMN_MM)
        if x > 0 and x + need > width:
            x, y = 0.0, y + 5.2
        icon.attribs["transform"] = f"translate({r3(x)},{r3(y - 0.8)})"
        g.add(icon)
        for n, line in enumerate(lines):
            g.add(label(line, x + 9.5, y + n * LEGEND_MM * 1.25, LEGEND_MM, INK, "normal", "start",
                        class_="legend-entry"))
        y += (len(lines) - 1) * LEGEND_MM * 1.25
        x += span
    for content, number in notes.items():
        lines = _wrap(content, width - 7.0, LEGEND_MM)
        y += 5.0
        g.add(note_badge(number, 2.0, y - 0.8, 1.7, "info"))
        for n, line in enumerate(lines):
            g.add(label(line, 5.5, y + n * LEGEND_MM * 1.25, LEGEND_MM, INK, "normal", "start", class_="note"))
        y += (len(lines) - 1) * LEGEND_MM * 1.25
    return g, y + (1.5 if entries or notes else 0.0)


def _face_down_pattern(dwg: svgwrite.Drawing) -> None:
    pattern = svgwrite.pattern.Pattern(id=FACE_DOWN_PATTERN, size=(1.2, 1.2), patternUnits="userSpaceOnUse",
                                       patternTransform="rotate(45)")
    pattern.add(svgwrite.shapes.Rect((0, 0), (1.2, 1.2), fill="#d9d9d9"))
    pattern.add(svgwrite.shapes.Rect((0, 0), (0.5, 1.2), fill=NEUTRAL))
    dwg.defs.add(pattern)


def _aside(aside: Aside, number: int, x: float, y: float, w: float) -> Group:
    """A card ``w`` mm wide beside the board, its top-left at (x, y): the printed card scaled down, its outline and
    its caption."""
    h = w * aside.ratio
    scale = w / aside.deck.size_mm[0]
    deck = replace(aside.deck, radius_mm=0.0)  # no dashed cut guide: the card gets a solid outline instead
    g = Group(id=f"aside-{number}", class_="aside")
    g.attribs.update({"data-deck": aside.deck.id, "data-caption": aside.caption})
    card = Group(transform=f"translate({r3(x + w / 2)},{r3(y + h / 2)}) scale({scale:.5f})", class_="aside-card")
    untitled = replace(aside.card, face=replace(aside.card.face, label=""))
    card.add(render_card(untitled, deck, dict(aside.palette), 0.0, 0.0, (0.0, 0.0, 0.0, 0.0)))
    g.add(card)
    radius = aside.deck.radius_mm * scale
    g.add(svgwrite.shapes.Rect((r3(x), r3(y)), (r3(w), r3(h)), rx=r3(radius), ry=r3(radius), fill="none", stroke=INK,
                               stroke_width=0.25, class_="aside-outline"))
    for n, (line, weight) in enumerate(aside.lines):
        g.add(label(line, x + w / 2, y + h + CAPTION_MM * (1.2 + 1.3 * n), CAPTION_MM if weight == "bold" else LEGEND_MM,
                    INK, weight, class_="aside-caption" if weight == "bold" else "aside-title"))
    return g


def render_diagram(game: Game, theme: Theme, scene: Scene) -> str:
    """The scene as a standalone SVG document sized in mm: panels side by side and the cards played beside them,
    then texts and the legend; never wider than :data:`MAX_WIDTH_MM`."""
    count = max(1, len(scene.panels))
    aside_width = ASIDE_GAP_MM + ASIDE_CARD_MM if scene.asides else 0.0
    canvas = fit_canvas(game.board.grid, scene.cells,
                        (MAX_WIDTH_MM - aside_width - PANEL_GAP_MM * (count - 1)) / count - 8.0, MAX_HEIGHT_MM,
                        MAX_CELL_MM)
    painter = _Painter(game, theme, scene, canvas)
    left, top, right, bottom = painter.panel_box()
    heading = 4.5 if any(p.heading for p in scene.panels) else 0.0
    panels_width = count * (right - left) + (count - 1) * PANEL_GAP_MM
    card_width = _aside_width(scene.asides, heading + bottom - top)
    asides_height = sum(card_width * a.ratio + a.caption_height for a in scene.asides) \
        + ASIDE_SPACING_MM * max(0, len(scene.asides) - 1)
    stage_height = max(heading + bottom - top, asides_height)
    width = max(MIN_WIDTH_MM, panels_width + aside_width + 1.0)
    lines: list[tuple[str, float, str, str]] = []
    lines += [(t, TITLE_MM, "bold", INK) for t in _wrap(scene.title, width, TITLE_MM)]
    lines += [(t, CAPTION_MM, "normal", INK) for t in _wrap(scene.caption, width, CAPTION_MM)]
    if scene.verdict is not None:
        reason = (scene.verdict.message or scene.verdict.code).rstrip(". ")  # a message may end in its own stop
        said = "Legal." if scene.verdict else f"Not allowed: {reason}."
        lines += [(t, CAPTION_MM, "bold", INK if scene.verdict else ALERT) for t in _wrap(said, width, CAPTION_MM)]
    if scene.outcome:
        lines += [(t, CAPTION_MM, "bold", INK) for t in _wrap(scene.outcome, width, CAPTION_MM)]
    legend, legend_height = _legend_block(_legend(painter), painter.notes, width)
    text_height = sum(size * 1.35 for _, size, _, _ in lines) + (2.0 if lines else 0.0)
    height = stage_height + text_height + legend_height + 1.5
    dwg = svgwrite.Drawing(size=(f"{width:.3f}mm", f"{height:.3f}mm"), viewBox=f"0 0 {width:.3f} {height:.3f}")
    dwg.attribs.update({"id": f"diagram-{scene.id}", "class": "rule-diagram"})
    _face_down_pattern(dwg)
    start = (width - panels_width - aside_width) / 2
    for n, panel in enumerate(scene.panels):
        prefix = f"p{n + 1}-"
        clip = dwg.defs.add(dwg.clipPath(id=f"{prefix}clip"))
        clip.add(svgwrite.shapes.Rect((0, 0), (r3(canvas.width), r3(canvas.height))))
        x = start + n * (right - left + PANEL_GAP_MM) - left
        stage = Group(transform=f"translate({r3(x)},{r3(heading - top)})")
        if panel.heading:
            stage.add(label(panel.heading, canvas.width / 2, top - 1.2, CAPTION_MM, INK, "bold", class_="heading"))
        stage.add(painter.panel(panel, prefix))
        dwg.add(stage)
    y = 0.0
    x = start + panels_width + ASIDE_GAP_MM + (ASIDE_CARD_MM - card_width) / 2
    for n, aside in enumerate(scene.asides):
        dwg.add(_aside(aside, n + 1, x, y, card_width))
        y += card_width * aside.ratio + aside.caption_height + ASIDE_SPACING_MM
    y = stage_height + 2.0
    for content, size, weight, colour in lines:
        y += size * 1.1
        dwg.add(label(content, 0.5, y, size, colour, weight, "start", class_="caption"))
        y += size * 0.25
    legend.attribs["transform"] = f"translate(0.5,{r3(y)})"
    dwg.add(legend)
    return str(dwg.tostring())
