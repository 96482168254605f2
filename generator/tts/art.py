"""The export's pictures, drawn by the kit's own renderers and turned into PNG files of exact pixel sizes.

Nothing here draws a piece, a card, a board or a mat a second way: the board
is :func:`generator.render.board.render_board` (as the board sheets print
it), a piece's side is :func:`generator.render.pieces.render_face` (as the
punch sheets print it), a card is :func:`generator.render.cards.render_card`
and a mat is :func:`generator.compose.mats.mat_pages`. This module frames each
picture for the table and rasterises it.

Tabletop Simulator takes pictures of at most :data:`MAX_SIDE_PX` pixels a
side, and card sheets of at most :data:`SHEET_COLUMNS` by :data:`SHEET_ROWS`
cards (https://kb.tabletopsimulator.com/custom-content/asset-creation/,
https://api.tabletopsimulator.com/custom-game-objects/).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

import svgwrite
from svgwrite.container import Group

from ..model.cards import Deck
from ..compose.board_sheets import frame_for
from ..model.faces import Face
from ..output.fonts import use_project_fonts_in_cairo
from ..model.game import Game
from ..model.printspec import PrintFormat
from ..render.board import BoardArt, render_board
from ..render.cards import render_card, render_card_back
from ..render.pieces import render_face
from ..model.theme import Theme

#: The longest side of a picture the program takes, in pixels.
MAX_SIDE_PX = 4096
#: The most cards a sheet holds across and down.
SHEET_COLUMNS, SHEET_ROWS = 10, 7
#: Cards on one sheet at most: every slot but the last, which the program may keep for the hidden card.
SHEET_CARDS = SHEET_COLUMNS * SHEET_ROWS - 1
#: Pixels per millimetre of the board and the mats, of a piece's side, and of a card (each at most: a picture is
#: made smaller to keep within :data:`MAX_SIDE_PX`).
BOARD_PX_PER_MM, PIECE_PX_PER_MM, CARD_PX_PER_MM = 6.0, 12.0, 6.0
#: The colour of a card sheet's slots no card fills (the program never shows them).
SHEET_GROUND = "#ffffff"
#: How far a piece's colour runs past its edge in its picture, in mm (the tile's own outline is the cut).
PIECE_BLEED_MM = 1.0


@dataclass(frozen=True)
class Picture:
    """An SVG picture sized in millimetres and the pixel size it is rasterised at."""

    svg: str
    size_mm: tuple[float, float]
    pixels: tuple[int, int]
    background: str | None = None

    def png(self) -> bytes:
        """The picture as a PNG of exactly :attr:`pixels`, on :attr:`background` (a colour) where it draws
        nothing (cairo writes no time or other varying data)."""
        use_project_fonts_in_cairo()  # fontconfig must point at the project's fonts before cairo draws text
        import cairosvg

        data: bytes = cairosvg.svg2png(bytestring=self.svg.encode("utf-8"), output_width=self.pixels[0],
                                       output_height=self.pixels[1], background_color=self.background)
        return data


def _svg(size_mm: tuple[float, float], *groups: Group) -> str:
    """An SVG document ``size_mm`` wide and tall, drawn in millimetres, holding ``groups``."""
    w, h = size_mm
    doc = svgwrite.Drawing(size=(f"{w:g}mm", f"{h:g}mm"), viewBox=f"0 0 {w:g} {h:g}", profile="full", debug=False)
    for group in groups:
        doc.add(group)
    return str(doc.tostring())


def pixels(size_mm: tuple[float, float], per_mm: float) -> tuple[int, int]:
    """The pixel size of a picture ``size_mm`` at ``per_mm`` pixels a millimetre, made smaller if need be so that
    neither side passes :data:`MAX_SIDE_PX`."""
    w, h = size_mm
    scale = min(per_mm, MAX_SIDE_PX / max(w, h))
    return max(1, min(MAX_SIDE_PX, round(w * scale))), max(1, min(MAX_SIDE_PX, round(h * scale)))


def board_art(game: Game, theme: Theme, fmt: PrintFormat) -> BoardArt:
    """The board as the board sheets of ``fmt`` print it: cells, marks, links and the coordinate frame."""
    return render_board(game, theme, fmt.square_mm, frame_for(fmt))


def board_picture(art: BoardArt) -> Picture:
    """The board's picture: its art alone, frame included, at its printed size."""
    size = (art.width, art.height)
    return Picture(_svg(size, art.group), size, pixels(size, BOARD_PX_PER_MM))


def cell_centre(art: BoardArt, game: Game, cell: str) -> tuple[float, float]:
    """Where the board art draws the centre of ``cell``, in mm from its top-left corner."""
    x, y = game.board.grid.centre(cell)
    return art.frame + x * art.cell, art.frame + y * art.cell


