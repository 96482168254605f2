"""Drawing a rule diagram: a close-up of the board in the light theme, the position, and the engine's marks."""
from __future__ import annotations

import math
import textwrap

import svgwrite
import svgwrite.container
import svgwrite.path
import svgwrite.shapes
from svgwrite.container import Group

from ....compose.marks import text
from ..examples import Run
from ....game import Game
from ....render.board import render_board
from ....render.emblems import emblem
from ..rules.tables import square_grid
from ..rules import Piece
from ....theme import Theme, text_on
from .marks import Arrow, Marks


#: Widest a diagram's board part gets, in mm.
MAX_WIDTH_MM = 130.0
#: Largest square size of a close-up, in mm.
MAX_CELL_MM = 13.0
INK = "#1b1b1b"
ALERT = "#b0001e"
ICE = "#4aa3df"


class _Canvas:
    """Square positions of the diagram's view, in mm relative to the view's top-left corner."""

    def __init__(self, game: Game, view: str):
        grid = square_grid(game)
        if view == "board":
            cols = [grid.coords(s)[0] for s in grid.cells()]  # type: ignore[index]
            rows = [grid.coords(s)[1] for s in grid.cells()]  # type: ignore[index]
        else:
            (c1, r1), (c2, r2) = (grid.coords(s) for s in view.split(":"))  # type: ignore[misc]
            cols, rows = [c1, c2], [r1, r2]
        self.grid = grid
        self.col0, self.col1 = min(cols), max(cols)
        self.row0, self.row1 = min(rows), max(rows)
        self.columns, self.rows = self.col1 - self.col0 + 1, self.row1 - self.row0 + 1
        self.cell = round(min(MAX_CELL_MM, MAX_WIDTH_MM / self.columns), 2)
        self.width, self.height = self.columns * self.cell, self.rows * self.cell

    def inside(self, square: str) -> bool:
        col, row = self.grid.coords(square)  # type: ignore[misc]
        return self.col0 <= col <= self.col1 and self.row0 <= row <= self.row1

    def centre(self, square: str) -> tuple[float, float]:
        col, row = self.grid.coords(square)  # type: ignore[misc]
        return (col - self.col0 + 0.5) * self.cell, (self.row1 - row + 0.5) * self.cell

    def board_offset(self) -> tuple[float, float]:
        """Where the full board's top-left corner lies, so the view's corner lands at (0, 0)."""
        return -(self.col0 - 1) * self.cell, -(self.grid.rows - self.row1) * self.cell


def _r(value: float) -> float:
    return round(value, 3)


def draw_piece(square: str, piece: Piece, cx: float, cy: float, cell: float, game: Game, theme: Theme,
               faded: bool = False) -> Group:
    """A playing piece seen from above: a disc in its player's colour with the player's emblem.

    Merged pieces show a second disc beneath; frozen ones an ice ring and the
    activated freeze token; a carried item sits on the piece's shoulder.
    """
    player = game.player(piece.owner)
    colour = theme.colour(player.colour)
    radius = cell * 0.34
    g = Group(id=f"piece-{square}", class_=f"piece {piece.owner}" + (" merged" if piece.merged else "")
              + (" frozen" if piece.frozen else ""), opacity="0.35" if faded else "1")
    if piece.merged:
        g.add(svgwrite.shapes.Circle((_r(cx + cell * 0.06), _r(cy + cell * 0.07)), _r(radius), fill=colour,
                                     stroke=INK, stroke_width=0.3))
    g.add(svgwrite.shapes.Circle((_r(cx), _r(cy)), _r(radius), fill=colour, stroke=INK, stroke_width=0.3))
    g.add(emblem(player.emblem, cx, cy, radius * 1.25, text_on(theme, colour)))
    if piece.merged:
        g.add(text("2", cx - radius * 0.9, cy - radius * 0.55, cell * 0.2, INK, "bold", "middle"))
    if piece.frozen:
        g.add(svgwrite.shapes.Circle((_r(cx), _r(cy)), _r(radius + cell * 0.05), fill="none", stroke=ICE,
                                     stroke_width=_r(cell * 0.05)))
    if piece.item:
        g.add(draw_item(piece.item, cx + radius * 0.8, cy - radius * 0.8, cell * 0.36, game, theme,
                        active=piece.frozen))
    return g


