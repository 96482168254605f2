"""Is a board spec sound for the Dravakron rules? Marks, counts, symmetry, reachability, gates, acquisition squares.

Every finding is a :class:`~generator.errors.Problem` that names the spec
file and, where it can, the line of the mark or gate at fault.
"""
from __future__ import annotations

from collections import Counter, deque
from pathlib import Path

from ....model.board import Mark
from ....errors import Problem
from ....model.game import Game
from ....model.geometry import SquareGrid
from ....wording import counted
from .tables import STANDABLE

#: The counts the rulebook fixes for each side and for the whole board.
LANDING_SQUARES = 2
HOME_SQUARES = 5
FLAG_ACQUISITION_SQUARES = 3
GATES = 6
WEAPONS = {"bomb": 2, "freeze": 2, "rapid-transport": 2}


class _Finder:
    """Collects problems located in the game's spec files."""

    def __init__(self, game: Game):
        self.game = game
        self.problems: list[Problem] = []

    def at(self, doc: str, key: tuple[object, ...], message: str, hint: str = "") -> None:
        document = self.game.documents.get(doc)
        if document is None:
            self.problems.append(Problem(self.game.folder / f"{doc}.yaml", None, None, message, hint))
        else:
            self.problems.append(document.problem(key, message, hint))

    def board(self, key: tuple[object, ...], message: str, hint: str = "") -> None:
        self.at("board", key, message, hint)


def structure_problems(game: Game) -> list[Problem]:
    """Every structural reason the game's board cannot carry the Dravakron rules (empty when sound)."""
    find = _Finder(game)
    board = game.board
    if not isinstance(board.grid, SquareGrid):
        find.board(("grid", "shape"), "the Dravakron rules need a square grid", "use 'shape: square'")
        return find.problems
    if len(game.players) != 2:
        find.at("game", ("players",), f"the Dravakron rules need two players, found {len(game.players)}",
                "list exactly two players")
        return find.problems
    _marks(game, find)
    if find.problems:
        return find.problems
    _items(game, find)
    _sides(game, find)
    _acquisition(game, find)
    _gates(game, find)
    _reachability(game, find)
    if board.symmetry != "none":
        _symmetry(game, find)
    return find.problems


def _marks(game: Game, find: _Finder) -> None:
    """What each of Dravakron's mark kinds must say: an owner, the item kept there, the square faced."""
    board = game.board
    kinds = {s: m.kind for m in board.marks for s in m.at}
    for i, mark in enumerate(board.marks):
        if mark.kind in ("home", "start", "flag", "flag-acquisition") and mark.owner is None:
            find.board(("marks", i), f"a '{mark.kind}' mark needs an owner", "add 'owner: <player id>'")
        if mark.kind in ("flag", "storage") and mark.item is None:
            find.board(("marks", i), f"a '{mark.kind}' mark needs the item kept there", "add 'item: <item id>'")
        want = {"flag-acquisition": "flag", "weapon-acquisition": "storage"}.get(mark.kind)
        if want and mark.faces is None:
            find.board(("marks", i), f"a '{mark.kind}' mark needs 'faces'",
                       "name the flag or storage square it serves: 'faces: <square>'")
        elif want and kinds.get(mark.faces or "") != want:
            find.board(("marks", i, "faces"), f"'{mark.faces}' is not a {want} square",
                       f"point 'faces' at one of the {want} squares")
    for i, gate in enumerate(board.links):
        if len(gate.to) != LANDING_SQUARES:
            find.board(("links", i, "to"), f"gate '{gate.id}' has {len(gate.to)} landing squares, "
                                           f"needs {LANDING_SQUARES}",
                       "list exactly two landing squares: to: [x1, x2]")


def _items(game: Game, find: _Finder) -> None:
    kinds = Counter(i.kind for i in game.items if i.kind != "flag")
    for kind, needed in WEAPONS.items():
        if kinds[kind] != needed:
            find.at("game", ("items",), f"{needed} weapons of kind '{kind}' are needed, found {kinds[kind]}",
                    "the game has two forms of each of its three weapons")
    flags = [i for i in game.items if i.kind == "flag"]
    for player in game.players:
        own = [f.id for f in flags if f.owner == player.id]
        if len(own) != 1:
            find.at("game", ("items",), f"player {player.id} needs exactly one flag, found {len(own)}",
                    f"add an item with 'kind: flag, owner: {player.id}'")


