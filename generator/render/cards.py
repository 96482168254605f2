"""Cards drawn in millimetres: a front with its art and corner indexes, and a deck's shared back.

A card is its exact rectangle over a rectangle of the same colour grown by
``bleed`` (left, top, right, bottom): cards on a sheet touch, so only the
sides on the outside of the grid bleed. Rounded-corner guides are a thin
rounded outline to cut along with corner scissors or a punch.
"""
from __future__ import annotations

import svgwrite.path
import svgwrite.shapes
from svgwrite.container import Group

from ..model.cards import Card, Deck
from .text import text, text_width
from ..model.faces import Face
from ..model.printspec import MIN_LINE_MM, SAFE_MM
from .emblems import emblem
from .pieces import face_marks

Bleed = tuple[float, float, float, float]  # left, top, right, bottom
#: Cap height of the sans font as a share of its size: a corner value ``size_mm`` tall is set at size_mm / CAP.
CAP = 0.66
#: Share of a card's width its central art may take.
ART_SHARE = 0.78


def rounded_rect(x0: float, y0: float, x1: float, y1: float, r: float) -> str:
    """SVG path data of the rectangle (x0, y0)-(x1, y1) with its corners rounded by quarter circles of radius ``r``.

    Drawn as arcs, not as a ``rect`` with ``rx``: cairo draws two of such a rect's corners with a misplaced
    control point, 3 % of the radius off the circle, enough to move a cut guide off its card's cut path.
    """
    def f(v: float) -> str:
        return f"{v:.4f}".rstrip("0").rstrip(".")

    arc = f"A{f(r)} {f(r)} 0 0 1 "
    return (f"M{f(x0 + r)} {f(y0)}H{f(x1 - r)}{arc}{f(x1)} {f(y0 + r)}V{f(y1 - r)}{arc}{f(x1 - r)} {f(y1)}"
            f"H{f(x0 + r)}{arc}{f(x0)} {f(y1 - r)}V{f(y0 + r)}{arc}{f(x0 + r)} {f(y0)}Z")


def _ground(face: Face, palette: dict[str, str], cx: float, cy: float, size: tuple[float, float],
            bleed: Bleed) -> Group:
    """The card's bleed and its exact rectangle (class ``card-face``), both in the face's ground colour."""
    w, h = size
    left, top, right, bottom = bleed
    x0, y0 = cx - w / 2, cy - h / 2
    g = Group()
    if any(bleed):  # a card inside the grid has none: its neighbours' cut lines are its own
        g.add(svgwrite.shapes.Rect((round(x0 - left, 3), round(y0 - top, 3)),
                                   (round(w + left + right, 3), round(h + top + bottom, 3)),
                                   fill=palette[face.ground], class_="bleed"))
    g.add(svgwrite.shapes.Rect((round(x0, 3), round(y0, 3)), (round(w, 3), round(h, 3)), fill=palette[face.ground],
                               class_="card-face"))
    return g


def corner_index(card: Card, deck: Deck, palette: dict[str, str], x0: float, y0: float) -> Group:
    """The value over the symbol, in the corner whose top-left is (x0, y0): both start at least the corner guide's
    radius and :data:`~generator.model.printspec.SAFE_MM` inside the card, however wide the value ('2·1') is."""
    size, ink, ground = deck.corner.size_mm, palette[card.face.ink], palette[card.face.ground]
    inset = max(3.0, SAFE_MM, deck.radius_mm)
    shows_value = deck.corner.value and bool(card.value)
    wide = max(text_width(card.value, size / CAP, "bold") if shows_value else 0.0, size * 0.9)
    cx = x0 + inset + wide / 2
    g = Group(class_="corner-index")
    y = y0 + inset
    if shows_value:
        y += size
        g.add(text(card.value, cx, y, size / CAP, ink, "bold", "middle", class_="corner-value"))
    if deck.corner.symbol and card.symbol:
        g.add(emblem(card.symbol, cx, y + 1.2 + size * 0.45, size * 0.9, ink, ground))
    return g


def _turned(group: Group, turn: int, cx: float, cy: float) -> Group:
    """``group`` turned ``turn`` degrees (clockwise) about (cx, cy); untouched when not turned."""
    if turn:
        group.attribs["transform"] = f"rotate({turn} {cx:.3f} {cy:.3f})"
    return group


def render_card(card: Card, deck: Deck, palette: dict[str, str], cx: float, cy: float, bleed: Bleed,
                class_: str = "", turn: int = 0) -> Group:
    """A card's front centred on (cx, cy): ground, central art, corner indexes and rounded-corner guide; ``turn``
    (90 or -90) lays it on its side, ``bleed`` being given for the sides of the sheet."""
    w, h = deck.size_mm
    g = Group(class_=f"card front deck-{deck.id} {class_}".strip())
    g.add(_ground(card.face, palette, cx, cy, (h, w) if turn else (w, h), bleed))
    art = Group() if turn else g
    art.add(face_marks(card.face, palette[card.face.ink], palette[card.face.ground], cx, cy, ART_SHARE * w,
                       ART_SHARE * w))
    art.add(corner_index(card, deck, palette, cx - w / 2, cy - h / 2))
    if deck.corner.both:
        art.add(_turned(corner_index(card, deck, palette, cx - w / 2, cy - h / 2), 180, cx, cy))
    if turn:
        g.add(_turned(art, turn, cx, cy))
    if deck.radius_mm:
        half = MIN_LINE_MM / 2  # the guide lies inside the card's edge: none of it prints past the card
        cw, ch = (h, w) if turn else (w, h)  # drawn as the card lies, under no turn: its arcs are the cut's
        g.add(svgwrite.path.Path(d=rounded_rect(cx - cw / 2 + half, cy - ch / 2 + half, cx + cw / 2 - half,
                                                cy + ch / 2 - half, deck.radius_mm - half),
                                 fill="none", stroke=palette[card.face.ink], stroke_width=MIN_LINE_MM,
                                 stroke_dasharray="1,1", class_="corner-guide"))
    return g


def render_card_back(deck: Deck, palette: dict[str, str], cx: float, cy: float, bleed: Bleed,
                     turn: int = 0) -> Group:
    """The back every card of ``deck`` shares, centred on (cx, cy), turned ``turn`` degrees as its card lies."""
    w, h = deck.size_mm
    g = Group(class_=f"card back deck-{deck.id}")
    g.add(_ground(deck.back, palette, cx, cy, (h, w) if turn else (w, h), bleed))
    g.add(_turned(face_marks(deck.back, palette[deck.back.ink], palette[deck.back.ground], cx, cy, ART_SHARE * w,
                             ART_SHARE * w), turn, cx, cy))
    return g
