"""Common circle punches, and how a round piece sized from the board's cell snaps to one.

A round piece whose size is a fraction of the cell is cut to the largest common
circle punch that keeps the spec's clearances (to the edge of the cell, or to
the edge of the piece it lies on) and stays near the size the spec asks for;
when no punch does, the piece keeps its fraction of the cell and is cut by hand.
"""
from __future__ import annotations

#: Common craft circle punches: name -> diameter in mm (the one table of them).
PUNCHES_MM: dict[str, float] = {
    "3/8 in": 9.525, "1/2 in": 12.7, "5/8 in": 15.875, "3/4 in": 19.05, "1 in": 25.4,
    "1 1/4 in": 31.75, "1 1/2 in": 38.1, "2 in": 50.8,
}
#: How far a punch may stray from the size the spec asks for: from this share of it ...
PUNCH_LEAST_SHARE = 0.9
#: ... up to this share (never past the clearances).
PUNCH_MOST_SHARE = 1.2


def snap_to_punch(designed: float, limit: float) -> float:
    """The diameter to cut a round piece the spec makes ``designed`` mm across, at most ``limit`` mm.

    The largest punch of :data:`PUNCHES_MM` no wider than ``limit`` and within
    :data:`PUNCH_LEAST_SHARE` to :data:`PUNCH_MOST_SHARE` of ``designed``;
    ``designed`` itself when no punch is.
    """
    fits = [d for d in PUNCHES_MM.values()
            if PUNCH_LEAST_SHARE * designed <= d <= min(limit, PUNCH_MOST_SHARE * designed) + 1e-6]
    return max(fits, default=designed)


def punch_name(diameter: float) -> str | None:
    """The name of the punch that cuts a piece ``diameter`` mm across ('1/2 in'), or None when none does."""
    return next((name for name, d in PUNCHES_MM.items() if abs(d - diameter) < 1e-6), None)