def side_picture(face: Face, palette: dict[str, str], shape: str, size_mm: tuple[float, float]) -> Picture:
    """One side of a piece, drawn as the punch sheets draw it, filling a picture its outline's size (its colour
    runs on past the outline, so the tile's edge never shows a background)."""
    w, h = size_mm
    group = render_face(face, palette, w / 2, h / 2, w, PIECE_BLEED_MM + max(w, h), False, "",
                        "standee" if shape == "standee" else shape, h)
    return Picture(_svg(size_mm, group), size_mm, pixels(size_mm, PIECE_PX_PER_MM))


@dataclass(frozen=True)
class Sheet:
    """One sheet of a deck: the deck's card kinds it holds (their positions in the deck's list), its columns and
    rows, and each card's size in pixels."""

    kinds: tuple[int, ...]
    columns: int
    rows: int
    card_px: tuple[int, int]

    @property
    def pixels(self) -> tuple[int, int]:
        """The sheet's size in pixels: every card the same size, as the program cuts it."""
        return self.columns * self.card_px[0], self.rows * self.card_px[1]


def deck_sheets(deck: Deck) -> list[Sheet]:
    """The sheets of a deck: each of its card kinds once (a card's copies share their picture), at most
    :data:`SHEET_CARDS` to a sheet, laid out in rows of at most :data:`SHEET_COLUMNS`."""
    kinds = list(range(len(deck.cards)))
    sheets = []
    w, h = deck.size_mm
    for start in range(0, len(kinds), SHEET_CARDS):
        chunk = tuple(kinds[start:start + SHEET_CARDS])
        columns = min(SHEET_COLUMNS, len(chunk))
        rows = math.ceil(len(chunk) / columns)
        per_mm = min(CARD_PX_PER_MM, MAX_SIDE_PX / (columns * w), MAX_SIDE_PX / (rows * h))
        sheets.append(Sheet(chunk, columns, rows, (math.floor(w * per_mm), math.floor(h * per_mm))))
    return sheets


def sheet_picture(deck: Deck, sheet: Sheet, palette: dict[str, str]) -> Picture:
    """A card sheet: the sheet's cards, row by row, each drawn as the card sheets print it, edge to edge, without
    the rounded-corner guide (the program's cards have round corners of their own)."""
    w, h = deck.size_mm
    deck = replace(deck, radius_mm=0.0)
    group = Group(class_=f"card-sheet deck-{deck.id}")
    for slot, kind in enumerate(sheet.kinds):
        column, row = slot % sheet.columns, slot // sheet.columns
        group.add(render_card(deck.cards[kind], deck, palette, (column + 0.5) * w, (row + 0.5) * h, (0, 0, 0, 0)))
    size = (sheet.columns * w, sheet.rows * h)
    return Picture(_svg(size, group), size, sheet.pixels, SHEET_GROUND)


def back_picture(deck: Deck, sheet: Sheet, palette: dict[str, str]) -> Picture:
    """The back every card of a deck shares, the size of one card of ``sheet``."""
    return Picture(_svg(deck.size_mm, render_card_back(deck, palette, deck.size_mm[0] / 2, deck.size_mm[1] / 2,
                                                       (0, 0, 0, 0))), deck.size_mm, sheet.card_px)


def page_picture(svg: str, size_mm: tuple[float, float], background: str) -> Picture:
    """The top ``size_mm`` of a page the kit's composers drew (a mat without the scale bar at its foot, which is
    for printing), on the colour of paper."""
    w, h = size_mm
    root, rest = svg.split(">", 1)
    root = re.sub(r'\bheight="[^"]*"', f'height="{h:g}mm"', root, count=1)
    root = re.sub(r'\bviewBox="[^"]*"', f'viewBox="0 0 {w:g} {h:g}"', root, count=1)
    return Picture(f"{root}>{rest}", size_mm, pixels(size_mm, BOARD_PX_PER_MM), background)


def thumbnail(art: BoardArt, pieces: list[tuple[tuple[float, float], Face, str, tuple[float, float], float]],
              palette: dict[str, str], side_px: int, background: str) -> Picture:
    """A square picture of the board with the pieces of the set-up on it (face up ones showing their front, face
    down ones their back): ``pieces`` are (centre in art mm, side shown, shape, size in mm, turn in degrees)."""
    group = Group(class_="thumbnail")
    group.add(art.group)
    for (x, y), face, shape, (w, h), turn in pieces:
        side = render_face(face, palette, x, y, w, 0.0, False, "", shape, h)
        if turn:
            side.attribs["transform"] = f"rotate({turn:g} {x:.3f} {y:.3f})"
        group.add(side)
    side = max(art.width, art.height)
    framed = Group(transform=f"translate({(side - art.width) / 2:.3f} {(side - art.height) / 2:.3f})")
    framed.add(group)
    return Picture(_svg((side, side), framed), (side, side), (side_px, side_px), background)
