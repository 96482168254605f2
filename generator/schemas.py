"""JSON Schemas of every spec format: the loader validates with them and `schema` writes them out."""
from __future__ import annotations

from typing import Any

from .outfiles import SAFE_NAME

ID = {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$",
      "description": "Lower-case identifier: letters, digits and dashes."}
SQUARE = {"type": "string", "pattern": "^[A-Za-z]+[1-9][0-9]*$",
          "description": "A square or hex name: column letter(s) then row number from 1, without leading "
                         "zeros, e.g. b10."}
SQUARES = {"type": "array", "items": SQUARE, "minItems": 1, "uniqueItems": True}
AREA = {"type": "string", "pattern": "^[A-Za-z]+[1-9][0-9]*:[A-Za-z]+[1-9][0-9]*$",
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
        "options": {"type": "object", "description": "The game's variants and parameters; the game's "
                                                     "engine says which it knows."},
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
                "naming": {"enum": ["columns", "rows"],
                           "description": "Hex boards: name cells by column (default) or by horizontal row "
                                          "(pointy hexes; rows lettered from the bottom, cells numbered "
                                          "from the left)."},
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
        "mark_kinds": {
            "type": "object", "propertyNames": {"pattern": "^[a-z0-9][a-z0-9-]*$"},
            "description": "The game's own kinds of marked cell, each with how it is drawn.",
            "additionalProperties": {
                "type": "object", "additionalProperties": False, "required": ["name"],
                "properties": {
                    "name": {"type": "string", "description": "What the legend calls this kind."},
                    "fill": COLOUR_KEY, "border": COLOUR_KEY,
                    "glyph": {"type": "string", "minLength": 1, "maxLength": 3,
                              "description": "Letters or a symbol printed in the cell."},
                    "emblem": {"type": "string", "description": "An emblem drawn in the cell."},
                    "label": {"type": "string", "description": "Text printed beside the marked cells."},
                },
            },
        },
        "marks": {
            "type": "array",
            "description": "Marked cells: each entry gives a kind from mark_kinds, its cells and owner.",
            "items": {
                "type": "object", "additionalProperties": False, "required": ["kind", "at"],
                "properties": {"kind": ID, "at": SQUARES, "owner": ID,
                               "label": {"type": "string", "description": "Text for these cells only."}},
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

#: What a built-in theme may be used for (see the theme schema's ``roles``).
THEME_ROLES = ("default", "ink-saving", "book")

THEME: dict[str, Any] = {
    "title": "Theme",
    "description": "Colours and drawing style. A theme with `base` inherits everything it does not set.",
    "type": "object", "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "pattern": SAFE_NAME,
                 "description": "The theme's name, used in file names: letters, digits, '-' and '_'."},
        "base": {"type": "string", "description": "Name of a built-in theme to inherit from."},
        "description": {"type": "string"},
        "roles": {"type": "array", "uniqueItems": True, "items": {"enum": list(THEME_ROLES)},
                  "description": "What the kit uses this built-in theme for: 'default' (full colour, listed "
                                 "first), 'ink-saving' (preflight holds its boards to at most 40 % of the "
                                 "default theme's ink), 'book' (rulebook pictures and rule diagrams)."},
        "style": {"type": "object", "additionalProperties": False,
                  "properties": {"emblems": {"enum": ["filled", "outline"]},
                                 "features": {"type": "boolean"},
                                 "checker": {"type": "boolean"}}},
        "colours": {"type": "object", "propertyNames": {"pattern": "^[a-z0-9][a-z0-9-]*$"},
                    "additionalProperties": {"type": "string",
                                             "description": "A CSS colour: #rrggbb, rgb(...), or a name."}},
    },
}

FRACTION = {"type": "number", "exclusiveMinimum": 0, "maximum": 1,
            "description": "A fraction of the board's square size, e.g. 0.8."}
FACE: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "minProperties": 1,
    "description": "One side of a piece; keys left out are those of its front.",
    "properties": {"emblem": {"type": "string", "description": "An emblem name, e.g. freeze-active."},
                   "ground": COLOUR_KEY, "ink": COLOUR_KEY},
}

