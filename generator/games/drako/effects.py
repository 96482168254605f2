"""Carrying out actions: the next position and the events that describe what happened.

After every action :func:`settle` moves the game on by itself where nobody
has a choice: an attack on a side with an empty hand lands at once, and a turn
with no action left passes to the other side. The wounds of every attack of
one card pile up until all its attacks are answered; the dwarf player then
places them.
"""
from __future__ import annotations

from ...play.contract import Event
from .actions import (Action, Block, Discard, Draw, Drawn, Escape, Exchange, Fury, Keep, Pass, Place, PlaceWound,
                      Play, Take)
from .cards import OF_SIDE, SIDES
from .core import Core
from .spec import ACTIONS_PER_TURN, DRAW_COUNT, OPENING_HAND
from .state import DEAD, DRAGON_SIDE, ON_DRAGON, Hit, State, adding, replace, without


def carry(core: Core, state: State, action: Action, events: list[Event] | None) -> State:
    """Carry out a legal action and return the next position; its events go to ``events`` unless that is None."""
    names = core.tables.names
    side = core.decider(state) if not state.draws else state.draws[0]
    if isinstance(action, Drawn):
        state = state._replace(decks=_set(state.decks, side, without(state.decks[side], action.card)),
                               hands=_set(state.hands, side, adding(state.hands[side], action.card)),
                               draws=state.draws[1:])
        if events is not None:
            events.append(Event("drawn", f"the {_player(side)} draws a card ({len(state.decks[side])} left in the "
                                "deck)"))
    elif isinstance(action, Draw):
        count = min(DRAW_COUNT, len(state.decks[side]))
        state = state._replace(draws=(side,) * count, actions_left=state.actions_left - 1)
        if events is not None:
            events.append(Event("draw", f"the {_player(side)} spends an action drawing {count} "
                                f"card{'s' if count > 1 else ''}"))
    elif isinstance(action, Discard):
        state = state._replace(hands=_set(state.hands, side, without(state.hands[side], action.card)))
        if events is not None:
            events.append(Event("discard", f"the {_player(side)} discards {action.card} to keep within the hand "
                                "limit"))
    elif isinstance(action, Play):
        state = _play(core, state, side, action, events)
    elif isinstance(action, Block):
        hit = state.hits[0]
        state = state._replace(hands=_set(state.hands, side, without(state.hands[side], action.card)),
                               hits=state.hits[1:])
        if events is not None:
            events.append(Event("block", f"{_name(core, hit.target)} is shielded: {action.card} blocks {hit.source}",
                                _cells(core, state, hit.target)))
    elif isinstance(action, Take):
        hit = state.hits[0]
        state = wound(core, state._replace(hits=state.hits[1:]), hit.target, hit.amount, hit.source, events)
    elif isinstance(action, PlaceWound):
        area = action.ability + 1
        state = state._replace(dragon_wounds=replace(state.dragon_wounds, area, state.dragon_wounds[area] + 1),
                               to_place=state.to_place - 1)
        if events is not None:
            ability = core.spec.abilities[action.ability][0]
            text = f"the dwarf player puts a wound on the dragon's {ability}"
            if core.ability_lost(state, ability):
                text += f"; the dragon has lost its {ability}"
            events.append(Event("wound", text, (names[state.dragon],)))
    elif isinstance(action, Fury):
        state = state._replace(fury_used=True, actions_left=state.actions_left + 1)
        if events is not None:
            fury = core.spec.dwarves[core.fury]
            events.append(Event("fury", f"{fury.name} declares a Fury turn: one more action, one wound for him",
                                (names[state.dwarves[core.fury]],)))
        state = wound(core, state, core.fury, 1, "Fury", events)
    elif isinstance(action, Escape):
        state = state._replace(netted=False, actions_left=0)
        if events is not None:
            events.append(Event("escape", "the dragon spends its whole turn tearing free of the net",
                                (names[state.dragon],)))
    elif isinstance(action, Pass):
        state = state._replace(actions_left=0)
        if events is not None:
            events.append(Event("pass", "the dragon can do nothing and passes"))
    elif isinstance(action, Keep):
        state = state._replace(exchange=state.exchange[1:])
        if events is not None:
            events.append(Event("keep", f"the {_player(side)} keeps the opening hand"))
    elif isinstance(action, Exchange):
        state = state._replace(decks=_set(state.decks, side, adding(state.decks[side], *state.hands[side])),
                               hands=_set(state.hands, side, ()), exchange=state.exchange[1:],
                               draws=(side,) * OPENING_HAND)
        if events is not None:
            events.append(Event("exchange", f"the {_player(side)} shuffles the opening hand back and draws a new one"))
    elif isinstance(action, Place):
        state = state._replace(dwarves=replace(state.dwarves, action.dwarf, action.cell))
        if events is not None:
            events.append(Event("place", f"{core.spec.dwarves[action.dwarf].name} takes his place on "
                                f"{names[action.cell]}", (names[action.cell],)))
    return settle(core, state, events)


