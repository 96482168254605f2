"""Why an action is legal or not: the phase first, then the action's own conditions.

Every refusal has a reason code from :mod:`.reasons`; :func:`check` agrees
with :func:`.generate.legal_actions` on every position (the tests hold it to that).
"""
from __future__ import annotations

from ...play.contract import LEGAL, Verdict
from .actions import (Action, Block, Discard, Draw, Drawn, Escape, Exchange, Fury, Keep, Pass, Place, PlaceWound,
                      Play, Take)
from .cards import OF_SIDE, SIDES, Option
from .core import Core
from .generate import turn_actions
from .reasons import DIRECTION_WORDS, refuse
from .spec import ABILITY_NAMES, HAND_LIMIT
from .state import DRAGON_SIDE, DWARF_SIDE, UNPLACED, State

#: The phase each kind of action belongs to, and the reason given when it comes in the turn phase.
_PHASE_OF: dict[type, tuple[str, str]] = {
    Drawn: ("chance", "not-drawing"), PlaceWound: ("wounds", "no-wounds-to-place"),
    Block: ("reaction", "nothing-to-block"), Take: ("reaction", "nothing-to-block"),
    Discard: ("discard", "hand-within-limit"), Keep: ("exchange", "no-exchange-now"),
    Exchange: ("exchange", "no-exchange-now"), Place: ("placing", "no-placing-now"),
}


def check(core: Core, state: State, action: Action) -> Verdict:
    """Is ``action`` legal in ``state`` (a position whose game is not over)?"""
    unknown = _unknown_target(core, action)
    if unknown:
        return refuse("unknown-target", what=unknown)
    phase = core.phase(state)
    wanted, out_of_phase = _PHASE_OF.get(type(action), ("turn", ""))
    if phase != wanted:
        if phase == "turn":
            return _out_of_phase(core, state, out_of_phase)
        return _pending(core, state, phase)
    if isinstance(action, Drawn):
        side = state.draws[0]
        return LEGAL if action.card in state.decks[side] else refuse("card-not-in-deck", card=action.card)
    if isinstance(action, PlaceWound):
        name, spaces = core.spec.abilities[action.ability]
        return LEGAL if state.dragon_wounds[action.ability + 1] < spaces else \
            refuse("ability-full", ability=ABILITY_NAMES[name])
    side = core.decider(state)
    if isinstance(action, (Block, Discard)) and action.card not in state.hands[side]:
        return refuse("card-not-in-hand", player=_player(side), card=action.card)
    if isinstance(action, Block) and not core.cards[side][action.card].defends:
        return refuse("not-a-defence", card=action.card)
    if isinstance(action, Place):
        return _check_place(core, state, action)
    if isinstance(action, (Block, Take, Discard, Keep, Exchange)):
        return LEGAL
    return _check_turn(core, state, action)


def _player(side: int) -> str:
    return f"{OF_SIDE[SIDES[side]]} player"


def _unknown_target(core: Core, action: Action) -> str:
    """What an action built by hand names outside the board or the mats ('' when nothing)."""
    dwarves, cells = len(core.spec.dwarves), len(core.tables.names)
    if isinstance(action, PlaceWound) and not 0 <= action.ability < len(core.spec.abilities):
        return f"ability number {action.ability}"
    if isinstance(action, Place) and not (0 <= action.dwarf < dwarves and 0 <= action.cell < cells):
        return f"dwarf {action.dwarf} or hex {action.cell}"
    if isinstance(action, Play):
        if any(not 0 <= f < dwarves for f in action.figures) or any(not 0 <= c < cells for c in action.cells):
            return f"dwarves {action.figures} or hexes {action.cells}"
        if action.direction >= len(core.tables.direction_names):
            return f"direction {action.direction}"
    return ""


def _pending(core: Core, state: State, phase: str) -> Verdict:
    if phase == "chance":
        return refuse("chance-turn")
    if phase == "wounds":
        return refuse("wounds-pending")
    if phase == "reaction":
        hit = state.hits[0]
        target = "the dragon" if hit.target < 0 else core.spec.dwarves[hit.target].name
        return refuse("reaction-pending", defender=_player(core.decider(state)), target=target)
    if phase == "discard":
        side = core.decider(state)
        return refuse("discard-pending", player=_player(side), count=len(state.hands[side]), limit=HAND_LIMIT)
    if phase == "exchange":
        return refuse("exchange-pending", player=_player(state.exchange[0]))
    return refuse("placing-pending")


