"""Positions and actions of Ejderhalar as immutable values.

A square holds nothing or a stack of one dragon's tokens (tokens are only
ever placed on their own dragon or on an empty square, and pushes keep that
true), so a square is fully told by the dragon on it and the stack's height.
"""
from __future__ import annotations

from typing import NamedTuple

#: ``State.dragon_at`` value of an empty square.
EMPTY = -1


class State(NamedTuple):
    """A position.

    ``dragon_at[c]`` is the dragon index on square ``c`` (``EMPTY`` for none) and
    ``height[c]`` the number of its tokens there; ``stun[k]`` how many more of its
    owner's turns dragon ``k`` may not move; ``player`` the index of the player
    to act; ``action`` 1 or 2 (the action of the turn); ``moved`` the square of the
    token moved by action 1 (-1 in action 1); ``opening`` true during player
    one's first turn, which has a single action.
    """

    dragon_at: tuple[int, ...]
    height: tuple[int, ...]
    stun: tuple[int, ...]
    player: int
    action: int
    moved: int
    opening: bool

    def squares_of(self, dragon: int) -> list[int]:
        """The squares holding tokens of ``dragon``, in board order."""
        return [c for c, k in enumerate(self.dragon_at) if k == dragon]


class Action(NamedTuple):
    """A move action: the token's path (picked-up square first, placing square last), whether it
    pushes, and the pusher's left/right choices in the order the push meets them.
    """

    path: tuple[int, ...]
    push: bool = False
    choices: tuple[str, ...] = ()