def _sides(game: Game, find: _Finder) -> None:
    board = game.board
    items = {i.id: i for i in game.items}
    for player in (p.id for p in game.players):
        home = [s for f in board.marks_of("home", player) for s in f.at]
        if len(home) != HOME_SQUARES:
            find.board(("marks",), f"player {player}: the home base has {len(home)} squares, "
                                      f"the rules need {HOME_SQUARES} (one per piece)",
                       f"list {HOME_SQUARES} squares in the home mark of {player}")
        starts = [s for f in board.marks_of("start", player) for s in f.at]
        if len(starts) != 1:
            find.board(("marks",), f"player {player}: {len(starts)} starting points, the rules need one",
                       "give each player one 'start' square")
        flags = [f for f in board.marks_of("flag", player) for _ in f.at]
        if len(flags) != 1:
            find.board(("marks",), f"player {player}: {len(flags)} flag squares, the rules need one",
                       "give each player one 'flag' square")
        elif flags[0].item not in items or items[flags[0].item].owner != player:
            find.board(_mark_key(game, flags[0]), f"player {player}: the flag square holds "
                                                      f"'{flags[0].item}', which is not {player}'s flag",
                       f"put {player}'s own flag on its flag square")
    stored = Counter(f.item for f in board.marks_of("storage"))
    for item in game.items:
        if item.kind != "flag" and stored[item.id] != 1:
            find.board(("marks",), f"weapon {item.id} is kept on {stored[item.id]} storage squares, "
                                   "the rules need exactly one", "give every weapon one storage square")
    for mark in board.marks_of("storage"):
        if mark.item in items and items[mark.item].kind == "flag":
            find.board(_mark_key(game, mark), f"storage {', '.join(mark.at)} holds a flag",
                       "flags belong on flag squares, weapons in storage")
        if len(mark.at) != 1:
            find.board(_mark_key(game, mark), f"storage of {mark.item} spans {len(mark.at)} squares",
                       "keep each weapon on one storage square")


def _acquisition(game: Game, find: _Finder) -> None:
    board = game.board
    grid = board.grid
    facing: dict[str, list[str]] = {}
    for mark in board.marks_of("weapon-acquisition") + board.marks_of("flag-acquisition"):
        for square in mark.at:
            facing.setdefault(mark.faces or "", []).append(square)
            if mark.faces and mark.faces not in grid.neighbours(square):
                find.board(_mark_key(game, mark), f"acquisition square {square} is not next to "
                                                        f"{mark.faces}, the square it takes from",
                           "put acquisition squares beside the square they face")
    for mark in board.marks_of("storage"):
        for square in mark.at:
            found = facing.get(square, [])
            if len(found) != 1:
                find.board(_mark_key(game, mark), f"storage {square} ({mark.item}) is faced by "
                                                        f"{len(found)} acquisition squares, the rules need exactly one",
                           "add or remove a weapon-acquisition mark with 'faces: " + square + "'")
    for mark in board.marks_of("flag"):
        for square in mark.at:
            found = facing.get(square, [])
            owners = {f.owner for f in board.marks_of("flag-acquisition") if f.faces == square}
            if len(found) != FLAG_ACQUISITION_SQUARES:
                find.board(_mark_key(game, mark), f"flag square {square} has {len(found)} acquisition "
                                                        f"squares, the rules need {FLAG_ACQUISITION_SQUARES}",
                           f"list {FLAG_ACQUISITION_SQUARES} squares around it with 'faces: {square}'")
            if owners and owners != {mark.owner}:
                find.board(_mark_key(game, mark), f"the acquisition squares of flag square {square} "
                                                        f"do not all belong to {mark.owner}",
                           f"give them 'owner: {mark.owner}'")


