"""Dravakron's table as its set-up lays it out: every playing piece on a home square of its side, each flag on its
flag square and each weapon on its storage square (the rules' opening position)."""
from __future__ import annotations

from dataclasses import replace

from ...model.game import Game
from ...play.registry import rules_for
from ...tts.setup import Placed, TableSetup, plain_setup


def table(game: Game, seed: int) -> TableSetup:
    """The set-up: pieces at home, items at their origins; the free drop is the players' choice, made on the
    table (``seed`` plays no part: nothing is shuffled)."""
    from .contract_rules import DravakronRules

    engine = rules_for(game)
    assert isinstance(engine, DravakronRules)
    tables = engine.rules.tables
    cells: dict[str, tuple[Placed, ...]] = {square: (Placed(player),) for player, homes in tables.home.items()
                                            for square in homes}
    for item, square in tables.origin.items():
        cells[square] = cells.get(square, ()) + (Placed(item),)
    return replace(plain_setup(game), cells=cells)
