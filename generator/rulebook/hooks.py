"""What a game gives the shared typesetter: its facts, its figures and how to draw its rule examples.

A game's plug-in builds one :class:`BookHooks` per loaded game and theme
(``GamePlugin.book``); the typesetter (:mod:`.book`, :mod:`.aid`,
:mod:`.compose`) knows nothing else of the game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence


@dataclass(frozen=True)
class FigureArt:
    """A figure's picture (an SVG document sized in mm) and the title and caption it brings along ('' if none)."""

    svg: str
    caption: str = ""
    title: str = ""


class BookIdentity(Protocol):
    """The least a game's book facts must say: title, designer, and the sides (one player-aid part each)."""

    @property
    def title(self) -> str: ...

    @property
    def designer(self) -> str: ...

    @property
    def sides(self) -> Sequence[Any]: ...


@dataclass(frozen=True)
class Identity:
    """Title, designer and sides of a game whose plug-in gives no book facts of its own."""

    title: str
    designer: str
    sides: Sequence[Any] = ()


@dataclass
class BookHooks:
    """A game's part of its rulebook.

    ``facts`` is what templates print (see :class:`BookIdentity`); ``context``
    the other names templates see; ``figures`` the built-in pictures by id;
    ``example`` draws the rule example of a file; ``swatch`` draws one board
    cell for legend tables.
    """

    facts: BookIdentity
    context: dict[str, Any]
    figures: dict[str, Callable[[], FigureArt]]
    example: Callable[[Path], FigureArt]
    swatch: Callable[[str], str]
    sides: Sequence[Any] = field(default_factory=tuple)


def no_pictures(title: str, designer: str) -> BookHooks:
    """Hooks for a document with text only (the print guide): no figures, no examples, no swatches."""
    def refuse(what: str) -> FigureArt:
        raise LookupError(f"this document has no pictures ({what})")

    return BookHooks(Identity(title, designer), {}, {}, lambda path: refuse(str(path)),
                     lambda cell: refuse(cell).svg)
