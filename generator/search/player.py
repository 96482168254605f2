"""Players that pick actions for one seat of any game: the search player and the game's own policy player.

:class:`SearchPlayer` is Monte Carlo tree search with UCT written once against the engine contract, on the
model of OpenSpiel's MCTS and information-set MCTS bots:

* **playouts**: each one starts from a position drawn at random among those the player cannot tell from
  the real one (:meth:`~generator.play.contract.GameRules.resample`, so hidden cards and decks are dealt
  afresh every time), walks down the tree, adds one node and plays the game out to its end or to the
  game's action cap with a rollout policy (the game's own ``choose``, or uniform random play), or, with a
  horizon (balance reports and the benchmark use the engine's
  :attr:`~generator.play.contract.GameRules.search_horizon` unless told otherwise), for that many
  actions, and then scores the position with the engine's judgement
  (:meth:`~generator.play.contract.GameRules.evaluate`);
* **the policy's knowledge**: the rollout policy also picks which untried action a node adds next, a node
  has more children as it is visited more (progressive widening), and the policy's own first choice
  starts with a bonus that fades with its visits (progressive bias): a small budget weighs the policy's
  choices and keeps them unless playouts show a better action;
* **sequential halving at the root** (opt-in, :attr:`~generator.play.contract.GameRules.search_halving`): the
  root weighs only the rollout policy's first few picks, each round shares the budget out evenly among those
  left and keeps the better half by mean reward, so that a small budget still tells close actions apart;
* **one action for each next state**: the search weighs the engine's
  :meth:`~generator.play.contract.GameRules.search_actions`, the legal actions with one of each group that leads
  to the same next state where the engine knows such groups (Dragon Eyes' capture chains), so that a position
  with thousands of orders of one capture costs what its few different results cost;
* **a tree that remembers positions**: in a game that hides nothing, a node always stands for the same position,
  so it keeps that position, its actions (or chance's outcomes) and its children in order, worked out once
  rather than in every playout that passes (the same arithmetic, so the same choices);
* **chance nodes**: where chance acts, the outcome is drawn with the engine's exact odds
  (:meth:`~generator.play.contract.GameRules.chance_outcomes`), and each outcome has its own subtree;
* **many players**: every seat's reward is kept (1 for a win, 0 for a loss, an equal share of 1 for a
  draw or a game stopped at the cap; a win that comes later is worth a little less, a loss that comes
  later a little more), and each node is chosen for the seat that decides there;
* **information sets**: since the tree is keyed by actions and the positions are redrawn, an action is
  judged over every hidden truth the player cannot rule out (nodes of other players count how often each
  of their actions was available, as in single-observer ISMCTS).

A player is seeded: the same seed, position and budget give the same action, whatever the player cannot
see. The budget is a number of playouts per decision (reproducible) or a time (not reproducible).
"""
from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, Generic, Mapping, Sequence, TypeVar

from ..play.contract import CHANCE, GameRules, Result

S = TypeVar("S")
A = TypeVar("A")

#: The rollout policies: the game's own self-play player, or uniform random play.
ROLLOUTS = ("policy", "random")


@dataclass(frozen=True)
class Budget:
    """How long a search player thinks per decision: ``playouts`` (reproducible), or ``seconds`` when set."""

    playouts: int = 100
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.playouts < 1 and self.seconds is None:
            raise ValueError("a search budget needs at least one playout")
        if self.seconds is not None and not (0 < self.seconds < math.inf):
            raise ValueError("a search budget in seconds must be a number more than 0")

    def text(self) -> str:
        """The budget as the command line writes it: ``200`` playouts or ``0.5s``."""
        return f"{self.playouts}" if self.seconds is None else f"{self.seconds:g}s"

    @classmethod
    def parse(cls, text: str) -> "Budget":
        """Read ``200`` (playouts per decision) or ``0.5s`` (seconds per decision); ValueError when neither."""
        value = text.strip().lower()
        try:
            if value.endswith("s"):
                return cls(seconds=float(value[:-1]))
            return cls(playouts=int(value))
        except ValueError as exc:
            raise ValueError(f"'{text}' is no budget: {exc}" if "budget" in str(exc) else
                             f"'{text}' is no budget: write a number of playouts (200) or seconds (0.5s)") from None


