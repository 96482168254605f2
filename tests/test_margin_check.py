"""The margin check sees thin ink near the edge: a descender 0.1 mm inside the margin fails it, 0.1 mm outside passes.

The pages are written by the kit's own SVG-to-PDF path; where the descender really ends is measured from a
1200 dpi rendering, not assumed from font metrics.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.render.text import text
from generator.compose.punch import drawing
from generator.output.inspect_pdf import MARGIN_DPI, render_page
from generator.output.pdf import PdfOptions, write_pdf
from generator.kit.preflight import ink_in_margin
from generator.model.printers import load_printer

PAGE = (210.0, 297.0)
#: The default printer profile's margin: a quarter inch on every side.
MARGIN = max(load_printer().setup("A4").margins)
PROBE_DPI = 1200.0


def _caption_page(path: Path, baseline: float) -> Path:
    """An A4 page with one line of small text ('Scale: 100 mm, yyy') whose baseline is ``baseline`` mm down."""
    page = drawing(PAGE)
    page.add(text("Scale: 100 mm, gypsy jpg", 40.0, baseline, 2.4, "#000000"))
    return write_pdf([page.tostring()], path, PdfOptions(title="margin probe"))


def _lowest_ink_mm(path: Path) -> float:
    """How far down the page the lowest inked pixel reaches, in mm, from a fine rendering."""
    inked = render_page(path, 0, PROBE_DPI).convert("L").point(lambda v: 255 if v < 250 else 0)
    box = inked.getbbox()
    assert box is not None
    return box[3] / PROBE_DPI * 25.4


def _descender_at(tmp_path: Path, depth: float) -> Path:
    """A page whose descenders end ``depth`` mm inside the bottom margin (negative: that far clear of it)."""
    probe = _caption_page(tmp_path / "probe.pdf", 250.0)
    bottom = _lowest_ink_mm(probe)
    target = PAGE[1] - MARGIN + depth
    return _caption_page(tmp_path / f"caption-{depth:+.2f}.pdf", 250.0 + target - bottom)


def test_the_default_profile_keeps_a_quarter_inch_clear() -> None:
    assert load_printer().setup("A4").margins == (6.35,) * 4
    assert load_printer().setup("letter").margins == (6.35,) * 4


def test_a_descender_a_tenth_of_a_millimetre_inside_the_margin_fails(tmp_path: Path) -> None:
    pdf = _descender_at(tmp_path, 0.1)
    assert PAGE[1] - _lowest_ink_mm(pdf) == pytest.approx(MARGIN - 0.1, abs=0.03)
    assert ink_in_margin(pdf, 0, MARGIN) > 0
    assert MARGIN_DPI >= 254  # a pixel no wider than 0.1 mm


def test_a_descender_a_tenth_of_a_millimetre_clear_of_the_margin_passes(tmp_path: Path) -> None:
    pdf = _descender_at(tmp_path, -0.1)
    assert PAGE[1] - _lowest_ink_mm(pdf) == pytest.approx(MARGIN + 0.1, abs=0.03)
    assert ink_in_margin(pdf, 0, MARGIN) == 0


def test_the_old_coarse_check_missed_it(tmp_path: Path) -> None:
    """At 50 dpi a pixel is half a millimetre: the check the kit used before saw nothing of this descender."""
    pdf = _descender_at(tmp_path, 0.1)
    assert ink_in_margin(pdf, 0, MARGIN, dpi=50) == 0


def _ink_above_bottom_mm(path: Path, page: int = 0, band: float = 12.0, dpi: float = 2400.0) -> float:
    """How far above the page's bottom edge the lowest ink of a page lies, in mm, from a fine rendering of the
    bottom ``band`` mm only."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        sheet = doc[page]
        _, height = sheet.get_size()
        image = sheet.render(scale=dpi / 72.0, crop=(0, 0, 0, height - band / 25.4 * 72), grayscale=True).to_pil()
        box = image.convert("L").point(lambda v: 255 if v < 250 else 0).getbbox()
        assert box is not None
        return (image.size[1] - box[3]) / dpi * 25.4
    finally:
        doc.close()


def test_the_scale_bar_caption_of_a_sheet_ends_clear_of_the_margin(tmp_path: Path) -> None:
    """A sheet's 100 mm bar and its caption (descenders included) stay out of the quarter-inch margin: the decal
    and punch sheets once inked 0.02 mm into it."""
    from generator.compose.decals import decal_pages
    from generator.model.game import load_game
    from generator.play.registry import load_components

    game = load_game("dravakron")
    components = load_components(game)
    assert components is not None
    pages = decal_pages(game, game.theme("classic"), components.decals, load_printer().setup("A4"))
    pdf = write_pdf(pages[:1], tmp_path / "decals.pdf", PdfOptions(title="decals"))
    assert _ink_above_bottom_mm(pdf) >= MARGIN
