"""The saved game: its outer fields, its objects' ids, and the check of the whole against its JSON Schema.

``save.schema.json`` (beside this module) states the parts of Tabletop
Simulator's save format the export writes; :func:`save_problems` checks a
save against it and against what a schema cannot say (every card's sheet is
in its deck, a sheet has a slot for every card).
"""
from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any, Iterator

from jsonschema import Draft202012Validator

from .objects import SaveObject

#: The save's JSON Schema.
SCHEMA_FILE = Path(__file__).with_name("save.schema.json")
#: The table model and the background the save asks for: a wide rectangular table, a plain room.
TABLE, SKY = "Table_RPG", "Sky_Museum"


@cache
def save_schema() -> dict[str, Any]:
    """The save's JSON Schema, read once."""
    schema: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return schema


def save_document(title: str, game_id: str, placed: list[SaveObject]) -> dict[str, Any]:
    """The whole save of a game called ``title``: no date, no script, the table, and ``placed`` each with an id
    of its own (the same ids every time)."""
    return {"SaveName": title, "GameMode": title, "Date": "", "VersionNumber": "", "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": TABLE, "Sky": SKY,
            "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
            "ObjectStates": _with_ids(placed, game_id, set())}


def _with_ids(placed: list[SaveObject], game_id: str, taken: set[str]) -> list[SaveObject]:
    """``placed`` with a ``GUID`` first in each object (and in each object a bag or deck holds): six hexadecimal
    digits of a hash of the game and the object's rank, unique in the save."""
    out = []
    for item in placed:
        rank = len(taken)
        guid = hashlib.sha1(f"{game_id}:{rank}".encode()).hexdigest()[:6]
        while guid in taken:
            guid = hashlib.sha1(guid.encode()).hexdigest()[:6]
        taken.add(guid)
        made = {"GUID": guid, **item}
        if "ContainedObjects" in made:
            made["ContainedObjects"] = _with_ids(made["ContainedObjects"], game_id, taken)
        out.append(made)
    return out


def save_json(save: dict[str, Any]) -> str:
    """The save as the file holds it: indented, keys in the order written, one newline at the end."""
    return json.dumps(save, indent=2, ensure_ascii=False) + "\n"


def walk(found: list[SaveObject]) -> Iterator[SaveObject]:
    """Every object of a save's list, and every object a bag or deck of it holds, depth first."""
    for item in found:
        yield item
        yield from walk(item.get("ContainedObjects", []))


def save_problems(save: dict[str, Any]) -> list[str]:
    """Every way ``save`` breaks the schema, and every card whose sheet or slot is not there; empty when sound."""
    validator = Draft202012Validator(save_schema())
    problems = [f"{error.json_path}: {error.message}" for error in
                sorted(validator.iter_errors(save), key=lambda e: (list(map(str, e.absolute_path)), e.message))]
    for item in walk(save.get("ObjectStates", [])):
        sheets = item.get("CustomDeck", {})
        ids = [item["CardID"]] if item.get("Name") == "Card" else item.get("DeckIDs", [])
        for card_id in ids:
            sheet = sheets.get(str(card_id // 100))
            if sheet is None or card_id % 100 >= sheet["NumWidth"] * sheet["NumHeight"]:
                problems.append(f"{item.get('Nickname', '?')}: card {card_id} has no place on its deck's sheets")
        if item.get("Name") == "DeckCustom":
            held = [card.get("CardID") for card in item.get("ContainedObjects", [])]
            if held != item.get("DeckIDs"):
                problems.append(f"{item.get('Nickname', '?')}: DeckIDs do not list the cards the deck holds")
    return problems
