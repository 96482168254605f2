"""Rule examples for any game: a YAML file sets up a position, plays actions and claims what the rules say.

The outer format is shared (title, caption, section, view, actions, expect,
result); what a ``position`` and a ``result`` hold is the game's, given by its
engine's ``position_schema`` and ``result_schema``. Every claim is checked
against the engine and a disagreement is a located
:class:`~generator.errors.Problem`.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ..errors import Problem, SpecError
from ..model.geometry import Grid
from ..model.schemas import register
from ..model.validate import check_instance, did_you_mean
from ..model.yamlsource import Document, load_document
from .contract import CHANCE, GameRules, Outcome, Verdict
from .registry import changed_options, variant_rules

if TYPE_CHECKING:
    from ..model.board import Board
    from ..model.game import Game

#: The shared part of every game's example format (the game fills in position and result).
EXAMPLE_FORMAT: dict[str, Any] = {
    "title": "Rule example",
    "description": "A position, the actions to show, and what the rules say about the last one.",
    "type": "object", "additionalProperties": False, "required": ["title", "caption", "position"],
    "properties": {
        "title": {"type": "string", "pattern": r"\S", "description": "Short title, shown above the diagram."},
        "caption": {"type": "string", "pattern": r"\S", "description": "One or two sentences under the diagram."},
        "section": {"type": "string", "description": "Rulebook section the example illustrates."},
        "view": {"description": "'board'; a rectangle 'c3:h8' (square grids); a centre and radius 'f6+2'; "
                               "or a list of cells.",
                 "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}, "minItems": 1}]},
        "options": {"type": "object", "description": "The options this example was written for, where they differ "
                                                    "from the defaults (a variant, a number of players); "
                                                    "the example is checked under them, and left out of the "
                                                    "books when game.yaml's options change what it shows."},
        "position": {"type": "object", "description": "The position, in the game's own format."},
        "focus": {"type": "string", "description": "Cell whose legal moves a diagram dots."},
        "actions": {"type": "array", "items": {"type": "string"},
                    "description": "Actions in the game's notation; all but the last must be legal."},
        "expect": {"description": "What the rules say about the last action: legal, or illegal with a reason code.",
                   "anyOf": [{"const": "legal"},
                             {"type": "object", "additionalProperties": False, "required": ["illegal"],
                              "properties": {"illegal": {"type": "string"}}}]},
        "result": {"type": "object", "description": "Claims about what the actions did, in the game's format."},
    },
}

register("example", EXAMPLE_FORMAT)


@dataclass
class RuleExample:
    """A loaded rule example: its texts, the cells in view, the starting state and the actions."""

    id: str
    doc: Document
    title: str
    caption: str
    section: str
    view: tuple[str, ...]
    state: Any
    actions: list[Any]
    expect: str | None
    result: dict[str, Any]
    focus: str | None
    engine: GameRules[Any, Any]


@dataclass
class ExampleRun:
    """An example played through the engine: the state before each action, the outcomes, the last verdict."""

    example: RuleExample
    states: list[Any] = field(default_factory=list)
    outcomes: list[Outcome[Any]] = field(default_factory=list)
    verdict: Verdict | None = None

    @property
    def final(self) -> Any:
        """The position after every legal action."""
        return self.outcomes[-1].state if self.outcomes else self.states[0]


#: Builds the game's engine with some options changed (see :func:`generator.play.registry.variant_rules`).
Variant = Callable[[Mapping[str, Any]], GameRules[Any, Any]]


def load_rule_example(path: Path, rules: GameRules[Any, Any], grid: Grid, variant: Variant | None = None) -> RuleExample:
    """Read and check one example file: its format, its position and the notation of its actions.

    An example with ``options`` runs on an engine ``variant`` builds with those options changed.
    """
    doc = load_document(path)
    problems = check_instance(doc, EXAMPLE_FORMAT)
    if problems:
        raise SpecError(problems)
    data = doc.data
    if data.get("options"):
        if variant is None:
            raise SpecError([doc.problem(("options",), "this game's examples cannot change options",
                                         "remove 'options'")])
        try:
            rules = variant(data["options"])
        except ValueError as exc:
            raise SpecError([doc.problem(("options",), f"these options do not make a game: {exc}",
                                         "use options the game's game.yaml accepts")]) from None
    problems = check_instance(doc, rules.position_schema, ("position",)) \
        + check_instance(doc, rules.result_schema, ("result",))
    if problems:
        raise SpecError(problems)
    try:
        state = rules.position(data["position"])
    except ValueError as exc:
        raise SpecError([doc.problem(("position",), f"impossible position: {exc}",
                                     "fix the position so that the rules allow it")]) from None
    actions = []
    current = state
    for n, text in enumerate(data.get("actions", [])):
        try:
            action = rules.parse_action(current, text)
        except ValueError as exc:
            raise SpecError([doc.problem(("actions", n), f"cannot read '{text}': {exc}",
                                         "write the action in the game's notation"
                                         + legal_here(rules, current))]) from None
        actions.append(action)
        if rules.check(current, action):
            current = rules.apply(current, action).state
    expect = data.get("expect")
    if isinstance(expect, dict):
        expect = expect["illegal"]
        if expect not in rules.reasons:
            raise SpecError([doc.problem(("expect", "illegal"), f"unknown reason code '{expect}'",
                                         did_you_mean(expect, sorted(rules.reasons))
                                         or f"reason codes: {', '.join(sorted(rules.reasons))}")])
    if actions and expect is None:
        raise SpecError([doc.problem((), "an example with actions needs 'expect'",
                                     "add 'expect: legal' or 'expect: {illegal: <reason code>}'")])
    try:
        view = grid.region(data.get("view", "board"))
    except KeyError as exc:
        raise SpecError([doc.problem(("view",), str(exc.args[0]), "name cells of the board")]) from None
    focus = data.get("focus")
    if focus is not None and grid.coords(focus) is None:
        raise SpecError([doc.problem(("focus",), f"focus '{focus}' is off the board", grid.describe())])
    return RuleExample(path.stem, doc, data["title"], data["caption"], data.get("section", ""), view, state,
                       actions, expect, dict(data.get("result", {})), focus, rules)


def legal_here(rules: GameRules[Any, Any], state: Any, shown: int = 8) -> str:
    """The actions the engine allows in ``state``, as a hint's tail: '; legal here: a, b (and 5 more)'."""
    if rules.decision(state) == CHANCE:
        texts = [rules.action_text(action) for action, _ in rules.chance_outcomes(state)]
    else:
        texts = [rules.action_text(action) for action in rules.legal_actions(state)]
    if not texts:
        return "; nothing is legal here"
    more = f" (and {len(texts) - shown} more)" if len(texts) > shown else ""
    return f"; legal here: {', '.join(texts[:shown])}{more}"


