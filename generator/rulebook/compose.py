"""Markup blocks to reportlab flowables: headings with anchors, lists, notes, tables, figures, the cover."""
from __future__ import annotations

import re
import string
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, NextPageTemplate, PageBreak, Spacer, Table, TableStyle
from reportlab.platypus.tableofcontents import TableOfContents

from ..errors import Problem, SpecError
from ..model.printspec import MIN_TEXT_PT
from .figures import Figures
from .index import Term, TermIndex
from .layout import NARROWEST_MEASURE_MM, Styles
from .markup import TOC_DEPTHS, Block, inline, plain, references, swatch_square
from .overlay import Art, Placement
from .paragraph import Paragraph

#: Largest share of the text area's height one figure may take.
FIGURE_MAX_HEIGHT = 0.62
#: Printed size of a swatch in a table cell, mm.
SWATCH_MM = 7.0
#: Font of table cells (reportlab's default would be Helvetica, which is not embedded).
CELL_FONT = ("FONT", (0, 0), (-1, -1), "Sans")
#: Narrowest a figure may get to share a row with another, mm.
PAIR_MIN_MM = 70.0
#: Narrowest measure for a caption, mm (a narrow picture still gets a readable caption under it).
CAPTION_MIN_MM = 100.0
#: The cover's spaces above the title, above the map and below it, as shares of the text area's height.
COVER_GAPS = (0.1, 0.07, 0.06)
#: Share of the cover's free height the map keeps when the spaces around it are squeezed.
COVER_MAP_SHARE = 0.8
#: Height kept free at the foot of the cover (points), so that rounding never pushes a line onto a second page.
COVER_SLACK = 4.0


class Heading(Paragraph):
    """A heading paragraph that knows its level, anchor and plain title (for bookmarks, contents, running heads)."""

    def __init__(self, text: str, style: ParagraphStyle, level: int, anchor: str, title: str, label: str):
        super().__init__(text, style)
        self.level, self.anchor, self.title, self.label = level, anchor, title, label

    @property
    def numbered_title(self) -> str:
        """'3 Merging', or the bare title when the heading has no number."""
        return f"{self.label} {self.title}" if self.label else self.title


class Picture(Flowable):
    """Room for a picture, scaled to a given width and centred in its frame or cell.

    Each time the document draws the page, the picture's spot is noted in the
    document's ``placements`` so the art can be laid onto the finished page
    (see :mod:`.overlay`). A numbered figure (``figure`` is its
    id and number) also anchors a link target and is logged where it landed.
    """

    def __init__(self, art: Art, width: float, figure: tuple[str, int] | None = None):
        super().__init__()
        self.art = art
        self.width, self.height = width, art.height * width / art.width
        self.figure = figure
        self.hAlign = "CENTER"

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """The picture's scaled size."""
        return self.width, self.height

    def draw(self) -> None:
        """Note where the picture goes (and, for a figure, its anchor and log entry)."""
        doc = self.canv._doctemplate
        if self.figure is not None:
            fig_id, number = self.figure
            self.canv.bookmarkHorizontal(f"fig-{fig_id}", 0, self.height)
            log = getattr(doc, "log", None)
            if log is not None:
                log.figures.append((fig_id, number, doc.page))
        placements = getattr(doc, "placements", None)
        if placements is not None:
            x, y = self.canv.absolutePosition(0, 0)
            placements.append(Placement(self.art.key, doc.page, x, y, self.width, self.height))


class FigureRow(Table):
    """A row of pictures over their captions, never split: a picture never leaves its caption behind.

    A plain flowable rather than a ``KeepTogether`` container, so a heading set to keep with the next
    flowable keeps with the figure under it (reportlab will not keep a heading with a container).
    """

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        """Nothing: the whole row goes to the next frame when it does not fit."""
        return []