def draw_item(item_id: str, cx: float, cy: float, size: float, game: Game, theme: Theme,
              active: bool = False) -> Group:
    """A flag or weapon token, drawn small (on a piece's shoulder, lying on a square, or at its origin)."""
    item = game.item(item_id)
    colour = theme.colours.get(item.colour or "", INK)
    g = Group(class_=f"item {item.kind}")
    g.add(svgwrite.shapes.Circle((_r(cx), _r(cy)), _r(size / 2), fill="#ffffff", stroke=colour,
                                 stroke_width=_r(max(0.25, size * 0.08))))
    g.add(emblem("freeze-active" if active else item.kind, cx, cy, size * 0.7, colour))
    return g


def _arrowhead(x1: float, y1: float, x2: float, y2: float, size: float, colour: str) -> svgwrite.shapes.Polygon:
    angle = math.atan2(y2 - y1, x2 - x1)
    left = (x2 - size * math.cos(angle - 0.45), y2 - size * math.sin(angle - 0.45))
    right = (x2 - size * math.cos(angle + 0.45), y2 - size * math.sin(angle + 0.45))
    return svgwrite.shapes.Polygon([(_r(x2), _r(y2)), (_r(left[0]), _r(left[1])), (_r(right[0]), _r(right[1]))],
                                   fill=colour)


def _shorten(points: list[tuple[float, float]], start: float, end: float) -> list[tuple[float, float]]:
    (x0, y0), (x1, y1) = points[0], points[1]
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    points[0] = (x0 + (x1 - x0) * start / d, y0 + (y1 - y0) * start / d)
    (xa, ya), (xb, yb) = points[-2], points[-1]
    d = math.hypot(xb - xa, yb - ya) or 1.0
    points[-1] = (xb - (xb - xa) * end / d, yb - (yb - ya) * end / d)
    return points


