"""The player aid: A4 sheets cut in two, an A5 summary for each side of the game.

A game's book hooks name its sides (``BookHooks.sides``: the players, or the
kinds of player, such as the dragon and a knight faction); each gets one A5
half, two to an A4 sheet, so two sides take one sheet and five take three.
"""
from __future__ import annotations

import io

import pikepdf
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Frame, FrameBreak, PageTemplate, Spacer
from reportlab.platypus.doctemplate import LayoutError

from ..errors import UserError
from ..printspec import PAPER_MM
from .book import Rulebook
from .booklet import SHEET
from .compose import Composer
from .layout import PageFormat, make_styles

#: One half of the sheet: an A5 page with narrow margins and small type.
HALF = PageFormat("aid", *PAPER_MM["A5"], 10.0, 8.0, 10.0, 8.2)
#: The template of one half.
TEMPLATE = "player-aid.md.j2"


def _cut_line(canvas, doc) -> None:  # type: ignore[no-untyped-def]
    """A dashed line down the middle of the sheet, where it is cut in two."""
    width, height = SHEET
    canvas.saveState()
    canvas.setStrokeColorRGB(0.55, 0.55, 0.55)
    canvas.setLineWidth(0.5)
    canvas.setDash(4, 3)
    canvas.line(width / 2, 8 * mm, width / 2, height - 8 * mm)  # clear of the 6 mm unprintable margin
    canvas.restoreState()


#: Most sides a player aid serves (the most players a game of the project has).
MAX_SIDES = 5


def build_player_aid(rulebook: Rulebook) -> bytes:
    """The aid sheets as PDF bytes; raises :class:`UserError` when a half does not fit its A5 page."""
    sides = list(rulebook.hooks.sides)
    if not 1 <= len(sides) <= MAX_SIDES:
        raise UserError(f"a player aid has a part for each of 1 to {MAX_SIDES} sides; the game names {len(sides)}")
    styles = make_styles(HALF, rulebook.theme)
    width, height = SHEET
    _, _, frame_w, frame_h = HALF.frame
    frames = [Frame(n * width / 2 + HALF.side * mm, HALF.bottom * mm, frame_w, frame_h, leftPadding=0,
                    rightPadding=0, topPadding=0, bottomPadding=0, id=f"half-{n}")
              for n in range(min(2, len(sides)))]
    story = []
    for side in sides:
        composer = Composer(styles, (frame_w, frame_h), rulebook.figures, numbered=False)
        half = composer.compose(rulebook.markup(TEMPLATE, side=side))
        while half and isinstance(half[-1], Spacer):
            half.pop()
        story += half + [FrameBreak()]
    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=SHEET, title=f"{rulebook.facts.title}: player aid",
                          author=rulebook.facts.designer, creator="boardkit", invariant=1, initialFontName="Sans")
    doc.addPageTemplates([PageTemplate("aid", frames, onPage=_cut_line)])
    doc.placements = []
    try:
        doc.build(story[:-1])
    except LayoutError as exc:
        raise UserError(f"the player aid cannot be laid out: {exc}") from None
    data = rulebook.figures.place(buffer.getvalue(), doc.placements)
    sheets = (len(sides) + 1) // 2
    with pikepdf.open(io.BytesIO(data)) as pdf:
        if len(pdf.pages) != sheets:
            raise UserError(f"the player aid takes {len(pdf.pages)} sheets, not {sheets}; shorten {TEMPLATE} so "
                            "each part fits one A5 half")
    return data
