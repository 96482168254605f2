"""How a search judges an Ejderhalar position still in play: each player's share of the win.

What decides the game (the rulebook): the first player with tokens on enough control points wins at once.
So the judgement weighs the control points each player holds, how near their tokens stand to the others (a
token next to a free control point can take it in one action), a player one point short with a token beside a
free point, the dragons stunned, and who acts next. The weights are set
by hand from those rules, larger than a fit on games of the game's own self-play player gives
(``bench/fit_judgement.py ejderhalar``), where a point held or near predicts less than between players who
aim for the points.
"""
from __future__ import annotations

import math

from .layout import Layout
from .state import EMPTY, State
from .turn import control_counts

#: The weight of each feature of :meth:`Judge.features`, in its order.
WEIGHTS = (1.2, 0.6, 1.0, -0.3, 0.4)


class Judge:
    """The judgement on one layout: the distances from every square to every control point, computed once."""

    def __init__(self, layout: Layout):
        self.layout = layout
        spots = [layout.grid.coords(name) or (0, 0) for name in layout.cells]
        self.away = tuple(tuple(abs(spots[c][0] - spots[p][0]) + abs(spots[c][1] - spots[p][1])
                                for p in layout.control) for c in range(len(layout.cells)))

    def features(self, state: State) -> tuple[float, ...]:
        """What the judgement weighs, each as player one's lead over player two: control points held, nearness
        to the free ones (1 / distance of the nearest token, summed), one point short with a token beside a free
        point, dragons stunned, and 1 (-1) when player one (two) acts next."""
        layout = self.layout
        held = control_counts(layout, state.dragon_at)
        free = [i for i, c in enumerate(layout.control) if state.dragon_at[c] == EMPTY]
        near = [[99] * len(layout.control) for _ in layout.players]
        stunned = [0, 0]
        for cell, dragon in enumerate(state.dragon_at):
            if dragon == EMPTY:
                continue
            owner = layout.owner_of[dragon]
            best = near[owner]
            for i, d in enumerate(self.away[cell]):
                if d < best[i]:
                    best[i] = d
        for dragon, rest in enumerate(state.stun):
            stunned[layout.owner_of[dragon]] += rest > 0
        nearness = [sum(1.0 / near[p][i] for i in free) for p in (0, 1)]
        threat = [float(held[p] == layout.needed - 1 and any(near[p][i] == 1 for i in free)) for p in (0, 1)]
        return (float(held[0] - held[1]), nearness[0] - nearness[1], threat[0] - threat[1],
                float(stunned[0] - stunned[1]), 1.0 if state.player == 0 else -1.0)

    def first_share(self, state: State) -> float:
        """Player one's share of the win in ``state`` (player two holds the rest)."""
        lead = sum(w * f for w, f in zip(WEIGHTS, self.features(state)))
        return 1.0 / (1.0 + math.exp(-lead))
