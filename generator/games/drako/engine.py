"""The Drako engine: the shared contract implemented on top of this package's modules."""
from __future__ import annotations

import random
from collections import Counter
from functools import cache, lru_cache
from fractions import Fraction
from typing import Any, Mapping, Sequence

from ...play.contract import CHANCE, ComponentNeed, Event, Outcome, Result, StepRules, Verdict
from ...play.views import AsideView, DiagramMark, PieceView
from . import drawing, policy
from .actions import ACTION_KINDS, Action, Drawn, Fury, Notation
from .cards import OF_SIDE, SIDES
from .check import check
from .core import ENDING_WORDS, Core
from .effects import carry
from .generate import legal_actions, turn_actions
from .judgement import Judge
from .positions import build_position, figure_at, position_schema, result_schema, state_text, wounds_of
from .reasons import REASONS, refuse
from .spec import DRAW_COUNT, FIRST_TURN_ACTIONS, HAND_LIMIT, MARKED_ABILITIES, OPENING_HAND, WOUND_MARKER, DrakoSpec
from .state import DEAD, DRAGON_SIDE, DWARF_SIDE, HIDDEN, ON_DRAGON, UNPLACED, State


def dwarf_figure(spec: DrakoSpec, n: int) -> str:
    """The component id of the figure of the ``n``-th dwarf of the mats: the first is the dwarves' player entry,
    the others go by their id in mats.yaml."""
    return SIDES[DWARF_SIDE] if n == 0 else spec.dwarves[n].id


@cache
def _share(count: int, total: int) -> Fraction:
    """``count`` out of ``total``, made once (a search deals thousands of cards)."""
    return Fraction(count, total)


@lru_cache(maxsize=4096)
def _deals(deck: tuple[str, ...]) -> tuple[tuple[Action, Fraction], ...]:
    """The cards a deck deals, each kind by its share of the deck, worked out once for each deck met lately (a search
    deals from the same few decks again and again)."""
    return tuple((_drawn(card), _share(count, len(deck))) for card, count in sorted(Counter(deck).items()))


@cache
def _drawn(card: str) -> Drawn:
    """The chance outcome that deals ``card``, made once."""
    return Drawn(card)


