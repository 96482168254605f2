"""Any game's rule example drawn by the neutral renderer, from what its engine says alone.

The example is loaded, checked and played through the game's engine
(:mod:`.examples`); the engine gives the pieces (``piece_views``), the marks
of the last action (``action_marks``) and its verdict, and
:func:`generator.render.diagram.render_diagram` draws them. This is the
diagram of every game whose plug-in has no ``diagram`` hook of its own.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import SpecError
from ..game import Game
from ..render.diagram import Panel, Scene, render_diagram
from ..rulebook.hooks import FigureArt
from .contract import GameRules, Outcome
from .examples import ExampleRun, check_rule_example, load_rule_example, run_rule_example
from .registry import rules_for, variant_rules
from .views import DiagramMark


def _panel(rules: GameRules[Any, Any], state: Any, marks: tuple[DiagramMark, ...] = (), heading: str = "") -> Panel:
    return Panel(rules.piece_views(state), marks, rules.cell_labels(state), heading)


def _outcome_text(game: Game, rules: GameRules[Any, Any], outcome: Outcome[Any] | None) -> str:
    """How the game stands after the action, when it has ended: who won, or a draw."""
    result = rules.result(outcome.state) if outcome is not None else None
    if result is None:
        return ""
    if result.draw:
        return "The game ends in a draw."
    names = {p.id: p.name for p in game.players}
    return f"{' and '.join(names.get(w, w) for w in result.winners)} wins ({result.reason.replace('-', ' ')})."


def example_scene(game: Game, run: ExampleRun, captioned: bool) -> Scene:
    """What to draw of a played example: the position before its last action with the engine's marks.

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
    return Scene(example.id, example.view, panels, title, caption, verdict, _outcome_text(game, rules, outcome))


def draw_rule_example(game: Game, path: Path, captioned: bool) -> FigureArt:
    """The diagram of the rule example in ``path``; a claim the engine disputes raises a located SpecError."""
    example = load_rule_example(path, rules_for(game), game.board.grid, variant_rules(game))
    problems = check_rule_example(example)
    if problems:
        raise SpecError(problems)
    scene = example_scene(game, run_rule_example(example), captioned)
    return FigureArt(render_diagram(game, game.theme_for("book"), scene), example.caption, example.title)
