"""Four-sheet boards: the tiles, cut at their seams, rebuild the one-piece board; glue strips repeat the art."""
from __future__ import annotations


import re

import pikepdf
import pytest
import svgwrite
from PIL import Image, ImageChops, ImageStat

from generator.compose.board_sheets import Tile, board_pages
from generator.output.inspect_pdf import render_page
from generator.output.pdf import PdfOptions, write_pdf
from generator.model.printspec import PrintFormat

DPI = 101.6  # four pixels per millimetre: quarter-millimetre offsets land on whole pixels
PX = DPI / 25.4


def _px(box: tuple[float, float, float, float], dx: float = 0.0, dy: float = 0.0) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    return (round((x0 + dx) * PX), round((y0 + dy) * PX), round((x1 + dx) * PX), round((y1 + dy) * PX))


def _difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b).convert("L")).mean)


#: A six-sheet layout that no spec uses, to show tiling works for any rows x columns.
SIX_SHEETS = PrintFormat("a4x6", "A4", "landscape", 25.0, sheet_rows=2, sheet_columns=3)


@pytest.fixture(scope="module", params=["a4x4", "letter-x4", "a4x6"])
def tiled(request: pytest.FixtureRequest, game, tmp_path_factory: pytest.TempPathFactory):
    fmt = SIX_SHEETS if request.param == "a4x6" else game.format(request.param)
    theme = game.theme("classic")
    pages, tiles, art = board_pages(game, theme, fmt)
    folder = tmp_path_factory.mktemp(request.param)
    sheets_pdf = write_pdf(pages, folder / "sheets.pdf", PdfOptions("tiles"))
    whole = svgwrite.Drawing(size=(f"{art.width}mm", f"{art.height}mm"), viewBox=f"0 0 {art.width} {art.height}")
    whole.add(art.group)
    whole_pdf = write_pdf([whole.tostring()], folder / "whole.pdf", PdfOptions("whole"))
    sheets = [render_page(sheets_pdf, i, DPI) for i in range(len(pages))]
    return tiles, art, sheets, render_page(whole_pdf, 0, DPI), fmt


def _assemble(tiles: list[Tile], sheets: list[Image.Image], size: tuple[int, int], shift_mm: float = 0.0) -> Image.Image:
    canvas = Image.new("RGB", size, "white")
    for tile, sheet in zip(tiles, sheets):
        ox, oy = tile.offset
        piece = sheet.crop(_px(tile.own, ox + shift_mm * tile.column, oy))
        canvas.paste(piece, _px(tile.own)[:2])
    return canvas


def test_tiles_cut_at_their_seams_rebuild_the_board(tiled) -> None:
    tiles, art, sheets, whole, _ = tiled
    assert len(tiles) in (4, 6)
    assembled = _assemble(tiles, sheets, whole.size)
    assert _difference(assembled, whole) < 4.0
    # The comparison is sharp enough to see a sheet placed 1 mm off.
    assert _difference(_assemble(tiles, sheets, whole.size, shift_mm=1.0), whole) > 2 * _difference(assembled, whole)


def test_seams_fall_on_grid_lines_and_each_sheet_has_whole_squares(tiled) -> None:
    tiles, art, _, _, _ = tiled
    for tile in tiles:
        for edge in (tile.own[0], tile.own[2]):
            assert edge in (0.0, art.width) or any(abs(edge - e) < 1e-6 for e in art.column_edges)
        for edge in (tile.own[1], tile.own[3]):
            assert edge in (0.0, art.height) or any(abs(edge - e) < 1e-6 for e in art.row_edges)
    per_sheet = {round(t.own[2] - max(t.own[0], art.frame), 3) for t in tiles if t.column == 0}
    assert per_sheet == {round(16 / max(t.column + 1 for t in tiles) * art.cell, 3)} or per_sheet == {6 * art.cell}


def test_glue_strips_show_the_neighbours_art(tiled) -> None:
    tiles, art, sheets, _, _ = tiled
    by_position = {(t.row, t.column): (t, s) for t, s in zip(tiles, sheets)}
    compared = 0
    for (row, column), (tile, sheet) in by_position.items():
        for neighbour_pos, strip in (((row, column + 1), (tile.own[2], tile.own[1], tile.shown[2], tile.own[3])),
                                     ((row + 1, column), (tile.own[0], tile.own[3], tile.own[2], tile.shown[3]))):
            if neighbour_pos not in by_position or strip[2] - strip[0] < 1 or strip[3] - strip[1] < 1:
                continue
            other, other_sheet = by_position[neighbour_pos]
            mine = sheet.crop(_px(strip, *tile.offset))
            theirs = other_sheet.crop(_px(strip, *other.offset))
            assert _difference(mine, theirs) < 6.0
            compared += 1
    rows = max(t.row for t in tiles) + 1
    columns = max(t.column for t in tiles) + 1
    assert compared == rows * (columns - 1) + columns * (rows - 1)


def test_glue_strip_width_and_labels(tiled) -> None:
    tiles, _, _, _, fmt = tiled
    for tile in tiles:
        glue_x = tile.shown[2] - tile.own[2]
        glue_y = tile.shown[3] - tile.own[3]
        assert glue_x == (pytest.approx(fmt.glue_mm) if tile.column < fmt.sheet_columns - 1 else 0.0)
        assert glue_y == (pytest.approx(fmt.glue_mm) if tile.row < fmt.sheet_rows - 1 else 0.0)
    if len(tiles) == 4:
        assert [t.label(2, 2) for t in tiles] == ["1 of 4, top left", "2 of 4, top right",
                                                 "3 of 4, bottom left", "4 of 4, bottom right"]
    else:
        assert [t.label(2, 3) for t in tiles][:3] == ["1 of 6, top left", "2 of 6, top column 2",
                                                     "3 of 6, top right"]


def test_each_sheet_draws_the_squares_that_show_on_it_and_leaves_out_the_rest(game) -> None:
    pages, tiles, art = board_pages(game, game.theme("classic"), game.format("a4x4"))
    for page, tile in zip(pages, tiles):
        drawn = set(re.findall(r'id="sq-([^"]+)"', page))
        x0, y0, x1, y1 = tile.shown
        showing = {square for square, (a, b, c, d) in art.cells if a < x1 and x0 < c and b < y1 and y0 < d}
        assert showing <= drawn
        # the far side of the board is left out: a quarter of the squares and a ring of neighbours, not all 192
        assert len(showing) < len(drawn) < len(art.cells) * 0.6


def test_the_sheets_of_a_board_share_one_copy_of_each_font(game, tmp_path) -> None:
    pages, _, _ = board_pages(game, game.theme("classic"), game.format("a4x4"))
    with pikepdf.open(write_pdf(pages, tmp_path / "sheets.pdf", PdfOptions("tiles"))) as pdf:
        fonts = [font for page in pdf.pages for font in page.Resources.Font.values()]
        assert len(pdf.pages) == 4 and len(fonts) == 8
        # one subset of the regular and one of the bold face, for the four sheets
        assert len({font.objgen for font in fonts}) == 2 and len({str(font.BaseFont) for font in fonts}) == 2
