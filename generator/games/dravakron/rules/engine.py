"""The rules engine: one object per board that answers every question about play on it."""
from __future__ import annotations

from pathlib import Path
from typing import Mapping, NamedTuple

from ....model.game import Game, load_game
from . import conditions as cond
from .actions import Action
from .check import refusal
from .effects import Outcome, apply_action
from .generate import legal_actions, piece_actions
from .reasons import IllegalAction, Verdict, verdict
from .state import Piece, State, build_state, new_game
from .tables import BoardTables, build_tables


class Trace(NamedTuple):
    """The squares an action goes through: crossed on the way, gate used, where it ends."""

    passed: tuple[str, ...]
    end: str | None
    gate: str | None = None


class Reach(NamedTuple):
    """Where a weapon in the hands of one piece reaches.

    ``open`` lists every square the blast gets to, in line order;
    ``targets`` the opponent pieces among them it may hit now; ``blocked``
    each square that stops a line, with the reason code.
    """

    open: tuple[str, ...]
    targets: tuple[str, ...]
    blocked: tuple[tuple[str, str], ...]


class Rules:
    """The Dravakron rules on one board.

    ``time_limit_minutes`` records a time limit the players agreed on (the
    fourth way to win); the engine keeps no clock, it only reports the
    setting and ends the game when told that a player ran out of time.
    """

    def __init__(self, tables: BoardTables, time_limit_minutes: int | None = None):
        self.tables = tables
        self.time_limit_minutes = time_limit_minutes

    @classmethod
    def for_game(cls, game: Game | str | Path, time_limit_minutes: int | None = None) -> "Rules":
        """Rules for a loaded game, or for a game name or folder (loaded here)."""
        if not isinstance(game, Game):
            game = load_game(game)
        tables = build_tables(game.board, [p.id for p in game.players], {i.id: i.kind for i in game.items})
        return cls(tables, time_limit_minutes)

    @property
    def players(self) -> tuple[str, str]:
        """The two player ids, in spec order."""
        return self.tables.players

    # -- positions ---------------------------------------------------------------------------

    def new_game(self, first: str | None = None, setup: bool = True) -> State:
        """The opening position (see :func:`.state.new_game`)."""
        return new_game(self.tables, first, setup)

    def position(self, pieces: Mapping[str, str | Piece], *, lying: Mapping[str, str] | None = None,
                 to_move: str | None = None, home: Mapping[str, int] | None = None,
                 setup: tuple[str, ...] = ()) -> State:
        """A state from a description (see :func:`.state.build_state` for the piece format)."""
        return build_state(self.tables, pieces, lying=lying, to_move=to_move, home=home, setup=setup)

    # -- actions -----------------------------------------------------------------------------

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal action of the player to act (empty once the game is won)."""
        return legal_actions(self.tables, state)

    def piece_actions(self, state: State, square: str) -> list[Action]:
        """The legal actions of the piece on ``square``."""
        return piece_actions(self.tables, state, square)

    def check(self, state: State, action: Action | str) -> Verdict:
        """Is the action legal? A :class:`.reasons.Verdict` with the reason code and sentence if not."""
        if isinstance(action, str):
            action = Action.parse(action)
        return verdict(refusal(self.tables, state, action))

    def apply(self, state: State, action: Action | str, *, checked: bool = True) -> Outcome:
        """Carry out an action: the next state and the events.

        Raises :class:`.reasons.IllegalAction` for an illegal action; pass
        ``checked=False`` only for actions taken from :meth:`legal_actions`.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        if checked:
            found = self.check(state, action)
            if not found:
                raise IllegalAction(action, found)
        return apply_action(self.tables, state, action)

    def play(self, state: State, *actions: Action | str) -> State:
        """Apply several actions in turn and return the final state."""
        for action in actions:
            state = self.apply(state, action).state
        return state

    def time_out(self, state: State, loser: str) -> State:
        """End the game because ``loser`` ran out of the agreed time."""
        if self.time_limit_minutes is None:
            raise ValueError("no time limit was agreed for this game")
        if state.winner is not None:
            raise ValueError(f"the game is already over: {state.winner} has won")
        return state._replace(winner=self.tables.opponent[loser], win_reason="time")

    # -- geometry for diagrams ---------------------------------------------------------------

    def trace(self, state: State, action: Action | str) -> Trace:
        """The squares a (legal) action goes through and where it ends."""
        if isinstance(action, str):
            action = Action.parse(action)
        tb = self.tables
        kind = action.kind
        if kind in ("drop", "skip-free-drop"):
            return Trace((), tb.start[action.player] if kind == "drop" else None)
        frm, to = action.frm or "", action.to or ""
        if kind == "discard-weapon":
            item = state.pieces[frm].item
            return Trace((), tb.origin[item] if item else None)
        if action.land is not None:
            return Trace((), action.land, to)
        if kind in ("bomb", "freeze", "send", "exchange") and cond.through_gate(tb, frm, to):
            return Trace((), to, tb.gate_of_landing[to])
        if kind in ("merged-move", "rapid-transport", "bomb", "freeze", "send", "exchange"):
            line = tb.line_between(frm, to, orthogonal_only=kind not in ("bomb", "freeze"))
            return Trace(line[:-1] if line else (), to)
        return Trace((), to)

    def weapon_reach(self, state: State, square: str, weapon: str | None = None) -> Reach:
        """Where a bomb or freeze used by the piece on ``square`` reaches, and what stops it.

        ``weapon`` ('bomb' or 'freeze') defaults to the kind the piece carries,
        or 'bomb' when it carries neither.
        """
        tb = self.tables
        piece = state.pieces[square]
        if weapon is None:
            carried = tb.item_kind.get(piece.item) if piece.item else None
            weapon = carried if carried in ("bomb", "freeze") else "bomb"
        freeze = weapon == "freeze"
        opened: list[str] = []
        targets: list[str] = []
        blocked: list[tuple[str, str]] = []
        for line in tb.lines[square]:
            for target, stop in cond.blast(tb, state, piece.owner, line[:cond.WEAPON_RANGE]):
                if stop is not None:
                    blocked.append((target, stop[0]))
                    continue
                opened.append(target)
                if target in state.pieces and cond.weapon_target(tb, state, piece.owner, target, freeze) is None:
                    targets.append(target)
        for gate in tb.gates_next_to[square]:
            for target in tb.gate_landings[gate]:
                opened.append(target)
                if target in state.pieces and cond.weapon_target(tb, state, piece.owner, target, freeze) is None:
                    targets.append(target)
        return Reach(tuple(opened), tuple(targets), tuple(blocked))
