"""The rulebook's files in a kit: what each is called and how to write it."""
from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..game import Game

if TYPE_CHECKING:
    from .book import Book, Rulebook

#: A file of the kit: its name, and a function that writes it to a path and returns its page count.
FileMaker = tuple[str, Callable[[Path], int]]
#: The single-sided books: kit file name, layout format, and how the subject line names the paper.
BOOKS = (("rulebook-a4.pdf", "a4", "A4"), ("rulebook-letter.pdf", "letter", "US Letter"))
#: The booklet: kit file name and the format of its pages.
BOOKLET = ("rulebook-booklet.pdf", "a5")
#: The player aid's file name.
AID = "player-aid.pdf"


def write_book(book: Book, path: Path, title: str, paper: str) -> int:
    """Write a single-sided book; returns its page count."""
    from .book import save_pdf

    return save_pdf(book.pdf, path, f"{title}: rules of play", f"{title} rulebook, {paper}")


def write_booklet(book: Book, path: Path, title: str) -> int:
    """Impose an A5 book for saddle stitching and write it; returns the number of sheet sides."""
    import pikepdf

    from ..pdf import PdfOptions, finish_pdf
    from .booklet import impose

    with pikepdf.open(io.BytesIO(book.pdf)) as pages, impose(pages) as sheets:
        finish_pdf(sheets, path, PdfOptions(title=f"{title}: rules of play (booklet)",
                                            subject=f"{title} rulebook, A5 booklet on A4: print both sides, "
                                                    "flip on the short edge, fold, staple", duplex="short"))
        return len(sheets.pages)


def write_player_aid(rulebook: Rulebook, path: Path, preview: bool) -> int:
    """Write the player aid sheet (and a PNG preview beside it when ``preview``); returns its page count."""
    from ..pdf import pdf_preview
    from .aid import build_player_aid
    from .book import save_pdf

    title = rulebook.facts.title
    pages = save_pdf(build_player_aid(rulebook), path, f"{title}: player aid",
                     f"{title} player aid: one A4 sheet, cut in two")
    if preview:
        pdf_preview(path, path.with_suffix(".png"), dpi=60)
    return pages


def _shared(game: Game) -> Callable[[], Rulebook]:
    """A Rulebook made on first use and then shared, so figures are converted once for all files."""
    made: list[Rulebook] = []  # the layout machinery (reportlab) loads only when a book is really made

    def get() -> Rulebook:
        from .book import Rulebook

        if not made:
            made.append(Rulebook(game))
        return made[0]
    return get


def rulebook_files(game: Game) -> list[FileMaker]:
    """The rulebook in A4 and US Letter, and as an A5 booklet imposed on A4 for duplex printing."""
    rulebook = _shared(game)

    def book(fmt: str, paper: str) -> Callable[[Path], int]:
        return lambda path: write_book(rulebook().build(fmt), path, game.title, paper)

    name, fmt = BOOKLET
    return [(n, book(f, paper)) for n, f, paper in BOOKS] + \
        [(name, lambda path: write_booklet(rulebook().build(fmt), path, game.title))]


def player_aid_files(game: Game, previews: bool) -> list[FileMaker]:
    """The player aid sheet (with a PNG preview beside it when ``previews``)."""
    rulebook = _shared(game)
    return [(AID, lambda path: write_player_aid(rulebook(), path, previews))]
