"""Board sheets: the board art on one sheet, or tiled over several with glue strips, marks and labels."""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import svgwrite
import svgwrite.container
import svgwrite.shapes
from svgwrite.container import Group

from ..errors import SpecError
from ..model.game import Game
from ..model.geometry import cell_size_text
from ..model.printers import load_printer
from ..model.printspec import MIN_TEXT_MM, PrintFormat
from ..render.board import BoardArt, measure_board, render_board
from ..render.board_window import window
from ..render.legend import legend_entries, legend_fits, render_legend
from ..model.theme import Theme
from ..model.yamlsource import Document
from .marks import assembly_map, crop_ticks, scale_bar, target
from ..render.text import fit_lines, text


#: Narrowest side panel (title, legend, scale bar) that still reads well.
PANEL_MIN_MM = 24.0
#: Space between the board and the side panel.
GAP_MM = 4.0
#: Width of the scale-bar strip at the panel's edge.
BAR_STRIP_MM = 9.0
#: Cut marks on tiled sheets: their distance from the art and their length (the layout keeps room for both).
CUT_GAP_MM = 0.5
CUT_TICK_MM = 2.0
#: Room kept clear around a tiled sheet's art for its cut marks.
CUT_ROOM_MM = CUT_GAP_MM + CUT_TICK_MM


@dataclass(frozen=True)
class Tile:
    """One sheet of a board: which part of the art it shows and where that part sits on the page.

    Boxes are (x0, y0, x1, y1) in art millimetres; ``offset`` is the page
    position of the art's origin, so art point (x, y) prints at
    (x + offset[0], y + offset[1]) on the page.
    """

    index: int
    row: int
    column: int
    own: tuple[float, float, float, float]
    shown: tuple[float, float, float, float]
    offset: tuple[float, float]
    panel: tuple[float, float, float, float]

    @property
    def page_box(self) -> tuple[float, float, float, float]:
        """The art this sheet shows (board and glue strips), as (x0, y0, x1, y1) on the page: the lines it is cut on."""
        (x0, y0, x1, y1), (ox, oy) = self.shown, self.offset
        return (round(x0 + ox, 4), round(y0 + oy, 4), round(x1 + ox, 4), round(y1 + oy, 4))

    def label(self, rows: int, columns: int) -> str:
        """Human label such as '2 of 4, top right'."""
        vertical = {0: "top", rows - 1: "bottom"}.get(self.row, f"row {self.row + 1}") if rows > 1 else ""
        horizontal = {0: "left", columns - 1: "right"}.get(self.column, f"column {self.column + 1}") \
            if columns > 1 else ""
        where = " ".join(w for w in (vertical, horizontal) if w)
        return f"{self.index + 1} of {rows * columns}" + (f", {where}" if where else "")


def frame_for(fmt: PrintFormat) -> float:
    """Width of the coordinate frame for a format's square size."""
    return round(min(7.0, max(4.5, fmt.square_mm * 0.3)), 2)


def _splits(edges: tuple[float, ...], total: float, parts: int) -> list[tuple[float, float]]:
    """Cut [0, total] into ``parts`` ranges that end on the grid's seams (``edges``), as even as the seams allow."""
    cuts = len(edges) - 1
    if parts == 1:
        return [(0.0, total)]
    if cuts < parts:
        raise ValueError("the grid has fewer seams than sheets")
    per = math.ceil(cuts / parts)
    bounds = [0.0] + [edges[min(cuts, per * i)] for i in range(1, parts)] + [total]
    return list(zip(bounds[:-1], bounds[1:]))


def sheet_margin(fmt: PrintFormat, printer: Path | None) -> float:
    """The margin kept clear on every side of a board sheet: the print spec's, or the printer profile's if wider."""
    return max(fmt.margin_mm, *load_printer(printer).setup(fmt.paper).margins)


