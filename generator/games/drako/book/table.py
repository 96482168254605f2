"""The rulebook's set-up picture: the table as the players lay it out before the first turn.

The dragon player's side is at the top, the dwarf player's at the bottom, the
board between them with the figures on their starting hexes. Each mat is drawn
from the same layout the printed mats use (scaled down, its spaces without
their words), with the deck face down on its deck space, the wound markers on
the dragon mat's supply and the net and Fury markers on theirs; beside each mat
lies its player's opening hand, face down. Every piece is drawn by the
renderers that draw it elsewhere (the board, the figures of the diagrams, the
cards' backs), so the picture follows the specs.
"""
from __future__ import annotations

from dataclasses import replace

import svgwrite.shapes
from svgwrite.container import Group

from ....model.cards import Deck
from ....render.text import text
from ....model.game import Game
from ....model.mats import Mat, Space
from ....play.registry import load_components
from ....play.registry import decks_for
from ....render.board import render_board
from ....render.cards import render_card_back
from ....render.diagram_pieces import draw_piece, piece_colours
from ....render.diagram_style import INK
from ....render.pieces import outline
from ....rulebook.board_art import document
from ....model.theme import Theme
from ..cards import DRAGON, DWARVES
from ..drawing import piece_views
from ..engine import DrakoRules
from ..kit.parts import make_mats
from ..spec import OPENING_HAND, DrakoSpec

#: Width of the picture, board hex (centre to centre), the mats' and the cards' scale, in mm and fractions.
WIDTH_MM, CELL_MM, MAT_SCALE, CARD_SCALE = 124.0, 8.0, 0.18, 0.17
#: Size of the picture's words (7 pt), and the gap between its rows, in mm.
WORDS_MM, GAP_MM = 2.5, 3.0
#: The paper the mats are drawn from (the A4 layout; Letter differs only by a few mm of margin).
MAT_PAPER = "A4"
#: How far each card of a hand is turned from the next, in degrees.
FAN_DEGREES = 9.0


def table_picture(game: Game, spec: DrakoSpec, theme: Theme) -> str:
    """The set-up picture as an SVG document sized in mm."""
    components = load_components(game)
    palette = components.palette(theme) if components else dict(theme.colours)
    decks = {d.id: d for d in decks_for(game)}
    mats = {m.id: m for m in make_mats(spec, MAT_PAPER)}
    board = render_board(game, theme, CELL_MM, frame=0.0)
    mat_w, mat_h = (v * MAT_SCALE for v in mats[DRAGON].page)
    row = mat_h + WORDS_MM * 2.4
    board_top = row + GAP_MM
    height = board_top + board.height + GAP_MM + row
    doc = document(WIDTH_MM, height)
    bx = (WIDTH_MM - board.width) / 2
    placed = Group(transform=f"translate({bx:.3f},{board_top:.3f})")
    placed.add(board.group)
    placed.add(_figures(game, spec, theme))
    doc.add(placed)
    for side, y, words in ((DRAGON, 0.0, "The dragon's mat and deck, the wound markers"),
                           (DWARVES, board_top + board.height + GAP_MM, "The dwarves' mat and deck, net and Fury")):
        doc.add(_mat(mats[side], decks[side], palette, theme, 0.0, y, side))
        doc.add(text(words, 0.0, y + mat_h + WORDS_MM * 1.6, WORDS_MM, INK, "600"))
        hand_x = mat_w + (WIDTH_MM - mat_w) / 2
        doc.add(_hand(decks[side], palette, hand_x, y + mat_h * 0.55))
        doc.add(text(f"Opening hand: {OPENING_HAND} cards", hand_x, y + mat_h + WORDS_MM * 1.6, WORDS_MM, INK, "600",
                     "middle"))
    return str(doc.tostring())


def _figures(game: Game, spec: DrakoSpec, theme: Theme) -> Group:
    """The dragon and the dwarves on their starting hexes, drawn as the rule diagrams draw them."""
    engine = DrakoRules(spec)
    names = [d.id for d in spec.dwarves]
    state = engine.position({"dragon": spec.dragon_start, "dwarves": dict(zip(names, spec.dwarf_starts))})
    colours = {p.id: theme.colours.get(p.colour, INK) for p in game.players}
    g = Group(class_="figures")
    for cell, stack in piece_views(engine.core, state).items():
        cx, cy = game.board.grid.centre(cell)
        for piece in stack:
            fill = colours.get(piece.owner or "", INK)
            g.add(draw_piece(replace(piece, carried="", marked=""), cx * CELL_MM, cy * CELL_MM, CELL_MM,
                             piece_colours(fill, INK), None))
    return g


