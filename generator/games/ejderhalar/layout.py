"""The board and the parameters an Ejderhalar engine plays on, read once from the game's specs.

Everything the rules need to know about the spec is here: the squares (as
indices), each square's neighbour in each of the four directions, the control
points, the dragons (named ``<owner>-<set-up square>``), the size of a dragon,
how many control points win, and the two variants. Nothing is hard-coded: an
8x8 board with four control points and a 9x9 one with five are the same code.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, NamedTuple

from ...errors import Problem, SpecError
from ...model.geometry import SquareGrid
from ...model.validate import check_instance, option
from .state import Action

if TYPE_CHECKING:
    from ...model.game import Game

#: The four directions in clockwise order: north (towards player two), east, south, west.
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
#: Mark kind of the control points in board.yaml.
CONTROL_MARK = "control-point"
#: Mark kind of the dragons' set-up squares in board.yaml (one mark per player).
START_MARK = "dragon-start"
#: Id of the stun markers in components.yaml.
STUN_ID = "stun"
#: Facing words of a push choice, and the turn from the facing each means.
TURNS: dict[str, int] = {"left": 3, "right": 1}

#: JSON Schema of game.yaml's ``options`` (the game's parameters and variants).
OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "tokens_per_dragon": {"type": "integer", "minimum": 2, "maximum": 3, "default": 3,
                              "description": "Tokens of one dragon; the push rules are written for 3 "
                                             "(2 also plays: rule 3b never arises). Default 3."},
        "control_points_to_win": {"type": "integer", "minimum": 1, "default": 3,
                                  "description": "Control points a player must hold at once to win. Default 3."},
        "stun_by_strength": {"type": "boolean", "default": False,
                             "description": "Variant: a pushed dragon is stunned for as many of its "
                                            "owner's turns as the push's strength (default: one turn)."},
        "push_own_dragons": {"type": "boolean", "default": False,
                             "description": "Variant: a player may push their own other dragons."},
    },
}


def turned(direction: int, side: str) -> int:
    """The direction to the ``side`` ('left' or 'right') of one facing ``direction``."""
    return (direction + TURNS[side]) % 4


class Tables(NamedTuple):
    """Board tables derived once from a layout.

    ``neighbours[c]`` lists ``(direction, square)`` for each on-board neighbour of
    ``c``, clockwise from north; ``onward[c]`` the same with the square one further
    in that direction (-1 off the board) added: a path's target square; ``is_control[c]`` whether ``c`` is a control point;
    ``dragons_of[p]`` the dragon indices of player ``p``; ``walks[c]`` every path of up to three steps from ``c``
    (see :func:`make_walks`).
    """

    neighbours: tuple[tuple[tuple[int, int], ...], ...]
    onward: tuple[tuple[tuple[int, int, int], ...], ...]
    is_control: tuple[bool, ...]
    dragons_of: tuple[tuple[int, ...], ...]
    walks: tuple[Walk, ...]


#: The steps of a path from one square, each ``(direction, square, target, action, path, onward)``: the step's
#: direction, the square it enters, the square beyond it (the target of a push; -1 off the board), the move action
#: that ends there without a push, the path so far, and the next steps (the step back to the path's first square
#: left out at the second step; none after the third). Made once, so that listing moves builds no path and no
#: action of a move without a push.
Walk = tuple[tuple[int, int, int, Action, tuple[int, ...], "Walk"], ...]


def make_tables(layout: "Layout") -> Tables:
    """The derived tables of ``layout``."""
    neighbours = tuple(tuple((d, n) for d, n in enumerate(row) if n >= 0) for row in layout.step)
    control = set(layout.control)
    onward = tuple(tuple((d, n, layout.step[n][d]) for d, n in row) for row in neighbours)
    return Tables(neighbours, onward, tuple(c in control for c in range(len(layout.cells))),
                  tuple(tuple(k for k, o in enumerate(layout.owner_of) if o == p) for p in range(len(layout.players))),
                  tuple(make_walks(onward, (c,), 3) for c in range(len(layout.cells))))


def make_walks(onward: tuple[tuple[tuple[int, int, int], ...], ...], path: tuple[int, ...], steps: int) -> Walk:
    """The next ``steps`` steps of ``path`` (see :data:`Walk`)."""
    if not steps:
        return ()
    return tuple((d, n, target, Action(path + (n,)), path + (n,), make_walks(onward, path + (n,), steps - 1))
                 for d, n, target in onward[path[-1]] if len(path) != 2 or n != path[0])


@dataclass(frozen=True)
class Layout:
    """The board tables and parameters of one game of Ejderhalar.

    ``cells`` are the square names by index; ``step[c][d]`` is the index of the
    square next to ``c`` in direction ``d`` (-1 off the board); ``dragons`` the
    dragon names by index, ``owner_of[k]`` the player index of dragon ``k`` and
    ``start_of[k]`` its set-up square index; ``names`` the players' names as
    players read them (``players`` holds their ids).
    """

    grid: SquareGrid
    players: tuple[str, ...]
    cells: tuple[str, ...]
    index: Mapping[str, int]
    step: tuple[tuple[int, ...], ...]
    control: tuple[int, ...]
    dragons: tuple[str, ...]
    dragon_index: Mapping[str, int]
    owner_of: tuple[int, ...]
    start_of: tuple[int, ...]
    tokens: int
    needed: int
    stun_by_strength: bool
    push_own: bool
    names: tuple[str, ...]
    #: Derived tables for fast move generation (recomputed by ``dataclasses.replace``).
    tables: Tables = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", make_tables(self))

    def cell(self, name: str) -> int:
        """The index of a square name; ValueError naming the board when it is not one of its squares."""
        found = self.index.get(name)
        if found is None:
            raise ValueError(f"'{name}' is not a square of this board ({self.grid.describe()})")
        return found

    def dragon(self, name: str) -> int:
        """The index of a dragon name; ValueError listing the dragons when it is not one."""
        found = self.dragon_index.get(name)
        if found is None:
            raise ValueError(f"'{name}' is not a dragon of this game (dragons: {', '.join(self.dragons)})")
        return found

    def problems(self) -> list[str]:
        """What makes this layout unplayable (empty when sound)."""
        found: list[str] = []
        if len(self.control) < self.needed:
            found.append(f"{self.needed} control points are needed to win but the board has {len(self.control)}")
        if 2 * self.needed <= len(self.control):
            found.append(f"with {len(self.control)} control points and {self.needed} needed to win both players "
                         f"could win at once: need more than half of them")
        for p, player in enumerate(self.players):
            if not any(owner == p for owner in self.owner_of):
                found.append(f"player {player} has no dragon-start squares")
        return found


def load_layout(game: "Game") -> Layout:
    """Read the layout of a loaded game; SpecError (located in the spec files) when it cannot be played."""
    grid = game.board.grid
    game_doc = game.documents["game"]
    board_doc = game.documents["board"]
    if not isinstance(grid, SquareGrid):
        raise SpecError([board_doc.problem(("grid", "shape"), "Ejderhalar is played on a square grid",
                                           "use 'shape: square' with columns and rows")])
    problems: list[Problem] = check_instance(game_doc, OPTIONS_SCHEMA, ("options",))
    if problems:
        raise SpecError(problems)
    options = game.options
    players = tuple(p.id for p in game.players)
    if len(players) != 2:
        raise SpecError([game_doc.problem(("players",), f"Ejderhalar has two players, the spec lists {len(players)}",
                                          "list exactly two players")])
    cells = tuple(grid.cells())
    index = {name: n for n, name in enumerate(cells)}
    step = []
    for name in cells:
        col, row = grid.coords(name) or (0, 0)
        step.append(tuple(index.get(grid.name(col + dc, row + dr), -1)
                          if 1 <= col + dc <= grid.columns and 1 <= row + dr <= grid.rows else -1
                          for dc, dr in DIRECTIONS))
    dragons: list[str] = []
    owners: list[int] = []
    starts: list[int] = []
    for p, player in enumerate(players):
        for square in game.board.marked_cells(START_MARK, player):
            dragons.append(f"{player}-{square}")
            owners.append(p)
            starts.append(index[square])
    layout = Layout(grid, players, cells, index, tuple(step),
                    tuple(index[c] for c in game.board.marked_cells(CONTROL_MARK)),
                    tuple(dragons), {d: k for k, d in enumerate(dragons)}, tuple(owners), tuple(starts),
                    int(option(options, OPTIONS_SCHEMA, "tokens_per_dragon")),
                    int(option(options, OPTIONS_SCHEMA, "control_points_to_win")),
                    bool(option(options, OPTIONS_SCHEMA, "stun_by_strength")),
                    bool(option(options, OPTIONS_SCHEMA, "push_own_dragons")),
                    tuple(p.name for p in game.players))
    found = layout.problems()
    if found:
        raise SpecError([board_doc.problem(("marks",), message,
                                           "change the marks in board.yaml or the options in game.yaml")
                         for message in found])
    return layout
