"""Ejderhalar's pieces as its kit prints them, made from the layout the engine plays on, and the "tokens only"
kit's pieces and settings: facts the diagrams, the books and the kit all read, kept apart from the kit's writers
(:mod:`.parts`) so that what only draws a diagram never loads them.

``components.yaml`` gives one entry per player (shape, size, faces) and the
stun markers; this module turns each player entry into one kind of token per
dragon of that player, as ``board.yaml`` sets the dragons up (colour
``dragon-<n>``, glyph ``<n>``, the set-up square as label, the entry's count of
each). An entry without a count gets what the engine needs (``tokens_per_dragon``
tokens of each dragon; a stun marker for every token of every dragon), so a 9x9
board with six dragons a side prints the right tokens without a change here.
The tokens-only kit adds control-point markers and sizes everything for a chess
board of one's own (``specs/ejderhalar/tokens-only.yaml``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ....errors import Problem, SpecError
from ....model.faces import Face
from ....model.filekinds import PAPER_WORDS, FileKind
from ....model.game import Game
from ....model.pieces import Component, Components
from ....model.printspec import PrintFormat
from ....model.validate import check_instance
from ....model.yamlsource import load_document
from ....play.registry import load_components
from ..drawing import glyph
from ..layout import Layout, load_layout

#: Id of the control-point markers the tokens-only kit adds.
CONTROL_ID = "control-point"
#: The tokens-only kit's spec file, in the game's spec folder.
TOKENS_FILE = "tokens-only.yaml"
#: How many dragon colours a theme names (``dragon-1`` ...); more dragons reuse them, their glyphs still differ.
DRAGON_COLOURS = 5

#: JSON Schema of tokens-only.yaml.
TOKENS_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["square_mm"],
    "properties": {
        "square_mm": {"type": "number", "minimum": 20, "maximum": 80,
                      "description": "Side of a square of the chess board the tokens are for, in mm."},
        "control_marker": {"type": "number", "exclusiveMinimum": 0, "maximum": 1,
                           "description": "Control-point markers' width as a share of the square."},
    },
}


@dataclass(frozen=True)
class TokensOnly:
    """The tokens-only kit's settings: the chess board's square and the control markers' share of it."""

    square_mm: float
    control_marker: float


def load_tokens_only(game: Game) -> TokensOnly:
    """Read ``tokens-only.yaml``; a located SpecError when it is malformed."""
    doc = load_document(game.folder / TOKENS_FILE)
    problems: list[Problem] = check_instance(doc, TOKENS_SCHEMA)
    if problems:
        raise SpecError(problems)
    return TokensOnly(float(doc.data["square_mm"]), float(doc.data.get("control_marker", 0.9)))


def dragon_colour(layout: Layout, dragon: int) -> str:
    """The colour key of a dragon's tokens: ``dragon-<n>`` by its number among its owner's dragons."""
    return f"dragon-{(glyph(layout, dragon) - 1) % DRAGON_COLOURS + 1}"


def dragon_components(game: Game, components: Components) -> Components:
    """``components`` with each player entry made into one token kind per dragon (its count is per dragon: the
    engine checks it, and the stun markers' count, against the rules)."""
    layout = load_layout(game)
    out: list[Component] = []
    for c in components.components:
        if c.id in layout.players:
            p = layout.players.index(c.id)
            for k, name in enumerate(layout.dragons):
                if layout.owner_of[k] != p:
                    continue
                n, colour = glyph(layout, k), dragon_colour(layout, k)
                face = replace(c.front, emblem="", ground=colour, ink=f"on-{colour}", glyph=str(n),
                               label=layout.cells[layout.start_of[k]])
                out.append(replace(c, id=name, front=face, back=face))
        else:
            out.append(c)
    return replace(components, components=out)


def control_marker(game: Game, settings: TokensOnly) -> Component:
    """The control-point marker of the tokens-only kit: one per control point of board.yaml."""
    layout = load_layout(game)
    face = Face("ejder-control", "control-point", "control-border")
    return Component(CONTROL_ID, "Control-point marker", "", len(layout.control), face, face, "disc",
                     settings.control_marker, None, 0)


def kit_components(game: Game) -> Components:
    """The board kit's pieces: the dragons' tokens and the stun markers."""
    components = load_components(game)
    if components is None:
        raise SpecError([Problem(game.folder / "components.yaml", None, None, "Ejderhalar needs a components spec",
                                 "add components.yaml and name it under files: in game.yaml")])
    return dragon_components(game, components)


def tokens_only_components(game: Game) -> tuple[Components, PrintFormat]:
    """The tokens-only kit's pieces (with the control markers) and the 'board' (a chess board) they are for."""
    settings = load_tokens_only(game)
    components = kit_components(game)
    components = replace(components, components=[*components.components, control_marker(game, settings)])
    return components, PrintFormat("own chess board", "A4", "portrait", settings.square_mm)


#: The kinds of file the tokens-only kit writes, for the print guide's list of files.
TOKEN_FILE_KINDS = (
    FileKind("tokens-only-{paper}-foldover.pdf", lambda game, files: (
        " or ".join(dict.fromkeys(PAPER_WORDS[f["paper"]] for f in files)),
        "the same tokens with their backs below a fold line; one-sided, then fold, glue and cut")),
    FileKind("tokens-only-{paper}.pdf", lambda game, files: (
        " or ".join(dict.fromkeys(PAPER_WORDS[f["paper"]] for f in files)),
        "every token and stun marker sized for a chess board of your own, with control-point markers; "
        "two-sided, turning on the {edge} edge")),
)
