"""The figures a rulebook template can name: the game's built-in pictures and its rule examples.

``figure("board-map")`` in a template names a picture the game's book hooks
draw (:attr:`~.hooks.BookHooks.figures`); any other id names a rule example,
``specs/<game>/examples/<id>.yaml``, drawn by the game's hooks too.
"""
from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path

import pikepdf

from ..errors import UserError
from ..model.game import Game
from ..play.examples import shown_in_books
from ..model.yamlsource import load_document
from .hooks import BookHooks, FigureArt
from .overlay import Art, ArtCache, Placement, art_from_svg, art_placed, place_art


@dataclass(frozen=True)
class Drawn:
    """A picture drawn and converted in one process, handed to the books made in another: the figure as the hooks
    drew it (None for a swatch), its art and its one-page PDF."""

    figure: FigureArt | None
    art: Art
    pdf: bytes


class Figures:
    """Finds and draws the figures of one game's rulebook, each once."""

    def __init__(self, game: Game, hooks: BookHooks):
        self.game, self.hooks, self.facts = game, hooks, hooks.facts
        self.built_in = hooks.figures
        self._drawn: dict[str, FigureArt] = {}
        self._arts: dict[str, Art] = {}
        self._sections: dict[str, list[str]] | None = None
        self.cache = ArtCache()

    @property
    def examples_dir(self) -> Path | None:
        """The game's folder of rule examples, if the game names one."""
        return self.game.path("examples")

    def example_path(self, fig_id: str) -> Path | None:
        """The example file for ``fig_id``, if it exists."""
        folder = self.examples_dir
        if folder is None:
            return None
        path = folder / f"{fig_id}.yaml"
        return path if path.is_file() else None

    def examples(self) -> list[Path]:
        """The game's rule example files, in file-name order."""
        folder = self.examples_dir
        return sorted(folder.glob("*.yaml")) if folder and folder.is_dir() else []

    def sections(self) -> dict[str, list[str]]:
        """The rule examples by the book section each names (``section:``), each list in file-name order."""
        if self._sections is None:
            found: dict[str, list[str]] = {}
            for path in self.examples():
                data = load_document(path).data
                section = data.get("section") if isinstance(data, dict) else None
                found.setdefault(str(section or ""), []).append(path.stem)
            self._sections = found
        return self._sections

    def known(self) -> list[str]:
        """Every figure id a template may use: built-in ones, then the game's examples."""
        return list(self.built_in) + [p.stem for p in self.examples()]

    def exists(self, fig_id: str) -> bool:
        """True when ``fig_id`` is a built-in figure or an example file of the game."""
        return fig_id in self.built_in or self.example_path(fig_id) is not None

    def shown(self, fig_id: str) -> bool:
        """False for a rule example the books leave out, as this game's options or board change what it shows
        (:func:`generator.play.examples.shown_in_books`); True for every other figure."""
        path = None if fig_id in self.built_in else self.example_path(fig_id)
        return path is None or shown_in_books(self.game, path)

    def drawing(self, fig_id: str) -> Art:
        """A figure's picture with its size (drawn once, reused by every book built from here)."""
        key = f"figure {fig_id}"
        if key not in self._arts:
            self._arts[key] = art_from_svg(key, self.art(fig_id).svg)
        return self._arts[key]

    def swatch(self, square: str) -> Art:
        """A sample of one board square as the board draws it (for legend tables)."""
        key = f"swatch {square}"
        if key not in self._arts:
            self._arts[key] = art_from_svg(key, self.hooks.swatch(square))
        return self._arts[key]

    def prepare(self, keys: list[str]) -> dict[str, Drawn]:
        """Draw and convert the pictures named by art keys (``figure <id>``, ``swatch <square>``, as
        :func:`.compose.art_keys` lists them), for :meth:`adopt` in another process."""
        drawn = {}
        for key in keys:
            kind, _, name = key.partition(" ")
            art = self.drawing(name) if kind == "figure" else self.swatch(name)
            drawn[key] = Drawn(self.art(name) if kind == "figure" else None, art, self.cache.pdf(art))
        return drawn

    def adopt(self, drawn: dict[str, Drawn]) -> None:
        """Take pictures another process drew and converted (:meth:`prepare`), so that the books made here draw
        them no more; a picture drawn here already is kept."""
        for key, picture in drawn.items():
            kind, _, name = key.partition(" ")
            if picture.figure is not None:
                self._drawn.setdefault(name, picture.figure)
            self._arts.setdefault(key, picture.art)
            self.cache.adopt(key, picture.pdf)

    def place(self, document: bytes, placements: list[Placement]) -> bytes:
        """Lay the pictures noted during layout onto the finished pages."""
        return place_art(document, placements, self._arts, self.cache)

    def placed(self, document: bytes, placements: list[Placement]) -> AbstractContextManager[pikepdf.Pdf]:
        """The finished pages opened with the pictures laid on them, for a block that writes them once."""
        return art_placed(document, placements, self._arts, self.cache)

    def missing(self, fig_id: str) -> str:
        """The message for a figure id that names nothing."""
        folder = self.examples_dir
        where = f"no rule example {folder / (fig_id + '.yaml')}" if folder else "the game has no examples folder"
        return f"figure '{fig_id}' does not exist: it is not a built-in figure and there is {where}"

    def art(self, fig_id: str) -> FigureArt:
        """The picture of a figure, drawn on first use.

        Raises :class:`UserError` for an unknown id and
        :class:`~generator.errors.SpecError` for an example the rules model disputes.
        """
        if fig_id not in self._drawn:
            maker = self.built_in.get(fig_id)
            if maker is not None:
                self._drawn[fig_id] = maker()
            else:
                path = self.example_path(fig_id)
                if path is None:
                    raise UserError(self.missing(fig_id))
                self._drawn[fig_id] = self.hooks.example(path)
        return self._drawn[fig_id]
