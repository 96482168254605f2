"""Previews: the pages of a kit's files as SVG, drawn by the same planned jobs that write the PDFs.

The kit's plan (:func:`plan`) gives every file a maker; a file drawn as SVG
pages has a :class:`PdfMaker`, whose ``draw()`` returns the pages the PDF is
made of. The studio shows those pages at true scale, with the printer
profile's unprintable margins shaded over them. Nothing here draws a board,
a piece or a card itself.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Callable

from . import shared
from .workspace import Selection, Workspace

#: The parts the studio previews, the page of their first file it shows, and how it names each page shown.
PREVIEWS: dict[str, tuple[tuple[int, str], ...]] = {
    "board": (),  # every sheet of the board
    "pieces": ((0, "Piece sheet 1, fronts"), (1, "Piece sheet 1, backs")),
    "cards": ((0, "Card sheet 1, fronts"), (1, "Card sheet 1, backs")),
    "mats": ((0, "Mat"),),
    "calibration": ((0, "Calibration sheet, front"), (1, "Calibration sheet, back")),
}
_SIZE = re.compile(r'<svg\b[^>]*?\bviewBox="0 0 ([\d.]+) ([\d.]+)"')
_IDS = re.compile(r'(\bid="|url\(#|href="#)([^")]+)')
_COUNTER = itertools.count(1)


@dataclass(frozen=True)
class Sheet:
    """One page as it will print: its SVG (ids made unique on the page), size and unprintable margins in mm."""

    label: str
    svg: str
    size: tuple[float, float]
    margins: tuple[float, float, float, float]  # top, right, bottom, left

    @property
    def shading(self) -> str:
        """An SVG path over the page that covers its unprintable margins (even-odd: the page less the printable
        area)."""
        w, h = self.size
        top, right, bottom, left = self.margins
        return (f"M0 0H{w:g}V{h:g}H0Z M{left:g} {top:g}V{h - bottom:g}H{w - right:g}V{top:g}Z")


def page_size(svg: str) -> tuple[float, float]:
    """The size of an SVG page in mm, as its root element's view box gives it (the pages are drawn in mm)."""
    found = _SIZE.search(svg)
    if found is None:
        raise ValueError("an SVG page without a size in mm")
    return float(found.group(1)), float(found.group(2))


def inline(svg: str) -> str:
    """An SVG page ready to sit in an HTML page beside others: no XML declaration, ids prefixed so that two pages'
    clip paths and patterns never meet, sized by the page's style sheet instead of its own mm size."""
    prefix = f"s{next(_COUNTER)}-"
    svg = _IDS.sub(lambda m: f"{m.group(1)}{prefix}{m.group(2)}", svg[svg.index("<svg"):])
    end = svg.index(">")
    return re.sub(r'\s(width|height)="[^"]*"', "", svg[:end]) + svg[end:]


def _paper_of(part: str, fmt: str, game: shared.Game) -> str:
    """The paper a part's file prints on: the board's own, or the paper of its pieces, cards and books."""
    board = game.format(fmt)
    return board.paper if part == "board" else board.small_paper


def part_sheets(space: Workspace, game: shared.Game, selection: Selection, part: str, fmt: str, theme: str,
                warn: Callable[[str], None] = lambda _: None) -> list[Sheet]:
    """The pages the studio previews of ``part`` for board format ``fmt`` in ``theme`` (a theme reference the kit
    takes), for the selection's printer: drawn by the planned job of the part's first two-sided file."""
    if part not in PREVIEWS:
        raise shared.UserError(f"no preview of part '{part}'; previews: {', '.join(PREVIEWS)}")
    options = selection.options(space, game, parts=(part,), formats=(fmt,), themes=(theme,))
    jobs = [job for job in shared.plan(game, options, warn) if job.part == part]
    drawn = next((job for job in jobs if isinstance(job.make, shared.PdfMaker) and "foldover" not in job.name), None)
    if drawn is None or not isinstance(drawn.make, shared.PdfMaker):
        return []
    pages = drawn.make.draw()
    profile = shared.load_printer(options.printer)
    setup = profile.setup(_paper_of(part, fmt, game))
    wanted = PREVIEWS[part] or tuple((n, f"Board {fmt}, sheet {n + 1} of {len(pages)}") for n in range(len(pages)))
    sheets = []
    for index, label in wanted:
        if index < len(pages):
            size = page_size(pages[index])
            sheets.append(Sheet(label, inline(pages[index]), size, setup.turned_to(size).margins))
    return sheets


def part_names(space: Workspace, game: shared.Game, selection: Selection) -> list[str]:
    """The parts of this kit that have a preview (a game without cards has no card preview)."""
    return [part for part in PREVIEWS if part in _planned_parts(space, game, selection)]


def _planned_parts(space: Workspace, game: shared.Game, selection: Selection) -> set[str]:
    options = selection.options(space, game, parts=tuple(PREVIEWS), formats=selection.formats[:1],
                                themes=selection.theme_refs(space, game.id)[:1])
    return {job.part for job in shared.plan(game, options, lambda _: None)}
