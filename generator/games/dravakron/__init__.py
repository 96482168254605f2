"""Dravakron, the flagship: a 16 x 12 board of two halves, gates, weapons and flags.

The rules engine is :mod:`.rules`; :mod:`.contract_rules` puts it behind the
shared contract; :mod:`.drawing` gives its rule diagrams' pieces and marks to the shared renderer.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...play.registry import GamePlugin, Recording
from .contract_rules import make_rules

if TYPE_CHECKING:
    from ...model.game import Game
    from ...rulebook.hooks import BookHooks
    from ...model.theme import Theme
    from ...tts.setup import TableSetup


def book(game: Game, theme: Theme) -> BookHooks:
    """Dravakron's part of its rulebook (imported on first use: the drawing code is large)."""
    from .book.figures import book_hooks

    return book_hooks(game, theme)


def table(game: Game, seed: int) -> TableSetup:
    """Dravakron's table, set up for play (imported on first use)."""
    from .table import table as laid

    return laid(game, seed)


PLUGIN = GamePlugin(
    rules="dravakron",
    make_rules=make_rules,
    summary="two players; gates, weapons and flags on a 16 x 12 board",
    recordings=(
        Recording("dravakron", 2885, 80, "ends with a flag carried home"),
        Recording("dravakron", 748, 80, "ends with a siege of the flag"),
        Recording("dravakron", 974, 80, "ends with the elimination of the last free piece"),
        Recording("dravakron", 2274, 80, "a varied game: gates, weapons, throws, sends, merges"),
    ),
    book=book,
    table=table,
)