def draw_arrow(arrow: Arrow, canvas: _Canvas, numbered: bool) -> Group:
    """One move, pass or strike as an arrow; a jump arches, a transport is doubled, gate travel is dashed."""
    c = canvas.cell
    g = Group(id=f"arrow-{arrow.step}", class_=f"mark arrow {arrow.style}")
    g.attribs["data-squares"] = " ".join(arrow.squares + ((arrow.gate_to,) if arrow.gate_to else ()))
    points = _shorten([canvas.centre(s) for s in arrow.squares], c * 0.2, c * 0.28)
    width = c * 0.07
    dash = {"strike": f"{c * 0.12:.2f},{c * 0.08:.2f}", "send": f"{c * 0.04:.2f},{c * 0.08:.2f}",
            "exchange": f"{c * 0.04:.2f},{c * 0.08:.2f}", "throw": f"{c * 0.15:.2f},{c * 0.07:.2f}",
            "return": f"{c * 0.06:.2f},{c * 0.06:.2f}"}.get(arrow.style)
    colour = ALERT if arrow.style == "strike" else INK
    (x0, y0), (x1, y1) = points[0], points[-1]
    if arrow.style == "jump":
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        nx, ny = -(y1 - y0), (x1 - x0)
        length = math.hypot(nx, ny) or 1.0
        cx, cy = mx + nx / length * c * 0.6, my + ny / length * c * 0.6
        g.add(svgwrite.path.Path(d=f"M{_r(x0)},{_r(y0)} Q{_r(cx)},{_r(cy)} {_r(x1)},{_r(y1)}", fill="none",
                                 stroke=colour, stroke_width=_r(width), stroke_linecap="round"))
        g.add(_arrowhead(cx, cy, x1, y1, c * 0.25, colour))
        label_at = ((x0 + 2 * cx + x1) / 4, (y0 + 2 * cy + y1) / 4)
    else:
        attrs = dict(fill="none", stroke=colour, stroke_width=_r(width * (2.2 if arrow.style == "transport" else 1)),
                     stroke_linecap="round", stroke_linejoin="round")
        if dash:
            attrs["stroke_dasharray"] = dash
        g.add(svgwrite.shapes.Polyline([(_r(x), _r(y)) for x, y in points], **attrs))
        if arrow.style == "transport":
            g.add(svgwrite.shapes.Polyline([(_r(x), _r(y)) for x, y in points], fill="none", stroke="#ffffff",
                                           stroke_width=_r(width * 0.8), stroke_linecap="round"))
        if arrow.style == "exchange":
            g.add(_arrowhead(*points[1], *points[0], c * 0.25, colour))
        xa, ya = points[-2]
        g.add(_arrowhead(xa, ya, x1, y1, c * 0.25, colour))
        (ax, ay), (bx, by) = points[0], points[1]
        seg = math.hypot(bx - ax, by - ay) or 1.0
        label_at = ((ax + bx) / 2 - (by - ay) / seg * c * 0.2, (ay + by) / 2 + (bx - ax) / seg * c * 0.2)
    if arrow.gate_to and canvas.inside(arrow.gate_to):
        gx, gy = canvas.centre(arrow.squares[-1])
        lx, ly = canvas.centre(arrow.gate_to)
        hop = _shorten([(gx, gy), (lx, ly)], c * 0.3, c * 0.36)
        g.add(svgwrite.shapes.Line((_r(hop[0][0]), _r(hop[0][1])), (_r(hop[1][0]), _r(hop[1][1])), stroke=INK,
                                   stroke_width=_r(width * 0.8), stroke_dasharray=f"{c * 0.1:.2f},{c * 0.1:.2f}",
                                   class_="gate-travel"))
        g.add(_arrowhead(*hop[0], *hop[1], c * 0.22, INK))
    if numbered:
        lx, ly = label_at
        g.add(svgwrite.shapes.Circle((_r(lx), _r(ly)), _r(c * 0.15), fill="#ffffff", stroke=INK, stroke_width=0.3))
        g.add(text(str(arrow.step), lx, ly + c * 0.07, c * 0.2, INK, "bold", "middle", class_="step-number"))
    return g


def _vacant_origins(game: Game, run: Run, canvas: _Canvas) -> Group:
    """Cover the printed emblem of every flag or weapon that is not at its origin, so the board never shows it twice."""
    g = Group(id="vacant", class_="vacant-origins")
    state = run.states[0]
    c = canvas.cell
    for mark in game.board.marks:
        if mark.item and mark.item not in state.stored:
            for square in mark.at:
                if canvas.inside(square):
                    x, y = canvas.centre(square)
                    g.add(svgwrite.shapes.Circle((_r(x), _r(y)), _r(c * 0.36), fill="#ffffff", fill_opacity="0.85",
                                                 stroke=INK, stroke_width=_r(c * 0.025),
                                                 stroke_dasharray=f"{c * 0.06:.2f},{c * 0.05:.2f}",
                                                 id=f"vacant-{square}", class_="mark vacant"))
    return g


