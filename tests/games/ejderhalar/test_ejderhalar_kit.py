"""Ejderhalar's printed kit, read back: boards, tokens, the tokens-only kit, rulebook, player aid and print guide.

The whole kit is built once per test session into a temporary folder
(without PNG previews); every test reads the PDFs that build wrote.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from ejderhalar_support import spec_copy
from spec_edits import edit

from generator.model.game import Game, load_game
from generator.games.ejderhalar.kit.book import book_facts
from generator.games.ejderhalar.kit.tokens import CONTROL_ID, kit_components, tokens_only_components
from generator.games.ejderhalar.layout import STUN_ID, load_layout
from generator.output.inspect_pdf import page_count, page_sizes_mm, page_text
from generator.kit import KitOptions
from generator.kit.preflight import check_backs_registered
from generator.model.printspec import PAPER_MM
from tests.kit_checks import (FORMATS, THEMES, all_text, assert_board_sheets, assert_fonts_embedded,
                              assert_square_cells, assert_themes_save_ink, backs_behind, build_kit, sized)
from tests.own_words import copied_runs, seed_hashes

TEMPLATES = Path(__file__).resolve().parents[3] / "templates" / "ejderhalar"
Box = tuple[float, float, float, float]


@pytest.fixture(scope="session")
def game() -> Game:
    """The Ejderhalar game as the specs give it."""
    return load_game("ejderhalar")


@pytest.fixture(scope="session")
def kit(game: Game, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of the whole kit, built once."""
    return build_kit(game, tmp_path_factory)


def test_every_file_of_the_kit_is_built(kit: Path) -> None:
    names = {p.name for p in kit.glob("*.pdf")}
    boards = {f"board-{f}-{t}.pdf" for f in FORMATS for t in THEMES}
    pieces = {f"pieces-{f}{s}.pdf" for f in FORMATS for s in ("", "-foldover")}
    tokens = {f"tokens-only-{p}{s}.pdf" for p in ("a4", "letter") for s in ("", "-foldover")}
    books = {f"{book}-{edition}.pdf" for book in ("rulebook", "reference")
             for edition in ("a4", "letter", "booklet", "booklet-letter")}
    books |= {"player-aid.pdf", "player-aid-letter.pdf", "PRINT-GUIDE.pdf", "duplex-calibration-a4.pdf",
              "duplex-calibration-letter.pdf", "decals-a4.pdf", "decals-letter.pdf"}
    assert boards | pieces | tokens | books <= names


