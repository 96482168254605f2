"""Carrying out actions: the next position and the events that describe what happened.

After every action :func:`settle` moves the game on by itself where nobody
has a choice: an attack on a side with an empty hand lands at once, and a turn
with no action left passes to the other side. The wounds of every attack of
one card pile up until all its attacks are answered; the dwarf player then
places them.
"""
from __future__ import annotations

from ...play.contract import Event, Outcome
from .actions import (Action, Block, Discard, Draw, Drawn, Escape, Exchange, Fury, Keep, Pass, Place, PlaceWound,
                      Play, Take)
from .cards import OF_SIDE, SIDES
from .core import Core
from .spec import ACTIONS_PER_TURN, DRAW_COUNT, OPENING_HAND
from .state import DEAD, DRAGON_SIDE, ON_DRAGON, Hit, State, adding, replace, without


def apply(core: Core, state: State, action: Action) -> Outcome[State]:
    """The position after a legal action, with its events."""
    events: list[Event] = []
    names = core.tables.names
    side = core.decider(state) if not state.draws else state.draws[0]
    player = f"{OF_SIDE[SIDES[side]]} player"
    if isinstance(action, Drawn):
        state = state._replace(decks=_set(state.decks, side, without(state.decks[side], action.card)),
                               hands=_set(state.hands, side, adding(state.hands[side], action.card)),
                               draws=state.draws[1:])
        events.append(Event("drawn", f"the {player} draws a card ({len(state.decks[side])} left in the deck)"))
    elif isinstance(action, Draw):
        count = min(DRAW_COUNT, len(state.decks[side]))
        state = state._replace(draws=(side,) * count, actions_left=state.actions_left - 1)
        events.append(Event("draw", f"the {player} spends an action drawing {count} card{'s' if count > 1 else ''}"))
    elif isinstance(action, Discard):
        state = state._replace(hands=_set(state.hands, side, without(state.hands[side], action.card)))
        events.append(Event("discard", f"the {player} discards {action.card} to keep within the hand limit"))
    elif isinstance(action, Play):
        state, more = _play(core, state, side, action)
        events += more
    elif isinstance(action, Block):
        hit = state.hits[0]
        state = state._replace(hands=_set(state.hands, side, without(state.hands[side], action.card)),
                               hits=state.hits[1:])
        events.append(Event("block", f"{_name(core, hit.target)} is shielded: {action.card} blocks {hit.source}",
                            _cells(core, state, hit.target)))
    elif isinstance(action, Take):
        hit = state.hits[0]
        state = state._replace(hits=state.hits[1:])
        state, more = wound(core, state, hit.target, hit.amount, hit.source)
        events += more
    elif isinstance(action, PlaceWound):
        ability = core.spec.abilities[action.ability][0]
        state = state._replace(dragon_wounds=replace(state.dragon_wounds, action.ability + 1,
                                                     state.dragon_wounds[action.ability + 1] + 1),
                               to_place=state.to_place - 1)
        text = f"the dwarf player puts a wound on the dragon's {ability}"
        if core.ability_lost(state, ability):
            text += f"; the dragon has lost its {ability}"
        events.append(Event("wound", text, (names[state.dragon],)))
    elif isinstance(action, Fury):
        state = state._replace(fury_used=True, actions_left=state.actions_left + 1)
        fury = core.spec.dwarves[core.fury]
        events.append(Event("fury", f"{fury.name} declares a Fury turn: one more action, one wound for him",
                            (names[state.dwarves[core.fury]],)))
        state, more = wound(core, state, core.fury, 1, "Fury")
        events += more
    elif isinstance(action, Escape):
        state = state._replace(netted=False, actions_left=0)
        events.append(Event("escape", "the dragon spends its whole turn tearing free of the net",
                            (names[state.dragon],)))
    elif isinstance(action, Pass):
        state = state._replace(actions_left=0)
        events.append(Event("pass", "the dragon can do nothing and passes"))
    elif isinstance(action, Keep):
        state = state._replace(exchange=state.exchange[1:])
        events.append(Event("keep", f"the {player} keeps the opening hand"))
    elif isinstance(action, Exchange):
        state = state._replace(decks=_set(state.decks, side, adding(state.decks[side], *state.hands[side])),
                               hands=_set(state.hands, side, ()), exchange=state.exchange[1:],
                               draws=(side,) * OPENING_HAND)
        events.append(Event("exchange", f"the {player} shuffles the opening hand back and draws a new one"))
    elif isinstance(action, Place):
        state = state._replace(dwarves=replace(state.dwarves, action.dwarf, action.cell))
        events.append(Event("place", f"{core.spec.dwarves[action.dwarf].name} takes his place on "
                            f"{names[action.cell]}", (names[action.cell],)))
    state, more = settle(core, state)
    return Outcome(state, tuple(events + more))