def _marks_group(marks: Marks, canvas: _Canvas, numbered: bool, game: Game, theme: Theme) -> Group:
    c = canvas.cell
    g = Group(id="marks", class_="marks")
    for square in marks.reach:
        if canvas.inside(square):
            x, y = canvas.centre(square)
            g.add(svgwrite.shapes.Rect((_r(x - c * 0.42), _r(y - c * 0.42)), (_r(c * 0.84), _r(c * 0.84)),
                                       fill="none", stroke=ALERT, stroke_width=_r(c * 0.035),
                                       stroke_dasharray=f"{c * 0.08:.2f},{c * 0.06:.2f}", id=f"reach-{square}",
                                       class_="mark reach"))
    for square, code in marks.blocked:
        if canvas.inside(square):
            x, y = canvas.centre(square)
            blk = Group(id=f"blocked-{square}", class_=f"mark blocked {code}")
            r = c * 0.16
            bx, by = x - c * 0.3, y + c * 0.3
            blk.add(svgwrite.shapes.Circle((_r(bx), _r(by)), _r(r), fill="#ffffff", stroke=ALERT,
                                           stroke_width=_r(c * 0.045)))
            blk.add(svgwrite.shapes.Line((_r(bx - r * 0.7), _r(by + r * 0.7)), (_r(bx + r * 0.7), _r(by - r * 0.7)),
                                         stroke=ALERT, stroke_width=_r(c * 0.045)))
            g.add(blk)
    for arrow in marks.arrows:
        g.add(draw_arrow(arrow, canvas, numbered))
    for square in marks.destinations:
        if canvas.inside(square):
            x, y = canvas.centre(square)
            g.add(svgwrite.shapes.Circle((_r(x + c * 0.3), _r(y + c * 0.3)), _r(c * 0.1), fill=INK, stroke="#ffffff",
                                         stroke_width=_r(c * 0.03), id=f"dest-{square}", class_="mark destination"))
    for square in marks.merges:
        if canvas.inside(square):
            x, y = canvas.centre(square)
            g.add(svgwrite.shapes.Circle((_r(x + c * 0.3), _r(y + c * 0.3)), _r(c * 0.1), fill="#ffffff", stroke=INK,
                                         stroke_width=_r(c * 0.04), id=f"merge-{square}", class_="mark merge-target"))
    for square in marks.targets:
        if canvas.inside(square):
            x, y = canvas.centre(square)
            g.add(svgwrite.shapes.Circle((_r(x), _r(y)), _r(c * 0.44), fill="none", stroke=ALERT,
                                         stroke_width=_r(c * 0.05), id=f"target-{square}", class_="mark target"))
    for square in marks.eliminated:
        if canvas.inside(square):
            x, y = canvas.centre(square)
            d = c * 0.3
            g.add(svgwrite.path.Path(d=f"M{_r(x - d)},{_r(y - d)} L{_r(x + d)},{_r(y + d)} M{_r(x - d)},{_r(y + d)} "
                                       f"L{_r(x + d)},{_r(y - d)}", stroke=ALERT, stroke_width=_r(c * 0.06),
                                     fill="none", id=f"eliminated-{square}", class_="mark eliminated"))
    for item, square in marks.returned:
        if canvas.inside(square):
            x, y = canvas.centre(square)
            back = draw_item(item, x, y, c * 0.5, game, theme)
            back.attribs["id"] = f"returned-{square}"
            back.attribs["class"] = "mark returned"
            g.add(back)
    if marks.illegal_at and canvas.inside(marks.illegal_at):
        x, y = canvas.centre(marks.illegal_at)
        d = c * 0.3
        g.add(svgwrite.path.Path(d=f"M{_r(x - d)},{_r(y - d)} L{_r(x + d)},{_r(y + d)} M{_r(x - d)},{_r(y + d)} "
                                   f"L{_r(x + d)},{_r(y - d)}", stroke=ALERT, stroke_width=_r(c * 0.11),
                                 stroke_linecap="round", fill="none", id=f"illegal-{marks.illegal_at}",
                                 class_="mark illegal"))
    return g


#: Legend entries: (mark kind, label). Shown only for the marks a diagram uses.
LEGEND = (("step", "move"), ("jump", "merged two-square move"), ("transport", "rapid transport"),
          ("gate", "through a gate"), ("strike", "weapon used"), ("send", "item passed"),
          ("destination", "legal destination"), ("merge", "can merge here"), ("reach", "weapon reaches"),
          ("blocked", "blocks the weapon"), ("target", "can be hit"), ("eliminated", "eliminated"),
          ("returned", "item back at its origin"),
          ("illegal", "not allowed"))


