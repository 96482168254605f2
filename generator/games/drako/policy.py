"""Simple sensible players for both sides, used by self-play and the balance measure.

Each action gets a score from a few plain judgements and the best one is
played (a little seeded noise breaks ties and varies games):

* the dwarves close in on the dragon, attack when next to it, shoot when the
  archer has a clear line, throw the net when the dragon is loose, keep a
  defence for the dragon's attacks and declare Fury when two attacks are ready;
* the dragon attacks and breathes fire when dwarves are in reach, otherwise
  walks or flies away from them, escapes the net, and blocks with defences;
* both draw when their hand runs low, and discard their weakest card.

A search plays thousands of games with this player, so what it looks up again and again (each card's
options and worth, how much a dwarf on a hex counts towards closing in) is worked out once per engine
(:class:`Known`), and a card play, by far the commonest action, is scored without going through every
other kind first. The scores are the same numbers, added in the same order, as the plain judgements.
"""
from __future__ import annotations

import random
from functools import cache
from typing import Sequence

from .actions import (Action, Block, Discard, Draw, Escape, Exchange, Fury, Keep, Place, PlaceWound, Play, Take)
from .cards import Option
from .core import Core
from .spec import DRAW_COUNT, HAND_LIMIT
from .state import DRAGON_SIDE, DWARF_SIDE, State, alive

#: How much keeping a card with one option is worth to its side, by symbol: (base, per point of value).
_WORTH = {
    DWARF_SIDE: {"move": (1, 1), "move-two": (2, 1), "attack": (2, 2), "attack-two": (3, 2), "crossbow": (3, 2),
                 "net": (7, 0), "defence": (4, 0)},
    DRAGON_SIDE: {"move": (1, 1), "flight": (4, 0), "attack": (2, 2), "fire": (3, 2), "defence": (5, 0)},
}
#: Which of the dragon's abilities the dwarf player would rather take away first.
_TAKE_AWAY_FIRST = {"fire": 3.0, "flight": 2.0, "move": 1.0}
#: The kinds of the dwarves' plays, as the player tells them apart (every other symbol moves dwarves).
_ATTACK, _CROSSBOW, _NET, _MOVE = range(4)
_KINDS = {"attack": _ATTACK, "attack-two": _ATTACK, "crossbow": _CROSSBOW, "net": _NET}


@cache
def card_worth(core: Core, side: int, code: str) -> float:
    """What keeping one card is worth: its best option, and a little more for a second option."""
    card = core.cards[side][code]
    worths = [_WORTH[side][o.symbol][0] + _WORTH[side][o.symbol][1] * o.value for o in card.options]
    return max(worths) + 0.5 * (len(worths) - 1)


class Known:
    """What the player looks up during play, worked out once for one engine.

    Attributes:
        options: by side, card code and option code: the option.
        cost: by side and card code: what playing the card away costs (``0.3`` times its worth).
        near: ``near[dragon][cell]``: how much a dwarf on ``cell`` counts towards the dwarves closing in on a
            dragon on ``dragon`` (3 next to it, 1.5 two steps away, less the farther).
        plays: the dwarves' plays by card code and option code: their kind, value and cost.
        threat: ``threat[dwarf][dragon]``: how much danger a dwarf on ``dwarf`` puts a dragon on ``dragon`` in.
        clear: ``clear[archer][dragon]``: the hexes between the two when they share a line, else None.
    """

    def __init__(self, core: Core):
        tables = core.tables
        size = len(tables.names)
        self.options = tuple({code: {o.code: o for o in card.options} for code, card in cards.items()}
                             for cards in core.cards)
        self.cost = tuple({code: 0.3 * card_worth(core, side, code) for code in cards}
                          for side, cards in enumerate(core.cards))
        self.plays = {code: {o.code: (_KINDS.get(o.symbol, _MOVE), o.value, self.cost[DWARF_SIDE][code])
                             for o in card.options} for code, card in core.cards[DWARF_SIDE].items()}
        self.near = tuple(tuple(_near(tables.distance(cell, dragon)) for cell in range(size))
                          for dragon in range(size))
        self.threat = tuple(tuple(_threat(tables.distance(dwarf, cell)) for cell in range(size))
                            for dwarf in range(size))
        self.clear = tuple(tuple(tables.between(archer, dragon) for dragon in range(size)) for archer in range(size))
        self.memos: dict[tuple[object, ...], dict[Action, float]] = {}

    def memo(self, side: int, state: State) -> dict[Action, float]:
        """The scores of ``side``'s card plays worked out so far in positions like ``state``: the same figures
        on the same hexes, and for the dwarves whether the dragon's hand is empty, for the
        dragon the same wounds on the dwarves (all a play's score depends on). A search scores the plays of
        the same few positions again and again."""
        key = ((side, state.dragon, state.dwarves, not state.hands[DRAGON_SIDE]) if side == DWARF_SIDE
               else (side, state.dragon, state.dwarves, state.dwarf_wounds))
        found = self.memos.get(key)
        if found is None:
            if len(self.memos) >= MEMO_POSITIONS:
                self.memos.clear()
            found = self.memos[key] = {}
        return found


