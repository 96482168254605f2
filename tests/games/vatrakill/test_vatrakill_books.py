"""Vatrakill's two books read back (issue 23): the rulebook within its 8 A4 pages, the rules reference showing every
rule example, no project words outside the defaults chapter, no '..' or '(s)', every size in mm one of the specs',
the order of play as the source gives it (seed 003: 241) and no tower off the middles of the zones."""
from __future__ import annotations

from pathlib import Path

import pytest

import bookcheck
from generator.model.game import load_game
from generator.games.patrakill.book import book_facts
from generator.games.patrakill.layout import load_layout

GAME = "vatrakill"
BUDGET = 8


@pytest.fixture(scope="module")
def books(game_books) -> Path:  # type: ignore[no-untyped-def]
    """The folder with Vatrakill's rulebook, rules reference and player aid (A4), built once per session."""
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


def test_the_youngest_begins_and_the_dragon_plays_in_its_seat(books: Path) -> None:
    """Seed 003: 241: the youngest plays first, then the player on their left; the books once said the dragon plays
    after the last faction."""
    for book in ("rulebook-a4.pdf", "reference-a4.pdf", "player-aid.pdf"):
        text = " ".join(bookcheck.page_texts(books / book))
        assert "youngest" in text and "after the last faction" not in text
    reference = " ".join(bookcheck.page_texts(books / "reference-a4.pdf"))
    assert "The dragon between two factions" in reference  # the three-player table
    defaults = " ".join(p.text for p in bookcheck.chapter_texts(books / "reference-a4.pdf")
                        if p.chapter == bookcheck.DEFAULTS_CHAPTER)
    assert "purple, blue, green, yellow, dragon" in defaults and "seating" in defaults


def test_every_tower_the_examples_draw_stands_on_a_zone_middle() -> None:
    """The rule examples' positions (the diagrams' pieces) keep Vatrakill's towers where the set-up puts them."""
    from generator.play.examples import load_rule_example, run_rule_example
    from generator.play.registry import rules_for, variant_rules

    game = load_game(GAME)
    middles = {zone.tower for zone in load_layout(game).zones.values()}
    for path in sorted((game.folder / "examples").glob("*.yaml")):
        run = run_rule_example(load_rule_example(path, rules_for(game), game.board.grid, variant_rules(game)))
        for state in run.states:
            assert {t.square for t in state.towers} == middles, path.name
