"""Drako's spec files: the decks, the player mats, the board marks and the options, validated.

The numbers the source fixes (deck size, hand limit, actions per turn) are
constants here; the numbers it leaves out (cards per kind, wound spaces, the
board) come from ``specs/drako/`` and a bad file gives located problems.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import Problem, SpecError
from ...model.game import Game
from ...model.geometry import HexGrid
from ...model.validate import check_instance, option
from ...model.yamlsource import Document, load_document
from .cards import OF_SIDE, SIDES, SYMBOLS, Card, Ranges, make_card, make_option

#: Rules of the source: cards per deck, opening hand, cards per draw, hand limit, actions per turn.
DECK_SIZE = 38
OPENING_HAND = 4
DRAW_COUNT = 2
HAND_LIMIT = 6
ACTIONS_PER_TURN = 2
FIRST_TURN_ACTIONS = 1
#: The dragon's abilities and the dwarves' abilities, each held once.
DRAGON_ABILITIES = ("flight", "move", "fire")
#: The dragon's abilities as players call them (the mat's words).
ABILITY_NAMES = {"flight": "Flight", "move": "Movement", "fire": "Fire"}
DWARF_ABILITIES = ("fury", "net", "archery")
#: Dwarf abilities with a marker of the same id in components.yaml: the net lies beside a netted dragon, the Fury
#: marker turns to its used side.
MARKED_ABILITIES = ("net", "fury")
#: Id of the wound markers in components.yaml.
WOUND_MARKER = "wound"

OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["decks", "mats"],
    "properties": {
        "decks": {"type": "string", "description": "The decks file, relative to the game folder."},
        "mats": {"type": "string", "description": "The player mats file, relative to the game folder."},
        "first_game": {"type": "boolean", "default": True,
                       "description": "Dwarves start on the board's dwarf-start hexes."},
        "exchange_opening_hand": {"type": "boolean", "default": False,
                                  "description": "Advanced rule: each player may swap the opening hand once."},
    },
}

_CARD_LIST = {"type": "array", "minItems": 1, "items": {
    "type": "object", "additionalProperties": False, "required": ["options", "count"],
    "properties": {"options": {"type": "array", "minItems": 1, "maxItems": 2, "items": {"type": "string"}},
                   "count": {"type": "integer", "minimum": 1, "maximum": 60}}}}
#: The lowest and highest number a card may show next to a symbol (one digit, as the cards' corners print it).
_RANGE = {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "integer", "minimum": 1, "maximum": 9},
          "description": "[lowest, highest]"}
_VALUES = {"type": "object", "additionalProperties": False,
           "description": "The numbers the cards of each side may show next to each symbol that takes one.",
           "required": list(SIDES), "properties": {side: {
               "type": "object", "additionalProperties": False,
               "required": [n for n, sym in SYMBOLS[side].items() if sym.valued],
               "properties": {n: _RANGE for n, sym in SYMBOLS[side].items() if sym.valued}} for side in SIDES}}
DECKS_SCHEMA: dict[str, Any] = {
    "title": "Drako decks", "type": "object", "additionalProperties": False, "required": ["values", *SIDES],
    "properties": {"values": _VALUES, **{side: _CARD_LIST for side in SIDES}}}

MATS_SCHEMA: dict[str, Any] = {
    "title": "Drako player mats", "type": "object", "additionalProperties": False,
    "required": ["wound_markers", "dragon", "dwarves"],
    "properties": {
        "wound_markers": {"type": "integer", "minimum": 1},
        "dragon": {"type": "object", "additionalProperties": False, "required": ["armour", "abilities"],
                   "properties": {
                       "armour": {"type": "integer", "minimum": 0},
                       "abilities": {"type": "array", "minItems": 3, "maxItems": 3, "items": {
                           "type": "object", "additionalProperties": False, "required": ["ability", "spaces"],
                           "properties": {"ability": {"enum": list(DRAGON_ABILITIES)},
                                          "spaces": {"type": "integer", "minimum": 1}}}}}},
        "dwarves": {"type": "array", "minItems": 3, "maxItems": 3, "items": {
            "type": "object", "additionalProperties": False, "required": ["id", "name", "ability", "spaces"],
            "properties": {"id": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"}, "name": {"type": "string"},
                           "ability": {"enum": list(DWARF_ABILITIES)},
                           "spaces": {"type": "integer", "minimum": 1}}}},
    },
}


@dataclass(frozen=True)
class Dwarf:
    """A dwarf of the mat: id (used in the notation), name, ability and wound spaces."""

    id: str
    name: str
    ability: str
    spaces: int


@dataclass(frozen=True)
class DrakoSpec:
    """Everything the engine reads from the specs.

    ``decks`` lists each side's cards (card codes, one per physical card, in
    spec order); ``cards`` gives each side's kinds of card by code; ``values``
    the lowest and highest number each side's symbols may show; the
    dragon's mat is ``armour`` then ``abilities`` (name, spaces) in mat order.
    """

    decks: dict[str, tuple[str, ...]]
    cards: dict[str, dict[str, Card]]
    values: dict[str, Ranges]
    armour: int
    abilities: tuple[tuple[str, int], ...]
    dwarves: tuple[Dwarf, ...]
    wound_markers: int
    grid: HexGrid
    dragon_start: str
    dwarf_starts: tuple[str, ...]
    first_game: bool
    exchange_opening_hand: bool

    @property
    def dragon_spaces(self) -> tuple[int, ...]:
        """Spaces of each area of the dragon's mat: armour first, then each ability."""
        return (self.armour,) + tuple(n for _, n in self.abilities)

    def dwarf_index(self, ability: str) -> int:
        """Which dwarf (by mat order) holds an ability."""
        return next(i for i, d in enumerate(self.dwarves) if d.ability == ability)


