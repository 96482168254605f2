"""Drako's two books and player aid read back (issue 23): the rulebook within its 12 A4 pages, the rules reference
showing every rule example, no project words outside the defaults chapter, no '..' or '(s)', every size in mm one of
the specs'; who plays which side (seed 002: 27), the card numbers as this kit's choice with the file that sets them
(seed 002: 150-212), 'Defence' as the cards print it, and the hand and deck figures showing their cards."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import bookcheck
from generator.model.cards import POKER_MM
from generator.model.game import load_game
from generator.games.drako.book.facts import book_facts
from generator.games.drako.spec import load_spec
from generator.model.yamlsource import load_document

GAME = "drako"
BUDGET = 12


@pytest.fixture(scope="module")
def books(game_books) -> Path:  # type: ignore[no-untyped-def]
    """The folder with Drako's rulebook, rules reference and player aid (A4), built once per session."""
    return game_books(GAME)


def _text(pdf: Path) -> str:
    return " ".join(bookcheck.page_texts(pdf))


def _sizes() -> list[float]:
    """Every size in mm the specs set for what the books could describe: board hexes, cards."""
    game = load_game(GAME)
    return [f.square_mm for f in game.formats.values()] + list(POKER_MM)


def test_the_rulebook_keeps_to_its_budget_with_the_covers_on_one_page(books: Path) -> None:
    assert bookcheck.page_budget_problems(books / "rulebook-a4.pdf", BUDGET) == []
    assert bookcheck.cover_problems(books / "rulebook-a4.pdf") == []
    assert bookcheck.cover_problems(books / "reference-a4.pdf") == []


def test_the_reference_shows_every_rule_example(books: Path) -> None:
    assert bookcheck.missing_examples(books / "reference-a4.pdf", load_game(GAME).folder / "examples") == []


@pytest.mark.parametrize("book", ["rulebook-a4.pdf", "reference-a4.pdf", "player-aid.pdf"])
def test_players_read_no_project_words_templates_or_wrong_sizes(books: Path, book: str) -> None:
    pdf = books / book
    assert bookcheck.wording_problems(pdf) == []
    assert bookcheck.size_problems(pdf, _sizes()) == []


@pytest.mark.parametrize("book", ["rulebook-a4.pdf", "reference-a4.pdf", "player-aid.pdf"])
def test_the_books_call_a_defence_what_the_cards_print(books: Path, book: str) -> None:
    text = _text(books / book)
    assert "Defence" in text
    assert not re.search(r"\bshield", text, re.IGNORECASE), "the cards print 'Defence', not 'Shield'"


def test_the_rulebook_says_who_plays_which_side(books: Path) -> None:
    """Seed 002: 27: sides by choice or at random; in a first game the younger player takes the dwarves (the
    books give them to the player new to the game)."""
    passages = bookcheck.chapter_texts(books / "rulebook-a4.pdf")
    brief = " ".join(p.text for p in passages if p.chapter == "The game in brief")
    assert "Who plays which side" in brief and "draw lots" in brief
    assert "the new player takes the dwarves" in brief


def test_the_defaults_chapter_says_where_the_card_numbers_come_from(books: Path) -> None:
    passages = bookcheck.chapter_texts(books / "reference-a4.pdf")
    defaults = " ".join(p.text for p in passages if p.chapter == bookcheck.DEFAULTS_CHAPTER)
    assert "they print no numbers at all" in defaults and "this kit's choice, set under values in decks.yaml" \
        in defaults
    facts = book_facts(load_game(GAME), load_spec(load_game(GAME)))
    for _, words, dragon, dwarves in facts.symbol_table():
        assert f"{words} {dragon or 'none'} {dwarves or 'none'}" in defaults
    for row in facts.deck_rows["dragon"] + facts.deck_rows["dwarves"]:
        assert f"{row.words} {row.count}" in defaults
    for name in ("specs/drako/", "board.yaml", "mats.yaml", "game.yaml (exchange_opening_hand)"):
        assert name in defaults


def test_every_clarification_is_the_players_text_of_its_entry(books: Path) -> None:
    """Entry 3 once read 'Preparation: where the dragon starts. The mark keeps that fact in one place.'"""
    reference = _text(books / "reference-a4.pdf")
    ledger = (load_game(GAME).folder / "rules-interpretations.md").read_text(encoding="utf-8")
    entries = re.findall(r"^(\d+)\. \*\*(.+?)\*\*(.*?)(?=^\d+\. \*\*|^## |\Z)", ledger, re.M | re.S)
    assert len(entries) >= 36
    for number, title, body in entries:
        players = " ".join(line.strip()[2:] for line in body.splitlines() if line.strip().startswith("> "))
        assert f"{number}. {title}. {players}" in reference, number
    assert "3. Where the dragon starts. The dragon starts on the middle hex of the board" in reference


def test_refusals_name_the_forbidden_thing_and_hand_figures_show_their_cards(books: Path) -> None:
    reference = _text(books / "reference-a4.pdf")
    folder = load_game(GAME).folder / "examples"
    illegal = [p for p in folder.glob("*.yaml") if isinstance(load_document(p).data.get("expect"), dict)]
    banners = re.findall(r"Not allowed: (.+?)\.", reference)
    assert len(banners) == len(illegal)
    assert not [b for b in banners if re.match(r"(no|not|every|only) ", b)], "a refusal names what is refused"
    assert "a second Fury turn in one game" in banners and "a pass by the dwarves" in banners
    for caption in ("drawn", "discarded", "in hand", "played to block", "tried"):
        assert re.search(rf"\b{caption}\b", reference), caption
    assert "The dragon is dead: the dwarves win." in reference and " wins (" not in reference