class DrakoRules(StepRules[State, Action]):
    """Drako's rules for one set of specs (board, decks, mats, options)."""

    players = SIDES
    reasons = REASONS
    #: A dragon with nothing left to do is rare in self-play; a rule example shows the pass.
    rare_kinds = ("pass",)
    #: Self-play cap, no rule: a game uses at most 76 cards, so about 400 decisions with chance and answers.
    max_plies = 800
    #: How many actions a search plays a playout on before it judges the position (see :mod:`.judgement`): with
    #: the judgement of the race between cards and wounds and the root weighed by halving, 4 won as many games
    #: against the game's own player as 8 (328 of 400 seeded games each), for a third less time.
    search_horizon = 4
    #: The search weighs the policy's first 8 picks at the root by sequential halving (the search's default 100
    #: playouts a decision): UCT spread its visits almost evenly over actions whose rewards lay close together and
    #: picked by them; against the game's own player halving won 328 of 400 seeded games (82 %), UCT 305 (76 %), for
    #: the same time; once the judgement also weighed what the hands can do, 340 of 400 (85 %; seeds 0 and 1, 170
    #: each), at the same 0.6 s of search a game. What keeps it from 90 % is what the hands hide: the same search
    #: told the other side's real hand won 190 of 200 (``--seed 1``; 188 when told only at its own turn's
    #: decisions), while a belief sharpened by what the other side played (guessed hands weighted by how likely
    #: the game's own player was to play as it did) won 167 and 168, and 200 playouts a decision 1 more in 100.
    search_halving = 8

    def __init__(self, spec: DrakoSpec):
        self.spec = spec
        self.core = Core(spec)
        self.notation = Notation(spec, self.core.tables)
        #: The judgement of positions still in play (:meth:`evaluate`).
        self.judge = Judge(self.core)
        #: The kinds of player action these options allow (the set-up kinds only with their option).
        self.action_kinds = tuple(kind for kind in ACTION_KINDS if kind != "drawn"
                                  and (kind not in ("keep", "exchange") or spec.exchange_opening_hand)
                                  and (kind != "place" or not spec.first_game))
        self.position_schema = position_schema(self.core)
        self.result_schema = result_schema(self.core)
        #: The last position :meth:`_ending` judged, and its answer.
        self._ended: tuple[State | None, str | None] = (None, None)

    # -- the game ------------------------------------------------------------------------------

    def new_game(self, seed: int | None = None) -> State:
        """The opening position: figures set up, full decks, and the eight opening cards to deal by chance.

        The deal is chance's first eight decisions, so ``seed`` is not needed here.
        """
        spec, tables = self.spec, self.core.tables
        dwarves = tuple(tables.index[c] for c in spec.dwarf_starts) if spec.first_game \
            else (UNPLACED,) * len(spec.dwarves)
        return State(
            dragon=tables.index[spec.dragon_start], dwarves=dwarves,
            dragon_wounds=(0,) * len(self.core.dragon_spaces), dwarf_wounds=(0,) * len(spec.dwarves),
            hands=((), ()), decks=(tuple(sorted(spec.decks[SIDES[0]])), tuple(sorted(spec.decks[SIDES[1]]))),
            turn=DRAGON_SIDE, actions_left=FIRST_TURN_ACTIONS,
            draws=(DRAGON_SIDE,) * OPENING_HAND + (DWARF_SIDE,) * OPENING_HAND,
            exchange=(DRAGON_SIDE, DWARF_SIDE) if spec.exchange_opening_hand else ())

    def _ending(self, state: State) -> str | None:
        """Why the game is over in ``state``, or None; the last position asked about is remembered, since a
        player asks who decides, what is legal and whether the game is over of one position in a row."""
        known, reason = self._ended  # one read: another thread may replace the pair
        if state is known:
            return reason
        core = self.core
        can_act = True  # with cards in their deck the dwarves can draw
        if state.turn == DWARF_SIDE and not state.decks[DWARF_SIDE] and core.phase(state) == "turn":
            can_act = any(not isinstance(a, Fury) for a in turn_actions(core, state))
        reason = core.ending(state, can_act)
        self._ended = (state, reason)
        return reason

    def decision(self, state: State) -> str | None:
        """The side to decide, CHANCE while a card is dealt, None once the game is over."""
        if self._ending(state) is not None:
            return None
        if state.draws:
            return CHANCE
        return SIDES[self.core.decider(state)]

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal action of the deciding side, in a stable order."""
        if self._ending(state) is not None:
            return []
        return legal_actions(self.core, state)

    def chance_outcomes(self, state: State) -> list[tuple[Action, Fraction]]:
        """The card dealt: each kind left in the deck, by its share of the deck."""
        if not state.draws or self._ending(state) is not None:
            return []
        return list(_deals(state.decks[state.draws[0]]))

    def check(self, state: State, action: Action) -> Verdict:
        """Is ``action`` legal now? Agrees with :meth:`legal_actions` and the chance outcomes."""
        reason = self._ending(state)
        if reason is not None:
            return refuse("game-over", winner=self.core.result_of(reason).winners[0])
        return check(self.core, state, action)

    def step(self, state: State, action: Action, events: list[Event] | None) -> State:
        """Carry out a legal action (see :mod:`.effects`); its events are added to ``events`` unless that is None."""
        return carry(self.core, state, action, events)

    def result(self, state: State) -> Result | None:
        """Who won and how, once the game is over."""
        reason = self._ending(state)
        return None if reason is None else self.core.result_of(reason)

    def result_text(self, state: State) -> str:
        """The end of the game in players' words ('' while it goes on)."""
        reason = self._ending(state)
        return "" if reason is None else ENDING_WORDS[reason]

    # -- hidden information ----------------------------------------------------------------------

    def view(self, state: State, player: str) -> State:
        """What ``player`` sees: their own hand and deck; of the other side's cards only how many."""
        other = 1 - SIDES.index(player)
        hands, decks = list(state.hands), list(state.decks)
        hands[other] = (HIDDEN,) * len(hands[other])
        decks[other] = (HIDDEN,) * len(decks[other])
        return state._replace(hands=(hands[0], hands[1]), decks=(decks[0], decks[1]))

    def resample(self, state: State, player: str, rng: random.Random) -> State:
        """The other side's hand dealt afresh from its hand and deck together (the same view).

        The cards are shuffled from one order (sorted), so two positions ``player`` cannot tell apart give the
        same deal from the same random numbers: a player that searches over deals never learns the true hand.
        """
        other = 1 - SIDES.index(player)
        pool = sorted(state.hands[other] + state.decks[other])
        rng.shuffle(pool)
        size = len(state.hands[other])
        hands, decks = list(state.hands), list(state.decks)
        hands[other], decks[other] = tuple(sorted(pool[:size])), tuple(sorted(pool[size:]))
        return state._replace(hands=(hands[0], hands[1]), decks=(decks[0], decks[1]))

    # -- text --------------------------------------------------------------------------------------

    def action_text(self, action: Action) -> str:
        """An action in Drako's notation (see :mod:`.actions`)."""
        return self.notation.text(action)

    def parse_action(self, state: State, text: str) -> Action:
        """Read an action of the side deciding in ``state``; ValueError with a readable reason."""
        side = state.draws[0] if state.draws else self.core.decider(state)
        return self.notation.parse(side, text)

    def state_text(self, state: State) -> str:
        """A position in a few lines."""
        return state_text(self.core, state)

    def position(self, data: Mapping[str, Any]) -> State:
        """A position from a rule example's mapping (see :mod:`.positions`)."""
        return build_position(self.core, data)

    def action_kind(self, action: Action) -> str:
        """The first word of the action's notation."""
        return self.action_text(action).split(" ", 1)[0]

    # -- drawing ----------------------------------------------------------------------------------

    def piece_views(self, state: State) -> Mapping[str, tuple[PieceView, ...]]:
        """The figures by hex."""
        return drawing.piece_views(self.core, state)

    def action_marks(self, state: State, action: Action, outcome: Outcome[State] | None,
                     verdict: Verdict) -> list[DiagramMark]:
        """Paths, attack arrows, lines of fire and crossbow, the net, refusals."""
        return drawing.action_marks(self.core, state, action, outcome, verdict)

    def aside_views(self, state: State, action: Action, outcome: Outcome[State] | None) -> list[AsideView]:
        """The cards the action plays, draws, discards or shows, drawn beside the board (``outcome`` None: refused)."""
        return drawing.aside_views(self.core, state, action, refused=outcome is None)

    # -- soundness ---------------------------------------------------------------------------------

    def component_needs(self) -> Mapping[str, ComponentNeed]:
        """A figure for the dragon and for each dwarf of the mats, the wound markers of mats.yaml, and a marker for
        each dwarf ability that has one."""
        spec = self.spec
        needs = {SIDES[DRAGON_SIDE]: ComponentNeed(1, "the dragon's figure")}
        for n, dwarf in enumerate(spec.dwarves):
            needs[dwarf_figure(spec, n)] = ComponentNeed(1, f"{dwarf.name}'s figure (dwarves in mats.yaml)")
            if dwarf.ability in MARKED_ABILITIES:
                needs[dwarf.ability] = ComponentNeed(1, f"the marker of {dwarf.name}'s {dwarf.ability}", exact=False)
        needs[WOUND_MARKER] = ComponentNeed(spec.wound_markers, "wound_markers in mats.yaml")
        return needs

    def invariants(self, state: State) -> list[str]:
        """Cards neither lost nor doubled, figures on distinct hexes, wounds within the mats and markers."""
        core, spec = self.core, self.spec
        found: list[str] = []
        for side, name in enumerate(SIDES):
            held = Counter(state.hands[side] + state.decks[side])
            extra = held - Counter(spec.decks[name])
            if extra:
                found.append(f"the {OF_SIDE[name]} player holds cards the deck does not have: {dict(extra)}")
            limit = HAND_LIMIT + (DRAW_COUNT if core.phase(state) in ("chance", "discard") else 0)
            if len(state.hands[side]) > limit:
                found.append(f"the {OF_SIDE[name]} player holds {len(state.hands[side])} cards")
        cells = [state.dragon] + [c for c in state.dwarves if c >= 0]
        if len(set(cells)) < len(cells) or any(c >= len(core.tables.names) for c in cells):
            found.append(f"figures share a hex or stand off the board: {cells}")
        for area, (got, spaces) in enumerate(zip(state.dragon_wounds, core.dragon_spaces)):
            if not 0 <= got <= spaces:
                found.append(f"dragon mat area {area} holds {got} wounds for {spaces} spaces")
        if (sum(state.dragon_wounds[1:]) or state.to_place) and state.dragon_wounds[0] < spec.armour:
            found.append("wounds on the dragon's abilities before its armour is full")
        free = core.dragon_total - sum(state.dragon_wounds)
        if state.to_place and state.to_place >= free:
            found.append(f"{state.to_place} wounds wait to be placed on a mat with {free} spaces left: "
                         "the dragon should be dead")
        for dwarf, got, cell in zip(spec.dwarves, state.dwarf_wounds, state.dwarves):
            if not 0 <= got <= dwarf.spaces or (got == dwarf.spaces) != (cell == DEAD):
                found.append(f"{dwarf.name} has {got} of {dwarf.spaces} wounds and stands on {cell}")
        if sum(state.dragon_wounds) + sum(state.dwarf_wounds) > spec.wound_markers:
            found.append("more wounds on the mats than wound markers in the box")
        if not 0 <= state.actions_left <= 3 or (state.actions_left == 3 and not state.fury_used):
            found.append(f"{state.actions_left} actions left in a turn")
        for hit in state.hits:
            if hit.target != ON_DRAGON and state.dwarves[hit.target] < 0:
                found.append(f"an attack waits on {spec.dwarves[hit.target].name}, who is not on the board")
        return found

    def result_problems(self, before: State, outcome: Outcome[State], claims: Mapping[str, Any]) -> list[str]:
        """The shared ``winner`` claim and Drako's own claims (see :func:`.positions.result_schema`)."""
        found = super().result_problems(before, outcome, claims)
        state, core = outcome.state, self.core
        got: dict[str, Any] = {}
        if "reason" in claims:
            result = self.result(state)
            got["reason"] = result.reason if result else "none"
        for figure, where in dict(claims.get("at", {})).items():
            if figure_at(core, state, figure) != where:
                found.append(f"result says {figure} is on {where}, the rules say {figure_at(core, state, figure)}")
        for area, count in dict(claims.get("wounds", {})).items():
            if wounds_of(core, state, area) != count:
                found.append(f"result says {area} has {count} wounds, the rules say {wounds_of(core, state, area)}")
        for side, count in dict(claims.get("hand_sizes", {})).items():
            if len(state.hands[SIDES.index(side)]) != count:
                found.append(f"result says the {OF_SIDE[side]} player holds {count} cards, the rules say "
                             f"{len(state.hands[SIDES.index(side)])}")
        got["net"] = state.netted
        got["fury"] = "used" if state.fury_used else "ready"
        got["next"] = self.decision(state) or "none"
        got["actions"] = state.actions_left
        got["waiting_attacks"] = len(state.hits)
        got["wounds_to_place"] = state.to_place
        for key, value in got.items():
            if key in claims and claims[key] != value:
                found.append(f"result says {key} {claims[key]}, the rules say {value}")
        return found

    # -- self-play -----------------------------------------------------------------------------------

    def choose(self, rng: random.Random, state: State, actions: Sequence[Action]) -> Action:
        """The sensible player of :mod:`.policy`."""
        return policy.choose(self.core, rng, state, actions)

    def evaluate(self, state: State) -> Mapping[str, float]:
        """Each side's share of the win in a position still in play (see :mod:`.judgement`)."""
        share = self.judge.dragon_share(state)
        return {self.players[0]: share, self.players[1]: 1.0 - share}
