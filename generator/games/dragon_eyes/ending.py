"""How a game of Dragon Eyes ends: a side out of pieces, or a second-phase turn that begins without a capture.

In the second phase, a turn that begins with no capture to make settles the
game by the Dragon Eyes held: more than the opponent wins, as many is a
draw (unless the variant asks the player to declare it), fewer means the
player must step, and a player who cannot step loses.
"""
from __future__ import annotations

from ...play.contract import Result
from .captures import any_capture
from .check import eye_counts
from .state import EMPTY, State, piece_of
from .tables import Tables

#: Every reason a game can end for, with the sentence the rulebook and recorded games use.
ENDINGS: dict[str, str] = {
    "last-piece-lost": "one side has no piece left, face up or face down",
    "eye-majority": "the second-phase turn began with no capture and more Dragon Eyes held than the opponent",
    "eyes-level": "the second-phase turn began with no capture and as many Dragon Eyes held on both sides",
    "draw-declared": "the player to move declared the draw that level Dragon Eyes allow",
    "cannot-act": "the player to move has no capture and no step",
}

#: How a diagram tells players each ending; ``{winner}`` and ``{loser}`` are the sides' names.
ENDING_WORDS: dict[str, str] = {
    "last-piece-lost": "{loser} has no piece left: {winner} wins.",
    "eye-majority": "{winner} begins a turn with nothing to capture and more pieces on the Dragon Eyes: "
                    "{winner} wins.",
    "eyes-level": "Nothing to capture and as many pieces on the Dragon Eyes on both sides: the game is a draw.",
    "draw-declared": "The player to move calls the draw that level eyes allow: the game is a draw.",
    "cannot-act": "{loser} can neither capture nor step: {winner} wins.",
}


def ending(tables: Tables, players: tuple[str, ...], state: State, declare_draw: bool) -> Result | None:
    """How ``state`` ends the game (its ``over`` field aside), or None when play goes on."""
    if state.declared:
        return Result((), "draw-declared")
    board, hidden = state.board, state.hidden
    for seat in (0, 1):
        if not hidden[seat] and piece_of(seat) not in board:
            return Result((players[1 - seat],), "last-piece-lost")
    if state.flipped is not None or state.phase == 1:
        return None
    mover = state.to_move
    mine = piece_of(mover)
    if any_capture(tables, state.board, mine):
        return None
    held = eye_counts(tables, state)
    if held[mover] > held[1 - mover]:
        return Result((players[mover],), "eye-majority")
    if held[mover] == held[1 - mover]:
        return None if declare_draw else Result((), "eyes-level")
    if not any(code == mine and any(board[near] == EMPTY for near in tables.neighbours[cell])
               for cell, code in enumerate(board)):
        return Result((players[1 - mover],), "cannot-act")
    return None