@pytest.mark.parametrize("fmt", FORMATS)
def test_board_pages_are_the_paper_and_squares_measure_the_print_spec(kit: Path, game: Game, fmt: str) -> None:
    spec = game.format(fmt)
    pdf = kit / f"board-{fmt}-classic.pdf"
    assert_board_sheets(pdf, spec)
    assert_square_cells(pdf, spec.square_mm, 64 // spec.sheet_count)


def test_squares_are_as_large_as_the_paper_allows(game: Game) -> None:
    """Half a millimetre more on any format no longer fits its paper (the layout check refuses it)."""
    from dataclasses import replace

    from generator.compose.board_sheets import check_layout
    from generator.errors import SpecError
    for name in FORMATS:
        fmt = game.format(name)
        check_layout(game, fmt, None)
        with pytest.raises(SpecError):
            check_layout(game, replace(fmt, square_mm=fmt.square_mm + 0.5), None)


def test_light_saves_ink_and_blank_saves_more(kit: Path) -> None:
    assert_themes_save_ink(kit)


@pytest.mark.parametrize("name", ("board-a4-classic.pdf", "board-letter-x4-blank.pdf", "pieces-a4.pdf",
                                  "tokens-only-letter.pdf", "rulebook-a4.pdf", "rulebook-booklet.pdf",
                                  "player-aid.pdf", "PRINT-GUIDE.pdf"))
def test_fonts_are_embedded(kit: Path, name: str) -> None:
    assert_fonts_embedded(kit / name)


@pytest.mark.parametrize("stem, fmt", [("pieces-a4", "a4"), ("pieces-a4x4", "a4x4"), ("tokens-only-a4", None)])
def test_punch_sheets_hold_every_token_and_marker_with_spares(kit: Path, game: Game, stem: str,
                                                              fmt: str | None) -> None:
    layout = load_layout(game)
    if fmt is None:
        components, spec = tokens_only_components(game)
    else:
        components, spec = kit_components(game), game.format(fmt)
    pdf = kit / f"{stem}.pdf"
    fronts = range(0, page_count(pdf), 2)
    widths = {components.dims(c, spec)[0] for c in components.components if c.id in layout.dragons}
    tokens = sum(len(sized(pdf, p, w, w)) for p in fronts for w in widths)  # round tokens may be punch-sized
    assert tokens == len(layout.dragons) * (layout.tokens + components.sheet.spares) == 40
    stun = next(c for c in components.components if c.id == STUN_ID)
    assert stun.count == len(layout.dragons) * layout.tokens == 30
    sw, sh = components.dims(stun, spec)
    assert sum(len(sized(pdf, p, sw, sh)) for p in fronts) == stun.count + (stun.spares or 0)
    if fmt is None:
        control = next(c for c in components.components if c.id == CONTROL_ID)
        cw = components.dims(control, spec)[0]
        assert sum(len(sized(pdf, p, cw, cw)) for p in fronts) == len(layout.control) == 4
    text = all_text(pdf, fronts)
    for k, name in enumerate(layout.dragons):  # each token carries its dragon's set-up square
        square = layout.cells[layout.start_of[k]]
        assert len(re.findall(rf"(?<![\w-]){square}(?![\w-])", text)) >= layout.tokens + 1, name


@pytest.mark.parametrize("stem, fmt", [("pieces-a4", "a4"), ("pieces-letter-x4", "letter-x4"),
                                       ("tokens-only-letter", None)])
def test_backs_land_on_their_fronts(kit: Path, game: Game, stem: str, fmt: str | None) -> None:
    pdf = kit / f"{stem}.pdf"
    (_, ok, detail), = check_backs_registered(pdf, game, KitOptions())
    assert ok, detail
    # the hexagonal stun markers too, whose backs differ from their fronts
    components, spec = (tokens_only_components(game) if fmt is None else (kit_components(game), game.format(fmt)))
    stun = next(c for c in components.components if c.id == STUN_ID)
    sw, sh = components.dims(stun, spec)
    seen, worst = backs_behind(pdf, sw, sh)
    assert worst <= 0.1
    assert seen == stun.count + (stun.spares or 0)


def test_fold_over_sheets_mirror_their_fronts(kit: Path, game: Game) -> None:
    pdf = kit / "pieces-a4-foldover.pdf"
    h = page_sizes_mm(pdf)[0][1]
    components, fmt = kit_components(game), game.format("a4")
    token = next(c for c in components.components if c.shape == "square")
    w = components.dims(token, fmt)[0]
    for page in range(page_count(pdf)):
        faces = sized(pdf, page, w, w)
        above = [p for p in faces if p[1] < h / 2]
        below = [p for p in faces if p[1] >= h / 2]
        assert len(above) == len(below)
        if above:
            fold = (min(y for _, y in below) + max(y for _, y in above)) / 2
            assert all(any(math.dist((x, 2 * fold - y), b) <= 0.1 for b in below) for x, y in above)


@pytest.mark.parametrize("name, paper", [("rulebook-a4.pdf", "A4"), ("rulebook-letter.pdf", "letter")])
def test_both_books_are_on_their_paper_and_the_reference_names_the_files_to_change(kit: Path, name: str,
                                                                                   paper: str) -> None:
    """Each paper's rulebook and rules reference; the reference's defaults name every spec file that changes them
    (the chapters and examples are read back in test_ejderhalar_books.py)."""
    pdf, reference = kit / name, kit / name.replace("rulebook", "reference")
    w, h = PAPER_MM[paper]
    assert page_sizes_mm(pdf)[0] == (pytest.approx(w, abs=0.01), pytest.approx(h, abs=0.01))
    assert page_sizes_mm(reference)[0] == (pytest.approx(w, abs=0.01), pytest.approx(h, abs=0.01))
    shown = all_text(reference)
    for heading in ("Contents", "Clarifications", "This kit's defaults", "Index"):
        assert heading in shown, heading
    assert "specs/ejderhalar/" in shown
    for spec_file in ("board.yaml", "game.yaml", "print.yaml", "components.yaml", "tokens-only.yaml"):
        assert any(word.strip(".,;:()").endswith(spec_file) for word in shown.split()), \
            f"{spec_file}: named whole, never broken across lines"


def test_booklet_is_a5_pages_on_a4_and_the_aid_has_a_part_per_side(kit: Path, game: Game) -> None:
    w, h = PAPER_MM["A4"]
    assert page_sizes_mm(kit / "rulebook-booklet.pdf")[0] == (pytest.approx(h, abs=0.01), pytest.approx(w, abs=0.01))
    assert page_count(kit / "player-aid.pdf") == 1
    aid = page_text(kit / "player-aid.pdf")
    assert all(f"{p.name} · player aid" in aid for p in game.players)
    guide = all_text(kit / "PRINT-GUIDE.pdf")
    assert "tokens-only-PAPER.pdf" in guide and "greyboard" in guide and "Stun marker" in guide


def test_the_book_is_in_our_own_words(kit: Path) -> None:
    hashes = seed_hashes()
    exempt = {"ejderhalar", "dragon", "dragons", "token", "tokens", "stack"}
    for name in ("rulebook-a4.pdf", "reference-a4.pdf", "player-aid.pdf", "PRINT-GUIDE.pdf"):
        assert copied_runs(all_text(kit / name), hashes, exempt) == [], name
    for template in TEMPLATES.rglob("*.j2"):
        assert copied_runs(template.read_text(encoding="utf-8"), hashes, exempt) == [], template.name


def test_pieces_and_book_follow_a_nine_by_nine_spec(tmp_path: Path) -> None:
    """Six dragons a side and five control points: more tokens, more stun markers, and the book says so."""
    folder = spec_copy(tmp_path)
    board = folder / "board.yaml"
    edit(board, "columns: 8\n  rows: 8\n  column_labels: abcdefgh", "columns: 9\n  rows: 9\n  column_labels: abcdefghi")
    edit(board, "at: [c5, d3, e6, f4]", "at: [c5, d3, e6, f4, e5]")
    edit(board, "at: [a4, b2, d1, f2, h3]", "at: [a4, b2, d1, f2, h3, i1]")
    edit(board, "at: [a6, c7, e8, g7, h5]", "at: [a7, c8, e9, g8, i6, a9]")
    game = load_game(folder)
    components = kit_components(game)
    tokens = [c for c in components.components if c.id not in (STUN_ID,)]
    assert len(tokens) == 12 and sum(c.count for c in tokens) == 36
    assert next(c for c in components.components if c.id == STUN_ID).count == 36
    sixth = next(c for c in tokens if c.id == "p1-i1")
    assert (sixth.front.glyph, sixth.front.label, sixth.front.ground) == ("6", "i1", "dragon-1")
    chess, _ = tokens_only_components(game)
    assert next(c for c in chess.components if c.id == CONTROL_ID).count == 5
    facts = book_facts(game, load_layout(game), 400)
    assert (facts.board, facts.control[-1], facts.dragons_each, facts.tokens_total) == ("9 by 9", "e5", 6, 36)


@pytest.mark.parametrize("old, new, words", [
    ("square_mm: 45", "square_mm: huge", "expected a number"),
    ("square_mm: 45", "square_mm: 200", "200"),
    ("control_marker: 0.9", "control_marker: 0.9\ncolour: red", "colour"),
])
def test_a_bad_tokens_only_spec_is_a_located_error(tmp_path: Path, old: str, new: str, words: str) -> None:
    from generator.errors import SpecError
    folder = spec_copy(tmp_path)
    edit(folder / "tokens-only.yaml", old, new)
    with pytest.raises(SpecError) as caught:
        tokens_only_components(load_game(folder))
    problem, = caught.value.problems
    assert Path(problem.file).name == "tokens-only.yaml" and problem.line is not None and words in problem.message
