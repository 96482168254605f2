"""Laying the table: the board, the pieces on their cells, the mats, decks and bags, the books and the notecard.

Everything lies around the board, whose centre is the table's: the first
player's mat before them (the near side), the second player's across the
board and turned to face them, the bags in a column to the right of the
board, the pieces the set-up lays beside it and the books to its left.
Places are in table units (:mod:`.units`); pictures come from :mod:`.art`
through an :class:`Images` store, which names each picture once.
"""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from ..model.cards import Deck
from ..model.faces import Face
from ..model.game import Game
from ..model.mats import Mat
from ..model.pieces import Component, Components
from ..model.printspec import PrintFormat
from ..render.board import BoardArt
from ..model.theme import Theme
from . import art, objects
from .objects import SaveObject
from .setup import Placed, TableSetup
from .units import (BOARD_THICKNESS, FACING_DEGREES, PIECE_THICKNESS, TABLE_Y, UPRIGHT, Place, art_to_local,
                    figure_scale, tile_scale, units)

#: Room between the board and what lies around it, and between two bags or books, in table units.
GAP, BAG_PITCH, BOOK_PITCH = 1.5, 2.6, 4.0
#: Side of the save's thumbnail in pixels.
THUMBNAIL_PX = 256
#: Where a standee stands: a little above the surface under it (the program lets it settle).
STAND_LIFT = 0.1


@dataclass
class Images:
    """The pictures of a save: each drawn and named once, addressed by the URL it is shared from.

    ``base`` is the URL the pictures' names are appended to; a picture whose
    PNG is one already stored is not stored again, and gets that picture's URL.
    """

    base: str
    files: dict[str, bytes] = field(default_factory=dict)
    _names: dict[bytes, str] = field(default_factory=dict)
    _drawn: dict[tuple[str, tuple[int, int], str | None], bytes] = field(default_factory=dict)

    def png(self, picture: art.Picture) -> bytes:
        """The PNG of ``picture`` (each picture is rasterised once)."""
        key = (picture.svg, picture.pixels, picture.background)
        if key not in self._drawn:
            self._drawn[key] = picture.png()
        return self._drawn[key]

    def add(self, name: str, picture: art.Picture) -> str:
        """Store ``picture`` as ``name`` (unless the same picture is stored already); its URL."""
        png = self.png(picture)
        if png not in self._names:
            self._names[png] = name
            self.files[name] = png
        return self.url(self._names[png])

    def url(self, name: str) -> str:
        """The URL a file of the save is shared from."""
        return self.base + name


