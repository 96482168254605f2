"""The Dravakron rules model: positions, legal actions and their reasons, effects, wins.

The engine reads everything about the board from the spec (through
:class:`~generator.model.board.Board`), so it follows any layout a board spec
describes. The readings chosen where the rulebook is unclear are listed in
``specs/dravakron/rules-interpretations.md``.

Quick start::

    from generator.games.dravakron.rules import Rules

    rules = Rules.for_game("dravakron")          # or Rules.for_game(loaded_game)
    state = rules.new_game()                     # set-up: each side may drop a piece for free
    state = rules.play(state, "red drop", "black drop")
    for action in rules.legal_actions(state):
        print(action)                            # e.g. "red step b10 c10"
    outcome = rules.apply(state, "red step b10 c10")
    outcome.state, outcome.events                # the next position, what happened

Positions for diagrams and tests are built from a description::

    state = rules.position(
        {"c5": "red carrying zagmora-1", "d6": "black merged", "f5": "black frozen",
         "b10": "red"},                           # a piece on its own starting point
        lying={"k8": "red-flag"},                 # a thrown flag
        to_move="red")                            # home counts follow from the rest

Public API (all on :class:`Rules` unless noted):

``Rules.for_game(game_or_name, time_limit_minutes=None) -> Rules``
    The rules on a game's board. ``time_limit_minutes`` records an agreed
    time limit; :meth:`Rules.time_out` ends a game on time.
``new_game(first=None, setup=True) -> State``
    The opening position (set-up phase first, unless ``setup=False``).
``position(pieces, *, lying=None, to_move=None, home=None, setup=()) -> State``
    A state from a description: pieces by square as ``"<player> [merged]
    [frozen [<freeze item>]] [carrying <item>]"`` or :class:`Piece`, thrown
    flags by square, the player to move. Items not placed rest at their origin.
``legal_actions(state) -> list[Action]`` / ``piece_actions(state, square) -> list[Action]``
    Every legal action of the player to act, or of one piece.
``check(state, action) -> Verdict``
    ``Verdict(legal, code, message)``: for an illegal action, a stable reason
    code from :data:`REASONS` and a sentence, e.g. ``path-crosses-storage``,
    "path crosses the weapon storage at h6".
``apply(state, action) -> Outcome``
    ``Outcome(state, events)``: the next state and the :class:`Event` list
    (eliminations, items taken, returned or passed, pieces frozen or freed,
    gates crossed, the win). Raises :class:`IllegalAction` for illegal actions.
``play(state, *actions) -> State``
    Apply several actions (objects or text) in turn.
``trace(state, action) -> Trace``
    ``Trace(passed, end, gate)``: the squares an action crosses, where it
    ends, the main gate it goes through.
``weapon_reach(state, square, weapon=None) -> Reach``
    ``Reach(open, targets, blocked)``: the squares a bomb or freeze used from
    ``square`` reaches, the pieces it may hit, and each square that stops a
    line with its reason code.
``time_out(state, loser) -> State``
    The game ended on time (only when a time limit was agreed).

Actions are :class:`Action` ``(kind, player, frm, to, land)`` values with a
text form (``str(action)`` / ``Action.parse``); the kinds and what their
squares mean are listed in :data:`ACTION_KINDS`. States are immutable
:class:`State` values; ``State.winner`` and ``State.win_reason`` (one of
``flag-home``, ``siege``, ``elimination``, ``time``) report the end.

Modules: :mod:`.tables` (precomputed board geometry), :mod:`.state`,
:mod:`.actions`, :mod:`.reasons` (codes and sentences), :mod:`.conditions`
(each rule, shared by :mod:`.check` and :mod:`.generate`), :mod:`.effects`
(applying actions), :mod:`.engine` (the :class:`Rules` facade),
:mod:`.invariants`, :mod:`.selfplay` (the self-play policy), :mod:`.text`
(positions as text) and
:mod:`.structure` (board checks used by ``generator.kit.verify``).
"""
from .actions import ACTION_KINDS, Action
from .effects import EVENT_KINDS, Event, Outcome
from .engine import Reach, Rules, Trace
from .reasons import REASONS, IllegalAction, Verdict
from .state import WIN_REASONS, Piece, State
from .tables import BoardTables, LayoutError

__all__ = ["ACTION_KINDS", "Action", "EVENT_KINDS", "Event", "Outcome", "Reach", "Rules", "Trace", "REASONS",
           "IllegalAction", "Verdict", "WIN_REASONS", "Piece", "State", "BoardTables", "LayoutError"]
