"""JSON Schemas of every spec format: the loader validates with them and `schema` writes them out."""
from __future__ import annotations

from typing import Any

from ..output.outfiles import SAFE_NAME

ID = {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$",
      "description": "Lower-case identifier: letters, digits and dashes."}
SQUARE = {"type": "string", "pattern": "^[A-Za-z]+[1-9][0-9]*$",
          "description": "A square or hex name: column letters then row number from 1, without leading "
                         "zeros, e.g. b10."}
SQUARES = {"type": "array", "items": SQUARE, "minItems": 1, "uniqueItems": True}
AREA = {"type": "string", "pattern": "^[A-Za-z]+[1-9][0-9]*:[A-Za-z]+[1-9][0-9]*$",
        "description": "A rectangle of squares given by two corners, e.g. a1:h12."}
COLOUR_KEY = {"type": "string", "description": "A colour name from the theme palette, e.g. zone-red."}
MARK_COLOUR = {"type": "string", "description": "A colour name from the theme palette, or 'owner' for the "
                                              "colour of the mark's owner."}
TEXT = {"type": "string", "minLength": 1, "description": "Text printed in the kit (not empty)."}
MM = {"type": "number", "exclusiveMinimum": 0, "description": "A length in millimetres."}

GAME: dict[str, Any] = {
    "title": "Game spec",
    "description": "A game's identity, players and items, and where its other spec files are.",
    "type": "object",
    "additionalProperties": False,
    "required": ["name", "title", "players", "files"],
    "properties": {
        "name": TEXT,
        "title": TEXT,
        "designer": {"type": "string"},
        "rules": {"type": "string", "description": "Rules model that checks this game."},
        "options": {"type": "object", "description": "The game's variants and parameters; the game's "
                                                     "engine says which it knows."},
        "examples_board": {"type": "string", "pattern": "^[0-9a-f]{12}$",
                           "description": "The board the rule examples were written for (a fingerprint of "
                                          "board.yaml's cells, marks, zones and links). On another board an "
                                          "example that no longer holds is left out of the books instead of "
                                          "stopping the build; write the new fingerprint here to check the "
                                          "examples strictly on the new board."},
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
                "properties": {"id": ID, "name": TEXT, "colour": COLOUR_KEY,
                               "emblem": {"type": "string"}},
            },
        },
        "items": {
            "type": "array",
            "items": {
                "type": "object", "additionalProperties": False,
                "required": ["id", "kind", "name"],
                "properties": {"id": ID, "kind": ID, "name": TEXT,
                               "form": {"type": "integer", "minimum": 1},
                               "owner": ID, "colour": COLOUR_KEY},
            },
        },
    },
}