def _mat(mat: Mat, deck: Deck, palette: dict[str, str], theme: Theme, x: float, y: float, side: str) -> Group:
    """A mat, scaled down with its spaces and no words, and what lies on it: the deck, markers."""
    ink = palette.get(mat.ink, INK)
    w, h = (v * MAT_SCALE for v in mat.page)
    g = Group(class_=f"mat mat-{mat.id}")
    g.add(svgwrite.shapes.Rect((round(x, 3), round(y, 3)), (round(w, 3), round(h, 3)), rx=1.2,
                               fill=palette.get(mat.ground, "#ffffff"), stroke=ink, stroke_width=0.3))
    spaces = [s for s, _ in mat.all_spaces()]
    for space in spaces:
        (cx, cy), (sw, sh) = _scaled(space, x, y)
        g.add(outline({"box": "square", "circle": "disc"}.get(space.shape, space.shape), cx, cy, sw, sh,
                      fill="none", stroke=ink, stroke_width=0.2))
    for space in spaces:
        (cx, cy), (sw, sh) = _scaled(space, x, y)
        if space.id == "deck":
            g.add(_card_back(deck, palette, cx, cy, 90.0))
        elif space.id == "wound-supply":
            g.add(_markers(theme.colours.get("accent", INK), cx, cy, sw))
        elif space.id.endswith("-marker"):
            g.add(outline("hex", cx, cy, sw * 0.8, sw * 0.8, fill=theme.colours.get(side, INK), stroke=ink,
                          stroke_width=0.2))
    return g


def _scaled(space: Space, x: float, y: float) -> tuple[tuple[float, float], tuple[float, float]]:
    (cx, cy), (w, h) = space.centre, space.size
    return (x + cx * MAT_SCALE, y + cy * MAT_SCALE), (w * MAT_SCALE, h * MAT_SCALE)


def _markers(colour: str, cx: float, cy: float, across: float) -> Group:
    """A heap of wound markers filling a supply space ``across`` mm wide."""
    g = Group(class_="wound-markers")
    r = across * 0.12
    for dx, dy in ((0, 0), (-1.1, -0.9), (1.1, -0.9), (-1.3, 0.7), (1.3, 0.7), (0, -1.8), (0, 1.6)):
        g.add(svgwrite.shapes.Circle((round(cx + dx * 2 * r * 0.9, 3), round(cy + dy * 2 * r * 0.9, 3)), round(r, 3),
                                     fill=colour, stroke="#ffffff", stroke_width=0.2))
    return g


def _card_back(deck: Deck, palette: dict[str, str], cx: float, cy: float, angle: float) -> Group:
    """A card of ``deck`` face down, scaled, turned ``angle`` degrees about its centre (its back's words left off:
    they would print too small to read)."""
    plain = replace(deck, back=replace(deck.back, label=""))
    w, h = deck.size_mm
    g = Group(transform=f"translate({cx:.3f},{cy:.3f}) rotate({angle:g}) scale({CARD_SCALE})", class_="card-back")
    g.add(render_card_back(plain, palette, 0.0, 0.0, (0.0, 0.0, 0.0, 0.0)))
    g.add(svgwrite.shapes.Rect((-w / 2, -h / 2), (w, h), rx=deck.radius_mm, fill="none", stroke=INK, stroke_width=1.2))
    return g


def _hand(deck: Deck, palette: dict[str, str], cx: float, cy: float) -> Group:
    """The opening hand face down, fanned about a point below the cards' middle."""
    g = Group(class_=f"hand hand-{deck.id}")
    pivot = deck.size_mm[1] * CARD_SCALE * 1.2
    for n in range(OPENING_HAND):
        turn = (n - (OPENING_HAND - 1) / 2) * FAN_DEGREES
        fan = Group(transform=f"rotate({turn:g} {cx:.3f} {cy + pivot:.3f})")
        fan.add(_card_back(deck, palette, cx, cy, 0.0))
        g.add(fan)
    return g
