"""Print formats: paper sizes and how a board is laid out on one or more sheets."""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import pagesizes
from reportlab.lib.units import mm

from ..errors import Problem
from .validate import check_schema
from .yamlsource import Document

#: Paper sizes in millimetres, portrait (width, height): reportlab's, the one source of them.
PAPER_MM: dict[str, tuple[float, float]] = {
    name: (round(w / mm, 2), round(h / mm, 2))
    for name, (w, h) in (("A3", pagesizes.A3), ("A4", pagesizes.A4), ("A5", pagesizes.A5),
                         ("letter", pagesizes.LETTER), ("legal", pagesizes.LEGAL), ("tabloid", pagesizes.TABLOID))
}
#: The thinnest line the kit prints, in millimetres (thinner ones vanish on home printers).
MIN_LINE_MM = 0.25
#: The smallest text the kit prints for a person to read, in points, and the same in millimetres (SVG units).
MIN_TEXT_PT = 6.0
MIN_TEXT_MM = MIN_TEXT_PT * 25.4 / 72.0
#: The least colour a back carries past each side of its cut line: a home printer's second side drifts this much.
MIN_BLEED_MM = 2.0
#: How far inside a cut line everything meant to be read stays (a card's indexes, a piece's emblem and letters).
SAFE_MM = 2.0
#: The narrowest detail of a piece's art at its printed size (a line, a gap, a dot): cut small, thinner ones blur.
MIN_DETAIL_MM = 2 * MIN_LINE_MM


@dataclass(frozen=True)
class PrintFormat:
    """One way to print a board: paper, square size, and the sheets it is tiled across."""

    name: str
    paper: str
    orientation: str
    square_mm: float
    sheet_rows: int = 1
    sheet_columns: int = 1
    glue_mm: float = 12.0
    margin_mm: float = 6.0

    @property
    def page_mm(self) -> tuple[float, float]:
        """Page width and height in millimetres, in this format's orientation."""
        w, h = PAPER_MM[self.paper]
        return (max(w, h), min(w, h)) if self.orientation == "landscape" else (min(w, h), max(w, h))

    @property
    def tiled(self) -> bool:
        """True when the board spans more than one sheet."""
        return self.sheet_rows * self.sheet_columns > 1

    @property
    def sheet_count(self) -> int:
        """How many sheets the board is printed on."""
        return self.sheet_rows * self.sheet_columns

    @property
    def small_paper(self) -> str:
        """The paper for punch sheets and books that go with this format (A4 or letter)."""
        return "letter" if self.paper in ("letter", "legal", "tabloid") else "A4"


def load_print(doc: Document) -> tuple[dict[str, PrintFormat], list[Problem]]:
    """Validate a print spec and return its formats by name."""
    problems = check_schema(doc, "print")
    if problems:
        return {}, problems
    margin = float(doc.data.get("margin_mm", 6.0))
    formats = {}
    for name, f in doc.data["formats"].items():
        sheets = f.get("sheets", {"rows": 1, "columns": 1})
        formats[name] = PrintFormat(name, f["paper"], f.get("orientation", "landscape"), float(f["square_mm"]),
                                    sheets["rows"], sheets["columns"], float(f.get("glue_mm", 12.0)), margin)
    return formats, []
