"""Preflight checks around every cut line of a piece or card sheet, read back from the PDF.

A sheet's cuts are found in the file itself: the pieces' cut outlines (a
filled face inside an outline of its own, see
:func:`~generator.output.inspect_pdf.cut_pieces`) or the cards' grid of cut lines.
Each sheet is a fronts page and a backs page (two-sided files, turning on the
edge the file asks for) or one page folded on its long dashed line. Two
things are checked on the rendered pages, on every piece and card:

- the safe area: nothing but the face's own colour lies in the band from the
  cut line to :data:`~generator.model.printspec.SAFE_MM` inside it, on the front
  and on the back (a letter, an index or an emblem there is trimmed by a cut
  a little off);
- the back bleed: the back's colour runs at least
  :data:`~generator.model.printspec.MIN_BLEED_MM` past the cut on every side, so a
  back printed that far off shows no paper at the edge.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from ..compose.punch import Flip
from ..model.game import Game
from ..output.inspect_pdf import Shape, cut_pieces, page_sizes_mm, render_page, shapes_mm, viewer_preferences
from . import KitOptions
from ..model.printers import load_printer
from ..model.printspec import MIN_BLEED_MM, PAPER_MM, SAFE_MM

Point = tuple[float, float]
#: Resolution the pages are read at (dots per inch): a pixel is 0.17 mm.
DPI = 150
#: A colour this far (RGB distance) from the face's own is a mark (or paper).
APART = 40.0
#: Band next to a cut line left out of the safe-area check: the cut line itself and its anti-aliasing (mm).
LINE_BAND_MM = 0.6
#: Distances inside the cut (safe area) and outside it (bleed) that are sampled, mm.
INSIDE_MM = (LINE_BAND_MM, 0.8, 1.2, 1.6, SAFE_MM - 0.05)
OUTSIDE_MM = (0.3, 0.8, 1.4, MIN_BLEED_MM - 0.05)
#: Least length of a card sheet's cut line, mm (crop ticks are shorter).
CUT_LINE_MM = 30.0


@dataclass(frozen=True)
class Sheet:
    """One sheet of a file: its fronts page, its backs page, how they lie on each other, and the backs' offset."""

    front: int
    back: int
    flip: Flip
    offset: Point

    def back_of(self, x: float, y: float) -> Point:
        """Where the back of front point (x, y) is drawn."""
        return self.flip.back_of(x, y, self.offset)


