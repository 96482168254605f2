"""Look-up tables computed once per board: what each square is, its neighbours and its lines.

Everything the engine asks about geometry is answered from these tables, so
the rules follow whatever layout the board spec describes and the hot loops
never touch the grid object.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ....model.board import Board
from ....model.game import Game
from ....model.geometry import SquareGrid

#: Square kinds that nothing may enter, cross or target.
RESTRICTED = frozenset({"home", "start", "flag", "storage"})

#: Square kinds a piece may end an ordinary move on.
STANDABLE = frozenset({"plain", "flag-acquisition", "weapon-acquisition"})

#: Square kinds where pieces pick items up.
ACQUISITION = frozenset({"flag-acquisition", "weapon-acquisition"})

#: Longest line any rule looks along (the rapid transport's five squares).
LONGEST_LINE = 5


class LayoutError(ValueError):
    """The board or the game lacks something the Dravakron rules cannot do without."""


@dataclass(frozen=True)
class BoardTables:
    """Precomputed facts about one board and its items, keyed by square name or item id."""

    players: tuple[str, str]
    opponent: dict[str, str]
    squares: tuple[str, ...]
    coords: dict[str, tuple[int, int]]
    at: dict[tuple[int, int], str]
    kind: dict[str, str]
    neighbours: dict[str, tuple[str, ...]]
    lines: dict[str, tuple[tuple[str, ...], ...]]
    orthogonal_lines: dict[str, tuple[tuple[str, ...], ...]]
    step_targets: dict[str, tuple[str, ...]]
    gate_landings: dict[str, tuple[str, ...]]
    gate_of_landing: dict[str, str]
    gates_next_to: dict[str, tuple[str, ...]]
    gate_ids: dict[str, str]
    home: dict[str, tuple[str, ...]]
    start: dict[str, str]
    flag_item: dict[str, str]
    flag_owner: dict[str, str]
    flag_acquisition: dict[str, tuple[str, ...]]
    acquisition_item: dict[str, str]
    item_kind: dict[str, str]
    origin: dict[str, str]
    pieces_per_player: int

    def adjacent(self, a: str, b: str) -> bool:
        """True when two squares touch along an edge or a corner."""
        return b in self.neighbours.get(a, ())

    def line_between(self, a: str, b: str, orthogonal_only: bool = False) -> tuple[str, ...] | None:
        """The squares from ``a`` (excluded) to ``b`` (included) along a row, a column or
        (unless ``orthogonal_only``) a diagonal; None when no such line joins them."""
        (ca, ra), (cb, rb) = self.coords[a], self.coords[b]
        dc, dr = cb - ca, rb - ra
        steps = max(abs(dc), abs(dr))
        if steps == 0 or (dc and dr and (orthogonal_only or abs(dc) != abs(dr))):
            return None
        sc, sr = dc // steps, dr // steps
        return tuple(self.at[(ca + sc * k, ra + sr * k)] for k in range(1, steps + 1))

    def distance(self, a: str, b: str) -> int:
        """King-move distance between two squares (ignoring what lies between)."""
        return self.distances[a][b]

    @cached_property
    def distances(self) -> dict[str, dict[str, int]]:
        """:meth:`distance` from every square to every square, computed once (hot loops read it directly)."""
        coords = self.coords
        return {a: {b: max(abs(ca - cb), abs(ra - rb)) for b, (cb, rb) in coords.items()}
                for a, (ca, ra) in coords.items()}

    @cached_property
    def weapon_acquisition(self) -> tuple[tuple[str, str], ...]:
        """(square, weapon) for every weapon acquisition square, in board order."""
        return tuple((s, i) for s, i in self.acquisition_item.items() if self.item_kind[i] != "flag")

    def describe_square(self, square: str) -> str:
        """A short name for what a square is, for messages ('the weapon storage at h6')."""
        kind = self.kind[square]
        if kind == "gate":
            return f"the {self.gate_ids[square]} main gate at {square}"
        if kind == "landing":
            return f"the {self.gate_ids[self.gate_of_landing[square]]} gate's landing square {square}"
        return f"{KIND_WORDS[kind]} at {square}"


#: How messages name each kind of square.
KIND_WORDS = {
    "plain": "the square",
    "home": "the home base",
    "start": "the starting point",
    "flag": "the flag square",
    "flag-acquisition": "the flag acquisition square",
    "storage": "the weapon storage",
    "weapon-acquisition": "the weapon acquisition square",
}


def build_tables(board: Board, players: list[str], items: dict[str, str]) -> BoardTables:
    """Compute the tables for a board, its two players and its items (id -> kind).

    Raises :class:`LayoutError` when the layout cannot carry the rules at all
    (not a square grid, not two players, a player without home, start or flag).
    """
    grid = board.grid
    if not isinstance(grid, SquareGrid):
        raise LayoutError("the Dravakron rules need a square grid")
    if len(players) != 2:
        raise LayoutError(f"the Dravakron rules need exactly two players, found {len(players)}")
    squares = tuple(grid.cells())
    coords: dict[str, tuple[int, int]] = {s: grid.coords(s) for s in squares}  # type: ignore[misc]
    kind = {s: board.kind(s) for s in squares}

    lines = {s: tuple(x for x in (grid.ray(s, d, LONGEST_LINE) for d in grid.directions()) if x) for s in squares}
    orthogonal = {s: tuple(x for x in (grid.ray(s, d, LONGEST_LINE) for d in grid.directions(diagonal=False)) if x)
                  for s in squares}
    neighbours = {s: tuple(x[0] for x in lines[s]) for s in squares}
    step_targets = {s: tuple(n for n in neighbours[s] if kind[n] in STANDABLE or kind[n] == "gate")
                    for s in squares}

    gates = board.links_of("gate")
    gate_landings = {g.at: g.to for g in gates}
    gate_of_landing = {sq: g.at for g in gates for sq in g.to}
    gate_ids = {g.at: g.id for g in gates}
    gates_next_to = {s: tuple(n for n in neighbours[s] if n in gate_landings) for s in squares}

    def owned(kind_name: str) -> dict[str, tuple[str, ...]]:
        found: dict[str, tuple[str, ...]] = {}
        for player in players:
            squares_of = tuple(sq for f in board.marks_of(kind_name, player) for sq in f.at)
            if not squares_of:
                raise LayoutError(f"player '{player}' has no {kind_name} square")
            found[player] = squares_of
        return found

    home = owned("home")
    start_squares = owned("start")
    owned("flag")  # every player needs a flag square: raises LayoutError otherwise
    start = {p: sq[0] for p, sq in start_squares.items()}
    origin: dict[str, str] = {}
    for mark in board.marks:
        if mark.kind in ("flag", "storage") and mark.item:
            for sq in mark.at:
                origin[mark.item] = sq
    flag_item: dict[str, str] = {}
    for player in players:
        found = [f.item for f in board.marks_of("flag", player) if f.item]
        if not found:
            raise LayoutError(f"player '{player}' has no flag square holding a flag")
        flag_item[player] = found[0]
    flag_owner = {item: player for player, item in flag_item.items()}
    flag_acquisition: dict[str, tuple[str, ...]] = {}
    for player, flag in flag_item.items():
        flag_acquisition[flag] = tuple(sq for f in board.marks_of("flag-acquisition")
                                       if f.faces == origin[flag] for sq in f.at)
    for flag, squares_of in flag_acquisition.items():
        if not squares_of:
            raise LayoutError(f"flag '{flag}' has no acquisition squares")
    item_at = {sq: item for item, sq in origin.items()}
    acquisition_item = {sq: item_at[f.faces] for f in board.marks_of("weapon-acquisition")
                        if f.faces in item_at for sq in f.at}
    for flag, squares_of in flag_acquisition.items():
        acquisition_item.update((sq, flag) for sq in squares_of)
    missing = sorted(set(items) - set(origin))
    if missing:
        raise LayoutError(f"items without a storage or flag square: {', '.join(missing)}")
    return BoardTables(
        players=(players[0], players[1]),
        opponent={players[0]: players[1], players[1]: players[0]},
        squares=squares, coords=coords, at={c: s for s, c in coords.items()}, kind=kind, neighbours=neighbours, lines=lines, orthogonal_lines=orthogonal,
        step_targets=step_targets, gate_landings=gate_landings, gate_of_landing=gate_of_landing,
        gates_next_to=gates_next_to, gate_ids=gate_ids, home=home, start=start,
        flag_item=flag_item, flag_owner=flag_owner, flag_acquisition=flag_acquisition,
        acquisition_item=acquisition_item, item_kind=dict(items), origin=origin,
        pieces_per_player=min(len(h) for h in home.values()),
    )


def square_grid(game: Game) -> SquareGrid:
    """The game's board grid, which Dravakron's rules and art need square; a clear error otherwise."""
    grid = game.board.grid
    if not isinstance(grid, SquareGrid):
        raise LayoutError("Dravakron is played on a square grid; the board spec describes hexes")
    return grid
