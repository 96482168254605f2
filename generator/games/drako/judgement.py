"""How a search judges a Drako position still in play: each side's share of the win.

What decides the game (the rules): the dwarves win when every wound space of the dragon's mat is filled; the
dragon wins when the three dwarves are dead, or when the dwarves have no card left (none in hand or deck) or
nothing to do on their turn. So the judgement weighs the dragon's wounds (those waiting to be placed or
blocked included), the dragon's abilities lost, the dwarves' wounds and deaths, the cards each side still
has in hand, the dwarves' cards left in all, and how near the living dwarves stand to the dragon; and, since
the game is a race between the dwarves' cards and the dragon's empty wound spaces, how many of those spaces
are left for each card (and each card and living dwarf), with the dwarves next to the dragon, the attacks
waiting for the dwarves' answer and the net; and what the hands can do (the cards' worth as the game's own
player weighs them, the defences, attacks and moves held, attacks held next to the dragon), the actions left
in the turn, the dwarves next to the dragon one blow from death, the dragon's flight and fire lost, the
archer's clear shot and the hexes free around the dragon (its way out). The weights were fitted by logistic
regression on the positions of 2,000 seeded self-play games and their results (``bench/fit_judgement.py drako
--games 2000`` fits them again): on 500 games kept apart they predict the winner with a log-loss of 0.499
where the first 16 features alone gave 0.509, and the search that judges by them beat the game's own player
in 340 of 400 seeded games where it won 328.
"""
from __future__ import annotations

import math
from operator import mul

from .cards import SIDES
from .core import Core
from .policy import card_worth
from .state import DRAGON_SIDE, DWARF_SIDE, ON_DRAGON, UNPLACED, State

#: The weight of each feature of :meth:`Judge.features`, in its order.
WEIGHTS = (2.6, -0.178, -3.27, 0.208, 0.0188, -0.0446, -1.01, -0.274, -0.422, 3.9, 2.37, 0.103, 1.19, -0.739, 0.15,
           0.289, 0.00433, -0.122, 0.436, -0.115, -0.000871, 0.0512, 0.0894, 0.0299, 0.396, 0.151, 0.0444, 0.0445,
           -0.222, -0.0468, 0.573, -0.129, -0.0259)


#: How many hands of each side :meth:`Judge._hand` keeps before it starts again.
HANDS = 4096
#: A dwarf next to the dragon with this many wound spaces left or fewer is in danger of dying at its next blow.
ENDANGERED = 3
#: The symbols of cards that wound, and of cards that move.
_ATTACKS = ("attack", "attack-two", "crossbow", "fire")
_MOVES = ("move", "move-two", "flight")


