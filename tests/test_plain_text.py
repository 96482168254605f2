"""Plain lines of SVG text are drawn in one call each, exactly where cairosvg's letter-by-letter drawing puts them."""
from __future__ import annotations

import io

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops

from generator.output.fonts import use_project_fonts_in_cairo
from generator.output.pdf import svgs_to_pdf_bytes

FONT = 'font-family="Source Sans Pro"'
#: Plain lines of every anchor, weight and size the renderers write, one turned a quarter, one half-transparent.
PLAIN = [
    f'<text x="10" y="12" {FONT} font-size="4.888" font-weight="bold" text-anchor="middle" fill="#a9621c">O</text>',
    f'<text x="5" y="24" {FONT} font-size="3.2" font-weight="600" text-anchor="start" fill="#1f4fd1">'
    'stopped by a starting point</text>',
    f'<text x="95" y="36" {FONT} font-size="2.6" font-weight="normal" text-anchor="end" fill="black">'
    'Sheet 2 of 4, top right (glue the strip)</text>',
    f'<text x="50" y="48" {FONT} font-size="3" text-anchor="middle" fill="#107f89" '
    'transform="rotate(-90 50 48)">Zagmora</text>',
    f'<text x="20" y="60" {FONT} font-size="5" fill="#000000" fill-opacity="0.5">Half ink, W &amp; V</text>',
]
#: Lines cairosvg still draws itself: spaced letters, a stroke, a list of positions, a span.
NOT_PLAIN = [
    f'<text x="10" y="72" {FONT} font-size="3" letter-spacing="0.3" fill="black">SPACED OUT</text>',
    f'<text x="10" y="80" {FONT} font-size="4" fill="white" stroke="black" stroke-width="0.2">Outlined</text>',
    f'<text x="10 14 18" y="88" {FONT} font-size="4" fill="black">abc</text>',
    f'<text x="40" y="88" {FONT} font-size="4" fill="black">in <tspan font-weight="bold">bold</tspan></text>',
]


def _svg(lines: list[str]) -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="95mm" viewBox="0 0 100 95">'
            + "".join(lines) + "</svg>")


def _pixels(pdf: bytes) -> Image.Image:
    page = pdfium.PdfDocument(pdf)[0]
    return page.render(scale=300 / 72).to_pil().convert("RGB")


def _shows(pdf: bytes) -> list[str]:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return [str(op) for _, op in pikepdf.parse_content_stream(doc.pages[0]) if str(op) in ("Tj", "TJ", "'", '"')]


@pytest.fixture(scope="module")
def reference() -> bytes:
    """The same page as cairosvg draws it on its own, letter by letter."""
    use_project_fonts_in_cairo()
    import cairosvg

    result: bytes = cairosvg.svg2pdf(bytestring=_svg(PLAIN + NOT_PLAIN).encode())
    return result


def _glyphs(pdf: bytes) -> list[tuple[str, tuple[float, ...]]]:
    """Every inked character of the page and its box (points), as PDFium reads them."""
    text = pdfium.PdfDocument(pdf)[0].get_textpage()
    return [(text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())
            if text.get_text_range(i, 1).strip()]


def test_plain_lines_look_as_cairosvg_draws_them(reference: bytes) -> None:
    ours = svgs_to_pdf_bytes([_svg(PLAIN + NOT_PLAIN)])
    mine, theirs = _glyphs(ours), _glyphs(reference)
    assert [c for c, _ in mine] == [c for c, _ in theirs]
    shift = max(abs(a - b) for (_, box), (_, other) in zip(mine, theirs) for a, b in zip(box, other)) * 25.4 / 72
    assert shift < 0.005  # mm: a glyph's /Widths advance in the PDF is rounded; letter by letter it is not
    levels = ImageChops.difference(_pixels(ours), _pixels(reference)).convert("L").histogram()
    assert sum(levels[9:]) < sum(levels) / 2000  # the same ink, but for a few pixels on the edges of glyphs


def test_each_plain_line_is_shown_in_one_operation() -> None:
    assert _shows(svgs_to_pdf_bytes([_svg(PLAIN)])) == ["Tj"] * len(PLAIN)


def test_only_plain_lines_take_the_quicker_way() -> None:
    from cairosvg.parser import Tree

    from generator.output.plain_text import is_plain

    texts = [node for node in Tree(bytestring=_svg(PLAIN + NOT_PLAIN).encode()).children if node.tag == "text"]
    assert [is_plain(node) for node in texts] == [True] * len(PLAIN) + [False] * len(NOT_PLAIN)
