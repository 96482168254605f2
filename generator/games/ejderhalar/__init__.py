"""Ejderhalar (Arhan Bakan): five stacked dragons a side, moves over one's own dragon, pushes, control points.

The engine reads everything from the game's specs: the grid, the control points
and set-up squares (board.yaml marks), the dragon size, the control points
needed and the variants (game.yaml options). Readings of the rulebook are in
specs/ejderhalar/rules-interpretations.md.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...play.registry import GamePlugin, Recording
from .engine import EjderhalarRules
from .kit.guide import TOKEN_FILE_KINDS, plan_guide
from .kit.parts import kit_components, load_tokens_only, plan_pieces, plan_tokens
from .layout import OPTIONS_SCHEMA, load_layout

if TYPE_CHECKING:
    from ...model.game import Game
    from ...rulebook.hooks import BookHooks
    from ...model.theme import Theme
    from ...tts.setup import TableSetup


def make_rules(game: "Game") -> EjderhalarRules:
    """The engine for a loaded Ejderhalar spec; SpecError for a layout the rules cannot play on."""
    return EjderhalarRules(load_layout(game))


def book(game: "Game", theme: "Theme") -> "BookHooks":
    """Ejderhalar's part of its rulebook (imported on first use)."""
    from .kit.book import book_hooks

    return book_hooks(game, theme)


def table(game: "Game", seed: int) -> "TableSetup":
    """Ejderhalar's table, set up for play (imported on first use)."""
    from .kit.table import table as laid

    return laid(game, seed)


PLUGIN = GamePlugin(
    rules="ejderhalar",
    make_rules=make_rules,
    options_schema=OPTIONS_SCHEMA,
    summary="two players; stacked dragons crawl over themselves and push each other off control points",
    recordings=(
        Recording("ejderhalar", 13, 80, "player one wins on control points after 60 actions"),
        Recording("ejderhalar", 2, 80, "player two wins after 54 actions"),
        Recording("ejderhalar", 3, 60, "an opening with pushes and stuns, stopped at the cap"),
    ),
    book=book,
    kit_parts={"pieces": plan_pieces, "tokens": plan_tokens, "guide": plan_guide},
    spec_checks=(load_tokens_only,),
    pieces=kit_components,
    file_kinds=TOKEN_FILE_KINDS,
    table=table,
)
