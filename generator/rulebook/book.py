"""Building a game's books: templates to markup to flowables to a PDF, in one page format.

A game has two books, each from its own folder of chapter templates
(:data:`BOOKS`): the short rulebook and the rules reference. Both share one
:class:`Rulebook`, so each figure is drawn once for every book and edition.
The reference places every rule example of the game exactly once
(:mod:`.placement`) and may end with an index of terms (:mod:`.index`).
"""
from __future__ import annotations

import io
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import pikepdf
from reportlab.platypus.doctemplate import LayoutError

from ..errors import Problem, SpecError, UserError
from ..output.fonts import register_reportlab_fonts
from ..model.game import Game
from ..output.pdf import PdfOptions, finish_pdf
from .compose import Composer
from .document import BookDocument, PageLog
from ..play.registry import plugin_for
from .figures import Figures
from .hooks import BookHooks, BookIdentity
from .index import INDEX_FILE, Term, TermIndex, load_terms
from .layout import FORMATS, make_styles
from .overlay import Placement
from .ledger import ledger_path, load_ledger
from .markup import Block, parse
from .placement import placement_problems
from .templates import Renderer, templates_dir

#: The theme role the book's pictures and colours are drawn in (the game's themes say which theme has it).
BOOK_THEME = "book"
#: The short rulebook: read once before the first game.
RULEBOOK = "rulebook"
#: The rules reference: every case, clarification and example, with an index.
REFERENCE = "reference"
#: A game's books, each named as the folder of its chapters in ``templates/<game>/``.
BOOKS = (RULEBOOK, REFERENCE)


@dataclass
class Book:
    """A built book: its pages as laid out and the pictures to lay on them, where things landed, the captions of its
    figures, and its index's pages."""

    laid_out: bytes
    placements: list[Placement]
    figures: Figures
    log: PageLog
    captions: dict[str, str]
    index: dict[str, tuple[int, ...]] = field(default_factory=dict)

    @cached_property
    def pdf(self) -> bytes:
        """The book as PDF bytes, pictures and all."""
        return self.figures.place(self.laid_out, self.placements)

    def placed(self) -> AbstractContextManager[pikepdf.Pdf]:
        """The book opened with its pictures, for a block that writes it (saved once, never as :attr:`pdf` first)."""
        return self.figures.placed(self.laid_out, self.placements)


