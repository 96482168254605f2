"""The kit's piece files: punch sheets (duplex and fold-over), the duplex calibration sheet and board decals.

Each function returns the files of one kit part as (file name, maker) pairs;
a maker writes its PDF (and PNG preview) and returns the page count. Layouts
are worked out here, before anything is written, so a spec or printer that
does not fit fails early with a located error.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Callable

from .compose.calibration import calibration_pages
from .compose.decals import decal_grid, decal_pages
from .compose.punch import duplex_layout, duplex_pages, foldover_layout, foldover_pages
from .game import Game
from .pdf import PdfOptions, pdf_preview, write_pdf
from .pieces import load_components
from .printers import PaperSetup, load_printer
from .render.decals import decal_squares
from .theme import Theme

Maker = Callable[[Path], int]


def _writer(pages: Callable[[], list[str]], options: PdfOptions, previews: bool, cut: bool = True) -> Maker:
    """A maker that writes ``pages`` (and a preview); ``cut`` sheets declare the sheet as their trim and bleed."""
    def make(path: Path) -> int:
        drawn = pages()
        write_pdf(drawn, path, replace(options, cut_sheet=cut))
        if previews:
            pdf_preview(path, path.with_suffix(".png"), dpi=40.0)
        return len(drawn)

    return make


def papers_for(game: Game, formats: tuple[str, ...]) -> list[str]:
    """The punch-sheet papers (A4, letter) the selected formats need, in order."""
    return list(dict.fromkeys(game.format(f).small_paper for f in formats))


def piece_files(game: Game, theme: Theme, formats: tuple[str, ...], printer: Path | None,
                previews: bool) -> list[tuple[str, Maker]]:
    """``pieces-<format>.pdf`` (fronts and backs, page after page) and ``pieces-<format>-foldover.pdf``."""
    components = load_components(game)
    if components is None:
        return []
    profile = load_printer(printer)
    files = []
    for name in formats:
        fmt = game.format(name)
        setup = profile.setup(fmt.small_paper)
        duplex, folded = duplex_layout(components, fmt, setup), foldover_layout(components, fmt, setup)
        files.append((f"pieces-{name}.pdf", _writer(
            partial(duplex_pages, game, components, theme, duplex),
            PdfOptions(title=f"{game.title} pieces for the {name} board, two-sided",
                       subject=f"Punch sheets, fronts and backs; printer profile {profile.name}",
                       duplex=setup.duplex), previews)))
        files.append((f"pieces-{name}-foldover.pdf", _writer(
            partial(foldover_pages, game, components, theme, folded),
            PdfOptions(title=f"{game.title} pieces for the {name} board, fold-over",
                       subject="Punch sheets to fold and glue, for one-sided printers"), previews)))
    return files


def calibration_files(game: Game, theme: Theme, formats: tuple[str, ...], printer: Path | None,
                      previews: bool) -> list[tuple[str, Maker]]:
    """``duplex-calibration.pdf``: a front and back page for each paper the selected formats print on."""
    if load_components(game) is None:
        return []
    profile = load_printer(printer)
    setups = [profile.setup(paper) for paper in papers_for(game, formats)]

    def pages() -> list[str]:
        return [page for setup in setups for page in calibration_pages(game, theme, setup)]

    return [("duplex-calibration.pdf", _writer(pages, PdfOptions(
        title=f"{game.title} duplex calibration", subject=f"Printer profile {profile.name}",
        duplex=profile.duplex), previews, cut=False))]


def decal_files(game: Game, theme: Theme, formats: tuple[str, ...], printer: Path | None,
                previews: bool) -> list[tuple[str, Maker]]:
    """``decals.pdf``: the board's marked squares as stickers, on each paper the selected formats print on."""
    components = load_components(game)
    if components is None:
        return []
    profile = load_printer(printer)
    setups: list[PaperSetup] = [profile.setup(paper) for paper in papers_for(game, formats)]
    for setup in setups:
        decal_grid(components.decals, setup, len(decal_squares(game)))

    def pages() -> list[str]:
        return [page for setup in setups for page in decal_pages(game, theme, components.decals, setup)]

    return [("decals.pdf", _writer(pages, PdfOptions(title=f"{game.title} board decals",
                                                      subject="Stickers of the board's marked squares"),
                                   previews))]
