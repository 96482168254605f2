"""Dravakron's book pictures: the board map, gate map, zone close-ups and movement patterns, the
components, and its rule examples drawn by the shared renderer from :mod:`..drawing`; handed to the shared typesetter as
:class:`~generator.rulebook.hooks.BookHooks`.
"""
from __future__ import annotations

from typing import Callable

from ....model.game import Game
from ....play.registry import load_components
from ....rulebook.board_art import board_map, map_cell
from ....rulebook.hooks import BookHooks, FigureArt
from ....model.theme import Theme
from ....rulebook.diagram_art import draw_rule_example
from ..rules.tables import square_grid
from . import art
from .facts import BookFacts, Side, book_facts

#: Largest board square size (mm) of the book's board pictures; they are drawn smaller where the narrowest measure
#: of the books needs it (:func:`~generator.rulebook.board_art.map_cell`), so their 6 pt labels never print smaller.
BOARD_CELL_MM = 6.6
#: Square size of the close-ups, printed at natural size.
CLOSE_UP_CELL_MM = 9.0
#: Square size of the movement and reach patterns.
PATTERN_CELL_MM = 6.0
#: Square size of the patterns on the player aid.
AID_PATTERN_CELL_MM = 3.3


def _around(game: Game, squares: list[str], margin: int) -> tuple[str, str]:
    """Corner squares of the smallest rectangle holding ``squares``, grown by ``margin`` and kept on the board."""
    grid = square_grid(game)
    coords = [grid.coords(s) for s in squares]
    cols = [c for c, _ in coords if c]  # type: ignore[misc]
    rows = [r for _, r in coords if r]  # type: ignore[misc]
    size = grid.size()
    low_c, high_c = max(1, min(cols) - margin), min(int(size[0]), max(cols) + margin)
    low_r, high_r = max(1, min(rows) - margin), min(int(size[1]), max(rows) + margin)
    return grid.name(low_c, low_r), grid.name(high_c, high_r)


def _zone(kind: str, game: Game, facts: BookFacts, theme: Theme) -> Callable[[], FigureArt]:
    def draw() -> FigureArt:
        side = facts.first
        squares = {
            "home": list(side.home) + [side.start],
            "flag": [side.flag, *side.ring],
            "weapons": list(facts.weapon_area),
        }[kind]
        a, b = _around(game, squares, 1)
        return FigureArt(art.close_up(game, theme, CLOSE_UP_CELL_MM, a, b))
    return draw


def _all_patterns(side: Side, facts: BookFacts, theme: Theme) -> Callable[[], FigureArt]:
    """Every movement and reach pattern in a row, with ``side``'s piece in the middle (for the player aid)."""
    def draw() -> FigureArt:
        kinds = ("step", "merged", "transport", "weapon")
        return FigureArt(art.patterns(kinds, facts, theme, AID_PATTERN_CELL_MM, gap=4.0, side=side))
    return draw


def book_hooks(game: Game, theme: Theme) -> BookHooks:
    """Dravakron's facts, pictures and example diagrams for the shared typesetter."""
    facts = book_facts(game)
    figures: dict[str, Callable[[], FigureArt]] = {
        "board-map": lambda: FigureArt(board_map(game, theme, BOARD_CELL_MM)),
        "gate-map": lambda: FigureArt(art.gate_map(game, theme, map_cell(game, theme, BOARD_CELL_MM))),
        "zone-home": _zone("home", game, facts, theme),
        "zone-flag": _zone("flag", game, facts, theme),
        "zone-weapons": _zone("weapons", game, facts, theme),
        "pattern-moves": lambda: FigureArt(art.patterns(("step", "merged", "transport"), facts, theme,
                                                        PATTERN_CELL_MM)),
        "pattern-weapons": lambda: FigureArt(art.patterns(("weapon",), facts, theme, PATTERN_CELL_MM)),
    }
    kit = load_components(game)
    if kit is not None:
        figures["components"] = lambda: FigureArt(art.components(game, theme, kit))
    for side in facts.sides:
        figures[f"pattern-all-{side.id}"] = _all_patterns(side, facts, theme)
    context = {"facts": facts, "first": facts.first, "second": facts.second, "bomb": facts.weapon("bomb"),
               "freeze": facts.weapon("freeze"), "transport": facts.weapon("rapid-transport")}
    return BookHooks(facts, context, figures, lambda path: draw_rule_example(game, path, False),
                     lambda square: art.square_sample(game, theme, CLOSE_UP_CELL_MM, square), facts.sides)
