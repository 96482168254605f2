"""Drako's printed kit, read back: boards, pieces, cards, mats, rulebook, player aid and print guide.

The whole kit is built once per test session into a temporary folder
(without PNG previews); every test reads the PDFs that build wrote.
"""
from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

from generator.model.cards import POKER_MM
from generator.model.game import Game, load_game
from generator.games.drako.kit.parts import make_mats
from generator.games.drako.spec import DECK_SIZE, load_spec
from generator.output.inspect_pdf import (page_count, page_sizes_mm, page_text, path_boxes_mm, scale_bar_lengths,
                                   viewer_preferences)
from generator.kit import KitOptions
from generator.model.printspec import PAPER_MM
from tests.kit_checks import (FORMATS, THEMES, assert_board_sheets, assert_fonts_embedded, assert_hex_cells,
                              assert_themes_save_ink, build_kit)
from tests import hidden_backs
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


def _cards(pdf: Path, page: int) -> list[tuple[float, float]]:
    """Centres of the cards on a page, upright or turned."""
    return list({(round(x, 2), round(y, 2)) for size in (POKER_MM, POKER_MM[::-1]) for x, y in _boxes(pdf, page, size)})


#: Cards to a sheet: nine upright on A4, eight turned on Letter (three upright rows leave a Letter back no bleed).
PER_SHEET = {"a4": 9, "letter": 8}


@pytest.mark.parametrize("deck, paper", [("dragon", "a4"), ("dwarves", "letter"), ("dragon", "letter")])
def test_each_deck_holds_its_cards_and_every_back_lands_on_its_front(kit: Path, game: Game, deck: str,
                                                                     paper: str) -> None:
    pdf = kit / f"cards-{deck}-{paper}.pdf"
    assert viewer_preferences(pdf)["Duplex"] == "DuplexFlipLongEdge"
    pages = page_count(pdf)
    per = PER_SHEET[paper]
    sheets = math.ceil(DECK_SIZE / per)
    assert pages == 2 * sheets
    fronts = sum(len(_cards(pdf, 2 * s)) for s in range(sheets))
    assert fronts == per * sheets  # 38 cards and the blank spares that fill the last sheet
    w, _ = page_sizes_mm(pdf)[0]
    for sheet in range(sheets):
        front, back = set(_cards(pdf, 2 * sheet)), set(_cards(pdf, 2 * sheet + 1))
        assert len(front) == len(back)
        for bx, by in back:  # turned on the long edge: a back at x lies behind the front at width - x
            assert any(math.dist((w - bx, by), f) <= 0.1 for f in front)
        assert scale_bar_lengths(pdf, 2 * sheet) == [pytest.approx(100.0, abs=0.05)]
    text = "".join(page_text(pdf, 2 * s) for s in range(sheets))
    spec = load_spec(game)
    assert text.count("Spare") == per * sheets - DECK_SIZE
    titles = Counter(spec.decks[deck])
    assert sum(titles.values()) == DECK_SIZE
    backs = page_text(pdf, 1)
    assert backs.count("Dragon cards" if deck == "dragon" else "Dwarf cards") == per


@pytest.mark.parametrize("name", [f"cards-{d}-{p}{s}.pdf" for d in ("dragon", "dwarves") for p in ("a4", "letter")
                                  for s in ("", "-foldover")])
def test_every_card_is_whole_and_every_back_bleeds_two_millimetres(kit: Path, game: Game, name: str) -> None:
    """Every card is its full size (cards a card apart, none pulled in by the margins) and every back runs at
    least 2 mm past the cut on every side, whatever the paper; everything to read is 2 mm inside the cut."""
    from generator.kit.preflight import check_back_bleed, check_safe_area
    pdf = kit / name
    for page in range(0, page_count(pdf), 1 if name.endswith("-foldover.pdf") else 2):
        cards = _cards(pdf, page)
        if name.endswith("-foldover.pdf"):  # the fronts, above the fold
            cards = [c for c in cards if c[1] < page_sizes_mm(pdf)[page][1] / 2]
        assert cards
        xs, ys = sorted({x for x, _ in cards}), sorted({y for _, y in cards})
        assert all(round(b - a, 2) in (63.5, 88.9) for a, b in zip(xs, xs[1:])), xs
        assert all(round(b - a, 2) in (63.5, 88.9) for a, b in zip(ys, ys[1:])), ys
    for check in (check_back_bleed, check_safe_area):
        (_, ok, detail), = check(pdf, game, KitOptions())
        assert ok, detail