class Player(ABC, Generic[S, A]):
    """What a match asks of a player: an action for the seat it plays in ``state``, the ``ply``-th of the game."""

    @abstractmethod
    def act(self, state: S, ply: int) -> A:
        """The action to take; ``ply`` counts the actions (chance's included) played before it."""


class PolicyPlayer(Player[S, A]):
    """The game's own self-play player (:meth:`~generator.play.contract.GameRules.choose`), seeded."""

    def __init__(self, rules: GameRules[S, A], seed: int):
        self.rules = rules
        self.rng = random.Random(seed)

    def act(self, state: S, ply: int) -> A:
        """The policy's pick among the legal actions, exactly as self-play makes it."""
        return self.rules.choose(self.rng, state, self.rules.legal_actions(state))


def _hides(rules: GameRules[Any, Any]) -> bool:
    """True when the engine overrides :meth:`~GameRules.view` (it has something to hide)."""
    return type(rules).view is not GameRules.view


class _Node:
    """A node of the search tree: the statistics of the action that led here, and the children by action.

    ``value`` sums the rewards of the seat that chose the action; ``seen`` counts the playouts in which the
    action was available (legal) when its parent was visited; ``bias`` is the progressive bias of the
    rollout policy's own first choice at the parent (0 for the other actions).

    In a game that hides nothing, a node always stands for the same position, so the tree keeps it: ``state``
    (the position the action leads to), ``choices`` (the actions weighed there, or chance's outcomes and their
    odds) and ``order`` (the children made so far, in the order of ``choices``), each worked out once.
    """

    __slots__ = ("children", "visits", "value", "seen", "bias", "state", "choices", "order")

    def __init__(self, bias: float = 0.0) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.seen = 0
        self.bias = bias
        self.state: Any = None
        self.choices: list[Any] | None = None
        self.order: list[tuple[Any, _Node]] = []


@dataclass
class SearchStats:
    """What the searches of one player have cost: decisions searched, playouts, actions played in rollouts, and
    seconds of processor time (not of the clock, so that other work on the machine does not count)."""

    decisions: int = 0
    playouts: int = 0
    actions: int = 0
    seconds: float = 0.0


@dataclass(frozen=True)
class Settings:
    """How a search player plays.

    Attributes:
        budget: playouts (or seconds) per decision. A decision with one legal action is not searched, and an
            action that wins at once is taken at once.
        rollout: ``policy`` plays playouts out with the game's ``choose``, ``random`` with uniform random play.
        exploration: the UCT constant (rewards lie between 0 and 1).
        urgency: how much of a win a playout loses (and a loss gains) by lasting until the action cap, so that
            a player wins sooner and loses later (see :meth:`SearchPlayer.rewards`).
        widening: progressive widening: a node visited ``n`` times has at most ``widening * sqrt(n)`` children
            (at least one), added in the order the rollout policy picks them, so that a small budget weighs
            the policy's choices rather than every action once.
        bias: progressive bias towards the rollout policy's own first choice at each node: it scores
            ``bias / (visits + 1)`` more, so that the search keeps the policy's choice unless playouts show
            another action to be better, and the bias fades as the visits grow.
        horizon: when set, a rollout stops after this many actions and is scored by the engine's
            :meth:`~generator.play.contract.GameRules.evaluate` (as a draw when the engine has none).
        halving: when more than 1, the root weighs only this many actions, the rollout policy's first picks,
            by sequential halving (Karnin et al. 2013, as in Gumbel MuZero): the budget is shared out evenly in
            rounds, and after each round the better half by mean reward stays, until one is left; below the root
            the tree grows as usual. Every playout then counts for the choice, where UCT with a small budget and
            rewards close together spreads its visits nearly evenly and picks by them.
    """

    budget: Budget = Budget()
    rollout: str = "policy"
    exploration: float = 1.0
    urgency: float = 0.1
    widening: float = 2.0
    bias: float = 1.0
    horizon: int | None = None
    halving: int = 0

    def __post_init__(self) -> None:
        if self.rollout not in ROLLOUTS:
            raise ValueError(f"rollout '{self.rollout}' is none of {', '.join(ROLLOUTS)}")

    def text(self) -> str:
        """The settings in a few words, for reports (the tree's widening and bias when they are not the defaults)."""
        shape = (self.widening, self.bias)
        return (f"{self.budget.text()} playouts a decision, rollouts with "
                + ("the game's own policy" if self.rollout == "policy" else "random play")
                + (f" cut after {self.horizon} action{'s' if self.horizon > 1 else ''}" if self.horizon else "")
                + (f", widening {shape[0]:g}, bias {shape[1]:g}" if shape != (Settings.widening, Settings.bias) else "")
                + (f", the best of {self.halving} by halving" if self.halving > 1 else ""))


