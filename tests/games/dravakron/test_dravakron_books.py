"""Dravakron's two books read back (issue 23), as a reader gets them: the rulebook within its page budget, every
rule example in the reference, no project words outside the chapter "This kit's defaults", no '..' and no
'(s)', every size in mm one of the specs', and the clarifications and defaults the reference owes its readers."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bookcheck import (DEFAULTS_CHAPTER, chapter_texts, missing_examples, page_budget_problems, size_problems,
                       stated_sizes, wording_problems)
from generator.model.game import Game
from generator.play.registry import load_components

#: The rulebook's A4 page budget, cover and contents included.
BUDGET = 28
#: The books and the aid as the kit writes them in A4 (the other editions lay out the same text).
FILES = ("rulebook-a4.pdf", "reference-a4.pdf", "player-aid.pdf")


@pytest.fixture(scope="module")
def books(game_books) -> Path:  # type: ignore[no-untyped-def]
    return game_books("dravakron")


def _chapter(pdf: Path, name: str) -> str:
    return " ".join(p.text for p in chapter_texts(pdf) if p.chapter == name)


def test_the_rulebook_keeps_to_its_budget(books: Path) -> None:
    assert page_budget_problems(books / "rulebook-a4.pdf", BUDGET) == []


def test_the_reference_shows_every_rule_example(books: Path, game: Game) -> None:
    assert missing_examples(books / "reference-a4.pdf", game.path("examples")) == []


@pytest.mark.parametrize("name", FILES)
def test_player_text_has_no_project_words_no_double_stops_and_no_templates(books: Path, name: str) -> None:
    pdf = books / name
    assert wording_problems(pdf) == []


def test_every_size_the_books_state_is_one_of_the_specs(books: Path, game: Game) -> None:
    kit = load_components(game)
    assert kit is not None
    formats = game.formats.values()
    allowed = {f.square_mm for f in formats} | {kit.diameter(c, f) for c in kit.components for f in formats}
    for name in FILES:
        assert size_problems(books / name, allowed) == []
    stated = {size for size, _ in stated_sizes(books / "reference-a4.pdf")}
    assert {f.square_mm for f in formats} <= stated  # the defaults chapter gives every format's square


def test_the_clarifications_say_where_the_source_says_two_things(books: Path) -> None:
    text = _chapter(books / "reference-a4.pdf", "Clarifications")
    entries = dict(re.findall(r"(?:^| )(\d+)\. (.*?)(?= \d+\. [A-Z]|$)", text))
    assert len(entries) == 36
    for number, reading in (("13", "only when used from one of the eight squares around"),
                            ("23", "passes over it leaves it lying")):
        assert "The original rules say both" in entries[number] and reading in entries[number], entries[number]
    assert sum("The original rules say both" in entry for entry in entries.values()) >= 5


def test_the_defaults_chapter_names_the_file_that_changes_each_default(books: Path, game: Game) -> None:
    pdf = books / "reference-a4.pdf"
    defaults = _chapter(pdf, DEFAULTS_CHAPTER)
    for part in ("board.yaml", "components.yaml", "print.yaml", "game.yaml", "themes/", "emblems/"):
        assert f"specs/{game.id}/{part}" in defaults
    for fmt in game.formats.values():
        assert f"{fmt.square_mm:g} mm" in defaults
    assert "Where the squares lie" in defaults and "Where the squares lie" not in _chapter(pdf, "Clarifications")
