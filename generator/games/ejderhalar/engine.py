"""The Ejderhalar engine: the shared game contract implemented on the modules of this package."""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from ...play.contract import LEGAL, Event, GameRules, Outcome, Result, Verdict
from ...play.views import DiagramMark, PieceView
from . import drawing, notation
from .invariants import invariant_problems
from .layout import Layout
from .moves import movable, path_problem, paths
from .push import push_routes
from .reasons import REASONS, refuse
from .state import EMPTY, Action, State
from .turn import advance, after_move, push_refusal, refusal_verdict, settle, trace, winners

#: JSON Schema of a rule example's ``result`` claims (besides the shared ``winner``).
RESULT_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "winner": {"type": "string"},
        "target": {"type": "string", "description": "The target square, or 'none' off the board."},
        "strength": {"type": "integer", "minimum": 0, "description": "Strength of the push (0: none possible)."},
        "stacks": {"type": "object", "description": "square: [dragon, ...] after the action; [] for empty.",
                   "additionalProperties": {"type": "array", "items": {"type": "string"}}},
        "stunned": {"type": "array", "items": {"type": "string"}, "description": "Every stunned dragon after."},
        "turn": {"type": "string", "description": "The player to act next."},
        "action": {"enum": [1, 2], "description": "Which action of the turn comes next."},
    },
}


