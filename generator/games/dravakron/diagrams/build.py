"""Dravakron's rule-example diagrams: an example checked, played and drawn to SVG."""
from __future__ import annotations

from pathlib import Path

from ....errors import SpecError
from ....game import Game
from ....rulebook.hooks import FigureArt
from ..examples import Example, check_example, load_example, run_example
from ..rules import Rules
from .draw import diagram_svg
from .marks import compute_marks


def example_svg(game: Game, example: Example, rules: Rules, captioned: bool = True) -> str:
    """The SVG of one checked example; a claim the engine disputes raises :class:`SpecError`."""
    problems = check_example(example, rules)
    if problems:
        raise SpecError(problems)
    run = run_example(example, rules)
    return diagram_svg(game, run, compute_marks(run, rules), game.theme_for("book"), captioned)


def draw_example(game: Game, path: Path, captioned: bool) -> FigureArt:
    """The diagram of the example in ``path``, with its title and caption (the plug-in's ``diagram``)."""
    rules = _rules(game)
    example = load_example(path, game, rules)
    return FigureArt(example_svg(game, example, rules, captioned), example.caption, example.title)


_ENGINES: dict[int, Rules] = {}


def _rules(game: Game) -> Rules:
    """One engine per loaded game, shared by every diagram drawn from it."""
    if id(game) not in _ENGINES:
        _ENGINES.clear()
        _ENGINES[id(game)] = Rules.for_game(game)
    return _ENGINES[id(game)]
