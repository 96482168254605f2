"""How a search judges a Dravakron position still in play: each player's share of the win.

What decides the game (the rulebook): bringing the enemy flag to one's own flag's squares, holding every
square around the enemy flag (a siege), or leaving the enemy no unfrozen piece. So the judgement weighs, for
each player: the pieces still in play or at home and those frozen, the weapons carried, the enemy flag carried
and how near its carrier is to a home square the enemy does not block, the squares around the enemy flag held, how near the nearest free piece
stands to them, and who acts next. The weights are set by hand from those rules: a fit on self-play games
(``bench/fit_judgement.py dravakron``) learns little, since most games of the game's own player reach the
action cap undecided.
"""
from __future__ import annotations

import math

from .rules.state import State
from .rules.tables import BoardTables

#: The weight of each feature of :meth:`Judge.features`, in its order.
WEIGHTS = (0.3, -0.3, 0.3, 1.0, 2.5, 0.6, 0.8, 0.1)


class Judge:
    """The judgement on one board."""

    def __init__(self, tables: BoardTables):
        self.tables = tables
        #: The longest distance between two squares, to measure nearness on any board as a share of it.
        self.span = max(1, max(max(c for c, _ in tables.coords.values()) - min(c for c, _ in tables.coords.values()),
                               max(r for _, r in tables.coords.values()) - min(r for _, r in tables.coords.values())))

    def _side(self, state: State, player: str) -> tuple[float, ...]:
        """One player's features (see :meth:`features`)."""
        tb = self.tables
        theirs = tb.flag_item[tb.opponent[player]]
        pieces = state.pieces
        home_ring = [s for s in tb.flag_acquisition[tb.flag_item[player]]
                     if s not in pieces or pieces[s].owner == player]
        ring = tb.flag_acquisition[theirs]
        free = frozen = weapons = besieging = 0
        carrying = homing = reach = 0.0
        for square, piece in pieces.items():
            if piece.owner != player:
                continue
            if piece.frozen:
                frozen += piece.count
                continue
            free += piece.count
            if piece.item == theirs:
                carrying = 1.0
                if home_ring:
                    homing = max(homing, 1.0 - min(tb.distance(square, s) for s in home_ring) / self.span)
            elif piece.item is not None:
                weapons += 1
            if square in ring:
                besieging += 1
            else:
                reach = max(reach, 1.0 - min(tb.distance(square, s) for s in ring) / self.span)
        return (float(free + state.home.get(player, 0)), float(frozen), float(weapons), carrying, homing,
                float(besieging), reach, 1.0 if state.actor == player else 0.0)

    def features(self, state: State) -> tuple[float, ...]:
        """What the judgement weighs, each as the first player's lead over the second: pieces in play or at
        home, pieces frozen, weapons carried, the enemy flag carried, its carrier's nearness to home (1 less its
        distance to the nearest of its flag's squares no enemy stands on, as a share of the board's width; 0 when
        the enemy holds all of them), squares around the enemy flag held, the nearest other free
        piece's nearness to them (measured so), and who acts next."""
        first, second = self.tables.players
        return tuple(a - b for a, b in zip(self._side(state, first), self._side(state, second)))

    def first_share(self, state: State) -> float:
        """The first player's share of the win in ``state`` (the second holds the rest)."""
        lead = sum(w * f for w, f in zip(WEIGHTS, self.features(state)))
        return 1.0 / (1.0 + math.exp(-lead))
