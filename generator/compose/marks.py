"""Printer's marks drawn on sheets: scale bars, crop ticks, alignment targets, assembly maps."""
from __future__ import annotations

import svgwrite.container
import svgwrite.shapes
import svgwrite.text
from svgwrite.container import Group

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..fonts import SANS, register_reportlab_fonts
from ..printspec import MIN_LINE_MM, MIN_TEXT_MM


def text(content: str, x: float, y: float, size: float, fill: str = "#000000", weight: str = "normal",
         anchor: str = "start", **extra: object) -> svgwrite.text.Text:
    """A line of text in the project's sans font, placed by its baseline."""
    return svgwrite.text.Text(content, insert=(round(x, 3), round(y, 3)), font_family=SANS, font_size=round(size, 3),
                              font_weight=weight, fill=fill, text_anchor=anchor, **extra)


def fit_size(line: str, width: float, size: float, em: float = 0.52) -> float:
    """The largest font size up to ``size`` at which ``line`` fits ``width`` mm (``em``: mean glyph width)."""
    return min(size, width / max(1.0, len(line) * em))


def text_width(line: str, size: float, weight: str = "normal") -> float:
    """Width in mm of ``line`` set in the project's sans at ``size`` mm, from the font's real glyph widths."""
    register_reportlab_fonts()
    return float(stringWidth(line, "Sans-Bold" if weight in ("bold", "600") else "Sans", size))


def fit_lines(content: str, width: float, size: float, weight: str = "normal") -> tuple[float, list[str]]:
    """Set ``content`` in ``width`` mm: one line shrunk from ``size`` down to :data:`MIN_TEXT_MM` if that fits,
    else lines broken between words at :data:`MIN_TEXT_MM` (a word too long for a line stands alone)."""
    one = min(size, size * width / max(text_width(content, size, weight), 1e-6))
    if one >= MIN_TEXT_MM or " " not in content:
        return max(one, MIN_TEXT_MM), [content]
    size = MIN_TEXT_MM
    lines: list[str] = []
    for word in content.split():
        if lines and text_width(f"{lines[-1]} {word}", size, weight) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return size, lines


#: A scale bar's thickness, its caption's size and how far the caption's baseline lies below the bar's top, in mm.
BAR_MM, BAR_CAPTION_MM, BAR_CAPTION_DROP_MM = 3.0, 2.3, 6.0
#: How far below its top a horizontal scale bar's caption reaches, descenders included (a quarter of its size), mm.
SCALE_BAR_DEPTH_MM = BAR_CAPTION_DROP_MM + BAR_CAPTION_MM * 0.25


def scale_bar(x: float, y: float, length: float = 100.0, vertical: bool = False, ink: str = "#000000",
              paper: str = "#ffffff") -> Group:
    """A bar exactly ``length`` mm long in alternating 10 mm blocks, labelled so users can check the print scale.

    (x, y) is the bar's start; horizontal bars run east, vertical ones north. A horizontal bar's caption reaches
    :data:`SCALE_BAR_DEPTH_MM` below ``y``.
    """
    thick = BAR_MM
    g = Group(id="scale-bar", class_="scale-bar")
    g.attribs["data-length-mm"] = f"{length:g}"
    blocks = int(length // 10)
    for i in range(blocks):
        fill = ink if i % 2 == 0 else paper
        if vertical:
            g.add(svgwrite.shapes.Rect((x, round(y - (i + 1) * 10, 3)), (thick, 10), fill=fill))
        else:
            g.add(svgwrite.shapes.Rect((round(x + i * 10, 3), y), (10, thick), fill=fill))
    size = (thick, length) if vertical else (length, thick)
    origin = (x, y - length) if vertical else (x, y)
    g.add(svgwrite.shapes.Rect(origin, size, fill="none", stroke=ink, stroke_width=MIN_LINE_MM,
                               class_="scale-bar-outline"))
    label = f"This bar is {length:g} mm long. If it is not, print again at 100 % (actual size)."
    if vertical:
        g.add(text(label, x + thick + 2.6, y, BAR_CAPTION_MM, ink,
                   transform=f"rotate(-90 {x + thick + 2.6:.3f} {y:.3f})"))
    else:
        g.add(text(label, x, y + BAR_CAPTION_DROP_MM, BAR_CAPTION_MM, ink))
    return g


def crop_ticks(x1: float, y1: float, x2: float, y2: float, printable: tuple[float, float, float, float],
               ink: str = "#000000", reach: float = 5.0, gap: float = 1.0) -> Group:
    """Two short lines continuing the cut line from (x1, y1) to (x2, y2) beyond both ends, ``gap`` mm off the art.

    A tick runs outward for ``reach`` mm, shortened where it would leave ``printable`` ((x0, y0, x1, y1) of the
    area the printer can reach); it never moves back over the art. The layout leaves room for it.
    """
    g = Group(class_="cut-mark", stroke=ink, stroke_width=MIN_LINE_MM)
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    px0, py0, px1, py1 = printable
    inset = MIN_LINE_MM / 2
    for (sx, sy), sign in (((x1, y1), -1.0), ((x2, y2), 1.0)):
        ex, ey = sign * ux, sign * uy
        # the printable edge met going outward on each axis (a start on or past that edge leaves no room)
        room = gap + reach
        for start, step, low, high in ((sx, ex, px0, px1), (sy, ey, py0, py1)):
            if abs(step) > 1e-9:
                room = min(room, ((high if step > 0 else low) - start) / step - inset)
        if room > gap:
            g.add(svgwrite.shapes.Line((round(sx + ex * gap, 3), round(sy + ey * gap, 3)),
                                       (round(sx + ex * room, 3), round(sy + ey * room, 3))))
    return g


def target(x: float, y: float, radius: float = 2.2, ink: str = "#000000", paper: str = "#ffffff") -> Group:
    """An alignment target: a ring and cross centred on (x, y)."""
    g = Group(class_="alignment-mark")
    g.add(svgwrite.shapes.Circle((round(x, 3), round(y, 3)), radius, fill=paper, stroke=ink, stroke_width=0.3))
    g.add(svgwrite.shapes.Line((round(x - radius * 1.5, 3), round(y, 3)), (round(x + radius * 1.5, 3), round(y, 3)),
                               stroke=ink, stroke_width=0.3))
    g.add(svgwrite.shapes.Line((round(x, 3), round(y - radius * 1.5, 3)), (round(x, 3), round(y + radius * 1.5, 3)),
                               stroke=ink, stroke_width=0.3))
    return g


def assembly_map(x: float, y: float, width: float, rows: int, columns: int, current: tuple[int, int],
                 ink: str = "#000000", highlight: str = "#b3261e") -> Group:
    """A small map of how the sheets fit together, with this sheet filled in."""
    g = Group(class_="assembly-map")
    cw = width / columns
    ch = cw * 0.7
    for r in range(rows):
        for c in range(columns):
            here = (r, c) == current
            cx, cy = x + c * cw, y + r * ch
            g.add(svgwrite.shapes.Rect((round(cx, 3), round(cy, 3)), (round(cw, 3), round(ch, 3)),
                                       fill=highlight if here else "#ffffff", stroke=ink, stroke_width=0.3))
            g.add(text(str(r * columns + c + 1), cx + cw / 2, cy + ch / 2 + 1.2, 3.2,
                       "#ffffff" if here else ink, "bold", "middle"))
    return g