class Contents(TableOfContents):
    """The table of contents, listing headings down to ``depth`` levels (chapters only, or chapters and their
    sections); the parts it splits into say they belong to it (their text is not indexed)."""

    def __init__(self, depth: int = 2, **kwargs: Any):
        super().__init__(**kwargs)
        self.depth = depth

    def addEntry(self, level: int, text: str, pageNum: int, key: str | None = None) -> None:  # noqa: N802, N803
        """reportlab's entry, left out when its heading lies deeper than the contents list."""
        if level < self.depth:
            super().addEntry(level, text, pageNum, key)

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        """reportlab's split, each part marked as contents."""
        parts: list[Flowable] = super().split(available_width, available_height)
        for part in parts:
            part.contents = True
        return parts


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", plain(title).lower()).strip("-")


class Composer:
    """Turns the blocks of a whole book into flowables; every reference is checked first, and every picture is
    printed wide enough for its text to read at 6 pt or more.

    ``edition`` names the book and format in messages ('half-letter rulebook').
    """

    def __init__(self, styles: Styles, frame: tuple[float, float], figures: Figures, numbered: bool = True,
                 terms: list[Term] | None = None, edition: str = ""):
        self.styles = styles
        self.edition = edition
        self.terms = terms or []
        self.numbered = numbered
        self.width, self.height = frame
        self.figures = figures
        self.problems: list[Problem] = []
        self.figure_numbers: dict[str, int] = {}
        self.anchors: dict[str, str] = {}
        self.captions: dict[str, str] = {}
        self.running_title = ""
        self._contents: list[TableOfContents] = []

    # -- references ---------------------------------------------------------------------------

    def _index(self, blocks: list[Block]) -> None:
        used: set[str] = set()
        for block in blocks:
            if block.kind == "heading":
                anchor = block.anchor or _slug(block.text)
                if block.anchor and anchor in used:
                    self._problem(block, f"anchor '@{anchor}' is used twice", "give each heading its own anchor")
                n = 2
                base = anchor
                while anchor in used:
                    anchor, n = f"{base}-{n}", n + 1
                used.add(anchor)
                block.anchor = anchor
                self.anchors[anchor] = plain(block.text)
            elif block.kind == "directive" and block.text == "figure":
                fig_id = block.args[0]
                if fig_id in self.figure_numbers:
                    self._problem(block, f"figure '{fig_id}' is shown twice", "refer to it with [[fig:id]] instead")
                self.figure_numbers.setdefault(fig_id, len(self.figure_numbers) + 1)
        for block in blocks:
            for text in [block.text, *block.items, *[c for row in block.rows for c in row]]:
                for kind, ref in references(text):
                    if kind == "fig" and ref not in self.figure_numbers:
                        self._problem(block, f"[[fig:{ref}]] refers to a figure the book does not show",
                                      f"figures shown: {', '.join(self.figure_numbers) or 'none'}")
                    if kind == "sec" and ref not in self.anchors:
                        self._problem(block, f"[[sec:{ref}]] refers to no heading",
                                      f"anchors: {', '.join(sorted(self.anchors))}")

    def _problem(self, block: Block, message: str, hint: str) -> None:
        self.problems.append(Problem(f"{block.source} (rendered)", block.line, None, message, hint))

    def _resolve(self, kind: str, ref: str) -> str:
        if kind == "fig":
            return f'<a href="#fig-{ref}">Figure\u00a0{self.figure_numbers.get(ref, 0)}</a>'
        return f'<a href="#{ref}"><i>{self.anchors.get(ref, ref)}</i></a>'

    def text(self, source: str) -> str:
        """Inline markup of one paragraph as reportlab markup."""
        return inline(source, self._resolve, "Sans-Semibold")

    # -- blocks -------------------------------------------------------------------------------

    def compose(self, blocks: list[Block]) -> list[Flowable]:
        """The flowables of a whole book; raises :class:`SpecError` listing every broken reference."""
        self._index(blocks)
        if self.problems:
            raise SpecError(self.problems)
        story: list[Flowable] = []
        chapter, appendix = 0, False
        row: list[Block] = []
        for n, block in enumerate(blocks):
            if block.kind == "directive" and block.text == "figure":
                row.append(block)
                following = blocks[n + 1] if n + 1 < len(blocks) else None
                if following is None or following.kind != "directive" or following.text != "figure":
                    story.extend(self._figures(row))
                    row = []
                continue
            if block.kind == "heading":
                label = ""
                if block.level == 1:
                    chapter += 1
                    if self.numbered:
                        label = string.ascii_uppercase[chapter - 1] if appendix else str(chapter)
                    story.append(CondPageBreak(self.height * 0.3))
                elif block.level == 2:
                    story.append(CondPageBreak(self.height * 0.12))
                story.append(self._heading(block, label))
            elif block.kind == "paragraph":
                story.append(Paragraph(self.text(block.text), self.styles.body))
            elif block.kind in ("bullets", "numbers"):
                for n, item in enumerate(block.items, start=1):
                    mark = f"{n}." if block.kind == "numbers" else "\u2022"
                    story.append(Paragraph(self.text(item), self.styles.bullet, bulletText=mark))
                story.append(Spacer(0, self.styles.body.spaceAfter * 0.6))
            elif block.kind == "note":
                story.append(self._note(block))
            elif block.kind == "table":
                story.append(self._table(block))
            elif block.text == "toc":
                story.extend(self._toc(block.args))
            elif block.text == "index":
                story.append(TermIndex(self.terms, self.styles.index, self.styles.body.fontSize * 2))
            elif block.text == "pagebreak":
                story.append(PageBreak())
            elif block.text == "appendix":
                chapter, appendix = 0, True
            elif block.text == "cover":
                story.extend(self._cover(block))
        if self.problems:
            raise SpecError(self.problems)
        self._seed_contents(story)
        return story

    def _seed_contents(self, story: list[Flowable]) -> None:
        """Give each table of contents its entries (page numbers still unknown) before the first pass, so the
        first pass already has the contents' final height: the book settles in two passes instead of three."""
        entries = [(h.level - 1, h.numbered_title, 0, h.anchor) for h in story
                   if isinstance(h, Heading) and h.level <= 2]
        for toc in self._contents:
            toc.addEntries(entries)

    def _heading(self, block: Block, label: str) -> Heading:
        style = {1: self.styles.h1, 2: self.styles.h2, 3: self.styles.h3}[block.level]
        number = f'<font color="{self.styles.colours.muted.hexval()}">{label}</font>\u2002' if label else ""
        markup = f'<a name="{block.anchor}"/>{number}{self.text(block.text)}'
        return Heading(markup, style, block.level, block.anchor or "", plain(block.text), label)

    def _note(self, block: Block) -> Table:
        paras = [Paragraph(self.text(t), self.styles.note) for t in block.items]
        box = Table([[paras]], colWidths=[self.width])
        pad = self.styles.note.fontSize * 0.8
        box.setStyle(TableStyle([
            CELL_FONT, ("BACKGROUND", (0, 0), (-1, -1), self.styles.colours.tint),
            ("LINEBEFORE", (0, 0), (0, -1), 2.2, self.styles.colours.accent),
            ("LEFTPADDING", (0, 0), (-1, -1), pad * 1.3), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("TOPPADDING", (0, 0), (-1, -1), pad), ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 0.5),
        ]))
        box.spaceAfter = self.styles.body.spaceAfter * 1.2
        box.spaceBefore = self.styles.body.spaceAfter * 0.3
        return box

    def _cell(self, content: str, header: bool) -> Flowable:
        square = swatch_square(content)
        if square is not None:
            sample = self.figures.swatch(square)
            return Picture(sample, max(SWATCH_MM * mm, sample.narrowest))
        return Paragraph(self.text(content), self.styles.head_cell if header else self.styles.cell)

    def _table(self, block: Block) -> Table:
        widths = block.widths or [1.0] * len(block.rows[0])
        total = sum(widths)
        columns = [self.width * w / total for w in widths]
        data = [[self._cell(c, r == 0) for c in row] for r, row in enumerate(block.rows)]
        table = Table(data, colWidths=columns, repeatRows=1, hAlign="LEFT")
        c = self.styles.colours
        pad = self.styles.cell.fontSize * 0.36
        table.setStyle(TableStyle([
            CELL_FONT, ("BACKGROUND", (0, 0), (-1, 0), c.tint),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, c.ink),
            ("LINEBELOW", (0, 1), (-1, -1), 0.3, c.rule),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), pad), ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
            ("LEFTPADDING", (0, 0), (-1, -1), pad * 1.2), ("RIGHTPADDING", (0, 0), (-1, -1), pad * 1.2),
        ]))
        table.spaceBefore = self.styles.body.spaceAfter * 0.3
        table.spaceAfter = self.styles.body.spaceAfter * 1.4
        return table

    def _picture(self, block: Block, room: float) -> tuple[Picture, Paragraph]:
        """A figure's drawing, at most ``room`` wide and never taller than its share of the page, and its caption."""
        fig_id = block.args[0]
        figure = self.figures.art(fig_id)
        drawing = self.figures.drawing(fig_id)
        width = min(room, drawing.width)
        if drawing.height * width / drawing.width > self.height * FIGURE_MAX_HEIGHT:
            width = self.height * FIGURE_MAX_HEIGHT * drawing.width / drawing.height
        width = self._legible(drawing, width, room)
        self._check_legible(block, f"figure '{fig_id}'", drawing, width)
        caption = block.args[1] if len(block.args) > 1 else figure.caption
        self.captions[fig_id] = caption
        lead = f"Figure\u00a0{self.figure_numbers[fig_id]}." if self.numbered else ""
        if figure.title and len(block.args) < 2:
            lead = f"{lead} {self.text(figure.title)}.".strip()
        text = (f"<b>{lead}</b> " if lead else "") + self.text(caption)
        return Picture(drawing, width, (fig_id, self.figure_numbers[fig_id])), Paragraph(text, self.styles.caption)

    def _legible(self, drawing: Art, width: float, room: float) -> float:
        """``width``, widened as far as ``room`` allows so that no text of the drawing prints under the floor,
        and narrowed again only if the picture would not fit on a page."""
        width = max(width, min(drawing.narrowest, room))
        return min(width, self.height * 0.92 * drawing.width / drawing.height)

    def _check_legible(self, block: Block, name: str, drawing: Art, width: float) -> None:
        """Note a problem when ``drawing`` printed ``width`` points wide puts any of its text under
        :data:`~generator.printspec.MIN_TEXT_PT` (a picture too wide for this book's measure, or too tall for its
        page)."""
        if width >= drawing.narrowest * (1 - 1e-9):
            return
        where = f" of the {self.edition}" if self.edition else ""
        hint = (f"draw it at most {NARROWEST_MEASURE_MM:.1f} mm wide (the narrowest measure of the books), "
                "with its text no smaller, or make its text larger")
        if drawing.narrowest <= self.width:  # the measure has room: the page's height holds the picture back
            hint = "draw it less tall for its width, or make its text larger"
        self._problem(block, f"{name} would print its smallest text at "
                      f"{drawing.smallest_text * width / drawing.width:.2f} pt, under {MIN_TEXT_PT:g} pt: it needs "
                      f"{drawing.narrowest / mm:.1f} mm and the {self.width / mm:.1f} mm measure{where} gives it "
                      f"{width / mm:.1f} mm", hint)

    def _figures(self, blocks: list[Block]) -> list[Flowable]:
        """Consecutive figures: two to a row when the column is wide enough and both stay legible at half the
        measure, else one below the other.

        Each figure sits in a table cell with its caption set to the same measure.
        """
        gap = self.styles.body.fontSize * 1.6
        half = (self.width - gap) / 2
        pairs = half >= PAIR_MIN_MM * mm
        rows: list[list[Block]] = []
        for block in blocks:  # two to a row when both stay legible at half the measure
            fits = pairs and self.figures.drawing(block.args[0]).narrowest <= half
            if fits and rows and len(rows[-1]) == 1 and self.figures.drawing(rows[-1][0].args[0]).narrowest <= half:
                rows[-1].append(block)
            else:
                rows.append([block])
        out: list[Flowable] = []
        for group in rows:
            room = half if len(group) == 2 else self.width
            cells = [self._picture(b, room) for b in group]
            columns = [max(p.width, min(room, CAPTION_MIN_MM * mm)) for p, _ in cells]
            if len(cells) == 1:
                columns = [max(columns[0], min(self.width, CAPTION_MIN_MM * mm))]
            table = FigureRow([[p for p, _ in cells], [c for _, c in cells]], colWidths=columns, hAlign="CENTER")
            table.setStyle(TableStyle([
                CELL_FONT, ("ALIGN", (0, 0), (-1, 0), "CENTER"), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                *[("LEFTPADDING", (i, 0), (i, -1), gap) for i in range(1, len(cells))],
            ]))
            table.spaceBefore = self.styles.body.spaceAfter * 0.4
            table.spaceAfter = self.styles.body.spaceAfter
            out.append(table)
        return out

    def _toc(self, args: list[str]) -> list[Flowable]:
        toc = Contents(TOC_DEPTHS[args[1]] if len(args) > 1 else 2, levelStyles=list(self.styles.toc), dotsMinLevel=0,
                       tableStyle=TableStyle([CELL_FONT, *TableOfContents().tableStyle.getCommands()]))
        toc.rightColumnWidth = self.styles.body.fontSize * 3
        self._contents.append(toc)
        title = [Paragraph(self.text(args[0]), self.styles.h1)] if args else []
        return title + [toc]

    def _cover(self, block: Block) -> list[Flowable]:
        """The cover: title, subtitle, the board map, tagline and credit, always on one page (the map and the space
        around it shrink as far as the text needs; a map whose text would then print under 6 pt is a problem)."""
        s = self.styles
        subtitle, tagline, credit = (block.args + ["", "", ""])[:3]
        self.running_title = f"{self.figures.facts.title} \u00b7 {plain(subtitle)}" if subtitle else ""
        drawing = self.figures.drawing("board-map")
        title = Paragraph(self.text(self.figures.facts.title.upper()), s.cover_title)
        heading = [title] + ([Paragraph(self.text(subtitle), s.cover_subtitle)] if subtitle else [])
        lines = [Paragraph(self.text(line), s.cover_line) for line in (tagline, credit) if line]
        text = sum(p.wrap(self.width, self.height)[1] + p.getSpaceBefore() + p.getSpaceAfter()
                   for p in heading + lines)
        gaps = [self.height * f for f in COVER_GAPS]
        spare = self.height - text - COVER_SLACK  # what the map and the gaps share
        full = drawing.height * self.width / drawing.width
        picture = min(full, spare - sum(gaps))
        if picture < spare * COVER_MAP_SHARE:  # a tall map: the gaps give way first, then the map
            picture = min(full, spare * COVER_MAP_SHARE)
            gaps = [g * max(0.0, spare - picture) / sum(gaps) for g in gaps]
        width = max(0.0, picture) * drawing.width / drawing.height
        self._check_legible(block, "the cover's board map", drawing, width)
        for paragraph in heading + lines:
            paragraph.cover = True  # the index does not count the cover's words
        return [Spacer(0, gaps[0]), *heading, Spacer(0, gaps[1]), Picture(drawing, width), Spacer(0, gaps[2]),
                *lines, NextPageTemplate("body"), PageBreak()]


def art_keys(blocks: list[Block]) -> list[str]:
    """The keys of the pictures a :class:`Composer` draws for ``blocks`` (``figure <id>``, ``swatch <square>``),
    each once, in order: what a build can draw in other processes before the books are laid out."""
    keys: dict[str, None] = {}
    for block in blocks:
        if block.kind == "directive" and block.text == "figure" and block.args:
            keys[f"figure {block.args[0]}"] = None
        elif block.kind == "directive" and block.text == "cover":
            keys["figure board-map"] = None
        for square in (swatch_square(cell) for row in block.rows for cell in row):
            if square is not None:
                keys[f"swatch {square}"] = None
    return list(keys)
