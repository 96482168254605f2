"""Hex boards print and tile like square ones; every board sheet keeps its ink inside the printer's margins."""
from __future__ import annotations

import math
import re
from dataclasses import replace
from pathlib import Path

import pytest
import svgwrite

from fixture_games import fixture
from generator.compose.board_sheets import board_pages, frame_for, layout_tiles
from generator.errors import SpecError
from generator.model.game import Game, load_game
from generator.output.inspect_pdf import ink_in_margin, path_boxes_mm, render_page
from generator.output.pdf import PdfOptions, write_pdf
from generator.render.board import measure_board, render_board
from test_board_tiles import DPI, _assemble, _difference


@pytest.fixture(scope="module")
def rings() -> Game:
    """The 91-hex board named by rows (tests/fixtures/rings)."""
    return fixture("rings")


@pytest.fixture(scope="module")
def hex_tiled(rings: Game, tmp_path_factory: pytest.TempPathFactory):
    fmt = rings.format("a4x4")
    pages, tiles, art = board_pages(rings, rings.theme("classic"), fmt)
    folder = tmp_path_factory.mktemp("hex-a4x4")
    sheets_pdf = write_pdf(pages, folder / "sheets.pdf", PdfOptions("tiles"))
    whole = svgwrite.Drawing(size=(f"{art.width}mm", f"{art.height}mm"), viewBox=f"0 0 {art.width} {art.height}")
    whole.add(art.group)
    whole_pdf = write_pdf([whole.tostring()], folder / "whole.pdf", PdfOptions("whole"))
    sheets = [render_page(sheets_pdf, i, DPI) for i in range(len(pages))]
    return tiles, art, sheets, render_page(whole_pdf, 0, DPI), sheets_pdf


def test_the_91_hex_board_tiles_over_four_sheets_and_rebuilds(hex_tiled) -> None:
    tiles, art, sheets, whole, _ = hex_tiled
    assert [(t.row, t.column) for t in tiles] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assembled = _assemble(tiles, sheets, whole.size)
    assert _difference(assembled, whole) < 4.0
    assert _difference(_assemble(tiles, sheets, whole.size, shift_mm=1.0), whole) > 2 * _difference(assembled, whole)


def test_hex_seams_cut_between_centres_and_glue_strips_repeat_the_art(rings: Game, hex_tiled) -> None:
    tiles, art, sheets, _, _ = hex_tiled
    grid = rings.board.grid
    xs = {art.frame + grid.centre(c)[0] * art.cell for c in grid.cells()}
    ys = {art.frame + grid.centre(c)[1] * art.cell for c in grid.cells()}
    seam_x, seam_y = tiles[0].own[2], tiles[0].own[3]
    assert min(abs(seam_x - x) for x in xs) >= 0.24 * art.cell
    assert min(abs(seam_y - y) for y in ys) >= 0.4 * art.cell
    # Each half holds close to half the board.
    assert abs(seam_x - art.width / 2) < art.cell and abs(seam_y - art.height / 2) < art.cell
    for tile, sheet in zip(tiles[:1], sheets[:1]):
        strip = (tile.own[2], tile.own[1], tile.shown[2], tile.own[3])
        assert strip[2] - strip[0] == pytest.approx(12.0)
        theirs = sheets[1].crop(_px(strip, *tiles[1].offset))
        assert _difference(sheet.crop(_px(strip, *tile.offset)), theirs) < 6.0


def _px(box: tuple[float, float, float, float], dx: float, dy: float) -> tuple[int, int, int, int]:
    k = DPI / 25.4
    return (round((box[0] + dx) * k), round((box[1] + dy) * k), round((box[2] + dx) * k), round((box[3] + dy) * k))


def test_printed_hexes_measure_their_cell_size(hex_tiled) -> None:
    tiles, art, _, _, pdf = hex_tiled
    tall = art.cell * 2 / math.sqrt(3)  # pointy hexes: cell across the flats, 2/sqrt(3) cell corner to corner
    for page in range(len(tiles)):
        hexes = [b for b in path_boxes_mm(pdf, page) if abs((b[3] - b[1]) - tall) < 0.3]
        widths = sorted(round(b[2] - b[0], 3) for b in hexes)
        assert len(hexes) >= 20
        assert abs(widths[len(widths) // 2] - art.cell) < 0.05


def test_tiled_sheets_carry_cut_marks_and_alignment_targets(rings: Game) -> None:
    pages, tiles, _ = board_pages(rings, rings.theme("classic"), rings.format("a4x4"))
    for page in pages:
        assert 'class="alignment-marks"' in page and 'class="cut-marks"' in page
        assert page.count("<circle") >= 4


def test_hex_frames_carry_row_letters(rings: Game) -> None:
    art = render_board(rings, rings.theme("classic"), 26.0, 7.0)
    labels = next(e for e in art.group.elements if e.attribs.get("id") == "coordinates").elements
    framed = [e for e in labels if float(e.attribs["x"]) in (3.5, round(art.width - 3.5, 3))]
    assert sorted(e.text for e in framed) == sorted("abcdefghijk" * 2)
    # Row f (the middle) is labelled at the height of its cells.
    f6_y = 7.0 + rings.board.grid.centre("f6")[1] * 26.0
    assert all(abs(float(e.attribs["y"]) - f6_y) < 2.0 for e in framed if e.text == "f")


@pytest.mark.parametrize("name", ["rings", "race"])
def test_too_large_hint_gives_the_largest_cell_that_fits(name: str) -> None:
    game = fixture(name)
    fmt = next(iter(game.formats.values()))
    big = replace(fmt, square_mm=fmt.square_mm * 1.6)
    with pytest.raises(SpecError) as info:
        layout_tiles(measure_board(game, big.square_mm, frame_for(big)), big, game.documents["print"])
    best = float(re.search(r"set square_mm to ([0-9.]+) or less", info.value.problems[0].hint).group(1))
    fits = replace(fmt, square_mm=best)
    layout_tiles(measure_board(game, best, frame_for(fits)), fits, game.documents["print"])
    over = replace(fmt, square_mm=best + 0.3)
    with pytest.raises(SpecError):
        layout_tiles(measure_board(game, over.square_mm, frame_for(over)), over, game.documents["print"])


@pytest.mark.parametrize("name, fmt_name, scale", [("rings", "a4x4", 0.9), ("rings", "a3", 0.9), ("race", "a4", 0.9),
                                                   ("dravakron", "a4", 1.0)])
def test_board_sheets_keep_ink_inside_the_printer_margins(name: str, fmt_name: str, scale: float,
                                                          tmp_path: Path) -> None:
    game = load_game(name) if name == "dravakron" else fixture(name)
    profile = tmp_path / "wide.yaml"
    profile.write_text("name: wide\nmargins_mm: 10\nduplex: long\n", encoding="utf-8")
    fmt = game.format(fmt_name)
    fmt = replace(fmt, square_mm=round(fmt.square_mm * scale, 1))  # room for the wider margins
    wide = write_pdf(board_pages(game, game.theme("classic"), fmt, profile)[0], tmp_path / "wide.pdf", PdfOptions("w"))
    plain = write_pdf(board_pages(game, game.theme("classic"), fmt)[0], tmp_path / "plain.pdf", PdfOptions("p"))
    pages = fmt.sheet_count
    assert all(ink_in_margin(wide, i, 10.0, dpi=100) == 0 for i in range(pages))
    # Without the profile the same sheets print inside those 10 mm: the check can fail.
    assert any(ink_in_margin(plain, i, 10.0, dpi=100) > 0 for i in range(pages))
