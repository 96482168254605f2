"""Punch sheets of every game: smaller pieces fill the room beside taller rows, nothing overlaps or leaves its area,
and the sheet's heading ends above its first row.

Layouts are worked out for every game, format and way of printing (cheap: no PDF); the headings are read back from
the PDFs of one format per game (the fold-over sheets' long headings used to run into the first row).
"""
from __future__ import annotations

import math
from pathlib import Path

import pytest

from generator.compose.punch import (FOLD_CLEAR_MM, Placement, SheetLayout, duplex_layout, duplex_pages,
                                     foldover_layout, foldover_pages, header_height, small_print)
from generator.model.game import Game, load_game
from generator.output.inspect_pdf import page_count, text_boxes_mm, text_in_band
from generator.output.pdf import PdfOptions, write_pdf
from generator.model.pieces import Components
from generator.play.registry import load_components
from generator.model.printers import load_printer
from generator.model.printspec import PrintFormat

GAMES = ("dravakron", "drako", "ejderhalar", "dragon-eyes", "patrakill", "vatrakill")


def _components(game: Game) -> list[tuple[str, Components, PrintFormat]]:
    """(name, components, format) of every punch-sheet file of a game (Ejderhalar's tokens-only kit too)."""
    if game.id == "ejderhalar":
        from generator.games.ejderhalar.kit.tokens import kit_components, tokens_only_components
        tokens, board = tokens_only_components(game)
        return [(f, kit_components(game), game.format(f)) for f in game.formats] + [("tokens-only", tokens, board)]
    components = load_components(game)
    assert components is not None
    return [(f, components, game.format(f)) for f in game.formats]


def _layouts(game: Game, components: Components, fmt: PrintFormat) -> list[tuple[SheetLayout, tuple[float, ...]]]:
    """Both layouts of a format, each with the area its pieces (and their bleed) must keep to."""
    setup = load_printer(None).setup(fmt.small_paper)
    duplex, folded = duplex_layout(components, fmt, setup), foldover_layout(components, fmt, setup)
    x0, y0, x1, _ = setup.printable
    fold_lines = small_print(components, fmt, setup, "fold")[:-1]
    fold_area = (x0, y0 + header_height(fold_lines, (x0, y0, x1, folded.flip.fold_y), 0.0), x1,
                 folded.flip.fold_y - FOLD_CLEAR_MM)
    return [(duplex, duplex.safe), (folded, fold_area)]


def _box(p: Placement) -> tuple[float, float, float, float]:
    w, h = p.extent
    return (p.centre[0] - w / 2, p.centre[1] - h / 2, p.centre[0] + w / 2, p.centre[1] + h / 2)


def _apart(a: Placement, b: Placement) -> float:
    """How far apart the cut outlines of two pieces are: discs by their centres, pointy-top hexes across their three
    pairs of flat sides, other shapes by their boxes (which lie round them)."""
    if a.component.shape == b.component.shape == "disc":
        return math.dist(a.centre, b.centre) - (a.width + b.width) / 2
    if a.component.shape == b.component.shape == "hex":  # b's centre from the hex of both together (their sum)
        radius = (a.width + b.width) / math.sqrt(3)
        corners = [(radius * math.cos(math.radians(t)), radius * math.sin(math.radians(t))) for t in range(-90, 270, 60)]
        px, py = b.centre[0] - a.centre[0], b.centre[1] - a.centre[1]

        def to_side(s: tuple[float, float], e: tuple[float, float]) -> float:
            t = max(0.0, min(1.0, ((px - s[0]) * (e[0] - s[0]) + (py - s[1]) * (e[1] - s[1]))
                             / ((e[0] - s[0]) ** 2 + (e[1] - s[1]) ** 2)))
            return math.dist((px, py), (s[0] + t * (e[0] - s[0]), s[1] + t * (e[1] - s[1])))

        return min(to_side(s, e) for s, e in zip(corners, corners[1:] + corners[:1]))  # they never overlap here
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = _box(a), _box(b)
    return max(bx0 - ax1, ax0 - bx1, by0 - ay1, ay0 - by1)


