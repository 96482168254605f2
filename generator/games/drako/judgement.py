"""How a search judges a Drako position still in play: each side's share of the win.

What decides the game (the rules): the dwarves win when every wound space of the dragon's mat is filled; the
dragon wins when the three dwarves are dead, or when the dwarves have no card left (none in hand or deck) or
nothing to do on their turn. So the judgement weighs the dragon's wounds (those waiting to be placed or
blocked included), the dragon's abilities lost, the dwarves' wounds and deaths, the cards each side still
has in hand, the dwarves' cards left in all, and how near the living dwarves stand to the dragon; and, since
the game is a race between the dwarves' cards and the dragon's empty wound spaces, how many of those spaces
are left for each card (and each card and living dwarf), with the dwarves next to the dragon, the attacks
waiting for the dwarves' answer and the net. The weights were fitted by logistic regression on the positions
of 2,000 seeded self-play games and their results (``bench/fit_judgement.py drako --games 2000`` fits them
again); on the positions of games between two search players they predict the winner better than weights
fitted on those games themselves.
"""
from __future__ import annotations

import math

from .cards import SIDES
from .core import Core
from .state import DRAGON_SIDE, DWARF_SIDE, ON_DRAGON, UNPLACED, State

#: The weight of each feature of :meth:`Judge.features`, in its order.
WEIGHTS = (2.48, -0.401, -3.19, 0.513, 0.112, -0.0562, -1.46, 0.0585, 0.0719,
           3.7, 1.52, -0.352, 0.184, -0.4, 0.363, 0.278)


class Judge:
    """The judgement on one spec and board."""

    def __init__(self, core: Core):
        self.core = core
        self.deck_size = max(1, len(core.spec.decks[SIDES[DWARF_SIDE]]))

    def features(self, state: State) -> tuple[float, ...]:
        """What the judgement weighs: the share of the dragon's wound spaces still empty, its abilities lost, the
        share of the dwarves' wound spaces still empty (dead dwarves' as filled), the dwarves dead, the cards in
        the dragon's hand and in the dwarves' hand, the share of their cards the dwarves have left (hand and
        deck), the living dwarves' nearness to the dragon, 1 when the dragon plays the turn (else -1); then the
        race between the dwarves' cards and the dragon's empty spaces (those spaces for each card left, and for
        each card and living dwarf), the dwarves next to the dragon, the wounds waiting for the dwarves'
        answer, the net over the dragon, the living dwarves times their share of cards left, and the wound
        spaces still empty on the living dwarves."""
        core = self.core
        pending = state.to_place + sum(h.amount for h in state.hits if h.target == ON_DRAGON)
        empty = max(0, core.dragon_total - sum(state.dragon_wounds) - pending)
        dragon = empty / core.dragon_total
        lost = sum(1 for area in core.area.values() if state.dragon_wounds[area] >= core.dragon_spaces[area])
        spaces = core.dwarf_spaces
        health = dead = 0.0
        near = 0.0
        living = beside = room = 0
        neighbours = core.tables.neighbours[state.dragon]
        for i, cell in enumerate(state.dwarves):
            if cell >= 0 or cell == UNPLACED:
                living += 1
                room += spaces[i] - state.dwarf_wounds[i]
                health += (spaces[i] - state.dwarf_wounds[i]) / spaces[i]
            if cell >= 0:
                near += 1.0 / max(1, core.tables.distance(cell, state.dragon))
                beside += cell in neighbours
            elif cell != UNPLACED:
                dead += 1
        cards = len(state.hands[DWARF_SIDE]) + len(state.decks[DWARF_SIDE])
        left = cards / self.deck_size
        waiting = sum(h.amount for h in state.hits if h.target != ON_DRAGON)
        return (dragon, float(lost), health / len(spaces), dead, float(len(state.hands[DRAGON_SIDE])),
                float(len(state.hands[DWARF_SIDE])), left, near, 1.0 if state.turn == DRAGON_SIDE else -1.0,
                empty / (cards + 1), empty / (living * cards + 1), float(beside), waiting / 5, float(state.netted),
                living * left, room / 10)

    def dragon_share(self, state: State) -> float:
        """The dragon's share of the win in ``state`` (the dwarves hold the rest)."""
        lead = sum(w * f for w, f in zip(WEIGHTS, self.features(state)))
        return 1.0 / (1.0 + math.exp(-lead))
