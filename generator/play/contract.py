"""The contract every game's rules implement, on the model of OpenSpiel's game interface.

A game's engine is one :class:`GameRules` object per loaded game. States and
actions are the game's own immutable values; the contract only asks for what
shared code needs to drive any game:

* **whose decision it is** (:meth:`GameRules.decision`): a player id, :data:`CHANCE`
  when chance acts next (a shuffle, a piece turned face up), or ``None`` once
  the game is over. The same player may decide several times in a row (turns
  of several actions, capture chains, a defence that interrupts a turn);
* **legal actions** in a stable order, and a :meth:`~GameRules.check` that
  gives a reason code and always agrees with them;
* **apply**, returning the next state and its events (and **next_state**,
  the same state without the events, for searches; an engine written on
  :class:`StepRules` gets both from one step that writes its events only when
  asked); **result** (winners or a draw); **chance outcomes** with exact
  probabilities;
* **what one player may see** (:meth:`~GameRules.view`) and a way to draw a
  different hidden truth consistent with it (:meth:`~GameRules.resample`);
* **text**: actions and positions as text for rule examples and recorded
  games; positions built from a rule example's mapping;
* **invariants** that must hold in every reachable state, **layout
  problems** of the spec the engine was built from, and the **components**
  the game needs printed (:meth:`~GameRules.component_needs`).

Shared code written once against this contract: ``verify``, seeded self-play
(:mod:`.selfplay`), golden playthroughs, rule examples as tests, the contract
test suite and the rules benchmark.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, Mapping, Sequence, TypeVar

from .views import AsideView, DiagramMark, PieceView

#: Returned by :meth:`GameRules.decision` when chance acts next.
CHANCE = "chance"

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True)
class Verdict:
    """Whether an action is legal; for an illegal one a stable reason code and a sentence."""

    legal: bool
    code: str = ""
    message: str = ""

    def __bool__(self) -> bool:
        return self.legal


#: The verdict of every legal action.
LEGAL = Verdict(True)


@dataclass(frozen=True)
class ComponentNeed:
    """How many of one printed component a game needs: ``count`` exactly, or at least ``count`` when not
    ``exact``; ``why`` says where the number comes from, in the reader's words (and which spec sets it)."""

    count: int
    why: str
    exact: bool = True


@dataclass(frozen=True)
class Event:
    """Something an action did: ``kind`` is a stable code, ``text`` a sentence, ``cells`` where."""

    kind: str
    text: str
    cells: tuple[str, ...] = ()

    def describe(self) -> str:
        """The sentence, as recorded games print it."""
        return self.text


@dataclass(frozen=True)
class Outcome(Generic[S]):
    """What applying an action gives: the next state and what happened on the way."""

    state: S
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Result:
    """How a finished game ended: the winning players (none for a draw) and a reason code."""

    winners: tuple[str, ...]
    reason: str

    @property
    def draw(self) -> bool:
        """True when nobody won."""
        return not self.winners


class LayoutProblem(str):
    """A fault of the layout an engine was built from (:meth:`GameRules.layout_problems`): its text, and where
    the specs write what is wrong, so that it is reported at that line: the ``cells`` of board.yaml it is about
    (found among the board's marks and zones), or an ``option`` of game.yaml; and how to fix it.

    It is the message itself (a ``str``), so engines and tests that read layout problems as text still do.
    """

    cells: tuple[str, ...]
    option: str | None
    hint: str

    def __new__(cls, message: str, *, cells: tuple[str, ...] = (), option: str | None = None,
                hint: str = "") -> "LayoutProblem":
        made = super().__new__(cls, message)
        made.cells, made.option, made.hint = cells, option, hint
        return made


class IllegalAction(ValueError):
    """Raised by :meth:`GameRules.play` for an action the rules refuse."""

    def __init__(self, action: str, verdict: Verdict):
        self.action = action
        self.verdict = verdict
        super().__init__(f"'{action}' is illegal ({verdict.code}): {verdict.message}")