def layout_tiles(art: BoardArt, fmt: PrintFormat, source: Document, margin: float | None = None) -> list[Tile]:
    """Place the board art on ``fmt``'s sheets inside ``margin`` (default: the print spec's).

    Raises :class:`SpecError` when a sheet cannot hold its part of the board, with the largest cell size that fits.
    """
    page_w, page_h = fmt.page_mm
    m = fmt.margin_mm if margin is None else margin
    avail_w, avail_h = page_w - 2 * m, page_h - 2 * m
    room = CUT_ROOM_MM if fmt.tiled else 0.0  # cut marks beside the art, on the sides away from the panel
    xs = _splits(art.column_edges, art.width, fmt.sheet_columns)
    ys = _splits(art.row_edges, art.height, fmt.sheet_rows)
    tiles, worst, best = [], (0.0, 0.0), math.inf
    left_edge, right_edge = art.column_edges[0], art.column_edges[-1]
    top_edge, bottom_edge = art.row_edges[0], art.row_edges[-1]
    for r, (y0, y1) in enumerate(ys):
        for c, (x0, x1) in enumerate(xs):
            glue_x = fmt.glue_mm if c < len(xs) - 1 else 0.0
            glue_y = fmt.glue_mm if r < len(ys) - 1 else 0.0
            w, h = x1 + glue_x - x0, y1 + glue_y - y0
            need_w, need_h = w + GAP_MM + PANEL_MIN_MM + room, h + 2 * room
            if need_w > avail_w + 1e-6 or need_h > avail_h + 1e-6:
                worst = max(worst, (need_w, need_h))
            # Cells across and down this sheet, and the frame it carries: what scales with the cell size.
            span_w = (min(x1, right_edge) - max(x0, left_edge)) / art.cell
            span_h = (min(y1, bottom_edge) - max(y0, top_edge)) / art.cell
            frame_w, frame_h = x1 - x0 - span_w * art.cell, y1 - y0 - span_h * art.cell
            best = min(best, (avail_w - GAP_MM - PANEL_MIN_MM - room - glue_x - frame_w) / span_w,
                       (avail_h - 2 * room - glue_y - frame_h) / span_h)
            panel_west = c < len(xs) / 2 if fmt.tiled else False
            top = m + (avail_h - h) / 2
            # The panel keeps to the band that survives assembly: below a top edge cut off, above the seam
            # where the sheet below is laid over this one's glue strip.
            band_top = top if r > 0 else m
            band_bottom = top + y1 - y0 if r < len(ys) - 1 else page_h - m
            if panel_west:
                left = page_w - m - room - w
                panel = (m, band_top, left - GAP_MM - m, band_bottom - band_top)
            else:
                left = m + room
                panel = (left + w + GAP_MM, band_top, page_w - m - left - w - GAP_MM, band_bottom - band_top)
            tiles.append(Tile(r * len(xs) + c, r, c, (x0, y0, x1, y1), (x0, y0, x1 + glue_x, y1 + glue_y),
                              (round(left - x0, 4), round(top - y0, 4)), panel))
    if worst != (0.0, 0.0):
        need_w, h = worst
        raise SpecError([source.problem(("formats", fmt.name, "square_mm"),
                                        f"format '{fmt.name}': a sheet needs {need_w:.1f} x {h:.1f} mm (board, "
                                        f"glue strip, cut marks and side panel) but {fmt.paper} {fmt.orientation} has only "
                                        f"{avail_w:.1f} x {avail_h:.1f} mm inside the {m:g} mm margin",
                                        f"set square_mm to {math.floor(best * 10) / 10:g} or less, use more "
                                        "sheets, or bigger paper" + (", or a printer profile with narrower margins"
                                                                     if m > fmt.margin_mm else ""))])
    return tiles


def _alignment_marks(art: BoardArt, fmt: PrintFormat, tiles: list[Tile]) -> Group:
    """Targets on every seam, at the middle of the outer frame, drawn in art coordinates."""
    g = Group(class_="alignment-marks")
    seams_x = sorted({t.own[2] for t in tiles if t.column < fmt.sheet_columns - 1})
    seams_y = sorted({t.own[3] for t in tiles if t.row < fmt.sheet_rows - 1})
    for x in seams_x:
        for y in (art.frame / 2, art.height - art.frame / 2):
            g.add(target(x, y, min(2.2, art.frame * 0.35)))
    for y in seams_y:
        for x in (art.frame / 2, art.width - art.frame / 2):
            g.add(target(x, y, min(2.2, art.frame * 0.35)))
    return g


def _assembly_notes(tile: Tile, fmt: PrintFormat) -> list[str]:
    """Short instructions for this sheet: which edges to cut, which carry glue, and the trim after gluing."""
    cut = [side for side, inner in (("left", tile.column > 0), ("top", tile.row > 0)) if inner]
    glue = [side for side, inner in (("right", tile.column < fmt.sheet_columns - 1),
                                     ("bottom", tile.row < fmt.sheet_rows - 1)) if inner]
    notes = []
    if cut:
        notes.append(f"Cut the {' and '.join(cut)} edge on the marks.")
    if glue:
        notes.append(f"Glue strip: {' and '.join(glue)}; the next sheet covers it.")
    notes.append("Once glued, trim the outer edges on the marks.")
    return notes