def _play(core: Core, state: State, side: int, action: Play, events: list[Event] | None) -> State:
    names, spec = core.tables.names, core.spec
    option = core.cards[side][action.card].option(action.option)
    assert option is not None
    state = state._replace(hands=_set(state.hands, side, without(state.hands[side], action.card)),
                           actions_left=state.actions_left - 1)
    symbol, value = option.symbol, option.value
    source = action.card if action.option == action.card else f"{action.option} of {action.card}"
    if side == DRAGON_SIDE:
        if symbol in ("move", "flight"):
            start, cell = state.dragon, action.cells[0]
            state = state._replace(dragon=cell)
            if events is not None:
                verb = "walks" if symbol == "move" else "flies"
                events.append(Event(symbol, f"the dragon {verb} from {names[start]} to {names[cell]}",
                                    (names[start], names[cell])))
        elif symbol == "attack":
            dwarf = action.figures[0]
            state = state._replace(hits=(Hit(dwarf, value, source),))
            if events is not None:
                events.append(Event("attack", f"the dragon attacks {spec.dwarves[dwarf].name} for {value}",
                                    (names[state.dwarves[dwarf]],)))
        else:
            struck = core.fire_line(state, action.direction)
            state = state._replace(hits=tuple(Hit(d, value, source) for d in struck))
            if events is not None:
                direction = core.tables.direction_names[action.direction]
                events.append(Event("fire", f"the dragon breathes fire {direction} for {value}, reaching "
                                    f"{', '.join(spec.dwarves[d].name for d in struck)}",
                                    tuple(names[state.dwarves[d]] for d in struck)))
        return state
    if symbol in ("move", "move-two"):
        for dwarf, cell in zip(action.figures, action.cells):
            start = state.dwarves[dwarf]
            state = state._replace(dwarves=replace(state.dwarves, dwarf, cell))
            if events is not None:
                text = f"{spec.dwarves[dwarf].name} " + (f"moves from {names[start]} to {names[cell]}" if cell != start
                                                          else f"stays on {names[cell]}")
                events.append(Event("move", text, (names[start], names[cell])))
    elif symbol in ("attack", "attack-two"):
        state = state._replace(hits=tuple(Hit(ON_DRAGON, value, f"{source} by {spec.dwarves[d].name}")
                                          for d in action.figures))
        if events is not None:
            events.append(Event("attack", f"{' and '.join(spec.dwarves[d].name for d in action.figures)} attack"
                                f"{'s' if len(action.figures) == 1 else ''} the dragon for {value}",
                                (names[state.dragon],)))
    elif symbol == "crossbow":
        archer = spec.dwarves[core.archer]
        state = state._replace(hits=(Hit(ON_DRAGON, value, f"{source} by {archer.name}"),))
        if events is not None:
            events.append(Event("crossbow", f"{archer.name} shoots the dragon with the crossbow for {value}",
                                (names[state.dwarves[core.archer]], names[state.dragon])))
    else:
        state = state._replace(netted=True)
        if events is not None:
            events.append(Event("net", f"{spec.dwarves[core.netter].name} throws the net over the dragon",
                                (names[state.dragon],)))
    return state


