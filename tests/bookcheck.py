"""Read-back checks of a game's built books (issue 23), for every game's books test to run on its PDFs.

Each check reads a written PDF back, as a reader would get it, and returns
its problems as sentences (an empty list when the book passes), so a test
writes ``assert check(...) == []`` and sees every fault at once:

- :func:`page_budget_problems`: more pages than the game's budget;
- :func:`missing_examples`: a rule example of the game whose title the book
  does not print (run it on the rules reference);
- :func:`forbidden_word_problems`: the project's words (:data:`FORBIDDEN`)
  anywhere but in the chapter "This kit's defaults";
- :func:`double_stop_problems` (".."), :func:`message_template_problems`
  ("(s)");
- :func:`size_problems`: a size stated in mm that is not one of the given
  values (the spec's);
- :func:`cover_problems`: a cover that runs onto a second page.

The text of a page comes from pypdfium2; the chapter each piece of text
belongs to comes from the book's bookmarks (each top-level bookmark marks
where its chapter starts, page and height, so a page shared by two
chapters is split where the second one starts). Running heads and folios
are left out (:func:`chapter_texts`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import pikepdf
import pypdfium2 as pdfium

from generator.model.yamlsource import load_document

#: Words of the project that players' text never uses outside the defaults chapter (whole words, any case).
FORBIDDEN = ("engine", "engines", "ledger", "self-play", "spec", "specs", "YAML", "notation", "reason code",
             "reason codes", "issue", "verify", "parameter", "checker", "repository", "json", "jinja")
#: The one chapter where player text may name files, folders, YAML and specs.
DEFAULTS_CHAPTER = "This kit's defaults"
#: Share of the page height at the top and the foot that holds the running head and the folio, not the text.
MARGIN_SHARE = 0.06


@dataclass(frozen=True)
class Chapter:
    """Where a chapter starts: its bookmark title (with its number or letter), page index and height (points)."""

    title: str
    page: int
    top: float

    @property
    def name(self) -> str:
        """The title without its number or letter ('3 Moving' -> 'Moving')."""
        return re.sub(r"^(?:\d+|[A-Z])\s+", "", self.title)


def chapters(pdf: Path) -> list[Chapter]:
    """The book's chapters from its top-level bookmarks, in order."""
    with pikepdf.open(pdf) as doc, doc.open_outline() as outline:
        pages = {page.objgen: n for n, page in enumerate(doc.pages)}
        found = []
        for item in outline.root:
            dest = item.destination
            if isinstance(dest, pikepdf.Array) and len(dest) >= 4:
                found.append(Chapter(str(item.title), pages[dest[0].objgen], float(dest[3])))
        return found


@dataclass(frozen=True)
class Passage:
    """Text of one page that belongs to one chapter ('' before the first chapter: cover, contents)."""

    page: int
    chapter: str
    text: str


def _squash(text: str) -> str:
    """Whitespace collapsed, soft hyphens and line-end hyphen breaks of the text layer undone."""
    text = text.replace("\u00ad", "").replace("\u00a0", " ").replace("\ufffe", "").replace("\x02", "")
    return " ".join(text.split())


def chapter_texts(pdf: Path) -> list[Passage]:
    """Every page's text, cut where chapters start, each piece with its chapter's name; running heads and folios
    (the top and foot :data:`MARGIN_SHARE` of the page) are left out."""
    marks = chapters(pdf)
    doc = pdfium.PdfDocument(str(pdf))
    out: list[Passage] = []
    try:
        current = ""
        for index in range(len(doc)):
            page = doc[index]
            width, height = page.get_width(), page.get_height()
            text_page = page.get_textpage()
            top, bottom = height * (1 - MARGIN_SHARE), height * MARGIN_SHARE
            for mark in [m for m in marks if m.page == index]:
                if mark.top < top:
                    out.append(Passage(index + 1, current, _squash(text_page.get_text_bounded(0, mark.top, width,
                                                                                             top))))
                    top = mark.top
                current = mark.name
            out.append(Passage(index + 1, current, _squash(text_page.get_text_bounded(0, bottom, width, top))))
    finally:
        doc.close()
    return [p for p in out if p.text]


