"""How a search judges a Dravakron position still in play: each player's share of the win.

What decides the game (the rulebook): bringing the enemy flag to one's own flag's squares, holding every
square around the enemy flag (a siege), or leaving the enemy no unfrozen piece. Both ways to take the flag are
races of single steps, so the judgement counts the steps a piece needs (:class:`Ways`: steps on the board and
through the main gates, whatever stands in the way), and weighs, for each player: the pieces still in play or
at home and those frozen, the weapons carried, the enemy flag carried and how near its carrier is to a square
around its own flag that the enemy does not hold, the squares around the enemy flag held, how near the nearest
other pieces stand to them (those at home from the starting point, one action more), and who acts next. The
weights are set by hand from those rules, a step of the flag carrier counting three times a step of another
piece, and kept small, so that a player well ahead is still not judged sure to win and a step nearer still
tells moves apart: a fit on self-play games (``bench/fit_judgement.py dravakron``) learns little, since most
games of the game's own player reach the action cap undecided.
"""
from __future__ import annotations

import math
from collections import deque
from typing import Iterable

from .rules.state import State
from .rules.tables import BoardTables

#: The weight of each feature of :meth:`Judge.features`, in its order.
WEIGHTS = (0.2, -0.15, 0.1, 0.75, 3.0, 0.3, 1.0, 0.3, 0.05)
#: How many of a player's nearest pieces the second approach feature counts (a siege takes three squares).
SUPPORT = 2


class Ways:
    """Steps a single piece needs from any square to a set of squares, on one board: steps to the eight
    squares around (never onto a square no piece may enter), a step onto a main gate landing on either of its
    landing squares; pieces and thrown flags in the way are not counted."""

    def __init__(self, tables: BoardTables):
        self.tables = tables
        into: dict[str, list[str]] = {}
        gates = tables.gate_landings
        for square in tables.squares:
            for near in tables.step_targets[square]:
                for end in gates.get(near, (near,)):
                    into.setdefault(end, []).append(square)
        #: For each square, the squares one step leads from onto it.
        self.into = into

    def to(self, goals: Iterable[str]) -> dict[str, int]:
        """The fewest steps from each square that can reach one of ``goals`` (breadth first, backwards)."""
        found = {goal: 0 for goal in goals}
        queue = deque(found)
        while queue:
            square = queue.popleft()
            steps = found[square] + 1
            for before in self.into.get(square, ()):
                if before not in found:
                    found[before] = steps
                    queue.append(before)
        return found


class Judge:
    """The judgement on one board."""

    def __init__(self, tables: BoardTables):
        self.tables = tables
        ways = Ways(tables)
        #: Steps to the squares around each flag, from every square that can reach them.
        self.to_ring = {flag: ways.to(ring) for flag, ring in tables.flag_acquisition.items()}
        #: Steps to each single square around each flag, for a carrier whose way home is partly held.
        self.to_square = {square: ways.to((square,)) for ring in tables.flag_acquisition.values() for square in ring}
        #: One more than the longest of those ways, to measure nearness on any board as a share of it.
        self.span = 1 + max(max(steps.values()) for steps in (*self.to_ring.values(), *self.to_square.values()))

    def _side(self, state: State, player: str) -> tuple[float, ...]:
        """One player's features (see :meth:`features`)."""
        tb = self.tables
        span = self.span
        theirs = tb.flag_item[tb.opponent[player]]
        pieces = state.pieces
        home_ring = [s for s in tb.flag_acquisition[tb.flag_item[player]]
                     if s not in pieces or pieces[s].owner == player]
        ring = tb.flag_acquisition[theirs]
        to_ring = self.to_ring[theirs]
        free = frozen = weapons = besieging = 0
        carrying = homing = 0.0
        near: list[float] = []
        at_home = state.home.get(player, 0)
        if at_home:
            near += [1.0 - (1 + to_ring.get(tb.start[player], span)) / span] * min(at_home, 1 + SUPPORT)
        for square, piece in pieces.items():
            if piece.owner != player:
                continue
            if square in ring:
                besieging += 1
            if piece.frozen:
                frozen += piece.count
                continue
            free += piece.count
            if piece.item == theirs:
                carrying = 1.0
                if home_ring:
                    steps = min(self.to_square[s].get(square, span) for s in home_ring)
                    homing = max(homing, 1.0 - steps / span)
                continue
            if piece.item is not None:
                weapons += 1
            if square not in ring:
                near.append(1.0 - to_ring.get(square, span) / span)
        near.sort(reverse=True)
        reach = near[0] if near else 0.0
        support = sum(near[1:1 + SUPPORT])
        return (float(free + at_home), float(frozen), float(weapons), carrying, homing, float(besieging), reach,
                support, 1.0 if state.actor == player else 0.0)

    def features(self, state: State) -> tuple[float, ...]:
        """What the judgement weighs, each as the first player's lead over the second: pieces in play or at
        home, pieces frozen, weapons carried, the enemy flag carried, its carrier's nearness to home (1 less the
        steps to the nearest of its flag's squares no enemy stands on, as a share of the longest way on the
        board; 0 when the enemy holds all of them), squares around the enemy flag held, the nearest other free
        piece's nearness to them (measured so; a piece at home from its starting point, a step more), the next
        two's together, and who acts next."""
        first, second = self.tables.players
        return tuple(a - b for a, b in zip(self._side(state, first), self._side(state, second)))

    def first_share(self, state: State) -> float:
        """The first player's share of the win in ``state`` (the second holds the rest)."""
        lead = sum(w * f for w, f in zip(WEIGHTS, self.features(state)))
        return 1.0 / (1.0 + math.exp(-lead))
