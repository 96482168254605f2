"""The printed kits of Patrakill (the duel) and Vatrakill (2 to 5 players), read back from their PDFs.

Both kits are built once per test session into a temporary folder (without
PNG previews); every test reads the PDFs that build wrote: page sizes, the
measured square size, fonts, the pieces on the punch sheets, backs on
fronts, the rulebooks' headings and figures, the player aids, and the
own-words check.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from generator.model.game import Game, load_game
from generator.games.patrakill.book import book_facts
from generator.games.patrakill.layout import load_layout
from generator.output.inspect_pdf import page_count, page_sizes_mm, page_text
from generator.kit import KitOptions
from generator.model.pieces import Components
from generator.play.registry import load_components
from generator.kit.preflight import check_backs_registered
from generator.model.printspec import PAPER_MM
from tests.kit_checks import (FORMATS, THEMES, build_kit, all_text, assert_board_sheets, assert_fonts_embedded,
                              assert_square_cells, assert_themes_save_ink, backs_behind, sized)
from tests.own_words import copied_runs, seed_hashes

GAMES = ("patrakill", "vatrakill")
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The folder of each game's whole kit, each built once per test run."""
    return {name: build_kit(load_game(name), tmp_path_factory) for name in GAMES}


def _game(name: str) -> Game:
    return load_game(name)


def _components(game: Game) -> Components:
    found = load_components(game)
    assert found is not None
    return found




@pytest.mark.parametrize("name", GAMES)
def test_every_file_of_the_kit_is_built(kits: dict[str, Path], name: str) -> None:
    files = {p.name for p in kits[name].glob("*.pdf")}
    boards = {f"board-{f}-{t}.pdf" for f in FORMATS for t in THEMES}
    pieces = {f"pieces-{f}{s}.pdf" for f in FORMATS for s in ("", "-foldover")}
    books = {f"{book}-{edition}.pdf" for book in ("rulebook", "reference")
             for edition in ("a4", "letter", "booklet", "booklet-letter")}
    books |= {"player-aid.pdf", "player-aid-letter.pdf", "PRINT-GUIDE.pdf", "duplex-calibration-a4.pdf",
              "duplex-calibration-letter.pdf"}
    assert boards | pieces | books <= files