def wound(core: Core, state: State, target: int, amount: int, source: str, events: list[Event] | None) -> State:
    """Put ``amount`` wounds on a figure (a dwarf with every space wounded is killed); the events go to ``events``
    unless it is None."""
    names = core.tables.names
    if target != ON_DRAGON:
        dwarf = core.spec.dwarves[target]
        wounds = min(dwarf.spaces, state.dwarf_wounds[target] + amount)
        cell = state.dwarves[target]
        state = state._replace(dwarf_wounds=replace(state.dwarf_wounds, target, wounds))
        if events is not None:
            events.append(Event("wounded", f"{dwarf.name} takes {amount} wound{'s' if amount > 1 else ''} from "
                                f"{source} ({wounds} of {dwarf.spaces})", (names[cell],)))
        if wounds == dwarf.spaces:
            state = state._replace(dwarves=replace(state.dwarves, target, DEAD))
            if events is not None:
                events.append(Event("killed", f"{dwarf.name} is killed and leaves the board", (names[cell],)))
        return state
    armour = state.dragon_wounds[0]
    on_armour = min(amount, core.dragon_spaces[0] - armour)
    rest = amount - on_armour
    mat = replace(state.dragon_wounds, 0, armour + on_armour)
    room = core.dragon_total - sum(mat) - state.to_place
    text = f"the dragon takes {amount} wound{'s' if amount > 1 else ''} from {source}" if events is not None else ""
    if rest >= room:
        if events is not None:
            events.append(Event("killed", text + ": every space of its mat is wounded and the dragon is killed",
                                (names[state.dragon],)))
        return state._replace(dragon_wounds=core.dragon_spaces, to_place=0)
    state = state._replace(dragon_wounds=mat, to_place=state.to_place + rest)
    if events is not None:
        if rest:
            text += f"; {rest} to be placed on its abilities by the dwarf player"
        events.append(Event("wounded", text, (names[state.dragon],)))
    return state


def settle(core: Core, state: State, events: list[Event] | None) -> State:
    """Move on where nobody has a choice: attacks on a side without cards land, a spent turn passes (the events go
    to ``events`` unless it is None)."""
    while True:
        if core.ending(state, True) in ("dragon-killed", "dwarves-killed") or state.draws:
            return state
        if state.hits:
            if state.hands[core.decider(state)]:
                return state
            hit = state.hits[0]
            state = wound(core, state._replace(hits=state.hits[1:]), hit.target, hit.amount, hit.source, events)
            continue
        if state.to_place:
            return state
        if core.phase(state) == "turn" and state.actions_left == 0:
            state = state._replace(turn=1 - state.turn, actions_left=ACTIONS_PER_TURN)
            if events is not None:
                events.append(Event("turn", f"the {OF_SIDE[SIDES[state.turn]]} player's turn begins"))
        return state


def _player(side: int) -> str:
    return f"{OF_SIDE[SIDES[side]]} player"


def _set(pair: tuple[tuple[str, ...], tuple[str, ...]], side: int,
         cards: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return (cards, pair[1]) if side == DRAGON_SIDE else (pair[0], cards)


def _name(core: Core, target: int) -> str:
    return "the dragon" if target == ON_DRAGON else core.spec.dwarves[target].name


def _cells(core: Core, state: State, target: int) -> tuple[str, ...]:
    cell = state.dragon if target == ON_DRAGON else state.dwarves[target]
    return (core.tables.names[cell],) if cell >= 0 else ()
