"""The facts Drako's books print, and the symbol sheets of its decks.

Templates never write a number of their own: board size, deck contents, wound
spaces and hand sizes come from :func:`book_facts`, read from the same spec
files as the rules engine, so a changed spec changes the book.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass


from ....render.text import text
from ....model.game import Game
from ....model.geometry import HexGrid
from ....render.emblems import emblem
from ....rulebook.board_art import document
from ....model.theme import Theme
from ..cards import SYMBOLS
from ..spec import (ABILITY_NAMES, ACTIONS_PER_TURN, DECK_SIZE, DRAW_COUNT, FIRST_TURN_ACTIONS, HAND_LIMIT, OPENING_HAND,
                    DrakoSpec)
from ..kit.parts import SYMBOL_OF, WORDS, emblem_name, option_words, printed_cards

#: Hex size (centre to centre, mm) the book's board map is drawn at; the layout scales it to the page.
BOARD_CELL_MM = 12.0
#: Most symbols in one row of a deck's symbol sheet (four rows fit the A5 booklet's measure at natural size).
SYMBOLS_ACROSS = 4
#: Hex size of one-hex swatches in legend tables.
SWATCH_CELL_MM = 9.0


@dataclass(frozen=True)
class Side:
    """One player: id, name, colour key and what the player aid says of it."""

    id: str
    name: str
    colour: str


@dataclass(frozen=True)
class SymbolRow:
    """A symbol of one deck: its name in the book, its emblem, the values it comes in, what it does."""

    side: str
    name: str
    words: str
    emblem: str
    values: str
    meaning: str
    cards: int


@dataclass(frozen=True)
class DeckRow:
    """A kind of card in a deck and how many copies it has."""

    code: str
    words: str
    count: int


@dataclass(frozen=True)
class BookFacts:
    """Everything the templates may print about Drako (from the spec files the engine reads)."""

    title: str
    designer: str
    sides: tuple[Side, ...]
    hexes: int
    radius: int
    columns: str
    dragon_start: str
    dwarf_starts: tuple[str, ...]
    deck_size: int
    opening_hand: int
    draw_count: int
    hand_limit: int
    actions: int
    first_actions: int
    armour: int
    abilities: tuple[tuple[str, int], ...]
    dwarves: tuple[tuple[str, str, int], ...]
    wound_markers: int
    spaces_total: int
    symbols: tuple[SymbolRow, ...]
    deck_rows: dict[str, tuple[DeckRow, ...]]
    defence_cards: dict[str, int]
    first_game: bool
    exchange: bool
    ability_names: dict[str, str]

    def symbols_of(self, side: str) -> list[SymbolRow]:
        """The symbols of one side's deck, in the engine's order."""
        return [s for s in self.symbols if s.side == side]

    def dwarf(self, ability: str) -> tuple[str, str, int]:
        """(name, ability, spaces) of the dwarf who holds ``ability``."""
        return next(d for d in self.dwarves if d[1] == ability)

    def ability_spaces(self, ability: str) -> int:
        """Wound spaces of one of the dragon's abilities."""
        return dict(self.abilities)[ability]

    @property
    def powers(self) -> list[str]:
        """The dragon's abilities as its mat names them, in mat order."""
        return [self.ability_names[a] for a, _ in self.abilities]

    def symbol_table(self) -> list[tuple[str, str, str, str]]:
        """A row per symbol of either deck, the dwarves' first and Defence last: (name, words, the dragon's numbers,
        the dwarves').

        Numbers read 'a–b' (or 'a'), 'no number' for a symbol that takes none,
        '' where that deck does not have the symbol.
        """
        order = sorted(self.symbols, key=lambda s: (s.name == "defence", s.side != "dwarves"))
        names = list(dict.fromkeys(s.name for s in order))
        rows = []
        for name in names:
            found = {s.side: s for s in self.symbols if s.name == name}
            words = next(iter(found.values())).words
            cells = [("no number" if found[side].values == "–" else found[side].values) if side in found else ""
                     for side in ("dragon", "dwarves")]
            rows.append((name, words, cells[0], cells[1]))
        return rows


def book_facts(game: Game, spec: DrakoSpec) -> BookFacts:
    """Drako's facts for the book, from its specs."""
    grid = spec.grid
    assert isinstance(grid, HexGrid)
    cells = list(game.board.squares)
    columns = sorted({c[0] for c in cells})
    symbols = []
    for side in ("dragon", "dwarves"):
        counts: Counter[str] = Counter()
        for code in spec.decks[side]:
            for option in spec.cards[side][code].options:
                counts[option.symbol] += 1
        for sym in SYMBOLS[side].values():
            low, high = spec.values[side].get(sym.name, (0, 0))
            values = "–" if not sym.valued else str(low) if low == high else f"{low}–{high}"
            symbols.append(SymbolRow(side, sym.name, WORDS[side][sym.name].replace(" {v}", ""),
                                     emblem_name((SYMBOL_OF[side][sym.name],)), values, sym.meaning, counts[sym.name]))
    deck_rows = {side: tuple(DeckRow(code, " or ".join(option_words(side, o) for o in spec.cards[side][code].options),
                                     n) for code, n in printed_cards(spec, side)) for side in ("dragon", "dwarves")}
    defence = {side: sum(1 for code in spec.decks[side] if spec.cards[side][code].defends)
               for side in ("dragon", "dwarves")}
    total = spec.armour + sum(n for _, n in spec.abilities) + sum(d.spaces for d in spec.dwarves)
    radius = (len(columns) - 1) // 2
    return BookFacts(
        game.title, game.designer, tuple(Side(p.id, p.name, p.colour) for p in game.players), len(cells), radius,
        f"{columns[0]}–{columns[-1]}", spec.dragon_start, spec.dwarf_starts, DECK_SIZE, OPENING_HAND, DRAW_COUNT,
        HAND_LIMIT, ACTIONS_PER_TURN, FIRST_TURN_ACTIONS, spec.armour, spec.abilities,
        tuple((d.name, d.ability, d.spaces) for d in spec.dwarves), spec.wound_markers, total, tuple(symbols),
        deck_rows, defence, spec.first_game, spec.exchange_opening_hand, dict(ABILITY_NAMES))


def symbol_sheet(facts: BookFacts, theme: Theme, side: str) -> str:
    """Every symbol of one side's deck, drawn as on the cards, with its name and values under it."""
    rows = facts.symbols_of(side)
    pitch, size, line = 24.0, 13.0, 26.0
    across = min(len(rows), SYMBOLS_ACROSS)
    doc = document(pitch * across, line * -(-len(rows) // across))
    ink, paper = theme.colour(side), theme.colour("paper")
    for n, row in enumerate(rows):
        x, y = (n % across + 0.5) * pitch, n // across * line
        doc.add(emblem(row.emblem, x, y + 8.0, size, ink, paper))
        doc.add(text(row.words, x, y + 20.0, 3.0, theme.colour("text"), "600", anchor="middle"))
        doc.add(text(row.values if row.values != "–" else "", x, y + 24.2, 2.8, theme.colour("muted-text"),
                     anchor="middle"))
    return str(doc.tostring())
