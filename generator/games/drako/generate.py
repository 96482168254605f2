"""Legal actions, generated directly from the position in a stable order.

Turn actions come as: draw, then each different card of the hand (hand order)
with each of its options and targets (hexes in board order), then Fury,
escape, and pass last (only when nothing else is possible).
"""
from __future__ import annotations

from typing import Callable, Iterator

from .actions import (Action, Block, Discard, Draw, Escape, Exchange, Fury, Keep, Pass, Place, PlaceWound, Play,
                      Take)
from .cards import Card, Option
from .core import Core
from .state import DRAGON_SIDE, DWARF_SIDE, UNPLACED, State, alive

#: The draw: one value for every position that offers it.
DRAW = Draw()
#: How many positions of the figures :attr:`Core.known_plays` holds the card plays of before it starts again.
KNOWN_POSITIONS = 4096


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
    found = _turn_list(core, state)
    if not found and side == DRAGON_SIDE:
        found.append(Pass())
    return found


def turn_actions(core: Core, state: State) -> Iterator[Action]:
    """The turn actions of the side on turn, passing left out (the draw first, before the rest is worked out)."""
    if state.decks[state.turn]:
        yield DRAW
    yield from _after_draw(core, state)


def _turn_list(core: Core, state: State) -> list[Action]:
    """:func:`turn_actions` as a list."""
    found: list[Action] = [DRAW] if state.decks[state.turn] else []
    return found + _after_draw(core, state)


def _after_draw(core: Core, state: State) -> list[Action]:
    """The turn actions that follow the draw: each card's plays, Fury, escape."""
    side = state.turn
    found: list[Action] = []
    # a dwarf's plays do not depend on the dragon's wounds, the dragon's on those of its abilities alone
    where = (side, state.dragon, state.dwarves, state.netted, state.dragon_wounds[1:] if side == DRAGON_SIDE else ())
    known = core.known_plays.get(where)
    if known is None:
        if len(core.known_plays) >= KNOWN_POSITIONS:
            core.known_plays.clear()
        known = core.known_plays[where] = {}
    taken: set[int] | None = None
    cards = core.cards[side]
    for code in _unique(state.hands[side]):
        plays = known.get(code)
        if plays is None:
            if taken is None:
                taken = core.occupied(state)
            card = cards[code]
            plays = known[code] = [play for option in card.options
                                   for play in option_plays(core, state, side, card, option, taken)]
        found += plays
    if side == DWARF_SIDE and not state.fury_used and state.dwarves[core.fury] >= 0:
        found.append(Fury())
    if side == DRAGON_SIDE and state.netted and state.actions_left >= 2:
        found.append(Escape())
    return found


def option_plays(core: Core, state: State, side: int, card: Card, option: Option, taken: set[int]) -> list[Play]:
    """Every legal way to play ``card`` for ``option`` (``taken``: the hexes holding a figure)."""
    tables = core.tables
    symbol, value = option.symbol, option.value
    play = _plays(core, card.code, option.code)
    if symbol == "defence":
        return []
    if side == DRAGON_SIDE:
        if symbol in ("move", "flight") and (state.netted or core.ability_lost(state, symbol)):
            return []
        if symbol == "move":
            to = _to_hex(core, card.code, option.code, ())
            return [to[cell] for cell in tables.reachable(state.dragon, value, taken)]
        if symbol == "flight":
            to = _to_hex(core, card.code, option.code, ())
            return [to[cell] for cell in range(len(tables.names)) if cell not in taken]
        if symbol == "attack":
            near = tables.neighbours[state.dragon]
            return [play((dwarf,)) for dwarf in alive(state) if state.dwarves[dwarf] in near]
        if symbol == "fire" and not core.ability_lost(state, "fire"):
            return [play(direction=direction) for direction in range(len(tables.direction_names))
                    if core.fire_line(state, direction)]
        return []
    standing = alive(state)
    if symbol in ("move", "move-two"):
        found = []
        for dwarf in standing:
            to, start = _to_hex(core, card.code, option.code, (dwarf,)), state.dwarves[dwarf]
            found += [to[cell] for cell in tables.reachable(start, value, taken - {start})]
        if symbol == "move-two":
            found += pair_plays(core, state, standing, value, taken, card.code, option.code)
        return found
    if symbol in ("attack", "attack-two"):
        beside = [d for d in standing if state.dwarves[d] in tables.neighbours[state.dragon]]
        found = [play((dwarf,)) for dwarf in beside]
        if symbol == "attack-two":
            found += [play((a, b)) for i, a in enumerate(beside) for b in beside[i + 1:]]
        return found
    if symbol == "crossbow":
        between = core.in_line(state)
        return [play()] if between is not None and not set(between) & set(state.dwarves) else []
    if symbol == "net":
        return [play()] if state.dwarves[core.netter] >= 0 and not state.netted else []
    return []


