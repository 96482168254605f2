"""What every part of the engine looks up: the spec, the board tables, and the phase of a position.

A position is in exactly one phase, the first that applies of: chance deals a
card, a defender answers an attack, the dwarf player places the dragon's
wounds (once every attack of the card is answered), a player over the hand
limit discards, a player keeps or exchanges the opening hand, the dwarf player
places the dwarves, and finally a turn action.
"""
from __future__ import annotations

from ...play.contract import Result
from .actions import Play
from .cards import DRAGON, DWARVES, Card
from .spec import HAND_LIMIT, DrakoSpec
from .state import DEAD, DRAGON_SIDE, DWARF_SIDE, ON_DRAGON, UNPLACED, State
from .tables import BoardTables

#: How a game ends: the reason code and the side that wins.
ENDINGS = {"dragon-killed": DWARVES, "dwarves-killed": DRAGON, "dwarf-cards-exhausted": DRAGON}
#: Each ending as a diagram tells it to players.
ENDING_WORDS = {"dragon-killed": "The dragon is dead: the dwarves win.",
                "dwarves-killed": "All three dwarves are dead: the dragon wins.",
                "dwarf-cards-exhausted": "The dwarves are out of cards and the dragon lives: the dragon wins."}


class Core:
    """The spec and board tables of one engine, with the look-ups the rules make during play."""

    def __init__(self, spec: DrakoSpec):
        self.spec = spec
        self.tables = BoardTables(spec.grid)
        self.cards: tuple[dict[str, Card], dict[str, Card]] = (spec.cards[DRAGON], spec.cards[DWARVES])
        self.dragon_spaces = spec.dragon_spaces
        self.dragon_total = sum(self.dragon_spaces)
        self.dwarf_spaces = tuple(d.spaces for d in spec.dwarves)
        #: Which dwarf holds each ability; which mat area (1-based after armour) holds each dragon ability.
        self.archer = spec.dwarf_index("archery")
        self.netter = spec.dwarf_index("net")
        self.fury = spec.dwarf_index("fury")
        self.area = {name: 1 + i for i, (name, _) in enumerate(spec.abilities)}
        #: Every play generated so far, by its fields: each is made once and shared (see generate.py).
        self.plays: dict[tuple[str, str, tuple[int, ...], tuple[int, ...], int], Play] = {}
        #: The plays that move one figure, by card, option and figure moved, then by hex (see generate.py).
        self.hex_plays: dict[tuple[str, str, tuple[int, ...]], list[Play]] = {}
        #: The same for plays that move two dwarves: by card, option and the two dwarves, then by the two hexes.
        self.pair_plays: dict[tuple[str, str, int, int], dict[int, Play]] = {}
        #: The last position :meth:`phase` was asked about, and its phase.
        self._phased: tuple[State | None, str] = (None, "")
        #: The plays of each card of a side's hand, by the side, where the figures stand, whether the dragon is netted
        #: and, for the dragon's cards, the wounds on its abilities (all a card's plays depend on): a search meets the
        #: same places again and again with other cards.
        self.known_plays: dict[tuple[int, int, tuple[int, ...], bool, tuple[int, ...]], dict[str, list[Play]]] = {}

    # -- phases ----------------------------------------------------------------------------------

    def discard_side(self, state: State) -> int | None:
        """The side holding more cards than the hand limit, if any (the side on turn first)."""
        for side in (state.turn, 1 - state.turn):
            if len(state.hands[side]) > HAND_LIMIT:
                return side
        return None

    def phase(self, state: State) -> str:
        """The phase of a position that is not over: chance, reaction, wounds, discard, exchange, placing
        or turn, the first that applies (the last position asked about is remembered: the engine asks it of
        one position several times in a row)."""
        known, phase = self._phased  # one read: another thread may replace the pair
        if state is known:
            return phase
        phase = self._phase(state)
        self._phased = (state, phase)
        return phase

    def _phase(self, state: State) -> str:
        if state.draws:
            return "chance"
        if state.hits:
            return "reaction"
        if state.to_place:
            return "wounds"
        if self.discard_side(state) is not None:
            return "discard"
        if state.exchange:
            return "exchange"
        if UNPLACED in state.dwarves:
            return "placing"
        return "turn"

    def decider(self, state: State) -> int:
        """The side deciding in a phase other than chance."""
        phase = self.phase(state)
        if phase in ("wounds", "placing"):
            return DWARF_SIDE
        if phase == "reaction":
            return DRAGON_SIDE if state.hits[0].target == ON_DRAGON else DWARF_SIDE
        if phase == "discard":
            side = self.discard_side(state)
            assert side is not None
            return side
        if phase == "exchange":
            return state.exchange[0]
        return state.turn

    # -- the board ----------------------------------------------------------------------------

    def occupied(self, state: State) -> set[int]:
        """The hexes holding a figure."""
        return {state.dragon} | {cell for cell in state.dwarves if cell >= 0}

    def ability_lost(self, state: State, ability: str) -> bool:
        """True when every space of one of the dragon's abilities is wounded."""
        area = self.area[ability]
        return state.dragon_wounds[area] >= self.dragon_spaces[area]

    def in_line(self, state: State) -> tuple[int, ...] | None:
        """The hexes between the archer and the dragon when they share a line, else None."""
        archer = state.dwarves[self.archer]
        return None if archer < 0 else self.tables.between(archer, state.dragon)

    def fire_line(self, state: State, direction: int) -> list[int]:
        """The dwarves on the line from the dragon in one direction, nearest first."""
        where = {cell: i for i, cell in enumerate(state.dwarves) if cell >= 0}
        return [where[cell] for cell in self.tables.rays[state.dragon][direction] if cell in where]

    # -- the end ---------------------------------------------------------------------------------

    def ending(self, state: State, can_act: bool) -> str | None:
        """The reason the game is over, or None. ``can_act``: the dwarves have a turn action now."""
        if sum(state.dragon_wounds) >= self.dragon_total:
            return "dragon-killed"
        if state.dwarves.count(DEAD) == len(state.dwarves):
            return "dwarves-killed"
        if state.draws or state.hits or state.to_place or state.exchange:
            return None
        if not state.decks[DWARF_SIDE] and not state.hands[DWARF_SIDE]:
            return "dwarf-cards-exhausted"
        if not can_act:
            return "dwarf-cards-exhausted"
        return None

    def result_of(self, reason: str) -> Result:
        """The :class:`Result` of an ending."""
        return Result((ENDINGS[reason],), reason)



