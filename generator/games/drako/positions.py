"""Positions as text: the rule-example ``position`` format, and a position written out for people.

A rule example's position (every key but ``dragon`` may be left out)::

    dragon: d4                       # the dragon's hex
    dwarves: {brald: d6, urpen: f2, morin: dead}   # a hex, 'dead' or 'unplaced'
    wounds: {armour: 4, fire: 1, brald: 2}         # markers per mat area; 0 when left out
    hands: {dragon: [M2, A3], dwarves: [X2, N]}    # card codes
    decks: {dragon: 20, dwarves: [M2, D]}          # a list of cards, or how many are left
    turn: dwarves                    # whose turn (dragon by default)
    actions: 2                       # actions left in that turn (2 by default)
    net: true                        # the net holds the dragon (false by default)
    fury: used                       # ready (default) or used
    exchange: [dragon, dwarves]      # advanced rule: sides yet to keep or exchange

'unplaced' dwarves need the option ``first_game: false`` and ``exchange`` the
option ``exchange_opening_hand: true`` (an example sets them under ``options``).

A deck given as a number holds that many of the cards left over once the
hands are taken out, in the order of decks.yaml; left out, it holds them all.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from .cards import OF_SIDE, SIDES
from .core import Core
from .spec import HAND_LIMIT
from .state import DEAD, DWARF_SIDE, HIDDEN, UNPLACED, State

HEX = {"type": "string", "pattern": "^[a-z][0-9]+$"}
CARDS = {"type": "array", "items": {"type": "string"}}
SIDE = {"enum": list(SIDES)}


def position_schema(core: Core) -> dict[str, Any]:
    """JSON Schema of a rule example's ``position``."""
    dwarf_ids = [d.id for d in core.spec.dwarves]
    areas = ["armour"] + [name for name, _ in core.spec.abilities] + dwarf_ids
    return {
        "type": "object", "additionalProperties": False, "required": ["dragon"],
        "properties": {
            "dragon": HEX,
            "dwarves": {"type": "object", "additionalProperties": False,
                        "properties": {d: {"anyOf": [HEX, {"enum": ["dead", "unplaced"]}]} for d in dwarf_ids}},
            "wounds": {"type": "object", "additionalProperties": False,
                       "properties": {a: {"type": "integer", "minimum": 0} for a in areas}},
            "hands": {"type": "object", "additionalProperties": False,
                      "properties": {s: CARDS for s in SIDES}},
            "decks": {"type": "object", "additionalProperties": False,
                      "properties": {s: {"anyOf": [CARDS, {"type": "integer", "minimum": 0}]} for s in SIDES}},
            "turn": SIDE,
            "actions": {"type": "integer", "minimum": 1, "maximum": 3},
            "net": {"type": "boolean"},
            "fury": {"enum": ["ready", "used"]},
            "exchange": {"type": "array", "items": SIDE, "uniqueItems": True},
        },
    }


def result_schema(core: Core) -> dict[str, Any]:
    """JSON Schema of a rule example's ``result`` claims (``winner`` is the shared claim)."""
    dwarf_ids = [d.id for d in core.spec.dwarves]
    areas = ["armour"] + [name for name, _ in core.spec.abilities] + dwarf_ids
    return {
        "type": "object", "additionalProperties": False,
        "properties": {
            "winner": {"type": "string"},
            "reason": {"type": "string", "description": "How the game ended."},
            "at": {"type": "object", "additionalProperties": False,
                   "properties": {f: {"anyOf": [HEX, {"const": "dead"}]} for f in ["dragon"] + dwarf_ids}},
            "wounds": {"type": "object", "additionalProperties": False,
                       "properties": {a: {"type": "integer", "minimum": 0} for a in areas}},
            "net": {"type": "boolean"},
            "fury": {"enum": ["ready", "used"]},
            "hand_sizes": {"type": "object", "additionalProperties": False,
                           "properties": {s: {"type": "integer", "minimum": 0} for s in SIDES}},
            "next": {"enum": list(SIDES) + ["chance", "none"], "description": "Who decides next."},
            "actions": {"type": "integer", "minimum": 0, "description": "Actions left in the turn."},
            "waiting_attacks": {"type": "integer", "minimum": 0},
            "wounds_to_place": {"type": "integer", "minimum": 0},
        },
    }


