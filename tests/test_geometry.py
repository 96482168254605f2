"""Square and hex grid geometry, and a hex board rendered from a spec."""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
import svgwrite

from generator.model.game import load_game
from generator.model.geometry import Grid, HexGrid, SquareGrid
from generator.output.inspect_pdf import path_boxes_mm
from generator.output.pdf import PdfOptions, write_pdf
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
                                       "mark_kinds:\n  home: {name: Home, fill: square-dark, glyph: H}\n"
                                       "marks:\n  - {kind: home, owner: red, at: [a1]}\n", encoding="utf-8")
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


@pytest.mark.parametrize("grid", [SquareGrid(5, 4), HexGrid(2, "pointy", naming="rows"), HexGrid(3, "flat")],
                         ids=["square", "hex-rows", "hex-flat"])
def test_every_grid_answers_the_grid_protocol(grid: Grid) -> None:
    cells = list(grid.cells())
    for cell in cells:
        coords = grid.coords(cell)
        assert coords is not None and grid.name_at(coords) == cell
        # Neighbours are the first cell of every ray, one step away; cells sharing an edge never share a shade.
        firsts = [ray[0] for ray in (grid.ray(cell, d, 1) for d in grid.directions()) if ray]
        assert sorted(firsts) == sorted(grid.neighbours(cell))
        assert all(grid.distance(cell, n) == 1 for n in firsts)
        assert all(grid.pattern(n) != grid.pattern(cell) for n in grid.neighbours(cell, diagonal=False))
    width, height = grid.size()
    for axis, extent in (("x", width), ("y", height)):
        seams = grid.seams(axis)
        assert seams[0] == 0.0 and seams[-1] == pytest.approx(extent) and list(seams) == sorted(seams)
        centres = {grid.centre(c)[0 if axis == "x" else 1] for c in cells}
        assert all(min(abs(s - c) for c in centres) >= 0.24 for s in seams[1:-1])
    labels = grid.edge_labels()
    assert {label.text for label in labels} | {c.rstrip("0123456789") for c in cells} >= set(grid.labels)
    for label in labels:
        assert 0.0 <= label.x <= width and 0.0 <= label.y <= height
        assert label.side in ("top", "bottom", "left", "right")
    assert set(grid.region("board")) == set(cells)


def test_rays_distances_and_regions() -> None:
    square = SquareGrid(8, 8)
    assert square.ray("c3", (1, 1)) == ("d4", "e5", "f6", "g7", "h8")
    assert square.ray("c3", (0, -1), 5) == ("c2", "c1")
    assert square.distance("a1", "h8") == 7 and square.directions(diagonal=False)[0] == (0, 1)
    assert square.region("a1:b2") == ("a1", "b1", "a2", "b2") and len(square.region("d4+1")) == 9
    hexes = HexGrid(5, "pointy", "abcdefghijk", "rows")
    assert hexes.ray("f1", (1, 0)) == tuple(f"f{n}" for n in range(2, 12))
    assert hexes.distance("f1", "f11") == 10 and hexes.distance("a1", "k6") == 10
    assert len(hexes.region("f6+2")) == 19
    assert len({hexes.pattern(c) for c in hexes.cells()}) == 3
    assert SquareGrid(2, 2).pattern("a1") == 1.0 and SquareGrid(2, 2).pattern("b1") == 0.0
    with pytest.raises(KeyError, match="square boards only"):
        hexes.region("a1:b2")
    rows = hexes.edge_labels()
    assert [(label.text, label.side) for label in rows[:2]] == [("a", "left"), ("a", "right")]
    columns = HexGrid(3, "flat").edge_labels()
    assert {label.side for label in columns} == {"top", "bottom"}
