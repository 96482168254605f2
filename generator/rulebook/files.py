"""The books' files in a kit: what each is called and how to write it.

Each of a game's two books (the short rulebook and the rules reference) comes
in four editions (:data:`EDITIONS`): A4, US Letter, and booklets of A5 pages
on A4 and of half-Letter pages on Letter. The player aid comes on A4 and on
Letter. Every file of a game made in one process shares one
:class:`~.book.Rulebook`, so each figure is drawn once.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..model.game import Game

if TYPE_CHECKING:
    from .book import Book, Rulebook

#: A file of the kit: its name, and a function that writes it to a path and returns its page count.
FileMaker = tuple[str, Callable[[Path], int]]


@dataclass(frozen=True)
class Edition:
    """One edition of a book: the ending of its file name, the layout format of its pages, how its subject line
    names the paper, and for a booklet the paper its pages are imposed on."""

    suffix: str
    fmt: str
    paper: str
    sheet: str | None = None


#: The editions of each book, in the order the kit makes them.
EDITIONS = (Edition("a4", "a4", "A4"), Edition("letter", "letter", "US Letter"),
            Edition("booklet", "a5", "A5 booklet on A4", "A4"),
            Edition("booklet-letter", "half-letter", "half-Letter booklet on US Letter", "letter"))
#: What each book is called after the game's name: in its PDF's title, and in its subject line.
BOOK_NAMES = {"rulebook": ("rules of play", "rulebook"), "reference": ("rules reference", "rules reference")}
#: The player aid's files: name, and the paper (a key of :data:`generator.rulebook.aid.PAPERS`).
AIDS = (("player-aid.pdf", "A4"), ("player-aid-letter.pdf", "letter"))
#: How the aid's subject line names each paper.
AID_PAPERS = {"A4": "one A4 sheet", "letter": "one US Letter sheet"}


def book_file(book: str, edition: Edition) -> str:
    """The kit's file name of one edition of a book: ``rulebook-a4.pdf``, ``reference-booklet-letter.pdf``..."""
    return f"{book}-{edition.suffix}.pdf"


def write_book(built: Book, path: Path, title: str, book: str, edition: Edition) -> int:
    """Write one edition of a book (a booklet imposed for saddle stitching); returns its page or sheet-side count."""
    # Imported here, when first needed, to keep start-up fast.
    from ..output.pdf import PdfOptions, finish_pdf
    from .booklet import LETTER_SHEET, SHEET, impose

    what, name = BOOK_NAMES[book]
    with built.placed() as pages:
        if edition.sheet is None:
            finish_pdf(pages, path, PdfOptions(title=f"{title}: {what}", subject=f"{title} {name}, {edition.paper}"))
            return len(pages.pages)
        sheet = SHEET if edition.sheet == "A4" else LETTER_SHEET
        with impose(pages, sheet) as sheets:
            finish_pdf(sheets, path, PdfOptions(title=f"{title}: {what} (booklet)",
                                                subject=f"{title} {name}, {edition.paper}: print both sides, flip "
                                                        "on the short edge, fold, staple", duplex="short"))
            return len(sheets.pages)


def write_player_aid(rulebook: Rulebook, path: Path, preview: bool, paper: str = "A4") -> int:
    """Write the player aid sheet on ``paper`` (and a PNG preview beside it when ``preview``); returns its page
    count."""
    # Imported here, when first needed, to keep start-up fast.
    from ..output.pdf import PdfOptions, finish_pdf, pdf_preview
    from .aid import build_player_aid

    title = rulebook.facts.title
    with build_player_aid(rulebook, paper).placed() as pdf:
        finish_pdf(pdf, path, PdfOptions(title=f"{title}: player aid",
                                         subject=f"{title} player aid: {AID_PAPERS[paper]}, cut in two"))
        pages = len(pdf.pages)
    if preview:
        pdf_preview(path, path.with_suffix(".png"), dpi=60)
    return pages


#: The Rulebook of the game last asked for in this process (see :func:`shared_rulebook`).
_SHARED: list[tuple[Game, Rulebook]] = []


def shared_rulebook(game: Game) -> Rulebook:
    """The Rulebook of ``game``, made on first use and kept while the same game object is asked for, so that
    every book, edition and aid made from it in this process converts each figure once."""
    # Imported here, when first needed, to keep start-up fast.
    from .book import Rulebook

    if not _SHARED or _SHARED[0][0] is not game:
        _SHARED[:] = [(game, Rulebook(game))]
    return _SHARED[0][1]


def art_keys_of(game: Game, parts: set[str]) -> list[str]:
    """The pictures (art keys, see :func:`.compose.art_keys`) that the books and the player aid among ``parts``
    draw, each once: what a build may draw in several processes before it lays the books out."""
    # Imported here, when first needed, to keep start-up fast.
    from .aid import TEMPLATE
    from .book import BOOKS
    from .compose import art_keys

    rulebook = shared_rulebook(game)
    blocks = [block for book in BOOKS if book in parts for block in rulebook.blocks(book)]
    if "player-aid" in parts:
        blocks += [block for side in rulebook.hooks.sides for block in rulebook.markup(TEMPLATE, side=side)]
    return art_keys(blocks)


def book_files(game: Game, book: str) -> list[FileMaker]:
    """One book (``rulebook`` or ``reference``) in every edition of :data:`EDITIONS`."""
    def maker(edition: Edition) -> Callable[[Path], int]:
        return lambda path: write_book(shared_rulebook(game).build(edition.fmt, book), path, game.title, book,
                                       edition)

    return [(book_file(book, edition), maker(edition)) for edition in EDITIONS]


def player_aid_files(game: Game, previews: bool) -> list[FileMaker]:
    """The player aid on A4 and on US Letter (each with a PNG preview beside it when ``previews``)."""
    def maker(paper: str, preview: bool) -> Callable[[Path], int]:
        return lambda path: write_player_aid(shared_rulebook(game), path, preview, paper)

    return [(name, maker(paper, previews)) for name, paper in AIDS]
