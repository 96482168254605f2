"""Ejderhalar's table as its set-up lays it out: each dragon a stack of its tokens on its set-up square (the rules'
opening position), the stun markers in their bag."""
from __future__ import annotations

from dataclasses import replace

from ....model.game import Game
from ....play.registry import rules_for
from ....tts.setup import Placed, TableSetup, plain_setup
from .tokens import kit_components


def table(game: Game, seed: int) -> TableSetup:
    """The set-up: every dragon's tokens, as the kit prints them one kind per dragon, stacked on its square
    (``seed`` plays no part: nothing is shuffled)."""
    from ..engine import EjderhalarRules
    from ..state import EMPTY

    engine = rules_for(game)
    assert isinstance(engine, EjderhalarRules)
    layout, state = engine.layout, engine.new_game()
    cells = {layout.cells[c]: (Placed(layout.dragons[k]),) * state.height[c]
             for c, k in enumerate(state.dragon_at) if k != EMPTY}
    return replace(plain_setup(game), components=kit_components(game), cells=cells)
