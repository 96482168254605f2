"""Any game's rule example drawn by the neutral renderer, from what its engine says alone.

The example is loaded, checked and played through the game's engine
(:mod:`.examples`); the engine gives the pieces (``piece_views``), the marks
of the last action (``action_marks``), the cards it plays (``aside_views``,
found in the game's decks) and its verdict, and
:func:`generator.render.diagram.render_diagram` draws them. This is the
diagram of every game whose plug-in has no ``diagram`` hook of its own.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import SpecError
from ..model.game import Game
from ..play.registry import load_components
from ..render.diagram import Aside, Panel, Scene, render_diagram
from ..model.yamlsource import Document
from .hooks import FigureArt
from ..play.contract import GameRules, Outcome
from ..play.examples import ExampleRun, check_rule_example, load_rule_example, run_rule_example
from ..play.registry import decks_for, rules_for, variant_rules
from ..play.views import AsideView, DiagramMark


def _panel(rules: GameRules[Any, Any], state: Any, marks: tuple[DiagramMark, ...] = (), heading: str = "") -> Panel:
    return Panel(rules.piece_views(state), marks, rules.cell_labels(state), heading)


def _outcome_text(game: Game, rules: GameRules[Any, Any], outcome: Outcome[Any] | None) -> str:
    """How the game stands after the action, when it has ended: who won, or a draw."""
    result = rules.result(outcome.state) if outcome is not None else None
    if outcome is None or result is None:
        return ""
    said = rules.result_text(outcome.state)  # the game's own words, when it has them
    if said:
        return said
    if result.draw:
        return "The game ends in a draw."
    names = {p.id: p.name for p in game.players}
    return f"{' and '.join(names.get(w, w) for w in result.winners)} wins ({result.reason.replace('-', ' ')})."


def card_asides(game: Game, views: list[AsideView], doc: Document) -> tuple[Aside, ...]:
    """The cards an engine names beside a diagram, found in the game's decks and coloured by the book's theme.

    A deck or card the game does not print raises a SpecError located at the actions of the example ``doc``.
    """
    if not views:
        return ()
    decks = {d.id: d for d in decks_for(game)}
    components = load_components(game)
    theme = game.theme_for("book")
    palette = components.palette(theme) if components else dict(theme.colours)
    asides = []
    for view in views:
        deck = decks.get(view.deck)
        if deck is None or not 0 <= view.card < len(deck.cards):
            what = f"card {view.card} of deck '{view.deck}'" if deck else f"deck '{view.deck}'"
            raise SpecError([doc.problem(("actions",), f"the engine shows {what} beside the diagram, and the game "
                                         f"prints no such card (decks: {', '.join(decks) or 'none'})",
                                         "make the engine's aside_views name a printed deck and card")])
        asides.append(Aside(deck.cards[view.card], deck, palette, view.caption))
    return tuple(asides)


def _aside_views(run: ExampleRun) -> list[AsideView]:
    """What every action of the example puts down beside the board (the cards it plays), in the order played."""
    rules, actions = run.example.engine, run.example.actions
    views: list[AsideView] = []
    for n, state in enumerate(run.states[:len(actions)]):
        views += rules.aside_views(state, actions[n], run.outcomes[n] if n < len(run.outcomes) else None)
    return views


def example_scene(game: Game, run: ExampleRun, captioned: bool) -> Scene:
    """What to draw of a played example: the position before its last action with the engine's marks, and
    beside it the cards its actions play.

    An example that claims a ``result`` gets a second panel: the position
    after the action, with the marks whose role is ``result`` (the first
    panel keeps the others).
    """
    example, rules = run.example, run.example.engine
    title, caption = (example.title, example.caption) if captioned else ("", "")
    if not example.actions:
        marks = tuple(rules.focus_marks(run.states[0], example.focus)) if example.focus else ()
        return Scene(example.id, example.view, (_panel(rules, run.states[0], marks),), title, caption)
    verdict = run.verdict
    assert verdict is not None
    legal = bool(verdict)
    before = run.states[-2] if legal else run.states[-1]
    outcome = run.outcomes[-1] if legal else None
    action = example.actions[len(run.outcomes) - 1 if legal else len(run.outcomes)]
    marks = tuple(rules.action_marks(before, action, outcome, verdict))
    panels: tuple[Panel, ...] = (_panel(rules, before, marks),)
    if outcome is not None and example.result:
        action_only = tuple(m for m in marks if m.role != "result")
        after = tuple(m for m in marks if m.role == "result")
        panels = (_panel(rules, before, action_only, "Before"), _panel(rules, outcome.state, after, "After"))
    asides = card_asides(game, _aside_views(run), example.doc)
    return Scene(example.id, example.view, panels, title, caption, verdict, _outcome_text(game, rules, outcome),
                 asides)


def draw_rule_example(game: Game, path: Path, captioned: bool) -> FigureArt:
    """The diagram of the rule example in ``path``; a claim the engine disputes raises a located SpecError."""
    example = load_rule_example(path, rules_for(game), game.board.grid, variant_rules(game))
    problems = check_rule_example(example)
    if problems:
        raise SpecError(problems)
    scene = example_scene(game, run_rule_example(example), captioned)
    return FigureArt(render_diagram(game, game.theme_for("book"), scene), example.caption, example.title)
