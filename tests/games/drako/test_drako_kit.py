"""Drako's printed kit, read back: boards, pieces, cards, mats, rulebook, player aid and print guide.

The whole kit is built once per test session into a temporary folder
(without PNG previews); every test reads the PDFs that build wrote.
"""
from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

from generator.cards import POKER_MM
from generator.game import Game, load_game
from generator.games.drako.kit.parts import make_mats
from generator.games.drako.spec import DECK_SIZE, load_spec
from generator.inspect_pdf import (page_count, page_sizes_mm, page_text, path_boxes_mm, scale_bar_lengths,
                                   viewer_preferences)
from generator.kit import KitOptions
from generator.printspec import PAPER_MM
from tests.kit_checks import (FORMATS, THEMES, assert_board_sheets, assert_fonts_embedded, assert_hex_cells,
                              assert_themes_save_ink, build_kit)
from tests.own_words import copied_runs, seed_hashes

TEMPLATES = Path(__file__).resolve().parents[3] / "templates" / "drako"


@pytest.fixture(scope="session")
def game() -> Game:
    """The Drako game as the specs give it."""
    return load_game("drako")


@pytest.fixture(scope="session")
def kit(game: Game, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of the whole kit, built once."""
    return build_kit(game, tmp_path_factory)


def test_every_file_of_the_kit_is_built(kit: Path) -> None:
    names = {p.name for p in kit.glob("*.pdf")}
    boards = {f"board-{f}-{t}.pdf" for f in FORMATS for t in THEMES}
    pieces = {f"pieces-{f}{s}.pdf" for f in FORMATS for s in ("", "-foldover")}
    cards = {f"cards-{d}-{p}{s}.pdf" for d in ("dragon", "dwarves") for p in ("a4", "letter") for s in ("", "-foldover")}
    mats = {f"mat-{m}-{p}.pdf" for m in ("dragon", "dwarves") for p in ("a4", "letter")}
    books = {f"{book}-{edition}.pdf" for book in ("rulebook", "reference")
             for edition in ("a4", "letter", "booklet", "booklet-letter")}
    books |= {"player-aid.pdf", "player-aid-letter.pdf", "PRINT-GUIDE.pdf"}
    assert boards | pieces | cards | mats | books <= names


@pytest.mark.parametrize("fmt", FORMATS)
def test_board_pages_are_the_paper_and_carry_a_true_scale_bar(kit: Path, game: Game, fmt: str) -> None:
    spec = game.format(fmt)
    pdf = kit / f"board-{fmt}-classic.pdf"
    assert_board_sheets(pdf, spec)


@pytest.mark.parametrize("fmt", ("a3", "a4", "letter", "a4x4"))
def test_measured_hexes_match_the_print_spec(kit: Path, game: Game, fmt: str) -> None:
    """Flat-top hexes: as tall as the cell (across the flats), 2/sqrt(3) cells wide, centres a cell apart."""
    assert_hex_cells(kit / f"board-{fmt}-classic.pdf", game.format(fmt).square_mm, False,
                     37 // game.format(fmt).sheet_count)


def test_light_saves_ink_and_blank_saves_more(kit: Path) -> None:
    assert_themes_save_ink(kit)


@pytest.mark.parametrize("name", ("board-a4-classic.pdf", "cards-dragon-a4.pdf", "mat-dwarves-a4.pdf",
                                  "rulebook-a4.pdf", "player-aid.pdf", "PRINT-GUIDE.pdf", "pieces-a4.pdf"))
def test_fonts_are_embedded(kit: Path, name: str) -> None:
    assert_fonts_embedded(kit / name)


def _boxes(pdf: Path, page: int, size: tuple[float, float]) -> list[tuple[float, float]]:
    return [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in path_boxes_mm(pdf, page)
            if abs(x1 - x0 - size[0]) < 0.05 and abs(y1 - y0 - size[1]) < 0.05]


@pytest.mark.parametrize("deck, paper", [("dragon", "a4"), ("dwarves", "letter")])
def test_each_deck_holds_its_cards_and_every_back_lands_on_its_front(kit: Path, game: Game, deck: str,
                                                                     paper: str) -> None:
    pdf = kit / f"cards-{deck}-{paper}.pdf"
    assert viewer_preferences(pdf)["Duplex"] == "DuplexFlipLongEdge"
    pages = page_count(pdf)
    sheets = math.ceil(DECK_SIZE / 9)
    assert pages == 2 * sheets
    fronts = sum(len(set(_boxes(pdf, 2 * s, POKER_MM))) for s in range(sheets))
    assert fronts == 9 * sheets  # 38 cards and the blank spares that fill the last sheet
    w, _ = page_sizes_mm(pdf)[0]
    for sheet in range(sheets):
        front, back = set(_boxes(pdf, 2 * sheet, POKER_MM)), set(_boxes(pdf, 2 * sheet + 1, POKER_MM))
        assert len(front) == len(back)
        for bx, by in back:  # turned on the long edge: a back at x lies behind the front at width - x
            assert any(math.dist((w - bx, by), f) <= 0.1 for f in front)
    text = "".join(page_text(pdf, 2 * s) for s in range(sheets))
    spec = load_spec(game)
    assert text.count("Spare") == 9 * sheets - DECK_SIZE
    titles = Counter(spec.decks[deck])
    assert sum(titles.values()) == DECK_SIZE
    backs = page_text(pdf, 1)
    assert backs.count("Dragon cards" if deck == "dragon" else "Dwarf cards") == 9


def test_fold_over_cards_mirror_their_fronts(kit: Path) -> None:
    pdf = kit / "cards-dwarves-a4-foldover.pdf"
    h = page_sizes_mm(pdf)[0][1]
    cards = _boxes(pdf, 0, POKER_MM)
    above = [p for p in cards if p[1] < h / 2]
    below = [p for p in cards if p[1] >= h / 2]
    assert above and len(above) == len(below)
    fold = (min(y for _, y in below) + max(y for _, y in above)) / 2
    assert all(any(math.dist((x, 2 * fold - y), b) <= 0.1 for b in below) for x, y in above)


@pytest.mark.parametrize("fmt", ("a4", "a4x4"))
def test_punch_sheets_hold_every_piece_with_spares_and_registered_backs(kit: Path, game: Game, fmt: str) -> None:
    pdf = kit / f"pieces-{fmt}.pdf"
    text = " ".join(page_text(pdf, i) for i in range(0, page_count(pdf), 2))
    for name in ("Dragon", "Brald", "Urpen", "Morin", "Net", "Fury"):
        assert name in text
    wounds = sum(len([d for d in _discs(pdf, i) if abs(d[2] - 15) < 0.05]) for i in range(0, page_count(pdf), 2))
    assert wounds == 25 + 3
    from generator.preflight import check_backs_registered
    (_, ok, detail), = check_backs_registered(pdf, game, KitOptions())
    assert ok, detail


def _discs(pdf: Path, page: int) -> list[tuple[float, float, float]]:
    from generator.inspect_pdf import discs_mm
    found = discs_mm(pdf, page)
    return list({(round(x, 1), round(y, 1), round(d, 2)) for x, y, d in found if True})


@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_mats_hold_every_wound_space_of_mats_yaml(kit: Path, game: Game, paper: str) -> None:
    spec = load_spec(game)
    mats = {m.id: m for m in make_mats(spec, "A4" if paper == "a4" else "letter")}
    for mat_id, expected in (("dragon", spec.armour + sum(n for _, n in spec.abilities)),
                             ("dwarves", sum(d.spaces for d in spec.dwarves))):
        pdf = kit / f"mat-{mat_id}-{paper}.pdf"
        assert page_count(pdf) == 1
        assert sum(len(t.spaces) for t in mats[mat_id].tracks) == expected
        circles = [d for d in _discs(pdf, 0) if abs(d[2] - 18) < 0.05]
        assert len(circles) == expected
        assert scale_bar_lengths(pdf, 0) == [pytest.approx(100.0, abs=0.05)]
    assert all(d.name in page_text(kit / f"mat-dwarves-{paper}.pdf") for d in spec.dwarves)


@pytest.mark.parametrize("name, paper", [("rulebook-a4.pdf", "A4"), ("rulebook-letter.pdf", "letter")])
def test_the_rulebook_and_the_reference_hold_their_chapters(kit: Path, name: str, paper: str) -> None:
    """The rulebook teaches the game chapter by chapter and names no file; the rules reference of the same paper
    has a chapter per topic, the clarifications, the defaults (which name the spec files) and the index, and a
    figure for every rule example."""
    pdf, reference = kit / name, kit / name.replace("rulebook", "reference")
    w, h = PAPER_MM[paper]
    assert page_sizes_mm(pdf)[0] == (pytest.approx(w, abs=0.01), pytest.approx(h, abs=0.01))
    assert page_sizes_mm(reference)[0] == (pytest.approx(w, abs=0.01), pytest.approx(h, abs=0.01))
    shown = " ".join(page_text(reference, i) for i in range(page_count(reference)))
    text = " ".join(page_text(pdf, i) for i in range(page_count(pdf)))
    for heading in ("Contents", "The game in brief", "Who plays which side", "What is in the box", "Setting up",
                    "Taking turns", "The cards", "Defence: answering an attack", "Moving", "Attacking",
                    "The dwarves' abilities", "The dragon's powers", "Wounds and the mats", "How the game ends",
                    "Tips for your first games"):
        assert heading in text, heading
    assert page_count(pdf) <= 12 and ".yaml" not in text
    for heading in ("Using this book", "Setting up", "Turns, drawing and passing", "Cards and Defence", "Moving",
                    "Attacking", "The dwarves' abilities", "The dragon's powers", "Wounds and the mats",
                    "The end of the game", "A second opening hand", "Clarifications", "This kit's defaults", "Index"):
        assert heading in shown, heading
    for spec_file in ("specs/drako/", "board.yaml", "decks.yaml", "mats.yaml"):
        assert spec_file in shown
    examples = len(list((Path(__file__).resolve().parents[3] / "specs" / "drako" / "examples").glob("*.yaml")))
    assert shown.count("Figure") >= examples  # every rule example is a figure


def test_booklet_is_a5_pages_on_a4_and_the_aid_has_a_part_per_side(kit: Path) -> None:
    w, h = PAPER_MM["A4"]
    assert page_sizes_mm(kit / "rulebook-booklet.pdf")[0] == (pytest.approx(h, abs=0.01), pytest.approx(w, abs=0.01))
    aid = page_text(kit / "player-aid.pdf")
    assert "Dragon · player aid" in aid and "Dwarves · player aid" in aid
    guide = " ".join(page_text(kit / "PRINT-GUIDE.pdf", i) for i in range(page_count(kit / "PRINT-GUIDE.pdf")))
    assert "cards-dragon-PAPER.pdf" in guide and "Wound marker" in guide


def test_the_book_is_in_our_own_words(kit: Path) -> None:
    hashes = seed_hashes()
    exempt = {"dragon", "dwarf", "dwarves", "brald", "urpen", "morin", "drako"}
    for name in ("rulebook-a4.pdf", "reference-a4.pdf", "player-aid.pdf"):
        pdf = kit / name
        text = " ".join(page_text(pdf, i) for i in range(page_count(pdf)))
        assert copied_runs(text, hashes, exempt) == [], name
    for template in TEMPLATES.rglob("*.j2"):
        assert copied_runs(template.read_text(encoding="utf-8"), hashes, exempt) == [], template.name


def test_the_shared_print_guide_lists_both_decks_and_the_figures_by_name(kit: Path, game: Game) -> None:
    from generator.games.drako import PLUGIN

    assert "guide" not in PLUGIN.kit_parts, "Drako's guide is the shared one, from its template"
    guide = " ".join(page_text(kit / "PRINT-GUIDE.pdf", i) for i in range(page_count(kit / "PRINT-GUIDE.pdf")))
    lines = " ".join(guide.split())
    assert f"Dragon cards {DECK_SIZE} Dwarf cards {DECK_SIZE}" in lines and "Dragon playing piece 1" in lines
    assert "Brald 1 Urpen 1 Morin 1" in lines and "Brald playing piece" not in lines
    assert "a4 and letter" in lines, "the card and mat papers"