def sheets(path: Path, options: KitOptions) -> list[Sheet]:
    """Each sheet of a file: a two-sided file says which edge it turns on (its backs moved for the printer
    profile's offset); a fold-over page holds both sides, folded on its longest line (the dashed one across it)."""
    sizes = page_sizes_mm(path)
    edge = {"DuplexFlipLongEdge": "long", "DuplexFlipShortEdge": "short"}.get(
        viewer_preferences(path).get("Duplex", ""))
    if edge:
        out = []
        for s in range(len(sizes) // 2):
            paper = next((n for n, (w, h) in PAPER_MM.items()
                          if {round(w), round(h)} == {round(sizes[2 * s][0]), round(sizes[2 * s][1])}), "A4")
            out.append(Sheet(2 * s, 2 * s + 1, Flip(edge, sizes[2 * s]),
                             load_printer(options.printer).setup(paper).offset))
        return out
    found = []
    for page, size in enumerate(sizes):
        fold = max((s for s in shapes_mm(path, page) if s.lines == 1 and s.size[1] < 1), key=lambda s: s.size[0])
        found.append(Sheet(page, page, Flip("fold", size, fold.centre[1]), (0.0, 0.0)))
    return found


def outline(curves: int, lines: int, box: tuple[float, float, float, float]) -> tuple[Point, ...]:
    """The corners of a cut outline in ``box``: a pointy-top hex (six lines), a rectangle, or a disc as a 24-gon."""
    x0, y0, x1, y1 = box
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    if curves:
        return tuple((cx + rx * math.cos(a * math.pi / 12), cy + ry * math.sin(a * math.pi / 12)) for a in range(24))
    if lines == 6:
        return tuple((cx + rx * math.cos(math.radians(a)) / math.cos(math.radians(30)),
                      cy + ry * math.sin(math.radians(a))) for a in range(-90, 270, 60))
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


@dataclass(frozen=True)
class Cut:
    """One piece's or card's cut outline on a fronts page, or one panel of a standee's strip: its corners, whether a
    back prints behind it (a standee's back is on its own strip), the fold lines that bound it (no mark is looked
    for on them), and whether it is the first panel of its piece (pieces are counted once)."""

    corners: tuple[Point, ...]
    backed: bool = True
    folds: tuple[float, ...] = ()
    first: bool = True

    @property
    def centre(self) -> Point:
        """The mean of the corners."""
        return (sum(x for x, _ in self.corners) / len(self.corners), sum(y for _, y in self.corners) / len(self.corners))


def _standees(shapes: list[Shape], fold_y: float | None) -> list[Cut]:
    """The panels of the standees' strips on a page (base tab, figure, figure, base tab, each of its own colour): a
    strip is a cut outline with no face of its size, holding the fold lines that run across it and the figures and
    tabs (filled, the strip's width) between them."""
    found = []
    for o in shapes:
        if not o.stroked or o.filled or o.curves or o.lines != 4 or (fold_y is not None and o.centre[1] > fold_y):
            continue
        folds = [f.centre[1] for f in shapes if f.stroked and not f.filled and f.lines == 1 and f.size[1] < 1
                 and abs(f.box[0] - o.box[0]) < 0.05 and abs(f.box[2] - o.box[2]) < 0.05 and o.box[1] < f.centre[1] < o.box[3]]
        faces = [f for f in shapes if f.filled and abs(f.centre[0] - o.centre[0]) < 0.05 and f.size[0] < o.size[0]
                 and o.box[1] < f.centre[1] < o.box[3]]
        if not folds or not faces:
            continue
        grow = (o.size[0] - max(f.size[0] for f in faces)) / 2  # the outline's box takes in the line's width
        x0, y0, x1, y1 = o.box[0] + grow, o.box[1] + grow, o.box[2] - grow, o.box[3] - grow
        edges = [y0, *sorted(folds), y1]
        for n, (a, b) in enumerate(zip(edges, edges[1:])):
            bounds = tuple(y for y, folded in ((a, n > 0), (b, n < len(edges) - 2)) if folded)
            found.append(Cut(((x0, a), (x1, a), (x1, b), (x0, b)), False, bounds, n == 0))
    return found


def cuts(path: Path, sheet: Sheet) -> list[Cut]:
    """The cut outlines of one sheet's fronts: its pieces' (standees' strips too), or the cells of its grid of card
    cut lines that are cut on all four sides (a sheet's last cards leave part of the grid empty)."""
    shapes = shapes_mm(path, sheet.front)
    fold_y = sheet.flip.fold_y if sheet.flip.edge == "fold" else None
    above = [s for s in cut_pieces(shapes) if fold_y is None or s.centre[1] < fold_y]
    strips = _standees(shapes, fold_y)
    if above or strips:
        return [Cut(outline(s.curves, s.lines, s.box)) for s in above] + strips
    lines = [s for s in shapes if s.lines == 1 and not s.curves and max(s.size) >= CUT_LINE_MM
             and min(s.size) < 1 and (fold_y is None or s.box[3] < fold_y - 1)]
    down = [s for s in lines if s.size[1] > s.size[0]]
    across = [s for s in lines if s.size[0] > s.size[1]]
    xs = sorted({round(s.centre[0], 2) for s in down})
    ys = sorted({round(s.centre[1], 2) for s in across})

    def drawn(along: list[Shape], at: float, start: float, end: float) -> bool:
        """Some line of ``along`` runs at ``at`` from ``start`` to ``end``."""
        k = 0 if along is down else 1
        return any(abs(s.centre[k] - at) < 0.05 and s.box[1 - k] < start + 0.5 and s.box[3 - k] > end - 0.5
                   for s in along)

    return [Cut(((a, c), (b, c), (b, d), (a, d))) for a, b in zip(xs, xs[1:]) for c, d in zip(ys, ys[1:])
            if drawn(down, a, c, d) and drawn(down, b, c, d) and drawn(across, c, a, b) and drawn(across, d, a, b)]


def _ring(corners: tuple[Point, ...], grow: float, round_corners: float = 0.0) -> list[Point]:
    """Points along the outline moved ``grow`` mm outward (inward when negative), away from the corners; a
    rectangle's corners are left out ``round_corners`` mm each way (where its rounded-corner guide runs)."""
    cx, cy = sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners)
    points = []
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
        length = math.hypot(bx - ax, by - ay)
        nx, ny = (by - ay) / length, -(bx - ax) / length
        if ((ax + bx) / 2 - cx) * nx + ((ay + by) / 2 - cy) * ny < 0:
            nx, ny = -nx, -ny
        skip = round_corners / length if len(corners) == 4 else 0.0
        steps = max(2, int(length / 1.5))
        for i in range(steps + 1):
            t = skip + (1 - 2 * skip) * (0.05 + 0.9 * i / steps)
            points.append((ax + (bx - ax) * t + grow * nx, ay + (by - ay) * t + grow * ny))
    return points


