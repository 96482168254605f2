"""The quicker drawing of plain SVG elements (generator.output.quick_draw) gives what cairosvg's own routine gives:
plain shapes the very same page content, plain lines of text the same glyphs within a thousandth of a millimetre."""
from __future__ import annotations

import io

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops

from generator.output.fonts import use_project_fonts_in_cairo
from generator.model.game import load_game
from generator.output.pdf import svgs_to_pdf_bytes
from generator.rulebook.diagram_art import draw_rule_example

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


#: Plain shapes of every kind, with the strokes, joins, caps, dashes, fills and transforms the renderers write.
SHAPES = [
    '<polygon points="5,5 30,5 30,20 5,20" fill="#a9621c" stroke="#222" stroke-width="0.4" stroke-linejoin="round"/>',
    '<polygon points="40,5 60,25 40,25" fill="none" stroke="#1f4fd1" stroke-width="0.8" stroke-linejoin="bevel" '
    'stroke-dasharray="0.22,0.51" stroke-linecap="round"/>',
    '<circle cx="75" cy="15" r="8" fill="#107f89" fill-opacity="0.22" stroke="black" stroke-width="0.3"/>',
    '<ellipse cx="15" cy="40" rx="9" ry="5" fill="#877420" stroke-opacity="0.5" stroke="red"/>',
    '<line x1="30" y1="35" x2="60" y2="45" stroke="#000" stroke-width="0.5" stroke-linecap="square"/>',
    '<polyline points="65,35 75,45 85,35" fill="none" stroke="green" stroke-width="1" stroke-miterlimit="2"/>',
    '<rect x="5" y="55" width="20" height="10" rx="2" fill="#eee" stroke="#333" stroke-width="0.2"/>',
    '<rect x="30" y="55" width="0" height="10" fill="black"/>',
    '<path d="M40 55 h20 a5 5 0 0 1 0 10 h-20 z M45 58 l3 3 l-3 3 z" fill="#c00" fill-rule="evenodd" '
    'transform="rotate(10 50 60)"/>',
    '<rect x="70" y="55" width="20" height="12" fill="url(#hatch)" stroke="#000" stroke-width="0.3"/>',
]
#: Groups that move their children and hand strokes and fills down, one holding a clipped shape.
GROUPS = [
    '<g transform="translate(2,70) scale(0.5)" stroke="#444" stroke-width="0.6" stroke-linejoin="round" '
    'stroke-dasharray="1,1" class="panel"><polygon points="0,0 20,0 10,15" fill="#fc0"/>'
    '<g transform="rotate(30)" fill="#0a0"><circle cx="30" cy="5" r="4"/><rect x="40" y="0" width="6" height="6" '
    'clip-path="url(#half)"/></g></g>',
]
DEFS = ('<defs><pattern id="hatch" width="2" height="2" patternUnits="userSpaceOnUse">'
        '<rect width="1" height="2" fill="#555"/></pattern><clipPath id="half"><rect width="50" height="95"/>'
        '</clipPath><marker id="tip" markerWidth="2" markerHeight="2" refX="1" refY="1"><circle cx="1" cy="1" r="1"/>'
        '</marker></defs>')
#: Shapes cairosvg still draws itself: clipped, with markers, with a group opacity.
NOT_PLAIN_SHAPES = [
    '<circle cx="20" cy="80" r="6" fill="blue" clip-path="url(#half)"/>',
    '<line x1="40" y1="80" x2="60" y2="80" stroke="black" marker-end="url(#tip)"/>',
    '<rect x="70" y="75" width="10" height="10" fill="black" opacity="0.8"/>',
]


def _svg(lines: list[str]) -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="95mm" viewBox="0 0 100 95">'
            + DEFS + "".join(lines) + "</svg>")


def _content(pdf: bytes) -> bytes:
    """The page's drawing operations, as written."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return pikepdf.unparse_content_stream(pikepdf.parse_content_stream(doc.pages[0]))


def _pixels(pdf: bytes) -> Image.Image:
    page = pdfium.PdfDocument(pdf)[0]
    return page.render(scale=300 / 72).to_pil().convert("RGB")


def _shows(pdf: bytes) -> list[str]:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return [str(op) for _, op in pikepdf.parse_content_stream(doc.pages[0]) if str(op) in ("Tj", "TJ", "'", '"')]


def _cairosvg(svg: str) -> bytes:
    """The page as cairosvg draws it on its own."""
    use_project_fonts_in_cairo()
    import cairosvg

    result: bytes = cairosvg.svg2pdf(bytestring=svg.encode())
    return result


@pytest.fixture(scope="module")
def reference() -> bytes:
    """The lines of text as cairosvg draws them, letter by letter."""
    return _cairosvg(_svg(PLAIN + NOT_PLAIN))


def test_plain_shapes_are_drawn_with_the_very_same_operations() -> None:
    svg = _svg(SHAPES + GROUPS + NOT_PLAIN_SHAPES)
    assert _content(svgs_to_pdf_bytes([svg])) == _content(_cairosvg(svg))


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


def test_only_plain_lines_and_shapes_take_the_quicker_way() -> None:
    from cairosvg.parser import Tree

    from generator.output.quick_draw import plain_shape, plain_text

    texts = [node for node in Tree(bytestring=_svg(PLAIN + NOT_PLAIN).encode()).children if node.tag == "text"]
    assert [plain_text(node) for node in texts] == [True] * len(PLAIN) + [False] * len(NOT_PLAIN)
    shapes = [node for node in Tree(bytestring=_svg(SHAPES + NOT_PLAIN_SHAPES).encode()).children
              if node.tag not in ("defs", "g")]
    assert [plain_shape(node) for node in shapes] == [True] * len(SHAPES) + [False] * len(NOT_PLAIN_SHAPES)


@pytest.mark.parametrize("name", ["dravakron", "dragon-eyes", "drako"])
def test_a_real_rule_diagram_looks_as_cairosvg_draws_it(name: str) -> None:
    """A whole rule diagram (board, pieces, marks, captions, legend), drawn the quicker way and by cairosvg alone."""
    game = load_game(name)
    example = sorted((game.folder / "examples").glob("*.yaml"))[0]
    svg = draw_rule_example(game, example, True).svg
    ours, theirs = svgs_to_pdf_bytes([svg]), _cairosvg(svg)
    mine, reference = _glyphs(ours), _glyphs(theirs)
    assert [c for c, _ in mine] == [c for c, _ in reference]
    shift = max(abs(a - b) for (_, box), (_, other) in zip(mine, reference) for a, b in zip(box, other)) * 25.4 / 72
    assert shift < 0.005
    levels = ImageChops.difference(_pixels(ours), _pixels(theirs)).convert("L").histogram()
    assert sum(levels[9:]) < sum(levels) / 2000
