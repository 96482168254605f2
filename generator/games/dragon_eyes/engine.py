"""The Dragon Eyes engine: the shared game contract implemented on the modules of this package."""
from __future__ import annotations

from fractions import Fraction
from itertools import compress
from typing import Any, Mapping

from ...play.contract import CHANCE, LEGAL, ComponentNeed, Event, Outcome, Result, StepRules, Verdict
from ...play.views import DiagramMark, PieceView
from . import actions as notation
from .actions import ACTION_KINDS, Action, Capture, DeclareDraw, Flip, Reveal, Step
from .captures import all_chain_outcomes, all_chains, captured_cells
from .check import eye_counts, refusal
from .drawing import action_marks, piece_views
from .ending import ENDING_WORDS, ENDINGS, ending
from .judgement import Judge
from .positions import CELLS, position_schema, read_position, state_text
from .reasons import REASONS
from .state import DOWN, EMPTY, State, piece_of
from .tables import Tables

#: True for a face-down hex's code (compress picks the flips with it).
_DOWN = DOWN.__eq__

#: Self-play cap on one game's length (not a rule): 84 flips with their reveals and at most 82
#: capture turns fit well inside it, and the second phase ends within a few turns.
MAX_PLIES = 400


#: How many positions' capture chains an engine remembers for a search (see ``DragonEyesRules.search_actions``).
REMEMBERED = 4096

#: How far a search walks one piece's capture chains (see :func:`.captures.chain_outcomes`): an enchanted piece in a
#: crowd of 27 enemies (met in a balance report) leaves 100,152 different positions, listed in 4.6 s; 5,000 steps
#: find 1,570 of them in 0.02 s, the longest chain of 21 captures (22 among all). Smaller walks are listed whole.
CROWD = 5000


