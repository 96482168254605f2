"""Apply a legal action: the next state and a list of what happened.

An action's direct effect (a move, a blast, a pass) is followed by the
automatic consequences every rule of the book implies, in this order:

1. items that leave play go back to their origin (storage or flag square);
2. frozen pieces with an unfrozen piece of their own side beside them thaw,
   and their freeze token goes back to its storage;
3. pieces that can take an item (single, unfrozen, empty-handed) and stand on
   an acquisition square whose item is at its origin take it - the piece that
   just acted first, then its side's other pieces, then the opponent's, each
   in the order of the board spec;
4. wins are checked, the acting player's first.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from ....wording import counted
from .actions import Action
from .state import Piece, State
from .tables import BoardTables


class Event(NamedTuple):
    """One thing that happened during an action.

    ``kind`` is one of :data:`EVENT_KINDS`; the other fields say where
    (``square``, and ``other`` for a second square), whose (``player``),
    which item, and how many pieces (``count``) or how (``how``).
    """

    kind: str
    square: str | None = None
    player: str | None = None
    item: str | None = None
    other: str | None = None
    count: int = 0  # type: ignore[assignment]  # how many pieces, not tuple.count
    how: str = ""

    def describe(self) -> str:
        """A short sentence for reports and playthroughs."""
        return EVENT_TEXT[self.kind].format(**self._asdict(), carried=self.item or "the piece",
                                            pieces=counted(self.count, "piece"))


#: Every event kind and how it reads.
EVENT_TEXT = {
    "dropped": "{player} drops a piece onto {square}{how}",
    "skipped": "{player} declines the free drop",
    "moved": "{player} moves from {other} to {square}",
    "passed-over": "{player} passes over {square}",
    "transported": "the gate at {other} carries {carried} to {square}",
    "eliminated": "{pieces} of {player} on {square} eliminated and sent home",
    "captured": "{player} takes {item} from the eliminated piece",
    "returned": "{item} goes back to {square}",
    "picked-up": "{item} is taken by {player}'s piece on {square}",
    "used": "{item} is used from {square}",
    "frozen": "{player}'s piece on {square} is frozen by {item}",
    "unfrozen": "{player}'s piece on {square} is freed ({how})",
    "merged": "{player} merges two pieces on {square}",
    "unmerged": "{player} splits the pair on {other}, one piece now on {square}",
    "thrown": "{item} is thrown onto {square}",
    "discarded": "{item} is discarded from {square}",
    "sent": "{item} passes from {other} to {square}",
    "won": "{player} wins ({how})",
}
EVENT_KINDS = tuple(EVENT_TEXT)


class Outcome(NamedTuple):
    """The result of applying an action: the new state and the events, in order."""

    state: State
    events: tuple[Event, ...]

    def of_kind(self, kind: str) -> list[Event]:
        """The events of one kind."""
        return [e for e in self.events if e.kind == kind]

    @property
    def eliminated(self) -> list[tuple[str, str, int]]:
        """(square, owner, number of pieces) for every elimination."""
        return [(e.square, e.player, e.count) for e in self.events if e.kind == "eliminated"]  # type: ignore[misc]

    @property
    def winner(self) -> str | None:
        """Who won with this action, if anyone."""
        return self.state.winner


class _Turn:
    """Mutable copies of one state's parts while an action is carried out."""

    def __init__(self, tb: BoardTables, state: State, player: str):
        self.tb = tb
        self.state = state
        self.player = player
        self.pieces = dict(state.pieces)
        self.lying = dict(state.lying)
        self.stored = set(state.stored)
        self.home = dict(state.home)
        self.events: list[Event] = []
        self.struck = False
        self.focus: str | None = None

    def note(self, kind: str, **fields: Any) -> None:
        self.events.append(Event(kind, **fields))

    def give_back(self, item: str) -> None:
        """Send an item to its origin."""
        self.stored.add(item)
        self.note("returned", square=self.tb.origin[item], item=item)

    def eliminate(self, square: str, capture: bool) -> str | None:
        """Send the piece(s) on ``square`` home; return the item taken as spoils, if ``capture`` allows."""
        victim = self.pieces.pop(square)
        self.home[victim.owner] += victim.count
        self.struck = self.struck or victim.owner != self.player
        self.note("eliminated", square=square, player=victim.owner, count=victim.count)
        item = victim.item
        if item is None:
            return None
        if victim.frozen or not capture:
            self.give_back(item)
            return None
        return item

    def thaw(self, square: str, how: str) -> None:
        piece = self.pieces[square]
        self.pieces[square] = Piece(piece.owner)
        self.note("unfrozen", square=square, player=piece.owner, item=piece.item, how=how)
        self.give_back(piece.item)  # type: ignore[arg-type]

    def arrive(self, square: str, mover: Piece, capture: bool) -> Piece:
        """Put a moving piece on ``square``: eliminate an opponent there, deal with a thrown flag."""
        if square in self.pieces:
            spoils = self.eliminate(square, capture and mover.item is None)
            if spoils is not None:
                mover = mover._replace(item=spoils)
                self.note("captured", square=square, player=mover.owner, item=spoils)
        flag = self.lying.pop(square, None)
        if flag is not None:
            if mover.free_hands:
                mover = mover._replace(item=flag)
                self.note("picked-up", square=square, player=mover.owner, item=flag)
            else:
                self.give_back(flag)
        self.pieces[square] = mover
        return mover

    def settle(self) -> None:
        """Thaw guarded frozen pieces, then let pieces on acquisition squares take what waits there."""
        tb, pieces = self.tb, self.pieces
        thawing = True
        while thawing:
            thawing = False
            for square, piece in list(pieces.items()):
                if piece.frozen and any((p := pieces.get(n)) is not None and p.owner == piece.owner and not p.frozen
                                        for n in tb.neighbours[square]):
                    self.thaw(square, "a piece of its side stands beside it")
                    thawing = True
        order = [self.focus] if self.focus else []
        order += [s for s in tb.acquisition_item if s in pieces and pieces[s].owner == self.player]
        order += [s for s in tb.acquisition_item if s in pieces and pieces[s].owner != self.player]
        for square in order:
            found = pieces.get(square)
            item = tb.acquisition_item.get(square)
            if found is not None and item is not None and item in self.stored and found.free_hands:
                self.stored.discard(item)
                pieces[square] = found._replace(item=item)
                self.note("picked-up", square=square, player=found.owner, item=item)

    def winner(self) -> tuple[str, str] | None:
        """Who has won after the action, the acting player checked first."""
        tb, pieces = self.tb, self.pieces
        first, second = self.player, tb.opponent[self.player]
        for player in (first, second):
            opponent_flag = tb.flag_item[tb.opponent[player]]
            for square in tb.flag_acquisition[tb.flag_item[player]]:
                piece = pieces.get(square)
                if piece is not None and piece.owner == player and piece.item == opponent_flag:
                    return player, "flag-home"
            ring = tb.flag_acquisition[opponent_flag]
            if all(s in pieces and pieces[s].owner == player for s in ring) and (
                    opponent_flag in self.stored or any(pieces[s].item == opponent_flag for s in ring)):
                return player, "siege"
            if player == first and self.struck and not any(
                    p.owner == second and not p.frozen for p in pieces.values()):
                return player, "elimination"
        return None

    def finish(self) -> tuple[State, tuple[Event, ...]]:
        self.settle()
        state = self.state
        won = self.winner()
        winner, reason = won if won else (None, None)
        if won:
            self.note("won", player=winner, how=reason)
        if state.setup:
            setup, to_move = state.setup[1:], state.to_move
        else:
            setup, to_move = (), self.tb.opponent[state.to_move]
        new = State(self.pieces, self.lying, frozenset(self.stored), self.home, to_move, setup,
                    winner, reason, state.ply + 1)
        return new, tuple(self.events)


