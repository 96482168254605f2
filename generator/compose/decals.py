"""Decal sheets: the board's marked squares as stickers in a grid, each named after its square."""
from __future__ import annotations

from ..errors import SpecError
from ..model.game import Game
from ..model.pieces import DecalSettings
from ..model.printers import PaperSetup
from ..render.decals import decal_cells, decals_what, render_decal
from ..model.theme import Theme
from ..model.printspec import MIN_TEXT_MM
from .marks import SCALE_BAR_DEPTH_MM, scale_bar
from ..render.text import text, text_width
from .punch import FOOTER_MM, HEADER_MM, drawing, heading

#: Size of the square names printed under each decal: the smallest text the kit prints.
LABEL_MM = MIN_TEXT_MM


def decal_grid(settings: DecalSettings, setup: PaperSetup, count: int) -> list[list[tuple[float, float]]]:
    """Centres of ``count`` decals, page by page, in centred rows inside the printable area.

    Rows stand ``gutter_mm`` apart, room for the square names under them; side by side, decals stand
    only their two bleeds apart (nothing is printed between them). As few pages as hold them all,
    with the decals shared out evenly between the pages.
    """
    x0, y0, x1, y1 = setup.printable
    top, bottom = y0 + HEADER_MM, y1 - FOOTER_MM
    size = settings.square_mm
    across, down = size + min(settings.gutter_mm, 2 * settings.bleed_mm), size + settings.gutter_mm
    reach = size / 2 + settings.bleed_mm
    if x1 - x0 < 2 * reach or bottom - top < 2 * reach + LABEL_MM + 1:
        raise SpecError([setup.problem(f"decals of {size:g} mm do not fit inside the margins on {setup.paper}",
                                       "use a smaller decal square_mm in the components spec")])
    columns = int((x1 - x0 - 2 * reach) // across) + 1
    rows = int((bottom - top - 2 * reach - LABEL_MM - 1) // down) + 1
    if count == 0:
        return []
    per_page = -(-count // -(-count // (columns * rows)))  # the fewest pages, filled evenly
    pages = []
    for start in range(0, count, per_page):
        n = min(per_page, count - start)
        used = min(n, columns)
        left = (x0 + x1) / 2 - (used - 1) * across / 2
        pages.append([(round(left + (i % columns) * across, 4), round(top + reach + (i // columns) * down, 4))
                      for i in range(n)])
    return pages


def decal_pages(game: Game, theme: Theme, settings: DecalSettings, setup: PaperSetup) -> list[str]:
    """SVG pages of the board's decals on one paper, with cut lines, square names and a scale bar."""
    decals = decal_cells(game, settings)
    ink = theme.colour("text")
    pages = decal_grid(settings, setup, len(decals))
    safe = setup.printable
    out, done = [], 0
    for n, centres in enumerate(pages, 1):
        page = drawing(setup.page)
        page.add(heading(f"{game.title.upper()} \u00b7 BOARD DECALS \u00b7 PAGE {n} OF {len(pages)}", [
            f"{decals_what(game, settings)} as {settings.square_mm:g} mm stickers, for a board you build yourself. "
            f"Print one-sided on {setup.label} paper at 100 % (actual size).",
            f"Cut on the lines; each decal names the {game.board.grid.cell_word} it goes on. Sticker paper, or glue "
            "on thin card."],
            safe, theme))
        for decal, (x, y) in zip(decals[done:], centres):
            page.add(render_decal(game, theme, decal.cell, x, y, settings.square_mm, settings.bleed_mm, decal.zone))
            label = f"{decal.cell} \u00b7 {decal.what}"
            if text_width(label, LABEL_MM) > settings.square_mm + settings.gutter_mm * 0.8:
                label = decal.cell  # the kind shows on the decal; its name does not fit under it
            below = y + settings.square_mm / 2 + settings.bleed_mm + LABEL_MM + 0.4
            page.add(text(label, x, below, LABEL_MM, ink, anchor="middle"))
        done += len(centres)
        page.add(scale_bar((safe[0] + safe[2]) / 2 - 50, safe[3] - SCALE_BAR_DEPTH_MM, 100.0, ink=ink))
        out.append(page.tostring())
    return out
