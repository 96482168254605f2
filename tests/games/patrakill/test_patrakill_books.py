"""Patrakill's two books read back (issue 23): the rulebook within its 12 A4 pages, the rules reference showing
every rule example, no project words outside the defaults chapter, no '..' or '(s)', every size in mm one of the
specs', and the rules the books got wrong now stated as the source has them (seed 003: 112, 129-130)."""
from __future__ import annotations

from pathlib import Path

import pytest

import bookcheck
from generator.model.game import load_game
from generator.games.patrakill.book import book_facts
from generator.games.patrakill.layout import load_layout

GAME = "patrakill"
BUDGET = 12


@pytest.fixture(scope="module")
def books(game_books) -> Path:  # type: ignore[no-untyped-def]
    """The folder with Patrakill's rulebook, rules reference and player aid (A4), built once per session."""
    return game_books(GAME)


def _sizes() -> list[float]:
    facts = book_facts(load_game(GAME), load_layout(load_game(GAME)))
    return [size for f in facts.formats for size in (f.square_mm, f.knight_mm, f.tower_mm)]


def test_the_rulebook_keeps_to_its_budget_with_the_cover_on_one_page(books: Path) -> None:
    rulebook = books / "rulebook-a4.pdf"
    assert bookcheck.page_budget_problems(rulebook, BUDGET) == []
    assert bookcheck.cover_problems(rulebook) == [] and bookcheck.cover_problems(books / "reference-a4.pdf") == []


def test_the_reference_shows_every_rule_example(books: Path) -> None:
    assert bookcheck.missing_examples(books / "reference-a4.pdf", load_game(GAME).folder / "examples") == []


@pytest.mark.parametrize("book", ["rulebook-a4.pdf", "reference-a4.pdf", "player-aid.pdf"])
def test_players_read_no_project_words_templates_or_wrong_sizes(books: Path, book: str) -> None:
    pdf = books / book
    assert bookcheck.wording_problems(pdf) == []
    assert bookcheck.size_problems(pdf, _sizes()) == []


def test_every_knight_comes_back_for_round_two_and_leaving_a_tower_turns_nobody(books: Path) -> None:
    """Seed 003: 129-130 (all the knights return, only a broken tower on a camp square loses one) and 112 (a knight
    changes direction only back at its camp): the rulebook once said 'every surviving knight' and 'points the way
    it stepped'."""
    for book in ("rulebook-a4.pdf", "reference-a4.pdf"):
        text = " ".join(bookcheck.page_texts(books / book))
        assert "surviving" not in text and "the way it stepped" not in text
        assert "the ones the dragon ate too" in text or "the ones eaten in round 1 too" in text
        assert "Stepping out does not turn it" in text
    reference = " ".join(bookcheck.page_texts(books / "reference-a4.pdf"))
    assert "19. Leaving a tower does not turn a knight. A knight in a tower may leave it" in reference
    assert "32. No time limit. Nothing in the rules limits how long a game lasts." in reference
    assert "Knights wins" not in reference and " wins (" not in reference


def test_the_defaults_chapter_says_the_geometry_is_this_kits_design(books: Path) -> None:
    passages = bookcheck.chapter_texts(books / "reference-a4.pdf")
    defaults = " ".join(p.text for p in passages if p.chapter == bookcheck.DEFAULTS_CHAPTER)
    assert "the pictures are lost" in defaults and "its own design" in defaults
    assert "specs/patrakill/" in defaults.replace(" ", "")
    for spec in ("board.yaml", "game.yaml", "print.yaml"):
        assert spec in defaults.replace(" ", "")


def test_the_sizes_table_gives_vatrakills_one_sided_towers_their_size() -> None:
    """Vatrakill's towers print on one side only (no broken back), and the table still gives their size: the duel's."""
    duel, multi = (book_facts(load_game(g), load_layout(load_game(g))) for g in (GAME, "vatrakill"))
    assert [f.tower_mm for f in multi.formats] == [f.tower_mm for f in duel.formats]
    assert all(f.tower_mm > f.knight_mm > 0 for f in multi.formats)