def run_rule_example(example: RuleExample) -> ExampleRun:
    """Play the example's actions on its engine, stopping at the first illegal one."""
    rules = example.engine
    run = ExampleRun(example, [example.state])
    state = example.state
    for action in example.actions:
        run.verdict = rules.check(state, action)
        if not run.verdict:
            break
        outcome = rules.apply(state, action)
        run.outcomes.append(outcome)
        state = outcome.state
        run.states.append(state)
    return run


def check_rule_example(example: RuleExample) -> list[Problem]:
    """Every claim of the example that its engine disputes, located in its file; first of all, a position
    that breaks the engine's invariants (one that no game can reach, which a book must not print)."""
    doc, rules = example.doc, example.engine
    impossible = rules.invariants(example.state)
    if impossible:
        more = f" (and {len(impossible) - 1} more)" if len(impossible) > 1 else ""
        return [doc.problem(("position",), f"no game can reach this position: {impossible[0]}{more}",
                            "change the position so that it could come up in play")]
    if not example.actions:
        return [doc.problem(("result",), "a position without actions has no result", "remove 'result'")] \
            if example.result else []
    run = run_rule_example(example)
    verdict = run.verdict
    assert verdict is not None
    stopped = len(run.outcomes)
    if not verdict and stopped < len(example.actions) - 1:
        text = rules.action_text(example.actions[stopped])
        return [doc.problem(("actions", stopped), f"action {stopped + 1} '{text}' is illegal: {verdict.code}: "
                            f"{verdict.message}", "only the last action of an example may be illegal")]
    if example.expect == "legal" and not verdict:
        return [doc.problem(("expect",), f"claims the action is legal, but the engine refuses it: {verdict.code}: "
                            f"{verdict.message}", "fix the position or the claim" + legal_here(rules, run.states[-1]))]
    if example.expect != "legal" and verdict:
        return [doc.problem(("expect",), f"claims the action is illegal ({example.expect}), but the engine allows it",
                            "fix the position or the claim")]
    if example.expect != "legal" and verdict.code != example.expect:
        return [doc.problem(("expect", "illegal"), f"claims reason '{example.expect}', but the engine gives "
                            f"'{verdict.code}': {verdict.message}", "fix the position or the claim")]
    if example.result and not verdict:
        return [doc.problem(("result",), "an illegal action has no result", "remove 'result'")]
    if not example.result:
        return []
    before = run.states[-2]
    return [doc.problem(("result",), found, "fix the claim")
            for found in rules.result_problems(before, run.outcomes[-1], example.result)]


