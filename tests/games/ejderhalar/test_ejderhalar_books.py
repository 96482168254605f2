"""Ejderhalar's two books read back (issue 23): the short rulebook within its budget teaches the move, the target,
pushes (3a-3c), stuns and the win with one figure each; the rules reference shows every rule example, every
clarification in players' words, and every square and token size the kit prints, as the specs make them; no book
speaks the project's language, prints '..' or '(s)'.

The books are built once per test session (``game_books`` in tests/conftest.py).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import bookcheck
from generator.model.game import SPECS_DIR, load_game
from generator.games.ejderhalar.kit.tokens import kit_components, tokens_only_components
from generator.games.ejderhalar.layout import load_layout
from generator.rulebook.ledger import ledger_path, load_ledger

FOLDER = SPECS_DIR / "ejderhalar"
#: The rulebook's A4 page budget, cover and contents included (issue 23).
BUDGET = 12


@pytest.fixture(scope="module")
def books(game_books) -> Path:
    """The folder holding the A4 rulebook, the A4 reference and the player aid."""
    return game_books("ejderhalar")


def _text(pdf: Path) -> str:
    return " ".join(bookcheck.page_texts(pdf))


def _printed_sizes() -> dict[str, float]:
    """Every size the kit prints, from the specs as the punch sheets read them: each board's square, each player's
    token on it (a round token snapped to its circle punch), the tokens-only kit's square and tokens."""
    game = load_game("ejderhalar")
    layout = load_layout(game)
    components = kit_components(game)
    firsts = [next(c for c in components.components if c.id == layout.dragons[layout.tables.dragons_of[p][0]])
              for p in range(len(layout.players))]
    sizes = {}
    for name, fmt in game.formats.items():
        sizes[f"{name} square"] = fmt.square_mm
        sizes.update({f"{name} {token.id}": components.dims(token, fmt)[0] for token in firsts})
    chess, fmt = tokens_only_components(game)
    sizes["chess square"] = fmt.square_mm
    sizes.update({f"chess {token.id}": chess.dims(token, fmt)[0] for token in firsts})
    return sizes


def test_the_rulebook_fits_its_budget_and_teaches_each_action_with_one_figure(books: Path) -> None:
    rulebook = books / "rulebook-a4.pdf"
    assert bookcheck.page_budget_problems(rulebook, BUDGET) == []
    assert bookcheck.cover_problems(rulebook) == []
    names = [c.name for c in bookcheck.chapters(rulebook)]
    assert names == ["The game in brief", "What is in the box", "Setting up", "Your turn", "The move action",
                     "Pushing", "Winning", "Tips for your first games"]
    text = _text(rulebook)
    for section in ("The target square", "3a. One neighbour", "3b. Two neighbours", "3c. The whole dragon",
                    "Stunned dragons", "Variants", "Long stuns", "Pushing your own"):
        assert section in text, section
    # the tokens, then one figure each: set-up, move, target, two pushes (3a and 3c; 3b and the edge), the win
    assert sorted({int(n) for n in re.findall(r"Figure (\d+)\.", text)}) == list(range(1, 8))
    assert "Not allowed" not in text, "the rulebook teaches with legal moves; refusals are in the reference"
    assert ".yaml" not in text and "agree" in text  # the variants are something players agree on


def test_the_reference_shows_every_example_clarification_and_size(books: Path) -> None:
    reference = books / "reference-a4.pdf"
    assert bookcheck.missing_examples(reference, FOLDER / "examples") == []
    assert bookcheck.cover_problems(reference) == []
    sizes = _printed_sizes()
    assert bookcheck.size_problems(reference, sizes.values(), tolerance=0.005) == []
    stated = {size for size, _ in bookcheck.stated_sizes(reference)}
    assert stated == set(sizes.values()), "every printed size once stated, and no other"
    text = _text(reference)
    share = round(kit_components(load_game("ejderhalar")).sizes["token"] * 100)
    assert f"{share} % of a square" in text  # components.yaml's sizes.token, the one share the books state
    groups, problems = load_ledger(ledger_path(load_game("ejderhalar")))
    assert problems == []
    for entry in (e for g in groups for e in g.entries):  # each clarification, its players' text whole
        assert f"{entry.number}. {entry.title}" in text, entry.title
        assert entry.text[:60] in text, entry.number
    names = [c.name for c in bookcheck.chapters(reference)]
    assert names[-3:] == ["Clarifications", "This kit's defaults", "Index"]


def test_no_book_speaks_the_projects_language(books: Path) -> None:
    for name in ("rulebook-a4.pdf", "reference-a4.pdf", "player-aid.pdf"):
        pdf = books / name
        assert bookcheck.wording_problems(pdf) == []
        assert bookcheck.size_problems(pdf, _printed_sizes().values(), tolerance=0.005) == []
        assert not re.search(r"\bp[12](-[a-h]\d)?\b", _text(pdf)), f"{name} names a player or dragon by its id"


def test_not_allowed_banners_name_the_forbidden_thing(books: Path) -> None:
    text = _text(books / "reference-a4.pdf")
    banners = re.findall(r"Not allowed: (.+?)\.", text)
    assert len(banners) >= 15
    assert "Not allowed: a push of one token against a stack of three on c5." in text
    assert not [b for b in banners if re.search(r"\b(must|may|cannot|never|only)\b", b)], banners
