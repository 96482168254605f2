"""Rule examples: small YAML files that set up a position, show actions and claim what the rules say.

An example is checked against the rules model: a claim the engine disputes
is a located :class:`~generator.errors.Problem`. Diagrams draw what the
engine computes for the example, never what the author typed as an arrow.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...errors import Problem, SpecError
from ...game import Game
from ...play.diagram_files import example_files
from ...play.examples import RuleExample, check_rule_example, load_rule_example
from ...validate import did_you_mean
from ...yamlsource import Document
from .rules import Action, Outcome, Rules, State, Verdict

#: Overlays a diagram can draw.
OVERLAYS = ("moves", "destinations", "reach", "result", "steps")
#: Action kinds after which the moving piece's legal destinations are worth drawing.
MOVING_KINDS = ("step", "merged-move", "rapid-transport", "merge", "unmerge", "unmerge-merge")


@dataclass
class Example:
    """A loaded rule example, with its starting state and parsed actions."""

    id: str
    doc: Document
    title: str
    caption: str
    section: str
    view: str
    state: State
    actions: list[Action]
    expect: str | None  # 'legal', a reason code, or None when the example shows a position only
    result: dict[str, Any]
    overlays: tuple[str, ...]
    focus: str | None


@dataclass
class Run:
    """An example played through the engine: the state before each action, outcomes and the last verdict."""

    example: Example
    states: list[State] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)
    verdict: Verdict | None = None

    @property
    def before_last(self) -> State:
        """The position in which the last action is taken (the first state if there are no actions)."""
        return self.states[-1]

    @property
    def final(self) -> State:
        """The position after every legal action."""
        return self.outcomes[-1].state if self.outcomes and self.verdict and self.verdict.legal \
            else self.states[-1]


def load_example(path: Path, game: Game, rules: Rules) -> Example:
    """Read and check one example through the shared loader (:mod:`generator.play.examples`)."""
    from .contract_rules import DravakronRules

    loaded = load_rule_example(path, DravakronRules(rules), game.board.grid)
    data = loaded.doc.data
    overlays = data.get("overlays", default_overlays(loaded.actions))
    unknown = [o for o in overlays if o not in OVERLAYS]
    if unknown:
        raise SpecError([loaded.doc.problem(("overlays",), f"unknown overlay '{unknown[0]}'",
                                            did_you_mean(unknown[0], list(OVERLAYS))
                                            or f"overlays: {', '.join(OVERLAYS)}")])
    focus = loaded.focus or (loaded.actions[0].frm if loaded.actions else None)
    return Example(loaded.id, loaded.doc, loaded.title, loaded.caption, loaded.section, data.get("view", "board"),
                   loaded.state, loaded.actions, loaded.expect, loaded.result, tuple(overlays), focus)


def default_overlays(actions: list[Action]) -> tuple[str, ...]:
    """Overlays drawn when an example names none: legal destinations only when the example is about moving."""
    moving = not actions or actions[0].kind in MOVING_KINDS
    return tuple(o for o in OVERLAYS if o != "destinations" or moving)


def run_example(example: Example, rules: Rules) -> Run:
    """Play the example's actions; stops at the first illegal one (which must be the last)."""
    run = Run(example, [example.state])
    state = example.state
    for action in example.actions:
        found = rules.check(state, action)
        run.verdict = found
        if not found:
            break
        outcome = rules.apply(state, action, checked=False)
        run.outcomes.append(outcome)
        state = outcome.state
        if action is not example.actions[-1]:
            run.states.append(state)
    return run


def check_example(example: Example, rules: Rules) -> list[Problem]:
    """Every claim of the example that the engine disputes, located in its file."""
    from .contract_rules import DravakronRules

    loaded = RuleExample(example.id, example.doc, example.title, example.caption, example.section, (),
                         example.state, example.actions, example.expect, example.result, example.focus,
                         example.overlays, DravakronRules(rules))
    return check_rule_example(loaded)


def check_all_examples(game: Game, rules: Rules | None = None) -> list[Problem]:
    """Load and check every example of a game; every problem of every file."""
    rules = rules or Rules.for_game(game)
    problems: list[Problem] = []
    for path in example_files(game):
        try:
            problems += check_example(load_example(path, game, rules), rules)
        except SpecError as exc:
            problems += exc.problems
    return problems