class EjderhalarRules(GameRules[State, Action]):
    """Ejderhalar on the board, dragons and options of one spec."""

    reasons = REASONS
    action_kinds = ("move", "push")
    #: Self-play cap (not a rule): long enough for most random games to reach a win (ledger entry 19).
    max_plies = 400
    position_schema = notation.POSITION_SCHEMA
    result_schema = RESULT_SCHEMA

    def __init__(self, layout: Layout):
        self.layout = layout
        self.players = layout.players

    # -- the game ------------------------------------------------------------------------------

    def new_game(self, seed: int | None = None) -> State:
        """The set-up: every dragon a full stack on its set-up square, player one to make one action."""
        layout = self.layout
        dragon_at, height = [EMPTY] * len(layout.cells), [0] * len(layout.cells)
        for k, square in enumerate(layout.start_of):
            dragon_at[square], height[square] = k, layout.tokens
        return settle(layout, State(tuple(dragon_at), tuple(height), (0,) * len(layout.dragons), 0, 1, -1, True))[0]

    def decision(self, state: State) -> str | None:
        """The player to act, or None once someone holds enough control points."""
        return None if winners(self.layout, state.dragon_at) else self.players[state.player]

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal action: by picked-up square, path, then without push, then each push's choices."""
        layout = self.layout
        if self.decision(state) is None:
            return []
        found: list[Action] = []
        step, at, high = layout.step, state.dragon_at, state.height
        for start in movable(layout, state):
            dragon = at[start]
            for path, direction in paths(layout, state, start):
                found.append(Action(path))
                last = path[-1]
                target = step[last][direction]
                if push_refusal(layout, state.player, dragon, at, high, high[last] + 1, target):
                    continue
                moved_at, moved_height = after_move(state, path)
                if state.player in winners(layout, moved_at):
                    continue
                strength = moved_height[last] - high[target] + 1
                for choices, _ in push_routes(layout, moved_at, moved_height, target, direction, strength):
                    found.append(Action(path, True, choices))
        return found

    def check(self, state: State, action: Action) -> Verdict:
        """Whether ``action`` is legal now, with the reason code of a refusal."""
        layout = self.layout
        won = winners(layout, state.dragon_at)
        if won:
            return refuse("game-over", winner=layout.players[won[0]])
        verdict = path_problem(layout, state, action.path)
        if not verdict:
            return verdict
        if not action.push:
            return refuse("choice-extra", count=len(action.choices)) if action.choices else LEGAL
        done = trace(layout, state, action)
        if done.refusal:
            return refusal_verdict(layout, done, action.path[-1])
        if done.won_by_move or done.route is None:
            return refuse("won-before-push")
        if done.route.missing_at >= 0:
            return refuse("choice-missing", square=layout.cells[done.route.missing_at])
        if done.route.used < len(action.choices):
            return refuse("choice-extra", count=len(action.choices) - done.route.used)
        return LEGAL

    def apply(self, state: State, action: Action) -> Outcome[State]:
        """Carry out a legal action: the move, its push, the stun, control and the turn's progress."""
        layout = self.layout
        who = layout.players[state.player]
        done = trace(layout, state, action)
        last = action.path[-1]
        cells = tuple(layout.cells[c] for c in action.path)
        events = [Event("move", f"{who} moves a token of {layout.dragons[done.dragon]} {'-'.join(cells)} "
                                f"({done.moved_height[last]} high there); target square "
                                f"{layout.cells[done.target] if done.target >= 0 else 'off the board'}", cells)]
        at, high, stun = done.moved_at, done.moved_height, state.stun
        if done.route is not None:
            at, high = done.route.dragon_at, done.route.height
            pushed = done.moved_at[done.target]
            events.append(Event("push", f"push of strength {done.strength} "
                                        f"({done.moved_height[last]} against {done.moved_height[done.target]}) "
                                        f"on {layout.dragons[pushed]}", (layout.cells[done.target],)))
            for point in done.route.steps:
                events.append(Event("push-point", f"rule {point.rule}: {layout.cells[point.frm]} to "
                                                  f"{layout.cells[point.to]}" + "".join(
                                                      f", gathering {layout.cells[g]}" for g in point.gathered),
                                    (layout.cells[point.frm], layout.cells[point.to])))
            if done.route.steps:
                turns = (done.strength if layout.stun_by_strength else 1) \
                    + (layout.owner_of[pushed] == state.player)
                stun = tuple(max(n, turns) if k == pushed else n for k, n in enumerate(stun))
                events.append(Event("stun", f"{layout.dragons[pushed]} is stunned for {turns} turn(s) of its owner"))
            else:
                events.append(Event("push-blocked", f"{layout.dragons[pushed]} cannot move: the push ends"))
        for p in winners(layout, at):
            held = [layout.cells[c] for c in layout.control if at[c] != EMPTY and layout.owner_of[at[c]] == p]
            events.append(Event("win", f"{layout.players[p]} holds {len(held)} control points and wins",
                                tuple(held)))
        following, skipped = settle(layout, advance(layout, state, at, high, stun, last))
        events += [Event("skip", f"{player} has no move action: that action is skipped") for player in skipped]
        return Outcome(following, tuple(events))

    def result(self, state: State) -> Result | None:
        """The winner once a player holds enough control points; None while the game goes on."""
        won = winners(self.layout, state.dragon_at)
        return Result(tuple(self.players[p] for p in won), "control-points") if won else None

    # -- text --------------------------------------------------------------------------------------

    def action_text(self, action: Action) -> str:
        """An action in the game's notation."""
        return notation.action_text(self.layout, action)

    def parse_action(self, state: State, text: str) -> Action:
        """Read an action in the game's notation."""
        return notation.parse_action(self.layout, text)

    def state_text(self, state: State) -> str:
        """A position as a few lines of text."""
        return notation.state_text(self.layout, state)

    def position(self, data: Mapping[str, Any]) -> State:
        """A position from a rule example's mapping (a player without move actions is skipped)."""
        return settle(self.layout, notation.position(self.layout, data, self.new_game()))[0]

    def action_kind(self, action: Action) -> str:
        """'push' or 'move'."""
        return "push" if action.push else "move"

    # -- drawing ----------------------------------------------------------------------------------

    def piece_views(self, state: State) -> Mapping[str, tuple[PieceView, ...]]:
        """Each stack as one piece of its dragon, with its height, glyph and stun."""
        return drawing.piece_views(self.layout, state)

    def action_marks(self, state: State, action: Action, outcome: Outcome[State] | None,
                     verdict: Verdict) -> list[DiagramMark]:
        """The path, the target square, the push's route, stuns and the verdict, from the engine."""
        done = trace(self.layout, state, action) if len(action.path) >= 2 and path_problem(
            self.layout, state, action.path) else None
        return drawing.action_marks(self.layout, state, action, done, outcome, verdict)

    # -- soundness ---------------------------------------------------------------------------------

    def invariants(self, state: State) -> list[str]:
        """Every way ``state`` breaks what must always hold."""
        return invariant_problems(self.layout, state)

    def layout_problems(self) -> list[str]:
        """What makes the spec's layout unplayable."""
        return self.layout.problems()

    def result_problems(self, before: State, outcome: Outcome[State], claims: Mapping[str, Any]) -> list[str]:
        """Where a rule example's claims (target, strength, stacks, stunned, turn, action) are wrong."""
        found = super().result_problems(before, outcome, claims)
        layout, after = self.layout, outcome.state
        move = next((e for e in outcome.events if e.kind == "move"), None)
        if move is not None and ("target" in claims or "strength" in claims):
            path = tuple(layout.cell(c) for c in move.cells)
            done = trace(layout, before, Action(path))
            target = layout.cells[done.target] if done.target >= 0 else "none"
            if "target" in claims and claims["target"] != target:
                found.append(f"result says target {claims['target']}, the rules say {target}")
            if "strength" in claims and claims["strength"] != done.strength:
                found.append(f"result says strength {claims['strength']}, the rules say {done.strength}")
        for square, names in claims.get("stacks", {}).items():
            c = layout.cell(square)
            got = [layout.dragons[after.dragon_at[c]]] * after.height[c] if after.dragon_at[c] != EMPTY else []
            if list(names) != got:
                found.append(f"result says {square} holds {names or 'nothing'}, the rules say {got or 'nothing'}")
        if "stunned" in claims:
            got_stunned = sorted(layout.dragons[k] for k, n in enumerate(after.stun) if n)
            if sorted(claims["stunned"]) != got_stunned:
                found.append(f"result says stunned {sorted(claims['stunned'])}, the rules say {got_stunned}")
        if "turn" in claims and claims["turn"] != layout.players[after.player]:
            found.append(f"result says {claims['turn']} acts next, the rules say {layout.players[after.player]}")
        if "action" in claims and claims["action"] != after.action:
            found.append(f"result says action {claims['action']} comes next, the rules say {after.action}")
        return found

    # -- self-play -----------------------------------------------------------------------------------

    def choose(self, rng: random.Random, state: State, actions: Sequence[Action]) -> Action:
        """Self-play: take a winning move when there is one, push often, otherwise pick at random."""
        layout = self.layout
        for action in actions:
            if action.path and action.path[-1] in layout.control and not action.push:
                if state.player in winners(layout, after_move(state, action.path)[0]):
                    return action
        pushes = [a for a in actions if a.push]
        if pushes and rng.random() < 0.6:
            return pushes[rng.randrange(len(pushes))]
        return actions[rng.randrange(len(actions))]
