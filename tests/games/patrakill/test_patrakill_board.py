"""Patrakill's board read back from its PDF: the zones' outlines show in every theme (the board's edge along them,
the grid lines between their squares), and each zone's name sits inside its plaque, beside its zone, on the grid,
clear of the X squares; and Vatrakill's decals are its own."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image
from spec_edits import edit, line_of

from generator.compose.board_sheets import Tile, board_pages
from generator.compose.decals import decal_pages
from generator.errors import SpecError
from generator.model.game import SPECS_DIR, Game, load_game
from generator.output.inspect_pdf import label_contrasts, page_text, path_boxes_mm, render_page
from generator.output.pdf import PdfOptions, write_pdf
from generator.play.registry import load_components
from generator.model.printers import load_printer
from generator.render.board import BoardArt

DPI = 200.0


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("patrakill")


def _board(game: Game, theme: str, fmt: str, tmp_path: Path) -> tuple[Path, Tile, BoardArt]:
    pages, tiles, art = board_pages(game, game.theme(theme), game.format(fmt))
    return write_pdf(pages, tmp_path / f"board-{fmt}-{theme}.pdf", PdfOptions("probe")), tiles[0], art


def _page_mm(tile: Tile, art: BoardArt, x: float, y: float) -> tuple[float, float]:
    """A point of the grid, in cell units from the grid's top-left, on the page in mm."""
    return art.frame + x * art.cell + tile.offset[0], art.frame + y * art.cell + tile.offset[1]


def _grey(image: Image.Image, point: tuple[float, float]) -> int:
    """The darkest grey within a pixel of ``point`` (mm): a line one pixel off still counts."""
    px, py = round(point[0] / 25.4 * DPI), round(point[1] / 25.4 * DPI)
    return min(image.getpixel((px + dx, py + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1))


@pytest.mark.parametrize("theme", ["light", "classic"])
def test_the_zones_outlines_and_the_boards_edge_are_drawn(game: Game, theme: str, tmp_path: Path) -> None:
    pdf, tile, art = _board(game, theme, "a3", tmp_path)
    image = render_page(pdf, 0, DPI).convert("L")
    grid, paper = game.board.grid, 250
    for zone in game.board.zones:
        for cell in zone.cells:
            x, y = grid.centre(cell)
            # the board's edge beside the zone's squares (the outer side of a square on the rim)
            edges = [(x - 0.5, y), (x + 0.5, y), (x, y - 0.5), (x, y + 0.5)]
            outer = [e for e in edges if e[0] in (0.0, 9.0) or e[1] in (0.0, 9.0)]
            assert outer, cell
            for point in outer:
                assert _grey(image, _page_mm(tile, art, *point)) < paper - 60, (theme, cell, "board edge")
            # the line between this square and every neighbour, inside the zone or not (but under a name's plaque)
            for point in edges:
                ax, ay = art.frame + point[0] * art.cell, art.frame + point[1] * art.cell
                under = any(b[0] <= ax <= b[2] and b[1] <= ay <= b[3] for b in art.labels)
                if 0 < point[0] < 9 and 0 < point[1] < 9 and not under:
                    assert _grey(image, _page_mm(tile, art, *point)) < paper - 60, (theme, cell, point)


@pytest.mark.parametrize("theme,fmt", [("light", "a3"), ("classic", "a3"), ("light", "a4"), ("classic", "letter")])
def test_zone_names_stay_in_their_plaques_on_the_grid(game: Game, theme: str, fmt: str, tmp_path: Path) -> None:
    pdf, tile, art = _board(game, theme, fmt, tmp_path)
    names = {zone.name.upper(): zone for zone in game.board.zones}
    found = {lc.text.replace(" ", ""): lc for lc in label_contrasts(pdf, 0)}
    left, top = _page_mm(tile, art, 0, 0)
    right, bottom = _page_mm(tile, art, 9, 9)
    x_squares = [_page_mm(tile, art, *game.board.grid.centre(s)) for m in game.board.marks if m.kind == "x-square"
                 for s in m.at]
    plaques = path_boxes_mm(pdf, 0)
    for name, zone in names.items():
        lc = found[name.replace(" ", "")]
        x0, y0, x1, y1 = lc.box
        assert lc.contrast >= 4.5, name
        # on the grid, not on the frame
        assert left <= x0 and x1 <= right and top <= y0 and y1 <= bottom, (name, lc.box)
        # beside its zone: on it, or on the row or column that touches it
        xs = [game.board.grid.centre(c)[0] for c in zone.cells]
        ys = [game.board.grid.centre(c)[1] for c in zone.cells]
        zl, zt = _page_mm(tile, art, min(xs) - 0.5, min(ys) - 0.5)
        zr, zb = _page_mm(tile, art, max(xs) + 0.5, max(ys) + 0.5)
        assert zl - art.cell < x1 and x0 < zr + art.cell and zt - art.cell < y1 and y0 < zb + art.cell, name
        assert min(x1, zr) - max(x0, zl) > 0 or min(y1, zb) - max(y0, zt) > 0, (name, "touches its zone")
        # clear of the X squares
        half = art.cell / 2
        for cx, cy in x_squares:
            assert x1 <= cx - half or x0 >= cx + half or y1 <= cy - half or y0 >= cy + half, (name, cx, cy)
        # inside a plaque: a path box that holds the whole name
        assert any(px0 <= x0 and x1 <= px1 and py0 <= y0 and y1 <= py1 and px1 - px0 < art.cell * 5
                   for px0, py0, px1, py1 in plaques), name


def _decal_text(name: str, tmp_path: Path) -> str:
    game = load_game(name)
    components = load_components(game)
    assert components is not None
    pages = decal_pages(game, game.theme("classic"), components.decals, load_printer().setup("A4"))
    pdf = write_pdf(pages, tmp_path / f"{name}-decals.pdf", PdfOptions("decals"))
    return " ".join(page_text(pdf, i) for i in range(len(pages)))


def test_vatrakill_prints_decals_of_its_own_starting_zones(tmp_path: Path) -> None:
    """Vatrakill's decals are the squares of its four starting zones, each with its zone's name; none is the duel's
    camp or an X square. The duel keeps its camp and X squares."""
    text = _decal_text("vatrakill", tmp_path)
    zones = load_game("vatrakill").board.zones
    for zone in zones:
        for cell in zone.cells:
            assert f"{cell} \u00b7 {zone.name}" in text
        assert text.count(zone.name.upper()) == len(zone.cells)  # the zone's name on each of its decals
    assert "camp" not in text.lower() and "X square" not in text
    assert "squares of the board's zones" in text
    duel = _decal_text("patrakill", tmp_path)
    assert "Duel camp" in duel and "X square" in duel and "zone" not in duel.lower()


def test_decals_naming_a_kind_the_board_lacks_are_refused_at_their_line(tmp_path: Path) -> None:
    for name in ("vatrakill", "patrakill"):  # Vatrakill's spec names the duel's board, print formats and themes
        shutil.copytree(SPECS_DIR / name, tmp_path / name)
    folder = tmp_path / "vatrakill"
    edit(folder / "components.yaml", "  marks: []", "  marks: [x-squares]")
    with pytest.raises(SpecError) as caught:
        load_components(load_game(folder))
    (problem,) = caught.value.problems
    assert problem.line == line_of(folder / "components.yaml", "marks: [x-squares]")
    assert "no kind of marked cell 'x-squares'" in problem.message and "x-square" in problem.hint
