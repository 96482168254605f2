"""Text set in the project's sans font, for every renderer and composer: a line placed by its baseline, and the
sizes and line breaks that make it fit a width."""
from __future__ import annotations

import svgwrite.text

from ..model.printspec import MIN_TEXT_MM
from ..output.fonts import SANS, register_reportlab_font


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
    # Imported here, when first needed, to keep start-up fast: reportlab's metrics load 25 ms of modules (PIL with
    # them), and many drawings measure no text.
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font = register_reportlab_font("Sans-Bold" if weight in ("bold", "600") else "Sans")
    return float(stringWidth(line, font, size))


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