def check_example_folder(folder: Path, rules: GameRules[Any, Any], grid: Grid,
                         variant: Variant | None = None) -> list[Problem]:
    """Load and check every ``*.yaml`` example in a folder; every problem of every file."""
    loaded, problems = load_example_folder(folder, rules, grid, variant)
    for example in loaded:
        problems += check_rule_example(example)
    return problems


def load_example_folder(folder: Path, rules: GameRules[Any, Any], grid: Grid,
                        variant: Variant | None = None) -> tuple[list[RuleExample], list[Problem]]:
    """Every example of a folder that loads, and the problems of those that do not."""
    loaded: list[RuleExample] = []
    problems: list[Problem] = []
    for path in sorted(folder.glob("*.yaml")):
        try:
            loaded.append(load_rule_example(path, rules, grid, variant))
        except SpecError as exc:
            problems += exc.problems
    return loaded, problems


#: The key of game.yaml that records the board the game's rule examples were written for.
BOARD_KEY = "examples_board"


def board_fingerprint(board: "Board") -> str:
    """A short fingerprint of what a rules engine reads from a board: its cells, marks, zones and links (not how
    they are drawn), so that a board the examples were not written for can be told apart."""
    grid = board.grid
    data = {"shape": grid.shape, "cells": [[name, grid.coords(name)] for name in grid.cells()],
            "marks": [[m.kind, list(m.at), m.owner, m.item] for m in board.marks],
            "zones": [[z.id, z.owner, list(z.cells)] for z in board.zones],
            "links": [[k.kind, k.id, k.at, list(k.to)] for k in board.links]}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Standing:
    """How a game's rule examples stand under its specs.

    ``problems`` are the claims that the engine disputes under the options each example was written for (the
    defaults, changed by its own ``options``): errors. ``left_out`` holds, by example id, the first
    disagreement of each example that holds there but not under this game's own options or board: the books
    leave it out. ``changes`` says what differs from what the examples were written for.
    """

    problems: tuple[Problem, ...] = ()
    left_out: Mapping[str, str] = field(default_factory=dict)
    changes: tuple[str, ...] = ()
    checked: tuple[RuleExample, ...] = ()
    folder: Path | None = None

    def warning(self) -> str | None:
        """The one warning that names every example left out, and why (None when none is)."""
        if not self.left_out:
            return None
        ids = sorted(self.left_out)
        many = len(ids) != 1
        return (f"{len(ids)} rule example{'s' if many else ''} of {self.folder} left out of the books, as "
                f"{'they do' if many else 'it does'} not hold under this game's "
                f"{' and '.join(self.changes) or 'specs'}: {', '.join(ids)}")