def apply_action(tb: BoardTables, state: State, action: Action) -> Outcome:
    """Carry out an action already known to be legal (see :func:`.check.refusal`)."""
    turn = _Turn(tb, state, action.player)
    if action.kind == "drop":
        _drop(turn, action.player)
    elif action.kind == "skip-free-drop":
        turn.note("skipped", player=action.player)
    else:
        frm = action.frm or ""
        EFFECTS[action.kind](turn, action, frm, action.to or frm)
    return Outcome(*turn.finish())


def _drop(turn: _Turn, player: str) -> None:
    start = turn.tb.start[player]
    turn.home[player] -= 1
    merged = start in turn.pieces
    turn.pieces[start] = Piece(player, merged=merged)
    turn.note("dropped", square=start, player=player, how=" and merges" if merged else "")


def _move(turn: _Turn, action: Action, frm: str, to: str) -> None:
    tb = turn.tb
    mover = turn.pieces.pop(frm)
    line = tb.line_between(frm, to, orthogonal_only=True)
    if action.kind != "step" and line:
        for square in line[:-1]:
            turn.note("passed-over", square=square, player=mover.owner)
            passed = turn.pieces.get(square)
            if passed is not None and passed.frozen:
                turn.thaw(square, "a piece passed over it")
    end = action.land or to
    if action.land is not None:
        turn.note("transported", square=end, other=to, player=mover.owner)
    turn.note("moved", square=end, other=frm, player=mover.owner)
    mover = turn.arrive(end, mover, capture=action.kind == "step")
    if action.kind == "rapid-transport" and mover.item is not None:
        turn.pieces[end] = mover._replace(item=None)
        turn.note("used", square=end, item=mover.item)
        turn.give_back(mover.item)
    turn.focus = end


