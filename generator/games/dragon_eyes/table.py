"""Dragon Eyes' table as its set-up lays it out: every piece face down, mixed, one on each hex but the eyes."""
from __future__ import annotations

import random
from dataclasses import replace

from ...model.game import Game
from ...play.registry import rules_for
from ...tts.setup import Placed, TableSetup, plain_setup


def table(game: Game, seed: int) -> TableSetup:
    """The set-up: the light and dark pieces the rules deal, shuffled with ``seed`` onto the hexes the opening
    position covers, every one face down (the spares stay in their bags)."""
    setup = plain_setup(game)
    engine = rules_for(game)
    hexes = [cell for cell, views in engine.piece_views(engine.new_game(seed)).items() if views[0].face_down]
    needs = engine.component_needs()
    pieces = [Placed(side, face_down=True) for side in sorted(needs) for _ in range(needs[side].count)]
    random.Random(seed).shuffle(pieces)
    return replace(setup, cells={cell: (piece,) for cell, piece in zip(hexes, pieces, strict=True)})
