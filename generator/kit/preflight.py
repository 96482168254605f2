"""Preflight: checks that every PDF of a built kit is ready to print, and reports them in a table."""
from __future__ import annotations

import math
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

import pikepdf

from ..model.game import Game
from ..compose.board_sheets import check_layout, frame_for, sheet_margin
from ..output.inspect_pdf import (cut_pieces, discs_mm, document_title, fonts, ink_coverage, ink_in_margin, label_contrasts,
                          page_sizes_mm, path_boxes_mm, render_page, scale_bar_lengths, shapes_mm, text_runs,
                          viewer_preferences)
from ..compose.punch import Flip
from .cut_checks import check_back_bleed, check_safe_area, sheets
from . import Job, KitOptions, build, plan
from ..play.registry import load_components
from ..model.printers import load_printer
from ..model.punches import punch_name
from ..model.printspec import MIN_TEXT_PT, PAPER_MM, PrintFormat
from ..render.board import overlaps, render_board
from ..model.theme import MIN_TEXT_CONTRAST

#: The most ink the light theme may use, as a share of classic's coverage (the themes' files promise 40 %).
LIGHT_INK_LIMIT = 0.4
#: The shortest line preflight accepts as a cut mark, in mm.
CUT_TICK_MIN_MM = 1.2


@dataclass(frozen=True)
class Check:
    """The outcome of one check on one file."""

    file: str
    check: str
    ok: bool
    detail: str = ""


CheckFn = Callable[[Path, Game, KitOptions], list[tuple[str, bool, str]]]


def _paper_name(width: float, height: float) -> str | None:
    for name, (w, h) in PAPER_MM.items():
        if {round(width, 1), round(height, 1)} == {round(w, 1), round(h, 1)}:
            return name
    return None


