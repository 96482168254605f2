"""The game state: pieces on squares, items and where they are, whose turn it is, the winner.

States are immutable values. The dictionaries inside a :class:`State` are
never changed after the state is made: the engine copies them to build the
next state, so old states stay valid (playthroughs, undo, search).
"""
from __future__ import annotations

from typing import Mapping, NamedTuple

from .tables import RESTRICTED, BoardTables


class Piece(NamedTuple):
    """What stands on one square: one piece, or two merged pieces of the same player.

    ``item`` is what the piece carries; on a frozen piece it is the activated
    freeze token (the Elvindra that froze it).
    """

    owner: str
    merged: bool = False
    frozen: bool = False
    item: str | None = None

    @property
    def count(self) -> int:  # type: ignore[override]  # a piece count, not tuple.count
        """How many playing pieces this stack is (1, or 2 when merged)."""
        return 2 if self.merged else 1

    @property
    def free_hands(self) -> bool:
        """True when the piece can take an item: single, not frozen, carrying nothing."""
        return not self.merged and not self.frozen and self.item is None


class State(NamedTuple):
    """A position of the game.

    ``pieces`` maps squares (the starting points included) to what stands
    there; ``lying`` maps squares to flags thrown there; ``stored`` holds
    the items resting at their origin (storage or flag square); ``home``
    counts each player's pieces waiting in the home base. During set-up,
    ``setup`` lists the players who have still to decide on their free
    drop and the first of them acts; afterwards ``to_move`` acts.
    """

    pieces: Mapping[str, Piece]
    lying: Mapping[str, str]
    stored: frozenset[str]
    home: Mapping[str, int]
    to_move: str
    setup: tuple[str, ...] = ()
    winner: str | None = None
    win_reason: str | None = None
    ply: int = 0

    @property
    def actor(self) -> str:
        """The player who acts next (the one deciding the free drop during set-up)."""
        return self.setup[0] if self.setup else self.to_move

    @property
    def over(self) -> bool:
        """True once somebody has won."""
        return self.winner is not None


#: Ways a game is won, as reported in ``State.win_reason``.
WIN_REASONS = ("flag-home", "siege", "elimination", "time")


def new_game(tables: BoardTables, first: str | None = None, setup: bool = True) -> State:
    """The opening position: every piece at home, every item at its origin.

    With ``setup`` both players first decide, in player order, whether to
    place a piece on their starting point for free; then ``first`` (by default
    the first player of the spec) makes the first move.
    """
    first = first or tables.players[0]
    if first not in tables.players:
        raise ValueError(f"unknown player '{first}'")
    return State(pieces={}, lying={}, stored=frozenset(tables.origin), home={p: tables.pieces_per_player
                                                                              for p in tables.players},
                 to_move=first, setup=tables.players if setup else ())


def parse_piece(text: str, tables: BoardTables) -> Piece:
    """Read a piece description: ``"<player> [merged] [frozen [<freeze item>]] [carrying <item>]"``.

    Examples: ``"red"``, ``"black merged"``, ``"red carrying zagmora-1"``,
    ``"black frozen elvindra-2"`` (a bare ``frozen`` is given the first freeze
    token not otherwise placed when the state is built).
    """
    words = text.split()
    if not words or words[0] not in tables.players:
        raise ValueError(f"'{text}': a piece description starts with a player ({', '.join(tables.players)})")
    owner, merged, frozen, item = words[0], False, False, None
    rest = words[1:]
    while rest:
        word = rest.pop(0)
        if word == "merged":
            merged = True
        elif word == "frozen":
            frozen = True
            if rest and rest[0] in tables.item_kind:
                item = rest.pop(0)
        elif word == "carrying" and rest:
            item = rest.pop(0)
        else:
            raise ValueError(f"'{text}': cannot read '{word}' (expected merged, frozen or carrying <item>)")
    return Piece(owner, merged, frozen, item)


