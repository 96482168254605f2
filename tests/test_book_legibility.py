"""Book pictures are never printed so small that their text falls under 6 pt."""
from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.units import mm

from generator.errors import SpecError
from generator.model.game import Game
from generator.model.printspec import MIN_TEXT_PT
from generator.rulebook.board_art import board_map, map_cell
from generator.rulebook.book import Rulebook
from generator.rulebook.hooks import FigureArt
from generator.rulebook.layout import NARROWEST_MEASURE_MM
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


def _wide_figure(width_mm: float, text_mm: float) -> FigureArt:
    """A strip ``width_mm`` wide, 20 mm tall, whose one label is ``text_mm`` tall at natural size."""
    return FigureArt(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_mm}mm" height="20mm" '
                     f'viewBox="0 0 {width_mm} 20"><rect x="0" y="0" width="{width_mm}" height="20" fill="none" '
                     f'stroke="black"/><text x="2" y="12" font-size="{text_mm}">a1</text></svg>')


def test_a_figure_whose_text_would_print_under_6_pt_in_an_edition_is_located(game: Game, tmp_path: Path) -> None:
    # 2.2 mm text is 6.24 pt: the 150 mm strip may shrink to 144.3 mm, which the A4 measure (160 mm) gives it and
    # the half-Letter booklet's (109.7 mm) does not.
    folder = tmp_path / "templates"
    (folder / "rulebook").mkdir(parents=True)
    chapter = folder / "rulebook" / "01-only.md.j2"
    chapter.write_text("# Title\n\nText.\n\n{{ figure(\"strip\", \"A strip.\") }}\n", encoding="utf-8")
    rulebook = Rulebook(game, templates=folder)
    rulebook.figures.built_in["strip"] = lambda: _wide_figure(150.0, 2.2)
    assert rulebook.build("a4").pdf
    with pytest.raises(SpecError) as caught:
        rulebook.build("half-letter")
    [problem] = caught.value.problems
    assert (problem.file, problem.line) == (f"{chapter} (rendered)", 6)
    assert problem.message == ("figure 'strip' would print its smallest text at 4.56 pt, under 6 pt: it needs "
                               "144.3 mm and the 109.7 mm measure of the half-letter rulebook gives it 109.7 mm")
    assert f"{NARROWEST_MEASURE_MM:.1f} mm wide" in problem.hint


def test_a_board_map_too_wide_for_the_narrowest_measure_is_drawn_smaller(game: Game) -> None:
    theme = game.theme("classic")
    cell = map_cell(game, theme, 9.0)  # 9 mm squares would not fit the half-Letter booklet's measure
    assert cell < 9.0 and art_from_svg("map", board_map(game, theme, 9.0)).narrowest <= NARROWEST_MEASURE_MM * mm
    assert map_cell(game, theme, cell) == cell  # the largest that fits: a tenth of a mm more does not
    assert map_cell(game, theme, round(cell + 0.1, 1)) == cell
    assert map_cell(game, theme, 5.0) == 5.0  # a map that fits keeps its squares
