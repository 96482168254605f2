"""Patrakill's and Vatrakill's tables as their set-ups lay them out (the rules' opening position): the duel's knights
on the camp facing north with the round marker beside the board at round 1, or each faction's tower on the middle
of its zone with a knight standing in it and a knight on the rest of the zone, all facing the middle, and a
neutral tower on every zone no faction plays from. The dragon waits in its bag: its player places it."""
from __future__ import annotations

from dataclasses import replace

from ...model.game import Game
from ...play.registry import rules_for
from ...tts.setup import Placed, TableSetup, plain_setup
from .layout import NEUTRAL_TOWER, ROUND_MARKER, TOWER


def table(game: Game, seed: int) -> TableSetup:
    """The set-up of the game's mode (``seed`` plays no part: nothing is shuffled)."""
    from .engine import PatrakillRules

    engine = rules_for(game)
    assert isinstance(engine, PatrakillRules)
    state = engine.new_game()
    cells: dict[str, tuple[Placed, ...]] = {}
    for tower in state.towers:
        cells[tower.square] = (Placed(f"{TOWER}-{tower.faction}" if tower.faction else NEUTRAL_TOWER),)
    for knight in state.knights:
        cells[knight.square] = cells.get(knight.square, ()) + (Placed(knight.faction, knight.facing),)
    beside = (Placed(ROUND_MARKER),) if engine.layout.duel else ()
    return replace(plain_setup(game), cells=cells, beside=beside)
