"""Ejderhalar's pieces, made from the layout the engine plays on, and the "tokens only" kit.

``components.yaml`` gives one entry per player (shape, size, faces) and the
stun markers; this module turns each player entry into one kind of token per
dragon of that player, as ``board.yaml`` sets the dragons up (colour
``dragon-<n>``, glyph ``<n>``, the set-up square as label, the entry's count of
each). An entry without a count gets what the engine needs (``tokens_per_dragon``
tokens of each dragon; a stun marker for every token of every dragon), so a 9x9
board with six dragons a side prints the right tokens without a change here.

The kit parts at the end replace the shared ``pieces`` part (which would print
the player entries as they are) and add ``tokens``: the tokens, the stun
markers and the control-point markers sized for a chess board of one's own
(``specs/ejderhalar/tokens-only.yaml``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ....compose.punch import duplex_layout, duplex_pages, foldover_layout, foldover_pages
from ....errors import Problem, SpecError
from ....model.faces import Face
from ....model.game import Game
from ....output.pdf import PdfOptions
from ....kit.piece_kit import papers_for, pdf_writer
from ....model.pieces import Component, Components
from ....play.registry import load_components
from ....model.printers import load_printer
from ....model.printspec import PrintFormat
from ....model.theme import Theme
from ....model.validate import check_instance
from ....model.yamlsource import load_document
from ..drawing import glyph
from ..layout import Layout, load_layout

if TYPE_CHECKING:
    from ....kit import Job, KitOptions

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



def sheet_files(game: Game, theme: Theme, components: Components, fmt: PrintFormat, stem: str, what: str,
                printer: Path | None, previews: bool) -> list[tuple[str, Callable[[Path], int]]]:
    """``<stem>.pdf`` (two-sided) and ``<stem>-foldover.pdf`` for ``components`` sized for ``fmt``."""
    profile = load_printer(printer)
    setup = profile.setup(fmt.small_paper)
    grid = game.board.grid
    duplex, folded = duplex_layout(components, fmt, setup, grid), foldover_layout(components, fmt, setup, grid)
    return [
        (f"{stem}.pdf", pdf_writer(partial(duplex_pages, game, components, theme, duplex),
                                PdfOptions(title=f"{game.title} {what}, two-sided",
                                           subject=f"Punch sheets, fronts and backs; printer profile {profile.name}",
                                           duplex=setup.duplex), previews)),
        (f"{stem}-foldover.pdf", pdf_writer(partial(foldover_pages, game, components, theme, folded),
                                         PdfOptions(title=f"{game.title} {what}, fold-over",
                                                    subject="Punch sheets to fold and glue, for one-sided printers"),
                                         previews)),
    ]


def plan_pieces(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """Punch sheets of the dragons' tokens and the stun markers for every selected board format."""
    from ....kit import Job
    components = kit_components(game)
    return [Job("pieces", n, m) for f in formats
            for n, m in sheet_files(game, themes[0], components, game.format(f), f"pieces-{f}",
                                    f"pieces for the {f} board", options.printer, options.previews)]


def plan_tokens(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """The tokens-only kit, for players who use their own chess board, on each paper the formats use."""
    from ....kit import Job
    components, fmt = tokens_only_components(game)
    jobs = []
    for paper in papers_for(game, formats):
        sized = replace(fmt, paper=paper)
        jobs += [Job("pieces", n, m) for n, m in sheet_files(
            game, themes[0], components, sized, f"tokens-only-{paper.lower()}",
            f"tokens only, for a chess board of {fmt.square_mm:g} mm squares", options.printer, options.previews)]
    return jobs
