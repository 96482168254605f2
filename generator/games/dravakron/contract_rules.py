"""Dravakron behind the shared engine contract: the :class:`~.rules.Rules` facade seen as a
:class:`~generator.play.contract.GameRules`.

The Dravakron engine predates the contract and keeps its own richer API
(traces, weapon reach), which :mod:`.drawing` turns into diagram marks; this adapter is the whole of what
shared code (verify, self-play, playthroughs, rule examples, the contract
tests, the benchmark) sees of it.
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from ...model.game import Game
from ...play.contract import ComponentNeed, Event, GameRules, Outcome, Result, Verdict
from ...play.views import DiagramMark, PieceView
from . import drawing
from .judgement import Judge
from .rules import ACTION_KINDS, REASONS, Action, Rules, State
from .rules.effects import Event as DravakronEvent
from .rules.invariants import state_problems
from .rules.selfplay import choose
from .rules.state import describe_piece, item_place
from .rules.text import render_state

#: A rule example's position: pieces by square, thrown flags, home counts, set-up, the player to move.
POSITION_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "pieces": {"type": "object", "additionalProperties": {"type": "string", "description":
                                                            "'<player> [merged] [frozen [<token>]] [carrying <item>]'"}},
        "lying": {"type": "object", "additionalProperties": {"type": "string"},
                  "description": "Flags thrown onto squares: square -> flag id."},
        "home": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
        "setup": {"type": "boolean", "description": "True while the free drops of set-up are pending."},
        "to_move": {"type": "string", "description": "Player to act (default: the first player)."},
    },
}
#: What a rule example may claim about the position after its actions.
RESULT_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "eliminated": {"type": "array", "items": {"type": "string"}},
        "winner": {"type": "string"},
        "items": {"type": "object", "additionalProperties": {"type": "string"},
                  "description": "item -> 'stored', 'carried <sq>', 'lying <sq>' or 'token <sq>'."},
        "pieces": {"type": "object", "additionalProperties": {"type": ["string", "null"]},
                   "description": "square -> piece description, or null for an empty square."},
    },
}


def _event(event: DravakronEvent) -> Event:
    cells = tuple(c for c in (event.square, event.other) if c)
    return Event(event.kind, event.describe(), cells)

#: How a diagram tells players each way the game is won; ``{winner}`` and ``{loser}`` are the players' names.
WIN_WORDS: dict[str, str] = {
    "flag-home": "{winner} has brought the enemy flag home: {winner} wins.",
    "siege": "{winner} holds all three squares around the enemy flag: {winner} wins.",
    "elimination": "{loser} has no unfrozen piece left in play: {winner} wins.",
    "time": "{loser} has run out of time: {winner} wins.",
}


class DravakronRules(GameRules[State, Action]):
    """The Dravakron engine, as the shared contract asks for it."""

    reasons = REASONS
    action_kinds = tuple(ACTION_KINDS)
    max_plies = 300
    #: A search's playouts a decision, the actions it plays each on before it judges the position (the reply; see
    #: :mod:`.judgement`), and how it grows its tree: the game's own policy plays mostly at random, so a node
    #: weighs twice as many actions as by default and the policy's own pick gets no head start.
    search_budget = 60
    search_horizon = 1
    search_widening = 4.0
    search_bias = 0.0
    position_schema = POSITION_SCHEMA
    result_schema = RESULT_SCHEMA

    def __init__(self, rules: Rules, initials: Mapping[str, str] | None = None,
                 names: Mapping[str, str] | None = None):
        self.rules = rules
        self.players = rules.players
        self.initials = dict(initials or {})
        self.names = dict(names or {})
        #: The judgement of positions still in play (:meth:`evaluate`).
        self.judge = Judge(rules.tables)

    def new_game(self, seed: int | None = None) -> State:
        """Set-up first; with a seed the first player is drawn, as the rulebook's coin toss."""
        first = random.Random(seed).choice(self.players) if seed is not None else None
        return self.rules.new_game(first=first)

    def decision(self, state: State) -> str | None:
        """The player to act, or None once somebody has won."""
        return None if state.over else state.actor

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal action of the player to act."""
        return self.rules.legal_actions(state)

    def check(self, state: State, action: Action) -> Verdict:
        """The engine's verdict, with its reason code and sentence."""
        found = self.rules.check(state, action)
        return Verdict(found.legal, found.code or "", found.message or "")

    def apply(self, state: State, action: Action) -> Outcome[State]:
        """Carry out a legal action."""
        done = self.rules.apply(state, action, checked=False)
        return Outcome(done.state, tuple(_event(e) for e in done.events))

    def result(self, state: State) -> Result | None:
        """The winner and how, once the game is won."""
        return Result((state.winner,), state.win_reason or "") if state.winner else None

    def result_text(self, state: State) -> str:
        """How the game was won, in players' words ('' while it goes on)."""
        if not state.winner or state.win_reason not in WIN_WORDS:
            return ""
        loser = next(p for p in self.players if p != state.winner)
        return WIN_WORDS[state.win_reason].format(winner=self.names.get(state.winner, state.winner),
                                                  loser=self.names.get(loser, loser))

    def action_text(self, action: Action) -> str:
        """``'<player> <kind> [<from>] [<to>[><landing>]]'``."""
        return str(action)

    def parse_action(self, state: State, text: str) -> Action:
        """Read an action's text form."""
        return Action.parse(text)

    def action_kind(self, action: Action) -> str:
        """One of :data:`~.rules.ACTION_KINDS`."""
        return action.kind

    def state_text(self, state: State) -> str:
        """The board as text with items, home counts and whose turn it is."""
        return render_state(self.rules.tables, state)

    def position(self, data: Mapping[str, Any]) -> State:
        """A position from a rule example (see :data:`POSITION_SCHEMA`)."""
        players = self.players
        to_move = data.get("to_move", players[0])
        if to_move not in players:
            raise ValueError(f"unknown player to move '{to_move}' (players: {', '.join(players)})")
        return self.rules.position(data.get("pieces", {}), lying=data.get("lying"), to_move=to_move,
                                   home=data.get("home"), setup=tuple(players) if data.get("setup") else ())

    def invariants(self, state: State) -> list[str]:
        """Nothing lost, nothing doubled, nothing out of place."""
        return state_problems(self.rules.tables, state)

    def result_problems(self, before: State, outcome: Outcome[State], claims: Mapping[str, Any]) -> list[str]:
        """Check claims about eliminations, items, pieces and the winner."""
        found = super().result_problems(before, outcome, claims)
        final = outcome.state
        if "eliminated" in claims:
            got = sorted(e.cells[0] for e in outcome.events if e.kind == "eliminated")
            if sorted(claims["eliminated"]) != got:
                found.append(f"claims {sorted(claims['eliminated'])} eliminated, the engine eliminates "
                             f"{got or 'nothing'}")
        for item, place in claims.get("items", {}).items():
            try:
                where, square = item_place(final, item)
            except LookupError:
                where, square = "nowhere", None
            actual = where if square is None else f"{where} {square}"
            if actual != place:
                found.append(f"claims {item} is {place}, the engine has it {actual}")
        for square, description in claims.get("pieces", {}).items():
            piece = final.pieces.get(square)
            held = describe_piece(piece) if piece else None
            if held != description:
                found.append(f"claims {square} holds {description!r}, the engine has {held!r}")
        return found

    def choose(self, rng: random.Random, state: State, actions: Sequence[Action]) -> Action:
        """Random with a purpose (see :mod:`.rules.selfplay`), so that games reach the rare situations."""
        return choose(rng, self.rules.tables, state, list(actions))

    def evaluate(self, state: State) -> Mapping[str, float]:
        """Each player's share of the win in a position still in play (see :mod:`.judgement`)."""
        share = self.judge.first_share(state)
        return {self.players[0]: share, self.players[1]: 1.0 - share}

    def piece_views(self, state: State) -> Mapping[str, tuple[PieceView, ...]]:
        """Each occupied square: a disc (two for a merged pair) with its side's initial, item and frozen ring."""
        return drawing.piece_views(self.initials, state)

    def action_marks(self, state: State, action: Action, outcome: Outcome[State] | None,
                     verdict: Verdict) -> list[DiagramMark]:
        """The action's line (and gate hop), a weapon's reach and blockers, what it did, or the refusal."""
        return drawing.action_marks(self.rules, state, action, outcome, verdict)

    def focus_marks(self, state: State, cell: str) -> list[DiagramMark]:
        """The focus piece's destinations, merges and weapon reach."""
        return drawing.focus_marks(self.rules, state, cell)

    def component_needs(self) -> Mapping[str, ComponentNeed]:
        """A playing piece for each of a player's home squares."""
        return {player: ComponentNeed(len(homes), f"{player} starts with a piece on each of its {len(homes)} home "
                                      "squares (board.yaml)") for player, homes in self.rules.tables.home.items()}

    def cell_labels(self, state: State) -> Mapping[str, str]:
        """'empty' on the printed origin of every item that is elsewhere."""
        return drawing.empty_origins(self.rules, state)


def make_rules(game: Game) -> DravakronRules:
    """The Dravakron engine on a loaded game's board; a located error for a board it cannot play on."""
    from ...errors import Problem, SpecError
    from .rules import LayoutError
    from .rules.structure import board_file, structure_problems

    problems = structure_problems(game)
    if problems:
        raise SpecError(problems)
    try:
        return DravakronRules(Rules.for_game(game), {p.id: p.name[:1] for p in game.players},
                              {p.id: p.name for p in game.players})
    except LayoutError as exc:
        raise SpecError([Problem(board_file(game), None, None, str(exc))]) from None
