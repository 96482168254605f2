"""The book's pages: cover and body templates, running heads, folios, bookmarks and contents entries.

:class:`BookDocument` also logs where every heading and figure landed, so
tests can check that no heading is left alone at the foot of a page, and,
in a book with an index, hands the text of every page to the index
(:mod:`.index`) and marks every page as a link target.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field

from reportlab.lib.units import mm
from reportlab.platypus import (ActionFlowable, BaseDocTemplate, CondPageBreak, Flowable, Frame, PageBreak,
                                PageTemplate, Spacer)
from reportlab.platypus.tableofcontents import TableOfContents

from .compose import Heading
from .index import TEXT_LAID_OUT, IndexColumns, TermIndex, flowable_text
from .layout import PageFormat, Styles
from .overlay import Placement


@dataclass
class PageLog:
    """Where things landed in the last pass: headings (level, title, page, page of what follows) and figures
    (id, number, page)."""

    headings: list[tuple[int, str, int, int]] = field(default_factory=list)
    figures: list[tuple[str, int, int]] = field(default_factory=list)
    pages: int = 0


_SPACING = (Spacer, CondPageBreak, PageBreak, ActionFlowable)


class BookDocument(BaseDocTemplate):
    """A rulebook in one page format, written to a binary buffer.

    Pictures only take up their room; each pass notes in ``placements`` where they go (the last pass's notes
    are the ones used).
    """

    def __init__(self, buffer: io.BytesIO, fmt: PageFormat, styles: Styles, running_title: str, author: str):
        super().__init__(buffer, pagesize=fmt.size, leftMargin=fmt.side * mm, rightMargin=fmt.side * mm,
                         topMargin=fmt.top * mm, bottomMargin=fmt.bottom * mm, title=running_title, author=author,
                         creator="boardkit", invariant=1, initialFontName="Sans")
        self.fmt, self.styles, self.running_title = fmt, styles, running_title
        x, y, w, h = fmt.frame
        body = Frame(x, y, w, h, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="body")
        cover = Frame(x, y, w, h, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="cover")
        self.addPageTemplates([PageTemplate("cover", [cover]),
                               PageTemplate("body", [body], onPageEnd=self._decorate)])
        self.log = PageLog()
        self.placements: list[Placement] = []
        self._chapter = ""
        self._page_head = ""
        self._fresh = True
        self._pending: Heading | None = None
        self._outline_level = -1
        self.indexed = False

    def render(self, story: list[Flowable]) -> None:
        """Lay the story out until page numbers settle (contents and index); the last pass notes where each picture
        goes."""
        self.indexed = any(isinstance(f, TermIndex) for f in story)
        self.multiBuild(story)

    def beforeDocument(self) -> None:
        """Start a pass: empty output (the buffer is written once per multiBuild), empty log, no chapter yet."""
        self.filename.seek(0)
        self.filename.truncate()
        self.log = PageLog()
        self.placements = []
        self._chapter = self._page_head = ""
        self._pending = None
        self._outline_level = -1
        self.canv.showOutline()

    def beforePage(self) -> None:
        """A new page carries the chapter in force until a chapter starts at its top."""
        self._page_head = self._chapter
        self._fresh = True

    def afterFlowable(self, flowable: Flowable) -> None:
        """Bookmarks and contents entries for headings; the log; the running head's chapter."""
        if isinstance(flowable, _SPACING):
            return
        if self.indexed and self._counts(flowable):
            self.notify(TEXT_LAID_OUT, (flowable_text(flowable), self.page))
        if self._pending is not None:
            pending = self._pending
            self.log.headings.append((pending.level, pending.title, pending.page, self.page))
            self._pending = None
        if isinstance(flowable, Heading):
            flowable.page = self.page
            self._pending = flowable
            outline = min(flowable.level - 1, self._outline_level + 1)
            self._outline_level = outline
            self.canv.addOutlineEntry(flowable.numbered_title, flowable.anchor, outline, closed=outline > 0)
            if flowable.level <= 2:
                self.notify("TOCEntry", (flowable.level - 1, flowable.numbered_title, self.page, flowable.anchor))
            if flowable.level == 1:
                self._chapter = flowable.numbered_title
                if self._fresh:
                    self._page_head = self._chapter
        self._fresh = False

    def _counts(self, flowable: Flowable) -> bool:
        """Whether the index counts a flowable's text: not on the cover, nor the contents or the index itself."""
        return not (isinstance(flowable, (TableOfContents, TermIndex, IndexColumns))
                    or getattr(flowable, "contents", False) or getattr(flowable, "cover", False))

    def afterPage(self) -> None:
        """Count the pages of the pass; in a book with an index, make the page a link target."""
        self.log.pages = self.page
        if self.indexed:
            self.canv.bookmarkPage(f"page-{self.page}")

    def _decorate(self, canvas, doc) -> None:  # type: ignore[no-untyped-def]
        """Running head and folio. The chapter and the folio sit at the outer edge, as in a bound book."""
        fmt, s = self.fmt, self.styles
        width, height = fmt.size
        left, right = fmt.side * mm, width - fmt.side * mm
        odd = doc.page % 2 == 1

        def place(text: str, y: float, outer: bool) -> None:
            if outer == odd:
                canvas.drawRightString(right, y, text)
            else:
                canvas.drawString(left, y, text)

        canvas.saveState()
        size = s.body.fontSize * 0.8
        head_y = height - fmt.top * mm * 0.55
        if self._page_head:
            canvas.setFillColor(s.colours.muted)
            canvas.setFont("Sans", size)
            place(self._page_head, head_y, outer=True)
            canvas.setFont("Sans-Semibold", size)
            place(self.running_title, head_y, outer=False)
            canvas.setStrokeColor(s.colours.rule)
            canvas.setLineWidth(0.4)
            canvas.line(left, head_y - size * 0.6, right, head_y - size * 0.6)
        canvas.setFont("Sans-Semibold", s.body.fontSize * 0.9)
        canvas.setFillColor(s.colours.ink)
        place(str(doc.page), fmt.bottom * mm * 0.45, outer=True)
        canvas.restoreState()