def _load_values(doc: Document) -> tuple[dict[str, Ranges], list[Problem]]:
    values: dict[str, Ranges] = {}
    problems = []
    for side in SIDES:
        values[side] = {}
        for name, (low, high) in doc.data["values"][side].items():
            if low > high:
                problems.append(doc.problem(("values", side, name), f"the lowest number of '{name}' ({low}) is above "
                                            f"the highest ({high})", "write [lowest, highest]"))
            values[side][name] = (low, high)
    return values, problems


Decks = tuple[dict[str, tuple[str, ...]], dict[str, dict[str, Card]], dict[str, Ranges], list[Problem]]


def _load_decks(doc: Document) -> Decks:
    problems = check_instance(doc, DECKS_SCHEMA)
    decks: dict[str, tuple[str, ...]] = {}
    cards: dict[str, dict[str, Card]] = {}
    if problems:
        return decks, cards, {}, problems
    values, problems = _load_values(doc)
    if problems:
        return decks, cards, values, problems
    for side in SIDES:
        listing: list[str] = []
        kinds: dict[str, Card] = {}
        for n, entry in enumerate(doc.data[side]):
            try:
                card = make_card(tuple(make_option(side, text, values[side]) for text in entry["options"]))
            except ValueError as exc:
                problems.append(doc.problem((side, n, "options"), str(exc),
                                            f"symbols of {OF_SIDE[side]} cards: {', '.join(SYMBOLS[side])}"))
                continue
            if len({o.symbol for o in card.options}) < len(card.options):
                problems.append(doc.problem((side, n, "options"), f"card {card.code} shows one symbol twice",
                                            "give the two options different symbols"))
            if card.code in kinds:
                problems.append(doc.problem((side, n), f"card {card.code} is listed twice",
                                            "merge the two entries and add up their counts"))
            kinds[card.code] = card
            listing += [card.code] * entry["count"]
        if len(listing) != DECK_SIZE and not problems:
            problems.append(doc.problem((side,), f"the {OF_SIDE[side]} deck holds {len(listing)} cards, the game has "
                                        f"{DECK_SIZE}", "change the counts so that they add up to 38"))
        decks[side], cards[side] = tuple(listing), kinds
    return decks, cards, values, problems


def _load_mats(doc: Document) -> list[Problem]:
    problems = check_instance(doc, MATS_SCHEMA)
    if problems:
        return problems
    data = doc.data
    for key, names in (("dragon", DRAGON_ABILITIES), ("dwarves", DWARF_ABILITIES)):
        listing = data[key]["abilities"] if key == "dragon" else data[key]
        found = [entry["ability"] for entry in listing]
        if sorted(found) != sorted(names):
            where = (key, "abilities") if key == "dragon" else (key,)
            problems.append(doc.problem(where, f"the {OF_SIDE[key]} mat must hold each of {', '.join(names)} once, "
                                        f"found {', '.join(found)}", "list every ability once"))
    ids = [d["id"] for d in data["dwarves"]]
    if len(set(ids)) != len(ids):
        problems.append(doc.problem(("dwarves",), "two dwarves share an id", "give each dwarf its own id"))
    spaces = [d["spaces"] for d in data["dwarves"]]
    if len(set(spaces)) != len(spaces):
        problems.append(doc.problem(("dwarves",), f"each dwarf needs a different number of wound spaces, found "
                                    f"{spaces}", "change the spaces so that no two dwarves have the same"))
    total = data["dragon"]["armour"] + sum(a["spaces"] for a in data["dragon"]["abilities"]) + sum(spaces)
    if total > data["wound_markers"]:
        problems.append(doc.problem(("wound_markers",), f"the mats have {total} wound spaces but only "
                                    f"{data['wound_markers']} wound markers", "add markers or remove spaces"))
    return problems


