"""Checks every game's kit tests make of the PDFs a build wrote: written once, used by each game's tests."""
from __future__ import annotations

import math
import statistics
from pathlib import Path

import pytest

from generator.compose.punch import Flip
from generator.model.game import Game
from generator.output.inspect_pdf import (fonts, ink_coverage, page_count, page_sizes_mm, page_text, path_boxes_mm,
                                   render_page, scale_bar_lengths, viewer_preferences)
from generator.kit import KitOptions, build
from generator.model.printspec import PAPER_MM, PrintFormat

from tests.shared import shared_folder

#: The board formats and themes every game's kit prints.
FORMATS = ("a3", "a4", "a4x4", "letter", "letter-x4")
THEMES = ("classic", "light", "blank")


def build_kit(game: Game, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build ``game``'s whole kit once per test run, without previews, into a fresh folder; the folder of its files
    (shared by every test process: read it, never change it)."""
    out = shared_folder(tmp_path_factory, f"{game.id}-kit",
                        lambda folder: build(game, KitOptions(out=folder, previews=False), quiet=True))
    return out / game.id


def all_text(pdf: Path, pages: range | None = None) -> str:
    """The text of ``pages`` of a PDF (every page by default), joined by spaces."""
    return " ".join(page_text(pdf, i) for i in (pages if pages is not None else range(page_count(pdf))))


def sized(pdf: Path, page: int, width: float, height: float) -> set[tuple[float, float]]:
    """Centres of the paths exactly ``width`` x ``height`` mm on a page (a piece's face or cut line)."""
    return {(round((x0 + x1) / 2, 2), round((y0 + y1) / 2, 2)) for x0, y0, x1, y1 in path_boxes_mm(pdf, page)
            if abs(x1 - x0 - width) < 0.02 and abs(y1 - y0 - height) < 0.02}


def assert_board_sheets(pdf: Path, spec: PrintFormat) -> None:
    """Every sheet of a board file is its paper, landscape, exactly, and carries a 100 mm scale bar."""
    w, h = PAPER_MM[spec.paper]
    sizes = page_sizes_mm(pdf)
    assert len(sizes) == spec.sheet_count
    for index, size in enumerate(sizes):
        assert size == pytest.approx((max(w, h), min(w, h)), abs=0.01)
        assert scale_bar_lengths(pdf, index) == [pytest.approx(100.0, abs=0.05)]


def assert_themes_save_ink(kit: Path, fmt: str = "a4") -> None:
    """The light board uses at most 40 % of classic's ink, and blank no more than light."""
    ink = {t: ink_coverage(render_page(kit / f"board-{fmt}-{t}.pdf", 0, 24)) for t in THEMES}
    assert ink["light"] <= 0.4 * ink["classic"]
    assert ink["blank"] <= ink["light"]


def assert_fonts_embedded(pdf: Path) -> None:
    """The PDF uses fonts, and embeds every one."""
    found = fonts(pdf)
    assert found and all(f.embedded for f in found)


def backs_behind(pdf: Path, width: float, height: float) -> tuple[int, float]:
    """For the faces ``width`` x ``height`` mm on the front pages of a two-sided file: how many there are, and the
    farthest any lies from the nearest back of that size once the sheet is turned over its duplex edge."""
    edge = {"DuplexFlipLongEdge": "long", "DuplexFlipShortEdge": "short"}[viewer_preferences(pdf)["Duplex"]]
    sizes = page_sizes_mm(pdf)
    seen, worst = 0, 0.0
    for sheet in range(len(sizes) // 2):
        flip = Flip(edge, sizes[2 * sheet])
        backs = [flip.behind(x, y) for x, y in sized(pdf, 2 * sheet + 1, width, height)]
        for front in sized(pdf, 2 * sheet, width, height):
            seen += 1
            worst = max(worst, min((math.dist(front, b) for b in backs), default=math.inf))
    return seen, worst


def assert_square_cells(pdf: Path, size: float, least: int) -> None:
    """At least ``least`` squares on the first sheet measure ``size`` mm (median within 0.05 mm), a square apart."""
    squares = [b for b in path_boxes_mm(pdf, 0) if abs(b[2] - b[0] - size) < 0.3 and abs(b[3] - b[1] - size) < 0.3]
    assert len(squares) >= least
    assert statistics.median(b[2] - b[0] for b in squares) == pytest.approx(size, abs=0.05)
    lefts = sorted({round(b[0], 2) for b in squares})
    steps = [b - a for a, b in zip(lefts, lefts[1:]) if b - a > size / 2]
    assert steps and all(abs(s - size) < 0.05 for s in steps)


def assert_hex_cells(pdf: Path, cell: float, pointy: bool, least: int) -> None:
    """At least ``least`` hexes on the first sheet measure ``cell`` mm across the flats (median within 0.05 mm) and
    2/sqrt(3) cells across the corners, and the hexes of the middle line along the flats stand a cell apart.

    Pointy-top hexes are as wide as the cell and lie in rows; flat-top ones are as tall as the cell and lie in
    columns (their boxes are measured turned a quarter, so both read the same).
    """
    long = cell * 2 / math.sqrt(3)
    boxes = [b if pointy else (b[1], b[0], b[3], b[2]) for b in path_boxes_mm(pdf, 0)]
    hexes = [b for b in boxes if abs((b[2] - b[0]) - cell) < 0.3 and abs((b[3] - b[1]) - long) < 0.3]
    assert len(hexes) >= least
    assert statistics.median(b[2] - b[0] for b in hexes) == pytest.approx(cell, abs=0.05)
    centres = sorted({(round((b[1] + b[3]) / 2, 2), round((b[0] + b[2]) / 2, 2)) for b in hexes})
    line = sorted(x for y, x in centres if y == centres[len(centres) // 2][0])
    steps = [b - a for a, b in zip(line, line[1:]) if b - a > cell / 2]
    assert steps and all(abs(s - cell) < 0.05 for s in steps)
