"""The print guide: one or two pages, made from the specs, telling a person how to print and assemble the kit."""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from .errors import UserError
from .game import Game
from .piece_kit import papers_for
from .pieces import load_components
from .printers import load_printer
from .printspec import PAPER_MM, PrintFormat
from .punches import punch_name

#: The guide's page: A4, top, bottom and side margins (mm), body type size (pt).
PAGE = ("guide", *PAPER_MM["A4"], 14.0, 14.0, 16.0, 9.0)
TEMPLATE = "print-guide.md.j2"
#: Most pages the guide may take.
MAX_PAGES = 2


@dataclass(frozen=True)
class BoardChoice:
    """One board format as the guide describes it."""

    name: str
    paper: str
    sheets: int
    rows: int
    columns: int
    square_mm: float
    glue_mm: float
    small_paper: str


@dataclass(frozen=True)
class ChecklistRow:
    """A component and how many to cut out (spares aside)."""

    name: str
    count: int
    two_faced: bool


@dataclass(frozen=True)
class PunchRow:
    """How the round pieces of one board format are cut: '12.7 mm with a 1/2 in punch' per size."""

    format: str
    cuts: list[str]


def _punches(game: Game, formats: tuple[str, ...]) -> list[PunchRow]:
    """For each format with round pieces sized from its cell, each diameter and the punch that cuts it."""
    components = load_components(game)
    rows = []
    for name in formats:
        fmt = game.format(name)
        sizes = sorted({components.diameter(c, fmt) for c in components.components
                        if c.shape == "disc" and c.size_mm is None} if components else set(), reverse=True)
        cuts = [f"{d:.1f} mm with a {punch_name(d)} circle punch" if punch_name(d) else f"{d:.1f} mm by hand"
                for d in sizes]
        if cuts:
            rows.append(PunchRow(name, cuts))
    return rows


def _paper(name: str) -> str:
    return "US Letter" if name == "letter" else name


def board_choice(fmt: PrintFormat) -> BoardChoice:
    """How the guide describes one print format's board: paper by its printed name, sheets, cell and glue."""
    return BoardChoice(fmt.name, _paper(fmt.paper), fmt.sheet_count, fmt.sheet_rows, fmt.sheet_columns,
                       fmt.square_mm, fmt.glue_mm, _paper(fmt.small_paper))


def _component_name(game: Game, component_id: str, name: str) -> str:
    """A component's name as a person ticks it off: a player's pieces (called by the player's name unless the
    components spec names them), or an item with its form."""
    player = next((p for p in game.players if p.id == component_id), None)
    if player is not None:
        return f"{name} playing piece" if name == player.name else name
    item = next((i for i in game.items if i.id == component_id), None)
    return f"{name}, form {item.form}" if item is not None and item.form else name


def guide_context(game: Game, formats: tuple[str, ...], themes: list[str], printer: Path | None) -> dict[str, object]:
    """What the guide's template sees: boards, themes, the printer, the checklist, the spares per component, the
    decks (a row each, as the game prints them), the papers of the punch, card and mat sheets (as file names
    spell them: a4, letter) and the circle punch for the round pieces of each format."""
    from .play.registry import decks_for  # the registry loads the game's plug-in only when the guide is planned

    components = load_components(game)
    profile = load_printer(printer)
    checklist = [ChecklistRow(_component_name(game, c.id, c.name), c.count, c.two_faced)
                 for c in components.components] if components else []
    return {"boards": [board_choice(game.format(f)) for f in formats], "themes": themes, "printer": profile,
            "duplex_edge": profile.duplex, "spares": components.sheet.spares if components else 0,
            "checklist": checklist, "pieces_total": sum(r.count for r in checklist), "title": game.title,
            "decks": [ChecklistRow(d.name, len(d.copies()), True) for d in decks_for(game)],
            "papers": [p.lower() for p in papers_for(game, formats)],
            "punches": _punches(game, formats)}


def build_guide(game: Game, context: dict[str, object], template: str = TEMPLATE) -> bytes:
    """The guide as PDF bytes; raises :class:`UserError` when it runs past :data:`MAX_PAGES` pages.

    The guide is typeset like the book but needs no book of the game: its template is the game's
    ``templates/<game>/print-guide.md.j2`` when there is one, else the shared ``templates/`` one (``template``
    names another: the cut files' part of the guide).
    """
    from reportlab.lib.units import mm  # the layout machinery loads only when the guide is really made
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate
    from reportlab.platypus.doctemplate import LayoutError

    from .errors import SpecError
    from .fonts import register_reportlab_fonts
    from .rulebook.book import BOOK_THEME
    from .rulebook.compose import Composer
    from .rulebook.figures import Figures
    from .rulebook.hooks import no_pictures
    from .rulebook.layout import PageFormat, make_styles
    from .rulebook.markup import parse
    from .rulebook.templates import Renderer, template_folder

    register_reportlab_fonts()
    page = PageFormat(*PAGE)
    styles = make_styles(page, game.theme_for(BOOK_THEME))
    figures = Figures(game, no_pictures(game.title, game.designer))
    folder = template_folder(game, template)
    renderer = Renderer(figures, {"guide": context}, folder)
    blocks, problems = parse(renderer.render(template), str(folder / template))
    if renderer.problems or problems:
        raise SpecError(renderer.problems + problems)
    _, _, width, height = page.frame
    composer = Composer(styles, (width, height), figures, numbered=False)
    story = composer.compose(blocks)
    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=page.size, leftMargin=page.side * mm, rightMargin=page.side * mm,
                          topMargin=page.top * mm, bottomMargin=page.bottom * mm, invariant=1,
                          initialFontName="Sans", title=f"{game.title}: print guide", creator="boardkit")
    x, y, w, h = page.frame
    doc.addPageTemplates([PageTemplate("guide", [Frame(x, y, w, h, leftPadding=0, rightPadding=0, topPadding=0,
                                                       bottomPadding=0)])])
    doc.placements = []
    try:
        doc.build(story)
    except LayoutError as exc:
        raise UserError(f"the print guide cannot be laid out: {exc}") from None
    if doc.page > MAX_PAGES:
        raise UserError(f"the print guide takes {doc.page} pages; shorten {folder / template}")
    return figures.place(buffer.getvalue(), doc.placements)


def write_guide(game: Game, path: Path, context: dict[str, object]) -> int:
    """Write ``PRINT-GUIDE.pdf``; returns its page count."""
    from .rulebook.book import save_pdf

    return save_pdf(build_guide(game, context), path, f"{game.title}: print guide",
                    f"How to print, cut and assemble the {game.title} kit")