@dataclass
class Table:
    """The table being laid: the game, its set-up, the board's art and place, and the objects laid so far."""

    game: Game
    theme: Theme
    fmt: PrintFormat
    setup: TableSetup
    images: Images
    seed: int
    board: BoardArt = field(init=False)
    board_place: Place = field(init=False)
    objects: list[SaveObject] = field(default_factory=list)
    shown: list[tuple[tuple[float, float], Face, str, tuple[float, float], float]] = field(default_factory=list)
    _sides: dict[str, tuple[str, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.board = art.board_art(self.game, self.theme, self.fmt)
        size = (self.board.width, self.board.height)
        self.board_place = Place(0.0, TABLE_Y + BOARD_THICKNESS / 2, 0.0, UPRIGHT, False, tile_scale(*size))

    @property
    def components(self) -> Components:
        """The pieces as printed."""
        return self.setup.components

    @property
    def palette(self) -> dict[str, str]:
        """The pieces' colours in the table's theme."""
        return self.components.palette(self.theme)

    @property
    def half(self) -> tuple[float, float]:
        """Half the board's width and depth, in table units."""
        return units(self.board.width) / 2, units(self.board.height) / 2

    def component(self, ident: str) -> Component:
        """A component of the set-up by id."""
        return next(c for c in self.components.components if c.id == ident)

    def size(self, component: Component) -> tuple[float, float]:
        """A piece's width and height in mm, as the punch sheets for the table's format print it."""
        return self.components.dims(component, self.fmt)

    def sides(self, component: Component) -> tuple[str, str]:
        """The URLs of a piece's front and back pictures (every piece's drawn on first use)."""
        if not self._sides:
            self._draw_sides()
        return self._sides[component.id]

    def _draw_sides(self) -> None:
        """Draw both sides of every piece. A picture of one piece's side is named after it (``tower-front.png``);
        one several pieces share is named after its content (``side-<hash>.png``), so that a name never tells
        one piece from another (Dragon Eyes' backs)."""
        drawn = {(c.id, side): art.side_picture(face, self.palette, c.shape, self.size(c))
                 for c in self.components.components for side, face in (("front", c.front), ("back", c.back))}
        pngs = {key: self.images.png(picture) for key, picture in drawn.items()}
        users: dict[bytes, set[str]] = {}
        for (ident, _), png in pngs.items():
            users.setdefault(png, set()).add(ident)
        for (ident, side), picture in drawn.items():
            png = pngs[(ident, side)]
            name = f"{ident}-{side}.png" if len(users[png]) == 1 else \
                f"side-{hashlib.sha1(png).hexdigest()[:8]}.png"
            url = self.images.add(name, picture)
            front, back = self._sides.get(ident, ("", ""))
            self._sides[ident] = (url, back) if side == "front" else (front, url)

    # -- the board ---------------------------------------------------------------------------------

    def lay_board(self) -> None:
        """The board: a locked tile at the printed size, with a snap point on the centre of every cell."""
        url = self.images.add("board.png", art.board_picture(self.board))
        board = objects.tile(self.board_place, f"{self.game.title} board", url, url, "square", BOARD_THICKNESS,
                             {"board": self.fmt.name}, locked=True)
        size = (self.board.width, self.board.height)
        centres = [art_to_local(size, *art.cell_centre(self.board, self.game, cell))
                   for cell in self.game.board.squares]
        board["AttachedSnapPoints"] = objects.snap_points(centres, BOARD_THICKNESS / 2)
        self.objects.append(board)

    def piece(self, placed: Placed, place: Place) -> SaveObject:
        """One piece at ``place``: a standee, or a flat tile of its shape, turned to its facing."""
        component = self.component(placed.component)
        front, back = self.sides(component)
        memo = {"component": component.id}
        if component.shape == "standee":
            return objects.figurine(place, component.name, front, back, memo)
        return objects.tile(place, component.name, front, back, component.shape, PIECE_THICKNESS, memo,
                            hide_face_down=placed.face_down)

    def piece_place(self, placed: Placed, x: float, y: float, z: float, turn: float) -> Place:
        """Where a piece lies with its middle at (x, z) and its base at height ``y``, on a surface turned
        ``turn``."""
        component = self.component(placed.component)
        w, h = self.size(component)
        turn += FACING_DEGREES[placed.facing] if placed.facing else 0.0
        if component.shape == "standee":
            return Place(x, y + STAND_LIFT, z, turn, False, figure_scale(h))
        return Place(x, y + PIECE_THICKNESS / 2, z, turn, placed.face_down, tile_scale(w, h))

    def lay_cells(self) -> None:
        """The pieces the set-up puts on the board, each stack bottom first, on its cell's centre."""
        size = (self.board.width, self.board.height)
        top = self.board_place.y + BOARD_THICKNESS / 2
        for cell in self.game.board.squares:
            centre = art.cell_centre(self.board, self.game, cell)
            x, z = self.board_place.to_table(*art_to_local(size, *centre))
            for level, placed in enumerate(self.setup.cells.get(cell, ())):
                place = self.piece_place(placed, x, top + level * PIECE_THICKNESS, z, UPRIGHT)
                self.objects.append(self.piece(placed, place))
                self.show(placed, centre)

    def show(self, placed: Placed, centre: tuple[float, float]) -> None:
        """Remember a piece on the board for the thumbnail: the side it shows and where."""
        component = self.component(placed.component)
        face = component.back if placed.face_down else component.front
        shape = "square" if component.shape == "standee" else component.shape
        turn = FACING_DEGREES[placed.facing] if placed.facing else 0.0
        self.shown.append((centre, face, shape, self.size(component), turn))

    # -- mats and decks ------------------------------------------------------------------------------

    def mat_size(self, mat: Mat) -> tuple[float, float]:
        """The size of a mat on the table, in mm: its page down to the foot of the area its spaces may use (the
        scale bar under it is for printing)."""
        # Imported here, when first needed, to keep start-up fast.
        from ..compose.mats import mat_area, mat_setup
        from ..model.printers import load_printer

        setup = mat_setup(mat, load_printer(None))
        return mat.page[0], mat_area(setup)[3]

    def mat_place(self, seat: int, mat: Mat) -> Place:
        """Where a player's mat lies: before the first player, across the board for the second, then further
        out on either side."""
        depth = units(self.mat_size(mat)[1])
        side = -1.0 if seat % 2 == 0 else 1.0
        z = side * (self.half[1] + GAP + depth / 2 + (seat // 2) * (depth + GAP))
        turn = UPRIGHT if seat % 2 == 0 else UPRIGHT + 180.0
        return Place(0.0, TABLE_Y + BOARD_THICKNESS / 2, z, turn, False, tile_scale(*self.mat_size(mat)))

    def lay_mats(self) -> None:
        """Every mat as a tile in front of its player, with the pieces and decks the set-up puts on it."""
        # Imported here, when first needed, to keep start-up fast.
        from ..compose.mats import mat_pages, mat_setup
        from ..model.printers import load_printer

        for seat, mat in enumerate(self.setup.mats):
            place = self.mat_place(seat, mat)
            page = mat_pages(self.components, self.theme, mat, mat_setup(mat, load_printer(None)))[0]
            picture = art.page_picture(page, self.mat_size(mat), self.palette.get("paper", "#ffffff"))
            url = self.images.add(f"mat-{mat.id}.png", picture)
            self.objects.append(objects.tile(place, mat.title, url, url, "square", BOARD_THICKNESS,
                                             {"mat": mat.id}, locked=True))
            top = place.y + BOARD_THICKNESS / 2
            for (mat_id, space_id), stack in sorted(self.setup.spaces.items()):
                if mat_id == mat.id:
                    x, z, _ = self.on_mat(place, mat, space_id)
                    for level, placed in enumerate(stack):
                        self.objects.append(self.piece(placed, self.piece_place(
                            placed, x, top + level * PIECE_THICKNESS, z, place.turn)))

    def on_mat(self, place: Place, mat: Mat, space_id: str) -> tuple[float, float, bool]:
        """The table point of the centre of a space of a mat lying at ``place``, and whether the space is wider
        than it is tall."""
        space = next(s for s, _ in mat.all_spaces() if s.id == space_id)
        x, z = place.to_table(*art_to_local(self.mat_size(mat), *space.centre))
        return x, z, space.size[0] > space.size[1]

    def deck_object(self, deck: Deck, place: Place, rng: random.Random) -> SaveObject:
        """A deck, shuffled by ``rng``, as sheets of its card kinds and one shared back."""
        sheets: dict[int, dict[str, Any]] = {}
        cards: list[tuple[int, str]] = []
        for n, sheet in enumerate(art.deck_sheets(deck), 1):
            face = self.images.add(f"cards-{deck.id}-{n}.png", art.sheet_picture(deck, sheet, self.palette))
            back = self.images.add(f"cards-{deck.id}-back.png", art.back_picture(deck, sheet, self.palette))
            sheets[n] = objects.custom_deck(face, back, sheet.columns, sheet.rows)
            for slot, kind in enumerate(sheet.kinds):
                card = deck.cards[kind]
                cards += [(n * 100 + slot, card.face.label or card.value or deck.name)] * card.count
        rng.shuffle(cards)
        return objects.deck(place, deck.name, sheets, cards, {"deck": deck.id})

    def lay_decks(self) -> None:
        """Every deck, shuffled and face down: on its mat's space, or in a row beyond the far edge of the board
        and of the mats there."""
        rng = random.Random(self.seed)
        mats = {mat.id: (mat, self.mat_place(seat, mat)) for seat, mat in enumerate(self.setup.mats)}
        far = max([self.half[1]] + [place.z + units(self.mat_size(mat)[1]) / 2 for mat, place in mats.values()])
        for n, deck in enumerate(self.setup.decks):
            where = self.setup.decks_on.get(deck.id)
            if where is not None:
                mat, place = mats[where[0]]
                x, z, wide = self.on_mat(place, mat, where[1])
                turn = place.turn + (90.0 if wide else 0.0)
                deck_place = Place(x, place.y + BOARD_THICKNESS, z, turn, True)
            else:
                deck_place = Place(-self.half[0] + 2.0 + 4.0 * n, TABLE_Y + 0.5, far + GAP + 2.5, UPRIGHT, True)
            self.objects.append(self.deck_object(deck, deck_place, rng))

    # -- bags, pieces beside the board, books ----------------------------------------------------------

    def lay_bags(self) -> None:
        """What the set-up leaves of each component, in a bag named after it: on the mat space the set-up gives,
        or in columns to the right of the board."""
        mats = {mat.id: (mat, self.mat_place(seat, mat)) for seat, mat in enumerate(self.setup.mats)}
        rows = max(1, int(2 * self.half[1] // BAG_PITCH))
        spares = {c.id: self.components.copies(c) - c.count for c in self.components.components}
        loose = 0
        for ident, count in self.setup.left_over().items():
            component = self.component(ident)
            where = self.setup.bags_on.get(ident)
            if where is not None:
                mat, place = mats[where[0]]
                x, z, _ = self.on_mat(place, mat, where[1])
            else:
                column, row = divmod(loose, rows)
                x = self.half[0] + GAP + 1.0 + column * BAG_PITCH
                z = self.half[1] - 1.0 - row * BAG_PITCH
                loose += 1
            spare = min(count, spares[ident])
            description = ", ".join(part for part in (
                f"{count - spare} to play with" if count > spare else "", f"{spare} spare" if spare else ""
            ) if part)
            inside = Place(x, TABLE_Y + 1.0, z)
            contents = [self.piece(Placed(ident), self.piece_place(Placed(ident), x, inside.y, z, UPRIGHT))
                        for _ in range(count)]
            self.objects.append(objects.bag(inside, component.name, description, contents))

    def lay_beside(self) -> None:
        """The pieces the set-up lays beside the board, face up, in a row along its left edge from the far end."""
        top = TABLE_Y
        for n, placed in enumerate(self.setup.beside):
            w, _ = self.size(self.component(placed.component))
            x = -self.half[0] - GAP - units(w) / 2
            z = self.half[1] - units(w) / 2 - n * (units(w) + 0.5)
            self.objects.append(self.piece(placed, self.piece_place(placed, x, top, z, UPRIGHT)))

    def lay_books(self, documents: list[tuple[str, str]], note: tuple[str, str] | None) -> None:
        """The books (name and URL of each PDF) and the set-up notecard, in a column left of the board."""
        x = -self.half[0] - GAP - 6.0
        z = -self.half[1] + 2.0
        for n, (name, url) in enumerate(documents):
            self.objects.append(objects.pdf(Place(x - n * BOOK_PITCH, TABLE_Y + 0.5, z), name, url))
        if note is not None:
            self.objects.append(objects.notecard(Place(x, TABLE_Y + 0.5, z + BOOK_PITCH + 2.0), *note))

    def thumbnail(self) -> art.Picture:
        """The board with the pieces the set-up puts on it, as the save's thumbnail."""
        return art.thumbnail(self.board, self.shown, self.palette, THUMBNAIL_PX, self.theme.colour("frame"))


def lay_table(game: Game, theme: Theme, fmt: PrintFormat, setup: TableSetup, images: Images, seed: int,
              documents: list[tuple[str, str]], note: tuple[str, str] | None) -> Table:
    """Lay the whole table: board, pieces on cells, mats (with their pieces), decks, bags, pieces beside the
    board, books and notecard, in that order."""
    table = Table(game, theme, fmt, setup, images, seed)
    steps: list[Callable[[], None]] = [table.lay_board, table.lay_cells, table.lay_mats, table.lay_decks,
                                       table.lay_bags, table.lay_beside]
    for step in steps:
        step()
    table.lay_books(documents, note)
    return table
