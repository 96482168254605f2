"""Book pictures are never printed so small that their text falls under 6 pt."""
from __future__ import annotations

import pytest
from reportlab.lib.units import mm

from generator.model.printspec import MIN_TEXT_PT
from generator.rulebook.overlay import PT_PER_MM, art_from_svg, smallest_text_pt

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="40mm" viewBox="0 0 {vb} 40">'
       '<text x="1" y="5" font-size="3.0">big</text>'
       '<g transform="translate(4,4) scale(0.5)"><text x="1" y="9" font-size="4.0">scaled</text></g>'
       '<text x="1" y="20" style="font-size: 5px">styled</text><text x="1" y="30" font-size="1"> </text></svg>')


def test_the_smallest_text_is_read_through_transforms_and_the_view_box() -> None:
    # The scaled text is 4.0 * 0.5 = 2 mm; an empty text element does not count.
    assert smallest_text_pt(SVG.format(w=100, vb=100), 100) == pytest.approx(2.0 * PT_PER_MM)
    # The same drawing declared 200 mm wide on a 100-unit view box prints everything twice as large.
    assert smallest_text_pt(SVG.format(w=200, vb=100), 200) == pytest.approx(4.0 * PT_PER_MM)
    assert smallest_text_pt('<svg xmlns="http://www.w3.org/2000/svg" width="9mm" height="9mm"/>', 9) == 0.0


def test_a_picture_knows_the_narrowest_width_that_keeps_its_text_legible() -> None:
    art = art_from_svg("sample", SVG.format(w=100, vb=100))
    assert art.smallest_text == pytest.approx(2.0 * PT_PER_MM)
    # 2 mm text is 5.67 pt: the picture may not print narrower than 100 mm * 6 / 5.67.
    assert art.narrowest == pytest.approx(100 * mm * MIN_TEXT_PT / (2.0 * PT_PER_MM))
    assert art.narrowest > art.width
    blank = art_from_svg("blank", '<svg xmlns="http://www.w3.org/2000/svg" width="9mm" height="9mm"/>')
    assert blank.narrowest == 0.0
