"""Printer's marks drawn on sheets: scale bars, crop ticks, alignment targets, assembly maps."""
from __future__ import annotations

import svgwrite.container
import svgwrite.shapes
import svgwrite.text
from svgwrite.container import Group

from ..model.printspec import MIN_LINE_MM
from ..render.text import text


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
