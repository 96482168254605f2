"""The hidden-information proof: backs printed as a careless home printer prints them tell nothing of their fronts.

A home printer puts the second side of a sheet a little off: shifted, turned
(:data:`TURN_MM` at the sheet's corners), scaled (:data:`SCALE`) and darker or
lighter (:data:`TONE`), and differently on every sheet. :func:`printed_backs`
reads a two-sided file's back pages and lays them as such a printer would
(several seeded draws), then measures every piece or card where it is cut
out: the colour of its back, the position and amount of anything drawn on it,
how far the back's colour runs past each side of its cut, and how much paper
shows at its cut edge. :func:`leak` asks whether any of these measurements
tells the sides (or kinds) apart better than chance: for each measurement and
each kind, the best threshold (all above are of the kind, or all below) is
found, and its accuracy is compared with what the same measurement reaches on
the same pieces dealt random labels of the same sizes.

Where the pieces and cards are and what each one is are read from the PDF too
(the cut outlines and their fronts), so the proof runs on any build.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np
from PIL import Image

from generator.compose.punch import Flip
from generator.output.inspect_pdf import (cut_pieces, page_sizes_mm, render_page, shapes_mm, text_in_box,
                                   viewer_preferences)

#: Resolution the back pages are read at (dots per inch).
DPI = 150
#: How far the printer shifts a sheet's back (each way, mm), turns it (mm at the sheet's corners), scales it
#: (a share, either way) and changes its tone (a share of the ink, either way).
SHIFT_MM, TURN_MM, SCALE, TONE = 2.0, 1.0, 0.005, 0.04
#: Printer draws per file (each a new shift, turn, scale and tone for every sheet), and random labellings chance is
#: measured on.
DRAWS, CHANCES = 4, 400
#: How far past the cut line the bleed is followed (mm): a neighbour's back of the same colour counts as bleed.
REACH_MM = 5.0
#: A colour this far (RGB distance) from the back's own is something else: art, or paper.
APART = 40.0
#: How far the corner indexes reach into a card from its short sides (mm): a card's title lies between them.
CORNERS_MM = 20.0

Point = tuple[float, float]
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Cut:
    """One piece or card: the sheet it is on, its cut outline on the front page (corners in order, mm), and what
    it is (a side or a kind)."""

    sheet: int
    outline: tuple[Point, ...]
    label: str

    @property
    def centre(self) -> Point:
        """The middle of the outline's corners."""
        return (sum(x for x, _ in self.outline) / len(self.outline), sum(y for _, y in self.outline) / len(self.outline))


