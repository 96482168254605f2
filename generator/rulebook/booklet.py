"""Saddle-stitch imposition: half-sheet pages two to a side of landscape sheets (A5 on A4, half-Letter on Letter),
folded and stapled in the middle.

Print the result on both sides, flipping on the short edge, stack the sheets
in order, fold them in half and staple along the fold. Blank pages pad the
book to a multiple of four; they go just before the last page, so the book
still ends on its back cover.
"""
from __future__ import annotations

import pikepdf
from reportlab.lib import pagesizes

from .overlay import stamp

#: A4 landscape, in points (as the printed files have always declared it).
SHEET = (round(pagesizes.A4[1], 4), round(pagesizes.A4[0], 4))
#: US Letter landscape, in points.
LETTER_SHEET = (round(pagesizes.LETTER[1], 4), round(pagesizes.LETTER[0], 4))


def padded_order(pages: int) -> list[int | None]:
    """The booklet's pages in reading order: source page indices, with ``None`` for the blank pages added."""
    if pages < 1:
        raise ValueError("a booklet needs at least one page")
    blanks = -pages % 4
    if pages == 1:
        return [0] + [None] * blanks
    return list(range(pages - 1)) + [None] * blanks + [pages - 1]


def sheet_sides(count: int) -> list[tuple[int, int]]:
    """(left, right) reading positions printed on each side of each sheet, fronts and backs alternating.

    ``count`` must be a multiple of four. For 8 pages: (8, 1), (2, 7), (6, 3), (4, 5) in 1-based terms;
    here 0-based: (7, 0), (1, 6), (5, 2), (3, 4).
    """
    if count % 4:
        raise ValueError(f"a saddle-stitched booklet has a multiple of 4 pages, not {count}")
    sides = []
    for sheet in range(count // 4):
        sides.append((count - 1 - 2 * sheet, 2 * sheet))
        sides.append((2 * sheet + 1, count - 2 - 2 * sheet))
    return sides


def impose(source: pikepdf.Pdf, sheet_size: tuple[float, float] = SHEET) -> pikepdf.Pdf:
    """A new PDF with ``source``'s pages imposed two up on sheets of ``sheet_size`` (points, landscape), each placed
    as a form XObject, meeting at the fold."""
    order = padded_order(len(source.pages))
    out = pikepdf.Pdf.new()
    width, height = sheet_size
    for left, right in sheet_sides(len(order)):
        sheet = out.add_blank_page(page_size=sheet_size)
        for position, at_left in ((left, True), (right, False)):
            index = order[position]
            if index is None:
                continue
            page = source.pages[index]
            w = float(page.mediabox[2]) - float(page.mediabox[0])
            h = float(page.mediabox[3]) - float(page.mediabox[1])
            x0 = width / 2 - w if at_left else width / 2
            y0 = (height - h) / 2
            form = out.copy_foreign(page.as_form_xobject())
            stamp(out, sheet, form, f"/Page{index + 1}", pikepdf.Rectangle(x0, y0, x0 + w, y0 + h))
    return out