class SearchPlayer(Player[S, A]):
    """Monte Carlo tree search for the seat to decide: see the module's documentation.

    Two players with the same seed and settings play the same actions in the same positions.
    """

    def __init__(self, rules: GameRules[S, A], seed: int, settings: Settings = Settings()):
        self.rules = rules
        self.rng = random.Random(seed)
        self.settings = settings
        self.stats = SearchStats()
        self._hides = _hides(rules)
        self._draw = {seat: 1.0 / len(rules.players) for seat in rules.players}
        self._pick: Callable[[random.Random, S, Sequence[A]], A] = (
            rules.choose if settings.rollout == "policy" else _uniform)

    def act(self, state: S, ply: int) -> A:
        """Search from what the deciding seat sees of ``state`` and return the most visited action."""
        rules = self.rules
        me = rules.decision(state)
        assert me is not None and me != CHANCE, "the search player is asked at a player's decision"
        first = self._determinize(state, me)
        legal = rules.search_actions(first)
        if len(legal) == 1:
            return legal[0]
        for action in legal:
            result = rules.result(rules.next_state(first, action))
            if result is not None and me in result.winners:
                return action
        return self._search(state, me, ply, legal)

    # -- the search --------------------------------------------------------------------------------

    def _determinize(self, state: S, me: str) -> S:
        """A position ``me`` cannot tell from ``state``, drawn from what ``me`` sees (``state`` itself when
        the game hides nothing)."""
        if not self._hides:
            return state
        return self.rules.resample(state, me, self.rng)

    def _search(self, state: S, me: str, ply: int, legal: list[A]) -> A:
        """Run the playouts of the budget and pick the root's most visited action (or the one sequential halving
        leaves)."""
        rules = self.rules
        root = _Node()
        start = time.perf_counter()
        clock = time.process_time()
        budget = self.settings.budget
        done = 0
        cap = rules.max_plies
        if self.settings.halving > 1 and budget.seconds is None:
            chosen, spent = self._halve(root, state, me, ply, legal)
            self.stats.decisions += 1
            self.stats.playouts += spent
            self.stats.seconds += time.process_time() - clock
            return chosen
        while True:
            if budget.seconds is None:
                # no action can be caught up with before half the budget is spent: see _settled
                if done >= budget.playouts or (2 * done > budget.playouts and _settled(root, budget.playouts - done)):
                    break
            elif time.perf_counter() - start >= budget.seconds and done:
                break
            self._playout(root, self._determinize(state, me), ply, cap)
            done += 1
        self.stats.decisions += 1
        self.stats.playouts += done
        self.stats.seconds += time.process_time() - clock
        best = max(range(len(legal)), key=lambda i: _rank(root.children.get(legal[i]), i))
        return legal[best]

    def _halve(self, root: _Node, state: S, me: str, ply: int, legal: list[A]) -> tuple[A, int]:
        """Sequential halving among the rollout policy's first picks at the root (see :class:`Settings`): the
        action left, and the playouts run."""
        first = self._determinize(state, me)
        left, order = list(legal), list[A]()
        while left and len(order) < self.settings.halving:
            pick = left[0] if len(left) == 1 else self._pick(self.rng, first, left)
            order.append(pick)
            left.remove(pick)
        rounds = max(1, math.ceil(math.log2(len(order))))
        budget = self.settings.budget.playouts
        cap = self.rules.max_plies
        done = 0
        while len(order) > 1:
            for action in order:
                for _ in range(max(1, budget // (rounds * len(order)))):
                    self._playout(root, self._determinize(state, me), ply, cap, action)
                    done += 1
            order.sort(key=lambda action: -_mean(root.children.get(action)))
            order = order[:(len(order) + 1) // 2]
        return order[0], done

    def _playout(self, root: _Node, state: S, ply: int, cap: int, forced: A | None = None) -> None:
        """One playout: down the tree with UCT (from the root's ``forced`` action when given), one node added, the
        rest played out, rewards backed up."""
        rules = self.rules
        rng = self.rng
        node = root
        path: list[tuple[_Node, str | None]] = []
        c = self.settings.exploration
        widen = self.settings.widening
        bias = self.settings.bias
        horizon = self.settings.horizon
        keep = not self._hides
        log, sqrt = math.log, math.sqrt
        first = ply
        while ply < cap:
            decider = rules.decision(state)
            if decider is None:
                break
            if decider == CHANCE:
                if keep:
                    outcomes = node.choices
                    if outcomes is None:
                        outcomes = node.choices = [(a, float(p)) for a, p in rules.chance_outcomes(state)]
                    action = _drawn(outcomes, rng)
                else:
                    action = _chance(rules, state, rng)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node()
                path.append((child, None))
                node = child
                state = self._after(child, state, action, keep)
                ply += 1
                continue
            children = node.children
            present: list[tuple[A, _Node]]
            if keep:
                legal = node.choices
                if legal is None:
                    legal = node.choices = rules.search_actions(state)
                present = node.order
                for _, edge in present:
                    edge.seen += 1
            else:
                legal = rules.search_actions(state)
                present = []
                for action in legal:
                    known = children.get(action)
                    if known is not None:
                        known.seen += 1
                        present.append((action, known))
            if not legal:
                break
            if forced is not None:
                action, forced = forced, None
                known = children.get(action)
                child = known if known is not None else self._add(node, legal, action, 0.0, keep)
                path.append((child, decider))
                state = self._after(child, state, action, keep)
                ply += 1
                if known is None:
                    break
                node = child
                continue
            if len(present) < len(legal) and len(present) < max(1, int(widen * sqrt(node.visits))):
                fresh = [a for a in legal if a not in children]
                action = fresh[0] if len(fresh) == 1 else self._pick(rng, state, fresh)
                child = self._add(node, legal, action, 0.0 if present else bias, keep)
                path.append((child, decider))
                state = self._after(child, state, action, keep)
                ply += 1
                break
            best_score = -1.0
            action, child = present[0]
            for candidate, edge in present:
                score = (edge.value / edge.visits + c * sqrt(log(edge.seen) / edge.visits)
                         + edge.bias / (edge.visits + 1))
                if score > best_score:
                    best_score, action, child = score, candidate, edge
            path.append((child, decider))
            node = child
            state = self._after(child, state, action, keep)
            ply += 1
        end = cap if horizon is None else min(cap, ply + horizon)
        result, last, state = self._play_out(state, ply, end)
        estimate = rules.evaluate(state) if result is None and last < cap else None
        rewards = estimate if estimate is not None else self.rewards(result, (last - first) / max(1, cap - first))
        root.visits += 1
        for child, decider in path:
            child.visits += 1
            if decider is not None:
                child.value += rewards.get(decider, 0.0)

    @staticmethod
    def _add(node: _Node, legal: Sequence[A], action: A, bias: float, keep: bool) -> _Node:
        """A new child of ``node`` for ``action``, seen once; with ``keep``, ``node.order`` lists it in legal order."""
        child = node.children[action] = _Node(bias)
        child.seen = 1
        if keep:
            node.order = [(a, node.children[a]) for a in legal if a in node.children]
        return child

    def _after(self, child: _Node, state: S, action: A, keep: bool) -> S:
        """The position ``action`` leads to from ``state``: kept in ``child`` once worked out when ``keep``."""
        if not keep:
            return self.rules.next_state(state, action)
        if child.state is None:
            child.state = self.rules.next_state(state, action)
        return child.state  # type: ignore[no-any-return]

    def _play_out(self, state: S, ply: int, cap: int) -> tuple[Result | None, int, S]:
        """Play on with the rollout policy to the end or the cap; the result (None at the cap), the ply reached and
        the position there."""
        rules = self.rules
        rng = self.rng
        pick = self._pick
        moves = 0
        while ply < cap:
            decider = rules.decision(state)
            if decider is None:
                break
            if decider == CHANCE:
                action = _chance(rules, state, rng)
            else:
                legal = rules.search_actions(state)
                if not legal:
                    break
                action = legal[0] if len(legal) == 1 else pick(rng, state, legal)
            state = rules.next_state(state, action)
            ply += 1
            moves += 1
        self.stats.actions += moves
        return rules.result(state), ply, state

    def rewards(self, result: Result | None, late: float) -> Mapping[str, float]:
        """Each seat's reward: 1 to the winners and 0 to the others, an equal share of 1 for a draw or the cap;
        ``late`` (0 to 1: how much of the actions left before the cap the playout used) takes a little from a
        win and adds it to a loss (``urgency`` times it), so that a player wins sooner and loses later."""
        if result is None or not result.winners:
            return self._draw
        shift = self.settings.urgency * late
        return {seat: 1.0 - shift if seat in result.winners else shift for seat in self.rules.players}


def budget_for(rules: GameRules[Any, Any], asked: Budget | None) -> Budget:
    """The budget a search plays with: the one ``asked`` for, or, when None, the engine's own
    (:attr:`~generator.play.contract.GameRules.search_budget`), else the default :class:`Budget`."""
    if asked is not None:
        return asked
    return Budget(rules.search_budget) if rules.search_budget else Budget()


def horizon_for(rules: GameRules[Any, Any], asked: int | None) -> int | None:
    """The horizon a search plays with: the one ``asked`` for (0 plays every playout to the end), or, when None,
    the engine's own (:attr:`~generator.play.contract.GameRules.search_horizon`, None when it has no judgement)."""
    return rules.search_horizon if asked is None else asked or None


def tree_for(rules: GameRules[Any, Any], widening: float | None = None,
             bias: float | None = None, halving: int | None = None) -> dict[str, Any]:
    """How a search grows its tree: the widening, bias and halving asked for, or, when None, the engine's own
    (:attr:`~generator.play.contract.GameRules.search_widening`, :attr:`~generator.play.contract.GameRules.search_bias`,
    :attr:`~generator.play.contract.GameRules.search_halving`), else the defaults of :class:`Settings`; as keyword
    arguments of :class:`Settings`."""
    own = {"widening": rules.search_widening, "bias": rules.search_bias, "halving": rules.search_halving}
    asked = {"widening": widening, "bias": bias, "halving": halving}
    return {name: next(v for v in (asked[name], own[name], getattr(Settings, name)) if v is not None) for name in own}


def _settled(root: _Node, left: int) -> bool:
    """True when no action can catch up with the most visited one in the ``left`` playouts still to run (the
    search would choose the same action: stopping early changes nothing but the time spent)."""
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first - second > left


def _mean(node: _Node | None) -> float:
    """The mean reward of a node's action (0 before any visit)."""
    return node.value / node.visits if node is not None and node.visits else 0.0


def _rank(node: _Node | None, index: int) -> tuple[int, float, int]:
    """How a root action ranks: by visits, then by mean reward, then the first in the legal order."""
    if node is None or not node.visits:
        return (0, 0.0, -index)
    return (node.visits, node.value / node.visits, -index)


def _uniform(rng: random.Random, state: Any, actions: Sequence[A]) -> A:
    """Uniform random play."""
    return actions[rng.randrange(len(actions))]


def _chance(rules: GameRules[S, A], state: S, rng: random.Random) -> A:
    """A chance outcome drawn with the engine's exact odds."""
    return _drawn(rules.chance_outcomes(state), rng)


def _drawn(outcomes: Sequence[tuple[A, Any]], rng: random.Random) -> A:
    """One of chance's ``outcomes`` (each with its probability), drawn with those odds."""
    point = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += float(probability)
        if point < total:
            return action
    return outcomes[-1][0]
