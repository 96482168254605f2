"""Ejderhalar's kit parts: the pieces (:mod:`.tokens` makes them from the layout the engine plays on) and the
"tokens only" kit.

The kit parts replace the shared ``pieces`` part (which would print the player
entries as they are) and add ``tokens``: the tokens, the stun markers and the
control-point markers sized for a chess board of one's own
(``specs/ejderhalar/tokens-only.yaml``).
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ....compose.punch import duplex_layout, duplex_pages, foldover_layout, foldover_pages
from ....model.game import Game
from ....output.pdf import PdfOptions
from ....kit.piece_kit import papers_for, pdf_writer
from ....model.pieces import Components
from ....model.printers import load_printer
from ....model.printspec import PrintFormat
from ....model.theme import Theme
from .tokens import kit_components, tokens_only_components

if TYPE_CHECKING:
    from ....kit import Job, KitOptions


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
