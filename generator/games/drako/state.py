"""A Drako position: figures, wounds, hands and decks, whose turn, and what waits to be decided.

States are immutable. Hands and decks are sorted tuples of card codes: a deck
is shuffled, so only what it holds matters, and each card drawn is a chance
outcome. A hidden card (in a player's :meth:`view`) is written ``?``.
"""
from __future__ import annotations

from typing import NamedTuple

#: Side numbers: the dragon plays first.
DRAGON_SIDE, DWARF_SIDE = 0, 1
#: Where a dwarf is when he is not on a hex: killed, or not placed yet (set-up without the first-game hexes).
DEAD, UNPLACED = -1, -2
#: The target of a hit on the dragon (hits on dwarves name the dwarf's number).
ON_DRAGON = -1
#: A card the viewer may not see.
HIDDEN = "?"


class Hit(NamedTuple):
    """One attack waiting for the defender's answer: the target and the wounds it deals."""

    target: int
    amount: int
    source: str


class State(NamedTuple):
    """A position.

    ``dragon_wounds`` counts the markers on each area of the dragon's mat
    (armour, then each ability in mat order) and ``dwarf_wounds`` on each
    dwarf; ``hands`` and ``decks`` are indexed by side. ``draws`` lists the
    sides still to receive one card each (chance acts), ``hits`` the attacks
    waiting for a block or not, ``to_place`` the dragon's wounds the dwarf
    player still places, ``exchange`` the sides yet to decide on swapping
    their opening hand.
    """

    dragon: int
    dwarves: tuple[int, ...]
    dragon_wounds: tuple[int, ...]
    dwarf_wounds: tuple[int, ...]
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    turn: int
    actions_left: int
    netted: bool = False
    fury_used: bool = False
    draws: tuple[int, ...] = ()
    hits: tuple[Hit, ...] = ()
    to_place: int = 0
    exchange: tuple[int, ...] = ()


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` with one copy of ``card`` removed (it must be there)."""
    at = cards.index(card)
    return cards[:at] + cards[at + 1:]


def adding(cards: tuple[str, ...], *more: str) -> tuple[str, ...]:
    """``cards`` with ``more`` added, kept sorted."""
    return tuple(sorted(cards + more))


def replace(values: tuple[int, ...], at: int, value: int) -> tuple[int, ...]:
    """``values`` with the entry at ``at`` set to ``value``."""
    return values[:at] + (value,) + values[at + 1:]


def alive(state: State) -> list[int]:
    """The dwarves standing on the board, by number."""
    return [i for i, cell in enumerate(state.dwarves) if cell >= 0]
