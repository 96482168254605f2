"""Neutral views of positions and actions: what a diagram draws, with no rule knowledge.

An engine turns its state into :class:`PieceView` values per cell and an
action into :class:`DiagramMark` values; one renderer draws both on any grid.
Components an action uses off the board (the card played, the defence played
in reply) are :class:`AsideView` values, drawn beside the board.
"""
from __future__ import annotations

from dataclasses import dataclass

#: Shapes a piece may be drawn as.
PIECE_SHAPES = ("disc", "square", "hex", "figure")
#: Kinds of mark a diagram may carry.
MARK_KINDS = ("path", "arrow", "dot", "ring", "cross", "label", "highlight", "line")
#: What a mark means, so that the legend and the colours are shared: a move, a capture, a refusal...
MARK_ROLES = ("move", "capture", "push", "reach", "blocked", "result", "choice", "info")
#: The eight compass facings a piece may have (None for pieces without a facing).
FACINGS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")


@dataclass(frozen=True)
class PieceView:
    """One piece as a diagram shows it.

    ``owner`` is a player id (or ``None`` for neutral or face-down pieces);
    ``component`` the id of the printed piece it is in the components spec (the owner's pieces when left
    out): a diagram draws it in that piece's shape and colour; ``shape`` (one of :data:`PIECE_SHAPES`), when
    given, draws it in that shape instead (left out: as printed, or a disc); ``height`` how many tokens stand
    in the stack; ``facing`` one of :data:`FACINGS`; ``badge`` a short text
    printed on the piece (a glyph, a letter); ``carried`` an item drawn
    beside it; ``marked`` a state worth a ring (stunned, enchanted, held).
    """

    owner: str | None
    shape: str = ""
    height: int = 1
    facing: str | None = None
    face_down: bool = False
    badge: str = ""
    carried: str = ""
    marked: str = ""
    colour: str = ""
    component: str = ""


@dataclass(frozen=True)
class DiagramMark:
    """A mark on a diagram: ``kind`` from :data:`MARK_KINDS`, ``role`` from :data:`MARK_ROLES`.

    ``cells`` are the cells it concerns, in order (a path runs through them,
    an arrow goes from the first to the last); ``text`` labels it.
    """

    kind: str
    cells: tuple[str, ...]
    role: str = "move"
    text: str = ""


@dataclass(frozen=True)
class AsideView:
    """A component drawn beside the board of a diagram: one card of a deck, as printed, with a short caption.

    ``deck`` is the deck's id and ``card`` the position (from 0) of the card's
    entry in that deck's list of cards; ``caption`` says what it does in the
    example ('played', 'defence').
    """

    deck: str
    card: int
    caption: str = ""
