"""The cards of Drako: the symbols each side's cards can show, their values, and card codes.

A card shows one or two options in its corner; an option is a symbol and, for
most symbols, a value. In the notation an option is the symbol's letter code
followed by its value (``M2``: move 2, ``AA1``: two dwarves attack with 1,
``N``: net) and a card is its options joined by ``/`` (``M1/D``).
"""
from __future__ import annotations

from dataclasses import dataclass

#: The two sides, in seat order: the dragon plays first.
DRAGON, DWARVES = "dragon", "dwarves"
SIDES = (DRAGON, DWARVES)
#: Each side as it is named before a noun: the dragon deck, the dwarf player, the dwarf mat.
OF_SIDE = {DRAGON: "dragon", DWARVES: "dwarf"}


@dataclass(frozen=True)
class Symbol:
    """A symbol a card may show: its name, its letter code, whether a number comes with it, what it does."""

    name: str
    code: str
    valued: bool
    meaning: str


def _table(*symbols: Symbol) -> dict[str, Symbol]:
    return {s.name: s for s in symbols}


#: Every symbol of each side's deck, by name. The source gives moves and attacks a number (movement points,
#: attack value) and the net, flight and defence none; it prints no numbers, so the values a card may show are
#: this kit's choice, in ``decks.yaml`` (``values``).
SYMBOLS: dict[str, dict[str, Symbol]] = {
    DWARVES: _table(
        Symbol("move", "M", True, "one dwarf moves up to the value"),
        Symbol("move-two", "MM", True, "one or two dwarves move, each up to the value"),
        Symbol("attack", "A", True, "one dwarf next to the dragon attacks it"),
        Symbol("attack-two", "AA", True, "one or two dwarves next to the dragon each attack it"),
        Symbol("crossbow", "X", True, "the archer shoots the dragon along a line of hexes"),
        Symbol("net", "N", False, "the net dwarf throws the net over the dragon"),
        Symbol("defence", "D", False, "blocks one attack of the dragon"),
    ),
    DRAGON: _table(
        Symbol("move", "M", True, "the dragon walks up to the value"),
        Symbol("flight", "W", False, "the dragon flies to any empty hex"),
        Symbol("attack", "A", True, "the dragon attacks a dwarf next to it"),
        Symbol("fire", "F", True, "the dragon breathes fire along a line, hitting every dwarf in it"),
        Symbol("defence", "D", False, "blocks one attack of the dwarves"),
    ),
}
#: The numbers each valued symbol may show, lowest and highest, by side and symbol name (from ``decks.yaml``).
Ranges = dict[str, tuple[int, int]]


@dataclass(frozen=True)
class Option:
    """One option of a card: a symbol name and its value (0 for symbols without one)."""

    symbol: str
    value: int
    code: str


@dataclass(frozen=True)
class Card:
    """A kind of card: its options and its code (the option codes joined by '/')."""

    code: str
    options: tuple[Option, ...]

    def option(self, code: str) -> Option | None:
        """The option with this code, if the card shows it."""
        return next((o for o in self.options if o.code == code), None)

    @property
    def defends(self) -> bool:
        """True when the card can block an attack."""
        return any(o.symbol == "defence" for o in self.options)


def make_option(side: str, text: str, ranges: Ranges) -> Option:
    """An option from its spec text (``move 2``, ``net``), its number within ``ranges`` (the side's); raise
    ValueError saying what is wrong."""
    name, _, value_text = text.strip().partition(" ")
    table = SYMBOLS[side]
    if name not in table:
        raise ValueError(f"'{name}' is not a symbol of the {OF_SIDE[side]} cards")
    symbol = table[name]
    if not symbol.valued:
        if value_text:
            raise ValueError(f"'{name}' takes no value")
        return Option(name, 0, symbol.code)
    low, high = ranges[name]
    if not value_text.isdigit() or not low <= int(value_text) <= high:
        allowed = " or ".join(str(v) for v in range(low, high + 1))
        raise ValueError(f"'{name}' needs a value of {allowed}, found '{value_text or 'none'}'")
    return Option(name, int(value_text), f"{symbol.code}{value_text}")


def make_card(options: tuple[Option, ...]) -> Card:
    """A card from its options."""
    return Card("/".join(o.code for o in options), options)
