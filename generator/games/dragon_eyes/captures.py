"""Captures: single jumps, enchanted flights and the chains they form.

A piece that is not enchanted jumps an enemy on a neighbouring hex onto the
empty hex just behind it. An enchanted piece flies along a straight line
over empty hexes, over one enemy and on to any empty hex behind it, never
crossing or landing on a Dragon Eye. Only face-up enemies are taken; every
piece, face-down ones included, blocks a flight. A chain goes on while the
capturing piece can capture; an enchanted piece takes a landing from which
it can go on whenever the capture it is making offers one.
"""
from __future__ import annotations

from typing import MutableSequence, Sequence

from .state import EMPTY
from .tables import Tables

Board = Sequence[int]


def captures_from(tables: Tables, board: Board, cell: int, mine: int, enchanted: bool, first: bool = False
                  ) -> list[tuple[int, tuple[int, ...]]]:
    """Every capture the piece of code ``mine`` on ``cell`` can make: (enemy hex, its landing hexes); with
    ``first``, an enchanted piece's first capture only, with its nearest landing (enough to know it has one)."""
    enemy = 3 - mine
    if not enchanted:
        return [(over, (land,)) for over, land in tables.jumps[cell] if board[over] == enemy and board[land] == EMPTY]
    eye = tables.eye
    found: list[tuple[int, tuple[int, ...]]] = []
    for ray in tables.rays[cell]:
        k, n = 0, len(ray)
        while k < n and board[ray[k]] == EMPTY and not eye[ray[k]]:
            k += 1
        if k == n or eye[ray[k]] or board[ray[k]] != enemy:
            continue
        target = ray[k]
        k += 1
        if first:
            if k < n and board[ray[k]] == EMPTY and not eye[ray[k]]:
                return [(target, (ray[k],))]
            continue
        landings = []
        while k < n and board[ray[k]] == EMPTY and not eye[ray[k]]:
            landings.append(ray[k])
            k += 1
        if landings:
            found.append((target, tuple(landings)))
    return found


def can_capture(tables: Tables, board: Board, cell: int, mine: int, enchanted: bool) -> bool:
    """True when the piece of code ``mine`` on ``cell`` has at least one capture."""
    if enchanted:
        return bool(captures_from(tables, board, cell, mine, True, True))
    enemy = 3 - mine
    return any(board[over] == enemy and board[land] == EMPTY for over, land in tables.jumps[cell])


def capturers(tables: Tables, board: Board, mine: int, first: bool = False) -> list[int]:
    """The hexes of the face-up pieces of code ``mine`` that can capture (pieces on eyes are enchanted), in cell
    order; only the first of them when ``first``. The board is searched for ``mine`` with ``index``, piece by
    piece rather than hex by hex, and not at all when no enemy piece is face up."""
    enemy = 3 - mine
    if enemy not in board:
        return []
    eye, jumps = tables.eye, tables.jumps
    found: list[int] = []
    index = board.index
    cell = -1
    while True:
        try:
            cell = index(mine, cell + 1)
        except ValueError:
            return found
        if eye[cell]:
            if captures_from(tables, board, cell, mine, True, True):
                found.append(cell)
        else:
            for over, land in jumps[cell]:
                if board[over] == enemy and board[land] == EMPTY:
                    found.append(cell)
                    break
        if first and found:
            return found


def any_capture(tables: Tables, board: Board, mine: int) -> bool:
    """True when some face-up piece of code ``mine`` can capture."""
    return bool(capturers(tables, board, mine, True))


def landing_choices(tables: Tables, board: Board, mine: int, landings: tuple[int, ...], enchanted: bool
                    ) -> tuple[int, ...]:
    """The landings of one capture a piece may take: for an enchanted piece, those that let the chain go on,
    if any do (``board`` is the position with the enemy already removed)."""
    if not enchanted or len(landings) == 1:
        return landings
    going = tuple(land for land in landings if can_capture(tables, board, land, mine, True))
    return going or landings