def check_pages(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """Every page is a standard paper size, exactly."""
    sizes = page_sizes_mm(path)
    names = [_paper_name(w, h) for w, h in sizes]
    bad = [f"page {i + 1}: {w:.1f} x {h:.1f} mm" for i, ((w, h), n) in enumerate(zip(sizes, names)) if n is None]
    return [("page sizes", not bad, "; ".join(bad) or f"{len(sizes)} x {', '.join(sorted(set(map(str, names))))}")]


def check_fonts(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """Every font is embedded."""
    found = fonts(path)
    missing = [f.name for f in found if not f.embedded]
    return [("fonts embedded", not missing, ", ".join(missing) or f"{len(found)} fonts")]


def check_margin(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """Nothing is printed in the unprintable margin of any page (the print spec's or the printer's, if wider)."""
    profile = load_printer(options.printer)
    margin = max([next(iter(game.formats.values())).margin_mm] + list(profile.setup("A4").margins)
                 + list(profile.setup("letter").margins))
    counts = [ink_in_margin(path, i, margin) for i in range(len(page_sizes_mm(path)))]
    bad = [f"page {i + 1}: {c} px" for i, c in enumerate(counts) if c]
    return [(f"margin {margin:g} mm clear", not bad, "; ".join(bad) or "clear")]


def check_title(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """The document has a title."""
    title = document_title(path)
    return [("title", bool(title), title)]


def check_scale_bars(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """Every sheet of a board carries a scale bar that measures 100 mm, and viewers are asked not to scale."""
    pages = len(page_sizes_mm(path))
    lengths = [scale_bar_lengths(path, i) for i in range(pages)]
    bad = [f"page {i + 1}: {found or 'none'}" for i, found in enumerate(lengths)
           if len(found) != 1 or abs(found[0] - 100.0) > 0.05]
    scaling = viewer_preferences(path).get("PrintScaling") == "None"
    return [("scale bars 100 mm", not bad, "; ".join(bad) or f"{pages} of {pages} sheets"),
            ("print scaling off", scaling, "/PrintScaling /None" if scaling else "viewer may scale")]


def check_sheet_scale_bars(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """Every sheet of cards carries a scale bar that measures 100 mm on its fronts (a two-sided file's backs
    page has none)."""
    fronts = sorted({sheet.front for sheet in sheets(path, options)})
    bad = [f"page {i + 1}: {found or 'none'}" for i in fronts
           if len(found := scale_bar_lengths(path, i)) != 1 or abs(found[0] - 100.0) > 0.05]
    return [("scale bars 100 mm", bool(fronts) and not bad, "; ".join(bad) or f"{len(fronts)} of {len(fronts)} sheets")]


def check_bleed_boxes(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """Every page declares TrimBox and BleedBox, nested: trim inside bleed inside the media box."""
    def within(inner: list[float], outer: list[float]) -> bool:
        return inner[0] >= outer[0] and inner[1] >= outer[1] and inner[2] <= outer[2] and inner[3] <= outer[3]

    bad = []
    with pikepdf.open(path) as pdf:
        for n, page in enumerate(pdf.pages, 1):
            if "/TrimBox" not in page or "/BleedBox" not in page:
                bad.append(n)
                continue
            media, bleed, trim = (list(map(float, b)) for b in (page.mediabox, page.BleedBox, page.TrimBox))
            if not (within(trim, bleed) and within(bleed, media)):
                bad.append(n)
    return [("trim and bleed boxes", not bad, f"missing or not nested on pages {bad}" if bad else "set, nested")]


def _board_format(path: Path, game: Game) -> PrintFormat | None:
    """The print format a board file was built for, from its name (board-<format>-<theme>.pdf)."""
    named = [f for f in game.formats.values() if path.name.startswith(f"board-{f.name}-")]
    return max(named, key=lambda f: len(f.name), default=None)


def _tick_at(lines: list[tuple[float, float, float, float]], end: tuple[float, float], out: tuple[float, float],
             area: tuple[float, float, float, float]) -> bool:
    """Whether a thin line runs from near ``end`` in direction ``out`` (a unit axis step), wholly beyond the end
    (outside the art) and inside ``area``, at least :data:`CUT_TICK_MIN_MM` long."""
    slack = 0.15  # half the stroke width PDFium adds to a line's bounds, and rounding
    for x0, y0, x1, y1 in lines:
        if not (area[0] - slack <= x0 and area[1] - slack <= y0 and x1 <= area[2] + slack and y1 <= area[3] + slack):
            continue
        if out[1] == 0 and abs((y0 + y1) / 2 - end[1]) < slack and x1 - x0 >= CUT_TICK_MIN_MM \
                and (x0 >= end[0] - slack if out[0] > 0 else x1 <= end[0] + slack):
            return True
        if out[0] == 0 and abs((x0 + x1) / 2 - end[0]) < slack and y1 - y0 >= CUT_TICK_MIN_MM \
                and (y0 >= end[1] - slack if out[1] > 0 else y1 <= end[1] + slack):
            return True
    return False


def check_cut_marks(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """On a tiled board, both ends of every edge each sheet is cut on carry a tick outside the art, in the margin.

    The edges come from the layout the format and printer profile give; the ticks are read from the PDF's thin
    line paths (1.2-6 mm long), so a tick missing, inside the art or past the printer's margin is found.
    """
    fmt = _board_format(path, game)
    if fmt is None or not fmt.tiled:
        return []
    tiles = check_layout(game, fmt, options.printer)
    margin = sheet_margin(fmt, options.printer)
    page_w, page_h = fmt.page_mm
    area = (margin, margin, page_w - margin, page_h - margin)
    missing, found = [], 0
    for tile in tiles:
        lines = [b for b in path_boxes_mm(path, tile.index)
                 if min(b[2] - b[0], b[3] - b[1]) <= 0.6 and 1.2 <= max(b[2] - b[0], b[3] - b[1]) <= 6.0]
        x0, y0, x1, y1 = tile.page_box
        ends = {"left edge": (((x0, y0), (0, -1)), ((x0, y1), (0, 1))),
                "right edge": (((x1, y0), (0, -1)), ((x1, y1), (0, 1))),
                "top edge": (((x0, y0), (-1, 0)), ((x1, y0), (1, 0))),
                "bottom edge": (((x0, y1), (-1, 0)), ((x1, y1), (1, 0)))}
        for edge, pair in ends.items():
            for (end, out), which in zip(pair, ("first", "second")):
                if _tick_at(lines, end, out, area):
                    found += 1
                else:
                    missing.append(f"page {tile.index + 1} {edge} ({which} end)")
    return [("cut marks", not missing,
             "no mark at " + ", ".join(missing) if missing else f"{found} marks on {len(tiles)} sheets, "
                                                             f"both ends of every edge")]


def check_text_size(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """No text is printed smaller than :data:`MIN_TEXT_PT`: every character's effective size is read from the PDF.

    Only text kept as text is seen (every composer here keeps it so); a file with none passes and says so.
    """
    runs = text_runs(path)
    if not runs:  # a sheet with nothing to read (a blank score grid); text drawn as outlines is not seen either
        return [(f"text {MIN_TEXT_PT:g} pt or more", True, "no text objects in the file")]
    small = [r for r in runs if r.size_pt < MIN_TEXT_PT - 0.005]
    smallest = min(r.size_pt for r in runs)
    detail = "; ".join(f"page {r.page + 1}: '{r.text[:30]}' {r.size_pt:g} pt" for r in small[:6])
    if len(small) > 6:
        detail += f"; and {len(small) - 6} more"
    return [(f"text {MIN_TEXT_PT:g} pt or more", not small,
             detail or f"{len(runs)} runs of text, smallest {smallest:g} pt")]


def check_label_contrast(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """Every label printed (each run of text) reaches :data:`~generator.model.theme.MIN_TEXT_CONTRAST` against the colours
    rendered under its letters (see :func:`~generator.output.inspect_pdf.label_contrasts`)."""
    found = [lc for page in range(len(page_sizes_mm(path))) for lc in label_contrasts(path, page)]
    low = [lc for lc in found if lc.contrast < MIN_TEXT_CONTRAST]
    detail = "; ".join(f"page {lc.page + 1}: '{lc.text[:24]}' {lc.colour} on {lc.under} {lc.contrast:.1f}:1 "
                       f"at {lc.box[0]:.0f},{lc.box[1]:.0f} mm" for lc in low[:4])
    if len(low) > 4:
        detail += f"; and {len(low) - 4} more"
    worst = min((lc.contrast for lc in found), default=None)
    return [(f"labels {MIN_TEXT_CONTRAST:g}:1 on their ground", not low,
             detail or (f"{len(found)} labels, lowest {worst:.1f}:1" if worst is not None else "no labels"))]


def check_labels_clear(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """No label of the board (zone, link or cell name) covers an emblem: the board file's format and theme are
    drawn again and the renderer's label boxes compared with its emblem boxes."""
    named = [(fmt, theme) for fmt in game.formats.values() for theme in game.theme_names()
             if path.name == f"board-{fmt.name}-{theme}.pdf"]
    if not named:
        return [("labels clear of emblems", True, "a theme file of the user's: not redrawn")]
    fmt, theme = named[0]
    art = render_board(game, game.theme(theme), fmt.square_mm, frame_for(fmt))
    hits = [(label, mark) for label in art.labels for mark in art.emblems if overlaps(label, mark)]
    detail = "; ".join(f"label at {label[0]:.1f},{label[1]:.1f} mm covers an emblem" for label, _ in hits[:3])
    return [("labels clear of emblems", not hits,
             detail or f"{len(art.labels)} labels, {len(art.emblems)} emblems, none covered")]


def check_punch_sizes(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """Each diameter the kit cuts round pieces at for the file's format (a circle punch's where one fits) is found
    on the front pages, read from the PDF: a filled disc with its bleed ring behind it. (Other shapes may hold
    rings of their own, so a disc of another size is not a fault.)"""
    kit = load_components(game)
    stem = path.stem.removesuffix("-foldover").removeprefix("pieces-")
    if kit is None or stem not in game.formats:
        return []
    fmt, bleed = game.formats[stem], kit.sheet.bleed_mm
    wanted = sorted({kit.dims(c, fmt)[0] for c in kit.components if c.shape == "disc"})
    if not wanted:
        return []
    step = 1 if path.name.endswith("-foldover.pdf") else 2
    found: set[float] = set()
    for page in range(0, len(page_sizes_mm(path)), step):
        discs = discs_mm(path, page)
        found |= {round(d, 2) for x, y, d in discs
                  if any(abs(od - d - 2 * bleed) < 0.02 and math.dist((x, y), (ox, oy)) < 0.02 for ox, oy, od in discs)}
    missing = [f"no round piece of {w:g} mm found" for w in wanted if not any(abs(d - w) <= 0.1 for d in found)]
    names = ", ".join(f"{w:g} mm ({punch_name(w) or 'by hand'})" for w in wanted)
    return [("round pieces at their cut size", not missing, "; ".join(missing) or names)]


def check_backs_registered(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """On two-sided sheets every piece cut out of a front (a filled shape inside its cut line) has a back of the
    same shape and size exactly behind it."""
    edge = {"DuplexFlipLongEdge": "long", "DuplexFlipShortEdge": "short"}.get(
        viewer_preferences(path).get("Duplex", ""))
    if edge is None:
        return [("backs registered", False, "no /Duplex preference: the printer is not told which edge to flip")]
    sizes = page_sizes_mm(path)
    worst, unmatched, pieces = 0.0, 0, 0
    for sheet in range(len(sizes) // 2):
        paper = _paper_name(*sizes[2 * sheet]) or "A4"
        offset = load_printer(options.printer).setup(paper).offset
        flip = Flip(edge, sizes[2 * sheet])
        backs = [s for s in shapes_mm(path, 2 * sheet + 1) if s.filled]
        for front in cut_pieces(shapes_mm(path, 2 * sheet)):
            pieces += 1
            fx, fy = front.centre
            near = min((math.dist(flip.behind(*b.centre), (fx - offset[0], fy - offset[1])) for b in backs
                        if (b.curves, b.lines) == (front.curves, front.lines)
                        and all(abs(x - y) < 0.02 for x, y in zip(b.size, front.size))), default=math.inf)
            if near > 0.1:
                unmatched += 1
            else:
                worst = max(worst, near)
    ok = pieces > 0 and unmatched == 0
    return [("backs registered", ok, f"{pieces} pieces, {unmatched} without a back behind them, "
                                     f"worst {worst:.3f} mm ({edge} edge)")]


def ink_report(path: Path) -> list[float]:
    """Ink coverage of every page (0 = blank paper, 1 = solid black)."""
    return [ink_coverage(render_page(path, i, 24)) for i in range(len(page_sizes_mm(path)))]


#: Checks run on every PDF, and the extra checks of each part.
COMMON_CHECKS: tuple[CheckFn, ...] = (check_pages, check_fonts, check_title, check_margin, check_bleed_boxes,
                                      check_text_size)
#: The parts whose files are books (long text on paper): every other file's labels are checked for contrast.
BOOK_PARTS = ("rulebook", "reference", "guide")
PART_CHECKS: dict[str, tuple[CheckFn, ...]] = {"board": (check_scale_bars, check_cut_marks, check_labels_clear),
                                               "pieces": (check_punch_sizes, check_safe_area, check_back_bleed),
                                               "cards": (check_sheet_scale_bars, check_safe_area, check_back_bleed)}
#: Checks of two-sided files (fronts and backs on alternate pages), by part.
DUPLEX_CHECKS: dict[str, tuple[CheckFn, ...]] = {"pieces": (check_backs_registered,)}


def preflight(game: Game, options: KitOptions, reproducible: bool = True) -> tuple[list[Check], dict[str, list[float]]]:
    """Check every PDF the kit selected by ``options`` should hold; returns the checks and ink coverage per file."""
    jobs = [j for j in plan(game, options, lambda _: None) if j.name.endswith(".pdf")]
    folder = options.out / game.id
    results: list[Check] = []
    ink: dict[str, list[float]] = {}
    for job in jobs:
        path = folder / job.name
        if not path.is_file():
            results.append(Check(job.name, "exists", False, f"not built; run make print-{game.id}"))
            continue
        checks = COMMON_CHECKS + PART_CHECKS.get(job.part, ())
        if job.part not in BOOK_PARTS:
            checks += (check_label_contrast,)
        if not job.name.endswith("-foldover.pdf"):  # fold-over sheets print on one side
            checks += DUPLEX_CHECKS.get(job.part, ())
        for fn in checks:
            results.extend(Check(job.name, name, ok, detail) for name, ok, detail in fn(path, game, options))
        ink[job.name] = ink_report(path)
    results.extend(_light_theme_ink(game, jobs, ink))
    if reproducible:
        results.extend(_reproducibility(game, options, jobs))
    return results, ink


def _light_theme_ink(game: Game, jobs: list[Job], ink: dict[str, list[float]]) -> list[Check]:
    light, full = game.theme_for("ink-saving").name, game.theme_for("default").name
    if light == full:
        return []
    out = []
    for job in jobs:
        if job.part == "board" and f"-{light}." in job.name:
            classic = job.name.replace(f"-{light}.", f"-{full}.")
            if job.name in ink and classic in ink:
                light_ink = sum(ink[job.name]) / len(ink[job.name])
                classic_ink = sum(ink[classic]) / len(ink[classic])
                ok = light_ink <= LIGHT_INK_LIMIT * classic_ink
                out.append(Check(job.name, "light uses less ink", ok,
                                 f"{light_ink:.1%} vs classic {classic_ink:.1%} "
                                 f"({light_ink / classic_ink:.0%} of classic)"))
    return out


def _reproducibility(game: Game, options: KitOptions, jobs: list[Job]) -> list[Check]:
    """Build the kit twice from scratch and compare every file byte for byte."""
    with tempfile.TemporaryDirectory() as tmp:
        runs = []
        for n in (1, 2):
            build(game, replace(options, out=Path(tmp) / str(n), previews=False, force=True), quiet=True)
            runs.append(Path(tmp) / str(n) / game.id)
        differing = [j.name for j in jobs if (runs[0] / j.name).read_bytes() != (runs[1] / j.name).read_bytes()]
    return [Check("(whole kit)", "two builds identical", not differing,
                  ", ".join(differing) or f"{len(jobs)} PDFs byte-identical")]


def report(results: list[Check], ink: dict[str, list[float]]) -> str:
    """The checks as a readable table, then ink coverage per file, then a verdict line."""
    rows = [(c.file, c.check, "ok" if c.ok else "FAIL", c.detail) for c in results]
    head = ("file", "check", "result", "detail")
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(3)]

    def line(r: tuple[str, ...]) -> str:
        return f"{r[0]:<{widths[0]}}  {r[1]:<{widths[1]}}  {r[2]:<{widths[2]}}  {r[3]}".rstrip()

    out = [line(head), line(tuple("-" * w for w in widths) + ("",))] + [line(r) for r in rows]
    out.append("")
    out.append("ink coverage per page:")
    for name, pages in ink.items():
        out.append(f"  {name}: " + ", ".join(f"{p:.1%}" for p in pages))
    failed = sum(1 for c in results if not c.ok)
    out.append("")
    out.append(f"preflight: {len(results) - failed} passed, {failed} failed")
    return "\n".join(out)
