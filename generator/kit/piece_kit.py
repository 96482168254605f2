"""The kit's component files: punch sheets, card sheets and mats, the duplex calibration sheet and board decals.

Each ``*_files`` function returns the files of one kit part as (file name,
maker) pairs; a maker writes its PDF (and PNG preview) and returns the page
count. Layouts are worked out there, before anything is written, so a spec or
printer that does not fit fails early with a located error. The kit
(:mod:`generator.kit`) plans with them; :func:`write_component_sheets`,
:func:`write_cards` and :func:`write_mat` write the files straight away:

- ``pieces-<format>.pdf`` / ``pieces-<format>-foldover.pdf``: the pieces,
  sized for that format's board;
- ``cards-<deck>-<paper>.pdf`` / ``cards-<deck>-<paper>-foldover.pdf``: a
  deck, nine poker cards to a sheet, with its shared back;
- ``mat-<mat>.pdf``: one mat, one-sided;
- ``duplex-calibration-<paper>.pdf`` and ``decals-<paper>.pdf``: one file per
  paper (a4, letter), so that each file is printed on one paper.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Callable

from ..compose.calibration import calibration_pages
from ..compose.cards import card_layout, card_pages
from ..compose.decals import decal_grid, decal_pages
from ..compose.mats import check_mat_fits, mat_pages, mat_setup
from ..compose.punch import duplex_layout, duplex_pages, foldover_layout, foldover_pages
from ..model.game import Game
from ..output.pdf import PdfOptions, pdf_preview, write_pdf
from ..play.registry import load_components
from ..model.printers import PaperSetup, load_printer
from ..render.decals import decal_squares, decals_what
from ..model.theme import Theme

Maker = Callable[[Path], int]


@dataclass(frozen=True)
class PdfMaker:
    """A maker of a PDF drawn as SVG pages: :meth:`draw` gives the pages (what the studio previews), calling it
    writes the PDF (and, with ``previews``, its PNG preview at ``dpi``) and returns the page count.

    :attr:`draw` serves other makers that draw the same sheets again: the cut files (:mod:`generator.cutfiles`)
    lay a punch, card or decal sheet out anew with the same composer and inputs.
    """

    draw: Callable[[], list[str]]
    options: PdfOptions
    previews: bool
    dpi: float = 40.0

    def __call__(self, path: Path) -> int:
        drawn = self.draw()
        write_pdf(drawn, path, self.options)
        if self.previews:
            pdf_preview(path, path.with_suffix(".png"), dpi=self.dpi)
        return len(drawn)


def pdf_writer(pages: Callable[[], list[str]], options: PdfOptions, previews: bool) -> Maker:
    """A maker that writes the PDF of ``pages`` (drawn when it runs) and, with ``previews``, its PNG preview."""
    return PdfMaker(pages, options, previews)


def papers_for(game: Game, formats: tuple[str, ...]) -> list[str]:
    """The punch-sheet papers (A4, letter) the selected formats need, in order."""
    return list(dict.fromkeys(game.format(f).small_paper for f in formats))


def piece_files(game: Game, theme: Theme, formats: tuple[str, ...], printer: Path | None,
                previews: bool) -> list[tuple[str, Maker]]:
    """``pieces-<format>.pdf`` (fronts and backs, page after page) and ``pieces-<format>-foldover.pdf``."""
    components = load_components(game)
    if components is None or not components.components:
        return []
    profile = load_printer(printer)
    files = []
    for name in formats:
        fmt = game.format(name)
        setup = profile.setup(fmt.small_paper)
        grid = game.board.grid
        # the pieces are dealt over their places when the file is drawn (in a worker), not while the kit is planned
        duplex = duplex_layout(components, fmt, setup, grid, deal=False)
        folded = foldover_layout(components, fmt, setup, grid, deal=False)
        files.append((f"pieces-{name}.pdf", pdf_writer(
            partial(duplex_pages, game, components, theme, duplex),
            PdfOptions(title=f"{game.title} pieces for the {name} board, two-sided",
                       subject=f"Punch sheets, fronts and backs; printer profile {profile.name}",
                       duplex=setup.duplex), previews)))
        files.append((f"pieces-{name}-foldover.pdf", pdf_writer(
            partial(foldover_pages, game, components, theme, folded),
            PdfOptions(title=f"{game.title} pieces for the {name} board, fold-over",
                       subject="Punch sheets to fold and glue, for one-sided printers"), previews)))
    return files


def calibration_files(game: Game, theme: Theme, formats: tuple[str, ...], printer: Path | None,
                      previews: bool) -> list[tuple[str, Maker]]:
    """``duplex-calibration-<paper>.pdf``: a front and a back page, for each paper the selected formats print on."""
    if load_components(game) is None:
        return []
    profile = load_printer(printer)
    return [(f"duplex-calibration-{setup.paper.lower()}.pdf", pdf_writer(
        partial(calibration_pages, game, theme, setup),
        PdfOptions(title=f"{game.title} duplex calibration, {setup.label}",
                   subject=f"Printer profile {profile.name}", duplex=profile.duplex), previews))
        for setup in (profile.setup(paper) for paper in papers_for(game, formats))]


def decal_files(game: Game, theme: Theme, formats: tuple[str, ...], printer: Path | None,
                previews: bool) -> list[tuple[str, Maker]]:
    """``decals-<paper>.pdf``: the board's marked squares as stickers, for each paper the selected formats print on."""
    components = load_components(game)
    if components is None:
        return []
    profile = load_printer(printer)
    setups: list[PaperSetup] = [profile.setup(paper) for paper in papers_for(game, formats)]
    for setup in setups:
        decal_grid(components.decals, setup, len(decal_squares(game, components.decals)))
    return [(f"decals-{setup.paper.lower()}.pdf", pdf_writer(
        partial(decal_pages, game, theme, components.decals, setup),
        PdfOptions(title=f"{game.title} board decals, {setup.label}",
                   subject=f"Stickers of t{decals_what(game, components.decals)[1:]}"), previews))
        for setup in setups]


