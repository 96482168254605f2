"""The duplex calibration sheet: millimetre scales on the front, one line behind each scale's zero on the back.

Printed two-sided and held against the light, each back line shows through
where the printer really put it: the scale under it reads the printer's
front-to-back offset, which goes into the printer profile.
"""
from __future__ import annotations

import svgwrite
import svgwrite.container
import svgwrite.shapes
from svgwrite.container import Group

from ..model.game import Game
from ..model.printers import PaperSetup
from ..model.theme import Theme
from ..model.printspec import MIN_LINE_MM
from .marks import scale_bar, target
from ..render.text import fit_size, text
from .punch import MARK_RADIUS, Flip, drawing, duplex_safe, heading, mark_points


#: The scales read from -RANGE_MM to +RANGE_MM, with a tick every STEP_MM.
RANGE_MM, STEP_MM = 6.0, 1.0
#: Every how many ticks a long, numbered tick stands (signed numbers need the room).
LABEL_EVERY = 3
#: Lengths of the ticks of even and odd millimetres, and of the back's pointer lines.
LONG_TICK, SHORT_TICK, POINTER = 10.0, 5.0, 36.0
#: Width of the pointer lines, thick enough to show through paper.
POINTER_WIDTH = 0.5
#: Where the worked example's pretend back line crosses its scale.
EXAMPLE_MM = 1.5


def scale_centres(safe: tuple[float, float, float, float]) -> dict[str, tuple[float, float]]:
    """Where the zero of the x scale (across) and of the y scale (up and down) sit on the front."""
    mx, my = (safe[0] + safe[2]) / 2, safe[1] + 110.0
    return {"x": (mx - 40, my), "y": (mx + 40, my)}


def _line(a: tuple[float, float], b: tuple[float, float], **attrs: object) -> svgwrite.shapes.Line:
    return svgwrite.shapes.Line((round(a[0], 3), round(a[1], 3)), (round(b[0], 3), round(b[1], 3)), **attrs)


def signed(mm: float) -> str:
    """A scale reading with its sign: '\u22124', '0', '+4' (minus is the true minus sign)."""
    sign = "+" if mm > 0 else "\u2212"
    return "0" if mm == 0 else f"{sign}{abs(mm):g}"


def _scale(axis: str, x: float, y: float, ink: str, muted: str, caption: bool = True) -> Group:
    """A tick every millimetre across the zero at (x, y), signed numbers on every third.

    The x scale runs left to right with upright ticks; the y scale runs top to
    bottom with level ticks. Readings count right and down as plus.
    """
    g = Group(class_=f"calibration-scale scale-{axis}")
    ticks = Group(stroke=ink, stroke_width=MIN_LINE_MM)
    steps = int(RANGE_MM / STEP_MM)
    for i in range(-steps, steps + 1):
        at, half = i * STEP_MM, (LONG_TICK if i % LABEL_EVERY == 0 else SHORT_TICK) / 2
        if axis == "x":
            ticks.add(_line((x + at, y - half), (x + at, y + half)))
        else:
            ticks.add(_line((x - half, y + at), (x + half, y + at)))
        if i % LABEL_EVERY == 0:
            weight = "bold" if i == 0 else "normal"
            label = signed(at)
            if axis == "x":
                g.add(text(label, x + at, y - LONG_TICK / 2 - 1.2, 2.4, ink, weight, "middle"))
            else:
                g.add(text(label, x - LONG_TICK / 2 - 1.2, y + at + 0.8, 2.4, ink, weight, "end"))
    g.add(ticks)
    if axis == "x":
        g.add(text("\u2190 minus: back is left", x - RANGE_MM - 1, y + LONG_TICK / 2 + 4.0, 2.4, muted, anchor="end"))
        g.add(text("plus: right \u2192", x + RANGE_MM + 1, y + LONG_TICK / 2 + 4.0, 2.4, muted))
        if caption:
            g.add(text("ACROSS: x", x, y - RANGE_MM - 8.0, 3.6, ink, "bold", "middle"))
    else:
        g.add(text("\u2191 minus: back is higher", x + LONG_TICK / 2 + 2.0, y - RANGE_MM + 0.8, 2.4, muted))
        g.add(text("\u2193 plus: lower", x + LONG_TICK / 2 + 2.0, y + RANGE_MM + 0.8, 2.4, muted))
        if caption:
            g.add(text("UP AND DOWN: y", x, y - RANGE_MM - 8.0, 3.6, ink, "bold", "middle"))
    return g


