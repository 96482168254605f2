"""Drako's part of its books: the facts, the built-in pictures and the rule examples' diagrams."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from ....model.game import Game
from ....rulebook.diagram_art import draw_rule_example
from ....rulebook.board_art import board_map, cell_sample
from ....rulebook.hooks import BookHooks, FigureArt
from ....model.theme import Theme
from ..spec import load_spec
from .facts import BOARD_CELL_MM, SWATCH_CELL_MM, book_facts, symbol_sheet
from .table import table_picture


def book_hooks(game: Game, theme: Theme) -> BookHooks:
    """Drako's facts, pictures and example diagrams for the shared typesetter."""
    spec = load_spec(game)
    facts = book_facts(game, spec)
    figures: dict[str, Callable[[], FigureArt]] = {
        "board-map": lambda: FigureArt(board_map(game, theme, BOARD_CELL_MM)),
        "table": lambda: FigureArt(table_picture(game, spec, theme)),
        "symbols-dragon": lambda: FigureArt(symbol_sheet(facts, theme, "dragon")),
        "symbols-dwarves": lambda: FigureArt(symbol_sheet(facts, theme, "dwarves")),
    }
    context = {"facts": facts, "dragon": facts.sides[0], "dwarves": facts.sides[1],
               "brald": facts.dwarf("fury"), "urpen": facts.dwarf("net"), "morin": facts.dwarf("archery")}

    def example(path: Path) -> FigureArt:
        return draw_rule_example(game, path, captioned=False)

    return BookHooks(facts, context, figures, example, lambda cell: cell_sample(game, theme, cell, SWATCH_CELL_MM, 0.62), facts.sides)