#: How many positions :meth:`Known.memo` keeps the scores of before it starts again.
MEMO_POSITIONS = 1024


@cache
def known(core: Core) -> Known:
    """The look-ups of one engine (made at its first use)."""
    return Known(core)


def _threat(distance: int) -> float:
    return 3.0 if distance == 1 else 1.0 if distance == 2 else 0.0


def _near(distance: int) -> float:
    return 3.0 if distance == 1 else 1.5 if distance == 2 else -0.5 * (distance - 2)


def choose(core: Core, rng: random.Random, state: State, actions: Sequence[Action]) -> Action:
    """The best-scoring action, with seeded noise to vary games."""
    side = core.decider(state)
    best, best_score = actions[0], float("-inf")
    look = known(core)
    memo = look.memo(side, state)
    remembered = memo.get
    noise = rng.random
    plays: _DwarfPlays | _DragonPlays | None = None
    for action in actions:
        if type(action) is Play:
            value = remembered(action)
            if value is None:
                if plays is None:
                    plays = _plays(core, look, state, side)
                value = memo[action] = plays.score(action)
        else:
            value = _other(core, state, side, action)
        value += noise() * 0.5
        if value > best_score:
            best, best_score = action, value
    return best


def score(core: Core, state: State, side: int, action: Action) -> float:
    """How good ``action`` looks to ``side``."""
    if isinstance(action, Play):
        return _plays(core, known(core), state, side).score(action)
    return _other(core, state, side, action)


def _plays(core: Core, look: Known, state: State, side: int) -> _DwarfPlays | _DragonPlays:
    """The scorer of ``side``'s card plays in ``state``."""
    if side == DWARF_SIDE:
        return _DwarfPlays(core, look, state, _closeness(core, state, state.dwarves))
    return _DragonPlays(core, look, state, _danger(core, state, state.dragon))


def _other(core: Core, state: State, side: int, action: Action) -> float:
    """How good an action other than a card play looks to ``side``."""
    hand = state.hands[side]
    if isinstance(action, Draw):
        return (6.0 - 1.2 * len(hand) - (1.0 if side == DWARF_SIDE else 0.0)
                - (4.0 if len(hand) + DRAW_COUNT > HAND_LIMIT else 0.0))
    if isinstance(action, Discard):
        return -card_worth(core, side, action.card) - (_moves_needed(core, state, action.card) if side == DWARF_SIDE
                                                      else 0.0)
    if isinstance(action, Block):
        return 4.0 + 2.0 * state.hits[0].amount - 0.5 * card_worth(core, side, action.card)
    if isinstance(action, Take):
        return 0.0
    if isinstance(action, PlaceWound):
        name = core.spec.abilities[action.ability][0]
        room = core.dragon_spaces[action.ability + 1] - state.dragon_wounds[action.ability + 1]
        return _TAKE_AWAY_FIRST[name] + (2.0 if room == 1 else 0.0)
    if isinstance(action, Keep):
        return sum(card_worth(core, side, c) for c in hand) / max(1, len(hand))
    if isinstance(action, Exchange):
        return 4.5
    if isinstance(action, Place):
        distance = core.tables.distance(action.cell, state.dragon)
        return -abs(distance - 2) + (1.0 if action.dwarf == core.archer
                                     and core.tables.between(action.cell, state.dragon) is not None else 0.0)
    if isinstance(action, Fury):
        ready = sum(1 for c in set(hand) for o in core.cards[side][c].options
                    if o.symbol in ("attack", "attack-two", "crossbow"))
        left = core.dwarf_spaces[core.fury] - state.dwarf_wounds[core.fury]
        return 9.0 if ready >= 2 and left >= 3 and state.actions_left >= 2 and _adjacent(core, state) else -10.0
    if isinstance(action, Escape):
        return 4.0 + 2.0 * len(_adjacent(core, state))
    return 0.0


