"""How a search judges a Drako position still in play: each side's share of the win.

What decides the game (the rules): the dwarves win when every wound space of the dragon's mat is filled; the
dragon wins when the three dwarves are dead, or when the dwarves have no card left (none in hand or deck) or
nothing to do on their turn. So the judgement weighs the dragon's wounds (those waiting to be placed or
blocked included), the dragon's abilities lost, the dwarves' wounds and deaths, the cards each side still
has in hand, the dwarves' cards left in all, and how near the living dwarves stand to the dragon. The weights
were fitted by logistic regression on the positions of seeded self-play games and their results
(``bench/fit_judgement.py drako`` fits them again).
"""
from __future__ import annotations

import math

from .cards import SIDES
from .core import Core
from .state import DRAGON_SIDE, DWARF_SIDE, ON_DRAGON, UNPLACED, State

#: The weight of each feature of :meth:`Judge.features`, in its order.
WEIGHTS = (5.3, -0.27, -1.7, 0.91, 0.13, -0.045, -3.2, -0.1, 0.055)


class Judge:
    """The judgement on one spec and board."""

    def __init__(self, core: Core):
        self.core = core
        self.deck_size = max(1, len(core.spec.decks[SIDES[DWARF_SIDE]]))

    def features(self, state: State) -> tuple[float, ...]:
        """What the judgement weighs, each in the dragon's favour when positive: the share of the dragon's wound
        spaces still empty, its abilities lost, the share of the dwarves' wound spaces still empty (dead
        dwarves' as filled), the dwarves dead, the cards in the dragon's hand and in the dwarves' hand, the share
        of their cards the dwarves have left (hand and deck), the living dwarves' nearness to the dragon, and
        1 when the dragon plays the turn."""
        core = self.core
        pending = state.to_place + sum(h.amount for h in state.hits if h.target == ON_DRAGON)
        dragon = 1.0 - min(1.0, (sum(state.dragon_wounds) + pending) / core.dragon_total)
        lost = sum(1 for area in core.area.values() if state.dragon_wounds[area] >= core.dragon_spaces[area])
        spaces = core.dwarf_spaces
        health = dead = 0.0
        near = 0.0
        for i, cell in enumerate(state.dwarves):
            if cell >= 0:
                health += (spaces[i] - state.dwarf_wounds[i]) / spaces[i]
                near += 1.0 / max(1, core.tables.distance(cell, state.dragon))
            elif cell != UNPLACED:
                dead += 1
        left = (len(state.hands[DWARF_SIDE]) + len(state.decks[DWARF_SIDE])) / self.deck_size
        return (dragon, float(lost), health / len(spaces), dead, float(len(state.hands[DRAGON_SIDE])),
                float(len(state.hands[DWARF_SIDE])), left, near, 1.0 if state.turn == DRAGON_SIDE else -1.0)

    def dragon_share(self, state: State) -> float:
        """The dragon's share of the win in ``state`` (the dwarves hold the rest)."""
        lead = sum(w * f for w, f in zip(WEIGHTS, self.features(state)))
        return 1.0 / (1.0 + math.exp(-lead))
