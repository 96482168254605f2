"""What the rulebook says about a game, computed from its specs and the rules model.

Templates never write a number or a name of their own: board size, counts,
squares, gate and weapon names, reaches and distances all come from here, so
a changed spec changes the book.
"""
from __future__ import annotations

from dataclasses import dataclass
from ....model.game import Game
from ....render.legend import legend_entries
from ..rules.conditions import PASS_RANGE, TRANSPORT_RANGE, WEAPON_RANGE
from ..rules.state import WIN_REASONS
from ....play.registry import load_components

#: A merged pair's move: exactly this many squares (the rules model's merged-move check).
MERGED_DISTANCE = 2

#: The everyday word for each kind of weapon in the specs.
WEAPON_WORDS = {"bomb": "bomb", "freeze": "freeze", "rapid-transport": "rapid transport"}


@dataclass(frozen=True)
class Side:
    """One player and the squares that belong to it."""

    id: str
    name: str
    colour: str
    emblem: str
    half: str
    home: tuple[str, ...]
    start: str
    flag: str
    ring: tuple[str, ...]
    pieces: int


@dataclass(frozen=True)
class GateFacts:
    """A Temporal Gate: its main square, its landing squares and the halves they lie in."""

    name: str
    glyph: str
    at: str
    landings: tuple[str, ...]
    side: str
    far_side: str


@dataclass(frozen=True)
class WeaponFacts:
    """One kind of weapon: its name, its everyday word, how many forms it has, and where they are stored."""

    kind: str
    name: str
    word: str
    forms: int
    storage: tuple[str, ...]


@dataclass(frozen=True)
class FormatFacts:
    """One print format of the board: its paper, sheets and square size, and the token sizes it gets."""

    name: str
    paper: str
    sheets: int
    square_mm: float
    piece_mm: float
    item_mm: float


@dataclass(frozen=True)
class LegendRow:
    """A kind of square as the board's legend names it, with a sample square and how many there are."""

    kind: str
    label: str
    sample: str
    count: int


@dataclass(frozen=True)
class BookFacts:
    """Everything the templates may print about the game."""

    title: str
    designer: str
    sides: tuple[Side, ...]
    columns: int
    rows: int
    squares: int
    mirrored: bool
    first_column: str
    last_column: str
    plain: int
    legend: tuple[LegendRow, ...]
    gates: tuple[GateFacts, ...]
    weapons: tuple[WeaponFacts, ...]
    weapon_zone: str
    weapon_area: tuple[str, ...]
    pieces_per_side: int
    pieces_source: str
    flags: int
    weapon_tokens: int
    ways_to_win: int
    formats: tuple[FormatFacts, ...] = ()
    piece_share: float = 0.0
    item_share: float = 0.0
    spares: int = 0
    weapon_range: int = WEAPON_RANGE
    pass_range: int = PASS_RANGE
    transport_range: int = TRANSPORT_RANGE
    merged_distance: int = MERGED_DISTANCE

    @property
    def first(self) -> Side:
        """The side listed first in the game spec."""
        return self.sides[0]

    @property
    def second(self) -> Side:
        """The side listed second in the game spec."""
        return self.sides[1]

    @property
    def pieces_total(self) -> int:
        """Playing pieces of all sides together."""
        return self.pieces_per_side * len(self.sides)

    @property
    def tokens_total(self) -> int:
        """Everything that is punched out: playing pieces, flags and weapons."""
        return self.pieces_total + self.flags + self.weapon_tokens

    def weapon(self, kind: str) -> WeaponFacts:
        """The weapon of one kind ('bomb', 'freeze', 'rapid-transport')."""
        return next(w for w in self.weapons if w.kind == kind)


def _half(game: Game, owner: str) -> tuple[str, ...]:
    return next((z.cells for z in game.board.zones if z.owner == owner), ())


def _span(cells: tuple[str, ...]) -> str:
    columns = sorted({c.rstrip("0123456789") for c in cells})
    return f"{columns[0]}\u2013{columns[-1]}" if columns else ""


