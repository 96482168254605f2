"""Dragon Eyes' two books read back (issue 23): the short rulebook within its budget teaches every kind of turn with
one figure each; the rules reference shows every rule example, every clarification in players' words and every
printed size from the specs; no book speaks the project's language, prints '..' or '(s)'.

The books are built once per test session (``game_books`` in tests/conftest.py).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import bookcheck
from generator.model.game import SPECS_DIR, load_game
from generator.play.registry import load_components
from generator.rulebook.ledger import load_ledger, ledger_path

FOLDER = SPECS_DIR / "dragon-eyes"
#: The rulebook's A4 page budget, cover and contents included (issue 23).
BUDGET = 8


@pytest.fixture(scope="module")
def books(game_books) -> Path:
    """The folder holding the A4 rulebook, the A4 reference and the player aid."""
    return game_books("dragon-eyes")


def _text(pdf: Path) -> str:
    return " ".join(bookcheck.page_texts(pdf))


def test_the_rulebook_fits_its_budget_and_teaches_each_turn_with_one_figure(books: Path) -> None:
    rulebook = books / "rulebook-a4.pdf"
    assert bookcheck.page_budget_problems(rulebook, BUDGET) == []
    assert bookcheck.cover_problems(rulebook) == []
    names = [c.name for c in bookcheck.chapters(rulebook)]
    assert names == ["The game in brief", "What is in the box", "Setting up", "Your turn", "Captures",
                     "Enchanted pieces", "The end of the game", "Tips for your first games"]
    text = _text(rulebook)
    for section in ("First phase: turn a piece over", "Second phase: step", "Chains", "Counting the eyes"):
        assert section in text, section
    # the pieces, then one figure each: set-up, turning over, step, jump, chain, flight, the end
    assert sorted({int(n) for n in re.findall(r"Figure (\d+)\.", text)}) == list(range(1, 9))
    assert "Not allowed" not in text, "the rulebook teaches with legal moves; refusals are in the reference"
    assert ".yaml" not in text and "variant" in text  # the variant is something players agree on


def test_the_reference_shows_every_example_clarification_and_size(books: Path) -> None:
    reference = books / "reference-a4.pdf"
    assert bookcheck.missing_examples(reference, FOLDER / "examples") == []
    assert bookcheck.cover_problems(reference) == []
    game = load_game("dragon-eyes")
    sizes = [f.square_mm for f in game.formats.values()]
    assert bookcheck.size_problems(reference, sizes) == []
    stated = {size for size, _ in bookcheck.stated_sizes(reference)}
    assert stated == set(sizes), "every board's hex size, and no other"
    text = _text(reference)
    share = round(load_components(game).sizes["piece"] * 100)
    assert f"{share} % of a hex" in text
    groups, problems = load_ledger(ledger_path(game))
    assert problems == []
    entries = [e for g in groups for e in g.entries]
    assert [e.number for e in entries] == list(range(1, len(entries) + 1))
    for entry in entries:  # each clarification, its players' text whole (line breaks aside)
        assert f"{entry.number}. {entry.title}." in text, entry.title
        assert entry.text[:60] in text, entry.number
    names = [c.name for c in bookcheck.chapters(reference)]
    assert names[-3:] == ["Clarifications", "This kit's defaults", "Index"]


def test_no_book_speaks_the_projects_language(books: Path) -> None:
    for name in ("rulebook-a4.pdf", "reference-a4.pdf", "player-aid.pdf"):
        pdf = books / name
        assert bookcheck.wording_problems(pdf) == []
    for garbled in ("the flip is the player's action:*", "pointy-topped hexes hexes", "..", "(s)"):
        assert garbled not in _text(books / "reference-a4.pdf"), garbled


def test_not_allowed_banners_name_the_forbidden_thing(books: Path) -> None:
    text = _text(books / "reference-a4.pdf")
    banners = re.findall(r"Not allowed: (.+?)\.", text)
    assert len(banners) >= 20
    assert "Not allowed: a capture that lands on an occupied hex." in text
    assert "Not allowed: a step onto an occupied hex." in text
    assert not [b for b in banners if re.search(r"\b(must|may|cannot|never|only)\b", b)], banners
