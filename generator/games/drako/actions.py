"""Drako's actions and their notation.

=====================  ===============================================================
``draw``               spend an action to draw two cards (chance then deals them)
``drawn X2``           chance: the card that comes off the deck
``discard M2``         throw away a card to get back to the hand limit
``play CARD[:OPT] ..`` play a card for one of its options (the option may be left out
                       when the card shows one): ``play M2 brald c3``,
                       ``play MM1 brald c3 urpen c4``, ``play A1/M1:A1 brald``,
                       ``play AA1 brald urpen``, ``play X2``, ``play N``; the dragon:
                       ``play M2 d5``, ``play W a1``, ``play A3 morin``, ``play F2 n``
``block CARD``         the defender blocks the first waiting attack with a defence card
``take``               the defender lets the first waiting attack through
``wound ABILITY``      the dwarf player puts one of the dragon's wounds on an ability
``fury``               the dwarves declare the Fury turn (one more action)
``escape``             the netted dragon spends its whole turn to get out of the net
``pass``               the dragon, with nothing it can do, ends its turn
``keep``/``exchange``  advanced rule: keep or swap the opening hand
``place DWARF HEX``    set-up without the first-game hexes: put a dwarf on the board
=====================  ===============================================================
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .cards import OF_SIDE, SIDES, Card
from .spec import DrakoSpec
from .state import DRAGON_SIDE
from .tables import BoardTables


@dataclass(frozen=True)
class Draw:
    """Draw two cards (one action)."""


@dataclass(frozen=True)
class Drawn:
    """Chance: the card drawn."""

    card: str


@dataclass(frozen=True)
class Discard:
    """Discard a card down to the hand limit."""

    card: str


@dataclass(frozen=True)
class Play:
    """Play a card for one option. ``figures`` are dwarf numbers (movers, attackers or the dragon's
    target), ``cells`` the hexes the movers go to, ``direction`` the line of fire (-1: none)."""

    card: str
    option: str
    figures: tuple[int, ...] = ()
    cells: tuple[int, ...] = ()
    direction: int = -1
    #: The hash, worked out once: a search looks plays up in its tree again and again.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.card, self.option, self.figures, self.cells, self.direction)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Play], tuple[str, str, tuple[int, ...], tuple[int, ...], int]]:
        """Pickled by its fields alone: another process hashes strings differently."""
        return Play, (self.card, self.option, self.figures, self.cells, self.direction)


@dataclass(frozen=True)
class Block:
    """Block the first waiting attack with a card that shows defence."""

    card: str


@dataclass(frozen=True)
class Take:
    """Let the first waiting attack through."""


@dataclass(frozen=True)
class PlaceWound:
    """Put one of the dragon's wounds on an ability (its number in the mat's ability list)."""

    ability: int


@dataclass(frozen=True)
class Fury:
    """Declare the Fury turn."""


@dataclass(frozen=True)
class Escape:
    """Spend both actions of the turn to get free of the net."""


@dataclass(frozen=True)
class Pass:
    """The dragon, unable to act, ends its turn."""


@dataclass(frozen=True)
class Keep:
    """Keep the opening hand (advanced rule)."""


@dataclass(frozen=True)
class Exchange:
    """Shuffle the opening hand back and draw a new one (advanced rule)."""


@dataclass(frozen=True)
class Place:
    """Put a dwarf on a hex during set-up."""

    dwarf: int
    cell: int


Action = Draw | Drawn | Discard | Play | Block | Take | PlaceWound | Fury | Escape | Pass | Keep | Exchange | Place

#: Every action kind, as :meth:`DrakoRules.action_kind` names them.
ACTION_KINDS = ("draw", "drawn", "discard", "play", "block", "take", "wound", "fury", "escape", "pass", "keep",
                "exchange", "place")
_SIMPLE: dict[str, Action] = {"draw": Draw(), "take": Take(), "fury": Fury(), "escape": Escape(), "pass": Pass(),
                              "keep": Keep(), "exchange": Exchange()}


class Notation:
    """Writes and reads actions, given the spec (dwarf ids, card kinds, abilities) and the board."""

    def __init__(self, spec: DrakoSpec, tables: BoardTables):
        self.spec = spec
        self.tables = tables
        self.dwarf_ids = tuple(d.id for d in spec.dwarves)
        self.abilities = tuple(name for name, _ in spec.abilities)

    def text(self, action: Action) -> str:
        """An action in the notation."""
        names = self.tables.names
        if isinstance(action, Play):
            card = self.card_of_code(action.card)
            head = action.card if card is not None and len(card.options) == 1 else f"{action.card}:{action.option}"
            words = ["play", head]
            if action.cells and len(action.cells) == len(action.figures):
                for figure, cell in zip(action.figures, action.cells):
                    words += [self.dwarf_ids[figure], names[cell]]
            else:
                words += [self.dwarf_ids[f] for f in action.figures] + [names[c] for c in action.cells]
            if action.direction >= 0:
                words.append(self.tables.direction_names[action.direction])
            return " ".join(words)
        if isinstance(action, (Drawn, Discard, Block)):
            return f"{type(action).__name__.lower()} {action.card}"
        if isinstance(action, PlaceWound):
            return f"wound {self.abilities[action.ability]}"
        if isinstance(action, Place):
            return f"place {self.dwarf_ids[action.dwarf]} {names[action.cell]}"
        return next(word for word, simple in _SIMPLE.items() if simple == action)

    def card_of_code(self, code: str) -> Card | None:
        """The kind of card with this code in either deck (dwarf deck first), if any."""
        return self.spec.cards["dwarves"].get(code) or self.spec.cards["dragon"].get(code)

    def parse(self, side: int, text: str) -> Action:
        """Read an action of ``side`` (the side whose cards are meant); ValueError says what is wrong."""
        words = text.split()
        if not words:
            raise ValueError("an empty action; write e.g. 'draw' or 'play M2 brald c3'")
        verb, args = words[0].lower(), words[1:]
        if verb in _SIMPLE:
            if args:
                raise ValueError(f"'{verb}' takes nothing after it")
            return _SIMPLE[verb]
        if verb in ("drawn", "discard", "block"):
            if len(args) != 1:
                raise ValueError(f"'{verb}' names one card, e.g. '{verb} M2'")
            self._card(side, args[0])
            return Drawn(args[0]) if verb == "drawn" else Discard(args[0]) if verb == "discard" else Block(args[0])
        if verb == "wound":
            if len(args) != 1 or args[0] not in self.abilities:
                raise ValueError(f"'wound' names one of the dragon's abilities: {', '.join(self.abilities)}")
            return PlaceWound(self.abilities.index(args[0]))
        if verb == "place":
            if len(args) != 2:
                raise ValueError("'place' names a dwarf and a hex, e.g. 'place brald c3'")
            return Place(self._dwarf(args[0]), self.tables.cell(args[1]))
        if verb == "play":
            return self._play(side, args)
        raise ValueError(f"'{verb}' is not an action of Drako (actions: draw, play, block, take, wound, fury, "
                         f"escape, pass, discard, keep, exchange, place; chance: drawn)")

    def _card(self, side: int, code: str) -> Card:
        kinds = self.spec.cards[SIDES[side]]
        if code not in kinds:
            raise ValueError(f"'{code}' is not a card of the {OF_SIDE[SIDES[side]]} deck (cards: {', '.join(kinds)})")
        return kinds[code]

    def _dwarf(self, name: str) -> int:
        if name not in self.dwarf_ids:
            raise ValueError(f"'{name}' is not a dwarf (dwarves: {', '.join(self.dwarf_ids)})")
        return self.dwarf_ids.index(name)

    def _play(self, side: int, args: list[str]) -> Play:
        if not args:
            raise ValueError("'play' names a card, e.g. 'play M2 brald c3'")
        code, _, option_code = args[0].partition(":")
        card = self._card(side, code)
        if not option_code:
            if len(card.options) > 1:
                raise ValueError(f"card {code} shows two options: name one, e.g. 'play {code}:"
                                 f"{card.options[0].code} ...'")
            option_code = card.options[0].code
        option = card.option(option_code)
        if option is None:
            raise ValueError(f"card {code} does not show {option_code} (options: "
                             f"{', '.join(o.code for o in card.options)})")
        rest = args[1:]
        symbol = option.symbol
        if side == DRAGON_SIDE:
            if symbol in ("move", "flight"):
                if len(rest) != 1:
                    raise ValueError(f"{option_code} names the hex the dragon goes to, e.g. 'play {args[0]} d5'")
                return Play(code, option_code, cells=(self.tables.cell(rest[0]),))
            if symbol == "attack":
                if len(rest) != 1:
                    raise ValueError(f"{option_code} names the dwarf attacked, e.g. 'play {args[0]} "
                                     f"{self.dwarf_ids[0]}'")
                return Play(code, option_code, figures=(self._dwarf(rest[0]),))
            if symbol == "fire":
                if len(rest) != 1 or rest[0] not in self.tables.direction_names:
                    raise ValueError(f"{option_code} names a direction: {', '.join(self.tables.direction_names)}")
                return Play(code, option_code, direction=self.tables.direction_names.index(rest[0]))
        elif symbol in ("move", "move-two"):
            if not rest or len(rest) % 2 or len(rest) > (2 if symbol == "move" else 4):
                who = "a dwarf and his hex" if symbol == "move" else "one or two dwarves, each with his hex"
                raise ValueError(f"{option_code} names {who}, e.g. 'play {args[0]} {self.dwarf_ids[0]} d3'")
            return Play(code, option_code, figures=tuple(self._dwarf(w) for w in rest[::2]),
                        cells=tuple(self.tables.cell(w) for w in rest[1::2]))
        elif symbol in ("attack", "attack-two"):
            if not rest or len(rest) > (1 if symbol == "attack" else 2):
                who = "the attacking dwarf" if symbol == "attack" else "one or two attacking dwarves"
                raise ValueError(f"{option_code} names {who}, e.g. 'play {args[0]} {self.dwarf_ids[0]}'")
            return Play(code, option_code, figures=tuple(self._dwarf(w) for w in rest))
        if rest:
            raise ValueError(f"{option_code} takes nothing after the card")
        return Play(code, option_code)

