"""Legal actions, generated directly from the position in a stable order.

Turn actions come as: draw, then each different card of the hand (hand order)
with each of its options and targets (hexes in board order), then Fury,
escape, and pass last (only when nothing else is possible).
"""
from __future__ import annotations

from typing import Iterator

from .actions import (Action, Block, Discard, Draw, Escape, Exchange, Fury, Keep, Pass, Place, PlaceWound, Play,
                      Take)
from .cards import Card, Option
from .core import Core
from .state import DRAGON_SIDE, DWARF_SIDE, UNPLACED, State, alive


def legal_actions(core: Core, state: State) -> list[Action]:
    """Every legal action of the deciding side (empty at chance nodes; the caller checks the game is on)."""
    phase = core.phase(state)
    if phase == "chance":
        return []
    if phase == "wounds":
        return [PlaceWound(i) for i in range(len(core.spec.abilities))
                if state.dragon_wounds[i + 1] < core.dragon_spaces[i + 1]]
    side = core.decider(state)
    hand = state.hands[side]
    if phase == "reaction":
        answers: list[Action] = [Block(c) for c in _unique(hand) if core.cards[side][c].defends]
        return answers + [Take()]
    if phase == "discard":
        return [Discard(c) for c in _unique(hand)]
    if phase == "exchange":
        return [Keep(), Exchange()]
    if phase == "placing":
        dwarf = state.dwarves.index(UNPLACED)
        taken = core.occupied(state)
        near = core.tables.neighbours[state.dragon]
        return [Place(dwarf, c) for c in range(len(core.tables.names)) if c not in taken and c not in near]
    found = list(turn_actions(core, state))
    if not found and side == DRAGON_SIDE:
        found.append(Pass())
    return found


def turn_actions(core: Core, state: State) -> Iterator[Action]:
    """The turn actions of the side on turn, passing left out."""
    side = state.turn
    if state.decks[side]:
        yield Draw()
    for code in _unique(state.hands[side]):
        card = core.cards[side][code]
        for option in card.options:
            yield from option_plays(core, state, side, card, option)
    if side == DWARF_SIDE and not state.fury_used and state.dwarves[core.fury] >= 0:
        yield Fury()
    if side == DRAGON_SIDE and state.netted and state.actions_left >= 2:
        yield Escape()


def option_plays(core: Core, state: State, side: int, card: Card, option: Option) -> Iterator[Play]:
    """Every legal way to play ``card`` for ``option``."""
    tables = core.tables
    symbol, value, code = option.symbol, option.value, card.code
    if symbol == "defence":
        return
    if side == DRAGON_SIDE:
        if symbol in ("move", "flight") and (state.netted or core.ability_lost(state, symbol)):
            return
        taken = core.occupied(state)
        if symbol == "move":
            for cell in sorted(tables.reach(state.dragon, value, taken)):
                yield Play(code, option.code, cells=(cell,))
        elif symbol == "flight":
            for cell in range(len(tables.names)):
                if cell not in taken:
                    yield Play(code, option.code, cells=(cell,))
        elif symbol == "attack":
            for dwarf in alive(state):
                if state.dwarves[dwarf] in tables.neighbours[state.dragon]:
                    yield Play(code, option.code, figures=(dwarf,))
        elif symbol == "fire" and not core.ability_lost(state, "fire"):
            for direction in range(len(tables.direction_names)):
                if core.fire_line(state, direction):
                    yield Play(code, option.code, direction=direction)
        return
    standing = alive(state)
    if symbol in ("move", "move-two"):
        for dwarf, cell in single_moves(core, state, standing, value):
            yield Play(code, option.code, figures=(dwarf,), cells=(cell,))
        if symbol == "move-two":
            for (a, b), (ca, cb) in pair_moves(core, state, standing, value):
                yield Play(code, option.code, figures=(a, b), cells=(ca, cb))
    elif symbol in ("attack", "attack-two"):
        near = [d for d in standing if state.dwarves[d] in tables.neighbours[state.dragon]]
        for dwarf in near:
            yield Play(code, option.code, figures=(dwarf,))
        if symbol == "attack-two":
            for i, a in enumerate(near):
                for b in near[i + 1:]:
                    yield Play(code, option.code, figures=(a, b))
    elif symbol == "crossbow":
        between = core.in_line(state)
        if between is not None and not set(between) & set(state.dwarves):
            yield Play(code, option.code)
    elif symbol == "net":
        if state.dwarves[core.netter] >= 0 and not state.netted:
            yield Play(code, option.code)


def single_moves(core: Core, state: State, standing: list[int], value: int) -> Iterator[tuple[int, int]]:
    """(dwarf, hex) for every hex a dwarf reaches in ``value`` steps (his own hex included)."""
    taken = core.occupied(state)
    for dwarf in standing:
        start = state.dwarves[dwarf]
        for cell in sorted(core.tables.reach(start, value, taken - {start})):
            yield dwarf, cell


def pair_moves(core: Core, state: State, standing: list[int],
               value: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """((a, b), (hex of a, hex of b)) for two dwarves that both move, in either order, a before b on the mat."""
    taken = core.occupied(state)
    found: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for i, a in enumerate(standing):
        for b in standing[i + 1:]:
            pairs: set[tuple[int, int]] = set()
            for first, second in ((a, b), (b, a)):
                start1, start2 = state.dwarves[first], state.dwarves[second]
                for cell1 in core.tables.reach(start1, value, taken - {start1}):
                    if cell1 == start1:
                        continue
                    after = (taken - {start1, start2}) | {cell1}
                    for cell2 in core.tables.reach(start2, value, after):
                        if cell2 != start2:
                            pairs.add((cell1, cell2) if first == a else (cell2, cell1))
            found += [((a, b), cells) for cells in sorted(pairs)]
    return found


def _unique(cards: tuple[str, ...]) -> list[str]:
    return sorted(set(cards))