class GameRules(ABC, Generic[S, A]):
    """What every game's rules implement. Subclasses set the class attributes and the abstract methods.

    Attributes:
        players: the player ids in seat order (2 to 5).
        reasons: every reason code :meth:`check` may give, with a sentence saying what it means.
        action_kinds: every kind :meth:`action_kind` may return for a player's action under the game's
            options (``verify`` reports kinds never played; chance outcomes are not counted).
        rare_kinds: kinds self-play seldom reaches (a pass when stuck); ``verify`` asks a rule example
            to show each of them with a legal action instead.
        max_plies: the cap self-play and ``verify`` put on one game's length; not a rule of the game.
        search_budget: the playouts per decision a search makes by default in this game (None: the search's own
            default), the fewest that play it well; balance reports and the benchmark use it unless told.
        search_horizon: for an engine with a judgement (:meth:`evaluate`), how many actions a search plays a
            playout on by default before it stops and judges the position (None: to the end of the game).
        search_widening, search_bias: how a search grows its tree in this game by default (None: the search's own
            defaults, see :class:`generator.search.player.Settings`); a game whose own policy plays mostly at
            random wants no bias towards the policy's first choice and more actions weighed at each node.
        search_halving: how many of the rollout policy's first picks a search weighs at the root by sequential
            halving (None: UCT over every action, the search's default; see
            :class:`generator.search.player.Settings`).
        position_schema, result_schema: JSON Schema of a rule example's ``position`` and ``result``.
    """

    players: tuple[str, ...] = ()
    reasons: Mapping[str, str] = {}
    action_kinds: tuple[str, ...] = ()
    rare_kinds: tuple[str, ...] = ()
    max_plies: int = 300
    search_budget: int | None = None
    search_horizon: int | None = None
    search_widening: float | None = None
    search_bias: float | None = None
    search_halving: int | None = None
    position_schema: Mapping[str, Any] = {"type": "object"}
    result_schema: Mapping[str, Any] = {"type": "object"}

    # -- the game ------------------------------------------------------------------------------

    @abstractmethod
    def new_game(self, seed: int | None = None) -> S:
        """The opening position. ``seed`` fixes whatever the game draws before play (a deal)."""

    @abstractmethod
    def decision(self, state: S) -> str | None:
        """Who decides next: a player id, :data:`CHANCE`, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """Every legal action of the deciding player, in a stable order (empty at chance nodes and at the end)."""

    def search_actions(self, state: S) -> list[A]:
        """The legal actions a search weighs: :meth:`legal_actions`, or, where an engine knows that several of them
        lead to the same next state, the first of each such group in the legal order (a game where many orders of
        one capture chain leave the same board: the search weighs each board once, not each order)."""
        return self.legal_actions(state)

    def chance_outcomes(self, state: S) -> list[tuple[A, Fraction]]:
        """At a chance node, each outcome and its probability (they sum to 1); otherwise empty."""
        return []

    @abstractmethod
    def check(self, state: S, action: A) -> Verdict:
        """Is ``action`` legal now? Agrees with :meth:`legal_actions` (and with the chance outcomes)."""

    @abstractmethod
    def apply(self, state: S, action: A) -> Outcome[S]:
        """Carry out a legal action (or chance outcome) and return the next state and the events."""

    def next_state(self, state: S, action: A) -> S:
        """The state after a legal action (or chance outcome), without its events: what a search plays through.
        ``apply(state, action).state`` unless the engine has a faster way to the same state."""
        return self.apply(state, action).state

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""

    def result_text(self, state: S) -> str:
        """How a diagram tells players the end of the game in ``state``, in the game's own words ('The dragon
        is caught: the knights win.'); '' for the shared wording built from :meth:`result` and the players'
        names."""
        return ""

    # -- hidden information ----------------------------------------------------------------------

    def view(self, state: S, player: str) -> S:
        """The position as ``player`` sees it: what the table hides from them is blanked out."""
        return state

    def resample(self, state: S, player: str, rng: random.Random) -> S:
        """A position ``player`` cannot tell from ``state`` (same :meth:`view`), drawn at random.

        Games without hidden information return ``state``.
        """
        return state

    # -- text --------------------------------------------------------------------------------------

    @abstractmethod
    def action_text(self, action: A) -> str:
        """An action in the game's notation; :meth:`parse_action` reads it back."""

    @abstractmethod
    def parse_action(self, state: S, text: str) -> A:
        """Read an action in the game's notation; raise :class:`ValueError` with a readable reason."""

    @abstractmethod
    def state_text(self, state: S) -> str:
        """A position as a few lines of text, for recorded games and error messages."""

    @abstractmethod
    def position(self, data: Mapping[str, Any]) -> S:
        """A position from a rule example's ``position`` mapping; raise :class:`ValueError` if it is wrong."""

    def action_kind(self, action: A) -> str:
        """The kind of an action (one of :attr:`action_kinds`); by default the first word of its text."""
        return self.action_text(action).split(" ", 1)[0]

    # -- drawing ----------------------------------------------------------------------------------

    def piece_views(self, state: S) -> Mapping[str, tuple[PieceView, ...]]:
        """What stands on each occupied cell, bottom to top, as a diagram draws it."""
        return {}

    def action_marks(self, state: S, action: A, outcome: Outcome[S] | None, verdict: Verdict) -> list[DiagramMark]:
        """The marks that show ``action`` taken in ``state`` (``outcome`` is None when it is illegal).

        Computed by the engine (paths, captures, pushes, reach, the refusal), never typed by an author.
        """
        return []

    def focus_marks(self, state: S, cell: str) -> list[DiagramMark]:
        """What a diagram shows for the piece on ``cell`` before anything moves: by default, dots where the
        legal actions that start there end (as :meth:`action_marks` draws those actions)."""
        ends: list[str] = []
        for action in self.legal_actions(state):
            outcome = self.apply(state, action)
            lines = [m for m in self.action_marks(state, action, outcome, self.check(state, action))
                     if m.kind in ("path", "arrow") and len(m.cells) >= 2 and m.cells[0] == cell]
            ends += [lines[0].cells[-1]] if lines and lines[0].cells[-1] not in ends else []
        return [DiagramMark("dot", tuple(ends), "choice", "legal destination")] if ends else []

    def aside_views(self, state: S, action: A, outcome: Outcome[S] | None) -> list[AsideView]:
        """The components ``action`` taken in ``state`` uses off the board (the cards it plays), to draw beside it.

        ``outcome`` is None when the action is illegal. None by default.
        """
        return []

    def cell_labels(self, state: S) -> Mapping[str, str]:
        """Short texts for cells outside pieces (counters, off-board stores), by cell; empty by default."""
        return {}

    # -- soundness ---------------------------------------------------------------------------------

    def invariants(self, state: S) -> list[str]:
        """Every way ``state`` breaks what must always hold (nothing lost or doubled); empty when sound."""
        return []

    def layout_problems(self) -> list[str]:
        """What is wrong with the layout the engine was built from (empty when the spec is sound); a
        :class:`LayoutProblem` says where the specs write it."""
        return []

    def component_needs(self) -> Mapping[str, ComponentNeed]:
        """What the game needs of its printed components, by component id (the ``player``, ``item`` or ``id`` of
        an entry of components.yaml); empty when the engine names none."""
        return {}

    def result_problems(self, before: S, outcome: Outcome[S], claims: Mapping[str, Any]) -> list[str]:
        """Where a rule example's ``result`` claims disagree with what the last action did.

        The shared claim ``winner`` (a player id, ``draw`` or ``none``) is checked here; games
        extend this for their own claims.
        """
        found: list[str] = []
        if "winner" in claims:
            result = self.result(outcome.state)
            got = "none" if result is None else ("draw" if result.draw else ",".join(result.winners))
            if got != str(claims["winner"]):
                found.append(f"claims {claims['winner']} wins, the engine says {got}")
        return found

    # -- self-play -----------------------------------------------------------------------------------

    def choose(self, rng: random.Random, state: S, actions: Sequence[A]) -> A:
        """The self-play player's pick among ``actions`` (uniform by default; games may play with purpose)."""
        return actions[rng.randrange(len(actions))]

    def evaluate(self, state: S) -> Mapping[str, float] | None:
        """How each seat stands in ``state``, a game still being played: a share of the win between 0 and 1 for every
        seat, as a search that stops a playout early scores it; None when the engine has no such judgement (the
        playout then counts as a draw)."""
        return None

    # -- written once for every game ---------------------------------------------------------------

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """Draw one chance outcome by its probability."""
        outcomes = self.chance_outcomes(state)
        point = Fraction(rng.random())
        total = Fraction(0)
        for action, probability in outcomes:
            total += probability
            if point < total:
                return action
        return outcomes[-1][0]

    def play(self, state: S, *actions: A | str) -> S:
        """Check and apply actions (values or text) in turn; raise :class:`IllegalAction` on a refusal."""
        for action in actions:
            if isinstance(action, str):
                action = self.parse_action(state, action)
            found = self.check(state, action)
            if not found:
                raise IllegalAction(self.action_text(action), found)
            state = self.apply(state, action).state
        return state


class StepRules(GameRules[S, A]):
    """An engine whose one :meth:`step` carries out an action and writes its events only when asked: :meth:`apply`
    and :meth:`next_state` both come from it, so that a search's playouts make no event words and can never reach
    another state than ``apply`` does."""

    @abstractmethod
    def step(self, state: S, action: A, events: list[Event] | None) -> S:
        """The state after a legal action (or chance outcome); its events are added to ``events`` unless that is
        None."""

    def apply(self, state: S, action: A) -> Outcome[S]:
        """Carry out a legal action (or chance outcome): :meth:`step`, with its events."""
        events: list[Event] = []
        return Outcome(self.step(state, action, events), tuple(events))

    def next_state(self, state: S, action: A) -> S:
        """:meth:`step` without its events (what a search plays through)."""
        return self.step(state, action, None)
