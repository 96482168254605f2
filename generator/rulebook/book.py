"""Building the rulebook: templates to markup to flowables to a PDF, in one page format."""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pikepdf
from reportlab.platypus.doctemplate import LayoutError

from ..errors import Problem, SpecError, UserError
from ..fonts import register_reportlab_fonts
from ..game import Game
from ..pdf import PdfOptions, finish_pdf
from .compose import Composer
from .document import BookDocument, PageLog
from ..play.registry import plugin_for
from .figures import Figures
from .hooks import BookIdentity
from .layout import FORMATS, make_styles
from .ledger import ledger_path, load_ledger
from .markup import Block, parse
from .templates import Renderer, templates_dir

#: The theme role the book's pictures and colours are drawn in (the game's themes say which theme has it).
BOOK_THEME = "book"


@dataclass
class Book:
    """A built book: the PDF bytes, where things landed, and the captions of its figures."""

    pdf: bytes
    log: PageLog
    captions: dict[str, str]


class Rulebook:
    """One game's rulebook: its facts, figures and markup, ready to be laid out in any format."""

    def __init__(self, game: Game, templates: Path | None = None, ledger: Path | None = None):
        register_reportlab_fonts()
        maker = plugin_for(game).book
        if maker is None:
            raise UserError(f"the game '{game.id}' has no rulebook: its plug-in gives no book hooks")
        self.game = game
        self.theme = game.theme_for(BOOK_THEME)
        self.hooks = maker(game, self.theme)
        self.facts: BookIdentity = self.hooks.facts
        self.figures = Figures(game, self.hooks)
        self.templates = templates or templates_dir(game)
        self.ledger = ledger or ledger_path(game)
        self._blocks: list[Block] | None = None

    def context(self) -> dict[str, object]:
        """What every template sees: the game's own names and ``ledger`` (the clarifications)."""
        groups, _ = load_ledger(self.ledger)
        return {**self.hooks.context, "ledger": groups}

    def blocks(self) -> list[Block]:
        """The whole book as markup blocks; raises :class:`SpecError` listing every problem found."""
        if self._blocks is None:
            renderer = Renderer(self.figures, self.context(), self.templates)
            _, problems = load_ledger(self.ledger)
            blocks: list[Block] = []
            chapters = renderer.chapters()
            if not chapters:
                problems.append(Problem(self.templates, None, None, "no chapter templates found",
                                        "chapters are files named NN-name.md.j2"))
            for name in chapters:
                found, trouble = parse(renderer.render(name), str(self.templates / name))
                blocks += found
                problems += trouble
            problems = renderer.problems + problems
            if problems:
                raise SpecError(problems)
            self._blocks = blocks
        return self._blocks

    def markup(self, name: str, **extra: object) -> list[Block]:
        """One template (e.g. the player aid's) rendered with ``extra`` and parsed; raises :class:`SpecError`."""
        renderer = Renderer(self.figures, {**self.context(), **extra}, self.templates)
        blocks, problems = parse(renderer.render(name), str(self.templates / name))
        if renderer.problems or problems:
            raise SpecError(renderer.problems + problems)
        return blocks

    def build(self, fmt_name: str) -> Book:
        """Lay the book out in one of :data:`~.layout.FORMATS`."""
        fmt = FORMATS[fmt_name]
        styles = make_styles(fmt, self.theme)
        _, _, width, height = fmt.frame
        composer = Composer(styles, (width, height), self.figures)
        story = composer.compose(self.blocks())
        buffer = io.BytesIO()
        doc = BookDocument(buffer, fmt, styles, composer.running_title or self.facts.title, self.facts.designer)
        try:
            doc.render(story)
        except LayoutError as exc:
            raise UserError(f"the {fmt_name} rulebook cannot be laid out: {exc}") from None
        return Book(self.figures.place(buffer.getvalue(), doc.placements), doc.log, dict(composer.captions))


def save_pdf(data: bytes, path: Path, title: str, subject: str, duplex: str | None = None) -> int:
    """Write reportlab output through :func:`generator.pdf.finish_pdf` (fixed metadata, atomic); returns pages."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        finish_pdf(pdf, path, PdfOptions(title=title, subject=subject, duplex=duplex))
        return len(pdf.pages)