def polygon(kind: tuple[int, int], box: Box) -> tuple[Point, ...]:
    """The corners of a cut outline of ``kind`` (curves, lines) in ``box``: a pointy-top hex, a rectangle, or a
    disc as a 24-gon."""
    x0, y0, x1, y1 = box
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    if kind[0]:
        return tuple((cx + rx * math.cos(a * math.pi / 12), cy + ry * math.sin(a * math.pi / 12)) for a in range(24))
    if kind[1] == 6:
        return tuple((cx + rx * math.cos(math.radians(a)) / math.cos(math.radians(30)),
                      cy + ry * math.sin(math.radians(a))) for a in range(-90, 270, 60))
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def sheets(pdf: Path) -> list[tuple[int, int, Flip]]:
    """Each sheet of a file: its fronts page, its backs page and how they lie on each other. A two-sided file says
    which edge it turns on; a fold-over page holds both, folded on its longest line (the dashed one across it)."""
    sizes = page_sizes_mm(pdf)
    edge = {"DuplexFlipLongEdge": "long", "DuplexFlipShortEdge": "short"}.get(viewer_preferences(pdf).get("Duplex", ""))
    if edge:
        return [(2 * s, 2 * s + 1, Flip(edge, sizes[2 * s])) for s in range(len(sizes) // 2)]
    out = []
    for page, size in enumerate(sizes):
        fold = max((s for s in shapes_mm(pdf, page) if s.lines == 1 and s.size[1] < 1), key=lambda s: s.size[0])
        out.append((page, page, Flip("fold", size, fold.centre[1])))
    return out


def piece_cuts(pdf: Path, label_of: Callable[[Image.Image, Box], str]) -> list[Cut]:
    """The pieces cut out of every sheet of a punch-sheet file, each labelled by ``label_of`` from its front."""
    cuts = []
    for sheet, (front_page, _, flip) in enumerate(sheets(pdf)):
        front = render_page(pdf, front_page, DPI)
        for s in cut_pieces(shapes_mm(pdf, front_page)):
            if flip.edge != "fold" or s.centre[1] < flip.fold_y:
                cuts.append(Cut(sheet, polygon((s.curves, s.lines), s.box), label_of(front, s.box)))
    return cuts


def card_cuts(pdf: Path, size: tuple[float, float]) -> list[Cut]:
    """The cards of every sheet of a card-sheet file (filled rectangles of the card's ``size``, upright or turned),
    each labelled by the title printed across its middle (its kind)."""
    cuts = []
    for sheet, (front_page, _, flip) in enumerate(sheets(pdf)):
        found: dict[tuple[float, float], Box] = {}
        for s in shapes_mm(pdf, front_page):
            if s.filled and s.lines == 4 and not s.curves and (flip.edge != "fold" or s.centre[1] < flip.fold_y) \
                    and any(all(abs(a - b) < 0.02 for a, b in zip(s.size, c)) for c in (size, size[::-1])):
                found.setdefault((round(s.centre[0], 1), round(s.centre[1], 1)), s.box)
        for box in found.values():
            upright = box[2] - box[0] < box[3] - box[1]
            across, down = (0.0 if upright else CORNERS_MM), (CORNERS_MM if upright else 0.0)
            middle = (box[0] + across, box[1] + down, box[2] - across, box[3] - down)  # the title, not the indexes
            cuts.append(Cut(sheet, polygon((0, 4), box), " ".join(text_in_box(pdf, front_page, middle).split())))
    return cuts


@dataclass(frozen=True)
class Printer:
    """How one sheet's back lands: turned by ``turn`` radians and scaled by ``scale`` about the page's middle, then
    shifted by ``shift`` mm; its ink ``tone`` times as strong."""

    shift: Point
    turn: float
    scale: float
    tone: float

    def source(self, page: Point, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Where on the back page's art the points (xs, ys) of the printed back come from."""
        cx, cy = page[0] / 2, page[1] / 2
        dx, dy = xs - cx - self.shift[0], ys - cy - self.shift[1]
        c, s = math.cos(-self.turn) / self.scale, math.sin(-self.turn) / self.scale
        return cx + c * dx - s * dy, cy + s * dx + c * dy


def printers(sheets: int, page: Point, rng: random.Random) -> list[Printer]:
    """A seeded draw of how each sheet's back lands."""
    corner = math.hypot(page[0] / 2, page[1] / 2)
    return [Printer((rng.uniform(-SHIFT_MM, SHIFT_MM), rng.uniform(-SHIFT_MM, SHIFT_MM)),
                    rng.uniform(-TURN_MM, TURN_MM) / corner, 1 + rng.uniform(-SCALE, SCALE),
                    1 + rng.uniform(-TONE, TONE)) for _ in range(sheets)]


def _sample(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Colours of ``image`` (RGB, rendered at DPI) at points in mm, bilinear; paper white off the page."""
    scale = DPI / 25.4
    px, py = xs * scale - 0.5, ys * scale - 0.5
    h, w = image.shape[:2]
    x0, y0 = np.floor(px).astype(int), np.floor(py).astype(int)
    fx, fy = (px - x0)[..., None], (py - y0)[..., None]
    out = np.zeros(xs.shape + (3,))
    for ox, oy, weight in ((0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy),
                           (1, 1, fx * fy)):
        xi, yi = x0 + ox, y0 + oy
        inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
        colour = np.full(xs.shape + (3,), 255.0)
        colour[inside] = image[yi[inside], xi[inside]]
        out += weight * colour
    return out


def _inside(outline: tuple[Point, ...], xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Which points lie inside the convex ``outline``."""
    keep = np.ones(xs.shape, bool)
    cx, cy = sum(x for x, _ in outline) / len(outline), sum(y for _, y in outline) / len(outline)
    for (ax, ay), (bx, by) in zip(outline, outline[1:] + outline[:1]):
        side = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        keep &= ((bx - ax) * (ys - ay) - (by - ay) * (xs - ax)) * side > 0
    return keep


def measure(cut: Cut, back: np.ndarray, page: Point, flip: Flip, printer: Printer) -> list[float]:
    """What a player can measure on the printed back of one cut-out piece or card.

    The back's colour (R, G, B, middle of its ink), the amount and position (across and down, from the middle of
    the cut) of anything on it that is not its colour, the share of its cut edge where paper shows, and how far its
    colour runs past each side of the cut (negative where paper shows inside it).
    """
    (ox, oy), (ux, uy), (vx, vy) = flip.behind(0, 0), flip.behind(1, 0), flip.behind(0, 1)

    def look(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        bx, by = ox + (ux - ox) * xs + (vx - ox) * ys, oy + (uy - oy) * xs + (vy - oy) * ys  # the flip is affine
        sx, sy = printer.source(page, bx, by)
        colour = _sample(back, sx, sy)
        return 255 - printer.tone * (255 - colour)

    cx, cy = cut.centre
    x0, x1 = min(x for x, _ in cut.outline), max(x for x, _ in cut.outline)
    y0, y1 = min(y for _, y in cut.outline), max(y for _, y in cut.outline)
    gx, gy = np.meshgrid(np.arange(x0 + 0.25, x1, 0.5), np.arange(y0 + 0.25, y1, 0.5))
    keep = _inside(cut.outline, gx, gy)
    xs, ys = gx[keep], gy[keep]
    colour = look(xs, ys)
    ground = np.median(colour, axis=0)
    other = np.linalg.norm(colour - ground, axis=1) > APART
    amount = float(other.mean())
    across = float((xs[other] - cx).mean()) if other.any() else 0.0
    down = float((ys[other] - cy).mean()) if other.any() else 0.0
    out = [*map(float, ground), float(np.median(colour.mean(axis=1))), amount, across, down]
    edge, runs = [], []
    corners = cut.outline
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
        length = math.hypot(bx - ax, by - ay)
        nx, ny = (by - ay) / length, -(bx - ax) / length  # a normal, turned outward below
        if ((ax + bx) / 2 - cx) * nx + ((ay + by) / 2 - cy) * ny < 0:
            nx, ny = -nx, -ny
        t = np.linspace(0.05, 0.95, 12)
        ex, ey = ax + (bx - ax) * t - 0.15 * nx, ay + (by - ay) * t - 0.15 * ny
        edge.append(np.linalg.norm(look(ex, ey) - 255, axis=1) < APART)
        if len(corners) <= 6:  # a disc's 24 sides are too many to follow one by one
            steps = np.arange(-3.0, REACH_MM + 1e-9, 0.05)
            mx, my = (ax + bx) / 2 + steps * nx, (ay + by) / 2 + steps * ny
            same = np.linalg.norm(look(mx, my) - ground, axis=1) <= APART
            first = np.argmin(same) if not same.all() else len(steps)
            runs.append(float(steps[first - 1]) if first else -3.0)
    out.append(float(np.concatenate(edge).mean()))
    return out + runs


def printed_backs(pdf: Path, cuts: list[Cut], seed: int) -> list[np.ndarray]:
    """For each of :data:`DRAWS` seeded printer draws, every measurement of every cut (one row per cut). On a
    fold-over sheet the printer's error stands for a fold and a glueing a little off."""
    layout = sheets(pdf)
    page = page_sizes_mm(pdf)[0]
    backs = {s: np.asarray(render_page(pdf, layout[s][1], DPI), float) for s in {c.sheet for c in cuts}}
    rng = random.Random(seed)
    draws = []
    for _ in range(DRAWS):
        sheet_printers = printers(len(layout), page, rng)
        draws.append(np.array([measure(c, backs[c.sheet], page, layout[c.sheet][2], sheet_printers[c.sheet])
                               for c in cuts]))
    return draws


def best_threshold(values: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """The accuracy of the best threshold classifier of each kind (one column of ``labels`` per kind, 0 or 1; rows
    of ``labels`` may stack many labellings: shape (labellings, things, kinds)) on one measurement."""
    order = np.argsort(values, kind="stable")
    v = values[order]
    lab = labels[..., order, :]
    n = len(values)
    below = np.cumsum(lab, axis=-2)  # kind members among the first i + 1
    total = below[..., -1:, :]
    i = np.arange(1, n + 1)[:, None]
    # all up to i are 'of the kind' and the rest are not, or the other way round
    first = below + (n - i - (total - below))
    second = (i - below) + (total - below)
    split = np.append(v[1:] > v[:-1], True)[:, None]  # a threshold between two equal values splits nothing
    best = np.maximum(np.where(split, np.maximum(first, second), 0).max(axis=-2),
                      np.maximum(total[..., 0, :], n - total[..., 0, :]))
    return best / n


#: What each measurement of :func:`measure` is, by column (the runs past the cut follow, one per side).
MEASUREMENTS = ("red", "green", "blue", "ink", "art amount", "art across", "art down", "paper at the edge")


def measurement_name(column: int) -> str:
    """The name of a column of :func:`measure`'s rows."""
    return MEASUREMENTS[column] if column < len(MEASUREMENTS) else f"bleed past side {column - len(MEASUREMENTS) + 1}"


@dataclass(frozen=True)
class Leak:
    """How well each measurement tells the kinds apart, against chance.

    ``accuracy[d][m]`` is the best threshold's accuracy on measurement ``m`` of draw ``d`` (its best kind),
    ``chance[d][m]`` the 99th percentile of the same on random labels of the same sizes; ``score`` is the best
    standard score of all (measurement, kind) pairs and ``bound`` the 99th percentile of the best chance score.
    """

    kinds: tuple[str, ...]
    accuracy: np.ndarray
    chance: np.ndarray
    score: float
    bound: float
    worst: tuple[int, int, str]

    @property
    def hidden(self) -> bool:
        """No measurement tells the kinds apart better than chance does."""
        return self.score <= self.bound

    def report(self) -> str:
        """One line per measurement: its best accuracy over the draws, and chance's 99th percentile there."""
        lines = [f"best score {self.score:.2f} (chance's 99th percentile {self.bound:.2f}); worst: "
                 f"{measurement_name(self.worst[1])} of draw {self.worst[0] + 1}, {self.worst[2]}"]
        for m in range(self.accuracy.shape[1]):
            d = int(np.argmax(self.accuracy[:, m] - self.chance[:, m]))
            lines.append(f"  {measurement_name(m):<22} {self.accuracy[d, m]:.3f} (chance {self.chance[d, m]:.3f})")
        return "\n".join(lines)


def leak(draws: list[np.ndarray], labels: list[str], seed: int) -> Leak:
    """How well the best threshold on any one measurement of any draw tells each kind from the rest, against chance.

    Every (measurement, kind) gets the accuracy of its best threshold, on the true labels and on :data:`CHANCES`
    random dealings of the same labels; each is turned into a standard score against its own chance accuracies,
    and the best true score must stay within the 99th percentile of the best chance scores (so the many
    measurements and kinds looked at do not make a leak out of luck).
    """
    kinds = sorted(set(labels))
    onehot = np.array([[label == k for k in kinds] for label in labels], float)
    rng = np.random.default_rng(seed)
    shuffles = np.array([onehot[rng.permutation(len(labels))] for _ in range(CHANCES)])
    true, chance = [], []
    for table in draws:
        for m in range(table.shape[1]):
            values = table[:, m]
            true.append(best_threshold(values, onehot))
            chance.append(best_threshold(values, shuffles))
    t, c = np.array(true), np.array(chance)  # (draws x measurements, kinds) and (draws x measurements, chances, kinds)
    mean, sd = c.mean(axis=1), np.maximum(c.std(axis=1), 0.5 / len(labels))  # chance's spread: half a thing at least
    score = (t - mean) / sd
    chance_best = ((c - mean[:, None, :]) / sd[:, None, :]).max(axis=(0, 2))
    m, k = np.unravel_index(np.argmax(score), score.shape)
    per = draws[0].shape[1]
    best_kind = np.argmax(score, axis=1)
    rows = np.arange(len(t))
    accuracy = t[rows, best_kind].reshape(len(draws), per)
    level = np.quantile(c[rows, :, best_kind], 0.99, axis=1).reshape(len(draws), per)
    return Leak(tuple(kinds), accuracy, level, float(score[m, k]), float(np.quantile(chance_best, 0.99)),
                (int(m) // per, int(m) % per, kinds[k]))
