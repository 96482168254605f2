"""What a game lays on the table before the first turn: its components as printed, and where each one goes.

A game's plug-in says it with ``GamePlugin.table`` (a function of the loaded
game and a seed that returns a :class:`TableSetup`), reading its engine's
opening position, so the table is set up as the rules set it up. A game
without one gets :func:`plain_setup`: its components, decks and mats, with
nothing placed. Whatever the set-up leaves (the spares, a supply, a piece
whose place is the players' choice) goes into a bag labelled with its name.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Mapping, Sequence

from ..errors import UserError
from ..play.registry import decks_for, load_components, plugin_for

if TYPE_CHECKING:
    from ..model.cards import Deck
    from ..model.game import Game
    from ..model.mats import Mat
    from ..model.pieces import Components


@dataclass(frozen=True)
class Placed:
    """One printed piece laid out at set-up: its component id (as the punch sheets print it), the compass facing
    its picture's top points to (``n`` is the board's far edge; None for a piece that faces no way), and whether
    it lies face down."""

    component: str
    facing: str | None = None
    face_down: bool = False


@dataclass(frozen=True)
class TableSetup:
    """A game's components as printed and the set-up of its table.

    ``cells`` maps board cells to the pieces on them, bottom to top;
    ``spaces`` maps (mat id, space id) to the pieces lying on that space of a
    mat; ``decks_on`` puts each deck, shuffled and face down, on a space of a
    mat (mat id, space id); ``bags_on`` puts the bag of a component's pieces
    left over on a space of a mat; ``beside`` lists pieces laid beside the
    board, face up (a round marker). ``mats`` are in seat order: the first lies
    before the first player, the second across the board.
    """

    components: Components
    decks: Sequence[Deck] = ()
    mats: Sequence[Mat] = ()
    cells: Mapping[str, tuple[Placed, ...]] = field(default_factory=dict)
    spaces: Mapping[tuple[str, str], tuple[Placed, ...]] = field(default_factory=dict)
    decks_on: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    bags_on: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    beside: tuple[Placed, ...] = ()

    def placed(self) -> Counter[str]:
        """How many of each component the set-up lays out (on cells, on mats and beside the board)."""
        laid = [p for stack in self.cells.values() for p in stack]
        laid += [p for stack in self.spaces.values() for p in stack] + list(self.beside)
        return Counter(p.component for p in laid)

    def left_over(self) -> dict[str, int]:
        """How many of each component go into its bag: the copies printed less those laid out (spares included).

        Raises :class:`UserError` when the set-up lays out more of a component than the punch sheets print,
        or one they do not print.
        """
        copies = {c.id: self.components.copies(c) for c in self.components.components}
        for ident, count in sorted(self.placed().items()):
            if count > copies.get(ident, 0):
                raise UserError(f"the set-up lays out {count} of component '{ident}', but the punch sheets print "
                                f"{copies.get(ident, 0)}; print more in components.yaml")
        return {ident: n - self.placed()[ident] for ident, n in copies.items() if n > self.placed()[ident]}


def plain_setup(game: Game) -> TableSetup:
    """The set-up of a game whose plug-in lays nothing out: its pieces, decks and mats, each in a bag or beside."""
    components = load_components(game)
    if components is None:
        raise UserError(f"{game.title} has no components spec, so there is nothing to put on the table; add "
                        "components.yaml and name it under files: in game.yaml")
    return TableSetup(components, tuple(decks_for(game)), tuple(components.mats))


def table_setup(game: Game, seed: int) -> TableSetup:
    """The table's set-up as the game's plug-in lays it out (``seed`` shuffles what the rules shuffle)."""
    made = plugin_for(game).table
    if made is None:
        return plain_setup(game)
    setup = made(game, seed)
    if not isinstance(setup, TableSetup):
        raise TypeError(f"the table of '{game.id}' is a {type(setup).__name__}, not a TableSetup")
    return setup
