"""Drako: a dragon against three dwarves, with cards, player mats, secret hands and shuffled decks.

The plug-in reads everything particular to this kit from ``specs/drako/``:
the board (board.yaml), the decks (decks.yaml), the mats (mats.yaml) and the
options of game.yaml (first-game set-up, the advanced opening-hand exchange).
"""
from __future__ import annotations

from ...game import Game
from ...play.registry import GamePlugin, Recording
from .engine import DrakoRules
from .spec import OPTIONS_SCHEMA, load_spec


def make_rules(game: Game) -> DrakoRules:
    """The engine for a loaded Drako game; SpecError with located problems for bad specs."""
    return DrakoRules(load_spec(game))


PLUGIN = GamePlugin(
    rules="drako",
    make_rules=make_rules,
    options_schema=OPTIONS_SCHEMA,
    summary="A dragon against three dwarves on a small hex board; two decks, player mats, hidden hands.",
    recordings=(
        Recording("drako", 7, 90, "the opening deal, first turns and the first attacks"),
        Recording("drako", 21, 120, "a whole game: blocks, wounds placed on the dragon's mat, the dragon killed"),
    ),
)
