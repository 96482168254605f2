"""How a search judges a Dragon Eyes position still in play: each side's share of the win.

What decides the game (the rulebook): a side with no piece left loses, and in the second phase a turn that
begins without a capture is settled by the pieces each side holds on the Dragon Eyes. So the judgement weighs
the pieces each side still owns (face up or down); the eyes each holds, the more the fewer pieces are still
face down (the second phase, where the eyes decide at once, is then near); among those, the eyes whose
enchanted piece can capture now (captures are compulsory, and its capture takes it off the eye: such an eye is
held loosely); and the captures the side to move can make now. The weights were fitted by logistic regression
on the positions of seeded self-play games and their results (``bench/fit_judgement.py dragon-eyes`` fits
them again).
"""
from __future__ import annotations

import math

from .captures import capturers, captures_from
from .check import eye_counts
from .state import FIRST, SECOND, State, piece_of
from .tables import Tables

#: The weight of each feature of :meth:`Judge.features`, in its order.
WEIGHTS = (0.027, 1.85, -1.62, 0.063)

#: How near the second phase is, as ``NEAR / (NEAR + pieces face down)``: 1 in the second phase, a half with
#: this many pieces still face down, a tenth at the start of a game on the source's board.
NEAR = 8


class Judge:
    """The judgement on one board."""

    def __init__(self, tables: Tables):
        self.tables = tables

    def features(self, state: State) -> tuple[float, ...]:
        """What the judgement weighs, each as the first seat's lead over the second: pieces owned; pieces on the
        eyes and, among them, those that can capture now, both times how near the second phase is; and the pieces
        of the side to move that can capture now."""
        tables = self.tables
        board = state.board
        eyes = eye_counts(tables, state)
        loose = [0, 0]
        for cell in tables.eyes:
            code = board[cell]
            if code in (FIRST, SECOND) and captures_from(tables, board, cell, code, True, True):
                loose[code - FIRST] += 1
        near = NEAR / (NEAR + sum(state.hidden))
        mover = state.to_move
        ready = len(capturers(tables, board, piece_of(mover))) if state.flipped is None else 0
        return (float(state.pieces(0) - state.pieces(1)), (eyes[0] - eyes[1]) * near, (loose[0] - loose[1]) * near,
                float(ready if mover == 0 else -ready))

    def first_share(self, state: State) -> float:
        """The first seat's share of the win in ``state`` (the second seat holds the rest)."""
        lead = sum(w * f for w, f in zip(WEIGHTS, self.features(state)))
        return 1.0 / (1.0 + math.exp(-lead))