def _counts(game: Game, home: dict[str, int]) -> tuple[dict[str, int], dict[str, int], str]:
    """Pieces per side and tokens per item kind: from the components spec, else one piece per home square."""
    kit = load_components(game)
    if kit is None:
        return dict(home), {i.kind: sum(1 for j in game.items if j.kind == i.kind) for i in game.items}, "board.yaml"
    kind_of = {i.id: i.kind for i in game.items}
    pieces = {c.id: c.count for c in kit.components if c.id in home}
    kinds: dict[str, int] = {}
    for c in kit.components:
        if c.id in kind_of:
            kinds[kind_of[c.id]] = kinds.get(kind_of[c.id], 0) + c.count
    return pieces, kinds, "components.yaml"


def _formats(game: Game) -> tuple[tuple[FormatFacts, ...], float, float, int]:
    """The print formats with the token sizes each gets, the piece and item sizes as shares of a square, spares."""
    kit = load_components(game)
    if kit is None:
        return (), 0.0, 0.0, 0
    piece = next(c for c in kit.components if c.size == "piece")
    item = next(c for c in kit.components if c.size == "item")
    formats = tuple(FormatFacts(f.name, f.paper, f.sheet_count, f.square_mm, kit.diameter(piece, f),
                                kit.diameter(item, f)) for f in game.formats.values())
    return formats, kit.sizes["piece"], kit.sizes["item"], kit.sheet.spares


def book_facts(game: Game) -> BookFacts:
    """The facts of ``game`` that its rulebook prints."""
    board = game.board
    homes = {p.id: tuple(s for f in board.marks_of("home", p.id) for s in f.at) for p in game.players}
    pieces, tokens, source = _counts(game, {pid: len(squares) for pid, squares in homes.items()})
    sides = []
    for player in game.players:
        flag_mark = board.marks_of("flag", player.id)[0]
        ring = tuple(s for f in board.marks_of("flag-acquisition") if f.faces == flag_mark.at[0] for s in f.at)
        sides.append(Side(player.id, player.name, player.colour, player.emblem, _span(_half(game, player.id)),
                          homes[player.id], board.marks_of("start", player.id)[0].at[0], flag_mark.at[0], ring,
                          pieces.get(player.id, 0)))
    owner_of = {s: z.owner for z in board.zones if z.owner for s in z.cells}
    name_of = {p.id: p.name for p in game.players}
    gates = tuple(GateFacts(g.name, g.glyph, g.at, g.to, name_of.get(owner_of.get(g.at, ""), ""),
                            name_of.get(owner_of.get(g.to[0], ""), "")) for g in board.links_of("gate"))
    weapons = []
    for kind in dict.fromkeys(i.kind for i in game.items if i.kind != "flag"):
        items = [i for i in game.items if i.kind == kind]
        storage = tuple(s for f in board.marks_of("storage") if f.item in {i.id for i in items} for s in f.at)
        weapons.append(WeaponFacts(kind, items[0].name, WEAPON_WORDS.get(kind, kind), len(items), storage))
    kinds = [board.kind(s) for s in board.squares]
    counts = {k: kinds.count(k) for k in dict.fromkeys(kinds)}
    legend = tuple(LegendRow(kind, label, sample, counts.get(kind, 0)) for kind, sample, label in legend_entries(game))
    formats, piece_share, item_share, spares = _formats(game)
    neutral = next((z for z in board.zones if not z.owner), None)
    labels = board.grid.labels
    columns, rows = (int(v) for v in board.grid.size())
    return BookFacts(
        title=game.title, designer=game.designer, sides=tuple(sides), columns=columns, rows=rows,
        squares=len(board.squares), mirrored=board.symmetry == "mirror-columns", first_column=labels[:1],
        last_column=labels[-1:], plain=counts.get("plain", 0), legend=legend, gates=gates,
        weapons=tuple(weapons), weapon_zone=neutral.name if neutral else "",
        weapon_area=neutral.cells if neutral else (), pieces_per_side=min(s.pieces for s in sides),
        pieces_source=source, flags=tokens.get("flag", 0),
        weapon_tokens=sum(n for kind, n in tokens.items() if kind != "flag"), ways_to_win=len(WIN_REASONS),
        formats=formats, piece_share=piece_share, item_share=item_share, spares=spares)
