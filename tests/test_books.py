"""The two books of a game as the kit makes them: their files, one drawing of each figure for every book and
edition, and the clarifications' headings."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import fixture_games
from fixture_games import FIXTURES, fixture
from generator.model.game import load_game
from generator.output.inspect_pdf import page_count, page_text
from generator.kit import KitOptions, plan
from generator.rulebook.book import BOOKS, Rulebook
from generator.rulebook.files import book_files, player_aid_files, shared_rulebook


def test_the_kit_plans_both_books_in_four_editions_and_the_aid_on_two_papers(tmp_path: Path) -> None:
    jobs = plan(fixture("race"), KitOptions(parts=("rulebook", "reference", "player-aid"), out=tmp_path),
                lambda text: None)
    editions = ("a4", "letter", "booklet", "booklet-letter")
    assert [(j.part, j.name) for j in jobs] == [
        *[("rulebook", f"rulebook-{e}.pdf") for e in editions], *[("reference", f"reference-{e}.pdf") for e in editions],
        ("player-aid", "player-aid.pdf"), ("player-aid", "player-aid-letter.pdf")]


def test_every_figure_is_drawn_once_for_both_books_and_every_edition(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    draw = fixture_games.draw_rule_example

    def counted(game, path, **options):  # type: ignore[no-untyped-def]
        drawn.append(path.stem)
        return draw(game, path, **options)

    monkeypatch.setattr(fixture_games, "draw_rule_example", counted)
    game = fixture("race")
    for name, make in [m for book in BOOKS for m in book_files(game, book)] + player_aid_files(game, False):
        assert make(tmp_path / name) >= 1
    assert sorted(drawn) == sorted(p.stem for p in (FIXTURES / "race" / "examples").glob("*.yaml"))
    assert shared_rulebook(game) is shared_rulebook(game)
    for booklet, sheet in (("reference-booklet.pdf", "A4"), ("reference-booklet-letter.pdf", "US Letter")):
        assert page_count(tmp_path / booklet) % 2 == 0, sheet


def test_a_clarification_heading_ending_in_a_stop_gets_no_second_one(tmp_path: Path) -> None:
    folder = tmp_path / "race"
    shutil.copytree(FIXTURES / "race", folder)
    ledger = folder / "rules-interpretations.md"
    ledger.write_text(ledger.read_text(encoding="utf-8").replace("**Sideways steps**", "**Sideways steps.**"),
                      encoding="utf-8")
    pdf = tmp_path / "reference.pdf"
    pdf.write_bytes(Rulebook(load_game(folder)).build("a4", "reference").pdf)
    text = " ".join(page_text(pdf, n) for n in range(page_count(pdf)))
    assert "1. Sideways steps. A runner may step sideways" in " ".join(text.split()) and ".." not in text


def test_a_reference_with_its_index_rebuilds_byte_for_byte(tmp_path: Path) -> None:
    first = Rulebook(fixture("race")).build("a5", "reference")
    again = Rulebook(fixture("race")).build("a5", "reference")
    assert first.pdf == again.pdf and first.index == again.index and any(first.index.values())


def test_index_columns_fill_two_columns_then_go_on_and_never_split_an_entry() -> None:
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    from generator.rulebook.index import IndexColumns

    style = ParagraphStyle("entry", fontSize=10, leading=12)
    columns = IndexColumns([Paragraph(f"term {n}", style) for n in range(10)], gap=20)
    assert columns.wrap(400, 1000) == (400, 60)  # five lines a column
    first, rest = columns.split(400, 50)  # four lines a column fit
    assert len(first.entries) == 8 and len(rest.entries) == 2 and first.wrap(400, 50)[1] == 48
    assert columns.split(400, 5) == []  # not one line fits: the whole index goes on