def _example(x: float, y: float, ink: str, muted: str) -> Group:
    """A small x scale with a grey line where a back line might show through, and how it reads."""
    g = Group(class_="calibration-example")
    g.add(_scale("x", x, y, ink, muted, caption=False))
    g.add(_line((x + EXAMPLE_MM, y - POINTER / 4), (x + EXAMPLE_MM, y + POINTER / 4), stroke="#9a9a9a",
                stroke_width=POINTER_WIDTH, opacity=0.8))
    g.add(text(f"Example: the line from the back shows through here, so x = +{EXAMPLE_MM:g}", x,
               y - LONG_TICK / 2 - 6.0, 2.6, muted, anchor="middle"))
    return g


def _steps(setup: PaperSetup) -> list[str]:
    ox, oy = setup.offset
    return [
        f"1. Print this page and the next two-sided on {setup.label} paper, at 100 % (actual size), turning on the "
        f"{setup.duplex} edge.",
        "2. Hold the sheet against a window or a lamp with this side towards you.",
        "3. Read in mm where the back's dark line crosses each scale: right and down are plus (+), "
        "left and up minus (\u2212).",
        f"4. Add the readings to duplex_offset_mm in printer profile '{setup.profile}' (it now says x: {ox:g}, "
        f"y: {oy:g}) and build the kit again.",
        "5. The backs of the pieces then move to make up for your printer; printed again, this sheet reads 0.",
    ]


def calibration_pages(game: Game, theme: Theme, setup: PaperSetup) -> list[str]:
    """The front and back SVG pages of the calibration sheet for one paper, drawn for ``setup``'s printer."""
    flip = Flip(setup.duplex, setup.page)
    safe = duplex_safe(setup, flip)
    ink, muted = theme.colour("text"), theme.colour("muted-text")

    def back_of(x: float, y: float) -> tuple[float, float]:
        return flip.back_of(x, y, setup.offset)

    front = drawing(setup.page)
    front.add(heading(f"{game.title.upper()} \u00b7 DUPLEX CALIBRATION \u00b7 {setup.label.upper()}",
                      [f"Shows how far printer profile '{setup.profile}' puts the back of a sheet from its front."],
                      safe, theme))
    y = safe[1] + 24.0
    for line in _steps(setup):
        front.add(text(line, safe[0] + 10, y, fit_size(line, safe[2] - safe[0] - 20, 2.7), ink))
        y += 5.0
    front.add(_example((safe[0] + safe[2]) / 2, y + 14.0, ink, muted))
    centres = scale_centres(safe)
    below = centres["x"][1] + RANGE_MM + 16.0
    for axis, (x, _) in centres.items():
        front.add(text(f"{axis} = ________ mm", x, below, 3.2, ink, anchor="middle"))
    back = drawing(setup.page)
    for axis, (x, y) in centres.items():
        front.add(_scale(axis, x, y, ink, muted))
        bx, by = back_of(x, y)
        ends = ((bx, by - POINTER / 2), (bx, by + POINTER / 2)) if axis == "x" else \
            ((bx - POINTER / 2, by), (bx + POINTER / 2, by))
        back.add(_line(*ends, stroke="#000000", stroke_width=POINTER_WIDTH, class_=f"pointer pointer-{axis}"))
    front.add(scale_bar((safe[0] + safe[2]) / 2 - 50, safe[3] - 14.0, 100.0, ink=ink))
    for x, y in mark_points(safe):
        front.add(target(x, y, MARK_RADIUS, ink))
        back.add(target(*back_of(x, y), MARK_RADIUS, ink))
    lx, ly = back_of((safe[0] + safe[2]) / 2, safe[1] + 6.0)
    back.add(text("Back of the calibration sheet: look at the other side, held against the light.", lx, ly, 2.8,
                  muted, anchor="middle"))
    return [front.tostring(), back.tostring()]
