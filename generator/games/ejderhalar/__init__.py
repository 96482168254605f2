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
from .kit.tokens import TOKEN_FILE_KINDS, kit_components, load_tokens_only
from .layout import OPTIONS_SCHEMA, load_layout

if TYPE_CHECKING:
    from ...kit import Job, KitOptions
    from ...model.game import Game
    from ...rulebook.hooks import BookHooks
    from ...model.theme import Theme
    from ...tts.setup import TableSetup


def make_rules(game: "Game") -> EjderhalarRules:
    """The engine for a loaded Ejderhalar spec; SpecError for a layout the rules cannot play on."""
    return EjderhalarRules(load_layout(game))


# The kit parts' planners load the kit's writers when a kit is planned, not when the plug-in loads (a diagram).
def plan_pieces(game: "Game", options: "KitOptions", themes: list["Theme"], formats: tuple[str, ...]) -> list["Job"]:
    """Ejderhalar's punch sheets of tokens (:func:`.kit.parts.plan_pieces`, imported on first use)."""
    from .kit.parts import plan_pieces as planned

    return planned(game, options, themes, formats)


def plan_tokens(game: "Game", options: "KitOptions", themes: list["Theme"], formats: tuple[str, ...]) -> list["Job"]:
    """The tokens-only kit (:func:`.kit.parts.plan_tokens`, imported on first use)."""
    from .kit.parts import plan_tokens as planned

    return planned(game, options, themes, formats)


def plan_guide(game: "Game", options: "KitOptions", themes: list["Theme"], formats: tuple[str, ...]) -> list["Job"]:
    """Ejderhalar's print guide (:func:`.kit.guide.plan_guide`, imported on first use)."""
    from .kit.guide import plan_guide as planned

    return planned(game, options, themes, formats)


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
