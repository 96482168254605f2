"""The short rulebook's PDFs, read back: pages, contents, bookmarks, fonts, figures, typography, booklet order,
originality.

Everything is built once for the module (about twenty seconds, most of it
converting the figures).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat

from bookcheck import cover_problems
from generator.model.game import load_game
from own_words import copied_runs, hashes_of, seed_hashes
from generator.output.inspect_pdf import (fonts, page_count, page_sizes_mm, page_text, render_page, text_in_band,
                                   viewer_preferences)
from generator.kit import KitOptions, plan
from generator.rulebook.book import Book, Rulebook
from generator.rulebook.booklet import padded_order, sheet_sides
from generator.rulebook.files import AIDS, EDITIONS, Edition, book_file, write_book, write_player_aid
from generator.rulebook.layout import FORMATS
from generator.rulebook.markup import plain

#: Page counts of this edition: a change shows up here first.
PAGES = {"a4": 24, "letter": 25, "a5": 29}
#: Pages of the Letter booklet's half-Letter pages (before imposition).
HALF_LETTER_PAGES = 29
MM = 72 / 25.4
#: The editions of the rulebook by the format of their pages, and the A5 pages before imposition.
EDITION = {**{e.fmt: e for e in EDITIONS}, "a5-pages": Edition("a5", "a5", "A5")}
BOOKLET = book_file("rulebook", EDITION["a5"])
LETTER_BOOKLET = book_file("rulebook", EDITION["half-letter"])
AID, LETTER_AID = AIDS[0][0], AIDS[1][0]


@dataclass
class Built:
    """The module's build: the output folder, the books by format, and the rulebook they came from."""

    out: Path
    books: dict[str, Book]
    rulebook: Rulebook

    def pdf(self, fmt: str) -> Path:
        """The written single-sided book of a format (the A5 one is the booklet's pages before imposition)."""
        return self.out / book_file("rulebook", EDITION["a5-pages" if fmt == "a5" else fmt])


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    game = load_game("dravakron")
    rulebook = Rulebook(game)
    out = tmp_path_factory.mktemp("rulebook")
    books = {fmt: rulebook.build(fmt) for fmt in [*PAGES, "half-letter"]}
    for fmt in ("a4", "letter", "a5-pages", "a5", "half-letter"):
        edition = EDITION[fmt]
        write_book(books[edition.fmt], out / book_file("rulebook", edition), game.title, "rulebook", edition)
    write_player_aid(rulebook, out / AID, preview=False)
    write_player_aid(rulebook, out / LETTER_AID, preview=False, paper="letter")
    return Built(out, books, rulebook)


def _text(path: Path) -> str:
    return " ".join(page_text(path, i) for i in range(page_count(path)))


def _squash(text: str) -> str:
    return " ".join(text.split())


