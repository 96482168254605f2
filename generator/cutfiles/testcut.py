"""A machine's test page: a few small pieces of every shape the kit cuts, and a 100 mm strip to measure.

Cut it once before the kit's sheets: it shows whether the machine reads the
marks (or Cricut's frame), whether the blade goes through the card without
cutting the mat, and whether cut and print agree (the strip holds the
printed 100 mm scale bar: cut out, it measures 100 mm and its bar sits in
the middle). The pieces are placed by the punch sheets' own
:func:`~generator.compose.punch.pack` and drawn by their renderers.
"""
from __future__ import annotations

from dataclasses import dataclass

import svgwrite.path

from ..compose.marks import scale_bar
from ..compose.punch import FOOTER_MM, HEADER_MM, drawing, heading, pack
from ..model.faces import Face
from ..model.pieces import Component, SheetSettings, outline_size, shape_height
from ..model.printers import PaperSetup
from ..model.printspec import MIN_LINE_MM
from ..render.pieces import render_face, render_standee
from ..model.theme import Theme
from .paths import CutPath, placement_path

#: The test pieces: (shape, width in mm, how many); small ones, as a kit's smallest markers are.
TEST_PIECES = (("disc", 10.0, 4), ("disc", 15.0, 4), ("hex", 15.0, 4), ("square", 15.0, 4), ("standee", 10.0, 1))
#: The test card: width, height and corner radius in mm.
TEST_CARD = (30.0, 42.0, 3.0)
#: The strip round the 100 mm scale bar: how far it reaches above and below the bar's top edge.
STRIP_ABOVE_MM, STRIP_BELOW_MM = 2.0, 4.2
#: The test pieces' colours: a light grey ground and black ink (the cut line is black on it).
GROUND, INK = "#d9d9d9", "#000000"


@dataclass(frozen=True)
class TestPage:
    """A machine's test page: its name in file names, its paper setup, its SVG and its cut paths."""

    name: str
    setup: PaperSetup
    svg: str
    paths: list[CutPath]


def _pieces() -> list[tuple[Component, tuple[float, float]]]:
    """The test pieces as components with their faces' sizes, tallest first (the punch sheets' order)."""
    out = []
    for n, (shape, width, count) in enumerate(TEST_PIECES):
        face = Face("", "ground", "ink", glyph=f"{width:g}")
        c = Component(f"test-{shape}-{n}", shape, "", count, face, face, shape)
        out += [(c, (width, round(shape_height(shape, width), 3)))] * count
    w, h, _ = TEST_CARD
    card = Face("", "ground", "ink", label="card")
    out.append((Component("test-card", "card", "", 1, card, card, "square"), (w, h)))
    return sorted(out, key=lambda p: (-outline_size(p[0].shape, *p[1])[1], -p[1][0]))


def test_page(setup: PaperSetup, machine: str, theme: Theme) -> TestPage:
    """The test page of ``machine`` on ``setup`` (already the machine's paper setup)."""
    x0, y0, x1, y1 = setup.printable
    settings = SheetSettings()
    area = (x0, y0 + HEADER_MM, x1, y1 - FOOTER_MM)
    placed = pack(_pieces(), area, settings.gutter_mm, settings.reach_mm)[0]  # the area holds them all
    palette = {"ground": GROUND, "ink": INK}
    page = drawing(setup.page)
    page.add(heading(f"TEST CUT \u00b7 {machine.upper()}", [
        "Cut this page before the kit's sheets, on the card you will use. Every piece should come away whole, "
        "the mat uncut, each cut line just gone.",
        "The strip round the scale bar measures 100 mm once cut, with the bar in its middle: if it does not, "
        "check that the page was printed at 100 %."], setup.printable, theme))
    paths = []
    for p in placed:
        x, y = p.centre
        c = p.component
        if c.id == "test-card":
            w, h, r = TEST_CARD
            card = CutPath(c.id, "card", p.centre, (w, h), r)
            page.add(svgwrite.path.Path(d=card.svg_d(), fill=GROUND, stroke=INK, stroke_width=MIN_LINE_MM,
                                        class_="cut-line"))  # true arcs: cairo draws a rect's rx corners 0.03 r off
            paths.append(card)
            continue
        if c.shape == "standee":
            page.add(render_standee(c.front, c.back, palette, x, y, p.width, p.height, settings.bleed_mm, c.id))
        else:
            page.add(render_face(c.front, palette, x, y, p.width, settings.bleed_mm, True, c.id, c.shape, p.height))
        paths.append(placement_path(p))
    bar = ((x0 + x1) / 2 - 50, y1 - FOOTER_MM + 1.5)
    page.add(scale_bar(*bar, 100.0, ink=INK))
    strip = CutPath("scale-strip", "square", (bar[0] + 50, bar[1] + (STRIP_BELOW_MM - STRIP_ABOVE_MM) / 2),
                    (100.0, STRIP_ABOVE_MM + STRIP_BELOW_MM))
    page.add(svgwrite.path.Path(d=strip.svg_d(), fill="none", stroke=INK, stroke_width=MIN_LINE_MM,
                                class_="cut-line"))
    paths.append(strip)
    name = f"test-{setup.paper.lower()}" if machine == "silhouette" else "test"
    return TestPage(name, setup, page.tostring(), paths)
