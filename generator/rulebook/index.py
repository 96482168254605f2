"""The index of terms of a book: its terms (``index.yaml`` beside the book's chapters), the pages they occur on,
and the two-column list ``::index`` prints.

A term occurs on a page when the laid-out text of that page holds it, or one
of its other forms, as whole words in any case. The text is that of the
book's paragraphs, lists, notes, tables and figure captions as reportlab
lays them out; the cover, the contents and the index itself do not count
(nor do running heads, folios and the words inside the pictures).

The page numbers come from reportlab's own passes: :class:`TermIndex` is an
indexing flowable, like the table of contents, so the document is laid out
again until the pages it lists are the pages the terms landed on (the index
comes last, so two passes settle it).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table
from reportlab.platypus.tableofcontents import IndexingFlowable

from ..errors import Problem, SpecError
from ..model.yamlsource import Document, load_document

#: The file of a book's index terms, in the folder of its chapters.
INDEX_FILE = "index.yaml"
#: The notification the document sends for every piece of text it lays out: (text, page).
TEXT_LAID_OUT = "IndexText"

#: How an item of ``index.yaml`` is written, for the messages.
_FORMS = "write a term ('- Dragon Eye') or '{term: Dragon Eye, also: [eye, eyes]}'"


@dataclass(frozen=True)
class Term:
    """One term of the index: as printed, the forms that count as it, and the line of ``index.yaml`` naming it."""

    name: str
    forms: tuple[str, ...]
    line: int | None

    @property
    def pattern(self) -> re.Pattern[str]:
        """Any of the term's forms as whole words, in any case."""
        forms = sorted({" ".join(f.split()) for f in self.forms}, key=len, reverse=True)
        words = "|".join(r"\s+".join(re.escape(w) for w in form.split()) for form in forms)
        return re.compile(rf"(?<!\w)(?:{words})(?!\w)", re.IGNORECASE)


def _words(value: Any) -> bool:
    """Whether ``value`` is text with a word in it."""
    return isinstance(value, str) and bool(value.strip())


def _item_problem(doc: Document, n: int, item: Any) -> Problem | None:
    """What is wrong with item ``n`` of the terms file, if anything."""
    if _words(item):
        return None
    if not isinstance(item, dict):
        return doc.problem((n,), f"index item {n + 1} ({item!r}) is not a term", _FORMS)
    unknown = sorted(str(k) for k in item if k not in ("term", "also"))
    if unknown:
        return doc.problem((n, unknown[0]), f"index item {n + 1} has the unknown key '{unknown[0]}'",
                           f"an item has 'term' and 'also' only; {_FORMS}", of_key=True)
    if not _words(item.get("term")):
        return doc.problem((n,), f"index item {n + 1} has no 'term' (the words the index prints)", _FORMS)
    also = item.get("also", [])
    if not isinstance(also, list) or not all(_words(a) for a in also):
        return doc.problem((n, "also"), f"index item {n + 1}: 'also' is not a list of words", _FORMS)
    return None


def load_terms(path: Path) -> tuple[list[Term], list[Problem]]:
    """The terms of an ``index.yaml``; problems name its line (a bad item, a term or form listed twice)."""
    try:
        doc = load_document(path)
    except SpecError as exc:
        return [], exc.problems
    if not isinstance(doc.data, list) or not doc.data:
        return [], [Problem(path, None, None, "the index's terms file lists no terms", f"make it a YAML list: {_FORMS}")]
    terms: list[Term] = []
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for n, item in enumerate(doc.data):
        problem = _item_problem(doc, n, item)
        if problem is not None:
            problems.append(problem)
            continue
        name = item if isinstance(item, str) else item["term"]
        forms = (name, *([] if isinstance(item, str) else item.get("also", [])))
        line, _ = doc.where((n,))
        for form in forms:
            key = " ".join(form.split()).casefold()
            if key in seen:
                problems.append(Problem(path, line, None, f"'{form}' is listed twice (also under '{seen[key]}')",
                                        "give each term and each other form once"))
            seen.setdefault(key, name)
        terms.append(Term(" ".join(name.split()), forms, line))
    return terms, problems


def flowable_text(flowable: Any) -> str:
    """The plain text a laid-out flowable prints: a paragraph's, or that of every cell of a table."""
    if isinstance(flowable, Paragraph):
        return str(flowable.getPlainText())
    if isinstance(flowable, str):
        return flowable
    if isinstance(flowable, (list, tuple)):
        return " ".join(flowable_text(f) for f in flowable)
    if isinstance(flowable, Table):
        return " ".join(flowable_text(cell) for row in flowable._cellvalues for cell in row)
    return ""


