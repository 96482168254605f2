"""The print guide: one or two pages, made from the specs, telling a person how to print and assemble the kit."""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UserError
from ..model.game import Game
from .piece_kit import papers_for
from .kitfiles import FILE_KINDS, FileRow, describe_files, game_file_kinds, placeholder_values
from ..model.pieces import Component, Components
from ..play.registry import load_components
from ..model.printers import load_printer
from ..model.printspec import PAPER_MM, PrintFormat
from ..model.punches import punch_name
from ..model.theme import Theme

if TYPE_CHECKING:
    from ..rulebook.figures import Figures
    from ..rulebook.markup import Block

#: The guide's own file, and the paper it is set on.
GUIDE_FILE, GUIDE_PAPER = "PRINT-GUIDE.pdf", "A4"
#: The guide's page: its paper, top, bottom and side margins (mm), body type size (pt).
PAGE = ("guide", *PAPER_MM[GUIDE_PAPER], 14.0, 14.0, 16.0, 9.0)
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
    """A component and how many to cut out (spares aside); ``back`` says what its back is, for a piece whose back
    differs from its front."""

    name: str
    count: int
    two_faced: bool
    back: str = ""


@dataclass(frozen=True)
class PunchRow:
    """How the round pieces of one board format are cut: the sizes a common circle punch cuts ('12.7 mm with a
    1/2 in circle punch') and those cut by hand ('11.2 mm')."""

    format: str
    punched: list[str]
    by_hand: list[str]


def _punches(game: Game, formats: tuple[str, ...]) -> list[PunchRow]:
    """For each format with round pieces sized from its cell, each diameter and the punch that cuts it (if any)."""
    components = load_components(game)
    rows = []
    for name in formats:
        fmt = game.format(name)
        sizes = sorted({components.diameter(c, fmt) for c in components.components
                        if c.shape == "disc" and c.size_mm is None} if components else set(), reverse=True)
        punched = [f"{d:.1f} mm with a {punch_name(d)} circle punch" for d in sizes if punch_name(d)]
        by_hand = [f"{d:.1f} mm" for d in sizes if not punch_name(d)]
        if sizes:
            rows.append(PunchRow(name, punched, by_hand))
    return rows


def punch_text(rows: list[PunchRow]) -> str:
    """The guide's words on cutting round pieces: which sizes a circle punch cuts, board by board, and which are
    cut by hand; nothing about punches when none fits."""
    def listed(items: list[str]) -> str:
        return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"

    punched = [f"for the {r.format} board, {listed(r.punched)}" for r in rows if r.punched]
    by_hand = [f"the {r.format} board's {listed(r.by_hand)}" for r in rows if r.by_hand]
    if not rows:
        return ""
    if not punched:
        return "No common circle punch matches the round pieces: cut them by hand."
    text = f"Some round pieces match a common circle punch: {'; '.join(punched)}."
    if by_hand:
        text += f" Cut the others by hand ({'; '.join(by_hand)})."
    return text


def back_text(component: Component, components: list[Component]) -> str:
    """What a two-faced piece's back is, in words, from the spec: another piece of the kit ('its back is a broken
    tower'), its own label or glyph ('its back reads Used'), or what the spec says of it (``back_note``)."""
    front, back = component.front, component.back
    if component.back_note:
        return component.back_note
    twin = next((c for c in components if c is not component and (c.front.emblem, c.front.ground) ==
                 (back.emblem, back.ground)), None)
    if twin is not None:
        return f"its back is a {twin.name.lower()}"
    if back.label and back.label != front.label:
        return f"its back reads \u2018{back.label}\u2019"
    if back.glyph and back.glyph != front.glyph:
        return f"its back shows {back.glyph}"
    if back.emblem != front.emblem:
        return "its back shows another picture"
    return "its back is printed in other colours"


def _paper(name: str) -> str:
    return "US Letter" if name == "letter" else name


def board_choice(fmt: PrintFormat) -> BoardChoice:
    """How the guide describes one print format's board: paper by its printed name, sheets, cell and glue."""
    return BoardChoice(fmt.name, _paper(fmt.paper), fmt.sheet_count, fmt.sheet_rows, fmt.sheet_columns,
                       fmt.square_mm, fmt.glue_mm, _paper(fmt.small_paper))


def _component_name(game: Game, component: Component, shared: bool) -> str:
    """A component's name as a person ticks it off: a player's pieces (called by the player's name unless the
    components spec names them), or an item with its form; a name several pieces share gets what tells them apart
    (their player's name, or their glyph)."""
    name = component.name
    player = next((p for p in game.players if p.id == component.id), None)
    if player is not None:
        if name == player.name:
            return f"{name} playing piece"
        return f"{name}, {player.name}" if shared else name
    item = next((i for i in game.items if i.id == component.id), None)
    if item is not None and item.form:
        return f"{name}, form {item.form}"
    return f"{name} {component.front.glyph}" if shared and component.front.glyph else name


def checklist(game: Game, components: Components | None) -> list[ChecklistRow]:
    """The guide's checklist: every piece of the kit with its count, and what its back is when it differs."""
    if components is None:
        return []
    pieces = components.components
    names = [c.name for c in pieces]
    return [ChecklistRow(_component_name(game, c, names.count(c.name) > 1), c.count, c.two_faced,
                         back_text(c, pieces) if c.two_faced else "") for c in pieces]