class _DwarfPlays:
    """Scores the dwarves' card plays in one position (``here``: how close they are before the play)."""

    def __init__(self, core: Core, look: Known, state: State, here: float):
        self.here = here
        self.plays = look.plays
        near = self.near = look.near[state.dragon]
        self.clear = tuple(line[state.dragon] for line in look.clear)
        self.archer = archer = core.archer
        self.bare = 2.0 if not state.hands[DRAGON_SIDE] else 0.0
        self.netting = 1.0 + 2.5 * sum(1 for d in alive(state)
                                       if core.tables.distance(state.dwarves[d], state.dragon) <= 2)
        dwarves = self.dwarves = state.dwarves
        #: Every number here is a multiple of 0.5, so sums come out exact in any order: a move's closeness is
        #: what the dwarves that stay add (``terms``) and what the movers add on their new hexes.
        self.terms = tuple(near[cell] if cell >= 0 else 0.0 for cell in dwarves)
        self.total = sum(self.terms)
        self.line = self.clear[dwarves[archer]] if dwarves[archer] >= 0 else None

    def score(self, action: Play) -> float:
        """The play's score: what it does, less what the card is worth."""
        kind, value, cost = self.plays[action.card][action.option]
        if kind == _ATTACK:
            return 3.0 * value * len(action.figures) + self.bare - cost
        if kind == _CROSSBOW:
            return 3.0 * value - cost
        if kind == _NET:
            return self.netting - cost
        # the dwarves' closeness (:func:`_closeness`) once the movers stand on their new hexes
        figures, cells = action.figures, action.cells
        near, terms, dwarves = self.near, self.terms, self.dwarves
        total = self.total
        for dwarf, cell in zip(figures, cells):
            total += near[cell] - terms[dwarf]
        line = self.line if self.archer not in figures else self.clear[cells[figures.index(self.archer)]]
        if line is not None:
            for cell in line:
                if cell in cells or (cell in dwarves and dwarves.index(cell) not in figures):
                    break
            else:
                total += 2.0
        return 3.0 * (total - self.here) - 0.8 - cost


class _DragonPlays:
    """Scores the dragon's card plays in one position (``here``: its danger before the play)."""

    def __init__(self, core: Core, look: Known, state: State, here: float):
        self.core, self.state, self.here = core, state, here
        self.options, self.cost = look.options[DRAGON_SIDE], look.cost[DRAGON_SIDE]
        self.danger: dict[int, float] = {}
        self.dwarves = state.dwarves
        self.threats = tuple(look.threat[cell] for cell in state.dwarves if cell >= 0)
        archer = state.dwarves[core.archer]
        self.lines = look.clear[archer] if archer >= 0 else None

    def score(self, action: Play) -> float:
        """The play's score: what it does, less what the card is worth."""
        option = self.options[action.card][action.option]
        cost = self.cost[action.card]
        symbol = option.symbol
        if symbol in ("attack", "fire"):
            return _dragon_play(self.core, self.state, action, option) - cost
        cell = action.cells[0]
        there = self.danger.get(cell)
        if there is None:
            there = self.danger[cell] = self.danger_at(cell)
        return 2.0 * (self.here - there) - (1.5 if symbol == "flight" else 1.0) - cost

    def danger_at(self, cell: int) -> float:
        """:func:`_danger` of the dragon on ``cell`` (every term a multiple of one half: exact in any order)."""
        total = 0.0
        for threat in self.threats:
            total += threat[cell]
        if self.lines is not None:
            between = self.lines[cell]
            if between is not None and not any(c in self.dwarves for c in between):
                total += 1.5
        return total


def _moves_needed(core: Core, state: State, code: str) -> float:
    """Extra worth of a dwarf card that can move while no dwarf is next to the dragon."""
    moves = any(o.symbol.startswith("move") for o in core.cards[DWARF_SIDE][code].options)
    return 3.0 if moves and not _adjacent(core, state) else 0.0


def _adjacent(core: Core, state: State) -> list[int]:
    return [d for d in alive(state) if state.dwarves[d] in core.tables.neighbours[state.dragon]]


def _closeness(core: Core, state: State, dwarves: tuple[int, ...]) -> float:
    near = known(core).near[state.dragon]
    total = 0.0
    for cell in dwarves:
        if cell >= 0:
            total += near[cell]
    archer = dwarves[core.archer]
    if archer >= 0:
        between = core.tables.between(archer, state.dragon)
        if between is not None and not set(between) & set(dwarves):
            total += 2.0
    return total


def _danger(core: Core, state: State, cell: int) -> float:
    total = 0.0
    for dwarf in alive(state):
        total += _threat(core.tables.distance(state.dwarves[dwarf], cell))
    archer = state.dwarves[core.archer]
    if archer >= 0:
        between = core.tables.between(archer, cell)
        if between is not None and not set(between) & set(state.dwarves):
            total += 1.5
    return total


def _dragon_play(core: Core, state: State, action: Play, option: Option) -> float:
    """What an attack or the fire of the dragon does."""
    symbol, value = option.symbol, option.value
    struck = action.figures if symbol == "attack" else tuple(core.fire_line(state, action.direction))
    total = 0.0
    for dwarf in struck:
        left = core.dwarf_spaces[dwarf] - state.dwarf_wounds[dwarf]
        total += 3.0 * min(value, left) + (4.0 if value >= left else 0.0)
    return total