class Rulebook:
    """One game's books: its facts, figures and markup, ready to be laid out in any format."""

    def __init__(self, game: Game, templates: Path | None = None, ledger: Path | None = None):
        register_reportlab_fonts()
        maker = plugin_for(game).book
        if maker is None:
            raise UserError(f"the game '{game.id}' has no rulebook: its plug-in gives no book hooks")
        self.game = game
        self.theme = game.theme_for(BOOK_THEME)
        hooks = maker(game, self.theme)
        if not isinstance(hooks, BookHooks):
            raise TypeError(f"the book hooks of '{game.id}' are a {type(hooks).__name__}, not BookHooks")
        self.hooks = hooks
        self.facts: BookIdentity = self.hooks.facts
        self.figures = Figures(game, self.hooks)
        self.templates = templates or templates_dir(game)
        self.ledger = ledger or ledger_path(game)
        self._blocks: dict[str, list[Block]] = {}
        self._terms: dict[str, list[Term]] = {}

    def context(self) -> dict[str, object]:
        """What every template sees: the game's own names and ``ledger`` (the clarifications)."""
        groups, _ = load_ledger(self.ledger)
        return {**self.hooks.context, "ledger": groups}

    def folder(self, book: str) -> Path:
        """The folder of a book's chapters."""
        return self.templates / book

    def blocks(self, book: str = RULEBOOK) -> list[Block]:
        """A whole book as markup blocks; raises :class:`SpecError` listing every problem found."""
        if book not in self._blocks:
            renderer = Renderer(self.figures, self.context(), self.templates)
            _, problems = load_ledger(self.ledger)
            blocks: list[Block] = []
            chapters = renderer.chapters(book)
            if not chapters:
                problems.append(Problem(self.folder(book), None, None, f"no chapter templates found for the {book}",
                                        "chapters are files named NN-name.md.j2"))
            for name in chapters:
                found, trouble = parse(renderer.render(name), str(self.templates / name))
                blocks += found
                problems += trouble
            problems = renderer.problems + problems
            if book == REFERENCE and chapters:
                problems += placement_problems(blocks, self.figures, self.folder(book))
            problems += self._index_problems(book, blocks)
            if problems:
                raise SpecError(problems)
            self._blocks[book] = blocks
        return self._blocks[book]

    def _index_problems(self, book: str, blocks: list[Block]) -> list[Problem]:
        """Load the book's index terms; an index directive without terms file, or a terms file no chapter prints,
        is a problem."""
        path = self.folder(book) / INDEX_FILE
        directives = [b for b in blocks if b.kind == "directive" and b.text == "index"]
        if not path.is_file():
            return [Problem(f"{b.source} (rendered)", b.line, None, f"'::index' has no terms: {path} does not exist",
                            "list the index's terms in that file (see templates/dravakron/README.md)")
                    for b in directives]
        terms, problems = load_terms(path)
        if not directives:
            problems.append(Problem(path, None, None, f"the {book} lists index terms but no chapter prints the index",
                                    "add '::index' to the last chapter, or remove the file"))
        self._terms[book] = terms
        return problems

    def markup(self, name: str, **extra: object) -> list[Block]:
        """One template (e.g. the player aid's) rendered with ``extra`` and parsed; raises :class:`SpecError`."""
        renderer = Renderer(self.figures, {**self.context(), **extra}, self.templates)
        blocks, problems = parse(renderer.render(name), str(self.templates / name))
        if renderer.problems or problems:
            raise SpecError(renderer.problems + problems)
        return blocks

    def build(self, fmt_name: str, book: str = RULEBOOK) -> Book:
        """Lay a book out in one of :data:`~.layout.FORMATS`."""
        fmt = FORMATS[fmt_name]
        styles = make_styles(fmt, self.theme)
        _, _, width, height = fmt.frame
        blocks = self.blocks(book)
        composer = Composer(styles, (width, height), self.figures, terms=self._terms.get(book),
                            edition=f"{fmt_name} {book}")
        story = composer.compose(blocks)
        buffer = io.BytesIO()
        doc = BookDocument(buffer, fmt, styles, composer.running_title or self.facts.title, self.facts.designer)
        try:
            doc.render(story)
        except LayoutError as exc:
            raise UserError(f"the {fmt_name} {book} cannot be laid out: {exc}") from None
        except IndexError as exc:  # reportlab's multiBuild: page numbers that never settle
            if "not resolved" not in str(exc):
                raise
            raise UserError(f"the page numbers of the {fmt_name} {book} do not settle: put '::index' in its last "
                            "chapter, after everything else") from None
        index = next((f.pages for f in story if isinstance(f, TermIndex)), {})
        unused = [t for t in self._terms.get(book, []) if index and not index.get(t.name)]
        if unused:
            raise SpecError([Problem(self.folder(book) / INDEX_FILE, t.line, None,
                                     f"index term '{t.name}' occurs on no page of the {fmt_name} {book}",
                                     "remove it, or add the form the book uses with 'also:'") for t in unused])
        return Book(buffer.getvalue(), doc.placements, self.figures, doc.log, dict(composer.captions), index)


def save_pdf(data: bytes, path: Path, title: str, subject: str, duplex: str | None = None) -> int:
    """Write reportlab output through :func:`generator.output.pdf.finish_pdf` (fixed metadata, atomic); returns pages."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        finish_pdf(pdf, path, PdfOptions(title=title, subject=subject, duplex=duplex))
        return len(pdf.pages)
