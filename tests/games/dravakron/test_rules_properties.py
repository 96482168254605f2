"""Properties that hold in every position: nothing lost or doubled, checker and generator agree, no crash.

Positions come from two sources: seeded random games, and arbitrary
descriptions drawn by hypothesis (pieces anywhere they may stand, merged,
frozen, carrying any item, flags lying around), which reach corners of the
rules random games rarely visit.
"""
from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from generator.games.dravakron.rules import ACTION_KINDS, Action, Piece, Rules, State
from generator.games.dravakron.rules.check import refusal
from generator.games.dravakron.rules.invariants import state_problems
from generator.games.dravakron.contract_rules import DravakronRules
from generator.play.selfplay import random_game
from generator.games.dravakron.rules.tables import STANDABLE

RULES = Rules.for_game("dravakron")
ENGINE = DravakronRules(RULES)
TB = RULES.tables
OPEN = [s for s in TB.squares if TB.kind[s] in STANDABLE or TB.kind[s] == "landing"]
FLAT = [s for s in TB.squares if TB.kind[s] in ("plain", "landing")]
ITEMS = sorted(TB.item_kind)
FREEZES = [i for i in ITEMS if TB.item_kind[i] == "freeze"]


@st.composite
def positions(draw: st.DrawFn) -> State:
    """A position: up to five pieces a side on open squares (or waiting on a starting point), items anywhere,
    nothing waiting to happen by itself."""
    squares = draw(st.lists(st.sampled_from(OPEN), min_size=1, max_size=8, unique=True))
    loose = draw(st.permutations(ITEMS))
    pieces: dict[str, Piece] = {}
    counts = dict.fromkeys(TB.players, 0)
    for square in squares:
        owner = draw(st.sampled_from(TB.players))
        shape = draw(st.sampled_from(("single", "merged", "frozen", "carrying")))
        if counts[owner] + (2 if shape == "merged" else 1) > TB.pieces_per_player:
            continue
        tokens = [t for t in FREEZES if t in loose]
        if shape == "frozen" and tokens:
            loose.remove(tokens[0])
            piece = Piece(owner, frozen=True, item=tokens[0])
        elif shape == "carrying":
            piece = Piece(owner, item=loose.pop())
        else:
            piece = Piece(owner, merged=shape == "merged")
        pieces[square] = piece
        counts[owner] += piece.count
    for player in TB.players:
        if counts[player] < TB.pieces_per_player and draw(st.booleans()):
            pieces[TB.start[player]] = Piece(player)
    lying = {}
    for flag in (i for i in loose if TB.item_kind[i] == "flag"):
        if draw(st.booleans()):
            spot = draw(st.sampled_from([s for s in FLAT if s not in pieces and s not in lying]))
            lying[spot] = flag
    state = RULES.position(pieces, lying=lying, to_move=draw(st.sampled_from(TB.players)))
    assume(state_problems(TB, state) == [])  # a position play can reach: nothing waits to happen by itself
    return state


def near_candidates(state: State) -> list[Action]:
    """Actions of every kind from each own piece to every square within five squares of it."""
    player = state.actor
    out = [Action("drop", player, None, TB.start[player])]
    for frm, piece in state.pieces.items():
        if piece.owner != player:
            continue
        out.append(Action("discard-weapon", player, frm))
        for to in (s for s in TB.squares if TB.distance(frm, s) <= 5):
            for kind in ACTION_KINDS:
                if kind not in ("drop", "skip-free-drop", "discard-weapon"):
                    out.append(Action(kind, player, frm, to))
                    out += [Action(kind, player, frm, to, land) for land in TB.gate_landings.get(to, ())]
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_every_legal_action_keeps_the_books_straight(state: State) -> None:
    for action in RULES.legal_actions(state):
        assert refusal(TB, state, action) is None, action
        after = RULES.apply(state, action, checked=False).state
        assert state_problems(TB, after) == [], action
        assert after.winner or after.actor != state.actor or after.setup


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_the_checker_allows_exactly_what_the_generator_lists(state: State) -> None:
    legal = set(RULES.legal_actions(state))
    for action in near_candidates(state):
        assert (refusal(TB, state, action) is None) == (action in legal), action


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_random_games_never_lose_a_piece_or_an_item(seed: int) -> None:
    for ply in random_game(ENGINE, seed, 120):
        assert state_problems(TB, ply.state) == [], (seed, ply.state.ply)
        assert ply.legal or ply.state.winner, (seed, ply.state.ply)


def test_a_position_with_something_waiting_to_happen_breaks_the_invariants() -> None:
    square = next(s for s, item in TB.acquisition_item.items() if TB.item_kind[item] != "flag")
    waiting = RULES.position({square: Piece(TB.players[0])})
    assert any("would already hold it" in p for p in state_problems(TB, waiting))
    frozen_at = next(s for s in FLAT if all(n in TB.kind and TB.kind[n] == "plain" for n in TB.neighbours[s]))
    beside = TB.neighbours[frozen_at][0]
    thawing = RULES.position({frozen_at: Piece(TB.players[0], frozen=True, item=FREEZES[0]),
                              beside: Piece(TB.players[0])})
    assert any("would already be thawed" in p for p in state_problems(TB, thawing))
    apart = RULES.position({frozen_at: Piece(TB.players[0], frozen=True, item=FREEZES[0]),
                            beside: Piece(TB.players[1])})
    assert state_problems(TB, apart) == []
