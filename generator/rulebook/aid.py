"""The player aid: sheets cut in two, a summary for each side of the game on each half (A5 halves of A4
sheets, or half-Letter halves of US Letter sheets).

A game's book hooks name its sides (``BookHooks.sides``: the players, or the
kinds of player, such as the dragon and a knight faction); each gets one
half, two to a sheet, so two sides take one sheet and five take three.
"""
from __future__ import annotations

import io
from dataclasses import replace

from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, FrameBreak, PageTemplate, Spacer
from reportlab.platypus.doctemplate import LayoutError

from ..errors import UserError
from ..model.printspec import PAPER_MM
from .book import Book, Rulebook
from .booklet import LETTER_SHEET, SHEET
from .compose import Composer
from .document import PageLog
from .layout import HALF_LETTER_MM, PageFormat, Styles, make_styles
from .markup import Block

#: One half of the sheet: an A5 page with narrow margins and small type.
HALF = PageFormat("aid", *PAPER_MM["A5"], 10.0, 8.0, 10.0, 8.2)
#: The aid's papers: the sheet (points, landscape) and its half, by paper name.
PAPERS: dict[str, tuple[tuple[float, float], PageFormat]] = {
    "A4": (SHEET, HALF),
    "letter": (LETTER_SHEET, PageFormat("aid-letter", *HALF_LETTER_MM, 10.0, 8.0, 10.0, 8.2)),
}
#: The template of one half.
TEMPLATE = "player-aid.md.j2"
#: Body sizes the aid tries, largest first (pt): short parts get larger type, as large as lets every part fit
#: its half; all parts share one size.
BODY_SIZES = (11.0, 10.4, 9.8, 9.2, 8.7, HALF.body)


def _cut_line(canvas, doc) -> None:  # type: ignore[no-untyped-def]
    """A dashed line down the middle of the sheet, where it is cut in two."""
    width, height = doc.pagesize
    canvas.saveState()
    canvas.setStrokeColorRGB(0.55, 0.55, 0.55)
    canvas.setLineWidth(0.5)
    canvas.setDash(4, 3)
    canvas.line(width / 2, 8 * mm, width / 2, height - 8 * mm)  # clear of the 6 mm unprintable margin
    canvas.restoreState()


#: Most sides a player aid serves (the most players a game of the project has).
MAX_SIDES = 5


def _half(rulebook: Rulebook, styles: Styles, blocks: list[Block], half: PageFormat) -> list[Flowable]:
    """The flowables of one part, without trailing space."""
    _, _, frame_w, frame_h = half.frame
    flowables = Composer(styles, (frame_w, frame_h), rulebook.figures, numbered=False,
                         edition="player aid").compose(blocks)
    while flowables and isinstance(flowables[-1], Spacer):
        flowables.pop()
    return flowables


def _fits(rulebook: Rulebook, styles: Styles, blocks: list[Block], half: PageFormat) -> bool:
    """Whether one part set in ``styles`` fits one half."""
    _, _, frame_w, frame_h = half.frame
    doc = BaseDocTemplate(io.BytesIO(), pagesize=half.size, invariant=1, initialFontName="Sans")
    doc.addPageTemplates([PageTemplate("half", [Frame(0, 0, frame_w, frame_h, leftPadding=0, rightPadding=0,
                                                      topPadding=0, bottomPadding=0)])])
    try:
        doc.build(_half(rulebook, styles, blocks, half))
    except LayoutError:
        return False
    return bool(doc.page == 1)


def aid_styles(rulebook: Rulebook, parts: list[list[Block]], half: PageFormat = HALF) -> Styles:
    """The styles of the aid: the largest of :data:`BODY_SIZES` at which every part fits its half (the smallest
    size when none does, and the layout then says which part is too long)."""
    for size in BODY_SIZES:
        styles = make_styles(replace(half, body=size), rulebook.theme)
        if all(_fits(rulebook, styles, blocks, half) for blocks in parts):
            return styles
    return styles


def build_player_aid(rulebook: Rulebook, paper: str = "A4") -> Book:
    """The aid sheets on ``paper`` (a key of :data:`PAPERS`), laid out as a :class:`~.book.Book`; raises
    :class:`UserError` when a half does not fit its page."""
    sides = list(rulebook.hooks.sides)
    if not 1 <= len(sides) <= MAX_SIDES:
        raise UserError(f"a player aid has a part for each of 1 to {MAX_SIDES} sides; the game names {len(sides)}")
    parts = [rulebook.markup(TEMPLATE, side=side) for side in sides]
    sheet, half = PAPERS[paper]
    styles = aid_styles(rulebook, parts, half)
    width, height = sheet
    _, _, frame_w, frame_h = half.frame
    frames = [Frame(n * width / 2 + half.side * mm, half.bottom * mm, frame_w, frame_h, leftPadding=0,
                    rightPadding=0, topPadding=0, bottomPadding=0, id=f"half-{n}")
              for n in range(min(2, len(sides)))]
    story = []
    for blocks in parts:
        story += _half(rulebook, styles, blocks, half) + [FrameBreak()]
    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=sheet, title=f"{rulebook.facts.title}: player aid",
                          author=rulebook.facts.designer, creator="boardkit", invariant=1, initialFontName="Sans")
    doc.addPageTemplates([PageTemplate("aid", frames, onPage=_cut_line)])
    doc.placements = []
    try:
        doc.build(story[:-1])
    except LayoutError as exc:
        raise UserError(f"the player aid cannot be laid out: {exc}") from None
    sheets = (len(sides) + 1) // 2
    if doc.page != sheets:
        raise UserError(f"the {paper} player aid takes {doc.page} sheets, not {sheets}; shorten "
                        f"{TEMPLATE} so each part fits one half")
    return Book(buffer.getvalue(), doc.placements, rulebook.figures, PageLog(pages=doc.page), {})