class Judge:
    """The judgement on one spec and board."""

    def __init__(self, core: Core):
        self.core = core
        self.deck_size = max(1, len(core.spec.decks[SIDES[DWARF_SIDE]]))
        #: By side and card code: (worth to its side / 10, a defence, an attack, a move).
        self.hand_cards = tuple(
            {code: (card_worth(core, side, code) / 10,
                    float(any(o.symbol == "defence" for o in card.options)),
                    float(any(o.symbol in _ATTACKS for o in card.options)),
                    float(any(o.symbol in _MOVES for o in card.options)))
             for code, card in cards.items()} for side, cards in enumerate(core.cards))
        #: By side, what each hand met so far holds (:meth:`_hand`).
        self.hands: tuple[dict[tuple[str, ...], tuple[float, float, float, float]], ...] = ({}, {})
        self.areas = tuple(core.area.values())
        self.flight, self.fire = core.area["flight"], core.area["fire"]

    def features(self, state: State) -> tuple[float, ...]:
        """What the judgement weighs: the share of the dragon's wound spaces still empty, its abilities lost, the
        share of the dwarves' wound spaces still empty (dead dwarves' as filled), the dwarves dead, the cards in
        the dragon's hand and in the dwarves' hand, the share of their cards the dwarves have left (hand and
        deck), the living dwarves' nearness to the dragon, 1 when the dragon plays the turn (else -1); then the
        race between the dwarves' cards and the dragon's empty spaces (those spaces for each card left, and for
        each card and living dwarf), the dwarves next to the dragon, the wounds waiting for the dwarves'
        answer, the net over the dragon, the living dwarves times their share of cards left, and the wound
        spaces still empty on the living dwarves; then each side's hand (its worth, in tenths, then for the dragon
        and then the dwarves the defences, the attacks and the moves held), the actions left in the turn (less
        than 0 on the dwarves' turn), the dwarves next to the dragon with at most :data:`ENDANGERED` spaces left,
        Fury used, the dragon's flight lost and fire lost, the archer's clear shot at the dragon, the share of
        the dragon's neighbouring hexes free, and the attacks in the dwarves' and in the dragon's hand times the
        dwarves next to the dragon."""
        core = self.core
        hits = state.hits
        pending = state.to_place + (sum(h.amount for h in hits if h.target == ON_DRAGON) if hits else 0)
        empty = max(0, core.dragon_total - sum(state.dragon_wounds) - pending)
        dragon = empty / core.dragon_total
        wounds, full = state.dragon_wounds, core.dragon_spaces
        lost = sum(1 for area in self.areas if wounds[area] >= full[area])
        spaces = core.dwarf_spaces
        health = dead = 0.0
        near = 0.0
        living = beside = room = endangered = 0
        neighbours = core.tables.neighbours[state.dragon]
        for i, cell in enumerate(state.dwarves):
            if cell >= 0 or cell == UNPLACED:
                living += 1
                room += spaces[i] - state.dwarf_wounds[i]
                health += (spaces[i] - state.dwarf_wounds[i]) / spaces[i]
            if cell >= 0:
                near += 1.0 / max(1, core.tables.distance(cell, state.dragon))
                if cell in neighbours:
                    beside += 1
                    endangered += spaces[i] - state.dwarf_wounds[i] <= ENDANGERED
            elif cell != UNPLACED:
                dead += 1
        cards = len(state.hands[DWARF_SIDE]) + len(state.decks[DWARF_SIDE])
        left = cards / self.deck_size
        waiting = sum(h.amount for h in hits if h.target != ON_DRAGON) if hits else 0
        dragon_hand, dwarf_hand = self._hand(state, DRAGON_SIDE), self._hand(state, DWARF_SIDE)
        turn = 1.0 if state.turn == DRAGON_SIDE else -1.0
        line = core.in_line(state)
        shot = line is not None and not any(cell in line for cell in state.dwarves)
        return (dragon, lost, health / len(spaces), dead, len(state.hands[DRAGON_SIDE]),
                len(state.hands[DWARF_SIDE]), left, near, turn,
                empty / (cards + 1), empty / (living * cards + 1), beside, waiting / 5, state.netted,
                living * left, room / 10,
                dragon_hand[0], dwarf_hand[0], dragon_hand[1], dwarf_hand[1], dragon_hand[2], dwarf_hand[2],
                dragon_hand[3], dwarf_hand[3], turn * state.actions_left, endangered, state.fury_used,
                wounds[self.flight] >= full[self.flight], wounds[self.fire] >= full[self.fire], shot,
                (len(neighbours) - beside) / 6, beside * dwarf_hand[2], beside * dragon_hand[2])

    def _hand(self, state: State, side: int) -> tuple[float, float, float, float]:
        """What ``side`` holds in hand: the cards' worth (as the game's own player weighs them, tenths), and how many
        can block, can wound and can move (worked out once for each hand: a search meets the same hands again and
        again)."""
        hand = state.hands[side]
        known = self.hands[side]
        found = known.get(hand)
        if found is None:
            if len(known) >= HANDS:
                known.clear()
            cards = self.hand_cards[side]
            worth = defences = attacks = moves = 0.0
            for code in hand:
                w, d, a, m = cards[code]
                worth += w
                defences += d
                attacks += a
                moves += m
            found = known[hand] = (worth, defences, attacks, moves)
        return found

    def dragon_share(self, state: State) -> float:
        """The dragon's share of the win in ``state`` (the dwarves hold the rest)."""
        lead = sum(map(mul, WEIGHTS, self.features(state)))
        return 1.0 / (1.0 + math.exp(-lead))