def _colours(image: Image.Image, points: list[Point]) -> list[tuple[int, int, int]]:
    scale = DPI / 25.4
    out = []
    for x, y in points:
        px, py = int(x * scale), int(y * scale)
        inside = 0 <= px < image.width and 0 <= py < image.height
        value = image.getpixel((px, py)) if inside else (255, 255, 255)
        assert isinstance(value, tuple)
        out.append((int(value[0]), int(value[1]), int(value[2])))
    return out


def _median(colours: list[tuple[int, int, int]]) -> tuple[float, float, float]:
    return tuple(sorted(c[i] for c in colours)[len(colours) // 2] for i in range(3))  # type: ignore[return-value]


def check_safe_area(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """Nothing but the face's own colour lies within :data:`SAFE_MM` of any cut line, on fronts and on backs:
    what is meant to be read (values, letters, emblems) stays inside the safe area of every piece and card (a
    standee's figures between their cut sides; its fold lines are not looked at)."""
    bad, count = [], 0
    for sheet in sheets(path, options):
        front = render_page(path, sheet.front, DPI)
        back = front if sheet.back == sheet.front else render_page(path, sheet.back, DPI)
        for cut in cuts(path, sheet):
            count += cut.first
            sides = (("front", front, lambda p: p), ("back", back, lambda p: sheet.back_of(*p)))
            for side, image, where in sides[:2 if cut.backed else 1]:
                points = [where(p) for d in INSIDE_MM for p in _ring(cut.corners, -d, 4.0)
                          if all(abs(p[1] - y) > LINE_BAND_MM for y in cut.folds)]
                colours = _colours(image, points)
                ground = _median(colours)
                off = [p for p, c in zip(points, colours) if math.dist(c, ground) > APART]
                if off:
                    x, y = cut.centre
                    bad.append(f"page {(sheet.front if side == 'front' else sheet.back) + 1}: the {side} cut at "
                               f"{x:.1f}, {y:.1f} mm has a mark {len(off)} times within {SAFE_MM:g} mm of its cut")
    detail = "; ".join(bad[:4]) + (f"; and {len(bad) - 4} more" if len(bad) > 4 else "")
    return [(f"safe area {SAFE_MM:g} mm", count > 0 and not bad,
             detail or f"{count} pieces or cards, nothing within {SAFE_MM:g} mm of a cut" if count
             else "no cut found")]


def check_back_bleed(path: Path, game: Game, options: KitOptions) -> list[tuple[str, bool, str]]:
    """Every back's colour runs at least :data:`MIN_BLEED_MM` past its cut on every side (a neighbour's back of
    the same colour counts): a back printed that far off shows no paper at the piece's or card's edge."""
    bad, count = [], 0
    for sheet in sheets(path, options):
        back = render_page(path, sheet.back, DPI)
        for cut in cuts(path, sheet):
            if not cut.backed:
                continue
            count += 1
            ground = _median(_colours(back, [sheet.back_of(*p) for p in _ring(cut.corners, -1.0)]))
            for d in OUTSIDE_MM:
                colours = _colours(back, [sheet.back_of(*p) for p in _ring(cut.corners, d)])
                if any(math.dist(c, ground) > APART for c in colours):
                    x, y = cut.centre
                    bad.append(f"page {sheet.back + 1}: the back of the cut at {x:.1f}, {y:.1f} mm bleeds less than "
                               f"{d:g} mm")
                    break
    detail = "; ".join(bad[:4]) + (f"; and {len(bad) - 4} more" if len(bad) > 4 else "")
    return [(f"back bleed {MIN_BLEED_MM:g} mm", count > 0 and not bad,
             detail or f"{count} backs, each {MIN_BLEED_MM:g} mm or more past its cut" if count else "no cut found")]