def build_position(core: Core, data: Mapping[str, Any]) -> State:
    """A position from a rule example's mapping; ValueError saying what is impossible."""
    spec, tables = core.spec, core.tables
    dragon = tables.cell(data["dragon"])
    places = dict(data.get("dwarves", {}))
    dwarves: list[int] = []
    for dwarf in spec.dwarves:
        where = places.get(dwarf.id, "dead")
        dwarves.append(DEAD if where == "dead" else UNPLACED if where == "unplaced" else tables.cell(where))
    cells = [c for c in dwarves if c >= 0]
    if dragon in cells or len(set(cells)) < len(cells):
        raise ValueError("two figures stand on one hex")
    wounds = dict(data.get("wounds", {}))
    dragon_wounds = tuple(wounds.get(name, 0) for name in ["armour"] + [n for n, _ in spec.abilities])
    for (name, spaces), got in zip([("armour", spec.armour)] + list(spec.abilities), dragon_wounds):
        if got > spaces:
            raise ValueError(f"the dragon's {name} has {spaces} spaces, not {got}")
    if sum(dragon_wounds[1:]) and dragon_wounds[0] < spec.armour:
        raise ValueError("wounds reach the dragon's abilities only once its armour is full")
    dwarf_wounds = tuple(wounds.get(d.id, 0) for d in spec.dwarves)
    for dwarf, got, cell in zip(spec.dwarves, dwarf_wounds, dwarves):
        if got > dwarf.spaces:
            raise ValueError(f"{dwarf.name} has {dwarf.spaces} wound spaces, not {got}")
        if (got == dwarf.spaces) != (cell == DEAD):
            raise ValueError(f"{dwarf.name} is {'dead' if cell == DEAD else 'on the board'} with {got} of "
                             f"{dwarf.spaces} spaces wounded: a dwarf is dead exactly when every space is")
        if cell == UNPLACED and got:
            raise ValueError(f"{dwarf.name} is not placed yet and cannot be wounded")
    hands_data = dict(data.get("hands", {}))
    decks_data = dict(data.get("decks", {}))
    hands: list[tuple[str, ...]] = []
    decks: list[tuple[str, ...]] = []
    for side, name in enumerate(SIDES):
        hand = tuple(sorted(hands_data.get(name, [])))
        if len(hand) > HAND_LIMIT:
            raise ValueError(f"the {OF_SIDE[name]} player holds {len(hand)} cards, more than the hand limit of "
                             f"{HAND_LIMIT}")
        pool = Counter(spec.decks[name])
        _take(pool, hand, f"the {OF_SIDE[name]} player's hand")
        deck = decks_data.get(name)
        if isinstance(deck, list):
            _take(pool, tuple(deck), f"the {OF_SIDE[name]} player's hand and deck")
            cards = tuple(sorted(deck))
        else:
            rest = []
            for card in spec.decks[name]:
                if pool[card] > 0:
                    pool[card] -= 1
                    rest.append(card)
            if deck is not None and deck > len(rest):
                raise ValueError(f"the {OF_SIDE[name]} deck can hold at most {len(rest)} more cards, not {deck}")
            cards = tuple(sorted(rest if deck is None else rest[:deck]))
        hands.append(hand)
        decks.append(cards)
    turn = SIDES.index(data.get("turn", "dragon"))
    actions = data.get("actions", 2)
    if actions == 3 and (turn != DWARF_SIDE or data.get("fury") != "used"):
        raise ValueError("only a dwarf Fury turn has 3 actions")
    netted = bool(data.get("net", False))
    fury_used = data.get("fury", "ready") == "used"
    exchange = tuple(SIDES.index(s) for s in data.get("exchange", []))
    if exchange and not spec.exchange_opening_hand:
        raise ValueError("opening hands are exchanged only under the advanced rule "
                         "(options: exchange_opening_hand: true)")
    if UNPLACED in dwarves and spec.first_game:
        raise ValueError("in the first game the dwarves start on their marked hexes (options: first_game: false "
                         "lets the dwarf player place them)")
    if netted and dwarves[core.netter] == UNPLACED:
        raise ValueError("the net cannot be out before the dwarves are placed")
    return State(dragon, tuple(dwarves), dragon_wounds, dwarf_wounds, (hands[0], hands[1]), (decks[0], decks[1]),
                 turn, actions, netted, fury_used, exchange=exchange)