def guide_context(game: Game, formats: tuple[str, ...], themes: list[Theme], printer: Path | None,
                  files: list[str]) -> dict[str, object]:
    """What the guide's template sees: boards, themes (with what each is for), the printer, the kit's files (a
    row each kind, from :mod:`generator.kit.kitfiles`) and what their placeholders stand for, the checklist, the spares
    per component, the decks (a row each, as the game prints them), the papers of the punch, card and mat sheets
    (as file names spell them: a4, letter) and the words on cutting the round pieces."""
    from ..play.registry import decks_for  # the registry loads the game's plug-in only when planned

    components = load_components(game)
    profile = load_printer(printer)
    rows = checklist(game, components)
    kinds = FILE_KINDS + game_file_kinds(game)
    return {"boards": [board_choice(game.format(f)) for f in formats], "themes": [t.name for t in themes],
            "theme_notes": [f"*{t.name}*" + (f" ({t.description[0].lower()}{t.description[1:].rstrip('.')})"
                                              if t.description else "") for t in themes], "printer": profile,
            "duplex_edge": profile.duplex, "spares": components.sheet.spares if components else 0,
            "back_bleed_mm": components.sheet.back_bleed_mm if components else 0.0,
            "checklist": rows, "pieces_total": sum(r.count for r in rows), "title": game.title,
            "decks": [ChecklistRow(d.name, len(d.copies()), True) for d in decks_for(game)],
            "papers": [p.lower() for p in papers_for(game, formats)],
            "punches": _punches(game, formats), "punch_text": punch_text(_punches(game, formats)),
            "files": describe_files(game, files, kinds, profile.duplex),
            "placeholders": placeholder_values(game, files, kinds)}


def guide_blocks(game: Game, context: dict[str, object], template: str = TEMPLATE) -> tuple[list[Block], Figures]:
    """The guide's ``template`` rendered for ``context`` and parsed into blocks (with the figures they may name); a
    template mistake is a located :class:`SpecError`."""
    # Imported here, when first needed, to keep start-up fast.
    from ..errors import SpecError
    from ..rulebook.figures import Figures
    from ..rulebook.hooks import no_pictures
    from ..rulebook.markup import parse
    from ..rulebook.templates import Renderer, template_folder

    figures = Figures(game, no_pictures(game.title, game.designer))
    folder = template_folder(game, template)
    renderer = Renderer(figures, {"guide": context}, folder)
    blocks, problems = parse(renderer.render(template), str(folder / template))
    if renderer.problems or problems:
        raise SpecError(renderer.problems + problems)
    return blocks, figures


def file_rows(game: Game, names: list[str], edge: str) -> dict[str, FileRow]:
    """Each of the kit's files ``names`` with its paper and what it is, as the print guide would list that file
    alone (:func:`~generator.kit.kitfiles.describe_files`; the studio's list of files), two-sided files turning on
    ``edge``; the guide itself is told by what it is for."""

    kinds = FILE_KINDS + game_file_kinds(game)
    rows = {}
    for name in names:
        described = describe_files(game, [name], kinds, edge)
        if described:
            rows[name] = described[0]
    rows[GUIDE_FILE] = FileRow(GUIDE_FILE, GUIDE_PAPER, "this guide: what to print on which paper, how to cut the "
                               "pieces and cards and put the kit together; one-sided")
    return rows


def build_guide(game: Game, context: dict[str, object], template: str = TEMPLATE) -> bytes:
    """The guide as PDF bytes; raises :class:`UserError` when it runs past :data:`MAX_PAGES` pages.

    The guide is typeset like the book but needs no book of the game: its template is the game's
    ``templates/<game>/print-guide.md.j2`` when there is one, else the shared ``templates/`` one (``template``
    names another: the cut files' part of the guide).
    """
    from reportlab.lib.units import mm  # the layout machinery loads only when the guide is really made
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate
    from reportlab.platypus.doctemplate import LayoutError

    from ..output.fonts import register_reportlab_fonts
    from ..rulebook.book import BOOK_THEME
    from ..rulebook.compose import Composer
    from ..rulebook.layout import PageFormat, make_styles
    from ..rulebook.templates import template_folder

    register_reportlab_fonts()
    page = PageFormat(*PAGE)
    styles = make_styles(page, game.theme_for(BOOK_THEME))
    blocks, figures = guide_blocks(game, context, template)
    folder = template_folder(game, template)
    _, _, width, height = page.frame
    composer = Composer(styles, (width, height), figures, numbered=False, edition="print guide")
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


@dataclass(frozen=True)
class GuideMaker:
    """The maker of a kit's guide: writes ``PRINT-GUIDE.pdf`` for ``context`` (which the studio reads too)."""

    game: Game
    context: dict[str, object]

    def __call__(self, path: Path) -> int:
        return write_guide(self.game, path, self.context)


def write_guide(game: Game, path: Path, context: dict[str, object]) -> int:
    """Write ``PRINT-GUIDE.pdf``; returns its page count."""
    # Imported here, when first needed, to keep start-up fast.
    from ..rulebook.book import save_pdf

    return save_pdf(build_guide(game, context), path, f"{game.title}: print guide",
                    f"How to print, cut and assemble the {game.title} kit")