@pytest.mark.parametrize("fmt", FORMATS)
def test_board_pages_are_the_paper_and_squares_measure_the_print_spec(kits: dict[str, Path], fmt: str) -> None:
    spec = _game("patrakill").format(fmt)
    pdf = kits["patrakill"] / f"board-{fmt}-classic.pdf"
    assert_board_sheets(pdf, spec)
    assert_square_cells(pdf, spec.square_mm, 81 // (2 * spec.sheet_count))


def test_squares_are_as_large_as_the_paper_allows() -> None:
    """Half a millimetre more on any format no longer fits its paper (the layout check refuses it)."""
    from dataclasses import replace

    from generator.compose.board_sheets import check_layout
    from generator.errors import SpecError
    game = _game("patrakill")
    for name in FORMATS:
        fmt = game.format(name)
        check_layout(game, fmt, None)
        with pytest.raises(SpecError):
            check_layout(game, replace(fmt, square_mm=fmt.square_mm + 0.5), None)


def test_light_saves_ink_and_blank_saves_more(kits: dict[str, Path]) -> None:
    assert_themes_save_ink(kits["patrakill"])


@pytest.mark.parametrize("name, file", [(g, f) for g in GAMES for f in (
    "board-a4-classic.pdf", "board-letter-x4-blank.pdf", "pieces-a4.pdf", "rulebook-a4.pdf", "rulebook-booklet.pdf",
    "player-aid.pdf", "PRINT-GUIDE.pdf")])
def test_fonts_are_embedded(kits: dict[str, Path], name: str, file: str) -> None:
    assert_fonts_embedded(kits[name] / file)


@pytest.mark.parametrize("name, knights, dragons, rounds", [("patrakill", 13 + 2, 1 + 1, 5 + 6 + 1),
                                                            ("vatrakill", 4 * (5 + 1), 1 + 1, 6 + 1)])
@pytest.mark.parametrize("fmt", ("a4", "letter-x4"))
def test_punch_sheets_hold_every_piece_with_spares(kits: dict[str, Path], name: str, knights: int, dragons: int,
                                                   rounds: int, fmt: str) -> None:
    """Knights (squares), dragons and the round tokens of tower size (towers, the duel's broken towers, markers):
    Vatrakill, whose towers never break, prints no broken tower."""
    game = _game(name)
    components, spec = _components(game), game.format(fmt)
    pdf = kits[name] / f"pieces-{fmt}.pdf"
    fronts = range(0, page_count(pdf), 2)
    knight = next(c for c in components.components if c.shape == "square")
    kw = components.dims(knight, spec)[0]
    assert sum(len(sized(pdf, p, kw, kw)) for p in fronts) == knights
    dw = components.dims(next(c for c in components.components if c.id == "dragon"), spec)[0]
    assert sum(len(sized(pdf, p, dw, dw)) for p in fronts) == dragons
    tw = components.dims(next(c for c in components.components if "tower" in c.id), spec)[0]
    assert sum(len(sized(pdf, p, tw, tw)) for p in fronts) == rounds
    assert knight.count == load_layout(game).knight_total if name == "patrakill" else knight.count == 5


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("fmt", ("a4", "a4x4"))
def test_backs_land_on_their_fronts(kits: dict[str, Path], name: str, fmt: str) -> None:
    """The shared check, and every tower's back (the duel's broken tower, Vatrakill's tower again) within 0.1 mm of
    its front."""
    game = _game(name)
    pdf = kits[name] / f"pieces-{fmt}.pdf"
    (_, ok, detail), = check_backs_registered(pdf, game, KitOptions())
    assert ok, detail
    components, spec = _components(game), game.format(fmt)
    tower = next(c for c in components.components if c.id.startswith("tower"))
    tw = components.dims(tower, spec)[0]
    seen, worst = backs_behind(pdf, tw, tw)
    assert worst <= 0.1
    assert seen >= (12 if name == "patrakill" else 7)  # every round token of tower size, spares included


@pytest.mark.parametrize("name", GAMES)
def test_fold_over_sheets_mirror_their_fronts(kits: dict[str, Path], name: str) -> None:
    pdf = kits[name] / "pieces-a4-foldover.pdf"
    game = _game(name)
    components, fmt = _components(game), game.format("a4")
    knight = next(c for c in components.components if c.shape == "square")
    w = components.dims(knight, fmt)[0]
    h = page_sizes_mm(pdf)[0][1]
    for page in range(page_count(pdf)):
        faces = sized(pdf, page, w, w)
        above = [p for p in faces if p[1] < h / 2]
        below = [p for p in faces if p[1] >= h / 2]
        assert len(above) == len(below)
        if above:
            fold = (min(y for _, y in below) + max(y for _, y in above)) / 2
            assert all(any(math.dist((x, 2 * fold - y), b) <= 0.1 for b in below) for x, y in above)


HEADINGS = {
    "patrakill": ("Contents", "The game at a glance", "What is in the box", "Setting up", "Playing a turn",
                  "A knight's move", "The dragon's move", "Round 1: fetching the towers", "Earning a tower",
                  "The end of round 1", "Round 2: the hunt", "Underground passages", "Winning", "Tips for a first game",
                  "Moving a knight", "This kit's defaults", "Clarifications", "Index"),
    "vatrakill": ("Contents", "The game at a glance", "What is in the box", "Setting up", "Playing a turn",
                  "Catching the dragon", "Trapping the dragon", "Tips for a first game", "Taking turns", "Moving",
                  "This kit's defaults", "Clarifications", "Index"),
}
SPEC_FILES = {
    "patrakill": ("specs/patrakill/board.yaml", "specs/patrakill/game.yaml", "specs/patrakill/print.yaml",
                  "specs/patrakill/components.yaml"),
    "vatrakill": ("specs/patrakill/board.yaml", "specs/vatrakill/game.yaml", "specs/patrakill/print.yaml",
                  "specs/vatrakill/components.yaml"),
}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("file, paper", [("rulebook-a4.pdf", "A4"), ("rulebook-letter.pdf", "letter")])
def test_rulebook_has_its_chapters_figures_defaults_and_appendix(kits: dict[str, Path], name: str, file: str,
                                                                 paper: str) -> None:
    """The rulebook and the rules reference of one paper hold every chapter between them; the reference shows every
    rule example."""
    pdf, reference = kits[name] / file, kits[name] / file.replace("rulebook", "reference")
    w, h = PAPER_MM[paper]
    assert page_sizes_mm(pdf)[0] == (pytest.approx(w, abs=0.01), pytest.approx(h, abs=0.01))
    assert page_sizes_mm(reference)[0] == (pytest.approx(w, abs=0.01), pytest.approx(h, abs=0.01))
    text = all_text(pdf) + " " + all_text(reference)
    for heading in HEADINGS[name]:
        assert heading in text, heading
    words = [word.strip(".,;:()") for word in text.split()]
    for spec_file in SPEC_FILES[name]:
        folder, _, file_name = spec_file.rpartition("/")
        assert folder + "/" in text, folder
        assert any(word.endswith(file_name) for word in words), f"{file_name}: named whole, never broken"
    examples = len(list((ROOT / "specs" / name / "examples").glob("*.yaml")))
    figures = {int(n) for n in re.findall(r"Figure (\d+)\.", all_text(reference))}
    assert len(figures) >= examples  # every rule example
    assert "25. Catching the dragon." in text


def test_vatrakill_book_has_a_setup_for_each_player_count(kits: dict[str, Path]) -> None:
    text = all_text(kits["vatrakill"] / "reference-a4.pdf")
    for title in ("Two players, face to face", "Three players", "Four players", "Five players"):
        assert title in text, title


@pytest.mark.parametrize("name", GAMES)
def test_booklet_is_a5_pages_on_a4_and_the_aid_has_a_part_per_side(kits: dict[str, Path], name: str) -> None:
    w, h = PAPER_MM["A4"]
    assert page_sizes_mm(kits[name] / "rulebook-booklet.pdf")[0] == (pytest.approx(h, abs=0.01),
                                                                    pytest.approx(w, abs=0.01))
    assert page_count(kits[name] / "player-aid.pdf") == 1
    aid = page_text(kits[name] / "player-aid.pdf")
    facts = book_facts(_game(name), load_layout(_game(name)))
    assert [s.role for s in facts.sides] == ["knights", "dragon"]
    assert all(f"{s.name} · player aid" in aid for s in facts.sides)


@pytest.mark.parametrize("name", GAMES)
def test_the_book_is_in_our_own_words(kits: dict[str, Path], name: str) -> None:
    hashes = seed_hashes()
    exempt = {"patrakill", "vatrakill", "dragon", "knight", "knights", "tower", "towers"}
    for file in ("rulebook-a4.pdf", "player-aid.pdf", "PRINT-GUIDE.pdf"):
        assert copied_runs(all_text(kits[name] / file), hashes, exempt) == [], file
    for template in (ROOT / "templates" / name).rglob("*.j2"):
        assert copied_runs(template.read_text(encoding="utf-8"), hashes, exempt) == [], template.name


def test_book_facts_follow_the_specs() -> None:
    duel = book_facts(_game("patrakill"), load_layout(_game("patrakill")))
    assert (duel.board, duel.knights, duel.towers, duel.skewer) == ("9 by 9", 13, 5, 5)
    assert duel.x_squares == ("a3", "c3", "e3", "g3", "i3") and duel.camp_facing == "north" and duel.home_facing == "south"
    multi = book_facts(_game("vatrakill"), load_layout(_game("vatrakill")))
    assert {z.id: (z.tower, z.facing, z.faction) for z in multi.zones} == {
        "south": ("e1", "north", "purple"), "west": ("a5", "east", "blue"),
        "north": ("e9", "south", "green"), "east": ("i5", "west", "yellow")}