def card_files(game: Game, theme: Theme, papers: list[str], printer: Path | None,
               previews: bool) -> list[tuple[str, Maker]]:
    """``cards-<deck>-<paper>.pdf`` (fronts and backs) and ``...-foldover.pdf`` for every deck, on each paper.

    The kit passes the papers its formats print on: ``papers_for(game, formats)``.
    """
    components = load_components(game)
    if components is None:
        return []
    profile = load_printer(printer)
    files = []
    for paper in papers:
        setup = profile.setup(paper)
        for deck in components.decks:
            name = f"cards-{deck.id}-{paper.lower()}"
            duplex, folded = card_layout(deck, setup, deal_now=False), card_layout(deck, setup, True, deal_now=False)
            files.append((f"{name}.pdf", pdf_writer(
                partial(card_pages, components, theme, duplex),
                PdfOptions(title=f"{game.title}: {deck.name}, two-sided",
                           subject=f"Card sheets, fronts and backs; printer profile {profile.name}",
                           duplex=setup.duplex), previews)))
            files.append((f"{name}-foldover.pdf", pdf_writer(
                partial(card_pages, components, theme, folded),
                PdfOptions(title=f"{game.title}: {deck.name}, fold-over",
                           subject="Card sheets to fold and glue, for one-sided printers"), previews)))
    return files


def mat_files(game: Game, theme: Theme, printer: Path | None, previews: bool) -> list[tuple[str, Maker]]:
    """``mat-<mat>.pdf`` for every mat the components spec lists, on its own paper."""
    components = load_components(game)
    if components is None:
        return []
    profile = load_printer(printer)
    files = []
    for mat in components.mats:
        setup = mat_setup(mat, profile)
        check_mat_fits(mat, setup)
        files.append((f"mat-{mat.id}.pdf", pdf_writer(
            partial(mat_pages, components, theme, mat, setup),
            PdfOptions(title=f"{game.title}: {mat.title}", subject=f"Mat; printer profile {profile.name}"),
            previews)))
    return files


def _write_all(files: list[tuple[str, Maker]], folder: Path) -> list[Path]:
    """Write every (name, maker) into ``folder``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, make in files:
        make(folder / name)
    return [folder / name for name, _ in files]


def write_component_sheets(game: Game, theme: Theme, formats: tuple[str, ...], folder: Path,
                           printer: Path | None = None, previews: bool = False) -> list[Path]:
    """Write the punch sheets (two-sided and fold-over) for each of ``formats`` into ``folder``; their paths."""
    return _write_all(piece_files(game, theme, formats, printer, previews), folder)


def write_cards(game: Game, theme: Theme, papers: list[str], folder: Path, printer: Path | None = None,
                previews: bool = False) -> list[Path]:
    """Write every deck's card sheets (two-sided and fold-over) on each of ``papers`` (A4, letter); their paths."""
    return _write_all(card_files(game, theme, papers, printer, previews), folder)


def write_mat(game: Game, theme: Theme, folder: Path, printer: Path | None = None,
              previews: bool = False) -> list[Path]:
    """Write every mat of the game into ``folder``; their paths."""
    return _write_all(mat_files(game, theme, printer, previews), folder)