BOARD: dict[str, Any] = {
    "title": "Board spec",
    "description": "Grid, zones, marked cells and links of a board.",
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
        "symmetry": {"enum": ["none", "mirror-columns", "mirror-rows", "rotate-180"]},
        "zones": {
            "type": "array",
            "items": {
                "type": "object", "additionalProperties": False, "required": ["id", "name"],
                "properties": {"id": ID, "name": TEXT, "owner": ID, "area": AREA,
                               "at": SQUARES},
            },
        },
        "mark_kinds": {
            "type": "object", "propertyNames": {"pattern": "^[a-z0-9][a-z0-9-]*$"},
            "description": "The game's own kinds of marked cell, each with how it is drawn.",
            "additionalProperties": {
                "type": "object", "additionalProperties": False, "required": ["name"],
                "properties": {
                    "name": {"type": "string", "description": "What the legend calls this kind."},
                    "fill": MARK_COLOUR, "border": MARK_COLOUR,
                    "glyph": {"type": "string", "minLength": 1, "maxLength": 3,
                              "description": "Letters or a symbol printed in the cell."},
                    "emblem": {"type": "string",
                               "description": "An emblem drawn in the cell: an emblem's name, 'owner' (the "
                                              "owner's emblem), 'item' (the kind of the item kept there) or "
                                              "'facing' (an arrow towards the cell the mark faces)."},
                    "emblem_size": {"type": "number", "exclusiveMinimum": 0, "maximum": 1,
                                    "description": "The emblem's size as a fraction of the cell (default 0.6)."},
                    "emblem_corner": {"type": "boolean",
                                      "description": "Draw the emblem small in the cell's top-right corner."},
                    "disc": {"type": "boolean",
                             "description": "A paper disc behind the emblem, ringed in the emblem's colour."},
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
                               "label": {"type": "string", "description": "Text for these cells only."},
                               "item": {**ID, "description": "An item (from game.yaml) kept on these cells."},
                               "faces": {**SQUARE, "description": "The cell these cells face."}},
            },
        },
        "link_kinds": {
            "type": "object", "propertyNames": {"pattern": "^[a-z0-9][a-z0-9-]*$"},
            "description": "The game's own kinds of link: a cell that leads to target cells.",
            "additionalProperties": {
                "type": "object", "additionalProperties": False, "required": ["name", "target", "target_name"],
                "properties": {"name": {"type": "string", "description": "What the legend calls the link's cell."},
                               "target": {**ID, "description": "The kind of the cells a link leads to."},
                               "target_name": {"type": "string",
                                               "description": "What the legend calls a target cell."}},
            },
        },
        "links": {
            "type": "array",
            "description": "Links: a cell of a kind from link_kinds and the cells it leads to.",
            "items": {
                "type": "object", "additionalProperties": False,
                "required": ["kind", "id", "name", "colour", "glyph", "at", "to"],
                "properties": {"kind": ID, "id": ID, "name": TEXT, "colour": COLOUR_KEY,
                               "glyph": {"type": "string", "minLength": 1, "maxLength": 2},
                               "at": SQUARE, "to": SQUARES},
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
        "glue_mm": {"type": "number", "minimum": 6, "maximum": 15,
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
                 "description": "The theme's name, used in file names: ASCII letters (a-z, A-Z), digits, '-' and "
                                "'_'."},
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
    "properties": {"emblem": {"type": "string", "description": "An emblem name, e.g. freeze-active; two joined by '+' "
                                                                  "show both, e.g. attack+defence."},
                   "ground": COLOUR_KEY, "ink": COLOUR_KEY,
                   "glyph": {"type": "string", "minLength": 1, "maxLength": 3,
                             "description": "A letter or two drawn large on the face, e.g. K."},
                   "label": {"type": "string", "minLength": 1, "maxLength": 24,
                             "description": "A short caption along the bottom of the face."}},
}
SIZE_MM = {"oneOf": [{"type": "number", "minimum": 5, "maximum": 150},
                     {"type": "array", "items": {"type": "number", "minimum": 5, "maximum": 150},
                      "minItems": 2, "maxItems": 2}],
           "description": "Millimetres: one number (the width; a hex across its flats) or [width, height]."}

CARD: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "description": "One card: its face, what its corner index shows, and how many of it the deck holds.",
    "properties": {**FACE["properties"],
                   "label": {"type": "string", "minLength": 1, "maxLength": 30,
                             "description": "The card's title, under its emblem."},
                   "value": {"type": ["string", "integer"], "description": "The corner index's value, e.g. 7 or K."},
                   "symbol": {"type": "string", "description": "An emblem for the corner index, under the value "
                                                            "(two joined by '+' show both)."},
                   "count": {"type": "integer", "minimum": 1, "maximum": 60}},
}
DECK: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["id", "back", "cards"],
    "description": "A deck of cards sharing one back, printed nine to a sheet at poker size unless size_mm says.",
    "properties": {
        "id": ID, "name": {"type": "string"},
        "size_mm": {"type": "array", "items": {"type": "number", "minimum": 30, "maximum": 130},
                    "minItems": 2, "maxItems": 2, "description": "[width, height]; poker size [63.5, 88.9] if left out."},
        "rounded_mm": {"type": "number", "minimum": 0, "maximum": 10,
                       "description": "Radius of the rounded-corner cut guides (0 or left out: square corners)."},
        "back": {**FACE, "description": "The back every card of the deck shares."},
        "corner": {"type": "object", "additionalProperties": False,
                   "description": "The index in the upper-left corner (and upside down in the lower-right).",
                   "properties": {"value": {"type": "boolean"}, "symbol": {"type": "boolean"},
                                  "size_mm": {"type": "number", "minimum": 5, "maximum": 15,
                                              "description": "Height of the value: at least 5 mm, to read it "
                                                             "across a table."},
                                  "both": {"type": "boolean", "description": "Repeat it in the lower-right."}}},
        "cards": {"type": "array", "minItems": 1, "items": CARD},
    },
}
XY = {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2,
      "description": "[x, y] in mm from the page's top-left corner: the centre of the space."}
SPACE_SHAPE = {"enum": ["box", "circle", "hex"], "description": "box, circle or hex (pointy-top)."}
SPACE_SIZE = {"oneOf": [{"type": "number", "minimum": 3, "maximum": 400},
                        {"type": "array", "items": {"type": "number", "minimum": 3, "maximum": 400},
                         "minItems": 2, "maxItems": 2}],
              "description": "mm: a box's side, a circle's diameter, a hex across its flats; or [width, height]."}
