"""JSON Schemas of every spec format: the loader validates with them and `schema` writes them out."""
from __future__ import annotations

from typing import Any

ID = {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$",
      "description": "Lower-case identifier: letters, digits and dashes."}
SQUARE = {"type": "string", "pattern": "^[A-Za-z]+[0-9]+$",
          "description": "A square or hex name: column letter(s) then row number, e.g. b10."}
SQUARES = {"type": "array", "items": SQUARE, "minItems": 1, "uniqueItems": True}
AREA = {"type": "string", "pattern": "^[A-Za-z]+[0-9]+:[A-Za-z]+[0-9]+$",
        "description": "A rectangle of squares given by two corners, e.g. a1:h12."}
COLOUR_KEY = {"type": "string", "description": "A colour name from the theme palette, e.g. gate-blue."}
MM = {"type": "number", "exclusiveMinimum": 0, "description": "A length in millimetres."}

GAME: dict[str, Any] = {
    "title": "Game spec",
    "description": "A game's identity, players and items, and where its other spec files are.",
    "type": "object",
    "additionalProperties": False,
    "required": ["name", "title", "players", "files"],
    "properties": {
        "name": {"type": "string"},
        "title": {"type": "string"},
        "designer": {"type": "string"},
        "rules": {"type": "string", "description": "Rules model that checks this game."},
        "files": {
            "type": "object",
            "additionalProperties": False,
            "required": ["board", "print", "themes"],
            "properties": {k: {"type": "string"} for k in
                           ("board", "print", "themes", "components", "examples")},
        },
        "players": {
            "type": "array", "minItems": 1,
            "items": {
                "type": "object", "additionalProperties": False,
                "required": ["id", "name", "colour"],
                "properties": {"id": ID, "name": {"type": "string"}, "colour": COLOUR_KEY,
                               "emblem": {"type": "string"}},
            },
        },
        "items": {
            "type": "array",
            "items": {
                "type": "object", "additionalProperties": False,
                "required": ["id", "kind", "name"],
                "properties": {"id": ID, "kind": ID, "name": {"type": "string"},
                               "form": {"type": "integer", "minimum": 1},
                               "owner": ID, "colour": COLOUR_KEY},
            },
        },
    },
}

BOARD: dict[str, Any] = {
    "title": "Board spec",
    "description": "Grid, zones, marked squares and gates of a board.",
    "type": "object",
    "additionalProperties": False,
    "required": ["grid"],
    "properties": {
        "grid": {
            "type": "object", "additionalProperties": False, "required": ["shape"],
            "properties": {
                "shape": {"enum": ["square", "hex"]},
                "columns": {"type": "integer", "minimum": 1, "maximum": 52},
                "rows": {"type": "integer", "minimum": 1, "maximum": 99},
                "radius": {"type": "integer", "minimum": 1, "maximum": 20,
                           "description": "Hex boards: rings around the centre (5 gives 91 hexes)."},
                "orientation": {"enum": ["pointy", "flat"]},
                "column_labels": {"type": "string", "minLength": 1},
            },
        },
        "legend": {"type": "object", "additionalProperties": False,
                   "description": "Legend label for each kind of square.",
                   "properties": {k: {"type": "string"} for k in
                                  ("home", "start", "flag", "flag-acquisition", "storage",
                                   "weapon-acquisition", "gate", "landing")}},
        "symmetry": {"enum": ["none", "mirror-columns", "mirror-rows", "rotate-180"]},
        "zones": {
            "type": "array",
            "items": {
                "type": "object", "additionalProperties": False, "required": ["id", "name"],
                "properties": {"id": ID, "name": {"type": "string"}, "owner": ID, "area": AREA,
                               "at": SQUARES},
            },
        },
        "features": {
            "type": "array",
            "items": {
                "type": "object", "additionalProperties": False, "required": ["kind", "at"],
                "properties": {"kind": {"enum": ["home", "start", "flag", "flag-acquisition", "storage",
                                                  "weapon-acquisition"]},
                               "owner": ID, "at": SQUARES, "item": ID, "faces": SQUARE},
            },
        },
        "gates": {
            "type": "array",
            "items": {
                "type": "object", "additionalProperties": False,
                "required": ["id", "name", "colour", "glyph", "at", "landing"],
                "properties": {"id": ID, "name": {"type": "string"}, "colour": COLOUR_KEY,
                               "glyph": {"type": "string", "minLength": 1, "maxLength": 2},
                               "at": SQUARE, "landing": {"type": "array", "items": SQUARE}},
            },
        },
    },
}

FORMAT: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "required": ["paper", "square_mm"],
    "properties": {
        "paper": {"enum": ["A3", "A4", "A5", "letter", "legal", "tabloid"]},
        "orientation": {"enum": ["landscape", "portrait"]},
        "square_mm": MM,
        "sheets": {"type": "object", "additionalProperties": False, "required": ["rows", "columns"],
                   "properties": {"rows": {"type": "integer", "minimum": 1, "maximum": 6},
                                  "columns": {"type": "integer", "minimum": 1, "maximum": 6}}},
        "glue_mm": {"type": "number", "minimum": 10, "maximum": 15,
                    "description": "Width of the glue strip on inner edges of tiled sheets."},
    },
}

PRINT: dict[str, Any] = {
    "title": "Print spec",
    "description": "Print formats of a game's board: paper, square size, tiling.",
    "type": "object", "additionalProperties": False, "required": ["formats"],
    "properties": {
        "margin_mm": {"type": "number", "minimum": 0, "maximum": 25,
                      "description": "Unprintable margin kept clear on every side."},
        "formats": {"type": "object", "minProperties": 1,
                    "propertyNames": {"pattern": "^[a-z0-9][a-z0-9-]*$"},
                    "additionalProperties": FORMAT},
    },
}

THEME: dict[str, Any] = {
    "title": "Theme",
    "description": "Colours and drawing style. A theme with `base` inherits everything it does not set.",
    "type": "object", "additionalProperties": False,
    "properties": {
        "name": {"type": "string"},
        "base": {"type": "string", "description": "Name of a built-in theme to inherit from."},
        "description": {"type": "string"},
        "style": {"type": "object", "additionalProperties": False,
                  "properties": {"emblems": {"enum": ["filled", "outline"]},
                                 "features": {"type": "boolean"},
                                 "checker": {"type": "boolean"}}},
        "colours": {"type": "object", "propertyNames": {"pattern": "^[a-z0-9][a-z0-9-]*$"},
                    "additionalProperties": {"type": "string",
                                             "description": "A CSS colour: #rrggbb, rgb(...), or a name."}},
    },
}

SCHEMAS: dict[str, dict[str, Any]] = {"game": GAME, "board": BOARD, "print": PRINT, "theme": THEME}


def register(kind: str, schema: dict[str, Any]) -> None:
    """Add a spec format (used by modules that own one, e.g. components or examples)."""
    SCHEMAS[kind] = schema


def bundle() -> dict[str, Any]:
    """One JSON Schema document holding every spec format under ``$defs``."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://dravakron.invalid/spec.schema.json",
        "title": "Board game kit specs",
        "$defs": dict(sorted(SCHEMAS.items())),
        "anyOf": [{"$ref": f"#/$defs/{k}"} for k in sorted(SCHEMAS)],
    }
