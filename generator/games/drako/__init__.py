"""Drako: a dragon against three dwarves, with cards, player mats, secret hands and shuffled decks.

The plug-in reads everything particular to this kit from ``specs/drako/``:
the board (board.yaml), the decks (decks.yaml), the mats (mats.yaml) and the
options of game.yaml (first-game set-up, the advanced opening-hand exchange).
Its printed kit (card sheets, mats) is in :mod:`.kit`, its books' facts and
pictures in :mod:`.book`, each imported on first use.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...model.game import Game
from ...play.registry import GamePlugin, Recording
from .engine import DrakoRules
from .kit.checks import check_components, check_mats
from .kit.parts import plan_cards, plan_mats, printed_decks
from .spec import OPTIONS_SCHEMA, load_spec

if TYPE_CHECKING:
    from ...rulebook.hooks import BookHooks
    from ...model.theme import Theme
    from ...tts.setup import TableSetup


def make_rules(game: Game) -> DrakoRules:
    """The engine for a loaded Drako game; SpecError with located problems for bad specs."""
    return DrakoRules(load_spec(game))


def book(game: Game, theme: Theme) -> BookHooks:
    """Drako's part of its rulebook (imported on first use)."""
    from .book.hooks import book_hooks

    return book_hooks(game, theme)


def table(game: Game, seed: int) -> TableSetup:
    """Drako's table, set up for play (imported on first use)."""
    from .kit.table import table as laid

    return laid(game, seed)


PLUGIN = GamePlugin(
    rules="drako",
    make_rules=make_rules,
    options_schema=OPTIONS_SCHEMA,
    summary="A dragon against three dwarves on a small hex board; two decks, player mats, hidden hands.",
    recordings=(
        Recording("drako", 7, 90, "the opening deal, first turns and the first attacks"),
        Recording("drako", 21, 120, "a whole game: blocks, wounds placed on the dragon's mat, the dragon killed"),
    ),
    book=book,
    kit_parts={"cards": plan_cards, "mats": plan_mats},
    decks=printed_decks,
    spec_checks=(check_components, check_mats),
    table=table,
)