def _used_marks(marks: Marks, canvas: _Canvas) -> list[str]:
    """The legend entries for the marks this diagram draws inside its view."""
    seen = canvas.inside
    used = {a.style if a.style in ("step", "jump", "transport", "strike") else "send" for a in marks.arrows
            if a.style not in ("drop", "return", "throw")}
    used |= {"step" for a in marks.arrows if a.style in ("drop", "throw", "return")}
    used |= {"gate" for a in marks.arrows if a.gate_to}
    for name, squares in (("destination", marks.destinations), ("merge", marks.merges), ("reach", marks.reach),
                          ("blocked", [sq for sq, _ in marks.blocked]), ("target", marks.targets),
                          ("eliminated", marks.eliminated), ("illegal", [marks.illegal_at] if marks.illegal_at else []),
                          ("returned", [sq for _, sq in marks.returned])):
        if any(seen(sq) for sq in squares):
            used.add(name)
    return [kind for kind, _ in LEGEND if kind in used]


def _legend_icon(kind: str, x: float, y: float) -> Group:
    g = Group()
    if kind in ("step", "jump", "transport", "strike", "send", "gate"):
        colour = ALERT if kind == "strike" else INK
        dash = {"strike": "1.2,0.8", "send": "0.4,0.8", "gate": "1,1"}.get(kind)
        attrs = dict(stroke=colour, stroke_width=0.7 if kind != "transport" else 1.5)
        if dash:
            attrs["stroke_dasharray"] = dash
        g.add(svgwrite.shapes.Line((_r(x), _r(y)), (_r(x + 5), _r(y)), **attrs))
        g.add(_arrowhead(x, y, x + 6.5, y, 2.0, colour))
    elif kind == "destination":
        g.add(svgwrite.shapes.Circle((_r(x + 3), _r(y)), 1.2, fill=INK))
    elif kind == "merge":
        g.add(svgwrite.shapes.Circle((_r(x + 3), _r(y)), 1.2, fill="#ffffff", stroke=INK, stroke_width=0.45))
    elif kind == "reach":
        g.add(svgwrite.shapes.Rect((_r(x + 0.5), _r(y - 2.2)), (4.4, 4.4), fill="none", stroke=ALERT,
                                   stroke_width=0.4, stroke_dasharray="0.9,0.6"))
    elif kind == "blocked":
        g.add(svgwrite.shapes.Circle((_r(x + 3), _r(y)), 1.8, fill="#ffffff", stroke=ALERT, stroke_width=0.5))
        g.add(svgwrite.shapes.Line((_r(x + 1.8), _r(y + 1.2)), (_r(x + 4.2), _r(y - 1.2)), stroke=ALERT,
                                   stroke_width=0.5))
    elif kind == "returned":
        g.add(svgwrite.shapes.Circle((_r(x + 3), _r(y)), 2.0, fill="#ffffff", stroke=INK, stroke_width=0.4))
        g.add(svgwrite.shapes.Circle((_r(x + 3), _r(y)), 0.9, fill=INK))
    elif kind == "target":
        g.add(svgwrite.shapes.Circle((_r(x + 3), _r(y)), 2.0, fill="none", stroke=ALERT, stroke_width=0.5))
    else:  # eliminated, illegal
        w = 0.5 if kind == "eliminated" else 1.0
        g.add(svgwrite.path.Path(d=f"M{_r(x + 1.5)},{_r(y - 1.5)} L{_r(x + 4.5)},{_r(y + 1.5)} M{_r(x + 1.5)},"
                                   f"{_r(y + 1.5)} L{_r(x + 4.5)},{_r(y - 1.5)}", stroke=ALERT, stroke_width=w,
                                 fill="none"))
    return g


def _wrap(content: str, width: float, size: float) -> list[str]:
    return textwrap.wrap(content, max(10, int(width / (size * 0.5))))


