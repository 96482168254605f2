"""Every printed label stands out from what is printed under it: the preflight check reads the text back from the
PDF, renders the page with and without it, and measures the contrast under its letters."""
from __future__ import annotations

import math
from pathlib import Path

import pytest
import svgwrite.shapes

from generator.render.text import text
from generator.compose.punch import drawing
from generator.model.game import load_game
from generator.output.inspect_pdf import label_contrasts, page_count, path_boxes_mm
from generator.kit import KitOptions, build
from generator.output.pdf import PdfOptions, write_pdf
from generator.kit.preflight import check_label_contrast

PAGE = (210.0, 297.0)


def _page(tmp_path: Path, name: str, ground: str, ink: str, band: str | None = None) -> Path:
    """An A4 page with one label 'f11' in ``ink`` on a block of ``ground``; ``band`` draws a thick line of that
    colour across the lower half of the label's letters."""
    page = drawing(PAGE)
    page.add(svgwrite.shapes.Rect((40, 40), (60, 30), fill=ground))
    page.add(text("f11 Dragon Eye", 45.0, 58.0, 6.0, ink))
    if band:
        page.add(svgwrite.shapes.Rect((40, 55.0), (60, 3.0), fill=band))
        page.add(text("f11 Dragon Eye", 45.0, 58.0, 6.0, ink))  # drawn again over the band, as a label is
    return write_pdf([page.tostring()], tmp_path / name, PdfOptions(title="contrast probe"))


def test_grey_on_red_fails_and_white_on_red_passes(tmp_path: Path) -> None:
    game = load_game("dragon-eyes")
    grey = _page(tmp_path, "grey.pdf", "#c0392b", "#5e566a")  # the names of the eyes as classic printed them
    (name, ok, detail), = check_label_contrast(grey, game, KitOptions())
    assert not ok and "1.3:1" in detail and "#5e566a on #c0392b" in detail
    white = _page(tmp_path, "white.pdf", "#c0392b", "#ffffff")
    (_, ok, detail), = check_label_contrast(white, game, KitOptions())
    assert ok, detail
    assert min(lc.contrast for lc in label_contrasts(white, 0)) == pytest.approx(5.44, abs=0.05)


def test_a_label_crossing_a_dark_line_fails(tmp_path: Path) -> None:
    """Dark letters readable on a pale ground fail where a dark band runs under part of them."""
    plain = _page(tmp_path, "plain.pdf", "#efe6d2", "#1f1a24")
    assert check_label_contrast(plain, load_game("dragon-eyes"), KitOptions())[0][1]
    crossed = _page(tmp_path, "crossed.pdf", "#efe6d2", "#1f1a24", band="#6e1a12")
    (_, ok, detail), = check_label_contrast(crossed, load_game("dragon-eyes"), KitOptions())
    assert not ok and "on #6e1a12" in detail


@pytest.fixture(scope="module")
def eye_boards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("eyes")
    build(load_game("dragon-eyes"), KitOptions(parts=("board", "decals"), formats=("a4",), out=out, previews=False),
          quiet=True)
    return out / "dragon-eyes"


@pytest.mark.parametrize("name", ["board-a4-classic.pdf", "board-a4-light.pdf", "decals-a4.pdf"])
def test_every_label_of_the_dragon_eyes_board_reads(eye_boards: Path, name: str) -> None:
    pdf = eye_boards / name
    found = [lc for page in range(page_count(pdf)) for lc in label_contrasts(pdf, page)]
    assert len(found) >= 7
    assert min(lc.contrast for lc in found) >= 4.5, [lc for lc in found if lc.contrast < 4.5][:3]


def test_the_names_of_the_eyes_stay_inside_their_rings(eye_boards: Path) -> None:
    """Each eye's name, read from the PDF, lies wholly inside the inner edge of the eye's ring (its inset border,
    found among the page's paths by its size: 84 % of the hex, its line 3 % of the hex wide)."""
    game = load_game("dragon-eyes")
    cell = game.format("a4").square_mm
    pdf = eye_boards / "board-a4-classic.pdf"
    runs = {lc.text: lc.box for lc in label_contrasts(pdf, 0)}
    width = 0.84 * cell
    rings = [((x0 + x1) / 2, (y0 + y1) / 2, x1 - x0) for x0, y0, x1, y1 in path_boxes_mm(pdf, 0)
             if 0 < x1 - x0 - width < 2.0 and 0 < y1 - y0 - width * 2 / math.sqrt(3) < 2.5]
    eyes = [cell_name for mark in game.board.marks for cell_name in mark.at]
    assert len(eyes) == 7
    for eye in eyes:
        box = runs[eye]
        middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        cx, cy, _ = min(rings, key=lambda r: math.dist(middle, r[:2]))
        assert math.dist(middle, (cx, cy)) < cell / 2
        inner = width / 2 - max(0.3, 0.03 * cell) / 2  # the inner edge of the line, from the centre, across flats
        for px, py in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
            for angle in (0, 60, 120):  # a pointy hex: within it across each of its three pairs of flats
                a = math.radians(angle)
                assert abs((px - cx) * math.cos(a) + (py - cy) * math.sin(a)) <= inner, (eye, box)