def _out_of_phase(core: Core, state: State, code: str) -> Verdict:
    side = state.turn
    return refuse(code, player=_player(side), count=len(state.hands[side]), limit=HAND_LIMIT)


def _check_place(core: Core, state: State, action: Place) -> Verdict:
    following = state.dwarves.index(UNPLACED)
    if action.dwarf != following:
        return refuse("place-in-order", dwarf=core.spec.dwarves[following].name)
    name = core.tables.names[action.cell]
    if action.cell in core.occupied(state):
        return refuse("hex-occupied", cell=name)
    if action.cell in core.tables.neighbours[state.dragon]:
        return refuse("next-to-dragon", cell=name)
    return LEGAL


def _check_turn(core: Core, state: State, action: Action) -> Verdict:
    side = state.turn
    player = _player(side)
    if isinstance(action, Draw):
        return LEGAL if state.decks[side] else refuse("deck-empty", player=player)
    if isinstance(action, Fury):
        if side != DWARF_SIDE:
            return refuse("dwarves-only")
        if state.fury_used:
            return refuse("fury-used")
        if state.dwarves[core.fury] < 0:
            return refuse("ability-dwarf-dead", dwarf=core.spec.dwarves[core.fury].name, ability="Fury")
        return LEGAL
    if isinstance(action, Escape):
        if side != DRAGON_SIDE:
            return refuse("dragon-only")
        if not state.netted:
            return refuse("not-netted")
        return LEGAL if state.actions_left >= 2 else refuse("escape-needs-whole-turn", left="one action")
    if isinstance(action, Pass):
        if side != DRAGON_SIDE:
            return refuse("no-pass")
        return refuse("must-act") if next(turn_actions(core, state), None) is not None else LEGAL
    assert isinstance(action, Play)
    if action.card not in state.hands[side]:
        return refuse("card-not-in-hand", player=player, card=action.card)
    option = core.cards[side][action.card].option(action.option)
    if option is None:
        return refuse("not-an-option", card=action.card, option=action.option)
    if option.symbol == "defence":
        return refuse("defence-is-reaction")
    if side == DRAGON_SIDE:
        return _check_dragon(core, state, action, option)
    return _check_dwarves(core, state, action, option)


def _shape(action: Play, option: Option, figures: tuple[int, int], cells: bool, direction: bool,
           needs: str) -> Verdict | None:
    low, high = figures
    count_ok = low <= len(action.figures) <= high
    cells_ok = len(action.cells) == (len(action.figures) if cells and action.figures else int(cells))
    if not count_ok or not cells_ok or (action.direction >= 0) != direction:
        return refuse("wrong-targets", option=option.code, needs=needs)
    return None


def _check_dragon(core: Core, state: State, action: Play, option: Option) -> Verdict:
    tables, symbol = core.tables, option.symbol
    needs = {"move": "one hex to walk to", "flight": "one hex to fly to", "attack": "one dwarf to attack",
             "fire": "one direction to breathe fire"}[symbol]
    bad = _shape(action, option, (1, 1) if symbol == "attack" else (0, 0), symbol in ("move", "flight"),
                 symbol == "fire", needs)
    if bad is not None:
        return bad
    if symbol in ("move", "flight", "fire") and core.ability_lost(state, symbol):
        return refuse("ability-lost", ability=ABILITY_NAMES[symbol])
    if symbol in ("move", "flight"):
        if state.netted:
            return refuse("netted")
        cell = action.cells[0]
        taken = core.occupied(state)
        if cell in taken and (symbol == "flight" or cell != state.dragon):
            return refuse("hex-occupied", cell=tables.names[cell])
        if symbol == "move":
            return _walk(core, state.dragon, cell, option.value, taken - {state.dragon})
        return LEGAL
    if symbol == "attack":
        dwarf = action.figures[0]
        if state.dwarves[dwarf] < 0:
            return refuse("dwarf-dead", dwarf=core.spec.dwarves[dwarf].name)
        if state.dwarves[dwarf] not in tables.neighbours[state.dragon]:
            return refuse("not-adjacent", dwarf=core.spec.dwarves[dwarf].name)
        return LEGAL
    if not core.fire_line(state, action.direction):
        return refuse("fire-hits-nobody", direction=DIRECTION_WORDS[tables.direction_names[action.direction]])
    return LEGAL