def page_texts(pdf: Path) -> list[str]:
    """The whole text of each page (running heads and folios included), whitespace collapsed."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [_squash(doc[i].get_textpage().get_text_range()) for i in range(len(doc))]
    finally:
        doc.close()


def _context(text: str, start: int, end: int) -> str:
    return text[max(0, start - 40):end + 40]


def page_budget_problems(pdf: Path, budget: int) -> list[str]:
    """A problem when the book has more pages than ``budget``."""
    pages = len(page_texts(pdf))
    return [f"{pdf.name} has {pages} pages; its budget is {budget}"] if pages > budget else []


def missing_examples(pdf: Path, examples: Path) -> list[str]:
    """Every rule example of the folder ``examples`` whose title the book does not print."""
    text = " ".join(page_texts(pdf))
    missing = []
    for path in sorted(examples.glob("*.yaml")):
        title = _squash(str(load_document(path).data["title"]))
        if title not in text:
            missing.append(f"{pdf.name} does not show the rule example {path.name} ('{title}')")
    return missing


def forbidden_word_problems(pdf: Path, words: Iterable[str] = FORBIDDEN,
                            allowed_chapter: str = DEFAULTS_CHAPTER) -> list[str]:
    """Every use of one of ``words`` (whole words, any case) outside the chapter ``allowed_chapter``."""
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
                         + r")(?![\w-])", re.IGNORECASE)
    problems = []
    for passage in chapter_texts(pdf):
        if passage.chapter == allowed_chapter:
            continue
        for found in pattern.finditer(passage.text):
            where = f"chapter '{passage.chapter}'" if passage.chapter else "before the first chapter"
            problems.append(f"{pdf.name}, page {passage.page} ({where}): '{found.group(0)}' in "
                            f"'{_context(passage.text, found.start(), found.end())}'")
    return problems


def _pattern_problems(pdf: Path, pattern: re.Pattern[str], what: str) -> list[str]:
    problems = []
    for number, text in enumerate(page_texts(pdf), start=1):
        for found in pattern.finditer(text):
            problems.append(f"{pdf.name}, page {number}: {what} in '{_context(text, found.start(), found.end())}'")
    return problems


def double_stop_problems(pdf: Path) -> list[str]:
    """Every '..' (two or more full stops in a row) the book prints."""
    return _pattern_problems(pdf, re.compile(r"\.\.+"), "'..'")


def message_template_problems(pdf: Path) -> list[str]:
    """Every message template such as 'token(s)' or 'win(s)' the book prints."""
    return _pattern_problems(pdf, re.compile(r"\w\((?:s|es)\)"), "a message template")


def wording_problems(pdf: Path) -> list[str]:
    """Everything a player should not read in the book: project words outside the defaults chapter, '..' and
    message templates."""
    return forbidden_word_problems(pdf) + double_stop_problems(pdf) + message_template_problems(pdf)


#: A size in millimetres as a book states it: '18.7 mm', '63.5 × 88.9 mm', '2-3 mm' (each number counts).
_SIZE = re.compile(r"(\d+(?:\.\d+)?)((?:\s*(?:×|x|by|-|–|to|and|or|,)\s*\d+(?:\.\d+)?)*)\s*mm\b")


def stated_sizes(pdf: Path) -> list[tuple[float, str]]:
    """Every size the book states in mm, with the text around it."""
    found = []
    for text in page_texts(pdf):
        for match in _SIZE.finditer(text):
            numbers = [match.group(1)] + re.findall(r"\d+(?:\.\d+)?", match.group(2))
            found += [(float(n), _context(text, match.start(), match.end())) for n in numbers]
    return found


def size_problems(pdf: Path, allowed: Iterable[float], tolerance: float = 0.05) -> list[str]:
    """Every size the book states in mm that is none of ``allowed`` (within ``tolerance`` mm)."""
    values = list(allowed)
    return [f"{pdf.name} states {size:g} mm, not a size of the specs ({', '.join(f'{v:g}' for v in values)}), "
            f"in '{context}'" for size, context in stated_sizes(pdf)
            if not any(abs(size - v) <= tolerance for v in values)]


def cover_problems(pdf: Path) -> list[str]:
    """A problem when the cover runs onto a second page: the book's second page is the first to carry a folio (the
    cover has none), so a second page without one at its foot is the cover's overflow."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        if len(doc) < 2:
            return []
        page = doc[1]
        foot = _squash(page.get_textpage().get_text_bounded(0, 0, page.get_width(),
                                                            page.get_height() * MARGIN_SHARE))
    finally:
        doc.close()
    return [] if foot == "2" else [f"{pdf.name}: the cover runs onto page 2 (its foot reads '{foot}', not the folio)"]
