"""How a search judges a Dragon Eyes position still in play: each side's share of the win.

What decides the game (the rulebook): a side with no piece left loses, and in the second phase a turn that
begins without a capture is settled by the pieces each side holds on the Dragon Eyes. So the judgement weighs
the pieces each side still owns (face up or down), the eyes each holds (more in the second phase, where they
decide), and the captures the side to move can make now. The weights were fitted by logistic regression on the
positions of seeded self-play games and their results (``bench/fit_judgement.py dragon-eyes``
fits them again).
"""
from __future__ import annotations

import math

from .captures import capturers
from .check import eye_counts
from .state import State, piece_of
from .tables import Tables

#: The weight of each feature of :meth:`Judge.features`, in its order.
WEIGHTS = (0.04, 0.57, 1.0, 0.03)


class Judge:
    """The judgement on one board."""

    def __init__(self, tables: Tables):
        self.tables = tables

    def features(self, state: State) -> tuple[float, ...]:
        """What the judgement weighs, each as the first seat's lead over the second: pieces owned, pieces on the
        eyes, pieces on the eyes in the second phase, and the pieces of the side to move that can capture now."""
        tables = self.tables
        eyes = eye_counts(tables, state)
        held = eyes[0] - eyes[1]
        mover = state.to_move
        ready = len(capturers(tables, state.board, piece_of(mover))) if state.flipped is None else 0
        return (float(state.pieces(0) - state.pieces(1)), float(held), float(held * (state.phase == 2)),
                float(ready if mover == 0 else -ready))

    def first_share(self, state: State) -> float:
        """The first seat's share of the win in ``state`` (the second seat holds the rest)."""
        lead = sum(w * f for w, f in zip(WEIGHTS, self.features(state)))
        return 1.0 / (1.0 + math.exp(-lead))
