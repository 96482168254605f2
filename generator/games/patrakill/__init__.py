"""Patrakill and Vatrakill: knights against a dragon on a square board.

One engine serves both games of the source: the duel, Patrakill (``mode: duel``, specs/patrakill/), two
rounds in which the knights first fetch towers from the X squares and then trap the dragon; and Vatrakill
(``mode: multi``, specs/vatrakill/), one round for 2 to 5 players with up to four knight factions.

The package exposes :data:`PLUGIN`, found by the shared registry. Modules: :mod:`.compass` (directions and
neighbour tables), :mod:`.layout` (what the specs say), :mod:`.state`, :mod:`.moves` (legal actions),
:mod:`.effects` (what actions do, the rounds and the ends), :mod:`.reasons`, :mod:`.notation` (text, rule-example
positions and claims), :mod:`.drawing`, :mod:`.policy` (self-play), :mod:`.engine` and :mod:`.book` (the rulebooks' facts and pictures).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...play.registry import GamePlugin, Recording
from .engine import PatrakillRules
from .layout import OPTIONS_SCHEMA, load_layout

if TYPE_CHECKING:
    from ...model.game import Game
    from ...rulebook.hooks import BookHooks
    from ...model.theme import Theme
    from ...tts.setup import TableSetup


def make_rules(game: "Game") -> PatrakillRules:
    """The engine for a loaded game: its board marks and zones, its players and its options."""
    return PatrakillRules(load_layout(game))


def book(game: "Game", theme: "Theme") -> "BookHooks":
    """The rulebook's facts, pictures and example diagrams (imported on first use; see :mod:`.book`)."""
    from .book import book_hooks

    return book_hooks(game, theme)


def table(game: "Game", seed: int) -> "TableSetup":
    """The table of the duel or of Vatrakill, set up for play (imported on first use)."""
    from .table import table as laid

    return laid(game, seed)


PLUGIN = GamePlugin(
    rules="patrakill",
    make_rules=make_rules,
    options_schema=OPTIONS_SCHEMA,
    summary="Knights that only step forward or sideways against a dragon that devours by jumping: the duel "
            "Patrakill (two rounds, towers fetched from X squares) and Vatrakill for 2 to 5 players.",
    recordings=(
        Recording("patrakill", 1, 100, "a whole duel: towers fetched and set down, round 2, the dragon's skewer"),
        Recording("patrakill", 368, 120, "round 1: towers set down, and one broken while it was carried"),
        Recording("vatrakill", 28, 90, "five players: passages between the towers and a faction's capture"),
    ),
    book=book,
    table=table,
)