def _mark_key(doc: Document, kind: str, cell: str | None = None) -> tuple[Any, ...]:
    """Where board.yaml marks ``kind`` (at ``cell`` when given): the key of that mark (and of the cell in it)."""
    for n, mark in enumerate(doc.data.get("marks", []) or []):
        if isinstance(mark, dict) and mark.get("kind") == kind:
            at = mark.get("at", [])
            if cell is None:
                return ("marks", n)
            if isinstance(at, list) and cell in at:
                return ("marks", n, "at", at.index(cell))
    return ("marks",)


def _board_problems(game: Game, first_game: bool) -> list[Problem]:
    """The board's marks that Drako cannot set up, each at its place in board.yaml."""
    doc = game.documents["board"]
    grid = game.board.grid
    if not isinstance(grid, HexGrid):
        return [doc.problem(("grid", "shape"), "Drako is played on a hex board", "write 'shape: hex'")]
    dragon = game.board.marked_cells("dragon-start")
    if len(dragon) != 1:
        return [doc.problem(_mark_key(doc, "dragon-start"), f"Drako needs exactly one dragon-start hex, found "
                            f"{len(dragon)}", "mark one hex with 'kind: dragon-start'")]
    found: list[Problem] = []
    starts = game.board.marked_cells("dwarf-start")
    if first_game and len(starts) != 3:
        found.append(doc.problem(_mark_key(doc, "dwarf-start"), f"the first game needs three dwarf-start hexes, "
                                 f"found {len(starts)}", "mark one hex for each dwarf of mats.yaml, in its order"))
    near = set(grid.neighbours(dragon[0]))
    for cell in starts:
        if cell in near or cell == dragon[0]:
            found.append(doc.problem(_mark_key(doc, "dwarf-start", cell), f"dwarf-start hex {cell} is "
                                     f"{'on' if cell == dragon[0] else 'next to'} the dragon's hex {dragon[0]}: "
                                     "a dwarf may not set up beside the dragon",
                                     f"choose a hex at least two steps from {dragon[0]}"))
    return found


def load_spec(game: Game) -> DrakoSpec:
    """Read and check the options, decks, mats and board marks of a loaded Drako game (once per loaded game: a kit
    asks for them for every file it makes)."""
    if "drako" not in game.derived:
        game.derived["drako"] = _read_spec(game)
    spec: DrakoSpec = game.derived["drako"]
    return spec


def _read_spec(game: Game) -> DrakoSpec:
    game_doc = game.documents["game"]
    problems = check_instance(game_doc, OPTIONS_SCHEMA, ("options",))
    if "options" not in game_doc.data:
        problems.append(game_doc.problem((), "game.yaml needs 'options' naming the decks and mats files",
                                         "add 'options: {decks: decks.yaml, mats: mats.yaml}'"))
    if problems:
        raise SpecError(problems)
    options = game.options
    docs: dict[str, Document] = {}
    for key in ("decks", "mats"):
        path = Path(game.folder) / options[key]
        if not path.is_file():
            what = "is a folder, not a file" if path.is_dir() else "does not exist"
            problems.append(game_doc.problem(("options", key), f"{key} file '{options[key]}' {what} in "
                                             f"{game.folder}", f"name the {key} file, e.g. '{key}.yaml', "
                                                               "relative to the game's folder"))
            continue
        try:
            docs[key] = load_document(path)
        except SpecError as exc:
            problems += exc.problems
    if problems:
        raise SpecError(problems)
    decks, cards, values, found = _load_decks(docs["decks"])
    problems += found + _load_mats(docs["mats"])
    first_game = bool(option(options, OPTIONS_SCHEMA, "first_game"))
    problems += _board_problems(game, first_game)
    if problems:
        raise SpecError(problems)
    mats = docs["mats"].data
    grid = game.board.grid
    assert isinstance(grid, HexGrid)
    return DrakoSpec(
        decks, cards, values, mats["dragon"]["armour"],
        tuple((a["ability"], a["spaces"]) for a in mats["dragon"]["abilities"]),
        tuple(Dwarf(d["id"], d["name"], d["ability"], d["spaces"]) for d in mats["dwarves"]),
        mats["wound_markers"], grid, game.board.marked_cells("dragon-start")[0],
        game.board.marked_cells("dwarf-start"), first_game, bool(option(options, OPTIONS_SCHEMA, "exchange_opening_hand")))