class DragonEyesRules(StepRules[State, Action]):
    """The rules of Dragon Eyes on one board.

    ``players`` are the two sides in seat order (the first moves first and owns
    the light pieces); ``per_side`` is how many pieces each side owns (half the
    non-eye hexes); ``declare_draw`` turns on the variant in which level Dragon
    Eyes give a draw only when the player to move declares it; ``names`` are the
    sides' names in players' words (the ids when not given).
    """

    reasons = REASONS
    max_plies = MAX_PLIES
    #: How many actions a search plays a playout on before it judges the position (see :mod:`.judgement`): a flip
    #: and its reveal, say. Random trial play adds only noise to a judgement that weighs how loosely the eyes are
    #: held: cut after 2 actions, the search wins as often against the game's own player as after 10 (175 of 200
    #: seeded games, 172 after 10; 156 of 200 with ``--seed 1``) in less than half the time.
    search_horizon = 2
    #: No head start for the first pick of the game's own player, which picks uniformly at random: with one the search
    #: kept close to that random pick (34 wins in 40 games against the game's own player, 38 without).
    search_bias = 0.0
    #: Playouts a decision, and a node weighing up to four times the square root of its visits: against the game's
    #: own player (200 seeded games with ``--seed 0`` and 200 with ``--seed 1``) the search won 331 of 400 with 100
    #: playouts and a widening of 2, 344 with these (86 %), 353 with 300 playouts and 365 (91 %) with 400, which
    #: cost twice as much again; a 1,000-game balance report takes about 7 minutes on two cores with these. Over
    #: 800 games (``--seed`` 0 to 3) these won 698 (87 %); 400 playouts won 546 of 600 (91 %, seeds 0 to 2) for 1.7 s
    #: of processor time a balance game (about 14 minutes a report). Spending the extra playouts on some decisions
    #: only did not buy the strength for less: 400 while more than 40 pieces were face down won 722 of 800 (90 %)
    #: for 1.2-1.3 s a balance game (over 10 minutes a report), 300 there 684 (86 %); a node weighing only twice
    #: the square root of its visits there 339 of 400; starting nodes with the flips a one-action look judged best
    #: 174 and 172 of 200 (seed 0, where these won 176).
    search_budget = 200
    search_widening = 4.0

    def __init__(self, players: tuple[str, str], tables: Tables, per_side: int, declare_draw: bool,
                 layout: list[str] | None = None, names: tuple[str, str] | None = None):
        self.players = players
        self.names = names or players
        self.tables = tables
        self.per_side = per_side
        self.declare_draw = declare_draw
        self.layout = list(layout or [])
        #: The kinds of action players choose under these rules: 'draw' only with the declared-draw variant.
        self.action_kinds = ACTION_KINDS if declare_draw else tuple(k for k in ACTION_KINDS if k != "draw")
        self._flips = tuple(Flip(cell) for cell in range(tables.size))
        self.position_schema = position_schema(players)
        self.result_schema = _result_schema(players)
        #: The judgement of positions still in play (:meth:`evaluate`).
        self.judge = Judge(tables)
        #: Each side's odds of owning a turned piece, for each pair of face-down counts met so far.
        self._odds: dict[tuple[int, int], list[tuple[int, Fraction]]] = {}
        #: The capture chains a search weighs (:meth:`search_actions`) in the positions met lately, by board and
        #: piece code: a search asks for its root's and its tree's positions again in every playout.
        self._outcomes: dict[tuple[tuple[int, ...], int], list[Action]] = {}

    # -- the game ------------------------------------------------------------------------------

    def new_game(self, seed: int | None = None) -> State:
        """Every non-eye hex holds a face-down piece, half of each side; the first seat moves.

        The seed is not needed: which side a face-down piece belongs to is drawn
        by chance when it is turned over (see :meth:`chance_outcomes`).
        """
        board = tuple(EMPTY if eye else DOWN for eye in self.tables.eye)
        return State(board, 0, (self.per_side, self.per_side), (0, 0))

    def decision(self, state: State) -> str | None:
        """The side to move, CHANCE while a flipped piece awaits its reveal, None once the game is over."""
        if state.over is not None:
            return None
        return CHANCE if state.flipped is not None else self.players[state.to_move]

    def legal_actions(self, state: State) -> list[Action]:
        """Every capture chain if there is one; otherwise every flip (phase 1) or step (phase 2)."""
        if state.over is not None or state.flipped is not None:
            return []
        mine = piece_of(state.to_move)
        board = state.board
        chains = all_chains(self.tables, board, mine)
        if chains:
            return [Capture(path) for path in chains]
        return self._quiet_actions(state)

    def _quiet_actions(self, state: State) -> list[Action]:
        """The actions of a side that has no capture: every flip (phase 1) or step (phase 2)."""
        board, mine = state.board, piece_of(state.to_move)
        if state.phase == 1:
            return list(compress(self._flips, map(_DOWN, board)))
        found: list[Action] = [Step(cell, near) for cell, code in enumerate(board) if code == mine
                               for near in self.tables.neighbours[cell] if board[near] == EMPTY]
        if self.declare_draw and len(set(eye_counts(self.tables, state))) == 1:
            found.append(DeclareDraw())
        return found

    def search_actions(self, state: State) -> list[Action]:
        """The legal actions with one capture chain for each position the captures can leave (see
        :func:`.captures.chain_outcomes`; in a crowd, those that a walk of :data:`CROWD` steps a piece finds): every
        flip and step, as :meth:`legal_actions` lists them."""
        if state.over is not None or state.flipped is not None:
            return []
        key = (state.board, piece_of(state.to_move))
        captures = self._outcomes.get(key)
        if captures is None:
            if len(self._outcomes) >= REMEMBERED:
                self._outcomes.clear()
            captures = self._outcomes[key] = [Capture(path) for path in all_chain_outcomes(self.tables, *key, CROWD)]
        return list(captures) if captures else self._quiet_actions(state)

    def chance_outcomes(self, state: State) -> list[tuple[Action, Fraction]]:
        """The flipped piece is either side's with the share of that side among the face-down pieces."""
        if state.over is not None or state.flipped is None:
            return []
        odds = self._odds.get(state.hidden)
        if odds is None:
            total = sum(state.hidden)
            odds = self._odds[state.hidden] = [(seat, Fraction(count, total))
                                               for seat, count in enumerate(state.hidden) if count]
        return [(Reveal(state.flipped, seat), share) for seat, share in odds]

    def check(self, state: State, action: Action) -> Verdict:
        """LEGAL, or the reason code and sentence of the first rule the action breaks."""
        code = refusal(self.tables, state, action, self.declare_draw)
        return LEGAL if code is None else Verdict(False, code, REASONS[code])

    def step(self, state: State, action: Action, events: list[Event] | None) -> State:
        """The state after a legal action, which carries how the game ended, if it did; its events are added to
        ``events`` unless that is None."""
        names = self.tables.names
        player = self.players[state.to_move]
        board = state.board
        to_move, hidden, captured = 1 - state.to_move, state.hidden, state.captured
        flipped, declared = None, False
        if isinstance(action, Flip):
            to_move, flipped = state.to_move, action.cell
            if events is not None:
                events.append(Event("flip", f"{player} turns over the piece on {names[action.cell]}",
                                    (names[action.cell],)))
        elif isinstance(action, Reveal):
            board = board[:action.cell] + (piece_of(action.seat),) + board[action.cell + 1:]
            hidden = (hidden[0] - (action.seat == 0), hidden[1] - (action.seat == 1))
            if events is not None:
                events.append(Event("reveal", f"the piece on {names[action.cell]} belongs to "
                                              f"{self.players[action.seat]}", (names[action.cell],)))
                if not sum(hidden):
                    events.append(Event("phase-two", "no piece is face down any more: the second phase begins"))
        elif isinstance(action, Capture):
            taken = captured_cells(self.tables, board, action.path)
            if events is not None:
                events += self._capture_events(state, action.path, taken)
            changed = list(board)
            for cell in taken:
                changed[cell] = EMPTY
            changed[action.path[0]] = EMPTY
            changed[action.path[-1]] = piece_of(state.to_move)
            board = tuple(changed)
            enemy = 1 - state.to_move
            captured = (captured[0] + len(taken) * (enemy == 0), captured[1] + len(taken) * (enemy == 1))
        elif isinstance(action, Step):
            changed = list(board)
            changed[action.to], changed[action.frm] = board[action.frm], EMPTY
            board = tuple(changed)
            if events is not None:
                events.append(Event("step", f"{player} steps from {names[action.frm]} to {names[action.to]}",
                                    (names[action.frm], names[action.to])))
        else:
            to_move, declared = state.to_move, True
            if events is not None:
                events.append(Event("draw", f"{player} declares the draw that level Dragon Eyes allow"))
        after = State(board, to_move, hidden, captured, flipped, declared)
        over = ending(self.tables, self.players, after, self.declare_draw)
        if over is not None:
            after = after._replace(over=over)
            if events is not None:
                winner = "nobody wins" if over.draw else f"{over.winners[0]} wins"
                events.append(Event("game-end", f"the game ends, {winner}: {ENDINGS[over.reason]}"))
        return after

    def _capture_events(self, state: State, path: tuple[int, ...], taken: list[int]) -> list[Event]:
        names, eye = self.tables.names, self.tables.eye
        player = self.players[state.to_move]
        events = []
        if eye[path[0]]:
            events.append(Event("enchanted", f"{player}'s piece on {names[path[0]]} began the turn on a Dragon Eye "
                                             "and is enchanted", (names[path[0]],)))
        enchanted = eye[path[0]]
        for here, target, land in zip(path, taken, path[1:]):
            how = "flies over" if enchanted else "jumps"
            events.append(Event("capture", f"{player}'s piece on {names[here]} {how} {names[target]} and lands "
                                           f"on {names[land]}", (names[here], names[target], names[land])))
            if eye[land] and not enchanted:
                enchanted = True
                events.append(Event("enchanted", f"landing on the Dragon Eye {names[land]} enchants the piece",
                                    (names[land],)))
        return events

    def result(self, state: State) -> Result | None:
        """How the game ended, or None while it goes on."""
        return state.over

    def result_text(self, state: State) -> str:
        """How the game ended, in players' words ('' while it goes on)."""
        over = state.over
        if over is None:
            return ""
        if not over.winners:
            return ENDING_WORDS[over.reason]
        winner = self.names[self.players.index(over.winners[0])]
        loser = self.names[1 - self.players.index(over.winners[0])]
        return ENDING_WORDS[over.reason].format(winner=winner, loser=loser)

    # -- search ----------------------------------------------------------------------------------

    def evaluate(self, state: State) -> Mapping[str, float]:
        """Each side's share of the win in a position still in play (see :mod:`.judgement`)."""
        share = self.judge.first_share(state)
        return {self.players[0]: share, self.players[1]: 1.0 - share}

    # -- text ------------------------------------------------------------------------------------

    def action_text(self, action: Action) -> str:
        """The action in the game's notation (see :mod:`.actions`)."""
        return notation.action_text(self.tables, self.players, action)

    def parse_action(self, state: State, text: str) -> Action:
        """Read an action in the game's notation; ValueError with the reason when it cannot be read."""
        return notation.parse_action(self.tables, self.players, text)

    def state_text(self, state: State) -> str:
        """The position as a heading line and the rows of the board, top row first."""
        return state_text(self.tables, self.players, state)

    def position(self, data: Mapping[str, Any]) -> State:
        """A position from a rule example's mapping (see :mod:`.positions`); ValueError when impossible."""
        state = read_position(self.tables, self.players, self.per_side, data)
        return state._replace(over=ending(self.tables, self.players, state, self.declare_draw))

    def action_kind(self, action: Action) -> str:
        """flip, capture, step or draw for a player's action; reveal for chance's."""
        return notation.action_kind(action)

    # -- drawing ---------------------------------------------------------------------------------

    def piece_views(self, state: State) -> Mapping[str, tuple[PieceView, ...]]:
        """Face-up pieces with their owner (enchanted on eyes) and face-down pieces without one."""
        return piece_views(self.tables, self.players, state)

    def action_marks(self, state: State, action: Action, outcome: Outcome[State] | None,
                     verdict: Verdict) -> list[DiagramMark]:
        """The chain's path, the pieces it takes and where it was enchanted; or the refusal."""
        return action_marks(self.tables, self.players, action, outcome, verdict)

    # -- soundness ---------------------------------------------------------------------------------

    def invariants(self, state: State) -> list[str]:
        """Nothing lost or doubled, no face-down piece on an eye, the stored ending the one the rules give."""
        found = []
        board, names = state.board, self.tables.names
        if len(board) != self.tables.size:
            return [f"the board holds {len(board)} hexes, not {self.tables.size}"]
        for cell in self.tables.eyes:
            if board[cell] == DOWN:
                found.append(f"a face-down piece stands on the Dragon Eye {names[cell]}")
        if board.count(DOWN) != sum(state.hidden) or min(state.hidden) < 0:
            found.append(f"{board.count(DOWN)} hexes are face down but the sides own {state.hidden} of them")
        for seat, player in enumerate(self.players):
            total = board.count(piece_of(seat)) + state.hidden[seat] + state.captured[seat]
            if total != self.per_side:
                found.append(f"{player} has {total} pieces on the board, face down and captured, not {self.per_side}")
        if state.flipped is not None and board[state.flipped] != DOWN:
            found.append(f"the flipped hex {names[state.flipped]} holds no face-down piece")
        expected = ending(self.tables, self.players, state._replace(over=None), self.declare_draw)
        if expected != state.over:
            found.append(f"the state says the game ended {state.over}, the rules say {expected}")
        return found

    def layout_problems(self) -> list[str]:
        """Where the marked eyes differ from the six corners and the centre of the source's board."""
        return self.layout

    def component_needs(self) -> Mapping[str, ComponentNeed]:
        """Each side's pieces: every hex but the eyes starts with a face-down piece, half of them each side's."""
        why = f"every hex but the eyes starts with a face-down piece, {self.per_side} of each side (board.yaml)"
        return {player: ComponentNeed(self.per_side, why) for player in self.players}

    def result_problems(self, before: State, outcome: Outcome[State], claims: Mapping[str, Any]) -> list[str]:
        """The shared ``winner`` claim and this game's: reason, captured, lands, enchanted, phase, next,
        face_down and eyes (see the result schema)."""
        found = super().result_problems(before, outcome, claims)
        after = outcome.state
        got: dict[str, Any] = {
            "reason": "none" if after.over is None else after.over.reason,
            "captured": [e.cells[1] for e in outcome.events if e.kind == "capture"],
            "lands": next((e.cells[-1] for e in reversed(outcome.events) if e.kind in ("capture", "step")), "none"),
            "enchanted": any(e.kind == "enchanted" for e in outcome.events),
            "phase": after.phase,
            "next": self.decision(after) or "none",
            "face_down": dict(zip(self.players, after.hidden)),
            "eyes": dict(zip(self.players, eye_counts(self.tables, after))),
        }
        for key, value in got.items():
            if key in claims and claims[key] != value:
                found.append(f"result says {key} {claims[key]}, the rules say {value}")
        return found


def _result_schema(players: tuple[str, ...]) -> dict[str, Any]:
    counts = {"type": "object", "additionalProperties": False, "required": list(players),
              "properties": {player: {"type": "integer", "minimum": 0} for player in players}}
    return {
        "type": "object", "additionalProperties": False,
        "properties": {
            "winner": {"type": "string", "description": "A player id, 'draw' or 'none'."},
            "reason": {"enum": sorted(ENDINGS) + ["none"], "description": "Why the game ended ('none': it goes on)."},
            "captured": {**CELLS, "description": "Hexes whose pieces the last action took, in order."},
            "lands": {"type": "string", "description": "Where the moving piece ended ('none' for no move)."},
            "enchanted": {"type": "boolean", "description": "Whether the capturing piece was enchanted."},
            "phase": {"enum": [1, 2], "description": "The phase after the action."},
            "next": {"type": "string", "description": "Who decides next: a player id, 'chance' or 'none'."},
            "face_down": {**counts, "description": "Face-down pieces of each side after the action."},
            "eyes": {**counts, "description": "Pieces of each side on Dragon Eyes after the action."},
        },
    }