def _gates(game: Game, find: _Finder) -> None:
    board = game.board
    grid = board.grid
    gates = board.links_of("gate")
    if len(gates) != GATES:
        find.board(("links",), f"the board has {len(gates)} gates, the rules need {GATES}",
                   "list six gates, three in each half")
    halves = [z for z in board.zones if z.owner is not None]
    for zone in halves:
        count = sum(1 for g in gates if g.at in zone.cells)
        if count * len(halves) != len(gates):
            find.board(("links",), f"{zone.name} holds {count} of the {len(gates)} main gates; "
                                   "the rules share them equally", "move main gates between the halves")
    for gate in gates:
        index = board.links.index(gate)
        if not any(board.kind(n) in STANDABLE for n in grid.neighbours(gate.at)):
            find.board(("links", index, "at"), f"gate {gate.id}: main gate {gate.at} cannot be entered",
                       "leave a plain square beside every main gate")
        for j, square in enumerate(gate.to):
            if not any(board.kind(n) in STANDABLE or board.kind(n) == "gate" for n in grid.neighbours(square)):
                find.board(("links", index, "to", j), f"gate {gate.id}: landing square {square} cannot be left",
                           "leave a plain square beside every landing square")


def _reachability(game: Game, find: _Finder) -> None:
    board = game.board
    grid = board.grid
    gates = {g.at: g.to for g in board.links_of("gate")}
    standable = [s for s in board.squares if board.kind(s) in STANDABLE or board.kind(s) == "landing"]
    for mark in board.marks_of("start"):
        start = mark.at[0]
        seen = {start}
        queue = deque([start])
        while queue:
            square = queue.popleft()
            for near in grid.neighbours(square):
                targets = gates.get(near, (near,) if board.kind(near) in STANDABLE else ())
                for target in targets:
                    if target not in seen:
                        seen.add(target)
                        queue.append(target)
        missing = [s for s in standable if s not in seen]
        if missing:
            shown = ", ".join(missing[:12]) + (" ..." if len(missing) > 12 else "")
            find.board(_mark_key(game, mark), f"{counted(len(missing), 'square')} cannot be reached from "
                                                    f"{mark.owner}'s starting point {start}: {shown}",
                       "open a path (plain squares or a gate) to them")


def _symmetry(game: Game, find: _Finder) -> None:
    board = game.board
    grid = board.grid
    symmetry = board.symmetry
    items = {i.id: i for i in game.items}
    other = {game.players[0].id: game.players[1].id, game.players[1].id: game.players[0].id}
    for mark in board.marks:
        for square in mark.at:
            mirror = grid.mirror(square, symmetry)
            twin = board.mark_at(mirror)
            problem = None
            if twin is None or twin.kind != mark.kind:
                problem = f"{mark.kind} square {square} has no {mark.kind} square at its mirror {mirror}"
            elif mark.owner is not None and twin.owner != other.get(mark.owner):
                problem = f"{mark.kind} square {square} of {mark.owner} is mirrored by {mirror} of {twin.owner}"
            elif mark.item in items and twin.item in items and \
                    items[mark.item].kind != items[twin.item].kind:
                problem = f"storage {square} ({mark.item}) is mirrored by {mirror} holding a different weapon"
            elif mark.faces and twin.faces != grid.mirror(mark.faces, symmetry):
                problem = f"acquisition square {square} faces {mark.faces} but its mirror {mirror} " \
                          f"faces {twin.faces}"
            if problem:
                find.board(_mark_key(game, mark), problem + f" (the board declares '{symmetry}')",
                           "mirror the mark on the other half, or set 'symmetry: none'")
    for gate in board.links_of("gate"):
        index = board.links.index(gate)
        twin_gate = board.link_at(grid.mirror(gate.at, symmetry))
        if twin_gate is None:
            find.board(("links", index), f"gate {gate.id}: no main gate at {grid.mirror(gate.at, symmetry)}, "
                                         f"the mirror of {gate.at} (the board declares '{symmetry}')",
                       "mirror every gate on the other half, or set 'symmetry: none'")
        elif {grid.mirror(s, symmetry) for s in gate.to} != set(twin_gate.to):
            find.board(("links", index, "to"), f"gate {gate.id}: landing squares {', '.join(gate.to)} "
                                                    f"do not mirror those of gate {twin_gate.id} "
                                                    f"({', '.join(twin_gate.to)})",
                       "mirror the landing squares too, or set 'symmetry: none'")


def _mark_key(game: Game, mark: Mark) -> tuple[object, ...]:
    return ("marks", game.board.marks.index(mark))


def board_file(game: Game) -> Path:
    """The path of the game's board spec, for problems that concern the layout as a whole."""
    return game.folder / game.files["board"]
