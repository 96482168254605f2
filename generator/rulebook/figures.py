"""The figures a rulebook template can name: the book's own pictures, and the rule examples of the game.

``figure("board-map")`` in a template names a built-in picture (see
:data:`BUILT_IN`, plus ``pattern-all-<side id>`` for each side and
``components`` when the game has a components spec); any other id names a rule example,
``specs/<game>/examples/<id>.yaml``, drawn by :mod:`generator.games.dravakron.diagrams`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Callable


from ..errors import UserError
from ..game import Game
from ..pieces import load_components
from ..theme import Theme
from . import art
from .facts import BookFacts, Side
from .overlay import Art, ArtCache, Placement, art_from_svg, place_art

#: Board square size (mm) the book's board pictures are drawn at; the layout scales them to the page.
BOARD_CELL_MM = 10.0
#: Square size of the close-ups, printed at natural size.
CLOSE_UP_CELL_MM = 9.0
#: Square size of the movement and reach patterns.
PATTERN_CELL_MM = 6.0
#: Square size of the patterns on the player aid.
AID_PATTERN_CELL_MM = 3.3


@dataclass(frozen=True)
class FigureArt:
    """A figure's picture (an SVG document sized in mm) and the title and caption it brings along ('' if none)."""

    svg: str
    caption: str = ""
    title: str = ""


def _around(game: Game, squares: list[str], margin: int) -> tuple[str, str]:
    """Corner squares of the smallest rectangle holding ``squares``, grown by ``margin`` and kept on the board."""
    grid = game.board.grid
    coords = [grid.coords(s) for s in squares]
    cols = [c for c, _ in coords if c]  # type: ignore[misc]
    rows = [r for _, r in coords if r]  # type: ignore[misc]
    size = grid.size()
    low_c, high_c = max(1, min(cols) - margin), min(int(size[0]), max(cols) + margin)
    low_r, high_r = max(1, min(rows) - margin), min(int(size[1]), max(rows) + margin)
    return grid.name(low_c, low_r), grid.name(high_c, high_r)


def _zone(kind: str) -> Callable[["Figures"], FigureArt]:
    def draw(figures: Figures) -> FigureArt:
        game, facts = figures.game, figures.facts
        side = facts.first
        squares = {
            "home": list(side.home) + [side.start],
            "flag": [side.flag, *side.ring],
            "weapons": list(facts.weapon_area),
        }[kind]
        a, b = _around(game, squares, 1)
        return FigureArt(art.close_up(game, figures.theme, CLOSE_UP_CELL_MM, a, b))
    return draw


#: Built-in figure ids and how each is drawn.
BUILT_IN: dict[str, Callable[["Figures"], FigureArt]] = {
    "board-map": lambda f: FigureArt(art.board_map(f.game, f.theme, BOARD_CELL_MM)),
    "gate-map": lambda f: FigureArt(art.gate_map(f.game, f.theme, BOARD_CELL_MM)),
    "zone-home": _zone("home"),
    "zone-flag": _zone("flag"),
    "zone-weapons": _zone("weapons"),
    "pattern-moves": lambda f: FigureArt(art.patterns(("step", "merged", "transport"), f.facts, f.theme,
                                                      PATTERN_CELL_MM)),
    "pattern-weapons": lambda f: FigureArt(art.patterns(("weapon",), f.facts, f.theme, PATTERN_CELL_MM)),
}


def _all_patterns(side: Side) -> Callable[["Figures"], FigureArt]:
    """Every movement and reach pattern in a row, with ``side``'s piece in the middle (for the player aid)."""
    def draw(figures: Figures) -> FigureArt:
        kinds = ("step", "merged", "transport", "weapon")
        return FigureArt(art.patterns(kinds, figures.facts, figures.theme, AID_PATTERN_CELL_MM, gap=4.0, side=side))
    return draw


class Figures:
    """Finds and draws the figures of one game's rulebook, each once."""

    def __init__(self, game: Game, facts: BookFacts, theme: Theme):
        self.game, self.facts, self.theme = game, facts, theme
        self.built_in = dict(BUILT_IN)
        kit = load_components(game)
        if kit is not None:
            self.built_in["components"] = lambda f: FigureArt(art.components(f.game, f.theme, kit))
        for side in facts.sides:
            self.built_in[f"pattern-all-{side.id}"] = _all_patterns(side)
        self._drawn: dict[str, FigureArt] = {}
        self._arts: dict[str, Art] = {}
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

    def known(self) -> list[str]:
        """Every figure id a template may use: built-in ones, then the game's examples."""
        folder = self.examples_dir
        examples = sorted(p.stem for p in folder.glob("*.yaml")) if folder and folder.is_dir() else []
        return list(self.built_in) + examples

    def exists(self, fig_id: str) -> bool:
        """True when ``fig_id`` is a built-in figure or an example file of the game."""
        return fig_id in self.built_in or self.example_path(fig_id) is not None

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
            self._arts[key] = art_from_svg(key, art.square_sample(self.game, self.theme, CLOSE_UP_CELL_MM, square))
        return self._arts[key]

    def place(self, document: bytes, placements: list[Placement]) -> bytes:
        """Lay the pictures noted during layout onto the finished pages."""
        return place_art(document, placements, self._arts, self.cache)

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
            self._drawn[fig_id] = maker(self) if maker else self._example(fig_id)
        return self._drawn[fig_id]

    @cached_property
    def _rules(self):  # type: ignore[no-untyped-def]
        from ..rules import Rules

        return Rules.for_game(self.game)

    def _example(self, fig_id: str) -> FigureArt:
        from ..diagrams.build import example_svg
        from ..examples import load_example

        path = self.example_path(fig_id)
        if path is None:
            raise UserError(self.missing(fig_id))
        example = load_example(path, self.game, self._rules)
        return FigureArt(example_svg(self.game, example, self._rules, captioned=False), example.caption,
                         example.title)
