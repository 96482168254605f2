"""Tabletop Simulator's table: its unit, how big its flat objects are at a scale, and where things lie on it.

Sources: the program's knowledge base (https://kb.tabletopsimulator.com/, kept at
github.com/Berserk-Games/Tabletop-Simulator-Knowledge-Base), its scripting API
(https://api.tabletopsimulator.com/) and saves the program writes.

- A table unit is about an inch: the Custom Tile and Custom Token pages give a tile's thickness "in in-game
  units (about an inch)" (custom-content/custom-tile/, custom-content/custom-token/). The export reads it as
  exactly one inch, :data:`MM_PER_UNIT`.
- A Custom Board cannot be given a size: "the dimensions of the board will be based off the dimensions of the
  image used" (custom-content/custom-board/; "the board is re-scaled based on the image used",
  custom-content/asset-creation/). A Custom Tile can: with "Stretch Aspect Ratio" (``Stretch``) its image is
  stretched over a symmetrical tile (custom-content/custom-tile/), two units across at scale 1 (saves the
  program writes put the snap points attached to a tile between -1 and +1 in the tile's own coordinates,
  whatever its scale), and a save may scale an object on each axis on its own (custom-content/save-file-format/).
  So the board, the mats and every flat piece are tiles scaled to their sizes in millimetres: a cell of the
  printed board is a cell on the table, and a piece fits it as it fits the printed one. The board is a locked
  tile with a snap point on every cell; a hexagonal tile is read as pointy-topped, like the kit's hex pieces.
- A Custom Figurine (a standee) shows its front and back images (``ImageURL``, ``ImageSecondaryURL``;
  custom-content/custom-figurine/, api custom-game-objects/); it is read like a tile: two units tall at scale 1,
  as wide as its image's proportions make it.
- Positions are the save's ``Transform`` and snap points its ``AttachedSnapPoints`` (custom-content/save-file-format/);
  a snap point's position is in its object's own coordinates, before the object's scale and rotation. The
  program turns objects about the vertical axis clockwise as seen from above; at a turn of 180 degrees a flat
  object reads upright for a player on the near side of the table (the -Z side), as the program's own saves
  lay cards and boards, and a half turn about its depth axis (``rotZ``) lays it face down.

Every place in this module is in table units, relative to the centre of the board, x to the right and z away
from the near side of the table, as the near player sees it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

#: Millimetres in one table unit (one inch).
MM_PER_UNIT = 25.4
#: How far a Custom Tile (and a Custom Figurine, upwards) spans at scale 1, in table units.
TILE_SPAN = 2.0
#: Height of the table's surface, where the board lies.
TABLE_Y = 1.0
#: Thickness of the board and of the mats, and of a piece (two millimetres of card, rounded up), in table units.
BOARD_THICKNESS, PIECE_THICKNESS = 0.2, 0.1
#: The turn about the vertical axis at which an object reads upright for the near player.
UPRIGHT = 180.0
#: Compass facings of a piece, as turns clockwise from north (the far side of the board), in degrees.
FACING_DEGREES = {"n": 0.0, "ne": 45.0, "e": 90.0, "se": 135.0, "s": 180.0, "sw": 225.0, "w": 270.0, "nw": 315.0}


def units(mm: float) -> float:
    """Millimetres in table units."""
    return mm / MM_PER_UNIT


@dataclass(frozen=True)
class Place:
    """Where an object lies: its centre (x, y, z) in table units, its turn about the vertical axis (degrees,
    clockwise from above, :data:`UPRIGHT` reads upright for the near player), whether it lies face down, and its
    scale along x, y and z."""

    x: float
    y: float
    z: float
    turn: float = UPRIGHT
    face_down: bool = False
    scale: tuple[float, float, float] = (1.0, 1.0, 1.0)

    def transform(self) -> dict[str, float]:
        """The save's ``Transform`` of this place (rounded to a micro-unit, so saves compare byte for byte)."""
        sx, sy, sz = self.scale
        return {"posX": _r(self.x), "posY": _r(self.y), "posZ": _r(self.z), "rotX": 0.0,
                "rotY": _r(self.turn % 360.0), "rotZ": 180.0 if self.face_down else 0.0,
                "scaleX": _r(sx), "scaleY": _r(sy), "scaleZ": _r(sz)}

    def to_table(self, lx: float, lz: float) -> tuple[float, float]:
        """The table point of the object's own point (lx, lz): scaled, turned clockwise (seen from above, x right
        and z away) by :attr:`turn`, moved to the object's centre."""
        sx, sz = lx * self.scale[0], lz * self.scale[2]
        a = math.radians(self.turn)
        return self.x + sx * math.cos(a) + sz * math.sin(a), self.z - sx * math.sin(a) + sz * math.cos(a)


def _r(value: float) -> float:
    """A number as the save writes it: six decimals, and never ``-0.0``."""
    return round(value, 6) + 0.0


def tile_scale(width_mm: float, depth_mm: float) -> tuple[float, float, float]:
    """The scale of a tile ``width_mm`` wide and ``depth_mm`` deep as it reads upright (its thickness is its own,
    so its y scale stays 1)."""
    return (units(width_mm) / TILE_SPAN, 1.0, units(depth_mm) / TILE_SPAN)


def figure_scale(height_mm: float) -> tuple[float, float, float]:
    """The (uniform) scale of a figurine standing ``height_mm`` tall."""
    s = units(height_mm) / TILE_SPAN
    return (s, s, s)


def art_to_local(size_mm: tuple[float, float], x_mm: float, y_mm: float) -> tuple[float, float]:
    """The object's own coordinates (between -1 and 1) of the point (x_mm, y_mm) of its art, millimetres from the
    art's top-left corner, y down the picture: read upright, the art's x runs along the object's -x and its y
    along its +z (so that at a turn of :data:`UPRIGHT` the picture's top lies away from the near player)."""
    w, h = size_mm
    half = TILE_SPAN / 2
    return -(x_mm - w / 2) / (w / 2) * half, (y_mm - h / 2) / (h / 2) * half
