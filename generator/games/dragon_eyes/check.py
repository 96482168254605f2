"""Why an action is illegal: one reason code per refusal, found by walking the action through the rules.

:func:`refusal` is the whole legality test of the engine: ``check`` returns
its code, and the legal actions are exactly those it finds nothing wrong
with (the engine's generators and this walk follow the same rules).
"""
from __future__ import annotations

from .actions import Action, Capture, DeclareDraw, Flip, Reveal, Step
from .captures import any_capture, can_capture, landing_choices
from .state import DOWN, EMPTY, State, piece_of
from .tables import Tables


def refusal(tables: Tables, state: State, action: Action, declare_draw: bool) -> str | None:
    """The reason code refusing ``action`` in ``state``, or None when it is legal."""
    if state.over is not None:
        return "game-over"
    if isinstance(action, Reveal):
        return _reveal(state, action)
    if state.flipped is not None:
        return "reveal-pending"
    mine = piece_of(state.to_move)
    if isinstance(action, Capture):
        return _capture(tables, state, action, mine)
    if isinstance(action, Flip):
        if state.phase == 2:
            return "no-face-down-left"
        if any_capture(tables, state.board, mine):
            return "capture-compulsory"
        return None if state.board[action.cell] == DOWN else "not-face-down"
    if isinstance(action, Step):
        if state.phase == 1:
            return "no-steps-in-phase-one"
        if any_capture(tables, state.board, mine):
            return "capture-compulsory"
        found = _own_piece(state, action.frm, mine)
        if found:
            return found
        if action.to not in tables.neighbours[action.frm]:
            return "not-adjacent"
        return None if state.board[action.to] == EMPTY else "cell-occupied"
    assert isinstance(action, DeclareDraw)
    if not declare_draw:
        return "declare-variant-off"
    if state.phase == 1:
        return "draw-only-in-phase-two"
    if any_capture(tables, state.board, mine):
        return "capture-compulsory"
    first, second = eye_counts(tables, state)
    return None if first == second else "eyes-not-level"


def eye_counts(tables: Tables, state: State) -> tuple[int, int]:
    """How many pieces of each seat stand on Dragon Eyes (every one of them is enchanted)."""
    on_eyes = [state.board[cell] for cell in tables.eyes]
    return on_eyes.count(piece_of(0)), on_eyes.count(piece_of(1))


def _reveal(state: State, action: Reveal) -> str | None:
    if state.flipped is None:
        return "no-flip-pending"
    if action.cell != state.flipped:
        return "wrong-piece-revealed"
    return None if state.hidden[action.seat] else "none-left"


def _own_piece(state: State, cell: int, mine: int) -> str | None:
    code = state.board[cell]
    if code == EMPTY:
        return "no-piece"
    if code == DOWN:
        return "face-down-piece"
    return None if code == mine else "not-your-piece"


def _ray_to(tables: Tables, here: int, land: int) -> tuple[int, ...] | None:
    """The straight line from ``here`` through ``land`` to the edge, or None when they share no line."""
    return next((ray for ray in tables.rays[here] if land in ray), None)


def _capture(tables: Tables, state: State, action: Capture, mine: int) -> str | None:
    path = action.path
    if len(path) < 2:
        return "nothing-to-capture"
    found = _own_piece(state, path[0], mine)
    if found:
        return found
    work = list(state.board)
    work[path[0]] = EMPTY
    enchanted = tables.eye[path[0]]
    eye = tables.eye
    for number, (here, land) in enumerate(zip(path, path[1:]), start=1):
        ray = _ray_to(tables, here, land)
        if ray is None:
            return "not-on-line"
        distance = ray.index(land)
        if work[land] != EMPTY:
            return "landing-occupied"
        occupied = [cell for cell in ray[:distance] if work[cell] != EMPTY]
        if not occupied:
            return "nothing-to-capture"
        if len(occupied) > 1:
            return "several-pieces-between"
        target = occupied[0]
        if work[target] == DOWN:
            return "face-down-untouchable"
        if work[target] == mine:
            return "own-piece"
        if not enchanted and distance != 1:
            return "too-far"
        if enchanted:
            if eye[target]:
                return "enemy-on-eye"
            if any(eye[cell] for cell in ray[:distance]):
                return "passes-eye"
            if eye[land]:
                return "lands-on-eye"
        work[target] = EMPTY
        going = enchanted or eye[land]
        if number == len(path) - 1:
            if can_capture(tables, work, land, mine, going):
                return "chain-stops-early"
            if enchanted and land not in _allowed_landings(tables, work, ray, target, mine):
                return "landing-ends-chain"
        enchanted = going
    return None


def _allowed_landings(tables: Tables, work: list[int], ray: tuple[int, ...], target: int, mine: int
                      ) -> tuple[int, ...]:
    """The landings an enchanted piece may take behind ``target`` on ``ray`` (the enemy already removed)."""
    landings = []
    for cell in ray[ray.index(target) + 1:]:
        if work[cell] != EMPTY or tables.eye[cell]:
            break
        landings.append(cell)
    return landing_choices(tables, work, mine, tuple(landings), True)