MAT: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["id"],
    "description": "One printed sheet of spaces and tracks.",
    "properties": {
        "id": ID, "title": {"type": "string"},
        "paper": {"enum": ["A4", "letter", "A3", "tabloid"]},
        "orientation": {"enum": ["portrait", "landscape"]},
        "ground": COLOUR_KEY, "ink": COLOUR_KEY,
        "spaces": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["id", "at_mm", "size_mm"],
            "properties": {"id": ID, "shape": SPACE_SHAPE, "at_mm": XY, "size_mm": SPACE_SIZE,
                           "label": {"type": "string", "maxLength": 30}}}},
        "tracks": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["id", "at_mm", "count", "pitch_mm"],
            "description": "A row of numbered spaces: the first centred at at_mm, the next pitch_mm further on.",
            "properties": {"id": ID, "label": {"type": "string", "maxLength": 30}, "shape": SPACE_SHAPE,
                           "at_mm": XY, "count": {"type": "integer", "minimum": 1, "maximum": 100},
                           "first": {"type": "integer"}, "pitch_mm": {"type": "number", "minimum": 3, "maximum": 100},
                           "size_mm": SPACE_SIZE, "direction": {"enum": ["right", "left", "down", "up"]}}}},
    },
}

COMPONENTS: dict[str, Any] = {
    "title": "Components spec",
    "description": "The game's pieces (how many, how big, their two sides), their punch sheets, and board decals.",
    "type": "object", "additionalProperties": False, "anyOf": [{"required": [k]} for k in ("components", "decks", "mats")],
    "properties": {
        "sizes": {"type": "object", "propertyNames": {"pattern": ID["pattern"]},
                  "additionalProperties": FRACTION,
                  "description": "Named widths as fractions of the board's cell, so each board format gets its "
                                 "own: 'piece' (players' pieces), 'item' (items) and any of your own."},
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
                                 "description": "Extra copies of each component (0 for none)."},
                      "mix": {"type": "boolean",
                              "description": "Pieces played face down: spread the pieces that share a shape, "
                                             "size and back over the sheets in a seeded pattern that no sheet, "
                                             "row, column or half gives away (default false: grouped by kind)."}}},
        "colours": {"type": "object", "propertyNames": {"pattern": "^[a-z0-9][a-z0-9-]*$"},
                    "description": "Colours the pieces use that the board's themes do not define.",
                    "additionalProperties": {"type": "string", "description": "A CSS colour, e.g. #d6eef6."}},
        "components": {
            "type": "array", "minItems": 1,
            "items": {"type": "object", "additionalProperties": False,
                      "description": "A player's pieces (player), an item's piece (item) or a piece of the game's "
                                     "own (id, with a front), with its shape, size and how many.",
                      "properties": {"player": ID, "item": ID, "id": ID, "name": {"type": "string"},
                                     "count": {"type": "integer", "minimum": 1, "maximum": 50,
                                               "description": "How many the game uses; left out, what the game's "
                                                              "engine needs (1 for a piece it does not name)."},
                                     "spares": {"type": "integer", "minimum": 0, "maximum": 3,
                                                "description": "Extra copies of this piece, instead of the "
                                                               "sheet's spares."},
                                     "shape": {"enum": ["disc", "square", "hex", "standee"],
                                               "description": "disc (default), square, hex (pointy-top) or "
                                                              "standee (a fold-over figure with base tabs)."},
                                     "size": {"oneOf": [ID, FRACTION],
                                              "description": "A name under 'sizes', or a fraction of a cell."},
                                     "size_mm": SIZE_MM, "front": FACE, "back": FACE,
                                     "back_note": {"type": "string", "minLength": 1, "maxLength": 80,
                                                   "description": "What the back is for, in a few words, for "
                                                                  "the print guide's checklist (else it is "
                                                                  "worked out from the faces)."}}},
        },
        "decks": {"type": "array", "minItems": 1, "items": DECK},
        "mats": {"type": "array", "minItems": 1, "items": MAT},
        "decals": {"type": "object", "additionalProperties": False,
                   "description": "Stickers of the board's marked squares, for a board you build yourself.",
                   "properties": {"square_mm": {"type": "number", "minimum": 10, "maximum": 60,
                                                "description": "Side of a decal: your board's square size."},
                                  "bleed_mm": {"type": "number", "minimum": 0.5, "maximum": 5},
                                  "gutter_mm": {"type": "number", "minimum": 4, "maximum": 30},
                                  "marks": {"type": "array", "items": ID, "uniqueItems": True,
                                            "description": "The kinds of marked cell (board.yaml mark_kinds) "
                                                           "to print a decal of; left out, every kind; [] none."},
                                  "zones": {"type": "boolean",
                                            "description": "A decal of every cell of the board's zones "
                                                           "(default false)."}}},
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