@lru_cache(maxsize=8192)  # a pure function of its text: every edition and pass of a book lays out the same texts
def _terms_in(patterns: tuple[tuple[str, re.Pattern[str]], ...], text: str) -> tuple[str, ...]:
    """The names of the terms (name, pattern) that ``text`` holds, in the order given."""
    return tuple(name for name, pattern in patterns if pattern.search(text))


class IndexColumns(Flowable):
    """Index entries in two columns, the first filled before the second, balanced when they fit the frame;
    split between frames, each part balanced on its own."""

    def __init__(self, entries: list[Paragraph], gap: float):
        super().__init__()
        self.entries, self.gap = entries, gap
        self.column = 0.0

    def _heights(self, width: float) -> list[float]:
        self.column = (width - self.gap) / 2
        return [p.wrap(self.column, 1e6)[1] + p.style.spaceAfter for p in self.entries]

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """The height of the most even split of the entries into two columns."""
        heights = self._heights(available_width)
        total = sum(heights)
        best, first = total, 0.0
        for height in heights:
            first += height
            best = min(best, max(first, total - first))
        self.width, self.height = available_width, best
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        """The entries that fill two columns of the room left, then the rest; nothing when not one fits."""
        heights = self._heights(available_width)
        taken, filled, column = 0, 0.0, 0
        for height in heights:
            if filled + height > available_height:
                column, filled = column + 1, 0.0
                if column == 2 or height > available_height:
                    break
            filled += height
            taken += 1
        if taken == 0:
            return []
        return [IndexColumns(self.entries[:taken], self.gap), IndexColumns(self.entries[taken:], self.gap)]

    def draw(self) -> None:
        """Each entry at its place: down the first column to the balanced height, then down the second."""
        heights = self._heights(self.width)
        x, y = 0.0, self.height
        for paragraph, height in zip(self.entries, heights):
            if y - height < -0.01 and x == 0.0:
                x, y = self.column + self.gap, self.height
            paragraph.wrap(self.column, 1e6)
            paragraph.drawOn(self.canv, x, y - height + paragraph.style.spaceAfter)
            y -= height


class TermIndex(IndexingFlowable):
    """The index: every term with the pages it occurs on, as found by the last pass of the layout."""

    def __init__(self, terms: list[Term], style: ParagraphStyle, gap: float, linked: bool = True):
        super().__init__()
        self.terms, self.style, self.gap, self.linked = terms, style, gap, linked
        self._patterns = tuple((t.name, t.pattern) for t in terms)
        self._entries: dict[str, set[int]] = {}
        self._last: dict[str, tuple[int, ...]] = {t.name: () for t in terms}
        self._columns: IndexColumns | None = None
        self._passes = 0

    @property
    def pages(self) -> dict[str, tuple[int, ...]]:
        """Each term's pages as the index prints them."""
        return dict(self._last)

    def isIndexing(self) -> int:  # noqa: N802 (reportlab's name)
        """An indexing flowable: the document lays out again until it is satisfied."""
        return 1

    def isSatisfied(self) -> bool:  # noqa: N802
        """True when this pass found each term on the pages the index printed."""
        return self._found() == self._last

    def beforeBuild(self) -> None:  # noqa: N802
        """Keep the last pass's pages (they are printed in this pass) and collect afresh."""
        if self._passes:
            self._last = self._found()
        self._passes += 1
        self._entries = {}

    def _found(self) -> dict[str, tuple[int, ...]]:
        return {t.name: tuple(sorted(self._entries.get(t.name, ()))) for t in self.terms}

    def notify(self, kind: str, stuff: Any) -> None:
        """Note the page of every term a piece of laid-out text holds."""
        if kind != TEXT_LAID_OUT:
            return
        text, page = stuff
        for name in _terms_in(self._patterns, text):
            self._entries.setdefault(name, set()).add(page)

    def _entry(self, name: str, pages: tuple[int, ...]) -> Paragraph:
        numbers = ", ".join(f'<a href="#page-{p}">{p}</a>' if self.linked else str(p) for p in pages)
        escaped = name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return Paragraph(f"{escaped}\u2002{numbers}" if numbers else escaped, self.style)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """The entries, alphabetical, in two columns."""
        entries = [self._entry(name, self._last.get(name, ())) for name in sorted(self._last, key=str.casefold)]
        self._columns = IndexColumns(entries, self.gap)
        self.width, self.height = self._columns.wrap(available_width, available_height)
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        """The columns' own split (wrap was called first)."""
        assert self._columns is not None
        return self._columns.split(available_width, available_height)

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N802
        """Draw the columns (wrap was called first)."""
        assert self._columns is not None
        self._columns.drawOn(canvas, x, y, _sW)