@pytest.mark.parametrize("name", GAMES)
def test_every_piece_is_placed_once_apart_from_the_others_and_inside_its_area(name: str) -> None:
    game = load_game(name)
    for label, components, fmt in _components(game):
        want = sum(components.copies(c) for c in components.components)
        for layout, area in _layouts(game, components, fmt):
            reach, gutter = components.sheet.reach_mm, components.sheet.gutter_mm
            assert sum(len(sheet) for sheet in layout.sheets) == want, label
            for sheet in layout.sheets:
                assert sheet, label
                for i, a in enumerate(sheet):
                    x0, y0, x1, y1 = _box(a)
                    assert x0 - reach >= area[0] - 1e-6 and x1 + reach <= area[2] + 1e-6, (label, a.component.id)
                    if layout.flip.edge == "fold":
                        assert y0 - reach >= area[1] - 1e-6 and y1 + reach <= area[3] + 1e-6, (label, a.component.id)
                    for b in sheet[i + 1:]:
                        assert _apart(a, b) >= gutter - 1e-3, (label, a.component.id, b.component.id)


@pytest.mark.parametrize(("name", "fmt", "sheets"), [("vatrakill", "a4x4", 1), ("drako", "a4x4", 1),
                                                     ("drako", "letter-x4", 1), ("patrakill", "letter-x4", 1)])
def test_small_pieces_stand_beside_taller_rows_instead_of_on_a_sheet_of_their_own(name: str, fmt: str,
                                                                                sheets: int) -> None:
    """The four-sheet boards' pieces: Vatrakill's last six knights, Drako's 28 wound markers and Patrakill's last
    five knights each took a second two-sided sheet; beside the figures and the rows of bigger discs they fit on
    the first. Some piece stands beside a taller one, its centre within the taller one's height."""
    game = load_game(name)
    components = load_components(game)
    assert components is not None
    layout = duplex_layout(components, game.format(fmt), load_printer(None).setup(game.format(fmt).small_paper))
    assert len(layout.sheets) == sheets
    beside = [(a, b) for a in layout.sheets[0] for b in layout.sheets[0]
              if a.extent[1] > b.extent[1] + 1 and abs(a.centre[1] - b.centre[1]) < (a.extent[1] - b.extent[1]) / 2]
    assert beside


@pytest.mark.parametrize("name", GAMES)
def test_a_sheets_heading_ends_above_its_first_row(name: str, tmp_path: Path) -> None:
    """Fronts of two-sided and fold-over sheets on A4: every line of the heading (the text above the first piece)
    ends above the bleed of the first row; the fold-over sheets say how to fold at their foot."""
    game = load_game(name)
    for label, components, fmt in _components(game):
        if label not in ("a4", "tokens-only"):
            continue
        for layout, _ in _layouts(game, components, fmt):
            folded = layout.flip.edge == "fold"
            pages = (foldover_pages if folded else duplex_pages)(game, components, game.theme_for("default"), layout)
            pdf = write_pdf(pages, tmp_path / f"{label}-{layout.flip.edge}.pdf", PdfOptions(title="test"))
            for n, sheet in enumerate(layout.sheets):
                page = n if folded else 2 * n
                first = min(_box(p)[1] for p in sheet) - components.sheet.reach_mm
                heading = [box for box in text_boxes_mm(pdf, page) if box[1] < first]  # one a line
                assert len(heading) >= 3 and max(box[3] for box in heading) <= first, (label, layout.flip.edge, n)
                if folded:
                    foot = text_in_band(pdf, page, layout.safe[3] - 20, layout.safe[3])
                    assert "Fold back on the dashed line" in foot, foot
            assert page_count(pdf) == len(pages)


def test_dragon_eyes_a4_fold_over_pieces_take_two_sheets() -> None:
    """88 hexes in interlocked rows of eight: six rows need 122.4 mm above the fold, which the fold-over sheet has
    once its heading takes only the room of its two lines (the fold instructions stand at the foot)."""
    game = load_game("dragon-eyes")
    components = load_components(game)
    assert components is not None
    layout = foldover_layout(components, game.format("a4"), load_printer(None).setup("A4"))
    assert [len(sheet) for sheet in layout.sheets] == [48, 40]
