"""The game's decks of cards: card size (poker by default), a shared back, corner indexes, and each card's face.

A deck sits under ``decks:`` in the components spec. Every card of a deck
has the deck's one back, so card sheets can be printed two-sided without
matching cards to backs. The corner index (value and symbol in the
upper-left corner, repeated upside down in the lower-right) is data: which
parts it shows and how big, at least :data:`MIN_CORNER_MM` so that it reads
across a table.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import Problem
from .faces import Face, check_face
from .yamlsource import Document

#: Poker cards, in millimetres (2.5 x 3.5 inches).
POKER_MM = (63.5, 88.9)
#: The least height of a corner index's value, in mm: smaller is hard to read across a table.
MIN_CORNER_MM = 5.0


@dataclass(frozen=True)
class Card:
    """One card: its face (ground, ink, central emblem, glyph, title as label), corner value and symbol, count."""

    face: Face
    value: str
    symbol: str
    count: int


@dataclass(frozen=True)
class Corner:
    """What a deck's corner index shows: the value, the symbol, their size, and a copy in the opposite corner."""

    value: bool = True
    symbol: bool = True
    size_mm: float = 8.0
    both: bool = True


@dataclass(frozen=True)
class Deck:
    """A deck: its cards, their size, the back they share, the corner index and the rounded-corner guides."""

    id: str
    name: str
    size_mm: tuple[float, float]
    radius_mm: float
    back: Face
    corner: Corner
    cards: tuple[Card, ...]

    def copies(self) -> list[Card]:
        """Every card of the deck, each as often as its count says, in the spec's order."""
        return [card for card in self.cards for _ in range(card.count)]


def _face(data: dict[str, Any]) -> Face:
    return Face(data.get("emblem", ""), data.get("ground", "paper"), data.get("ink", "text"),
                glyph=data.get("glyph", ""), label=data.get("label", ""))


def load_decks(doc: Document, palette: set[str]) -> tuple[list[Deck], list[Problem]]:
    """The decks a components spec (already checked against its schema) lists, and the problems in them."""
    problems: list[Problem] = []
    decks: list[Deck] = []
    seen: dict[str, int] = {}
    for n, entry in enumerate(doc.data.get("decks", [])):
        where = ("decks", n)
        if entry["id"] in seen:
            problems.append(doc.problem((*where, "id"), f"deck '{entry['id']}' is listed twice "
                                        f"(also deck {seen[entry['id']] + 1})", "give each deck its own id"))
        seen.setdefault(entry["id"], n)
        problems += check_face(doc, (*where, "back"), entry["back"], palette)
        size = tuple(float(v) for v in entry.get("size_mm", POKER_MM))
        radius = float(entry.get("rounded_mm", 0.0))  # at most 10 mm (schema), cards at least 30 mm
        corner = Corner(**entry.get("corner", {}))
        cards = []
        for m, card in enumerate(entry["cards"]):
            problems += check_face(doc, (*where, "cards", m), card, palette)
            problems += check_face(doc, (*where, "cards", m), {"emblem": card.get("symbol", "")}, palette,
                                   key="symbol")
            if corner.value and "value" not in card:
                problems.append(doc.problem((*where, "cards", m), "this card has no value for its corner index",
                                            "add 'value: <what the corner shows>', or set 'corner: {value: "
                                            "false}' on the deck"))
            cards.append(Card(_face(card), str(card.get("value", "")), card.get("symbol", ""),
                              card.get("count", 1)))
        decks.append(Deck(entry["id"], entry.get("name", entry["id"]), (size[0], size[1]), radius,
                          _face(entry["back"]), corner, tuple(cards)))
    return decks, problems
