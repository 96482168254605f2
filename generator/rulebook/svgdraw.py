"""SVG in millimetres to a reportlab Drawing (vector art), with the project's fonts."""
from __future__ import annotations

import io

from reportlab.graphics.shapes import Drawing
from svglib.fonts import FontMap
from svglib.svglib import svg2rlg

from ..errors import UserError
from ..fonts import register_reportlab_fonts

_BOLD = {"bold", "bolder", "700", "800", "900"}
_SEMIBOLD = {"600", "semibold"}


class ProjectFonts(FontMap):
    """Maps every SVG font family to the registered Source Sans / Source Serif faces.

    'Source Serif Pro' (and other serif families) become ``Serif``, everything
    else ``Sans``; weights 700 and up are ``-Bold``, 600 ``-Semibold``, italic
    text ``-Italic``. Nothing falls back to an unembedded standard font.
    """

    def find_font(self, font_name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        """The reportlab font name for an SVG family, weight and style (always an exact match)."""
        name = font_name.lower()
        family = "Serif" if "serif" in name and "sans" not in name else "Sans"
        weight = str(weight).lower()
        if weight in _BOLD:
            return f"{family}-Bold", True
        if weight in _SEMIBOLD:
            return f"{family}-Semibold", True
        if style == "italic":
            return f"{family}-Italic", True
        return family, True


def to_drawing(svg: str, what: str) -> Drawing:
    """Convert an SVG document to a Drawing; ``what`` names the picture in the error if svglib cannot read it."""
    register_reportlab_fonts()
    drawing = svg2rlg(io.BytesIO(svg.encode("utf-8")), font_map=ProjectFonts())
    if drawing is None:
        raise UserError(f"{what}: the SVG could not be read")
    drawing.initialFontName = "Sans"  # reportlab's renderer would otherwise select Helvetica, unembedded
    return drawing