@pytest.mark.parametrize("name", ["cards-dragon-a4.pdf", "cards-dwarves-a4.pdf", "cards-dragon-letter.pdf",
                                  "cards-dwarves-letter.pdf", "cards-dragon-a4-foldover.pdf",
                                  "cards-dwarves-letter-foldover.pdf"])
def test_no_measurement_of_a_printed_back_tells_one_kind_of_card_from_the_rest(kit: Path, name: str) -> None:
    """The backs printed as a home printer prints them (shifted up to 2 mm, turned 1 mm at the sheet's corners,
    scaled 0.5 %, toned 4 %, differently on every sheet, in several seeded draws), and every card measured where
    it is cut out (its colour, the back's art and where it lies, how far its colour runs past each side, paper at
    its edge): for no kind of card does any measurement sort it from the rest better than it sorts random labels
    of the same sizes. (The decks this kit printed before, each sheet sorted by kind, failed: on cards-dragon-a4.pdf
    the tone of the last sheet sorted the seven spares, 95.6 % where chance reaches 84.4 %.)"""
    pdf = kit / name
    cuts = hidden_backs.card_cuts(pdf, POKER_MM)
    assert len(cuts) >= DECK_SIZE
    found = hidden_backs.leak(hidden_backs.printed_backs(pdf, cuts, seed=1), [c.label for c in cuts], seed=2)
    assert found.hidden, found.report()


def test_kinds_are_spread_over_the_sheets(kit: Path) -> None:
    """No sheet holds more than its share of a kind (rounded up), so no hand can be sorted by sheet."""
    for name in ("cards-dwarves-a4.pdf", "cards-dragon-letter.pdf"):
        cuts = hidden_backs.card_cuts(kit / name, POKER_MM)
        sheets = 1 + max(c.sheet for c in cuts)
        kinds = Counter(c.label for c in cuts)
        for (sheet, kind), n in Counter((c.sheet, c.label) for c in cuts).items():
            assert n <= math.ceil(kinds[kind] / sheets), (name, sheet, kind, n)


def test_fold_over_cards_mirror_their_fronts_four_to_a_sheet(kit: Path) -> None:
    for paper in ("a4", "letter"):
        pdf = kit / f"cards-dwarves-{paper}-foldover.pdf"
        h = page_sizes_mm(pdf)[0][1]
        cards = _cards(pdf, 0)
        above = [p for p in cards if p[1] < h / 2]
        below = [p for p in cards if p[1] >= h / 2]
        assert len(above) == len(below) == 4
        fold = (min(y for _, y in below) + max(y for _, y in above)) / 2
        assert all(any(math.dist((x, 2 * fold - y), b) <= 0.1 for b in below) for x, y in above)
        assert scale_bar_lengths(pdf, 0) == [pytest.approx(100.0, abs=0.05)]


@pytest.mark.parametrize("fmt", ("a4", "a4x4"))
def test_punch_sheets_hold_every_piece_with_spares_and_registered_backs(kit: Path, game: Game, fmt: str) -> None:
    pdf = kit / f"pieces-{fmt}.pdf"
    text = " ".join(page_text(pdf, i) for i in range(0, page_count(pdf), 2))
    for name in ("Dragon", "Brald", "Urpen", "Morin", "Net", "Fury"):
        assert name in text
    wounds = sum(len([d for d in _discs(pdf, i) if abs(d[2] - 15) < 0.05]) for i in range(0, page_count(pdf), 2))
    assert wounds == 25 + 3
    from generator.kit.preflight import check_backs_registered
    (_, ok, detail), = check_backs_registered(pdf, game, KitOptions())
    assert ok, detail


def _discs(pdf: Path, page: int) -> list[tuple[float, float, float]]:
    from generator.output.inspect_pdf import discs_mm
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
    assert "cards-DECK-PAPER.pdf" in guide and "DECK is dragon or dwarves" in " ".join(guide.split()) \
        and "Wound marker" in guide


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
    assert "PAPER is a4 or letter" in lines, "the card and mat papers"