def test_page_counts_are_stable(built: Built) -> None:
    assert {fmt: book.log.pages for fmt, book in built.books.items()} == {**PAGES, "half-letter": HALF_LETTER_PAGES}
    assert page_count(built.pdf("a4")) == PAGES["a4"] and page_count(built.pdf("letter")) == PAGES["letter"]
    assert page_count(built.out / BOOKLET) == 2 * ((PAGES["a5"] + 3) // 4)
    assert page_count(built.out / LETTER_BOOKLET) == 2 * ((HALF_LETTER_PAGES + 3) // 4)
    assert page_count(built.out / AID) == page_count(built.out / LETTER_AID) == 1


@pytest.mark.parametrize("fmt", ["a4", "letter"])
def test_page_size_is_exact(built: Built, fmt: str) -> None:
    size = (FORMATS[fmt].width, FORMATS[fmt].height)
    assert all(w == pytest.approx(size[0], abs=0.05) and h == pytest.approx(size[1], abs=0.05)
               for w, h in page_sizes_mm(built.pdf(fmt)))


def test_sheets_are_a4_or_letter_landscape(built: Built) -> None:
    for name in (BOOKLET, AID):
        assert all(w == pytest.approx(297, abs=0.05) and h == pytest.approx(210, abs=0.05)
                   for w, h in page_sizes_mm(built.out / name))
    for name in (LETTER_BOOKLET, LETTER_AID):
        assert all(w == pytest.approx(279.4, abs=0.05) and h == pytest.approx(215.9, abs=0.05)
                   for w, h in page_sizes_mm(built.out / name))
    assert (FORMATS["half-letter"].width, FORMATS["half-letter"].height) == (139.7, 215.9)


def test_the_letter_aid_has_the_same_parts_on_its_halves(built: Built) -> None:
    doc = pdfium.PdfDocument(str(built.out / LETTER_AID))
    page = doc[0]
    middle = page.get_width() / 2
    for n, player in enumerate(built.rulebook.game.players):
        text = _squash(page.get_textpage().get_text_bounded(n * middle, 0, (n + 1) * middle, page.get_height()))
        assert f"{player.name} · player aid" in text and "Ways to win" in text


@pytest.mark.parametrize("fmt", ["a4", "letter", "a5"])
def test_the_cover_is_one_page(built: Built, fmt: str) -> None:
    assert cover_problems(built.pdf(fmt)) == []
    assert "A game by" in page_text(built.pdf(fmt), 0) and "A game by" not in page_text(built.pdf(fmt), 1)


@pytest.mark.parametrize("fmt", list(PAGES))
def test_every_heading_is_in_the_text(built: Built, fmt: str) -> None:
    text = _squash(_text(built.pdf(fmt)))
    headings = [plain(b.text) for b in built.rulebook.blocks() if b.kind == "heading"]
    assert len(headings) > 30
    missing = [h for h in headings if _squash(h) not in text]
    assert not missing


def test_contents_and_bookmarks_list_the_chapters(built: Built) -> None:
    book = built.books["a4"]
    chapters = [(title, page) for level, title, page, _ in book.log.headings if level == 1]
    contents = _squash(page_text(built.pdf("a4"), 1) + " " + page_text(built.pdf("a4"), 2))
    for title, page in chapters:
        assert re.search(re.escape(title) + r"[ .]*" + str(page) + r"\b", contents), title
    with pikepdf.open(built.pdf("a4")) as pdf, pdf.open_outline() as outline:
        top = [item.title for item in outline.root]
        assert top[0] == "1 The game in brief" and top[-1] == "15 At a glance"
        assert len(top) == len(chapters)
        assert sum(len(item.children) for item in outline.root) >= 25
        assert str(pdf.Root.get("/PageMode")) == "/UseOutlines"


@pytest.mark.parametrize("fmt", list(PAGES))
def test_pages_carry_running_heads_and_folios(built: Built, fmt: str) -> None:
    book = built.books[fmt]
    running = f"{built.rulebook.facts.title} \u00b7 Learn to play"
    first_chapter = min(page for level, _, page, _ in book.log.headings if level == 1)
    layout = FORMATS[fmt]
    for page in range(2, book.log.pages + 1):
        foot = text_in_band(built.pdf(fmt), page - 1, layout.height - layout.bottom, layout.height)
        assert foot.split() == [str(page)], f"page {page} has no folio at its foot"
        if page > first_chapter:  # the first chapter opens under the contents, on a page without a head
            head = text_in_band(built.pdf(fmt), page - 1, 0, layout.top)
            assert running in head, f"page {page} has no running head"


@pytest.mark.parametrize("name", ["rulebook-a4.pdf", "rulebook-letter.pdf", BOOKLET, LETTER_BOOKLET, AID, LETTER_AID])
def test_fonts_are_embedded_and_ours(built: Built, name: str) -> None:
    found = fonts(built.out / name)
    assert found and all(f.embedded for f in found)
    assert all("SourceSansPro" in f.name or "SourceSerifPro" in f.name for f in found)


def test_every_figure_is_shown_with_its_caption(built: Built) -> None:
    wanted = [b.args[0] for b in built.rulebook.blocks() if b.kind == "directive" and b.text == "figure"]
    book = built.books["a4"]
    assert [fig for fig, _, _ in book.log.figures] == wanted
    assert [number for _, number, _ in book.log.figures] == list(range(1, len(wanted) + 1))
    examples = {p.stem for p in (built.rulebook.game.path("examples")).glob("*.yaml")}
    taught = [fig for fig in wanted if fig in examples]  # the figures that teach, one per kind of action
    assert 10 <= len(taught) <= 20 and len(set(taught)) == len(taught)
    for fig, number, page in book.log.figures:
        text = _squash(page_text(built.pdf("a4"), page - 1))
        assert f"Figure {number}." in text.replace("\u00a0", " "), fig
        caption = _squash(plain(book.captions[fig]))
        assert caption[:30] in text, fig


@pytest.mark.parametrize("fmt", list(PAGES))
def test_no_heading_is_left_at_the_foot_of_a_page(built: Built, fmt: str) -> None:
    stranded = [(title, page) for _, title, page, next_page in built.books[fmt].log.headings if page != next_page]
    assert not stranded


@pytest.mark.parametrize("fmt", list(PAGES))
def test_nothing_runs_into_the_side_margins(built: Built, fmt: str) -> None:
    path = built.pdf(fmt)
    band = int((FORMATS[fmt].side - 1.5) / 25.4 * 36)
    for index in range(built.books[fmt].log.pages):
        image = render_page(path, index, dpi=36).convert("L")
        w, h = image.size
        for box in ((0, 0, band, h), (w - band, 0, w, h)):
            assert image.crop(box).getextrema()[0] >= 250, f"page {index + 1} has ink in a side margin"


def _pictures(path: Path, dpi: float = 20) -> list[Image.Image]:
    doc = pdfium.PdfDocument(str(path))
    try:
        return [doc[i].render(scale=dpi / 72).to_pil().convert("L") for i in range(len(doc))]
    finally:
        doc.close()


def _difference(a: Image.Image, b: Image.Image) -> float:
    return ImageStat.Stat(ImageChops.difference(a, b.resize(a.size))).mean[0]


def test_booklet_halves_show_the_pages_in_saddle_stitch_order(built: Built) -> None:
    pages = _pictures(built.pdf("a5"))
    order = padded_order(len(pages))
    sides = sheet_sides(len(order))
    sheets = _pictures(built.out / BOOKLET)
    assert len(sheets) == len(sides)
    blank = Image.new("L", pages[0].size, 255)
    for n, (sheet, (left, right)) in enumerate(zip(sheets, sides)):
        width, height = sheet.size
        half = round(width * 148 / 297)
        for position, box in ((left, (width // 2 - half, 0, width // 2, height)),
                              (right, (width // 2, 0, width // 2 + half, height))):
            shown = sheet.crop(box)
            differences = [_difference(page, shown) for page in pages]
            best = min(range(len(pages)), key=differences.__getitem__)
            if order[position] is None:
                assert _difference(blank, shown) < 0.5, f"sheet side {n + 1}: a blank page was expected"
            else:
                assert best == order[position] and differences[best] < 6, \
                    f"sheet side {n + 1}, booklet page {position + 1}: shows page {best + 1}"
    assert order[-1] == len(pages) - 1  # the page at a glance stays the back cover


def test_booklet_asks_for_duplex_on_the_short_edge(built: Built) -> None:
    assert viewer_preferences(built.out / BOOKLET)["Duplex"] == "DuplexFlipShortEdge"


def test_the_page_at_a_glance_is_the_last_page_and_fits_it(built: Built) -> None:
    for fmt, book in built.books.items():
        (level, title, page, _), = [h for h in book.log.headings if h[1] == "At a glance"]
        assert page == book.log.pages, fmt
    last = _squash(page_text(built.pdf("a4"), built.books["a4"].log.pages - 1))
    assert last.count("At a glance") >= 1 and "You win" in last


def test_player_aid_has_a_half_for_each_side(built: Built) -> None:
    doc = pdfium.PdfDocument(str(built.out / AID))
    page = doc[0]
    middle = page.get_width() / 2
    game = built.rulebook.game
    for n, player in enumerate(game.players):
        text = _squash(page.get_textpage().get_text_bounded(n * middle, 0, (n + 1) * middle, page.get_height()))
        assert f"{player.name} · player aid" in text
        for heading in ("Your turn", "Reach", "Ways to win", "Flag home", "Siege", "Elimination", "Time"):
            assert heading in text


def _names(built: Built) -> set[str]:
    facts = built.rulebook.facts
    names = {facts.title, facts.weapon_zone, "Dravagate", "Dravacomb"}
    names |= {s.name for s in facts.sides} | {w.name for w in facts.weapons} | {g.name for g in facts.gates}
    return {w.lower() for name in names for w in re.findall(r"[A-Za-z]+", name)}


def test_the_comparison_finds_copied_runs() -> None:
    source = hashes_of("Quiet rivers carry amber leaves past seven old mills, and the miller's dog barks twice.")
    assert copied_runs("Look! Quiet rivers carry amber leaves past seven old mills; then silence.", source,
                       set()) == ["quiet rivers carry amber leaves past seven old mills"]
    assert copied_runs("Rivers carry leaves.", source, set()) == []
    assert copied_runs("quiet rivers carry amber leaves past seven old", source,
                       {"quiet", "rivers", "amber", "leaves"}) == []


def test_the_stored_runs_catch_a_sentence_of_the_source() -> None:
    hashes = seed_hashes()
    # Words 101 to 108 of the Dravakron source, hashed when the file was made (the text is not kept).
    assert "f83cbdcab34e" in hashes and len(hashes) > 15000


def test_the_book_is_written_in_its_own_words(built: Built) -> None:
    hashes = seed_hashes()
    exempt = _names(built)
    for path in (built.pdf("a4"), built.out / AID):
        assert copied_runs(_text(path), hashes, exempt) == [], path.name


def test_rebuilds_are_byte_identical(built: Built, tmp_path: Path) -> None:
    again = built.rulebook.build("a4")
    assert again.pdf == built.books["a4"].pdf
    write_book(again, tmp_path / "again.pdf", built.rulebook.facts.title, "rulebook", EDITION["a4"])
    assert (tmp_path / "again.pdf").read_bytes() == built.pdf("a4").read_bytes()
    write_player_aid(built.rulebook, tmp_path / AID, preview=False)
    assert (tmp_path / AID).read_bytes() == (built.out / AID).read_bytes()


def test_the_kit_plans_the_rulebook_and_the_aid(game) -> None:
    jobs = plan(game, KitOptions(parts=("rulebook", "player-aid"), previews=False), lambda warning: None)
    assert [(j.part, j.name) for j in jobs] == [
        ("rulebook", "rulebook-a4.pdf"), ("rulebook", "rulebook-letter.pdf"), ("rulebook", "rulebook-booklet.pdf"),
        ("rulebook", "rulebook-booklet-letter.pdf"), ("player-aid", "player-aid.pdf"),
        ("player-aid", "player-aid-letter.pdf")]