def _walk(core: Core, start: int, cell: int, value: int, blocked: set[int]) -> Verdict:
    names = core.tables.names
    distance = core.tables.distance(start, cell)
    if distance > value:
        return refuse("too-far", cell=names[cell], distance=distance, start=names[start], value=value)
    if cell not in core.tables.reach(start, value, blocked):
        return refuse("path-blocked", cell=names[cell], value=value)
    return LEGAL


def _check_dwarves(core: Core, state: State, action: Play, option: Option) -> Verdict:
    symbol, spec = option.symbol, core.spec
    two = symbol.endswith("-two")
    needs = {"move": "one dwarf and the hex he goes to", "move-two": "one or two dwarves, each with a hex",
             "attack": "one attacking dwarf", "attack-two": "one or two attacking dwarves",
             "crossbow": "nothing: the archer shoots", "net": "nothing: the net dwarf throws"}[symbol]
    moving = symbol.startswith("move")
    bad = _shape(action, option, (1, 2 if two else 1) if moving or symbol.startswith("attack") else (0, 0),
                 moving, False, needs)
    if bad is not None:
        return bad
    figures = action.figures
    if len(set(figures)) < len(figures):
        return refuse("same-dwarf-twice")
    if list(figures) != sorted(figures):
        return refuse("dwarves-out-of-order", order=", ".join(d.id for d in spec.dwarves))
    for dwarf in figures:
        if state.dwarves[dwarf] < 0:
            return refuse("dwarf-dead", dwarf=spec.dwarves[dwarf].name)
    if moving:
        return _check_moves(core, state, action, option.value)
    if symbol.startswith("attack"):
        for dwarf in figures:
            if state.dwarves[dwarf] not in core.tables.neighbours[state.dragon]:
                return refuse("not-adjacent", dwarf=spec.dwarves[dwarf].name)
        return LEGAL
    holder = core.archer if symbol == "crossbow" else core.netter
    if state.dwarves[holder] < 0:
        return refuse("ability-dwarf-dead", dwarf=spec.dwarves[holder].name,
                      ability="crossbow" if symbol == "crossbow" else "net")
    if symbol == "net":
        return refuse("already-netted") if state.netted else LEGAL
    between = core.in_line(state)
    name = spec.dwarves[holder].name
    if between is None:
        return refuse("not-in-line", dwarf=name)
    blocker = next((i for i, cell in enumerate(state.dwarves) if cell in between), None)
    if blocker is not None:
        return refuse("line-blocked", blocker=spec.dwarves[blocker].name, dwarf=name)
    return LEGAL


def _check_moves(core: Core, state: State, action: Play, value: int) -> Verdict:
    names, spec = core.tables.names, core.spec
    taken = core.occupied(state)
    starts = [state.dwarves[d] for d in action.figures]
    if len(action.figures) == 2:
        for dwarf, start, cell in zip(action.figures, starts, action.cells):
            if cell == start:
                return refuse("stays-put-in-pair", dwarf=spec.dwarves[dwarf].name)
        if action.cells[0] == action.cells[1]:
            return refuse("hex-occupied", cell=names[action.cells[0]])
    others = taken - set(starts)
    for cell, start in zip(action.cells, starts):
        if cell in others:
            return refuse("hex-occupied", cell=names[cell])
    for cell, start in zip(action.cells, starts):
        distance = core.tables.distance(start, cell)
        if distance > value:
            return refuse("too-far", cell=names[cell], distance=distance, start=names[start], value=value)
    if len(action.figures) == 1:
        return _walk(core, starts[0], action.cells[0], value, taken - {starts[0]})
    for first, second in ((0, 1), (1, 0)):
        if action.cells[first] in core.tables.reach(starts[first], value, taken - {starts[first]}):
            after = (taken - set(starts)) | {action.cells[first]}
            if action.cells[second] in core.tables.reach(starts[second], value, after):
                return LEGAL
    return refuse("path-blocked", cell=f"{names[action.cells[0]]} and {names[action.cells[1]]}", value=value)