def chains_from(tables: Tables, board: Board, start: int) -> list[tuple[int, ...]]:
    """Every complete capture chain of the piece on ``start``, each as its start and landings."""
    mine = board[start]
    work: MutableSequence[int] = list(board)
    work[start] = EMPTY
    found: list[tuple[int, ...]] = []

    def extend(path: tuple[int, ...], enchanted: bool) -> None:
        """Record ``path`` if the piece at its end cannot capture, else try every allowed next hop."""
        options = captures_from(tables, work, path[-1], mine, enchanted)
        if not options:
            if len(path) > 1:
                found.append(path)
            return
        for target, landings in options:
            work[target] = EMPTY
            for land in landing_choices(tables, work, mine, landings, enchanted):
                extend(path + (land,), enchanted or tables.eye[land])
            work[target] = 3 - mine

    extend((start,), tables.eye[start])
    return found


def chain_outcomes(tables: Tables, board: Board, start: int, steps: int | None = None) -> list[tuple[int, ...]]:
    """One complete capture chain of the piece on ``start`` for each position its chains can leave (where it ends,
    which pieces it takes), the first such chain of :func:`chains_from`'s order, in that order.

    Chains that take the same pieces in another order, or pass through other landings, to end on the same hex
    leave the same position; an enchanted piece among many enemies has tens of thousands of them. The walk
    goes on from each (hex, enchanted, pieces taken) once: what follows depends on nothing else, so a second
    arrival can only find positions found already. With ``steps``, the walk stops after that many (hex, enchanted,
    pieces taken) and returns the positions found so far: a crowd of enemies round an enchanted piece can leave
    a hundred thousand positions, which take seconds to list.
    """
    mine = board[start]
    work: MutableSequence[int] = list(board)
    work[start] = EMPTY
    found: dict[tuple[int, frozenset[int]], tuple[int, ...]] = {}
    walked: set[tuple[int, bool, frozenset[int]]] = set()

    def extend(path: tuple[int, ...], enchanted: bool, taken: frozenset[int]) -> None:
        """Record ``path`` if the piece at its end cannot capture, else try every allowed next hop once."""
        here = (path[-1], enchanted, taken)
        if here in walked or (steps is not None and len(walked) >= steps):
            return
        walked.add(here)
        options = captures_from(tables, work, path[-1], mine, enchanted)
        if not options:
            if len(path) > 1:
                found.setdefault((path[-1], taken), path)
            return
        for target, landings in options:
            work[target] = EMPTY
            for land in landing_choices(tables, work, mine, landings, enchanted):
                extend(path + (land,), enchanted or tables.eye[land], taken | {target})
            work[target] = 3 - mine

    extend((start,), tables.eye[start], frozenset())
    return list(found.values())


def all_chain_outcomes(tables: Tables, board: Board, mine: int, steps: int | None = None) -> list[tuple[int, ...]]:
    """:func:`chain_outcomes` of every face-up piece of code ``mine`` that can capture, in cell order (each walk at
    most ``steps`` long): one chain for each position a capture can leave (what a search weighs; see
    ``DragonEyesRules.search_actions``)."""
    found: list[tuple[int, ...]] = []
    for cell in capturers(tables, board, mine):
        found += chain_outcomes(tables, board, cell, steps)
    return found


def all_chains(tables: Tables, board: Board, mine: int) -> list[tuple[int, ...]]:
    """Every complete capture chain of every face-up piece of code ``mine``, in cell order."""
    found: list[tuple[int, ...]] = []
    for cell in capturers(tables, board, mine):
        found += chains_from(tables, board, cell)
    return found


def captured_cells(tables: Tables, board: Board, path: tuple[int, ...]) -> list[int]:
    """The hexes whose pieces a legal chain ``path`` takes, in order (the one piece on the way of each hop)."""
    work: MutableSequence[int] = list(board)
    work[path[0]] = EMPTY
    taken = []
    for here, land in zip(path, path[1:]):
        ray = next(ray for ray in tables.rays[here] if land in ray)
        target = next(cell for cell in ray[:ray.index(land)] if work[cell] != EMPTY)
        work[target] = EMPTY
        taken.append(target)
    return taken