def build_state(tables: BoardTables, pieces: Mapping[str, str | Piece], *, lying: Mapping[str, str] | None = None,
                to_move: str | None = None, home: Mapping[str, int] | None = None,
                setup: tuple[str, ...] = (), winner: str | None = None, win_reason: str | None = None) -> State:
    """A state from a description: pieces by square, thrown flags by square, player to move.

    Items not carried, not lying and not serving as a freeze token rest at
    their origin. Home counts default to whatever the board leaves over.
    Raises ValueError for descriptions that cannot happen in a game (an item
    in two places, a piece on a restricted square other than a starting
    point, more pieces than a player owns ...).
    """
    placed: dict[str, Piece] = {}
    used: set[str] = set()
    for square, spec in pieces.items():
        piece = parse_piece(spec, tables) if isinstance(spec, str) else spec
        if square not in tables.kind:
            raise ValueError(f"{square} is not on the board")
        kind = tables.kind[square]
        if kind in RESTRICTED and square != tables.start[piece.owner]:
            raise ValueError(f"{square}: pieces cannot stand on {tables.describe_square(square)}")
        if kind == "gate":
            raise ValueError(f"{square}: pieces never stay on a main gate")
        placed[square] = piece
    for square, piece in placed.items():
        if piece.frozen and piece.item is None:
            token = next((i for i in tables.item_kind if tables.item_kind[i] == "freeze"
                          and i not in used and all(p.item != i for p in placed.values())), None)
            if token is None:
                raise ValueError(f"{square}: no freeze token left to mark the frozen piece")
            piece = placed[square] = piece._replace(item=token)
        _check_piece(square, piece, tables)
        if piece.item is not None:
            if piece.item in used:
                raise ValueError(f"{piece.item} is placed twice")
            used.add(piece.item)
    lying = dict(lying or {})
    for square, flag in lying.items():
        if tables.item_kind.get(flag) != "flag":
            raise ValueError(f"{square}: only flags lie on squares, not '{flag}'")
        if square in placed or tables.kind.get(square) not in ("plain", "landing"):
            raise ValueError(f"{square}: a thrown flag lies only on an empty plain or landing square")
        if flag in used:
            raise ValueError(f"{flag} is placed twice")
        used.add(flag)
    counts = {p: sum(x.count for x in placed.values() if x.owner == p) for p in tables.players}
    home = dict(home) if home is not None else {p: tables.pieces_per_player - counts[p] for p in tables.players}
    for player in tables.players:
        if home[player] < 0 or home[player] + counts[player] != tables.pieces_per_player:
            raise ValueError(f"{player} must have {tables.pieces_per_player} pieces in all, "
                             f"found {counts[player]} on the board and {home[player]} at home")
    return State(pieces=placed, lying=lying, stored=frozenset(i for i in tables.origin if i not in used),
                 home=home, to_move=to_move or tables.players[0], setup=tuple(setup),
                 winner=winner, win_reason=win_reason)


def _check_piece(square: str, piece: Piece, tables: BoardTables) -> None:
    if piece.merged and (piece.frozen or piece.item is not None):
        raise ValueError(f"{square}: merged pieces carry nothing and are never frozen")
    if piece.item is not None and piece.item not in tables.item_kind:
        raise ValueError(f"{square}: unknown item '{piece.item}'")
    if piece.frozen and (piece.item is None or tables.item_kind[piece.item] != "freeze"):
        raise ValueError(f"{square}: a frozen piece carries the freeze token that froze it")
    if square == tables.start[piece.owner] and (piece.frozen or piece.item is not None):
        raise ValueError(f"{square}: pieces on the starting point carry nothing and cannot be frozen")


def describe_piece(piece: Piece) -> str:
    """The description :func:`parse_piece` reads back, e.g. ``"red carrying zagmora-1"``."""
    words = [piece.owner]
    if piece.merged:
        words.append("merged")
    if piece.frozen:
        words += ["frozen", piece.item or ""]
    elif piece.item:
        words += ["carrying", piece.item]
    return " ".join(words)


def item_place(state: State, item: str) -> tuple[str, str | None]:
    """Where an item is: ('stored', None), ('carried', sq), ('token', sq) or ('lying', sq)."""
    if item in state.stored:
        return "stored", None
    for square, piece in state.pieces.items():
        if piece.item == item:
            return ("token" if piece.frozen else "carried"), square
    for square, flag in state.lying.items():
        if flag == item:
            return "lying", square
    raise LookupError(f"{item} is nowhere")