def _plays(core: Core, code: str, option: str) -> Callable[..., Play]:
    """Makes the plays of one card's option, each made once per engine and shared after (plays are immutable
    values, and a search asks for the same ones again and again)."""
    made = core.plays

    def play(figures: tuple[int, ...] = (), cells: tuple[int, ...] = (), direction: int = -1) -> Play:
        key = (code, option, figures, cells, direction)
        found = made.get(key)
        if found is None:
            found = made[key] = Play(code, option, figures, cells, direction)
        return found

    return play


def _to_hex(core: Core, code: str, option: str, figures: tuple[int, ...]) -> list[Play]:
    """The plays of one card's option that move one figure (the dragon: no figures; a dwarf: his number) to each
    hex, by hex number: made once per engine (a search lists the same moves again and again)."""
    key = (code, option, figures)
    found = core.hex_plays.get(key)
    if found is None:
        play = _plays(core, code, option)
        found = core.hex_plays[key] = [play(figures, (cell,)) for cell in range(len(core.tables.names))]
    return found


def pair_plays(core: Core, state: State, standing: list[int], value: int, taken: set[int], card: str,
               option: str) -> list[Play]:
    """The plays of ``card`` for ``option`` that move two dwarves, in either order: for each two dwarves (a before
    b on the mat), every two hexes they reach, in hex order (a's, then b's)."""
    size = len(core.tables.names)
    found: list[Play] = []
    for i, a in enumerate(standing):
        for b in standing[i + 1:]:
            start_a, start_b = state.dwarves[a], state.dwarves[b]
            others = taken - {start_a, start_b}
            codes: set[int] = set()  # hex of a * size + hex of b: one number per pair of hexes
            for cell_a, cells_b in _in_order(core, start_a, start_b, value, others):
                codes.update([cell_a * size + cell_b for cell_b in cells_b])
            for cell_b, cells_a in _in_order(core, start_b, start_a, value, others):
                codes.update([cell_a * size + cell_b for cell_a in cells_a])
            made = core.pair_plays.setdefault((card, option, a, b), {})
            for code in sorted(codes):
                play = made.get(code)
                if play is None:
                    play = made[code] = Play(card, option, (a, b), divmod(code, size))
                found.append(play)
    return found


def _in_order(core: Core, start1: int, start2: int, value: int,
              others: set[int]) -> Iterator[tuple[int, list[int]]]:
    """For two dwarves on ``start1`` and ``start2`` that move one after the other, each to another hex, with the
    figures on ``others`` staying put: each hex of the first with the hexes the second reaches from there.

    The second dwarf's hexes are worked out once from where the first left; a hex the first ends on takes only
    itself away from them, unless it lies where the second's paths pass.
    """
    tables = core.tables
    free = [cell for cell in tables.reachable(start2, value, others) if cell != start2]
    crossed = tables.crossed(start2, value)
    for cell1 in tables.reachable(start1, value, others | {start2}):
        if cell1 == start1:
            continue
        if cell1 in crossed:
            yield cell1, [cell for cell in tables.reachable(start2, value, others | {cell1}) if cell != start2]
        else:
            yield cell1, [cell for cell in free if cell != cell1]


def _unique(cards: tuple[str, ...]) -> list[str]:
    return sorted(set(cards))
