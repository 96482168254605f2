"""The game state: what lies on each hex, who acts, how many face-down pieces each side still has.

States are immutable values. A position holds exactly what the table shows:
the face-down pieces are counted per side (every player can work those
counts out from the pieces already seen) but nothing says which face-down
piece is whose, because nobody knows. Turning one over is a chance event.
"""
from __future__ import annotations

from typing import NamedTuple

from ...play.contract import Result

#: What a hex holds: nothing, a face-up piece of the first or the second seat, or a face-down piece.
EMPTY, FIRST, SECOND, DOWN = 0, 1, 2, 3


def piece_of(seat: int) -> int:
    """The cell code of a face-up piece of ``seat`` (0 or 1)."""
    return seat + 1


class State(NamedTuple):
    """A position of Dragon Eyes.

    ``board`` holds one cell code per hex, in cell-number order; ``to_move``
    is the seat (0 moves first and owns the light pieces) whose turn it is;
    ``hidden`` counts the face-down pieces of each seat and ``captured`` the
    pieces each seat has lost. ``flipped`` is the hex of a piece just turned
    over whose owner chance has still to reveal; ``declared`` is True once a
    draw was declared (variant); ``over`` is how the game ended, if it has.
    """

    board: tuple[int, ...]
    to_move: int
    hidden: tuple[int, int]
    captured: tuple[int, int]
    flipped: int | None = None
    declared: bool = False
    over: Result | None = None

    @property
    def phase(self) -> int:
        """1 while a face-down piece remains (the piece awaiting its reveal counts), 2 afterwards."""
        return 1 if sum(self.hidden) else 2

    def pieces(self, seat: int) -> int:
        """How many pieces ``seat`` still has, face up or face down."""
        return self.board.count(piece_of(seat)) + self.hidden[seat]