COMPONENTS: dict[str, Any] = {
    "title": "Components spec",
    "description": "The game's pieces (how many, how big, their two sides), their punch sheets, and board decals.",
    "type": "object", "additionalProperties": False, "required": ["sizes", "components"],
    "properties": {
        "sizes": {"type": "object", "additionalProperties": False, "required": ["piece", "item"],
                  "description": "Diameters as fractions of the board's square: each board format gets its own.",
                  "properties": {"piece": FRACTION, "item": FRACTION}},
        "min_margin_mm": {"type": "number", "minimum": 0, "maximum": 10,
                          "description": "Least room between a piece and the edge of its square, all round."},
        "min_rim_mm": {"type": "number", "minimum": 0, "maximum": 10,
                       "description": "Least band of a piece left showing around an item it carries."},
        "sheet": {"type": "object", "additionalProperties": False,
                  "properties": {
                      "bleed_mm": {"type": "number", "minimum": 0.5, "maximum": 5,
                                   "description": "Art printed past the cut line on fronts."},
                      "back_bleed_mm": {"type": "number", "minimum": 3, "maximum": 8,
                                        "description": "Art printed past the cut line on backs: at least 3 mm, "
                                                       "as home printers shift the back by up to that much."},
                      "gutter_mm": {"type": "number", "minimum": 6, "maximum": 30,
                                    "description": "Space between the cut lines of neighbouring pieces: at "
                                                   "least twice back_bleed_mm."},
                      "spares": {"type": "integer", "minimum": 0, "maximum": 3,
                                 "description": "Extra copies of each component (0 for none)."}}},
        "colours": {"type": "object", "propertyNames": {"pattern": "^[a-z0-9][a-z0-9-]*$"},
                    "description": "Colours the pieces use that the board's themes do not define.",
                    "additionalProperties": {"type": "string", "description": "A CSS colour, e.g. #d6eef6."}},
        "components": {
            "type": "array", "minItems": 1,
            "items": {"type": "object", "additionalProperties": False,
                      "description": "A player's pieces (player) or an item's piece (item), with how many.",
                      "properties": {"player": ID, "item": ID, "name": {"type": "string"},
                                     "count": {"type": "integer", "minimum": 1, "maximum": 50},
                                     "back": FACE}},
        },
        "decals": {"type": "object", "additionalProperties": False,
                   "description": "Stickers of the board's marked squares, for a board you build yourself.",
                   "properties": {"square_mm": {"type": "number", "minimum": 10, "maximum": 60,
                                                "description": "Side of a decal: your board's square size."},
                                  "bleed_mm": {"type": "number", "minimum": 0.5, "maximum": 5},
                                  "gutter_mm": {"type": "number", "minimum": 4, "maximum": 30}}},
    },
}

MARGINS = {"type": ["number", "object"], "minimum": 0, "maximum": 40,
           "description": "Where the printer cannot print, in mm: one number for every side, or each side.",
           "additionalProperties": False, "required": ["top", "right", "bottom", "left"],
           "properties": {side: {"type": "number", "minimum": 0, "maximum": 40}
                          for side in ("top", "right", "bottom", "left")}}
OFFSET = {"type": "object", "additionalProperties": False,
          "description": "Where the back lands relative to the front, seen from the front (+x right, +y down), "
                         "as the duplex calibration page shows it.",
          "properties": {"x": {"type": "number", "minimum": -10, "maximum": 10},
                         "y": {"type": "number", "minimum": -10, "maximum": 10}}}

PRINTER: dict[str, Any] = {
    "title": "Printer profile",
    "description": "What one home printer can do: its unprintable margins and how far it shifts the back of a "
                   "two-sided sheet, for all paper or per paper.",
    "type": "object", "additionalProperties": False, "required": ["margins_mm"],
    "properties": {
        "name": {"type": "string"},
        "description": {"type": "string"},
        "margins_mm": MARGINS,
        "duplex": {"enum": ["long", "short"], "description": "The edge the sheet turns on when printed two-sided."},
        "duplex_offset_mm": OFFSET,
        "papers": {"type": "object", "description": "Settings for one paper that differ from those above.",
                   "additionalProperties": {"type": "object", "additionalProperties": False, "minProperties": 1,
                                            "properties": {"margins_mm": MARGINS, "duplex_offset_mm": OFFSET}}},
    },
}

SCHEMAS: dict[str, dict[str, Any]] = {"game": GAME, "board": BOARD, "print": PRINT, "theme": THEME,
                                      "components": COMPONENTS, "printer": PRINTER}


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
