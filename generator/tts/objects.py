"""The objects of a Tabletop Simulator save, as its documentation names their fields.

Field names and meanings follow the program's save file format
(https://kb.tabletopsimulator.com/custom-content/save-file-format/) and its
custom objects (https://api.tabletopsimulator.com/custom-game-objects/):
``Custom_Tile`` (a two-sided flat piece: box, hexagon or circle), ``Figurine_Custom``
(a standee with a front and a back picture), ``DeckCustom`` and its ``Card``
objects (``CardID`` is the sheet's key times 100 plus the card's slot on
it), ``Bag``, ``Custom_PDF`` and ``Notecard``. ``generator/tts/save.schema.json``
states every field used, and every save is checked against it before it is
written.

Each object carries, in ``Memo`` (notes only scripts read, never shown on
the table), what it is in the kit: ``{"component": <id>}`` for a piece, so
that a save can be read back and counted.
"""
from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from .units import Place

#: ``CustomTile.Type`` of each piece shape (the board and the mats are boxes).
TILE_TYPES = {"square": 0, "hex": 1, "disc": 2}
#: White: the program tints an object's picture with ``ColorDiffuse``, and white keeps the picture's colours.
WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}

SaveObject = dict[str, Any]


def _object(name: str, place: Place, nickname: str, description: str = "", memo: Mapping[str, Any] | None = None,
            locked: bool = False) -> SaveObject:
    """The fields every object has: its kind, place, name and description, its kit identity, and whether it is
    locked in place."""
    made: SaveObject = {"Name": name, "Transform": place.transform(), "Nickname": nickname,
                        "Description": description, "ColorDiffuse": dict(WHITE), "Locked": locked,
                        "Grid": False, "Snap": True, "Tooltip": True}
    if memo:
        made["Memo"] = json.dumps(dict(memo), sort_keys=True)
    return made


def tile(place: Place, nickname: str, front: str, back: str, shape: str, thickness: float,
         memo: Mapping[str, Any] | None = None, locked: bool = False, hide_face_down: bool = False) -> SaveObject:
    """A two-sided flat tile: ``front`` and ``back`` are the URLs of its pictures, which fill it (``Stretch``);
    ``shape`` is square, hex or disc (:data:`TILE_TYPES`)."""
    made = _object("Custom_Tile", place, nickname, "", memo, locked)
    made["HideWhenFaceDown"] = hide_face_down
    made["CustomImage"] = {"ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0, "WidthScale": 0.0,
                           "CustomTile": {"Type": TILE_TYPES[shape], "Thickness": thickness, "Stackable": False,
                                          "Stretch": True}}
    return made


def snap_points(points: Sequence[tuple[float, float]], height: float) -> list[dict[str, Any]]:
    """Snap points at the objects' own (x, z) ``points``, ``height`` above its middle (its top face)."""
    return [{"Position": {"x": round(x, 6) + 0.0, "y": height, "z": round(z, 6) + 0.0},
             "Rotation": {"x": 0.0, "y": 0.0, "z": 0.0}} for x, z in points]


def figurine(place: Place, nickname: str, front: str, back: str,
             memo: Mapping[str, Any] | None = None) -> SaveObject:
    """A standee: its front picture, and its back seen from behind."""
    made = _object("Figurine_Custom", place, nickname, "", memo)
    made["CustomImage"] = {"ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0, "WidthScale": 0.0}
    return made


def custom_deck(face: str, back: str, columns: int, rows: int) -> dict[str, Any]:
    """One sheet of a deck as ``CustomDeck`` describes it: rounded cards, one back for all, the back shown for a
    card nobody may see."""
    return {"FaceURL": face, "BackURL": back, "NumWidth": columns, "NumHeight": rows, "BackIsHidden": True,
            "UniqueBack": False, "Type": 0}


def deck(place: Place, nickname: str, sheets: Mapping[int, dict[str, Any]],
         cards: Sequence[tuple[int, str]], memo: Mapping[str, Any] | None = None) -> SaveObject:
    """A deck of ``cards`` (their ``CardID`` and name), top card last, on ``sheets`` (by their key)."""
    made = _object("DeckCustom", place, nickname, "", memo)
    made["Hands"] = False
    made["SidewaysCard"] = False
    made["DeckIDs"] = [card_id for card_id, _ in cards]
    made["CustomDeck"] = {str(key): sheet for key, sheet in sorted(sheets.items())}
    contained = []
    for card_id, name in cards:
        card = _object("Card", place, name)
        card["CardID"] = card_id
        card["Hands"] = True
        card["SidewaysCard"] = False
        key = card_id // 100
        card["CustomDeck"] = {str(key): sheets[key]}
        contained.append(card)
    made["ContainedObjects"] = contained
    return made


def bag(place: Place, nickname: str, description: str, contents: Sequence[SaveObject]) -> SaveObject:
    """A bag holding ``contents`` (drawn in the order they were put in)."""
    made = _object("Bag", place, nickname, description)
    made["Bag"] = {"Order": 0}
    made["ContainedObjects"] = list(contents)
    return made


def pdf(place: Place, nickname: str, url: str) -> SaveObject:
    """A PDF the program shows page by page, opened at its first page."""
    made = _object("Custom_PDF", place, nickname)
    made["CustomPDF"] = {"PDFUrl": url, "PDFPassword": "", "PDFPage": 0, "PDFPageOffset": 0}
    return made


def notecard(place: Place, title: str, text: str) -> SaveObject:
    """A notecard: its title, and its text."""
    return _object("Notecard", place, title, text)
