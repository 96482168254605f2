"""Rule examples: small YAML files that set up a position, show actions and claim what the rules say.

An example is checked against the rules model: a claim the engine disputes
is a located :class:`~generator.errors.Problem`. Diagrams draw what the
engine computes for the example, never what the author typed as an arrow.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import Problem, SpecError
from .game import Game
from .rules import REASONS, Action, Outcome, Rules, State, Verdict
from .rules.state import describe_piece, item_place
from .schemas import AREA, ID, SQUARE, register
from .validate import check_schema, did_you_mean
from .yamlsource import Document, load_document

#: Overlays a diagram can draw.
OVERLAYS = ("moves", "destinations", "reach", "result", "steps")
#: Action kinds after which the moving piece's legal destinations are worth drawing.
MOVING_KINDS = ("step", "merged-move", "rapid-transport", "merge", "unmerge", "unmerge-merge")

EXAMPLE: dict[str, Any] = {
    "title": "Rule example",
    "description": "A position, the actions to show, and what the rules say about the last one.",
    "type": "object", "additionalProperties": False, "required": ["title", "caption"],
    "properties": {
        "title": {"type": "string", "description": "Short title, shown above the diagram."},
        "caption": {"type": "string", "description": "One or two sentences under the diagram."},
        "section": {"type": "string", "description": "Rulebook section the example illustrates."},
        "view": {"description": "'board' for the whole board, or a rectangle of squares such as c3:h8.",
                 "anyOf": [{"const": "board"}, AREA]},
        "position": {
            "type": "object", "additionalProperties": False,
            "description": "What is on the board. Anything not named is at home or in storage.",
            "properties": {
                "pieces": {"type": "object", "propertyNames": SQUARE,
                           "additionalProperties": {"type": "string", "description":
                                                    "'<player> [merged] [frozen [<token>]] [carrying <item>]'"}},
                "lying": {"type": "object", "propertyNames": SQUARE, "additionalProperties": ID,
                          "description": "Flags thrown onto squares: square -> flag id."},
                "home": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
                "setup": {"type": "boolean", "description": "True while the free drops of set-up are pending."},
            },
        },
        "to_move": {**ID, "description": "Player to act (default: the first player)."},
        "focus": {**SQUARE, "description": "Piece whose legal destinations are dotted "
                                           "(default: the piece of the first action)."},
        "actions": {"type": "array", "minItems": 1, "items": {"type": "string"},
                    "description": "Actions in order, e.g. 'red step d4 e5'; all but the last must be legal."},
        "expect": {"description": "What the rules say about the last action: legal, or illegal with a reason code.",
                   "anyOf": [{"const": "legal"},
                             {"type": "object", "additionalProperties": False, "required": ["illegal"],
                              "properties": {"illegal": {"type": "string"}}}]},
        "result": {
            "type": "object", "additionalProperties": False,
            "description": "Claims about the position after the actions (legal examples only).",
            "properties": {
                "eliminated": {"type": "array", "items": SQUARE},
                "winner": ID,
                "items": {"type": "object", "additionalProperties": {"type": "string"},
                          "description": "item -> 'stored', 'carried <sq>', 'lying <sq>' or 'token <sq>'."},
                "pieces": {"type": "object", "propertyNames": SQUARE,
                           "additionalProperties": {"type": ["string", "null"]},
                           "description": "square -> piece description, or null for an empty square."},
            },
        },
        "overlays": {"type": "array", "items": {"enum": list(OVERLAYS)}, "uniqueItems": True},
    },
}
register("example", EXAMPLE)


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


def example_files(game: Game) -> list[Path]:
    """Every example file of a game, sorted by name."""
    folder = game.path("examples")
    return sorted(folder.glob("*.yaml")) if folder and folder.is_dir() else []


def load_example(path: Path, game: Game, rules: Rules) -> Example:
    """Read and validate one example; building its position through the engine catches impossible setups."""
    doc = load_document(path)
    problems = check_schema(doc, "example")
    if problems:
        raise SpecError(problems)
    data = doc.data
    pos = data.get("position", {})
    players = [p.id for p in game.players]
    to_move = data.get("to_move", players[0])
    if to_move not in players:
        raise SpecError([doc.problem(("to_move",), f"unknown player '{to_move}'", f"use one of {', '.join(players)}")])
    try:
        state = rules.position(pos.get("pieces", {}), lying=pos.get("lying"), to_move=to_move, home=pos.get("home"),
                               setup=tuple(players) if pos.get("setup") else ())
    except ValueError as exc:
        raise SpecError([doc.problem(("position",), f"impossible position: {exc}",
                                     "fix the pieces, items or home counts")]) from None
    actions = []
    for n, text in enumerate(data.get("actions", [])):
        try:
            actions.append(Action.parse(text))
        except ValueError as exc:
            raise SpecError([doc.problem(("actions", n), str(exc), "write '<player> <kind> <from> <to>'")]) from None
    expect = data.get("expect")
    if isinstance(expect, dict):
        expect = expect["illegal"]
        if expect not in REASONS:
            raise SpecError([doc.problem(("expect", "illegal"), f"unknown reason code '{expect}'",
                                         did_you_mean(expect, sorted(REASONS)) or "see generator/rules/reasons.py")])
    if actions and expect is None:
        raise SpecError([doc.problem((), "an example with actions needs 'expect'",
                                     "add 'expect: legal' or 'expect: {illegal: <reason code>}'")])
    focus = data.get("focus") or (actions[0].frm if actions else None)
    view = data.get("view", "board")
    for corner in ([] if view == "board" else view.split(":")):
        if game.board.grid.coords(corner) is None:
            raise SpecError([doc.problem(("view",), f"'{corner}' is off the board", game.board.grid.describe())])
    return Example(path.stem, doc, data["title"], data["caption"], data.get("section", ""), view, state, actions,
                   expect, data.get("result", {}), tuple(data.get("overlays", default_overlays(actions))), focus)


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
    doc = example.doc
    run = run_example(example, rules)
    problems: list[Problem] = []
    if not example.actions:
        return problems
    verdict = run.verdict
    assert verdict is not None
    stopped = len(run.outcomes)
    if not verdict and stopped < len(example.actions) - 1:
        return [doc.problem(("actions", stopped), f"step {stopped + 1} '{example.actions[stopped]}' is illegal: "
                            f"{verdict.code}: {verdict.message}", "only the last action of an example may be illegal")]
    if example.expect == "legal" and not verdict:
        problems.append(doc.problem(("expect",), f"claims the action is legal, but the engine refuses it: "
                                    f"{verdict.code}: {verdict.message}", "fix the position or the claim"))
    elif example.expect not in ("legal", None) and verdict:
        problems.append(doc.problem(("expect",), f"claims the action is illegal ({example.expect}), "
                                    "but the engine allows it", "fix the position or the claim"))
    elif example.expect not in ("legal", None) and verdict.code != example.expect:
        problems.append(doc.problem(("expect", "illegal"), f"claims reason '{example.expect}', but the engine "
                                    f"gives '{verdict.code}': {verdict.message}", "fix the position or the claim"))
    if example.result and verdict:
        problems += _check_result(example, run)
    elif example.result:
        problems.append(doc.problem(("result",), "an illegal action has no result", "remove 'result'"))
    return problems


def _check_result(example: Example, run: Run) -> list[Problem]:
    doc, claims, final = example.doc, example.result, run.final
    problems = []
    eliminated = sorted(sq for outcome in run.outcomes for sq, _, _ in outcome.eliminated)
    if "eliminated" in claims and sorted(claims["eliminated"]) != eliminated:
        problems.append(doc.problem(("result", "eliminated"), f"claims {sorted(claims['eliminated'])} eliminated, "
                                    f"the engine eliminates {eliminated or 'nothing'}", "fix the claim"))
    if "winner" in claims and final.winner != claims["winner"]:
        problems.append(doc.problem(("result", "winner"), f"claims {claims['winner']} wins, the engine says "
                                    f"{final.winner or 'nobody has won'}", "fix the claim"))
    for item, place in claims.get("items", {}).items():
        try:
            where, square = item_place(final, item)
        except LookupError:
            where, square = "nowhere", None
        actual = where if square is None else f"{where} {square}"
        if actual != place:
            problems.append(doc.problem(("result", "items", item), f"claims {item} is {place}, the engine has it "
                                        f"{actual}", "fix the claim"))
    for square, description in claims.get("pieces", {}).items():
        piece = final.pieces.get(square)
        actual = describe_piece(piece) if piece else None
        if actual != description:
            problems.append(doc.problem(("result", "pieces", square), f"claims {square} holds {description!r}, "
                                        f"the engine has {actual!r}", "fix the claim"))
    return problems


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