def _merge(turn: _Turn, action: Action, frm: str, to: str) -> None:
    mover = turn.pieces.pop(frm)
    turn.pieces[to] = Piece(mover.owner, merged=True)
    turn.note("merged", square=to, player=mover.owner)
    turn.focus = to


def _unmerge(turn: _Turn, action: Action, frm: str, to: str) -> None:
    player = action.player
    turn.pieces[frm] = Piece(player)
    turn.note("unmerged", square=to, other=frm, player=player)
    if action.kind == "unmerge-merge":
        turn.pieces[to] = Piece(player, merged=True)
        turn.note("merged", square=to, player=player)
    else:
        turn.arrive(to, Piece(player), capture=False)
    turn.focus = to


def _throw(turn: _Turn, action: Action, frm: str, to: str) -> None:
    piece = turn.pieces[frm]
    flag = piece.item or ""
    turn.pieces[frm] = piece._replace(item=None)
    end = action.land or to
    if action.land is not None:
        turn.note("transported", square=end, other=to, player=piece.owner, item=flag)
    turn.lying[end] = flag
    turn.note("thrown", square=end, item=flag, player=piece.owner)
    turn.focus = frm


def _discard(turn: _Turn, action: Action, frm: str, to: str) -> None:
    piece = turn.pieces[frm]
    weapon = piece.item or ""
    turn.pieces[frm] = piece._replace(item=None)
    turn.note("discarded", square=frm, item=weapon, player=piece.owner)
    turn.give_back(weapon)
    turn.focus = frm


def _strike(turn: _Turn, action: Action, frm: str, to: str) -> None:
    user = turn.pieces[frm]
    weapon = user.item or ""
    turn.pieces[frm] = user._replace(item=None)
    turn.note("used", square=frm, item=weapon, player=user.owner)
    target = turn.pieces[to]
    if action.kind == "bomb" or target.merged:
        turn.eliminate(to, capture=False)
        turn.give_back(weapon)
    else:
        if target.item is not None:
            turn.give_back(target.item)
        turn.pieces[to] = Piece(target.owner, frozen=True, item=weapon)
        turn.struck = True
        turn.note("frozen", square=to, player=target.owner, item=weapon)
    turn.focus = frm


def _send(turn: _Turn, action: Action, frm: str, to: str) -> None:
    sender = turn.pieces[frm]
    taker = turn.pieces[to]
    turn.pieces[frm] = sender._replace(item=taker.item)
    turn.pieces[to] = taker._replace(item=sender.item)
    turn.note("sent", square=to, other=frm, item=sender.item, player=sender.owner)
    if taker.item is not None:
        turn.note("sent", square=frm, other=to, item=taker.item, player=sender.owner)
    turn.focus = frm


#: What each kind of action with an acting piece does (``to`` is ``frm`` for a discard).
EFFECTS: dict[str, Callable[[_Turn, Action, str, str], None]] = {
    "step": _move,
    "merged-move": _move,
    "rapid-transport": _move,
    "merge": _merge,
    "unmerge": _unmerge,
    "unmerge-merge": _unmerge,
    "throw-flag": _throw,
    "discard-weapon": _discard,
    "bomb": _strike,
    "freeze": _strike,
    "send": _send,
    "exchange": _send,
}
