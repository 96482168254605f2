"""Page formats and type styles of the rulebook and the player aid.

Sizes scale with each format's body size, so the A5 booklet and the A4 and
US Letter books share one design. Colours come from the theme the book
pictures use.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm

from ..model.printspec import PAPER_MM

from ..model.theme import Theme


@dataclass(frozen=True)
class PageFormat:
    """A page size with its margins (mm) and body type size (pt)."""

    name: str
    width: float
    height: float
    top: float
    bottom: float
    side: float
    body: float

    @property
    def size(self) -> tuple[float, float]:
        """Page size in points."""
        return self.width * mm, self.height * mm

    @property
    def measure(self) -> float:
        """Width of the text area in mm: the widest a figure prints."""
        return self.width - 2 * self.side

    @property
    def frame(self) -> tuple[float, float, float, float]:
        """x, y, width, height of the text area in points."""
        return self.side * mm, self.bottom * mm, self.measure * mm, (self.height - self.top - self.bottom) * mm


#: Half a US Letter sheet (5.5 by 8.5 inches), the page of the Letter booklet, in mm.
HALF_LETTER_MM = (PAPER_MM["letter"][1] / 2, PAPER_MM["letter"][0])

#: The books' formats: two single-sided books, and the pages of the A4 and the Letter booklet.
FORMATS: dict[str, PageFormat] = {
    "a4": PageFormat("a4", *PAPER_MM["A4"], 24.0, 22.0, 25.0, 10.5),
    "letter": PageFormat("letter", *PAPER_MM["letter"], 22.0, 20.0, 26.0, 10.5),
    "a5": PageFormat("a5", *PAPER_MM["A5"], 17.0, 16.0, 15.0, 9.0),
    "half-letter": PageFormat("half-letter", *HALF_LETTER_MM, 17.0, 16.0, 15.0, 9.0),
}
#: The narrowest measure of the books' formats, mm (the half-Letter booklet's): a picture no wider, or whose
#: smallest text still reads at 6 pt when shrunk to it, prints legibly in every edition. The game's own pictures
#: (board maps, component charts) are drawn to it.
NARROWEST_MEASURE_MM = min(fmt.measure for fmt in FORMATS.values())


@dataclass(frozen=True)
class Palette:
    """The book's colours."""

    ink: Color
    muted: Color
    accent: Color
    tint: Color
    rule: Color


def palette(theme: Theme) -> Palette:
    """The book's colours, taken from a theme."""
    return Palette(HexColor(theme.colour("text")), HexColor(theme.colour("muted-text")),
                   HexColor(theme.colour("accent")), HexColor(theme.colour("zone-neutral")),
                   HexColor(theme.colour("grid-line")))


@dataclass(frozen=True)
class Styles:
    """Every paragraph style of a book in one format."""

    body: ParagraphStyle
    bullet: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    note: ParagraphStyle
    caption: ParagraphStyle
    cell: ParagraphStyle
    head_cell: ParagraphStyle
    toc: tuple[ParagraphStyle, ParagraphStyle]
    cover_title: ParagraphStyle
    cover_subtitle: ParagraphStyle
    cover_line: ParagraphStyle
    index: ParagraphStyle
    colours: Palette


def make_styles(fmt: PageFormat, theme: Theme) -> Styles:
    """The styles of a book in ``fmt``, coloured from ``theme``."""
    size = fmt.body
    lead = round(size * 1.36, 2)
    c = palette(theme)
    body = ParagraphStyle("body", fontName="Serif", fontSize=size, leading=lead, textColor=c.ink,
                          alignment=TA_LEFT, spaceAfter=lead * 0.5, allowWidows=0, allowOrphans=0)
    bullet = ParagraphStyle("bullet", parent=body, leftIndent=size * 1.5, bulletIndent=size * 0.3,
                            bulletFontName="Serif", spaceAfter=lead * 0.22)
    heading = {"fontName": "Sans-Bold", "textColor": c.ink, "keepWithNext": 1, "allowWidows": 0}
    h1 = ParagraphStyle("h1", fontSize=size * 1.9, leading=size * 2.3, spaceBefore=lead * 0.6,
                        spaceAfter=lead * 0.75, **{**heading, "textColor": c.accent})
    h2 = ParagraphStyle("h2", fontSize=size * 1.3, leading=size * 1.6, spaceBefore=lead * 0.9,
                        spaceAfter=lead * 0.35, **heading)
    h3 = ParagraphStyle("h3", fontSize=size * 1.05, leading=lead, spaceBefore=lead * 0.55, spaceAfter=lead * 0.15,
                        **{**heading, "fontName": "Sans-Semibold"})
    sans = size * 0.94
    note = ParagraphStyle("note", fontName="Sans", fontSize=sans, leading=sans * 1.32, textColor=c.ink,
                          spaceAfter=sans * 0.4)
    caption = ParagraphStyle("caption", fontName="Sans", fontSize=size * 0.84, leading=size * 1.12,
                             textColor=c.muted, alignment=TA_LEFT, spaceBefore=size * 0.45)
    cell = ParagraphStyle("cell", fontName="Sans", fontSize=size * 0.88, leading=size * 1.12, textColor=c.ink)
    head_cell = ParagraphStyle("head-cell", parent=cell, fontName="Sans-Bold")
    toc1 = ParagraphStyle("toc1", fontName="Sans-Semibold", fontSize=size, leading=size * 1.25,
                          spaceBefore=size * 0.45, textColor=c.ink)
    toc2 = ParagraphStyle("toc2", fontName="Sans", fontSize=size * 0.88, leading=size * 1.12, textColor=c.ink,
                          leftIndent=size * 1.6)
    cover_title = ParagraphStyle("cover-title", fontName="Sans-Bold", fontSize=size * 4.6, leading=size * 5.2,
                                 textColor=c.accent, alignment=TA_CENTER)
    cover_subtitle = ParagraphStyle("cover-subtitle", fontName="Serif-Italic", fontSize=size * 1.9,
                                    leading=size * 2.4, textColor=c.ink, alignment=TA_CENTER, spaceBefore=size)
    cover_line = ParagraphStyle("cover-line", fontName="Sans", fontSize=size * 1.05, leading=size * 1.5,
                                textColor=c.muted, alignment=TA_CENTER)
    index = ParagraphStyle("index", parent=cell, leftIndent=size * 1.2, firstLineIndent=-size * 1.2,
                           spaceAfter=size * 0.2)
    return Styles(body, bullet, h1, h2, h3, note, caption, cell, head_cell, (toc1, toc2), cover_title,
                  cover_subtitle, cover_line, index, c)