def _panel(game: Game, theme: Theme, fmt: PrintFormat, tile: Tile, subtitle: str) -> Group:
    """The side panel: title, format, sheet number and assembly notes, assembly map, legend and scale bar."""
    x, y, w, h = tile.panel
    ink, muted = theme.colour("text"), theme.colour("muted-text")
    g = Group(id="panel", class_="panel")
    if h >= 108:
        g.add(scale_bar(x + 0.5, y + h - 2, 100.0, vertical=True, ink=ink, paper="#ffffff"))
    cx, cw = x + BAR_STRIP_MM, w - BAR_STRIP_MM
    title = game.title.upper()
    size, lines = fit_lines(title, cw - 0.3 * len(title), min(8.0, cw / max(1.0, len(title) * 0.8)), "bold")
    cy = y - size * 0.3
    for line in lines:
        cy += size * 1.3
        g.add(text(line, cx, cy, size, theme.colour("accent"), "bold", letter_spacing="0.3"))
    cy += 4.2

    def block(content: str, largest: float, fill: str, weight: str = "normal", css_class: str = "panel-text") -> None:
        nonlocal cy
        line_size, lines = fit_lines(content, cw, largest, weight)
        for line in lines:
            g.add(text(line, cx, cy, line_size, fill, weight, class_=css_class))
            cy += line_size * 1.3

    for line in subtitle.split("\n"):
        block(line, 2.4, muted)
    if fmt.tiled:
        cy += 1.5
        number, _, where = tile.label(fmt.sheet_rows, fmt.sheet_columns).partition(", ")
        block(f"Sheet {number}", 2.8, ink, "bold", "sheet-label")
        block(where, 2.8, ink, css_class="sheet-label")
        for note in _assembly_notes(tile, fmt):
            cy += 0.6
            block(note, MIN_TEXT_MM, muted, css_class="assembly-note")
        cy -= 0.5
        map_w = min(cw, 22.0)
        g.add(assembly_map(cx, cy, map_w, fmt.sheet_rows, fmt.sheet_columns, (tile.row, tile.column), ink,
                           theme.colour("accent")))
        cy += map_w / fmt.sheet_columns * 0.7 * fmt.sheet_rows + 4
    entries = len(game.players) + (len(legend_entries(game)) if theme.show_features else 0)
    room = y + h - cy - 2
    pitch = min(9.0, room / max(1, entries))
    swatch = next((size for size in (min(6.0, pitch * 0.8), 4.0) if legend_fits(game, theme, cw, pitch, size)), None)
    if pitch >= 5.0 and swatch is not None:  # a smaller sample leaves the names room to read
        legend, _ = render_legend(game, theme, cw, pitch, swatch)
        legend.attribs["transform"] = f"translate({cx:.3f},{cy:.3f})"
        g.add(legend)
    return g


def _cut_marks(tile: Tile, m: float, page: tuple[float, float], ink: str) -> Group:
    """Crop ticks at both ends of every edge the sheet is cut on, inside the margin ``m``.

    Inner edges without glue are cut before assembly, the far edges of glue strips may be, and the outer edges
    are trimmed once the sheets are glued (taking off the side panels): every edge of the art shown.
    """
    g = Group(class_="cut-marks")
    area = (m, m, page[0] - m, page[1] - m)
    x0, y0, x1, y1 = tile.page_box
    for a, b in (((x0, y0), (x0, y1)), ((x1, y0), (x1, y1)), ((x0, y0), (x1, y0)), ((x0, y1), (x1, y1))):
        g.add(crop_ticks(*a, *b, area, ink, reach=CUT_TICK_MM + 0.5, gap=CUT_GAP_MM))
    return g


def check_layout(game: Game, fmt: PrintFormat, printer: Path | None = None) -> list[Tile]:
    """Lay out ``fmt`` for a printer profile without drawing; raises :class:`SpecError` when the board does not fit."""
    art = measure_board(game, fmt.square_mm, frame_for(fmt))
    return layout_tiles(art, fmt, game.documents["print"], sheet_margin(fmt, printer))


def board_pages(game: Game, theme: Theme, fmt: PrintFormat,
                printer: Path | None = None) -> tuple[list[str], list[Tile], BoardArt]:
    """SVG pages of the board in one format, theme and printer profile, with the tile layout used to place them."""
    art = render_board(game, theme, fmt.square_mm, frame_for(fmt))
    margin = sheet_margin(fmt, printer)
    tiles = layout_tiles(art, fmt, game.documents["print"], margin)
    marks = _alignment_marks(art, fmt, tiles) if fmt.tiled else None
    page_w, page_h = fmt.page_mm
    cells = cell_size_text(game.board.grid, fmt.square_mm)
    subtitle = f"{fmt.paper} {fmt.orientation}\n{cells[0].upper()}{cells[1:]}\nTheme: {theme.name}"
    pages = []
    for tile in tiles:
        dwg = svgwrite.Drawing(size=(f"{page_w:g}mm", f"{page_h:g}mm"), viewBox=f"0 0 {page_w:g} {page_h:g}",
                               profile="full", debug=False)
        ox, oy = tile.offset
        x0, y0, x1, y1 = tile.shown
        clip = dwg.defs.add(dwg.clipPath(id=f"tile-{tile.index + 1}"))
        clip.add(svgwrite.shapes.Rect((round(x0 + ox, 4), round(y0 + oy, 4)), (round(x1 - x0, 4), round(y1 - y0, 4))))
        holder = Group(clip_path=f"url(#tile-{tile.index + 1})", id="board-art")
        placed = Group(transform=f"translate({ox:.4f},{oy:.4f})")
        placed.add(window(art, tile.shown) if fmt.tiled else art.group)  # a sheet draws what shows on it
        if marks is not None:
            placed.add(marks)
        holder.add(placed)
        dwg.add(holder)
        if fmt.tiled:
            dwg.add(_cut_marks(tile, margin, fmt.page_mm, theme.colour("text")))
        dwg.add(_panel(game, theme, fmt, tile, subtitle))
        pages.append(dwg.tostring())
    return pages, tiles, art