def diagram_svg(game: Game, run: Run, marks: Marks, theme: Theme, captioned: bool = True) -> str:
    """The diagram of one example as a standalone SVG document sized in mm.

    With ``captioned`` the title, caption, verdict and a legend of the marks
    used are printed under the board; without, only the board and its
    coordinates (for books that set their own captions).
    """
    example = run.example
    canvas = _Canvas(game, example.view)
    c = canvas.cell
    band = max(3.5, c * 0.4)
    full = render_board(game, theme, c, frame=0, only={sq for sq in game.board.squares if canvas.inside(sq)})
    ox, oy = canvas.board_offset()
    width = band + canvas.width + 1.0
    lines: list[tuple[str, float, str, str]] = []  # (text, size, weight, colour)
    if captioned:
        lines += [(line, 3.6, "bold", INK) for line in _wrap(example.title, width, 3.6 * 1.08)]
        lines += [(line, 2.9, "normal", INK) for line in _wrap(example.caption, width, 2.9)]
        if marks.reason:
            lines += [(line, 2.9, "bold", ALERT) for line in _wrap(f"Not allowed: {marks.reason}.", width, 2.9)]
        if marks.winner:
            who = game.player(marks.winner).name
            lines.append((f"{who} wins ({(marks.win_reason or '').replace('-', ' ')}).", 2.9, "bold", INK))
    legend = _used_marks(marks, canvas) if captioned else []
    text_height = sum(size * 1.35 for _, size, _, _ in lines) + (2.0 if lines else 0.0)
    per_row = max(1, int(width // 42))
    legend_height = math.ceil(len(legend) / per_row) * 5.0 + 2.5
    height = canvas.height + band + text_height + legend_height + 1.0
    dwg = svgwrite.Drawing(size=(f"{width:.3f}mm", f"{height:.3f}mm"), viewBox=f"0 0 {width:.3f} {height:.3f}")
    dwg.attribs["class"] = "rule-diagram"
    dwg.attribs["id"] = f"diagram-{example.id}"
    clip = dwg.defs.add(dwg.clipPath(id=f"view-{example.id}"))
    clip.add(svgwrite.shapes.Rect((0, 0), (_r(canvas.width), _r(canvas.height))))
    stage = Group(transform=f"translate({_r(band)},0.5)")
    board = Group(clip_path=f"url(#view-{example.id})")
    moved = Group(transform=f"translate({_r(ox)},{_r(oy)})")
    moved.add(full.group)
    board.add(moved)
    stage.add(board)
    pieces = Group(id="pieces")
    state = run.states[0]
    for square, flag in state.lying.items():
        if canvas.inside(square):
            x, y = canvas.centre(square)
            lying = draw_item(flag, x, y, c * 0.5, game, theme)
            lying.attribs["id"] = f"lying-{square}"
            pieces.add(lying)
    for square, piece in state.pieces.items():
        if canvas.inside(square):
            x, y = canvas.centre(square)
            pieces.add(draw_piece(square, piece, x, y, c, game, theme, faded=square in marks.eliminated))
    stage.add(_vacant_origins(game, run, canvas))
    stage.add(pieces)
    stage.add(_marks_group(marks, canvas, len(marks.arrows) > 1, game, theme))
    stage.add(svgwrite.shapes.Rect((0, 0), (_r(canvas.width), _r(canvas.height)), fill="none", stroke=INK,
                                   stroke_width=0.35))
    labels = Group(id="coordinates", class_="coordinates")
    size = min(2.8, band * 0.7)
    for col in range(canvas.col0, canvas.col1 + 1):
        x = (col - canvas.col0 + 0.5) * c
        labels.add(text(canvas.grid.labels[col - 1], x, canvas.height + band * 0.8, size, INK, "600", "middle"))
    for row in range(canvas.row0, canvas.row1 + 1):
        y = (canvas.row1 - row + 0.5) * c + size * 0.35
        labels.add(text(str(row), -band * 0.5, y, size, INK, "600", "middle"))
    stage.add(labels)
    dwg.add(stage)
    y = canvas.height + band + 1.0 + 2.0
    for content, size, weight, colour in lines:
        y += size * 1.1
        dwg.add(text(content, 0.5, y, size, colour, weight, class_="caption"))
        y += size * 0.25
    if legend:
        y += 4.5
        for n, kind in enumerate(legend):
            x = 0.5 + (n % per_row) * 42
            row_y = y + (n // per_row) * 5.0
            dwg.add(_legend_icon(kind, x, row_y - 1.0))
            dwg.add(text(dict(LEGEND)[kind], x + 8, row_y, 2.6, INK, class_=f"legend-{kind}"))
    return str(dwg.tostring())
