"""Square and hex grid geometry, and a hex board rendered from a spec."""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
import svgwrite

from generator.game import load_game
from generator.geometry import HexGrid, SquareGrid
from generator.inspect_pdf import path_boxes_mm
from generator.pdf import PdfOptions, write_pdf
from generator.render.board import render_board


def test_square_grid_names_and_centres() -> None:
    grid = SquareGrid(16, 12, "abcdefghijklmnop")
    assert len(list(grid.cells())) == 192
    assert grid.coords("p12") == (16, 12) and grid.coords("q1") is None and grid.coords("a13") is None
    assert grid.centre("a1") == (0.5, 11.5)
    assert sorted(grid.neighbours("a1")) == ["a2", "b1", "b2"]
    assert grid.mirror("c4", "mirror-columns") == "n4"
    assert len(grid.area("g5", "j7")) == 12


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_hex_board_of_radius_5_has_91_cells(orientation: str) -> None:
    grid = HexGrid(5, orientation)
    cells = list(grid.cells())
    assert len(cells) == 91 == len(set(cells))
    for name in cells:
        assert grid.name_of(*grid.axial(name)) == name
    centre = next(c for c in cells if grid.axial(c) == (0, 0))
    assert len(grid.neighbours(centre)) == 6
    corner = next(c for c in cells if grid.axial(c) == (5, -5))
    assert len(grid.neighbours(corner)) == 3
    # Neighbouring centres are exactly one cell apart.
    for other in grid.neighbours(centre):
        (x1, y1), (x2, y2) = grid.centre(centre), grid.centre(other)
        assert math.hypot(x2 - x1, y2 - y1) == pytest.approx(1.0)
    assert grid.mirror(grid.mirror(corner, "rotate-180"), "rotate-180") == corner


def test_a_hex_board_renders_from_its_spec(tmp_path: Path) -> None:
    folder = tmp_path / "hexgame"
    (folder / "themes").mkdir(parents=True)
    classic = Path(__file__).resolve().parent.parent / "specs/dravakron/themes/classic.yaml"
    (folder / "themes/classic.yaml").write_text(classic.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "game.yaml").write_text(
        "name: Hex test\ntitle: Hex test\nfiles: {board: board.yaml, print: print.yaml, themes: themes}\n"
        "players:\n  - {id: red, name: Red, colour: red}\n  - {id: black, name: Black, colour: black}\n",
        encoding="utf-8")
    (folder / "board.yaml").write_text("grid: {shape: hex, radius: 5, orientation: flat}\nsymmetry: rotate-180\n"
                                       "features:\n  - {kind: home, owner: red, at: [a1]}\n", encoding="utf-8")
    (folder / "print.yaml").write_text("formats:\n  a4: {paper: A4, square_mm: 16}\n", encoding="utf-8")
    game = load_game(folder)
    art = render_board(game, game.theme("classic"), 16.0, 6.0)
    dwg = svgwrite.Drawing(size=(f"{art.width}mm", f"{art.height}mm"), viewBox=f"0 0 {art.width} {art.height}")
    dwg.add(art.group)
    svg = dwg.tostring()
    assert len(re.findall(r'id="sq-[a-k][0-9]+"', svg)) == 91
    pdf = write_pdf([svg], tmp_path / "hex.pdf", PdfOptions("hex"))
    hexes = [b for b in path_boxes_mm(pdf) if abs((b[3] - b[1]) - 16.0) < 0.05]
    assert len(hexes) >= 91  # flat-top hexes are 16 mm across the flats