def _take(pool: Counter[str], cards: tuple[str, ...], what: str) -> None:
    for card, count in Counter(cards).items():
        if card not in pool:
            raise ValueError(f"{what} holds {card}, which is not a card of that deck")
        if pool[card] < count:
            raise ValueError(f"{what} holds more {card} cards than the deck has")
        pool[card] -= count


def state_text(core: Core, state: State) -> str:
    """A position in a few lines: figures and wounds, cards, and what is to be decided."""
    spec, names = core.spec, core.tables.names
    areas = ["armour"] + [n for n, _ in spec.abilities]
    mat = " ".join(f"{a} {w}/{s}" for a, w, s in zip(areas, state.dragon_wounds, core.dragon_spaces))
    lines = [f"dragon {names[state.dragon]}{' (netted)' if state.netted else ''}: {mat}"]
    figures = []
    for dwarf, cell, wounds in zip(spec.dwarves, state.dwarves, state.dwarf_wounds):
        where = "dead" if cell == DEAD else "unplaced" if cell == UNPLACED else names[cell]
        figures.append(f"{dwarf.id} {where} {wounds}/{dwarf.spaces}")
    lines.append("dwarves " + ", ".join(figures) + f"; fury {'used' if state.fury_used else 'ready'}")
    for side, name in enumerate(SIDES):
        hand, deck = state.hands[side], state.decks[side]
        shown = " ".join(hand) if hand else "-"
        deck_text = f"{len(deck)}" + (" hidden" if deck and deck[0] == HIDDEN else "")
        lines.append(f"{name}: hand [{shown}] deck {deck_text}")
    waiting = [f"{SIDES[state.turn]} to act, {state.actions_left} action(s) left"]
    if state.draws:
        waiting.append(f"{len(state.draws)} card(s) to deal to the {SIDES[state.draws[0]]}")
    if state.hits:
        waiting.append("attacks waiting: " + ", ".join(
            f"{'dragon' if h.target < 0 else spec.dwarves[h.target].id} {h.amount}" for h in state.hits))
    if state.to_place:
        waiting.append(f"{state.to_place} dragon wound(s) to place")
    if state.exchange:
        waiting.append("opening hand to keep or exchange: " + ", ".join(SIDES[s] for s in state.exchange))
    lines.append("; ".join(waiting))
    return "\n".join(lines)


def figure_at(core: Core, state: State, figure: str) -> str:
    """Where a figure ('dragon' or a dwarf id) is: a hex name or 'dead'."""
    if figure == "dragon":
        return "dead" if sum(state.dragon_wounds) >= core.dragon_total else core.tables.names[state.dragon]
    cell = state.dwarves[[d.id for d in core.spec.dwarves].index(figure)]
    return core.tables.names[cell] if cell >= 0 else "dead"


def wounds_of(core: Core, state: State, area: str) -> int:
    """The wound markers on one mat area ('armour', a dragon ability, or a dwarf id)."""
    areas = ["armour"] + [n for n, _ in core.spec.abilities]
    if area in areas:
        return state.dragon_wounds[areas.index(area)]
    return state.dwarf_wounds[[d.id for d in core.spec.dwarves].index(area)]



