"""Two tiny games that exist only for the framework tests, registered beside the real ones.

* **Race** (square grid): each side moves one of its runners a square forward
  (or sideways, an option) onto an empty square; a runner on a goal square wins.
* **Claims** (hex grid, chance and secrets): each player is dealt a secret
  target hex (chance); then they take turns claiming an empty hex, and chance
  decides whether a claim holds (two in three). When every hex is claimed or
  failed, most hexes wins, one's own target counting double.

Both read their board (size, starts, goals) from their specs under
``tests/fixtures/``, as a real engine must.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping

from generator.errors import SpecError
from generator.model.game import Game, load_game
from generator.kit import Job, KitOptions
from generator.output.pdf import PdfOptions, write_pdf
from generator.play.contract import CHANCE, LEGAL, ComponentNeed, Event, GameRules, Outcome, Result, Verdict
from generator.rulebook.diagram_art import draw_rule_example
from generator.play.registry import GamePlugin, register
from generator.play.views import AsideView, DiagramMark, PieceView
from generator.rulebook.hooks import BookHooks, FigureArt
from generator.model.theme import Theme
from generator.model.validate import check_instance
from generator.model.yamlsource import load_document

FIXTURES = Path(__file__).resolve().parent / "fixtures"


#: The race's pass: the one action of a side whose runners are all blocked.
PASS = ("pass", "")


# -- Race ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class RaceState:
    """Runners by square, the side to move, the winner."""

    runners: tuple[tuple[str, str], ...]
    to_move: str
    winner: str | None = None


class Race(GameRules[RaceState, tuple[str, str]]):
    """Runners step forward (rows away from home) or sideways onto empty squares."""

    reasons = {"game-over": "the game is over", "no-runner": "no runner of the side to move stands there",
               "not-a-step": "a runner moves one square forward or sideways", "occupied": "the square is taken",
               "can-move": "a side passes only when no runner can move"}
    action_kinds = ("step", "pass")
    rare_kinds = ("pass",)
    max_plies = 40
    position_schema = {"type": "object", "additionalProperties": False, "required": ["runners"],
                       "properties": {"runners": {"type": "object", "additionalProperties": {"type": "string"}},
                                      "to_move": {"type": "string"}}}

    def __init__(self, game: Game):
        self.game = game
        self.players = tuple(p.id for p in game.players)
        self.grid = game.board.grid
        self.sideways = bool(game.options.get("sideways", True))
        self.forward = {p: (1 if p == self.players[1] else -1) for p in self.players}

    def new_game(self, seed: int | None = None) -> RaceState:
        runners = tuple(sorted((c, p) for p in self.players for c in self.game.board.marked_cells("start", p)))
        return RaceState(runners, self.players[1])

    def decision(self, state: RaceState) -> str | None:
        return None if state.winner else state.to_move

    def _targets(self, state: RaceState, cell: str) -> list[str]:
        col, row = self.grid.coords(cell) or (0, 0)
        steps = [(0, self.forward[state.to_move])] + ([(1, 0), (-1, 0)] if self.sideways else [])
        taken = {c for c, _ in state.runners}
        out = []
        for dc, dr in steps:
            name = f"{'abcde'[col + dc - 1]}{row + dr}" if 1 <= col + dc <= 5 else ""
            if name and self.grid.coords(name) and name not in taken:
                out.append(name)
        return out

    def _steps(self, state: RaceState) -> list[tuple[str, str]]:
        return [(c, t) for c, p in state.runners if p == state.to_move for t in self._targets(state, c)]

    def legal_actions(self, state: RaceState) -> list[tuple[str, str]]:
        if state.winner:
            return []
        return self._steps(state) or [PASS]

    def check(self, state: RaceState, action: tuple[str, str]) -> Verdict:
        frm, to = action
        if state.winner:
            return Verdict(False, "game-over", self.reasons["game-over"])
        if action == PASS:
            return Verdict(False, "can-move", self.reasons["can-move"]) if self._steps(state) else LEGAL
        if (frm, state.to_move) not in state.runners:
            return Verdict(False, "no-runner", self.reasons["no-runner"])
        if to in {c for c, _ in state.runners}:
            return Verdict(False, "occupied", self.reasons["occupied"])
        if to not in self._targets(state, frm):
            return Verdict(False, "not-a-step", self.reasons["not-a-step"])
        return LEGAL

    def apply(self, state: RaceState, action: tuple[str, str]) -> Outcome[RaceState]:
        frm, to = action
        other = self.players[1 - self.players.index(state.to_move)]
        if action == PASS:
            return Outcome(RaceState(state.runners, other), (Event("passed", f"{state.to_move} passes"),))
        runners = tuple(sorted((to if c == frm else c, p) for c, p in state.runners))
        won = to in self.game.board.marked_cells("goal", state.to_move)
        events = (Event("moved", f"{state.to_move} runs from {frm} to {to}", (frm, to)),)
        return Outcome(RaceState(runners, other, state.to_move if won else None), events)

    def result(self, state: RaceState) -> Result | None:
        return Result((state.winner,), "goal") if state.winner else None

    def action_text(self, action: tuple[str, str]) -> str:
        return "pass" if action == PASS else f"step {action[0]} {action[1]}"

    def parse_action(self, state: RaceState, text: str) -> tuple[str, str]:
        if text == "pass":
            return PASS
        words = text.split()
        if len(words) != 3 or words[0] != "step":
            raise ValueError("write 'step <from> <to>'")
        return words[1], words[2]

    def state_text(self, state: RaceState) -> str:
        return " ".join(f"{c}:{p}" for c, p in state.runners) + f"; {state.to_move} to move"

    def position(self, data: Mapping[str, Any]) -> RaceState:
        runners = dict(data["runners"])
        for cell, owner in runners.items():
            if self.grid.coords(cell) is None or owner not in self.players:
                raise ValueError(f"no runner of '{owner}' can stand on '{cell}'")
        return RaceState(tuple(sorted(runners.items())), data.get("to_move", self.players[1]))

    def invariants(self, state: RaceState) -> list[str]:
        cells = [c for c, _ in state.runners]
        return [] if len(cells) == len(set(cells)) == 4 else ["runners lost or stacked"]

    def component_needs(self) -> Mapping[str, ComponentNeed]:
        """A runner for each start square of a side, and at least three boost markers."""
        needs = {p: ComponentNeed(len(self.game.board.marked_cells("start", p)), f"{p}'s start squares")
                 for p in self.players}
        return {**needs, "boost": ComponentNeed(3, "a boost for each lap", exact=False)}

    def piece_views(self, state: RaceState) -> Mapping[str, tuple[PieceView, ...]]:
        """Runners: North's are squares, South's discs; each faces its way forward, unmoved ones are marked."""
        views = {}
        for cell, owner in state.runners:
            unmoved = cell in self.game.board.marked_cells("start", owner)
            views[cell] = (PieceView(owner, ("square", "disc")[self.players.index(owner)],
                                     facing="n" if self.forward[owner] == 1 else "s", badge=owner[0].upper(),
                                     marked="not moved yet" if unmoved else ""),)
        return views

    def action_marks(self, state: RaceState, action: tuple[str, str], outcome: Outcome[RaceState] | None,
                     verdict: Verdict) -> list[DiagramMark]:
        """A step's arrow, the runner's other steps, the refusal or the win; for a pass, what blocks each runner."""
        if action == PASS:
            taken = {c for c, _ in state.runners}
            marks = []
            for cell, owner in state.runners:
                col, row = self.grid.coords(cell) or (0, 0)
                ahead = f"{cell[0]}{row + self.forward[owner]}"
                if owner == state.to_move and ahead in taken:
                    marks.append(DiagramMark("line", (cell, ahead), "blocked", "runner ahead"))
            return marks + [DiagramMark("label", (), "info", f"{state.to_move} passes")]
        frm, to = action
        marks = [DiagramMark("arrow", action, "move" if verdict else "blocked")]
        others = tuple(t for t in self._targets(state, frm) if t != to) if (frm, state.to_move) in state.runners else ()
        if others:
            marks.append(DiagramMark("dot", others, "choice", "other steps"))
        if not verdict:
            marks.append(DiagramMark("cross", (to,), "blocked", verdict.code))
        if outcome is not None and outcome.state.winner:
            marks.append(DiagramMark("highlight", (to,), "result", "on the goal"))
            marks.append(DiagramMark("label", (to,), "result", "wins"))
        return marks


# -- Claims ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ClaimsState:
    """Claimed hexes by owner, failed hexes, secret targets, a pending claim, the side to move."""

    owned: tuple[tuple[str, str], ...] = ()
    failed: tuple[str, ...] = ()
    targets: tuple[str | None, ...] = (None, None)
    pending: str | None = None
    to_move: int = 0


class Claims(GameRules[ClaimsState, str]):
    """Deal secret targets, then claim hexes; chance decides whether each claim holds."""

    reasons = {"game-over": "the game is over", "taken": "that hex is already claimed or failed",
               "off-board": "no such hex", "not-now": "that is not a choice now"}
    action_kinds = ("claim",)
    max_plies = 80

    def __init__(self, game: Game):
        self.players = tuple(p.id for p in game.players)
        self.grid = game.board.grid
        self.cells = tuple(self.grid.cells())

    def new_game(self, seed: int | None = None) -> ClaimsState:
        return ClaimsState()

    def _free(self, state: ClaimsState) -> list[str]:
        used = {c for c, _ in state.owned} | set(state.failed)
        return [c for c in self.cells if c not in used]

    def decision(self, state: ClaimsState) -> str | None:
        if None in state.targets or state.pending is not None:
            return CHANCE
        return self.players[state.to_move] if self._free(state) else None

    def chance_outcomes(self, state: ClaimsState) -> list[tuple[str, Fraction]]:
        if None in state.targets:
            return [(f"deal {c}", Fraction(1, len(self.cells))) for c in self.cells]
        if state.pending is not None:
            return [("holds", Fraction(2, 3)), ("fails", Fraction(1, 3))]
        return []

    def legal_actions(self, state: ClaimsState) -> list[str]:
        return [f"claim {c}" for c in self._free(state)] if self.decision(state) not in (None, CHANCE) else []

    def check(self, state: ClaimsState, action: str) -> Verdict:
        decider = self.decision(state)
        if decider is None:
            return Verdict(False, "game-over", self.reasons["game-over"])
        if decider == CHANCE:
            ok = action in [a for a, _ in self.chance_outcomes(state)]
            return LEGAL if ok else Verdict(False, "not-now", self.reasons["not-now"])
        cell = action.removeprefix("claim ")
        if not action.startswith("claim "):
            return Verdict(False, "not-now", self.reasons["not-now"])
        if cell not in self.cells:
            return Verdict(False, "off-board", self.reasons["off-board"])
        if cell not in self._free(state):
            return Verdict(False, "taken", self.reasons["taken"])
        return LEGAL

    def apply(self, state: ClaimsState, action: str) -> Outcome[ClaimsState]:
        if action.startswith("deal "):
            index = state.targets.index(None)
            targets = tuple(action[5:] if i == index else t for i, t in enumerate(state.targets))
            return Outcome(replace(state, targets=targets), (Event("dealt", "a secret target is dealt"),))
        if action.startswith("claim "):
            cell = action[6:]
            return Outcome(replace(state, pending=cell), (Event("claimed", f"a claim on {cell}", (cell,)),))
        cell = state.pending or ""
        nxt = 1 - state.to_move
        if action == "holds":
            owned = tuple(sorted(state.owned + ((cell, self.players[state.to_move]),)))
            return Outcome(replace(state, owned=owned, pending=None, to_move=nxt), (Event("held", cell, (cell,)),))
        return Outcome(replace(state, failed=tuple(sorted(state.failed + (cell,))), pending=None, to_move=nxt),
                       (Event("failed", cell, (cell,)),))

    def result(self, state: ClaimsState) -> Result | None:
        if self.decision(state) is not None:
            return None
        score = [sum(2 if c == state.targets[i] else 1 for c, p in state.owned if p == player)
                 for i, player in enumerate(self.players)]
        if score[0] == score[1]:
            return Result((), "equal")
        return Result((self.players[score.index(max(score))],), "most")

    def view(self, state: ClaimsState, player: str) -> ClaimsState:
        mine = self.players.index(player)
        targets = tuple(t if i == mine or t is None else "?" for i, t in enumerate(state.targets))
        return replace(state, targets=targets)

    def resample(self, state: ClaimsState, player: str, rng: random.Random) -> ClaimsState:
        mine = self.players.index(player)
        targets = tuple(t if i == mine or t is None else rng.choice(self.cells) for i, t in enumerate(state.targets))
        return replace(state, targets=targets)

    def action_text(self, action: str) -> str:
        return action

    def parse_action(self, state: ClaimsState, text: str) -> str:
        if not (text.startswith(("claim ", "deal ")) or text in ("holds", "fails")):
            raise ValueError("write 'claim <hex>'")
        return text

    def state_text(self, state: ClaimsState) -> str:
        owned = " ".join(f"{c}:{p}" for c, p in state.owned) or "nothing claimed"
        return f"{owned}; failed {' '.join(state.failed) or '-'}; pending {state.pending or '-'}"

    def position(self, data: Mapping[str, Any]) -> ClaimsState:
        owned = tuple(sorted(dict(data.get("owned", {})).items()))
        targets = tuple(data.get("targets", ["c3", "c3"]))
        return ClaimsState(owned, tuple(data.get("failed", ())), targets, None, int(data.get("to_move", 0)))

    def invariants(self, state: ClaimsState) -> list[str]:
        cells = [c for c, _ in state.owned] + list(state.failed)
        return [] if len(cells) == len(set(cells)) else ["a hex is counted twice"]

    def piece_views(self, state: ClaimsState) -> Mapping[str, tuple[PieceView, ...]]:
        """Claimed hexes as hex tokens (two high, marked and carrying a T on the owner's target), failed hexes as
        face-down figures, a pending claim as a gold disc."""
        views: dict[str, tuple[PieceView, ...]] = {c: (PieceView(None, "figure", face_down=True),) for c in state.failed}
        for cell, owner in state.owned:
            double = state.targets[self.players.index(owner)] == cell
            views[cell] = (PieceView(owner, "hex", 2 if double else 1, marked="counts double" if double else "",
                                     carried="target" if double else ""),)
        if state.pending is not None:
            views[state.pending] = (PieceView(self.players[state.to_move], colour="start", badge="?"),)
        return views

    def aside_views(self, state: ClaimsState, action: str, outcome: Outcome[ClaimsState] | None) -> list[AsideView]:
        """A legal claim plays Fate card A ('Claim again', the first card of deck fate); a refused one shows none."""
        return [AsideView("fate", 0, "played")] if outcome is not None and action.startswith("claim ") else []

    def action_marks(self, state: ClaimsState, action: str, outcome: Outcome[ClaimsState] | None,
                     verdict: Verdict) -> list[DiagramMark]:
        """A claim: the hex, its odds, the claimant's hexes next to it and the free hexes around; or the refusal."""
        cell = action.removeprefix("claim ")
        if not action.startswith("claim ") or self.grid.coords(cell) is None:
            return []
        if not verdict:
            return [DiagramMark("cross", (cell,), "blocked", verdict.code)]
        near = self.grid.neighbours(cell)
        mine = [c for c, p in state.owned if p == self.players[state.to_move] and c in near]
        free = tuple(c for c in self._free(state) if c in near)
        return [DiagramMark("highlight", (cell,), "choice", "claimed"), DiagramMark("label", (cell,), "info", "2 in 3")] \
            + [DiagramMark("line", (c, cell), "info", "next to an own hex") for c in mine] \
            + ([DiagramMark("ring", free, "reach", "still free")] if free else [])


@dataclass(frozen=True)
class RaceSide:
    """One part of the race's player aid."""

    id: str
    name: str
    goal: str


@dataclass(frozen=True)
class RaceFacts:
    """What the race's little book prints."""

    title: str
    designer: str
    sides: tuple[RaceSide, ...]
    runners: int
    square_mm: float


#: The race's cover picture: a strip of its five columns far taller than wide (mm), so that a cover must shrink it.
TALL_MAP_MM = (60.0, 400.0)


def tall_map() -> FigureArt:
    """A board map much taller than any page, for the cover."""
    width, height = TALL_MAP_MM
    stripes = "".join(f'<rect x="{12 * n}" y="0" width="10" height="{height}" fill="#c8c8c8"/>' for n in range(5))
    return FigureArt(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
                     f'viewBox="0 0 {width} {height}">{stripes}</svg>')


def race_book(game: Game, theme: Theme) -> BookHooks:
    """A small book with three aid parts (the two sides and a referee), a very tall board map for a cover, and its
    rule examples as figures, to test the typesetter."""
    sides = (RaceSide("north", "North", "first"), RaceSide("south", "South", "last"),
             RaceSide("referee", "Referee", "either"))
    facts = RaceFacts(game.title, game.designer, sides, len(game.board.marked_cells("start", "south")),
                      game.format("a4").square_mm)

    def nothing(what: str) -> FigureArt:
        raise LookupError(what)

    return BookHooks(facts, {"facts": facts}, {"board-map": tall_map},
                     lambda path: draw_rule_example(game, path, captioned=False),
                     lambda cell: nothing(cell).svg, sides)


#: The race's own spec file, read only by its plug-in, and its schema.
SCORESHEET_FILE = "scoresheet.yaml"
SCORESHEET_SCHEMA: dict[str, Any] = {"type": "object", "additionalProperties": False, "required": ["rows"],
                                     "properties": {"rows": {"type": "integer", "minimum": 1, "maximum": 30}}}


def scoresheet_rows(game: Game) -> int:
    """The score sheet's rows from ``scoresheet.yaml``; a located SpecError when it is malformed."""
    doc = load_document(game.folder / SCORESHEET_FILE)
    problems = check_instance(doc, SCORESHEET_SCHEMA)
    if problems:
        raise SpecError(problems)
    return int(doc.data["rows"])


def plan_scoresheet(game: Game, options: KitOptions, themes: list[Theme], formats: tuple[str, ...]) -> list[Job]:
    """A part only this game adds: one A4 score sheet (tests that games extend the kit)."""
    rows = scoresheet_rows(game)

    def make(path: Path) -> int:
        lines = "".join(f'<line x1="20" y1="{20 + 10 * r}" x2="190" y2="{20 + 10 * r}" stroke="#000" '
                        'stroke-width="0.3"/>' for r in range(1, rows))
        svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297">'
               f'<rect x="20" y="20" width="170" height="{10 * rows}" fill="none" stroke="#000" '
               f'stroke-width="0.5"/>{lines}</svg>')
        write_pdf([svg], path, PdfOptions(title=f"{game.title} score sheet"))
        return 1

    return [Job("scoresheet", "scoresheet.pdf", make, preview=False)]


PLUGINS = (GamePlugin("fixture-race", Race, summary="test fixture: runners on squares", book=race_book,
                      kit_parts={"scoresheet": plan_scoresheet}, spec_checks=(scoresheet_rows,),
                      options_schema={"type": "object", "additionalProperties": False,
                                      "properties": {"sideways": {"type": "boolean"}}}),
           GamePlugin("fixture-claims", Claims, summary="test fixture: claims on hexes, chance and secrets"))
for _plugin in PLUGINS:
    register(_plugin)


def fixture(name: str) -> Game:
    """A fixture game, loaded from tests/fixtures/<name>/."""
    return load_game(FIXTURES / name)
