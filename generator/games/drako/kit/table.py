"""Drako's table as its set-up lays it out (the rules' opening position): the dragon on its hex and, in a first
game, the dwarves on theirs; each side's mat before its player with its deck shuffled face down on the mat's deck
space and, on the dwarves' mat, the net and Fury markers on their spaces; the wound markers in their bag on the
dragon's mat. Hands start empty: the rules deal them."""
from __future__ import annotations

from dataclasses import replace

from ....model.game import Game
from ....play.registry import rules_for
from ....tts.setup import Placed, TableSetup, plain_setup
from ..cards import SIDES
from ..spec import MARKED_ABILITIES, WOUND_MARKER
from .parts import make_mats

#: The paper of the mats on the table (the A4 mats the kit prints).
MAT_PAPER = "A4"
#: The space of each mat its deck lies on, and the dragon's mat's space for the wound markers.
DECK_SPACE, WOUND_SPACE = "deck", "wound-supply"


def table(game: Game, seed: int) -> TableSetup:
    """The set-up (the decks are shuffled by the export with ``seed``)."""
    from ..engine import DrakoRules, dwarf_figure

    engine = rules_for(game)
    assert isinstance(engine, DrakoRules)
    spec, state, names = engine.spec, engine.new_game(seed), engine.core.tables.names
    dragon, dwarves = SIDES
    cells = {names[state.dragon]: (Placed(dragon),)}
    cells.update({names[at]: (Placed(dwarf_figure(spec, n)),) for n, at in enumerate(state.dwarves) if at >= 0})
    markers = {(dwarves, f"{d.ability}-marker"): (Placed(d.ability),) for d in spec.dwarves
               if d.ability in MARKED_ABILITIES}
    return replace(plain_setup(game), mats=tuple(make_mats(spec, MAT_PAPER)), cells=cells, spaces=markers,
                   decks_on={side: (side, DECK_SPACE) for side in SIDES},
                   bags_on={WOUND_MARKER: (dragon, WOUND_SPACE)})
