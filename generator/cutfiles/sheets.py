"""The kit's punch, card and decal sheets, laid out again for a cutting machine by their own composers.

A sheet file of the kit is made by a :class:`~generator.kit.piece_kit.PdfMaker`
whose pages come from a composer called with its inputs: the punch sheets'
:func:`~generator.compose.punch.duplex_pages`, the card sheets'
:func:`~generator.compose.cards.card_pages`, the decal sheets'
:func:`~generator.compose.decals.decal_pages`. For a machine, the same
composer is called with the same pieces, cards or decals, laid out by the
same layout function on the machine's paper setup
(:func:`~generator.cutfiles.machines.machine_setup`): nothing of a piece is
described twice, and a change to a sheet's layout reaches its cut files.
Fold-over files are left out: a machine cuts the front of a two-sided sheet.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Callable

from ..compose.cards import CardLayout, card_layout, card_pages
from ..compose.decals import decal_grid, decal_pages
from ..compose.punch import SheetLayout, duplex_layout, duplex_pages
from ..errors import SpecError
from ..model.game import Game
from ..kit.piece_kit import PdfMaker
from ..model.pieces import Components, DecalSettings
from ..model.printers import PaperSetup
from ..render.decals import decal_squares
from .machines import AREA_WORDS, machine_setup
from .paths import CutPath, card_paths, decal_paths, placement_path


@dataclass
class CutSource:
    """One sheet file of the kit laid out for a machine: its name, its sheets' cut paths, and its pages.

    ``draw`` makes the composer's SVG pages (drawn once, when a file first
    needs them); ``sided`` says each sheet is a fronts page followed by a backs
    page (punch and card sheets), not one page (decals).
    """

    stem: str
    machine: str
    setup: PaperSetup
    paths: list[list[CutPath]]
    draw: Callable[[], list[str]]
    sided: bool
    _pages: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        """How many sheets the machine's layout takes."""
        return len(self.paths)

    def name(self, sheet: int) -> str:
        """The sheet's name in its cut files: the kit file's name and the sheet's number, 'pieces-a4-2'."""
        return f"{self.stem}-{sheet + 1}"

    def pages(self, sheet: int) -> tuple[str, str | None]:
        """The SVG of the sheet's fronts page and of its backs page (None for one-sided sheets)."""
        if not self._pages:
            self._pages = self.draw()
        if self.sided:
            return self._pages[2 * sheet], self._pages[2 * sheet + 1]
        return self._pages[sheet], None


def _arg(pages: partial[list[str]], kind: type[Any]) -> Any:
    """The argument of type ``kind`` a composer was called with."""
    return next(a for a in pages.args if isinstance(a, kind))


def _replaced(pages: partial[list[str]], old: object, new: object) -> partial[list[str]]:
    """The same composer call with the argument ``old`` replaced by ``new``."""
    return partial(pages.func, *(new if a is old else a for a in pages.args), **pages.keywords)


def relaid(name: str, make: Callable[..., int], machine: str) -> CutSource | None:
    """The kit file ``name`` (made by ``make``) laid out for ``machine``; None for a file no machine cuts.

    A sheet whose pieces do not fit the machine's area is refused with the layout's own located problem, said
    for this machine's cut files.
    """
    try:
        return _relaid(name, make, machine)
    except SpecError as exc:
        hint = (f"{machine.capitalize()} reads less of the page than the printer ({AREA_WORDS[machine]}): use "
                f"smaller pieces, or leave {machine} out of --cut")
        raise SpecError([replace(p, message=f"{machine.capitalize()} cut files of {name}: {p.message}", hint=hint)
                         for p in exc.problems]) from None


def _relaid(name: str, make: Callable[..., int], machine: str) -> CutSource | None:
    pages = make.draw if isinstance(make, PdfMaker) else None
    if not isinstance(pages, partial):
        return None
    stem = name.removesuffix(".pdf")
    if pages.func is duplex_pages:
        old: SheetLayout = _arg(pages, SheetLayout)
        setup = machine_setup(machine, old.setup)
        layout = duplex_layout(_arg(pages, Components), old.fmt, setup)
        paths = [[placement_path(p) for p in sheet] for sheet in layout.sheets]
        return CutSource(stem, machine, setup, paths, _replaced(pages, old, layout), True)
    if pages.func is card_pages:
        cards: CardLayout = _arg(pages, CardLayout)
        if cards.flip.edge == "fold":
            return None
        setup = machine_setup(machine, cards.setup)
        grid = card_layout(cards.deck, setup)
        paths = [card_paths(grid, n) for n in range(len(grid.sheets))]
        return CutSource(stem, machine, setup, paths, _replaced(pages, cards, grid), True)
    if pages.func is decal_pages:
        paper: PaperSetup = _arg(pages, PaperSetup)
        game, settings = _arg(pages, Game), _arg(pages, DecalSettings)
        setup = machine_setup(machine, paper)
        centres = decal_grid(settings, setup, len(decal_squares(game, settings)))
        paths = [decal_paths(page, settings.square_mm) for page in centres]
        return CutSource(stem, machine, setup, paths, _replaced(pages, paper, setup), False)
    return None