def example_standing(game: "Game") -> Standing:
    """Check every rule example of a game (once per loaded game): under the options it was written for, then
    under the game's own options and board (see :class:`Standing`).

    When ``game.yaml`` records a board the examples were written for (``examples_board``, a
    :func:`board_fingerprint`) and the game's board is another, an example cannot be checked against its own
    board: one that does not hold on this board is left out, never an error. Only a file that is not an
    example at all (its format) is an error then.
    """
    if "standing" not in game.derived:
        game.derived["standing"] = _standing(game)
    standing: Standing = game.derived["standing"]
    return standing


def standing_of(game: "Game", paths: list[Path]) -> Standing:
    """How some rule examples of a game stand (as :func:`example_standing` says of all, checking only these): what
    one diagram needs to know, without checking every example."""
    if "standing" in game.derived:
        return example_standing(game)
    return _standing(game, paths)


def _standing(game: "Game", paths: list[Path] | None = None) -> Standing:
    folder = game.path("examples")
    if folder is None or not folder.is_dir():
        return Standing()
    paths = sorted(folder.glob("*.yaml")) if paths is None else paths
    doc = game.documents.get("game")
    recorded = doc.data.get(BOARD_KEY) if doc is not None else None
    fingerprint = board_fingerprint(game.board)
    other_board = recorded is not None and recorded != fingerprint
    options = changed_options(game)
    changes = ((f"options ({', '.join(f'{k}: {json.dumps(v)}' for k, v in options.items())})",) if options
               else ()) + ((f"board ({fingerprint}, where game.yaml's {BOARD_KEY} is {recorded})",) if other_board
                           else ())
    grid, written_for, here = game.board.grid, variant_rules(game, defaults=True), variant_rules(game)
    try:
        defaults = written_for({})
    except ValueError as exc:  # the defaults make no game with these specs: no example can be checked
        if not other_board:
            where = doc.problem(("options",), "") if doc is not None else Problem(folder, None, None, "")
            return Standing((Problem(where.file, where.line, where.column, f"the rule examples are written for the "
                                     f"default options, which make no game with these specs: {exc}",
                                     "see README.md, 'Examples and your options'"),), {}, changes, (), folder)
        return Standing((), {p.stem: str(exc) for p in paths}, changes, (), folder)
    problems: list[Problem] = []
    left_out: dict[str, str] = {}
    checked: list[RuleExample] = []
    for path in paths:
        try:
            form = check_instance(load_document(path), EXAMPLE_FORMAT)
        except SpecError as exc:  # not YAML that can be read at all
            form = exc.problems
        if form:
            problems += form
            continue
        example, found = _check(path, defaults, grid, written_for)
        if found and other_board:
            left_out[path.stem] = found[0].message
        elif found:
            problems += found
        else:
            checked.append(example)
            _, again = _check(path, here({}), grid, here) if options else (None, [])
            if again:
                left_out[path.stem] = again[0].message
    return Standing(tuple(problems), left_out, changes, tuple(checked), folder)


def _check(path: Path, rules: GameRules[Any, Any], grid: Grid, variant: Variant) -> tuple[Any, list[Problem]]:
    """One example loaded and checked on ``rules`` (``variant`` for its own options), and its problems."""
    try:
        example = load_rule_example(path, rules, grid, variant)
    except SpecError as exc:
        return None, exc.problems
    return example, check_rule_example(example)


def shown_in_books(game: "Game", example: str | Path) -> bool:
    """Whether the books show a rule example (an id, or the path of its file): False when it is left out because
    this game's options or board change what it shows (see :func:`example_standing`)."""
    return Path(example).stem not in example_standing(game).left_out