def _play(core: Core, state: State, side: int, action: Play) -> tuple[State, list[Event]]:
    names, spec = core.tables.names, core.spec
    option = core.cards[side][action.card].option(action.option)
    assert option is not None
    state = state._replace(hands=_set(state.hands, side, without(state.hands[side], action.card)),
                           actions_left=state.actions_left - 1)
    symbol, value = option.symbol, option.value
    source = action.card if action.option == action.card else f"{action.option} of {action.card}"
    events: list[Event] = []
    if side == DRAGON_SIDE:
        if symbol in ("move", "flight"):
            start, cell = state.dragon, action.cells[0]
            state = state._replace(dragon=cell)
            verb = "walks" if symbol == "move" else "flies"
            events.append(Event(symbol, f"the dragon {verb} from {names[start]} to {names[cell]}",
                                (names[start], names[cell])))
        elif symbol == "attack":
            dwarf = action.figures[0]
            state = state._replace(hits=(Hit(dwarf, value, source),))
            events.append(Event("attack", f"the dragon attacks {spec.dwarves[dwarf].name} for {value}",
                                (names[state.dwarves[dwarf]],)))
        else:
            struck = core.fire_line(state, action.direction)
            state = state._replace(hits=tuple(Hit(d, value, source) for d in struck))
            direction = core.tables.direction_names[action.direction]
            events.append(Event("fire", f"the dragon breathes fire {direction} for {value}, reaching "
                                f"{', '.join(spec.dwarves[d].name for d in struck)}",
                                tuple(names[state.dwarves[d]] for d in struck)))
        return state, events
    if symbol in ("move", "move-two"):
        for dwarf, cell in zip(action.figures, action.cells):
            start = state.dwarves[dwarf]
            state = state._replace(dwarves=replace(state.dwarves, dwarf, cell))
            text = f"{spec.dwarves[dwarf].name} " + (f"moves from {names[start]} to {names[cell]}" if cell != start
                                                      else f"stays on {names[cell]}")
            events.append(Event("move", text, (names[start], names[cell])))
    elif symbol in ("attack", "attack-two"):
        state = state._replace(hits=tuple(Hit(ON_DRAGON, value, f"{source} by {spec.dwarves[d].name}")
                                          for d in action.figures))
        events.append(Event("attack", f"{' and '.join(spec.dwarves[d].name for d in action.figures)} attack"
                            f"{'s' if len(action.figures) == 1 else ''} the dragon for {value}",
                            (names[state.dragon],)))
    elif symbol == "crossbow":
        archer = spec.dwarves[core.archer]
        state = state._replace(hits=(Hit(ON_DRAGON, value, f"{source} by {archer.name}"),))
        events.append(Event("crossbow", f"{archer.name} shoots the dragon with the crossbow for {value}",
                            (names[state.dwarves[core.archer]], names[state.dragon])))
    else:
        state = state._replace(netted=True)
        events.append(Event("net", f"{spec.dwarves[core.netter].name} throws the net over the dragon",
                            (names[state.dragon],)))
    return state, events


def wound(core: Core, state: State, target: int, amount: int, source: str) -> tuple[State, list[Event]]:
    """Put ``amount`` wounds on a figure; a dwarf with every space wounded is killed."""
    names = core.tables.names
    if target != ON_DRAGON:
        dwarf = core.spec.dwarves[target]
        wounds = min(dwarf.spaces, state.dwarf_wounds[target] + amount)
        cell = names[state.dwarves[target]]
        state = state._replace(dwarf_wounds=replace(state.dwarf_wounds, target, wounds))
        events = [Event("wounded", f"{dwarf.name} takes {amount} wound{'s' if amount > 1 else ''} from {source} "
                        f"({wounds} of {dwarf.spaces})", (cell,))]
        if wounds == dwarf.spaces:
            state = state._replace(dwarves=replace(state.dwarves, target, DEAD))
            events.append(Event("killed", f"{dwarf.name} is killed and leaves the board", (cell,)))
        return state, events
    armour = state.dragon_wounds[0]
    on_armour = min(amount, core.dragon_spaces[0] - armour)
    rest = amount - on_armour
    mat = replace(state.dragon_wounds, 0, armour + on_armour)
    room = core.dragon_total - sum(mat) - state.to_place
    where = (names[state.dragon],)
    text = f"the dragon takes {amount} wound{'s' if amount > 1 else ''} from {source}"
    if rest >= room:
        return state._replace(dragon_wounds=core.dragon_spaces, to_place=0), [
            Event("killed", text + ": every space of its mat is wounded and the dragon is killed", where)]
    state = state._replace(dragon_wounds=mat, to_place=state.to_place + rest)
    if rest:
        text += f"; {rest} to be placed on its abilities by the dwarf player"
    return state, [Event("wounded", text, where)]


def settle(core: Core, state: State) -> tuple[State, list[Event]]:
    """Move on where nobody has a choice: attacks on a side without cards land, a spent turn passes."""
    events: list[Event] = []
    while True:
        if core.ending(state, True) in ("dragon-killed", "dwarves-killed") or state.draws:
            return state, events
        if state.hits:
            if state.hands[core.decider(state)]:
                return state, events
            hit = state.hits[0]
            state, more = wound(core, state._replace(hits=state.hits[1:]), hit.target, hit.amount, hit.source)
            events += more
            continue
        if state.to_place:
            return state, events
        if core.phase(state) == "turn" and state.actions_left == 0:
            state = state._replace(turn=1 - state.turn, actions_left=ACTIONS_PER_TURN)
            events.append(Event("turn", f"the {OF_SIDE[SIDES[state.turn]]} player's turn begins"))
        return state, events


def _set(pair: tuple[tuple[str, ...], tuple[str, ...]], side: int,
         cards: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return (cards, pair[1]) if side == DRAGON_SIDE else (pair[0], cards)


def _name(core: Core, target: int) -> str:
    return "the dragon" if target == ON_DRAGON else core.spec.dwarves[target].name


def _cells(core: Core, state: State, target: int) -> tuple[str, ...]:
    cell = state.dragon if target == ON_DRAGON else state.dwarves[target]
    return (core.tables.names[cell],) if cell >= 0 else ()
