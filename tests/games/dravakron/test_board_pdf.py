"""Board PDFs, read back: exact page sizes, measured squares, fonts, scale bars, reproducibility."""
from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from generator.compose.board_sheets import sheet_margin
from generator.output.inspect_pdf import (document_title, fonts, ink_in_margin, page_sizes_mm, path_boxes_mm,
                                   scale_bar_lengths, viewer_preferences)
from generator.kit import KitOptions, build
from generator.model.printspec import PAPER_MM

FORMATS = ["a3", "a4", "a4x4", "letter", "letter-x4"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_page_size_is_exact(boards: Path, game, fmt: str) -> None:
    spec = game.format(fmt)
    w, h = PAPER_MM[spec.paper]
    sizes = page_sizes_mm(boards / f"board-{fmt}-classic.pdf")
    assert len(sizes) == spec.sheet_count
    for width, height in sizes:
        assert width == pytest.approx(max(w, h), abs=0.01)
        assert height == pytest.approx(min(w, h), abs=0.01)


@pytest.mark.parametrize("fmt", FORMATS)
def test_measured_square_matches_profile(boards: Path, game, fmt: str) -> None:
    size = game.format(fmt).square_mm
    boxes = path_boxes_mm(boards / f"board-{fmt}-classic.pdf")
    squares = [b for b in boxes if abs((b[2] - b[0]) - size) < 0.3 and abs((b[3] - b[1]) - size) < 0.3]
    assert len(squares) >= 192 // game.format(fmt).sheet_count
    assert statistics.median(b[2] - b[0] for b in squares) == pytest.approx(size, abs=0.05)
    # Neighbouring squares sit exactly one square apart.
    lefts = sorted({round(b[0], 2) for b in squares})
    steps = [b - a for a, b in zip(lefts, lefts[1:]) if b - a > size / 2]
    assert steps and all(abs(s - size) < 0.05 for s in steps)


@pytest.mark.parametrize("fmt", FORMATS)
def test_nothing_is_printed_in_the_margin(boards: Path, game, fmt: str) -> None:
    margin = sheet_margin(game.format(fmt), None)
    pdf = boards / f"board-{fmt}-classic.pdf"
    for index in range(len(page_sizes_mm(pdf))):
        assert ink_in_margin(pdf, index, margin) == 0


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_sheet_has_a_true_100_mm_scale_bar(boards: Path, fmt: str) -> None:
    pdf = boards / f"board-{fmt}-classic.pdf"
    for index in range(len(page_sizes_mm(pdf))):
        assert scale_bar_lengths(pdf, index) == [pytest.approx(100.0, abs=0.05)]


def test_fonts_are_embedded_and_ours(boards: Path) -> None:
    found = fonts(boards / "board-a3-classic.pdf")
    assert found, "board has no text"
    assert all(f.embedded for f in found)
    assert all("SourceSansPro" in f.name for f in found)


def test_pdf_asks_viewers_not_to_scale_and_has_a_title(boards: Path) -> None:
    pdf = boards / "board-a4-light.pdf"
    assert viewer_preferences(pdf)["PrintScaling"] == "None"
    assert "Dravakron" in document_title(pdf)


def test_two_builds_give_identical_bytes(tmp_path: Path, game) -> None:
    for run in ("one", "two"):
        build(game, KitOptions(parts=("board",), formats=("a4", "a4x4"), themes=("classic",),
                               out=tmp_path / run, previews=False), quiet=True)
    for name in ("board-a4-classic.pdf", "board-a4x4-classic.pdf"):
        assert (tmp_path / "one/dravakron" / name).read_bytes() == (tmp_path / "two/dravakron" / name).read_bytes()
