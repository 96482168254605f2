"""The preflight checks around cut lines (:mod:`generator.kit.cut_checks`) find text in a card's margin and a back
that does not bleed, on card sheets written for the purpose, and pass the sheets as the kit writes them."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.compose.cards import card_layout, card_pages
from generator.render.text import text
from generator.kit.cut_checks import check_back_bleed, check_safe_area
from generator.model.game import Game, load_game
from generator.games.drako.kit.parts import DECKS, _components, make_deck
from generator.games.drako.spec import load_spec
from generator.kit import KitOptions
from generator.output.pdf import PdfOptions, write_pdf
from generator.model.printers import load_printer


@pytest.fixture(scope="module")
def game() -> Game:
    """Drako, whose decks are printed by the shared card composer."""
    return load_game("drako")


def _sheet(game: Game, tmp_path: Path, edit: str = "", foldover: bool = False) -> Path:
    """The first sheet of Drako's dragon deck on A4, with ``edit`` (SVG) added to the fronts page."""
    deck = make_deck(load_spec(game), *DECKS[0], slots=9)
    layout = card_layout(deck, load_printer(None).setup("A4"), foldover)
    pages = card_pages(_components(game), game.theme_for("default"), layout)[:1 if foldover else 2]
    pages[0] = pages[0].replace("</svg>", f"{edit}</svg>")
    return write_pdf(pages, tmp_path / "cards.pdf", PdfOptions(title="test", duplex=None if foldover else "long"))


def _first_card(game: Game) -> tuple[float, float, float, float]:
    deck = make_deck(load_spec(game), *DECKS[0], slots=9)
    x0, y0, _, _ = card_layout(deck, load_printer(None).setup("A4")).grid
    return x0, y0, x0 + deck.size_mm[0], y0 + deck.size_mm[1]


def test_the_sheets_as_written_pass(game: Game, tmp_path: Path) -> None:
    for foldover in (False, True):
        pdf = _sheet(game, tmp_path, foldover=foldover)
        for check in (check_safe_area, check_back_bleed):
            (_, ok, detail), = check(pdf, game, KitOptions())
            assert ok, detail


@pytest.mark.parametrize("inside", (0.3, 1.2))
def test_text_in_a_cards_margin_is_found(game: Game, tmp_path: Path, inside: float) -> None:
    """A word set ``inside`` mm from the left cut of the first card, half way down (where no corner guide runs):
    less than the safe area's 2 mm, so preflight fails and names the card."""
    x0, y0, _, y1 = _first_card(game)
    word = text("Trimmed", x0 + inside, (y0 + y1) / 2, 3.0, "#000000").tostring()
    (_, ok, detail), = check_safe_area(_sheet(game, tmp_path, word), game, KitOptions())
    assert not ok and "within 2 mm of its cut" in detail and "page 1" in detail


def test_text_just_inside_the_safe_area_passes(game: Game, tmp_path: Path) -> None:
    x0, y0, _, y1 = _first_card(game)
    word = text("Kept", x0 + 2.4, (y0 + y1) / 2, 3.0, "#000000").tostring()
    (_, ok, detail), = check_safe_area(_sheet(game, tmp_path, word), game, KitOptions())
    assert ok, detail


def test_a_back_that_does_not_bleed_is_found(game: Game, tmp_path: Path) -> None:
    """Paper drawn over the back page 1 mm past a card's cut: the back bleeds 1 mm there, not 2."""
    pdf = _sheet(game, tmp_path)
    (_, ok, _), = check_back_bleed(pdf, game, KitOptions())
    assert ok
    deck = make_deck(load_spec(game), *DECKS[0], slots=9)
    layout = card_layout(deck, load_printer(None).setup("A4"))
    pages = card_pages(_components(game), game.theme_for("default"), layout)[:2]
    gx0, gy0, gx1, _ = layout.flip.rect_behind(layout.grid)
    pages[1] = pages[1].replace("</svg>", f'<rect x="{gx0:.2f}" y="0" width="{gx1 - gx0:.2f}" '
                                          f'height="{gy0 - 1:.2f}" fill="#ffffff"/></svg>')
    pdf = write_pdf(pages, tmp_path / "short.pdf", PdfOptions(title="test", duplex="long"))
    (_, ok, detail), = check_back_bleed(pdf, game, KitOptions())
    assert not ok and "bleeds less than" in detail
