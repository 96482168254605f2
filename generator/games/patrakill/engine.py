"""The Patrakill engine behind the shared contract: the duel (two rounds) and Vatrakill (2 to 5 players)."""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from ...play.contract import LEGAL, ComponentNeed, GameRules, Outcome, Result, Verdict
from ...play.views import DiagramMark, PieceView
from . import drawing, effects, notation, policy
from .compass import OPPOSITE
from .layout import (BROKEN_TOWER, DRAGON, KNIGHTS, NEUTRAL_TOWER, ROUND_MARKER, TOWER, Layout, layout_warnings,
                     opening_towers)
from .moves import legal_actions
from .reasons import REASONS, diagnose
from .state import ACTION_KINDS, Action, Knight, State


class PatrakillRules(GameRules[State, Action]):
    """Knights against the dragon: the duel (``mode: duel``) or Vatrakill (``mode: multi``)."""

    reasons = REASONS
    action_kinds = ACTION_KINDS
    #: A side passes only when it cannot move: rare in self-play, shown by the example pass-when-stuck.
    rare_kinds = ("pass",)
    #: Self-play and ``verify`` stop a game after this many actions; no rule of the game.
    max_plies = 400
    #: The search's defaults here: 30 playouts a decision, each cut after 20 actions and judged by :meth:`evaluate`,
    #: the players every balance figure of the duel and of Vatrakill was measured with (ledger entries 33 and 34).
    search_budget = 30
    search_horizon = 20
    position_schema = notation.POSITION_SCHEMA
    result_schema = notation.RESULT_SCHEMA

    def __init__(self, layout: Layout):
        self.layout = layout
        self.players = layout.seats

    # -- the game --------------------------------------------------------------------------------

    def new_game(self, seed: int | None = None) -> State:
        """The opening: the duel's knights on their camp, or each faction on its zone with its tower at the
        middle of the line (neutral towers on the empty zones); the dragon waits to be placed."""
        layout = self.layout
        order = layout.tables.index
        if layout.duel:
            knights = [Knight(square, layout.camp_facing, KNIGHTS) for square in layout.camp]
            return State(1, None, tuple(sorted(knights, key=lambda k: order[k.square])), (), (), layout.towers,
                         0, 0, 0)
        knights = [Knight(square, layout.zones[layout.homes[faction]].facing, faction)
                   for faction in layout.factions for square in layout.zones[layout.homes[faction]].line]
        return State(2, None, tuple(sorted(knights, key=lambda k: order[k.square])), opening_towers(layout),
                     (), 0, 0, 0, 0)

    def decision(self, state: State) -> str | None:
        """The dragon while it waits to be placed, then the seats in turn; None once the game is over."""
        if state.ending is not None:
            return None
        if state.dragon is None:
            return DRAGON
        return self.layout.seats[state.seat]

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal action of the side to decide (a lone ``pass`` when it has no move)."""
        seat = self.decision(state)
        return [] if seat is None else legal_actions(self.layout, state, seat)

    def check(self, state: State, action: Action) -> Verdict:
        """Legal exactly when the action is in :meth:`legal_actions`; otherwise the reason it is refused.

        A one-square step is the dragon's when it starts on the dragon's square and a knight's otherwise,
        whichever kind it was built with (the two read the same in the notation).
        """
        if action.kind in ("step", "dragon-step"):
            action = action._replace(kind="dragon-step" if action.path[:1] == (state.dragon,) else "step")
        if action in self.legal_actions(state):
            return LEGAL
        return diagnose(self.layout, state, action, self.decision(state))

    def apply(self, state: State, action: Action) -> Outcome[State]:
        """Carry out a legal action."""
        seat = self.decision(state)
        assert seat is not None
        if action.kind == "place":
            return effects.place_dragon(self.layout, state, action.path[0])
        if action.kind == "pass":
            return effects.pass_turn(self.layout, state, seat)
        if action.kind in ("dragon-step", "jump"):
            return effects.move_dragon(self.layout, state, action)
        return effects.move_knight(self.layout, state, action, seat)

    def result(self, state: State) -> Result | None:
        """The winners and the reason (capture, immobilised, skewer) once the game has ended."""
        if state.ending is None:
            return None
        return Result(state.ending.winners, state.ending.reason)

    def result_text(self, state: State) -> str:
        """Who won and how, in players' words ('The dragon has no move left: ... the yellow faction wins.')."""
        return "" if state.ending is None else effects.ending_text(state.ending)

    # -- text --------------------------------------------------------------------------------------

    def action_text(self, action: Action) -> str:
        """An action in the notation: ``@d5``, ``c2-c3``, ``e8>e7``, ``e1=a5``, ``d5xd7xf7``, ``pass``."""
        return notation.action_text(action)

    def parse_action(self, state: State, text: str) -> Action:
        """Read an action in the notation; ValueError naming the problem."""
        return notation.parse_action(self.layout, state, text)

    def state_text(self, state: State) -> str:
        """A position in a few lines."""
        return notation.state_text(self.layout, state, self.decision(state))

    def position(self, data: Mapping[str, Any]) -> State:
        """A rule example's position (``start: true`` for the opening)."""
        if data.get("start"):
            if len(data) > 1:
                raise ValueError("'start: true' gives the opening position; give nothing else with it")
            return self.new_game()
        return notation.read_position(self.layout, data)

    def action_kind(self, action: Action) -> str:
        """The kind of the action (one of :data:`~.state.ACTION_KINDS`)."""
        return action.kind

    # -- drawing ----------------------------------------------------------------------------------

    def piece_views(self, state: State) -> Mapping[str, tuple[PieceView, ...]]:
        """Towers under knights; knights with their facing and faction glyph; the dragon."""
        return drawing.piece_views(self.layout, state)

    def action_marks(self, state: State, action: Action, outcome: Outcome[State] | None,
                     verdict: Verdict) -> list[DiagramMark]:
        """Paths, devoured knights, ejections, broken towers, the end of the game, or the refusal."""
        return drawing.action_marks(self.layout, action, outcome, verdict)

    def focus_marks(self, state: State, cell: str) -> list[DiagramMark]:
        """Dots where the piece on ``cell`` may end its move, passages included."""
        return drawing.focus_marks(self.legal_actions(state), cell)

    # -- soundness ---------------------------------------------------------------------------------

    def invariants(self, state: State) -> list[str]:
        """Nothing lost or doubled, and nothing play cannot bring about: one piece per square, knight and tower
        counts that add up, facings that only earning a tower and coming home can change, Vatrakill's towers
        where the set-up put them, and nothing waiting to happen (a knight on an X square that should hold a
        tower)."""
        layout = self.layout
        found: list[str] = []
        squares = [k.square for k in state.knights]
        if len(set(squares)) != len(squares):
            found.append("two knights share a square")
        towers = {t.square for t in state.towers}
        if len(towers) != len(state.towers):
            found.append("two towers share a square")
        blocked = towers | set(state.broken)
        if len(set(state.broken)) != len(state.broken) or towers & set(state.broken):
            found.append("a broken tower shares its square")
        if state.dragon is not None and (state.dragon in squares or state.dragon in blocked):
            found.append(f"the dragon shares {state.dragon} with another piece")
        if set(squares) & set(state.broken):
            found.append("a knight stands on a broken tower")
        if min(state.reserve, state.devoured, state.absent) < 0:
            found.append(f"a negative count: {state.reserve} towers in reserve, {state.devoured} devoured, "
                         f"{state.absent} out of play")
        if len(state.knights) + state.devoured + state.absent != layout.knight_total:
            found.append(f"{len(state.knights)} knights on the board, {state.devoured} devoured and {state.absent} "
                         f"out of play do not make {layout.knight_total}")
        lost = sum(1 for square in state.broken if square in layout.camp) if layout.duel and state.round == 2 else 0
        if state.absent != lost:
            found.append(f"{len(state.knights)} knights on the board and {state.devoured} eaten: {state.absent} are "
                         "missing, and a knight leaves the board only when eaten, or in round 2 of the duel when a "
                         f"broken tower covers its camp square ({lost} here)")
        found += [f"the knight on {k.square} faces {k.facing}: nothing could have turned it that way"
                  for k in state.knights if k.facing != self.facing(state, k)]
        carried = [k for k in state.knights if k.carrying]
        if any(k.square in towers for k in carried):
            found.append("a carried tower stands on another tower")
        if layout.duel:
            total = len(state.towers) + len(carried) + len(state.broken) + state.reserve
            if (state.round == 1 and total != layout.towers) or total > layout.towers:
                found.append(f"{total} towers in all, the duel has {layout.towers}")
            if any(t.faction is not None for t in state.towers):
                found.append("a duel tower has a faction")
        elif state.towers != opening_towers(layout) or state.broken:
            found.append("Vatrakill's towers stand on the middles of the zones from the set-up on, and none is "
                         "ever broken")
        if state.round == 2 and (state.reserve or carried or any(k.returning for k in state.knights)):
            found.append("a round-1 errand survives into round 2")
        if state.round == 1:
            found += [f"the knight on {k.square} walks home on a camp square" for k in state.knights
                      if k.returning and k.square in layout.camp]
            if len(state.broken) > state.devoured:
                found.append(f"{len(state.broken)} broken towers, but only {state.devoured} knights devoured: a tower "
                             "breaks only when the dragon eats the knight carrying it")
            if state.reserve:
                found += [f"the knight on the X square {k.square} should have earned a tower there"
                          for k in state.knights if k.square in layout.x_squares and k.square not in towers
                          and not (k.carrying or k.returning)]
        if state.devoured >= layout.skewer and state.ending is None:
            found.append(f"{state.devoured} knights devoured but the game goes on")
        return found

    def facing(self, state: State, knight: Knight) -> str:
        """The only facing play can give a knight: its camp's or its zone's, or the camp's reverse while it
        brings a tower home or walks home in round 1 of the duel."""
        layout = self.layout
        if not layout.duel:
            return layout.zones[layout.homes[knight.faction]].facing
        if state.round == 1 and (knight.carrying or knight.returning):
            return OPPOSITE[layout.camp_facing]
        return layout.camp_facing

    def layout_problems(self) -> list[str]:
        """What makes the board a poor game (the spec is refused outright when it cannot be played)."""
        return layout_warnings(self.layout)

    def component_needs(self) -> Mapping[str, ComponentNeed]:
        """The knights of the camp or of each faction in play, the dragon, the towers, and the duel's broken-tower
        tokens (Vatrakill's towers never move and never break)."""
        layout = self.layout
        needs = {DRAGON: ComponentNeed(1, "one dragon")}
        if layout.duel:
            needs[KNIGHTS] = ComponentNeed(len(layout.camp), f"the duel's knights start on the {len(layout.camp)} "
                                                             "squares of the camp (board.yaml)")
            needs[TOWER] = ComponentNeed(layout.towers, "the towers the knights may earn in round 1 (towers in "
                                                        "game.yaml)")
            needs[BROKEN_TOWER] = ComponentNeed(layout.towers, "a token for each tower that may be broken while "
                                                               "carried (towers in game.yaml)", exact=False)
            needs[ROUND_MARKER] = ComponentNeed(1, "the marker of the round being played", exact=False)
            return needs
        for faction in layout.factions:
            line = layout.zones[layout.homes[faction]].line
            needs[faction] = ComponentNeed(len(line), f"the {faction} knights start on the {len(line)} squares of "
                                                      f"the front line of zone '{layout.homes[faction]}' (board.yaml)")
            needs[f"{TOWER}-{faction}"] = ComponentNeed(1, f"the {faction} faction's tower")
        empty = len(layout.zones) - len(layout.factions)
        if empty:
            needs[NEUTRAL_TOWER] = ComponentNeed(empty, f"a neutral tower on each of the {empty} zones no faction "
                                                        "plays from (options in game.yaml)", exact=False)
        if any(len(factions) > 1 for factions in layout.moves_of.values()):
            needs[KNIGHTS] = ComponentNeed(1, "the marker of the player who commands two factions", exact=False)
        return needs

    def result_problems(self, before: State, outcome: Outcome[State], claims: Mapping[str, Any]) -> list[str]:
        """The shared ``winner`` claim and the game's own claims (see :data:`~.notation.RESULT_SCHEMA`)."""
        events = [(e.kind, e.cells) for e in outcome.events]
        return super().result_problems(before, outcome, claims) + notation.claims_problems(
            self.layout, before, events, outcome.state, self.decision(outcome.state), claims)

    # -- self-play ---------------------------------------------------------------------------------

    def choose(self, rng: random.Random, state: State, actions: Sequence[Action]) -> Action:
        """Random with a purpose: knights head for their goal, the dragon often takes its longest move."""
        return policy.choose(self.layout, rng, state, actions, self.decision(state))

    def evaluate(self, state: State) -> Mapping[str, float]:
        """Each seat's share of the win, from the knights still to devour, the dragon's free squares and the towers
        set down (see :func:`.policy.estimate`)."""
        return policy.estimate(self.layout, state)
